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

static const char *const mode_names[] = {
#define RND_MODE_NAME(id, name, tie) [RND_##id] = name,
	RND_MODE_LIST(RND_MODE_NAME)
#undef RND_MODE_NAME
};

static const char *const tie_rules[] = {
#define RND_MODE_TIE(id, name, tie) [RND_##id] = tie,
	RND_MODE_LIST(RND_MODE_TIE)
#undef RND_MODE_TIE
};

static const char *const flag_names[RND_FLAG_COUNT] = {
	"inexact", "tie", "overflow", "underflow", "saturated", "invalid", "divbyzero",
};

bool rnd_mode_from_name(enum rnd_mode *out, const char *name)
{
	for (size_t i = 0; i < sizeof mode_names / sizeof mode_names[0]; i++)
		if (strcmp(mode_names[i], name) == 0) {
			*out = (enum rnd_mode)i;
			return true;
		}
	return false;
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

/*
 * Past the largest finite value: inf, else NaN, else max (fpx(1) ROUNDING). The mode
 * rounded away from zero past max, and the ternary says so: a NaN made here stands
 * where a format with infinities puts ±inf, and keeps ±inf's ternary (+1 above a
 * positive value, −1 below a negative one).
 */
static void overflow(struct rnd_result *out, const struct fmt *f, bool neg, bool saturate)
{
	out->flags |= RND_OVERFLOW | RND_INEXACT;
	out->ternary = neg ? -1 : 1;
	if (saturate || (!f->has_inf && !f->has_nan)) {
		out->code = with_sign(f, fmt_code_of_rank(f, fmt_max_rank(f, neg)), neg);
		out->ternary = -out->ternary;
		out->flags |= RND_SATURATED;
	} else if (f->has_inf)
		out->code = with_sign(f, f->inf_code, neg);
	else
		out->code = f->nan_signed ? with_sign(f, f->nan_code, neg) : f->nan_code;
}

static void nan_result(struct rnd_result *out, const struct fmt *f, bool neg)
{
	out->code = f->nan_signed ? with_sign(f, f->nan_code, neg) : f->nan_code;
	out->ternary = 0;
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

/*
 * An infinite input: inf where the format has it; else what overflow gives (NaN, or
 * ±max in formats with neither). It is not an overflow and not inexact: only a clamp
 * (saturated) or a NaN (invalid) is flagged.
 */
static void infinity(struct rnd_result *out, const struct fmt *f, bool neg, bool saturate)
{
	if (f->has_inf && !saturate) {
		out->code = with_sign(f, f->inf_code, neg);
		return;
	}
	overflow(out, f, neg, saturate);
	out->flags &= ~(unsigned)(RND_OVERFLOW | RND_INEXACT);
	if (!(out->flags & RND_SATURATED)) { /* ±inf is not rounded: the NaN is no side of it */
		out->flags |= RND_INVALID;
		out->ternary = 0;
	}
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
 * The rank a mode picks for an inexact |x| placed above `lower`. At or past the
 * virtual value, rounding toward zero still gives max, and that is an overflow too
 * (IEEE 754 §7.4: the result with unbounded exponent exceeds max).
 */
static fpcode choose_rank(struct rnd_result *out, const struct fmt *f, fpcode lower, int vs_mid, enum rnd_mode mode,
			  bool neg)
{
	fpcode max = fmt_max_rank(f, neg);

	if (lower <= max)
		return lower + rnd_takes_upper(f, lower, vs_mid, mode, neg);
	if (rnd_takes_upper(f, lower, 1, mode, neg))
		return lower;
	out->flags |= RND_OVERFLOW;
	return max;
}

/* A placement past the last rank of the value's sign is at or past that sign's virtual
 * value: where the negatives of a two's-complement integer reach one further than the
 * positives, a positive value placed there is past max. */
void rnd_decide(struct rnd_result *out, const struct fmt *f, bool neg, const struct rnd_placement *placed,
		enum rnd_mode mode, bool saturate)
{
	fpcode rank, max = fmt_max_rank(f, neg);
	struct rnd_placement past;
	const struct rnd_placement *p = placed;

	if (p->lower > max && p->lower != FMT_NO_RANK) {
		past = (struct rnd_placement){ max + 1, false, p->tiny, 1 };
		p = &past;
	}
	out->placed = true;
	out->lower = p->lower;
	if (p->lower == FMT_NO_RANK) { /* no zero below (E8M0) */
		below_smallest(out, f);
		return;
	}
	if (p->exact) {
		out->code = with_sign(f, code_of(f, p->lower), neg);
		return;
	}
	out->flags |= RND_INEXACT | (p->vs_mid == 0 && p->lower <= max ? RND_TIE : 0);
	if (p->tiny)
		out->flags |= RND_UNDERFLOW;
	rank = choose_rank(out, f, p->lower, p->vs_mid, mode, neg);
	if (rank > max) {
		overflow(out, f, neg, saturate || f->saturates_always);
		return;
	}
	if (rank == 0 && f->keeps_nonzero)
		rank = 1;
	out->ternary = (rank > p->lower) != neg ? 1 : -1;
	out->code = rank == 0 && f->has_zero ? fmt_zero_code(f, neg) : with_sign(f, code_of(f, rank), neg);
}

/* Zero: its code, or in a format without one (E8M0) the smallest value. */
static void round_zero(struct rnd_result *out, const struct fmt *f, bool neg, enum rnd_mode mode, bool saturate)
{
	struct rnd_placement nothing_below = { FMT_NO_RANK, false, false, 0 };

	if (f->has_zero)
		out->code = fmt_zero_code(f, neg);
	else
		rnd_decide(out, f, neg, &nothing_below, mode, saturate);
}

void rnd_decide_special(struct rnd_result *out, const struct fmt *f, enum num_kind kind, bool neg, enum rnd_mode mode,
			bool saturate)
{
	if (kind == NUM_NAN)
		nan_result(out, f, neg);
	else if (kind == NUM_INF)
		infinity(out, f, neg, saturate);
	else
		round_zero(out, f, neg, mode, saturate);
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
static void wrap_around(struct rnd_result *out, const struct fmt *f, const struct num *x, enum rnd_mode mode)
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
	out->flags = (out->flags & RND_UNDERFLOW) | RND_OVERFLOW | (mpz_sgn(rest) ? RND_INEXACT : 0) |
		     (vs_mid == 0 ? RND_TIE : 0);
	out->ternary = 0;
	if (mpz_sgn(rest) && rnd_mode_takes_upper(mode, vs_mid, x->neg, mpz_is_odd, &rank)) {
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
				       enum rnd_mode mode, bool saturate, placer *place)
{
	struct rnd_placement p = { FMT_NO_RANK, false, false, 0 };

	if (mpq_sgn(x->mag) == 0) {
		round_zero(out, f, x->neg, mode, saturate);
		return RND_OK;
	}
	p.vs_mid = place(&p.lower, &p.exact, f, x->mag);
	p.tiny = is_tiny(f, x->mag);
	rnd_decide(out, f, x->neg, &p, mode, saturate);
	if (f->wraps && (out->flags & RND_OVERFLOW)) {
		if (x->bound != NUM_EXACT)
			return RND_BEYOND_LIMITS;
		wrap_around(out, f, x, mode);
	}
	return RND_OK;
}

static enum rnd_status encode(struct rnd_result *out, const struct fmt *f, const struct num *x, enum rnd_mode mode,
			      bool saturate, placer *place)
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
	if (x->neg && f->max_rank_neg == FMT_NO_RANK && !(x->kind == NUM_FINITE && mpq_sgn(x->mag) == 0)) {
		if (!f->has_nan)
			return RND_NO_NAN;
		nan_result(out, f, false);
		out->flags |= RND_INVALID;
		return RND_OK;
	}
	if (x->kind == NUM_INF) {
		infinity(out, f, x->neg, saturate);
		return RND_OK;
	}
	return round_magnitude(out, f, x, mode, saturate, place);
}

enum rnd_status rnd_encode(struct rnd_result *out, const struct fmt *f, const struct num *x, enum rnd_mode mode,
			   bool saturate)
{
	return encode(out, f, x, mode, saturate, fmt_place);
}

void rnd_tininess_after_rounding(struct rnd_result *r, const struct fmt *f, const struct num *x, enum rnd_mode mode)
{
	bool directed = mode == RND_UP || mode == RND_DOWN;
	bool away = (mode == RND_UP && !x->neg) || (mode == RND_DOWN && x->neg); /* |x| rounds up */
	struct fmt_value min_normal;
	mpq_t bound, step;

	if (!(r->flags & RND_UNDERFLOW) || x->kind != NUM_FINITE || mode == RND_TOWARD_ZERO || (directed && !away))
		return;
	/* The p-bit value next below the smallest normal is min·(1 − 2^−p): past it, a
	 * directed rounding away from zero reaches min; rne and rna reach it from the
	 * midpoint min·(1 − 2^−(p+1)) on (min's significand is the even one). */
	fmt_value_init(&min_normal);
	fmt_decode(&min_normal, f, fmt_code_of_rank(f, f->min_normal_rank));
	mpq_inits(bound, step, NULL);
	fmt_rank_rational(bound, f, f->min_normal_rank);
	mpq_div_2exp(step, bound, (mp_bitcnt_t)min_normal.precision + !directed);
	mpq_sub(bound, bound, step);
	if (directed ? mpq_cmp(x->mag, bound) > 0 : mpq_cmp(x->mag, bound) >= 0)
		r->flags &= ~(unsigned)RND_UNDERFLOW;
	mpq_clears(bound, step, NULL);
	fmt_value_clear(&min_normal);
}

bool rnd_tininess_may_differ(const struct rnd_result *r, const struct fmt *f)
{
	fpcode min = fmt_code_of_rank(f, f->min_normal_rank);

	return (r->flags & RND_UNDERFLOW) && (r->code == min || (f->has_sign && r->code == fmt_with_sign(f, min, true)));
}

enum rnd_status rnd_encode_by_table(struct rnd_result *out, const struct fmt *f, const struct num *x,
				    enum rnd_mode mode, bool saturate)
{
	return encode(out, f, x, mode, saturate, fmt_place_by_table);
}
