/*
 * real.c — reals rounded once through enclosures (src/real.c) against MPFR computing
 * the same function correctly rounded at the format's precision, with the format's
 * exponent range and subnormals (mpfr_set_emin/emax, mpfr_check_range,
 * mpfr_subnormalize): every function MPFI and MPFR share, on random codes of binary32
 * and binary16, in the four modes MPFR rounds functions in.
 * Usage: tests/real [VALUES]
 */
#include <mpfr.h>
#include <stdlib.h>

#include "format.h"
#include "real.h"
#include "testlib.h"

typedef int mpfr_unary(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

static const struct {
	const char *name;
	mpfr_unary *reference;
} functions[] = {
	{ "sqrt", mpfr_sqrt },   { "cbrt", mpfr_cbrt },   { "exp", mpfr_exp },     { "exp2", mpfr_exp2 },
	{ "expm1", mpfr_expm1 }, { "log", mpfr_log },     { "log2", mpfr_log2 },   { "log10", mpfr_log10 },
	{ "log1p", mpfr_log1p }, { "sin", mpfr_sin },     { "cos", mpfr_cos },     { "tan", mpfr_tan },
	{ "asin", mpfr_asin },   { "acos", mpfr_acos },   { "atan", mpfr_atan },   { "sinh", mpfr_sinh },
	{ "cosh", mpfr_cosh },   { "tanh", mpfr_tanh },   { "asinh", mpfr_asinh }, { "acosh", mpfr_acosh },
	{ "atanh", mpfr_atanh }, { "abs", mpfr_abs },
};

static const struct {
	enum rnd_mode fpx;
	mpfr_rnd_t mpfr;
} modes[] = {
	{ RND_NEAREST_EVEN, MPFR_RNDN }, { RND_TOWARD_ZERO, MPFR_RNDZ }, { RND_UP, MPFR_RNDU }, { RND_DOWN, MPFR_RNDD },
};

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static long undecided; /* enclosures that could not decide: values within 2^-4096 of a boundary */

/* A code of f: half of them near 1 (where most functions are interesting), half anywhere. */
static fpcode random_code(const struct fmt *f)
{
	uint64_t r = test_rng(&rng_state);
	fpcode code = (fpcode)(r >> 8) & code_mask(f->bits);

	if (r & 1) {
		fpcode one = (fpcode)f->bias << f->frac_bits; /* the code of 1 */
		code = one + (fpcode)((r >> 16) % (8u << f->frac_bits)) - (4u << f->frac_bits);
		code |= (r & 2) ? f->sign_bit : 0;
	}
	return code;
}

/* What MPFR gives for fn(x) in f: the function at f's precision, then f's range and
 * subnormals. NaN leaves *nan set. */
static fpcode reference(bool *nan, const struct fmt *f, mpfr_unary *fn, const mpq_t x, mpfr_rnd_t rnd)
{
	mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
	struct rnd_result r;
	struct num v;
	mpfr_t a, y;
	int t;

	mpfr_inits2(f->precision, a, y, (mpfr_ptr)0);
	mpfr_set_q(a, x, MPFR_RNDN); /* exact: x is a value of f */
	mpfr_set_emin(f->emin - f->precision + 2);
	mpfr_set_emax(f->emax + 1);
	t = fn(y, a, rnd);
	t = mpfr_check_range(y, t, rnd);
	mpfr_subnormalize(y, t, rnd);
	mpfr_set_emin(emin);
	mpfr_set_emax(emax);
	*nan = mpfr_nan_p(y);
	num_init(&v);
	r.code = 0;
	if (!*nan) {
		v.kind = mpfr_inf_p(y) ? NUM_INF : NUM_FINITE;
		v.neg = mpfr_signbit(y);
		if (v.kind == NUM_FINITE)
			mpfr_get_q(v.mag, y);
		mpq_abs(v.mag, v.mag);
		rnd_encode(&r, f, &v, RND_NEAREST_EVEN, false); /* exact: y is a value of f */
	}
	num_clear(&v);
	mpfr_clears(a, y, (mpfr_ptr)0);
	return r.code;
}

static void check_one(const struct fmt *f, size_t k, fpcode code)
{
	const struct real_fn *fn = real_function(functions[k].name, strlen(functions[k].name));
	struct num x, zero;
	struct real *r, *wrapped;
	mpq_t q;

	num_init(&x);
	num_init(&zero);
	mpq_init(q);
	if (fmt_code_rational(q, f, code) != FP_NAN && fmt_code_rational(q, f, code) != FP_INF) {
		x.neg = mpq_sgn(q) < 0;
		mpq_abs(x.mag, q);
		r = real_call(fn, real_exact(&x), NULL);
		/* the same value as an expression (fn(x) + 0): decided by enclosures instead */
		wrapped = real_node(REAL_ADD, real_call(fn, real_exact(&x), NULL), real_exact(&zero));
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			struct rnd_result got;
			bool nan;
			fpcode want = reference(&nan, f, functions[k].reference, q, modes[m].mpfr);
			enum real_status s = real_round(&got, f, r, modes[m].fpx, false, 1 << 14);
			if (nan)
				check(s == REAL_DOMAIN, "%s %s(0x%llx) %s: NaN, got status %d", f->name, functions[k].name,
				      (unsigned long long)code, rnd_mode_name(modes[m].fpx), s);
			else
				check(s == REAL_DECIDED && got.code == want, "%s %s(0x%llx) %s: MPFR 0x%llx, fpx 0x%llx (status %d)",
				      f->name, functions[k].name, (unsigned long long)code, rnd_mode_name(modes[m].fpx),
				      (unsigned long long)want, (unsigned long long)got.code, s);
			s = real_round(&got, f, wrapped, modes[m].fpx, false, 1 << 12);
			if (s == REAL_UNDECIDED)
				undecided++;
			else if (nan)
				check(s == REAL_DOMAIN, "%s %s(0x%llx)+0 %s: NaN, got status %d", f->name,
				      functions[k].name, (unsigned long long)code, rnd_mode_name(modes[m].fpx), s);
			else
				check(got.code == want && !(got.flags & RND_TIE),
				      "%s %s(0x%llx)+0 %s: MPFR 0x%llx, enclosures 0x%llx", f->name, functions[k].name,
				      (unsigned long long)code, rnd_mode_name(modes[m].fpx), (unsigned long long)want,
				      (unsigned long long)got.code);
		}
		real_free(r);
		real_free(wrapped);
	}
	mpq_clear(q);
	num_clear(&x);
	num_clear(&zero);
}

/* π and e: the well-known nearest binary32 and binary64 codes. */
static void check_constants(void)
{
	static const struct {
		enum real_op op;
		const char *format;
		unsigned long long code;
	} known[] = {
		{ REAL_PI, "binary32", 0x40490fdbu }, { REAL_E, "binary32", 0x402df854u },
		{ REAL_PI, "binary64", 0x400921fb54442d18u }, { REAL_E, "binary64", 0x4005bf0a8b145769u },
	};

	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		struct real *r = real_node(known[i].op, NULL, NULL);
		struct rnd_result got;
		enum real_status s = real_round(&got, fmt_lookup(known[i].format), r, RND_NEAREST_EVEN, false, 1 << 12);
		check(s == REAL_DECIDED && got.code == known[i].code && got.flags == RND_INEXACT,
		      "%s %s: 0x%llx, got 0x%llx", known[i].op == REAL_PI ? "pi" : "e", known[i].format, known[i].code,
		      (unsigned long long)got.code);
		real_free(r);
	}
}

int main(int argc, char **argv)
{
	check_constants();
	static const char *const formats[] = { "binary32", "binary16" };
	long values = argc > 1 ? atol(argv[1]) : 300;

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const struct fmt *f = fmt_lookup(formats[i]);
		for (long n = 0; n < values; n++) {
			fpcode code = random_code(f);
			for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++)
				check_one(f, k, code);
		}
	}
	printf("  %ld enclosures undecided (the wrapped function within 2^-4096 of a boundary)\n", undecided);
	return test_summary("real");
}
