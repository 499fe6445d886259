/*
 * readout.c — computing what the explorer shows about one code.
 *
 * Neighbours are taken in value order, which is not code order: the step from a
 * positive value toward zero lowers its rank, from a negative one raises it, and zero's
 * neighbours are the smallest values of either sign. Errors are exact rationals; ratios
 * (ulps, relative) are exact when their decimal ends and rounded to 25 digits when not.
 */
#include "readout.h"
#include "policy.h"

#include <stdlib.h>
#include <string.h>

#include "decimal.h"

static void neighbour_init(struct neighbour *n)
{
	n->exists = false;
	n->code = 0;
	sb_init(&n->exact);
	sb_init(&n->gap);
}

static void neighbour_clear(struct neighbour *n)
{
	sb_free(&n->exact);
	sb_free(&n->gap);
}

static void init(struct readout *r, struct fmt *f, const char *input, enum rnd_mode mode, bool saturate)
{
	memset(r, 0, sizeof *r);
	r->f = f;
	r->input = input;
	r->mode = mode;
	r->saturate = saturate;
	num_init(&r->x);
	fmt_value_init(&r->value);
	neighbour_init(&r->below);
	neighbour_init(&r->above);
}

void readout_clear(struct readout *r)
{
	struct strbuf *texts[] = {
		&r->input_exact, &r->exact, &r->shortest, &r->digits, &r->hexfloat, &r->formula, &r->error,
		&r->ulps, &r->relative, &r->lower_exact, &r->upper_exact, &r->other_exact,
	};

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		sb_free(texts[i]);
	num_clear(&r->x);
	fmt_value_clear(&r->value);
	neighbour_clear(&r->below);
	neighbour_clear(&r->above);
}

/* ---- Values as text ------------------------------------------------------------------- */

static void code_exact(struct strbuf *out, struct fmt *f, fpcode code)
{
	struct fmt_value v;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN || v.cls == FP_INF)
		sb_puts(out, v.cls == FP_NAN ? "nan" : v.neg ? "-inf" : "inf");
	else
		dec_exact(out, v.neg, v.sig, v.exp);
	fmt_value_clear(&v);
}

/* An exact rational as a decimal, or as n/d when its decimal does not end. */
static void rational_text(struct strbuf *out, const mpq_t q)
{
	char *text;

	if (dec_rational(out, q, 0))
		return;
	sb_clear(out);
	text = mpq_get_str(NULL, 10, q);
	sb_puts(out, text);
	free(text);
}

static void input_text(struct strbuf *out, const struct num *x)
{
	mpq_t q;

	if (x->kind != NUM_FINITE) {
		sb_puts(out, x->kind == NUM_NAN ? "nan" : x->neg ? "-inf" : "inf");
		return;
	}
	if (x->bound)
		return;
	if (mpq_sgn(x->mag) == 0) {
		sb_puts(out, x->neg ? "-0" : "0");
		return;
	}
	mpq_init(q);
	mpq_set(q, x->mag);
	if (x->neg)
		mpq_neg(q, q);
	rational_text(out, q);
	mpq_clear(q);
}

/* ---- The formula its fields make ---------------------------------------------------------- */

static void power_of_two_text(struct strbuf *out, int bits)
{
	mpz_t p;
	char *text;

	mpz_init(p);
	mpz_setbit(p, (mp_bitcnt_t)bits);
	text = mpz_get_str(NULL, 10, p);
	sb_puts(out, text);
	free(text);
	mpz_clear(p);
}

/* " * (1 + m/2^M)", or "(0 + m/2^M)" for a subnormal; nothing when there are no bits. */
static void significand_text(struct strbuf *out, fpcode bits, int width, bool leading_one)
{
	char *text;
	mpz_t m;

	if (width == 0)
		return;
	mpz_init(m);
	code_to_mpz(m, bits);
	text = mpz_get_str(NULL, 10, m);
	sb_printf(out, " * (%d + %s/", leading_one ? 1 : 0, text);
	power_of_two_text(out, width);
	sb_putc(out, ')');
	free(text);
	mpz_clear(m);
}

static void regular_formula(struct strbuf *out, struct fmt *f, fpcode code)
{
	fpcode mag = code & ~f->sign_bit;
	long field = (long)(mag >> f->frac_bits);
	bool subnormal = field == 0 && f->specials != SPECIALS_E8M0;

	sb_printf(out, "2^(%ld - %d)", subnormal ? 1 : field, f->bias);
	significand_text(out, mag & code_mask(f->frac_bits), f->frac_bits, !subnormal);
}

static void tapered_formula(struct strbuf *out, struct fmt *f, fpcode code)
{
	const struct fmt_class *c = fmt_class_of(f, code);
	fpcode mant = code & code_mask(c->mant_bits);
	unsigned field = (unsigned)((code >> c->mant_bits) & code_mask(c->exp_bits));

	if (c->encoding == EXP_OFFSET)
		sb_printf(out, "2^(%u - %d)", field, c->exp_offset);
	else
		sb_printf(out, "2^%ld", fmt_class_exponent(c, field));
	significand_text(out, mant, c->mant_bits, true);
}

static void formula_text(struct strbuf *out, struct fmt *f, fpcode code, const struct fmt_value *v)
{
	if (v->cls == FP_NAN || v->cls == FP_INF)
		return;
	if (v->neg)
		sb_putc(out, '-');
	if (f->tapered && v->cls == FP_ZERO)
		sb_putc(out, '0');
	else if (f->tapered)
		tapered_formula(out, f, code);
	else
		regular_formula(out, f, code);
}

/* ---- Neighbours in value order ------------------------------------------------------------ */

static fpcode signed_code(struct fmt *f, fpcode rank, bool neg)
{
	if (rank == 0 && f->has_zero)
		return fmt_zero_code(f, neg);
	return fmt_code_of_rank(f, rank) | (neg ? f->sign_bit : 0);
}

/* One step from a finite or infinite code toward +inf (up) or −inf; false at the end. */
static bool step(fpcode *out, struct fmt *f, fpcode code, const struct fmt_value *v, bool up)
{
	fpcode rank;
	bool away; /* from zero */

	if (v->cls == FP_NAN || (v->cls == FP_INF && up != v->neg))
		return false;
	if (v->cls == FP_INF) {
		*out = signed_code(f, f->max_rank, v->neg);
		return true;
	}
	rank = fmt_rank_of_code(f, code & ~f->sign_bit);
	if (v->cls == FP_ZERO) {
		*out = signed_code(f, 1, !up);
		return up || f->has_sign;
	}
	away = up != v->neg;
	if (away && rank == f->max_rank) {
		*out = f->inf_code | (v->neg ? f->sign_bit : 0);
		return f->has_inf;
	}
	if (!away && rank == 0)
		return false; /* E8M0's smallest value: nothing below */
	*out = signed_code(f, away ? rank + 1 : rank - 1, v->neg);
	return true;
}

static void find_neighbour(struct neighbour *n, struct readout *r, bool up)
{
	struct fmt_value v;
	mpq_t a, b;

	n->exists = step(&n->code, r->f, r->code, &r->value, up);
	if (!n->exists)
		return;
	code_exact(&n->exact, r->f, n->code);
	fmt_value_init(&v);
	fmt_decode(&v, r->f, n->code);
	if (v.cls == FP_INF || r->value.cls == FP_INF)
		sb_puts(&n->gap, "inf");
	else {
		mpq_inits(a, b, NULL);
		fmt_code_rational(a, r->f, n->code);
		fmt_code_rational(b, r->f, r->code);
		mpq_sub(a, a, b);
		mpq_abs(a, a);
		rational_text(&n->gap, a);
		mpq_clears(a, b, NULL);
	}
	fmt_value_clear(&v);
}

/* ---- The code itself ------------------------------------------------------------------------ */

static void describe_code(struct readout *r)
{
	struct fmt *f = r->f;
	struct fmt_value *v = &r->value;

	fmt_decode(v, f, r->code);
	code_exact(&r->exact, f, r->code);
	if (v->cls == FP_NAN || v->cls == FP_INF) {
		sb_puts(&r->shortest, r->exact.s);
		sb_puts(&r->digits, r->exact.s);
		sb_puts(&r->hexfloat, r->exact.s);
	} else {
		dec_shortest(&r->shortest, f, r->code);
		dec_digits(&r->digits, v->neg, v->sig, v->exp, dec_max_digits10(f->precision));
		dec_hexfloat(&r->hexfloat, v->neg, v->sig, v->exp);
	}
	formula_text(&r->formula, f, r->code, v);
	find_neighbour(&r->below, r, false);
	find_neighbour(&r->above, r, true);
}

void readout_of_code(struct readout *r, struct fmt *f, const char *input, fpcode code, enum rnd_mode mode,
		     bool saturate)
{
	init(r, f, input, mode, saturate);
	r->code = code;
	describe_code(r);
}

/* ---- The rounding of a typed value ------------------------------------------------------- */

/* The two candidates around |x| and the gap between them (the virtual value past max
 * counts; below E8M0's smallest value, the gap reaches down to 0). */
static void find_candidates(struct readout *r, mpq_t gap)
{
	struct fmt *f = r->f;
	fpcode lower;
	bool exact;
	mpq_t lo;

	mpq_init(lo);
	lower = ~(fpcode)0;
	if (mpq_sgn(r->x.mag) != 0)
		fmt_place(&lower, &exact, f, r->x.mag);
	if (lower > f->max_rank + 1) { /* below the smallest, no zero (E8M0) */
		fmt_rank_rational(gap, f, 0);
		r->upper = signed_code(f, 0, false);
		r->lower = r->upper;
	} else {
		if (lower > f->max_rank)
			lower = f->max_rank;
		fmt_rank_rational(lo, f, lower);
		fmt_rank_rational(gap, f, lower + 1);
		mpq_sub(gap, gap, lo);
		r->lower = signed_code(f, lower, r->x.neg);
		r->upper_is_virtual = lower + 1 > f->max_rank;
		r->upper = r->upper_is_virtual ? 0 : signed_code(f, lower + 1, r->x.neg);
		mpq_add(lo, lo, gap);
		if (r->x.neg)
			mpq_neg(lo, lo);
		rational_text(&r->upper_exact, lo);
	}
	code_exact(&r->lower_exact, f, r->lower);
	mpq_clear(lo);
}

/* error = stored − typed, exactly; in ulps of the gap rounded across; relative to typed. */
static void find_error(struct readout *r)
{
	mpq_t stored, typed, err, gap, ratio;

	mpq_inits(stored, typed, err, gap, ratio, NULL);
	fmt_code_rational(stored, r->f, r->code);
	mpq_set(typed, r->x.mag);
	if (r->x.neg)
		mpq_neg(typed, typed);
	mpq_sub(err, stored, typed);
	rational_text(&r->error, err);
	find_candidates(r, gap);
	mpq_div(ratio, err, gap);
	r->ulps_exact = dec_rational(&r->ulps, ratio, READOUT_RATIO_DIGITS);
	if (mpq_sgn(typed) != 0) {
		mpq_div(ratio, err, typed);
		r->relative_exact = dec_rational(&r->relative, ratio, READOUT_RATIO_DIGITS);
	}
	mpq_clears(stored, typed, err, gap, ratio, NULL);
}

void readout_set_policy(struct readout *r, const struct policy *p)
{
	struct rnd_result plain;

	r->policy = p == policy_default() ? NULL : p->name;
	r->policy_decided = p->quirk && r->typed &&
			    (rnd_encode(&plain, r->f, &r->x, r->mode, r->saturate) != RND_OK || plain.code != r->code);
	r->policy_note = r->typed ? policy_note(p, r->f, &r->x, r->saturate) : NULL;
}

void readout_set_route(struct readout *r, const char *via, bool once, fpcode code)
{
	r->route_differs = code != r->code;
	r->route_is_once = once;
	r->route_via = via;
	r->route_code = code;
}

void readout_of_value(struct readout *r, struct fmt *f, const char *input, const struct num *x,
		      enum rnd_mode mode, bool saturate, const struct rnd_result *rounded)
{
	struct rnd_result other;

	init(r, f, input, mode, saturate);
	r->typed = true;
	r->x.kind = x->kind;
	r->x.neg = x->neg;
	r->x.bound = x->bound;
	mpq_set(r->x.mag, x->mag);
	r->rounding = *rounded;
	r->code = rounded->code;
	input_text(&r->input_exact, x);
	describe_code(r);
	if (rnd_encode(&other, f, x, mode, !saturate) == RND_OK && other.code != r->code) {
		r->other_differs = true;
		r->other_code = other.code;
		code_exact(&r->other_exact, f, other.code);
	}
	r->has_error = x->kind == NUM_FINITE && !x->bound && (rounded->flags & RND_INEXACT) &&
		       r->value.cls != FP_NAN && r->value.cls != FP_INF;
	if (r->has_error)
		find_error(r);
	else if (x->kind == NUM_FINITE && !x->bound && mpq_sgn(x->mag) != 0 && (rounded->flags & RND_INEXACT)) {
		mpq_t gap;
		mpq_init(gap);
		find_candidates(r, gap);
		mpq_clear(gap);
	}
}

/* ---- Explaining the exponent ------------------------------------------------------------- */

static void explain_regular_exponent(struct strbuf *out, struct fmt *f, fpcode code, const struct fmt_value *v)
{
	long field = (long)((code & ~f->sign_bit) >> f->frac_bits);

	static const char *const nan_rule[] = {
		[SPECIALS_IEEE] = "all ones with a fraction not 0: NaN",
		[SPECIALS_FN] = "all ones, and the fraction all ones: the NaN code (other fractions are numbers)",
		[SPECIALS_FNUZ] = "the sign bit alone: the NaN code (there is no -0)",
		[SPECIALS_FINITE] = "",
		[SPECIALS_E8M0] = "all ones: NaN",
	};

	if (v->cls == FP_NAN || v->cls == FP_INF) {
		sb_puts(out, v->cls == FP_INF ? "all ones with fraction 0: infinity" : nan_rule[f->specials]);
		return;
	}
	if (field == 0 && f->specials != SPECIALS_E8M0) {
		sb_printf(out, "0: subnormal, 2^(1 - %d) = 2^%ld, no leading 1", f->bias, f->emin);
		return;
	}
	sb_printf(out, "%ld: 2^(%ld - %d) = 2^%ld", field, field, f->bias, field - f->bias);
}

static void explain_tapered_exponent(struct strbuf *out, struct fmt *f, fpcode code, const struct fmt_value *v)
{
	const struct fmt_class *c = fmt_class_of(f, code);
	unsigned field = (unsigned)((code >> c->mant_bits) & code_mask(c->exp_bits));
	long e = fmt_class_exponent(c, field);

	if (v->cls == FP_NAN || v->cls == FP_INF || v->cls == FP_ZERO) {
		sb_printf(out, "special code: %s", v->cls == FP_NAN ? "NaN" : v->cls == FP_INF ? "infinity" : "zero");
		return;
	}
	sb_printf(out, "dot says %d exponent bit%s", c->exp_bits, c->exp_bits == 1 ? "" : "s");
	if (c->encoding == EXP_OFFSET)
		sb_printf(out, "; %u - %d = %ld (offset)", field, c->exp_offset, e);
	else if (c->exp_bits == 0)
		sb_puts(out, ": E = 0");
	else
		sb_printf(out, "; sign %s, magnitude 1 (implicit) then %d stored bit%s: |E| = %ld, E = %ld",
			  field >> (c->exp_bits - 1) ? "-" : "+", c->exp_bits - 1, c->exp_bits == 2 ? "" : "s",
			  e < 0 ? -e : e, e);
	if (c->cls == FP_SUBNORMAL)
		sb_puts(out, " (denormal class)");
}

void readout_explain_exponent(struct strbuf *out, const struct readout *r)
{
	if (r->f->tapered)
		explain_tapered_exponent(out, r->f, r->code, &r->value);
	else
		explain_regular_exponent(out, r->f, r->code, &r->value);
}

/* ---- Limits --------------------------------------------------------------------------------- */

static long log2_of_rank(struct fmt *f, fpcode rank)
{
	mpz_t sig;
	long exp;

	mpz_init(sig);
	fmt_rank_value(sig, &exp, f, rank);
	exp += (long)mpz_sizeinbase(sig, 2) - 1;
	mpz_clear(sig);
	return exp;
}

/* The first rank whose code is normal (regular: exponent field 1, E8M0: 0). */
static fpcode min_normal_rank(struct fmt *f)
{
	struct fmt_value v;
	fpcode rank = 0;

	if (!f->tapered)
		return f->specials == SPECIALS_E8M0 ? 0 : (fpcode)1 << f->frac_bits;
	fmt_value_init(&v);
	for (;; rank++) {
		fmt_decode(&v, f, fmt_code_of_rank(f, rank));
		if (v.cls == FP_NORMAL)
			break;
	}
	fmt_value_clear(&v);
	return rank;
}

static void limit_value(struct strbuf *out, fpcode *code, long *log2, struct fmt *f, fpcode rank)
{
	*code = fmt_code_of_rank(f, rank);
	*log2 = log2_of_rank(f, rank);
	code_exact(out, f, *code);
}

/* p·log10 2 to three decimals, with log10 2 = 0.301029995663981195… as an integer. */
static void precision_in_decimal(struct strbuf *out, int p)
{
	mpz_t t;

	mpz_init_set_str(t, "301029995663981195", 10);
	mpz_mul_ui(t, t, (unsigned long)p);
	mpz_add_ui(t, t, 500000000000000UL); /* round to thousandths */
	mpz_tdiv_q_ui(t, t, 1000000000000000UL);
	sb_printf(out, "%lu.%03lu", mpz_get_ui(t) / 1000, mpz_get_ui(t) % 1000);
	mpz_clear(t);
}

/*
 * Where overflow starts for positive values under the mode: at the midpoint between max
 * and the virtual value under the nearest modes (included when the virtual value's code
 * is even, or always under rna), just past max under rup, and at the virtual value
 * itself under rtz and rdn, where the result is still max but the overflow is flagged.
 */
static void overflow_threshold(struct limits *l, struct fmt *f, enum rnd_mode mode)
{
	mpq_t t, virt;

	mpq_inits(t, virt, NULL);
	fmt_rank_rational(t, f, f->max_rank);
	fmt_rank_rational(virt, f, f->max_rank + 1);
	switch (mode) {
	case RND_NEAREST_EVEN:
	case RND_NEAREST_AWAY:
		mpq_add(t, t, virt);
		mpq_div_2exp(t, t, 1);
		l->threshold_inclusive = mode == RND_NEAREST_AWAY || fmt_rank_parity(f, f->max_rank + 1) == 0;
		break;
	case RND_UP:
		l->threshold_inclusive = false;
		break;
	default:
		mpq_set(t, virt);
		l->threshold_inclusive = true;
		l->never_overflows = true;
		break;
	}
	rational_text(&l->overflow_threshold, t);
	mpq_clears(t, virt, NULL);
}

void limits_of(struct limits *l, struct fmt *f, enum rnd_mode mode)
{
	fpcode rank = min_normal_rank(f);

	memset(l, 0, sizeof *l);
	limit_value(&l->max, &l->max_code, &l->max_log2, f, f->max_rank);
	limit_value(&l->min_normal, &l->min_normal_code, &l->min_normal_log2, f, rank);
	if (rank > 1 || (rank == 1 && !f->has_zero))
		limit_value(&l->min_subnormal, &l->min_subnormal_code, &l->min_subnormal_log2, f,
			    f->has_zero ? 1 : 0);
	l->precision = f->precision;
	l->digits10 = f->precision > 1 ? dec_floor_log10_pow2(f->precision - 1) : 0;
	l->max_digits10 = dec_max_digits10(f->precision);
	precision_in_decimal(&l->precision_decimal, f->precision);
	l->emin = f->emin;
	l->emax = f->emax;
	overflow_threshold(l, f, mode);
}

void limits_clear(struct limits *l)
{
	sb_free(&l->max);
	sb_free(&l->min_normal);
	sb_free(&l->min_subnormal);
	sb_free(&l->precision_decimal);
	sb_free(&l->overflow_threshold);
}

/* The exponents a class covers: |E| for sign-magnitude ones, which cover both signs. */
static bool class_exponent_range(long *lo, long *hi, struct fmt *f, const struct fmt_class *c)
{
	int width = f->has_sign ? f->bits - 1 : f->bits;
	bool symmetric = c->encoding == EXP_SIGN_MAGNITUDE, any = false;
	struct fmt_value v;

	fmt_value_init(&v);
	for (fpcode mag = 0; mag <= code_mask(width); mag++) {
		long e;
		if (fmt_class_of(f, mag) != c)
			continue;
		fmt_decode(&v, f, mag);
		if (v.cls != FP_NORMAL && v.cls != FP_SUBNORMAL)
			continue;
		e = v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1;
		e = symmetric && e < 0 ? -e : e;
		*lo = any && *lo < e ? *lo : e;
		*hi = any && *hi > e ? *hi : e;
		any = true;
	}
	fmt_value_clear(&v);
	return any;
}

void limits_precision_by_class(struct strbuf *out, struct fmt *f)
{
	for (int i = 0; i < f->nclasses; i++) {
		const struct fmt_class *c = &f->classes[i];
		long lo, hi;
		if (!class_exponent_range(&lo, &hi, f, c))
			continue;
		sb_printf(out, "%s%s %ld", out->len ? "\n" : "", c->encoding == EXP_SIGN_MAGNITUDE ? "|E|" : "E", lo);
		if (hi != lo)
			sb_printf(out, "..%ld", hi);
		sb_printf(out, ": %d bit%s", c->mant_bits + 1, c->mant_bits ? "s" : "");
	}
}
