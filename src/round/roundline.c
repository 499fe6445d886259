/*
 * roundline.c — rounding straight from text and digits, without a rational: a plain
 * decimal (fastdec.h), stdin's lines in one pass, an operation's binary result. Each
 * places the value with fastdec.c and leaves the decision to round.c (rnd_decide()),
 * so it gives exactly what rnd_encode() gives for the same value.
 */
#include "roundline.h"

#include "fastshort.h"

/* A decimal past 19 digits that fastdec_place() declines, placed between its ends by
 * all its digits (fastdec_settle_between()) where f is a grid of the one pass. */
static bool settle_decimal(struct rnd_placement *p, const struct fmt *f, const struct decimal *d)
{
	struct fastdec_line ln;
	struct fastdec_spot s[2];
	fpcode lower[2];
	bool exact[2], tiny[2];
	int vs_mid[2];

	if (!d->sticky || !d->text || (d->neg && !f->has_sign) || !fastdec_line_open(&ln, f, d->e2) ||
	    !fastdec_place_ends(lower, exact, vs_mid, tiny, f, d))
		return false;
	for (int i = 0; i < 2; i++)
		s[i] = (struct fastdec_spot){ FASTDEC_BETWEEN, (uint64_t)lower[i], d->neg, exact[i], tiny[i], vs_mid[i], 0, d->q };
	if (!fastdec_settle_between(s, &ln, d->text, d->text + d->len))
		return false;
	*p = (struct rnd_placement){ s->lower, s->exact, s->tiny, s->vs_mid, 0 };
	return true;
}

bool rnd_encode_decimal(struct rnd_result *out, const struct fmt *f, const struct decimal *d, struct rnd_spec how)
{
	struct rnd_placement p = { 0 };

	out->code = 0;
	out->ternary = 0;
	out->flags = 0;
	out->placed = false;
	if (rnd_mode_is_stochastic(how.mode)) /* only the exact path draws */
		return false;
	if (d->kind == DECIMAL_NAN) { /* a format without NaN: encode()'s error, from the exact path */
		if (f->has_nan)
			rnd_decide_special(out, f, NUM_NAN, d->neg, how);
		return f->has_nan;
	}
	if (d->neg && f->max_rank_neg == FMT_NO_RANK && (d->kind == DECIMAL_INF || d->head != 0))
		return false; /* negative into E8M0: NaN and invalid, as encode() says */
	if (d->kind == DECIMAL_INF) {
		rnd_decide_special(out, f, NUM_INF, d->neg, how);
		return true;
	}
	if (d->head == 0) { /* −0 too, in any format: as encode() takes it */
		rnd_decide_special(out, f, NUM_FINITE, d->neg, how);
		return true;
	}
	if (!fastdec_place(&p.lower, &p.exact, &p.vs_mid, &p.tiny, f, d) && !settle_decimal(&p, f, d))
		return false;
	rnd_decide(out, f, d->neg, &p, how);
	return true;
}

/* The code of the end of d placed at (lower, exact, vs_mid, tiny). */
static fpcode end_code(const struct fmt *f, bool neg, fpcode lower, bool exact, int vs_mid, bool tiny, struct rnd_spec how)
{
	struct rnd_placement p = { lower, exact, tiny, vs_mid, 0 };
	struct rnd_result r = { 0 };

	rnd_decide(&r, f, neg, &p, how);
	return r.code;
}

bool rnd_decimal_code_by_ends(fpcode *code, const struct fmt *f, const struct decimal *d, struct rnd_spec how)
{
	fpcode lower[2];
	bool exact[2], tiny[2];
	int vs_mid[2];

	if (rnd_mode_is_stochastic(how.mode) || d->kind != DECIMAL_FINITE || (d->neg && f->max_rank_neg == FMT_NO_RANK) ||
	    !fastdec_place_ends(lower, exact, vs_mid, tiny, f, d))
		return false;
	*code = end_code(f, d->neg, lower[0], exact[0], vs_mid[0], tiny[0], how);
	return *code == end_code(f, d->neg, lower[1], exact[1], vs_mid[1], tiny[1], how);
}

bool rnd_encode_scaled_text(struct rnd_result *out, const struct fmt *f, const char *text, size_t len, long e2,
			    struct rnd_spec how)
{
	struct decimal d;

	if (!fastdec_scan(&d, text, len) || d.kind != DECIMAL_FINITE)
		return false;
	d.e2 += e2;
	return rnd_encode_decimal(out, f, &d, how);
}

/* The result for a line placed at s, as rnd_encode() gives it. */
static void decide_line(struct rnd_result *out, const struct rnd_line *rl, const struct fastdec_spot *s)
{
	struct rnd_placement p = { s->lower, s->exact, s->tiny, s->vs_mid, 0 };

	out->code = 0;
	out->ternary = 0;
	out->flags = 0;
	rnd_decide(out, rl->f, s->neg, &p, rl->rounding);
}

bool rnd_line_open(struct rnd_line *rl, const struct fmt *f, struct rnd_spec how, long e2)
{
	struct rnd_result r;

	*rl = (struct rnd_line){ .f = f, .rounding = how };
	if (rnd_mode_is_stochastic(how.mode) || !fastdec_line_open(&rl->grid, f, e2))
		return false;
	rl->own_digits_limit = how.mode == RND_NEAREST_EVEN && e2 == 0 ? fastshort_input_limit(f) : 0;
	for (int neg = 0; neg < 2; neg++) {
		struct fastdec_spot past = { FASTDEC_PLACED, rl->grid.max_rank + 1, neg, false, false, 1, 0, 0 },
				    below = { FASTDEC_PLACED, 0, neg, false, true, -1, 0, 0 };
		decide_line(&r, rl, &past);
		rl->past_max[neg] = r.code;
		decide_line(&r, rl, &below);
		rl->far_below[neg] = r.code;
		r = (struct rnd_result){ 0 };
		rnd_decide_special(&r, f, NUM_FINITE, neg, how);
		rl->zero[neg] = r.code;
	}
	return true;
}

/* Whether the line placed at s (at most max_rank) rounds to lower + 1. Under rne by
 * arithmetic, not branches: on a narrow grid it goes either way at random. */
static inline __attribute__((always_inline)) bool line_takes_upper(const struct rnd_line *rl,
								   const struct fastdec_spot *s)
{
	if (rl->rounding.mode == RND_NEAREST_EVEN) { /* lower ≤ max_rank: its code's own parity */
		bool odd = fmt_code_of_rank(rl->f, s->lower) & 1;
		return (!s->exact) & ((s->vs_mid > 0) | ((s->vs_mid == 0) & odd));
	}
	return !s->exact && rnd_takes_upper(rl->f, s->lower, s->vs_mid, rl->rounding.mode, s->neg);
}

/* rnd_line_code() of the line placed at s; true when the code is a finite nonzero
 * rank of f rounded in place (neither past max nor below the smallest rank). */
static inline __attribute__((always_inline)) bool line_code(fpcode *code, const struct rnd_line *rl,
							    const struct fastdec_spot *s)
{
	const struct fmt *f = rl->f;
	struct rnd_result out;
	fpcode rank;

	if (s->lower > f->max_rank) {
		*code = rl->past_max[s->neg];
		return false;
	}
	rank = s->lower + line_takes_upper(rl, s);
	if (rank != 0 && rank <= f->max_rank) { /* the commonest case, as decide() takes it */
		*code = fmt_with_sign(f, fmt_code_of_rank(f, rank), s->neg);
		return true;
	}
	if (s->lower == 0 && s->vs_mid < 0)
		*code = rl->far_below[s->neg];
	else {
		decide_line(&out, rl, s);
		*code = out.code;
	}
	return false;
}

/* The code of a line (text) that fastdec_place_line() placed at s, or set apart as
 * zero or between two ends: their code when they round alike (as
 * rnd_decimal_code_by_ends()), else the line placed exactly between them
 * (fastdec_settle_between(); false when it cannot be); *in_place as line_code() says it. */
static inline __attribute__((always_inline)) bool spot_code(fpcode *code, bool *in_place, const struct rnd_line *rl,
							    struct fastdec_spot s[2], const char *text, const char *end)
{
	fpcode upper;

	*in_place = false;
	if (s->kind == FASTDEC_PLACED)
		*in_place = line_code(code, rl, s);
	else if (s->kind == FASTDEC_ZERO)
		*code = rl->zero[s->neg];
	else {
		line_code(code, rl, &s[0]);
		line_code(&upper, rl, &s[1]);
		if (*code == upper)
			return true;
		if (!fastdec_settle_between(s, &rl->grid, text, end))
			return false;
		*in_place = line_code(code, rl, s);
	}
	return true;
}

const char *rnd_line_code(fpcode *code, const struct rnd_line *rl, const char *text)
{
	struct fastdec_spot s[2];
	const char *stop = fastdec_place_line(s, &rl->grid, text);
	bool in_place;

	return stop && spot_code(code, &in_place, rl, s, text, stop) ? stop : NULL;
}

const char *rnd_line_code_digits(fpcode *code, uint64_t *digits, long *pow10, const struct rnd_line *rl,
				 const char *text)
{
	struct fastdec_spot s[2];
	const char *stop = fastdec_place_line(s, &rl->grid, text);
	uint64_t d = 0;
	bool in_place;

	if (!stop || !spot_code(code, &in_place, rl, s, text, stop))
		return NULL;
	if (in_place && rl->own_digits_limit != 0 && !s->tiny && s->digits != 0) {
		d = s->digits;
		*pow10 = s->q;
		if (!fastshort_own_digits(&d, pow10, rl->own_digits_limit))
			d = 0;
	}
	*digits = d;
	return stop;
}

bool rnd_line_digits_code(fpcode *code, const struct rnd_line *rl, const struct fastdec_digits *d)
{
	struct fastdec_spot s;

	if (!fastdec_place_digits(&s, &rl->grid, d))
		return false;
	line_code(code, rl, &s);
	return true;
}

bool rnd_line_binary_code(fpcode *code, const struct rnd_line *rl, bool neg, uint64_t n, long e2)
{
	struct fastdec_spot s;

	if (!fastdec_place_binary_line(&s, &rl->grid, neg, n, e2))
		return false;
	line_code(code, rl, &s);
	return true;
}

/* Is code a normal value of f's grid (f has one, with subnormals)? */
static bool grid_normal(const struct fmt *f, fpcode code)
{
	bool neg;
	fpcode magnitude = fmt_magnitude(f, code, &neg);

	return magnitude <= f->max_rank && fmt_rank_of_code(f, magnitude) >> f->grid.frac_bits != 0;
}

bool rnd_decimal_own_digits(uint64_t *digits, long *pow10, const struct fmt *f, const struct decimal *d,
			    const struct rnd_result *r, enum rnd_mode mode)
{
	uint64_t limit;

	if (mode != RND_NEAREST_EVEN || d->kind != DECIMAL_FINITE || d->sticky || d->head == 0 || d->e2 != 0 ||
	    (r->flags & (RND_OVERFLOW | RND_SATURATED)) || !(limit = fastshort_input_limit(f)) || !grid_normal(f, r->code))
		return false;
	*digits = d->head;
	*pow10 = d->q;
	return fastshort_own_digits(digits, pow10, limit);
}

const char *rnd_line_result(struct rnd_result *out, const struct rnd_line *rl, const char *text)
{
	struct fastdec_spot s[2];
	const char *stop = fastdec_place_line(s, &rl->grid, text);

	if (!stop)
		return NULL;
	if (s->kind == FASTDEC_ZERO) { /* ±0 as encode() rounds it, its code the run's (rl->zero) */
		*out = (struct rnd_result){ 0 };
		rnd_decide_special(out, rl->f, NUM_FINITE, s->neg, rl->rounding);
		out->code = rl->zero[s->neg];
		return stop;
	}
	if (s->kind == FASTDEC_BETWEEN && !fastdec_settle_between(s, &rl->grid, text, stop)) /* ends say no flags */
		return NULL;
	decide_line(out, rl, s);
	return stop;
}

bool rnd_encode_binary(struct rnd_result *out, const struct fmt *f, bool neg, unsigned __int128 n, long e2,
		       struct rnd_spec how)
{
	struct rnd_placement p = { 0 };

	if (n == 0 || (neg && !f->has_sign) || rnd_mode_is_stochastic(how.mode) || !fastdec_place_binary(&p.lower, &p.exact, &p.vs_mid, &p.tiny, f, n, e2))
		return false;
	out->code = 0;
	out->ternary = 0;
	out->flags = 0;
	rnd_decide(out, f, neg, &p, how);
	return true;
}

