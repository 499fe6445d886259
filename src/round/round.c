/*
 * round.c — choosing the code for an exact value.
 *
 * The format places |x| between two ranks (format.c); what is left is the same for
 * every format: pick one of the two by the mode, apply the sign, and handle what falls
 * past the largest finite value or below the smallest. The tie rule is the code's
 * parity: a tie goes to the candidate whose code ends in 0, zero counting as even and
 * the virtual value taking the parity opposite to the largest code's.
 */
#include "round.h"
#include "table.h"

#include <string.h>
#include <strings.h>

static const char *const mode_names[] = {
#define RND_MODE_NAME(id, name, p3109, tie) [RND_##id] = name,
	RND_MODE_LIST(RND_MODE_NAME)
#undef RND_MODE_NAME
};

static const char *const mode_p3109_names[] = {
#define RND_MODE_P3109(id, name, p3109, tie) [RND_##id] = p3109,
	RND_MODE_LIST(RND_MODE_P3109)
#undef RND_MODE_P3109
};

static const char *const tie_rules[] = {
#define RND_MODE_TIE(id, name, p3109, tie) [RND_##id] = tie,
	RND_MODE_LIST(RND_MODE_TIE)
#undef RND_MODE_TIE
};

static const char *const sat_names[] = {
#define RND_SAT_NAME(id, name, p3109) [RND_SAT_##id] = name,
	RND_SAT_LIST(RND_SAT_NAME)
#undef RND_SAT_NAME
};

static const char *const sat_p3109_names[] = {
#define RND_SAT_P3109(id, name, p3109) [RND_SAT_##id] = p3109,
	RND_SAT_LIST(RND_SAT_P3109)
#undef RND_SAT_P3109
};

static const char *const flag_names[RND_FLAG_COUNT] = {
	"inexact", "tie", "overflow", "underflow", "saturated", "invalid", "divbyzero",
};

/* The row of name in either column, case aside for the second; -1 if none. */
static int named_row(const char *const *names, const char *const *p3109_names, size_t rows, const char *name)
{
	for (size_t i = 0; i < rows; i++)
		if (strcmp(names[i], name) == 0 || strcasecmp(p3109_names[i], name) == 0)
			return (int)i;
	return -1;
}

/* Berkeley TestFloat's names for the modes (-rnear_even ...; testfloat_gen.c's
 * parser), taken as aliases in any case; listed nowhere else. */
static const struct { const char *name; enum rnd_mode mode; } mode_testfloat_names[] = {
	{ "near_even", RND_NEAREST_EVEN }, { "minMag", RND_TOWARD_ZERO }, { "min", RND_DOWN },
	{ "max", RND_UP }, { "near_maxMag", RND_NEAREST_AWAY }, { "odd", RND_TO_ODD },
};

bool rnd_mode_from_name(enum rnd_mode *out, const char *name)
{
	int row = named_row(mode_names, mode_p3109_names, RND_MODE_COUNT, name);

	for (size_t i = 0; row < 0 && i < sizeof mode_testfloat_names / sizeof mode_testfloat_names[0]; i++)
		if (strcasecmp(mode_testfloat_names[i].name, name) == 0) {
			*out = mode_testfloat_names[i].mode;
			return true;
		}
	if (row >= 0)
		*out = (enum rnd_mode)row;
	return row >= 0;
}

bool rnd_sat_from_name(enum rnd_sat *out, const char *name)
{
	int row = named_row(sat_names, sat_p3109_names, sizeof sat_names / sizeof sat_names[0], name);

	if (row >= 0)
		*out = (enum rnd_sat)row;
	return row >= 0;
}

const char *rnd_sat_name(enum rnd_sat s)
{
	return sat_names[s];
}

const char *rnd_mode_name(enum rnd_mode m)
{
	return mode_names[m];
}

const char *rnd_mode_tie_rule(enum rnd_mode m)
{
	return tie_rules[m];
}

const char *rnd_flag_name(unsigned bit)
{
	unsigned i = bit ? (unsigned)__builtin_ctz(bit) : RND_FLAG_COUNT;

	return i < RND_FLAG_COUNT && bit == 1u << i ? flag_names[i] : "?";
}

typedef int placer(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q);

struct candidate {
	const struct fmt *f;
	fpcode rank;
};

static bool rank_is_odd(const void *arg)
{
	const struct candidate *c = arg;

	return fmt_rank_parity(c->f, c->rank) != 0;
}

bool rnd_takes_upper(const struct fmt *f, fpcode lower, int vs_mid, enum rnd_mode mode, bool neg)
{
	struct candidate c = { f, lower };

	return rnd_mode_takes_upper(mode, vs_mid, neg, rank_is_odd, &c);
}

static inline fpcode code_of(const struct fmt *f, fpcode rank)
{
	return fmt_code_of_rank(f, rank);
}

static inline fpcode with_sign(const struct fmt *f, fpcode mag, bool neg)
{
	return fmt_with_sign(f, mag, neg);
}

static bool rounds_toward_zero(enum rnd_mode mode, bool neg)
{
	return mode == RND_TOWARD_ZERO || mode == (neg ? RND_UP : RND_DOWN);
}

/* Does round to odd give max past the range? As SoftFloat rounds to odd (toward zero,
 * then the last bit set: TestFloat's -rodd), but in P3109's signed formats, whose
 * §4.7.5 gives inf there, as it does for every mode but the directed ones. */
static bool rounds_odd_to_max(const struct fmt *f)
{
	return !f->p3109 || !f->has_sign;
}

/*
 * What a signed value past the largest finite one becomes (infinite: ±inf itself), by
 * IEEE P3109 §4.7.5's rules for every format (negatives into unsigned formats are
 * negative_into_unsigned()'s). A finite value that the mode rounds toward zero stays
 * max (IEEE 754 §7.4), and so does round to odd (rounds_odd_to_max());
 * finite (SatFinite) clamps the rest; propagate (SatPropagate) keeps an infinity where
 * the format has one and clamps the rest; none (SatNone) gives inf where the format has
 * one. A format without inf gives max under none in P3109 (its finite formats), where
 * it has no NaN either, and where it saturates always (posits, finite values); NaN in
 * the rest (OCP's E4M3, whose non-saturating mode gives NaN).
 */
enum rnd_past rnd_past_range(const struct fmt *f, struct rnd_spec how, bool neg, bool infinite)
{
	if (!infinite && (rounds_toward_zero(how.mode, neg) || (how.mode == RND_TO_ODD && rounds_odd_to_max(f))))
		return RND_PAST_ROUNDED;
	if (how.sat == RND_SAT_FINITE || (!infinite && f->saturates_always))
		return RND_PAST_CLAMPED;
	if (f->has_inf && (infinite || how.sat == RND_SAT_NONE))
		return RND_PAST_INF;
	if (how.sat == RND_SAT_PROPAGATE || f->p3109 || !f->has_nan)
		return RND_PAST_CLAMPED;
	return RND_PAST_NAN;
}

static void nan_result(struct rnd_result *out, const struct fmt *f, bool neg)
{
	out->code = f->nan_signed ? with_sign(f, f->nan_code, neg) : f->nan_code;
	out->ternary = 0;
}

/*
 * A finite value past max, rounded there by the mode (overflow, IEEE 754 §7.4), or an
 * infinity (not rounded, neither overflow nor inexact: only a clamp, saturated, or a
 * NaN, invalid, is flagged). A NaN made from a finite value stands where a format with
 * infinities puts ±inf, and keeps ±inf's ternary (+1 above a positive value, −1 below a
 * negative one).
 */
static void beyond_max(struct rnd_result *out, const struct fmt *f, bool neg, struct rnd_spec how, bool infinite)
{
	enum rnd_past past = rnd_past_range(f, how, neg, infinite);
	int away = neg ? -1 : 1;

	out->flags |= infinite ? 0 : RND_OVERFLOW | RND_INEXACT;
	out->ternary = infinite ? 0 : away;
	switch (past) {
	case RND_PAST_INF:
		out->code = with_sign(f, f->inf_code, neg);
		break;
	case RND_PAST_NAN:
		nan_result(out, f, neg);
		out->ternary = infinite ? 0 : away;
		out->flags |= infinite ? RND_INVALID : 0;
		break;
	case RND_PAST_CLAMPED:
	case RND_PAST_ROUNDED:
		out->code = with_sign(f, fmt_code_of_rank(f, fmt_max_rank(f, neg)), neg);
		out->ternary = -away;
		out->flags |= past == RND_PAST_CLAMPED ? RND_SATURATED : 0;
		break;
	}
}

/*
 * A negative value into an unsigned P3109 format (§4.7.5): rounded as a magnitude, it
 * is 0 when it rounded to zero; else below MinFinite, 0: finite and propagate clamp to
 * it, so does none when the mode rounds toward zero (rtz, rup), and none gives NaN in
 * the other modes. −inf: 0, or NaN under none. Other unsigned formats take no negative
 * value (encode()).
 */
static void negative_into_unsigned(struct rnd_result *out, const struct fmt *f, struct rnd_spec how, bool to_zero,
				   bool infinite)
{
	out->code = 0;
	out->ternary = 1;
	if (to_zero)
		return;
	if (how.sat != RND_SAT_NONE || (!infinite && rounds_toward_zero(how.mode, true))) {
		out->flags |= how.sat == RND_SAT_NONE ? 0 : RND_SATURATED;
		return;
	}
	nan_result(out, f, false);
	out->flags = RND_INVALID;
}

/* A NaN converted (IEEE 754 §6.2.3): quiet, its payload kept where f's NaNs hold it,
 * invalid when it signals. */
static void nan_converted(struct rnd_result *out, const struct fmt *f, const struct num *x)
{
	out->code = fmt_nan_carrying(f, x->neg, x->payload);
	out->ternary = 0;
	if (x->signaling)
		out->flags |= RND_INVALID;
}

/* An infinite input: inf where the format has it and the saturation keeps it. */
static void infinity(struct rnd_result *out, const struct fmt *f, bool neg, struct rnd_spec how)
{
	if (neg && !f->has_sign && f->p3109)
		negative_into_unsigned(out, f, how, false, true);
	else
		beyond_max(out, f, neg, how, true);
}

/* Below rank 0 in a format without zero (E8M0): the smallest value, whatever the mode. */
static void below_smallest(struct rnd_result *out, const struct fmt *f)
{
	out->code = fmt_code_of_rank(f, 0);
	out->ternary = 1;
	out->flags |= RND_INEXACT | RND_UNDERFLOW;
}

static bool is_tiny(const struct fmt *f, const mpq_t q)
{
	mpq_t min_normal;
	bool tiny;

	mpq_init(min_normal);
	mpq_set_ui(min_normal, 1, 1);
	if (f->emin >= 0)
		mpq_mul_2exp(min_normal, min_normal, (mp_bitcnt_t)f->emin);
	else
		mpq_div_2exp(min_normal, min_normal, (mp_bitcnt_t)-f->emin);
	tiny = mpq_cmp(q, min_normal) < 0;
	mpq_clear(min_normal);
	return tiny;
}

/*
 * A placement past the last rank of the value's sign is at or past that sign's virtual
 * value, and whatever the mode it rounds past max (P3109 §4.7.3: rounding to precision
 * has no upper bound): where the negatives of a two's-complement integer reach one
 * further than the positives, a positive value placed there is past max.
 */
void rnd_decide(struct rnd_result *out, const struct fmt *f, bool neg, const struct rnd_placement *p,
		struct rnd_spec how)
{
	fpcode rank, max = fmt_max_rank(f, neg);
	bool past = p->lower > max && p->lower != FMT_NO_RANK;

	out->placed = true;
	out->lower = past ? max + 1 : p->lower;
	if (p->lower == FMT_NO_RANK) { /* no zero below (E8M0) */
		below_smallest(out, f);
		return;
	}
	if (p->exact && !past && neg && !f->has_sign && f->p3109) { /* a negative value of its own */
		out->flags |= RND_INEXACT;
		negative_into_unsigned(out, f, how, false, false);
		return;
	}
	if (p->exact && !past) {
		out->code = with_sign(f, code_of(f, p->lower), neg);
		return;
	}
	out->flags |= RND_INEXACT | (p->vs_mid == 0 && !past ? RND_TIE : 0) | (p->tiny ? RND_UNDERFLOW : 0);
	rank = past ? max + 1 : p->lower + rnd_takes_upper(f, p->lower, p->drawn ? p->drawn : p->vs_mid, how.mode, neg);
	if (neg && !f->has_sign && f->p3109) {
		negative_into_unsigned(out, f, how, rank == 0, false);
		return;
	}
	if (rank > max) {
		beyond_max(out, f, neg, how, false);
		return;
	}
	if (rank == 0 && f->keeps_nonzero)
		rank = 1;
	out->ternary = (rank > p->lower) != neg ? 1 : -1;
	out->code = rank == 0 && f->has_zero ? fmt_zero_code(f, neg) : with_sign(f, code_of(f, rank), neg);
}

/* Zero: its code, or in a format without one (E8M0) the smallest value. */
static void round_zero(struct rnd_result *out, const struct fmt *f, bool neg, struct rnd_spec how)
{
	struct rnd_placement nothing_below = { FMT_NO_RANK, false, false, 0, 0 };

	if (f->has_zero)
		out->code = fmt_zero_code(f, neg);
	else
		rnd_decide(out, f, neg, &nothing_below, how);
}

void rnd_decide_special(struct rnd_result *out, const struct fmt *f, enum num_kind kind, bool neg, struct rnd_spec how)
{
	if (kind == NUM_NAN)
		nan_result(out, f, neg);
	else if (kind == NUM_INF)
		infinity(out, f, neg, how);
	else
		round_zero(out, f, neg, how);
}

/* ---- Stochastic rounding (P3109 §4.7.4) ---------------------------------------------- */

void rnd_stochastic_count(mpz_t count, enum rnd_mode mode, unsigned bits, const mpz_t num, const mpz_t den)
{
	mpz_t rest;

	mpz_init(rest);
	mpz_mul_2exp(count, num, bits);
	if (mode == RND_STOCHASTIC_B) { /* floor(nu·2^N + 1/2) = floor((2·num·2^N + den) / 2den) */
		mpz_mul_2exp(count, count, 1);
		mpz_add(count, count, den);
		mpz_mul_2exp(rest, den, 1);
		mpz_fdiv_q(count, count, rest);
	} else {
		mpz_fdiv_qr(count, rest, count, den);
		if (mode == RND_STOCHASTIC_C) { /* half to even */
			int vs_half;

			mpz_mul_2exp(rest, rest, 1);
			vs_half = mpz_cmp(rest, den);
			if (vs_half > 0 || (vs_half == 0 && mpz_odd_p(count)))
				mpz_add_ui(count, count, 1);
		}
	}
	mpz_clear(rest);
}

bool rnd_stochastic_away(struct rnd_spec how, const mpz_t num, const mpz_t den)
{
	mpz_t count, draws;
	bool away;

	mpz_inits(count, draws, NULL);
	rnd_stochastic_count(count, how.mode, how.sr_bits, num, den);
	mpz_set_ui(draws, 1);
	mpz_mul_2exp(draws, draws, how.sr_bits);
	mpz_sub(draws, draws, count); /* the threshold T: away when R >= T */
	away = mpz_cmp_ui(draws, 0) <= 0 || mpz_cmp_ui(draws, how.sr_random) <= 0;
	mpz_clears(count, draws, NULL);
	return away;
}

/* The side of the midpoint that makes rne take what the draw takes: +1 away, −1 not. */
static int stochastic_side(struct rnd_spec how, const mpz_t num, const mpz_t den)
{
	return rnd_stochastic_away(how, num, den) ? 1 : -1;
}

/* The draw's side for |x| = q placed just above rank lower (inexact, below the virtual
 * value): nu is where q lies from lower's value to the next rank's. */
static int stochastic_draw(const struct fmt *f, fpcode lower, const mpq_t q, struct rnd_spec how)
{
	mpq_t below, gap;
	int side;

	mpq_inits(below, gap, NULL);
	fmt_rank_rational(below, f, lower);
	fmt_rank_rational(gap, f, lower + 1);
	mpq_sub(gap, gap, below);
	mpq_sub(below, q, below);
	mpq_div(below, below, gap);
	side = stochastic_side(how, mpq_numref(below), mpq_denref(below));
	mpq_clears(below, gap, NULL);
	return side;
}

static bool mpz_is_odd(const void *arg)
{
	return mpz_odd_p(*(const mpz_t *)arg);
}

/*
 * Past the range of a format that wraps (fmt_wrapping()): |x| rounded by the mode to a
 * rank with no limit, since ranks there are evenly spaced (rank r stands for r times
 * rank 1's value), and the code is the signed rank modulo 2^bits, its two's complement.
 * Overflow stays flagged; nothing saturates.
 */
static void wrap_around(struct rnd_result *out, const struct fmt *f, const struct num *x, struct rnd_spec how)
{
	mpq_t units;
	mpz_t rank, rest;
	int vs_mid;

	mpq_init(units);
	mpz_inits(rank, rest, NULL);
	fmt_rank_rational(units, f, 1);
	mpq_div(units, x->mag, units);
	mpz_fdiv_qr(rank, rest, mpq_numref(units), mpq_denref(units));
	mpz_mul_2exp(rest, rest, 1);
	vs_mid = mpz_sgn(rest) == 0 ? -1 : mpz_cmp(rest, mpq_denref(units));
	vs_mid = vs_mid > 0 ? 1 : vs_mid < 0 ? -1 : 0;
	if (rnd_mode_is_stochastic(how.mode) && mpz_sgn(rest)) { /* nu = rest / den, rest doubled above */
		mpz_t twice;

		mpz_init(twice);
		mpz_mul_2exp(twice, mpq_denref(units), 1);
		vs_mid = stochastic_side(how, rest, twice);
		mpz_clear(twice);
	}
	out->flags = (out->flags & RND_UNDERFLOW) | RND_OVERFLOW | (mpz_sgn(rest) ? RND_INEXACT : 0) |
		     (vs_mid == 0 ? RND_TIE : 0);
	out->ternary = 0;
	if (mpz_sgn(rest) && rnd_mode_takes_upper(how.mode, vs_mid, x->neg, mpz_is_odd, &rank)) {
		mpz_add_ui(rank, rank, 1);
		out->ternary = x->neg ? -1 : 1;
	} else if (mpz_sgn(rest))
		out->ternary = x->neg ? 1 : -1;
	if (x->neg)
		mpz_neg(rank, rank);
	mpz_fdiv_r_2exp(rank, rank, (mp_bitcnt_t)f->bits);
	code_from_mpz(&out->code, rank);
	mpz_clears(rank, rest, NULL);
	mpq_clear(units);
}

static enum rnd_status round_magnitude(struct rnd_result *out, const struct fmt *f, const struct num *x,
				       struct rnd_spec how, placer *place)
{
	struct rnd_placement p = { FMT_NO_RANK, false, false, 0, 0 };

	if (mpq_sgn(x->mag) == 0) {
		round_zero(out, f, x->neg, how);
		return RND_OK;
	}
	p.vs_mid = place(&p.lower, &p.exact, f, x->mag);
	p.tiny = is_tiny(f, x->mag);
	if (rnd_mode_is_stochastic(how.mode) && !p.exact && p.lower <= fmt_largest_rank(f))
		p.drawn = stochastic_draw(f, p.lower, x->mag, how);
	rnd_decide(out, f, x->neg, &p, how);
	if (f->wraps && (out->flags & RND_OVERFLOW)) {
		if (x->bound != NUM_EXACT)
			return RND_BEYOND_LIMITS;
		wrap_around(out, f, x, how);
	}
	return RND_OK;
}

static enum rnd_status encode(struct rnd_result *out, const struct fmt *f, const struct num *x, struct rnd_spec how,
			      placer *place)
{
	out->code = 0;
	out->ternary = 0;
	out->flags = 0;
	out->placed = false;
	if (x->kind == NUM_NAN) {
		if (!f->has_nan)
			return RND_NO_NAN;
		nan_converted(out, f, x);
		return RND_OK;
	}
	if (x->neg && f->max_rank_neg == FMT_NO_RANK && !f->p3109 && !(x->kind == NUM_FINITE && mpq_sgn(x->mag) == 0)) {
		if (!f->has_nan)
			return RND_NO_NAN;
		nan_result(out, f, false);
		out->flags |= RND_INVALID;
		return RND_OK;
	}
	if (x->kind == NUM_INF) {
		infinity(out, f, x->neg, how);
		return RND_OK;
	}
	return round_magnitude(out, f, x, how, place);
}

enum rnd_status rnd_encode(struct rnd_result *out, const struct fmt *f, const struct num *x, struct rnd_spec how)
{
	return encode(out, f, x, how, fmt_place);
}

/* Does x, tiny and inexact, round to the smallest normal value min with an unbounded
 * exponent? The p-bit value next below min is below = min·(1 − 2^−p): past it, a
 * rounding away from zero reaches min (a stochastic one as its draw says); rne and rna
 * reach it from the midpoint min·(1 − 2^−(p+1)) on (min's significand is the even one);
 * rtz and rto (below is odd) never do. */
static bool reaches_min_normal(const struct fmt *f, const struct num *x, struct rnd_spec how)
{
	bool away = (how.mode == RND_UP && !x->neg) || (how.mode == RND_DOWN && x->neg); /* |x| rounds up */
	bool nearest = how.mode == RND_NEAREST_EVEN || how.mode == RND_NEAREST_AWAY;
	struct fmt_value min_normal;
	mpq_t bound, step;
	bool reaches;

	if (!away && !nearest && !rnd_mode_is_stochastic(how.mode))
		return false;
	fmt_value_init(&min_normal);
	fmt_decode(&min_normal, f, fmt_code_of_rank(f, f->min_normal_rank));
	mpq_inits(bound, step, NULL);
	fmt_rank_rational(bound, f, f->min_normal_rank);
	mpq_div_2exp(step, bound, (mp_bitcnt_t)min_normal.precision + nearest);
	mpq_sub(bound, bound, step);
	reaches = nearest ? mpq_cmp(x->mag, bound) >= 0 : mpq_cmp(x->mag, bound) > 0;
	if (reaches && rnd_mode_is_stochastic(how.mode)) { /* nu = (|x| − below) / step */
		mpq_sub(bound, x->mag, bound);
		mpq_div(bound, bound, step);
		reaches = stochastic_side(how, mpq_numref(bound), mpq_denref(bound)) > 0;
	}
	mpq_clears(bound, step, NULL);
	fmt_value_clear(&min_normal);
	return reaches;
}

void rnd_tininess_after_rounding(struct rnd_result *r, const struct fmt *f, const struct num *x, struct rnd_spec how)
{
	if ((r->flags & RND_UNDERFLOW) && x->kind == NUM_FINITE && reaches_min_normal(f, x, how))
		r->flags &= ~(unsigned)RND_UNDERFLOW;
}

bool rnd_tininess_may_differ(const struct rnd_result *r, const struct fmt *f)
{
	fpcode min = fmt_code_of_rank(f, f->min_normal_rank);

	return (r->flags & RND_UNDERFLOW) && (r->code == min || (f->has_sign && r->code == fmt_with_sign(f, min, true)));
}

enum rnd_status rnd_encode_by_table(struct rnd_result *out, const struct fmt *f, const struct num *x,
				    struct rnd_spec how)
{
	return encode(out, f, x, how, fmt_place_by_table);
}
