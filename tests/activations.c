/*
 * activations.c — the activations fpx defines by formula (gelu, gelu_tanh, sigmoid, silu,
 * softplus) on every code of bfloat16 and of binary16, in every mode, against enclosures
 * made by MPFI and MPFR alone from other forms of the same functions, forms with no
 * cancellation at large |x|:
 *
 *   gelu(x)      = x − x·erfc(x/√2)/2          (x ≥ 0)    x·erfc(−x/√2)/2        (x < 0)
 *   gelu_tanh(x) = x − x/(1 + e^(2u))          (x ≥ 0)    x/(1 + e^(−2u))        (x < 0)
 *                  with u = √(2/π)·(x + 0.044715·x³)
 *   sigmoid(x)   = 1 − 1/(1 + e^x)             (x ≥ 0)    e^x/(1 + e^x)          (x < 0)
 *   silu(x)      = x·sigmoid(x)
 *   softplus(x)  = x + log1p(e^(−x))           (x ≥ 0)    log1p(e^x)             (x < 0)
 *
 * Each is "a − c" with a exact and c > 0 (or c alone): the reference keeps c's enclosure
 * and forms the ends a − c exactly. Where c is below 2^-(p+10) of a, every value in
 * (a − c, a) rounds as a − a·2^-(p+10) does, and that one number stands for both ends.
 * fpx's code and flags must be those both ends round to. This is where fpx's enclosures
 * once failed: gelu(100) is 100 − 2^-7000-odd, sigmoid(3000) is 1 − 2^-4300-odd.
 * Usage: tests/activations [STEP] (every STEP-th code; 1 by default)
 */
#include <mpfi.h>
#include <stdlib.h>

#include "format.h"
#include "real.h"
#include "registry.h"
#include "testlib.h"

#define WIDE 320 /* bits of the reference enclosures */

enum activation { GELU, GELU_TANH, SIGMOID, SILU, SOFTPLUS, ACTIVATIONS };

static const char *const names[] = { "gelu", "gelu_tanh", "sigmoid", "silu", "softplus" };

/* A reference: the value is a − c for c in [c->left, c->right], c > 0; or c alone
 * (with_a false). */
struct reference {
	bool with_a;
	mpfr_t a;
	mpfi_t c;
};

/* e^t/(1 + e^t) = 1/(1 + e^−t), enclosed without cancellation (t of either sign). */
static void logistic(mpfi_ptr out, mpfi_srcptr t)
{
	mpfi_t e;

	mpfi_init2(e, WIDE);
	mpfi_neg(e, t);
	mpfi_exp(e, e);
	mpfi_add_ui(e, e, 1);
	mpfi_ui_div(out, 1, e);
	mpfi_clear(e);
}

/* erfc over an interval: decreasing, by MPFR's directed roundings. */
static void interval_erfc(mpfi_ptr out, mpfi_srcptr t)
{
	mpfr_t lo, hi;

	mpfr_inits2(WIDE, lo, hi, (mpfr_ptr)0);
	mpfr_erfc(lo, &t->right, MPFR_RNDD);
	mpfr_erfc(hi, &t->left, MPFR_RNDU);
	mpfi_interv_fr(out, lo, hi);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
}

/* u = √(2/π)·(x + 0.044715·x³) */
static void gelu_tanh_u(mpfi_ptr u, mpfr_srcptr x)
{
	mpfi_t k, x3;
	mpq_t q;

	mpfi_init2(k, WIDE);
	mpfi_init2(x3, WIDE);
	mpq_init(q);
	mpq_set_ui(q, 44715, 1000000);
	mpfi_set_fr(x3, x);
	mpfi_mul_fr(x3, x3, x);
	mpfi_mul_fr(x3, x3, x);
	mpfi_mul_q(x3, x3, q);
	mpfi_add_fr(x3, x3, x);
	mpfi_const_pi(k);
	mpfi_ui_div(k, 2, k);
	mpfi_sqrt(k, k);
	mpfi_mul(u, k, x3);
	mpq_clear(q);
	mpfi_clear(k);
	mpfi_clear(x3);
}

/* The reference form of fn at x (an exact binary value). */
static void reference_form(struct reference *ref, enum activation fn, mpfr_srcptr x)
{
	bool positive = mpfr_sgn(x) >= 0;
	mpfi_t t;

	mpfi_init2(t, WIDE);
	mpfr_set(ref->a, x, MPFR_RNDN); /* exact: the reference precision holds x */
	ref->with_a = positive && fn != SIGMOID;
	switch (fn) {
	case GELU: /* c = |x|·erfc(|x|/√2)/2 (the sign of x for x < 0) */
		mpfi_set_ui(t, 2);
		mpfi_sqrt(t, t);
		mpfi_fr_div(t, x, t);
		mpfi_abs(t, t);
		interval_erfc(ref->c, t);
		mpfi_mul_fr(ref->c, ref->c, x);
		mpfi_div_ui(ref->c, ref->c, 2);
		mpfi_abs(ref->c, ref->c);
		if (!positive)
			mpfi_neg(ref->c, ref->c);
		break;
	case GELU_TANH: /* c = x/(1 + e^(2u)) for x ≥ 0, x/(1 + e^(−2u)) below */
		gelu_tanh_u(t, x);
		mpfi_mul_ui(t, t, 2);
		if (positive)
			mpfi_neg(t, t);
		logistic(ref->c, t);
		mpfi_mul_fr(ref->c, ref->c, x);
		break;
	case SIGMOID: /* 1 − 1/(1 + e^x), with a = 1; e^x/(1 + e^x) below */
		ref->with_a = positive;
		mpfr_set_ui(ref->a, 1, MPFR_RNDN);
		mpfi_set_fr(t, x);
		if (positive)
			mpfi_neg(t, t);
		logistic(ref->c, t);
		break;
	case SILU: /* x·(1 − 1/(1 + e^x)) = x − x/(1 + e^x); x·e^x/(1 + e^x) below */
		mpfi_set_fr(t, x);
		if (positive)
			mpfi_neg(t, t);
		logistic(ref->c, t);
		mpfi_mul_fr(ref->c, ref->c, x);
		break;
	case SOFTPLUS: /* x + log1p(e^−x): a − c with c = −log1p(e^−x) < 0; log1p(e^x) below */
		mpfi_set_fr(t, x);
		if (positive)
			mpfi_neg(t, t);
		mpfi_exp(t, t);
		mpfi_log1p(ref->c, t);
		if (positive)
			mpfi_neg(ref->c, ref->c);
		break;
	default: break;
	}
	mpfi_clear(t);
}

static void num_of_mpfr(struct num *v, mpfr_srcptr y)
{
	v->kind = NUM_FINITE;
	v->neg = mpfr_signbit(y);
	v->bound = NUM_EXACT;
	mpq_set_ui(v->mag, 0, 1);
	if (mpfr_regular_p(y) && labs(mpfr_get_exp(y)) > NUM_LIMIT_EXP) {
		bool neg = v->neg;
		num_set_bound(v, mpfr_get_exp(y) > 0 ? NUM_HUGE : NUM_TINY); /* past every format */
		v->neg = neg;
	} else if (!mpfr_zero_p(y)) {
		mpfr_get_q(v->mag, y);
		mpq_abs(v->mag, v->mag);
	}
}

/* The value a − c as an exact number, with its sign. */
static void difference(struct num *v, mpfr_srcptr a, mpfr_srcptr c)
{
	mpq_t qa, qc;

	mpq_inits(qa, qc, NULL);
	mpfr_get_q(qa, a);
	mpfr_get_q(qc, c);
	mpq_sub(qa, qa, qc);
	v->kind = NUM_FINITE;
	v->bound = NUM_EXACT;
	v->neg = mpq_sgn(qa) < 0;
	mpq_abs(v->mag, qa);
	mpq_clears(qa, qc, NULL);
}

/*
 * The two exact numbers every value of the reference lies between (lo ≤ value ≤ hi, or
 * one number for an interval in which nothing but its own rounding lies). False where
 * the reference itself is no enclosure a test can use (c not of one sign).
 */
static bool reference_ends(struct num *lo, struct num *hi, const struct reference *ref, int p)
{
	mpfr_t small;
	bool ok = true;

	if (!ref->with_a) { /* c's sign is its form's: an end MPFR flushed to 0 is tiny */
		bool neg = mpfr_signbit(&ref->c->left) && mpfr_signbit(&ref->c->right);
		num_of_mpfr(lo, &ref->c->left);
		num_of_mpfr(hi, &ref->c->right);
		for (struct num *end = lo; end; end = end == lo ? hi : NULL)
			if (mpq_sgn(end->mag) == 0 && !end->bound && !mpfr_zero_p(ref->a)) {
				num_set_bound(end, NUM_TINY);
				end->neg = neg;
			}
		return !mpfr_nan_p(&ref->c->left) && !mpfr_nan_p(&ref->c->right);
	}
	mpfr_init2(small, WIDE);
	mpfr_mul_2si(small, ref->a, -(p + 10), MPFR_RNDN);
	mpfr_abs(small, small, MPFR_RNDN);
	/* c is of one sign by its form (an erfc, exponential or log1p of a positive number):
	 * an end MPFR flushed to 0 below its range does not change that */
	if (mpfr_sgn(&ref->c->left) >= 0 && mpfr_lessequal_p(&ref->c->right, small)) {
		mpfr_mul_2si(small, ref->a, -(p + 10), MPFR_RNDN);
		difference(lo, ref->a, small); /* in (a − c, a): no boundary of p + 1 bits */
		difference(hi, ref->a, small);
	} else if (mpfr_sgn(&ref->c->right) <= 0 && mpfr_cmpabs(&ref->c->left, small) <= 0) {
		mpfr_mul_2si(small, ref->a, -(p + 10), MPFR_RNDN);
		mpfr_neg(small, small, MPFR_RNDN);
		difference(lo, ref->a, small); /* in (a, a + |c|) */
		difference(hi, ref->a, small);
	} else if (mpfr_regular_p(&ref->c->left) && mpfr_regular_p(&ref->c->right) &&
		   labs(mpfr_get_exp(&ref->c->left)) < NUM_LIMIT_EXP && labs(mpfr_get_exp(&ref->c->right)) < NUM_LIMIT_EXP) {
		difference(lo, ref->a, &ref->c->right);
		difference(hi, ref->a, &ref->c->left);
	} else
		ok = false;
	mpfr_clear(small);
	return ok;
}

static long straddled, checked; /* straddled: exact values (gelu(0)) and references too wide */

/* fn at one code of f, every mode: fpx's code and flags are those of both reference ends. */
static void check_code(const struct fmt *f, enum activation fn, const struct real *formula, fpcode code)
{
	struct reference ref;
	struct num x, lo, hi;
	mpfr_t mx;
	struct real *r;
	mpq_t q;
	enum fp_class class;

	num_init(&x);
	num_init(&lo);
	num_init(&hi);
	mpq_init(q);
	class = fmt_code_rational(q, f, code);
	if (class == FP_NAN || class == FP_INF)
		goto done;
	x.kind = NUM_FINITE;
	x.neg = mpq_sgn(q) < 0 || (class == FP_ZERO && (code & f->sign_bit));
	mpq_abs(x.mag, q);
	r = real_bind(formula, &x);
	mpfr_inits2(WIDE, ref.a, mx, (mpfr_ptr)0);
	mpfi_init2(ref.c, WIDE);
	mpfr_set_q(mx, q, MPFR_RNDN); /* exact */
	reference_form(&ref, fn, mx);
	if (!reference_ends(&lo, &hi, &ref, f->precision)) {
		straddled++;
	} else
		for (int m = 0; m < 5; m++) {
			struct rnd_result got, ra, rb;
			struct real_format_target t;
			enum real_status s = real_round(&got, r, real_target_format(&t, f, rnd_spec((enum rnd_mode)m, RND_SAT_NONE)), 3072);
			unsigned mask = ~(unsigned)RND_TIE;
			if (rnd_encode(&ra, f, &lo, rnd_spec((enum rnd_mode)m, RND_SAT_NONE)) != RND_OK ||
			    rnd_encode(&rb, f, &hi, rnd_spec((enum rnd_mode)m, RND_SAT_NONE)) != RND_OK || ra.code != rb.code ||
			    (ra.flags & mask) != (rb.flags & mask) || ra.ternary != rb.ternary || ra.ternary == 0) {
				straddled++;
				continue;
			}
			checked++;
			check(s == REAL_DECIDED && got.code == ra.code && (got.flags & mask) == (ra.flags & mask),
			      "%s %s(0x%llx) %s: reference 0x%llx flags %#x, fpx 0x%llx flags %#x (status %d)", f->name,
			      names[fn], (unsigned long long)code, rnd_mode_name((enum rnd_mode)m),
			      (unsigned long long)ra.code, ra.flags & mask, (unsigned long long)got.code, got.flags & mask,
			      s);
		}
	mpfr_clears(ref.a, mx, (mpfr_ptr)0);
	mpfi_clear(ref.c);
	real_free(r);
done:
	mpq_clear(q);
	num_clear(&x);
	num_clear(&lo);
	num_clear(&hi);
}

static void check_format(const char *name, long step)
{
	const struct fmt *f = fmt_lookup(name);

	if (!check(f != NULL, "format %s", name))
		return;
	for (int fn = 0; fn < ACTIVATIONS; fn++) {
		char text[32];
		struct real *formula = NULL;
		struct parse_error err;
		snprintf(text, sizeof text, "%s(x)", names[fn]);
		if (!check(parse_function_of(&formula, &err, text, strlen(text)) == PARSE_OK, "parse %s", text))
			continue;
		for (fpcode code = 0; code <= code_mask(f->bits); code += (fpcode)step)
			check_code(f, (enum activation)fn, formula, code);
		real_free(formula);
	}
}

int main(int argc, char **argv)
{
	long step = argc > 1 ? atol(argv[1]) : 1;
	mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();

	if (step < 1)
		step = 1;
	mpfr_set_emin(mpfr_get_emin_min()); /* the references' tiny values: e^-3000 and less */
	mpfr_set_emax(mpfr_get_emax_max());
	check_format("bfloat16", step);
	check_format("binary16", step);
	mpfr_set_emin(emin);
	mpfr_set_emax(emax);
	printf("  %ld checks against both reference ends; %ld exact or straddling a boundary at %d bits\n", checked,
	       straddled, WIDE);
	return test_summary("activations");
}
