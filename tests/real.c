/*
 * real.c — reals rounded once through enclosures (src/value/real.c) against MPFR computing
 * the same function correctly rounded at the format's precision, with the format's
 * exponent range and subnormals (mpfr_set_emin/emax, mpfr_check_range,
 * mpfr_subnormalize): every function of one and two arguments, on random codes of
 * binary32 and binary16, in the four modes MPFR rounds functions in; binary64 on
 * hard-to-round arguments from the literature. Formats MPFR cannot model (e4m3, e5m2,
 * fnuz, MX, E8M0, HiF8) against an enclosure made by MPFR alone at 320 bits, whose
 * ends must both round to fpx's code. Usage: tests/real [VALUES]
 */
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "real.h"
#include "registry.h"
#include "testlib.h"

typedef int mpfr_unary(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int mpfr_binary(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

static int recip(mpfr_ptr y, mpfr_srcptr x, mpfr_rnd_t rnd)
{
	return mpfr_ui_div(y, 1, x, rnd);
}

static const struct {
	const char *name;
	mpfr_unary *reference;
} functions[] = {
	{ "sqrt", mpfr_sqrt },   { "cbrt", mpfr_cbrt },   { "exp", mpfr_exp },     { "exp2", mpfr_exp2 },
	{ "exp10", mpfr_exp10 }, { "expm1", mpfr_expm1 }, { "log", mpfr_log },     { "log2", mpfr_log2 },
	{ "log10", mpfr_log10 }, { "log1p", mpfr_log1p }, { "sin", mpfr_sin },     { "cos", mpfr_cos },
	{ "tan", mpfr_tan },     { "asin", mpfr_asin },   { "acos", mpfr_acos },   { "atan", mpfr_atan },
	{ "sinh", mpfr_sinh },   { "cosh", mpfr_cosh },   { "tanh", mpfr_tanh },   { "asinh", mpfr_asinh },
	{ "acosh", mpfr_acosh }, { "atanh", mpfr_atanh }, { "erf", mpfr_erf },     { "erfc", mpfr_erfc },
	{ "abs", mpfr_abs },
	/* P3109's (issue 35): the π functions by MPFR 4.2's, whose sinpi(n + 1/2) etc. are
	 * exact, recip and rsqrt (MPFR's rec_sqrt) */
	{ "rsqrt", mpfr_rec_sqrt }, { "recip", recip }, { "sinpi", mpfr_sinpi }, { "cospi", mpfr_cospi },
	{ "tanpi", mpfr_tanpi }, { "asinpi", mpfr_asinpi }, { "acospi", mpfr_acospi }, { "atanpi", mpfr_atanpi },
};

/* Two arguments; pow is the ^ operator. */
static const struct {
	const char *name;
	mpfr_binary *reference;
} binaries[] = {
	{ "atan2", mpfr_atan2 }, { "hypot", mpfr_hypot }, { "min", mpfr_min }, { "max", mpfr_max }, { "pow", mpfr_pow },
	{ "atan2pi", mpfr_atan2pi },
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
		fpcode one = (fpcode)f->grid.bias << f->grid.frac_bits; /* the code of 1 */
		code = one + (fpcode)((r >> 16) % (8u << f->grid.frac_bits)) - (4u << f->grid.frac_bits);
		code |= (r & 2) ? f->sign_bit : 0;
	}
	return code;
}

/* An MPFR result y (ternary t) put into f's range and subnormals, as its code. NaN
 * leaves *nan set. */
static fpcode code_of_mpfr(bool *nan, const struct fmt *f, mpfr_ptr y, int t, mpfr_rnd_t rnd)
{
	struct rnd_result r = { 0 };
	struct num v;

	t = mpfr_check_range(y, t, rnd);
	mpfr_subnormalize(y, t, rnd);
	*nan = mpfr_nan_p(y);
	num_init(&v);
	if (!*nan) {
		v.kind = mpfr_inf_p(y) ? NUM_INF : NUM_FINITE;
		v.neg = mpfr_signbit(y);
		if (v.kind == NUM_FINITE)
			mpfr_get_q(v.mag, y);
		mpq_abs(v.mag, v.mag);
		rnd_encode(&r, f, &v, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)); /* exact: y is a value of f */
	}
	num_clear(&v);
	return r.code;
}

/* What MPFR gives for fn(x) (or fn2(x, y)) in f: the function at f's precision, in f's
 * exponent range, subnormalized; *zero when that is an exact zero. */
static fpcode reference(bool *nan, bool *zero, const struct fmt *f, mpfr_unary *fn, mpfr_binary *fn2, const mpq_t x,
			const mpq_t y, mpfr_rnd_t rnd)
{
	mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
	mpfr_t a, b, z;
	fpcode code;
	int t;

	mpfr_inits2(f->precision, a, b, z, (mpfr_ptr)0);
	mpfr_set_q(a, x, MPFR_RNDN); /* exact: x and y are values of f */
	if (fn2)
		mpfr_set_q(b, y, MPFR_RNDN);
	mpfr_set_emin(f->emin - f->precision + 2);
	mpfr_set_emax(f->emax + 1);
	t = fn2 ? fn2(z, a, b, rnd) : fn(z, a, rnd);
	*zero = mpfr_zero_p(z) && t == 0;
	code = code_of_mpfr(nan, f, z, t, rnd);
	mpfr_set_emin(emin);
	mpfr_set_emax(emax);
	mpfr_clears(a, b, z, (mpfr_ptr)0);
	return code;
}

static void exact_of(struct num *x, const mpq_t q)
{
	x->kind = NUM_FINITE;
	x->neg = mpq_sgn(q) < 0;
	mpq_abs(x->mag, q);
}

/* fpx's code for r in f and mode: decided, or the status. */
static enum real_status fpx_round(struct rnd_result *got, const struct fmt *f, const struct real *r, enum rnd_mode mode,
				  long max_precision)
{
	struct real_format_target t;

	return real_round(got, r, real_target_format(&t, f, rnd_spec(mode, RND_SAT_NONE)), max_precision);
}

/* fpx against MPFR for one real in every mode: r directly (one call, round to odd) and
 * r + 0 (decided by enclosures, where undecided is allowed but counted). */
static void compare_with_mpfr(const struct fmt *f, const char *what, unsigned long long code, struct real *r,
			      mpfr_unary *fn, mpfr_binary *fn2, const mpq_t x, const mpq_t y)
{
	struct num zero;
	struct real *wrapped;

	num_init(&zero);
	wrapped = real_node(REAL_ADD, real_copy(r), real_exact(&zero));
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		struct rnd_result got;
		bool nan, exact_zero;
		fpcode want = reference(&nan, &exact_zero, f, fn, fn2, x, y, modes[m].mpfr);
		/* −0 + 0 is +0 (§6.3; a real's exact zero sum is rne's): sinpi(−2) + 0 */
		fpcode want_sum = exact_zero ? fmt_zero_code(f, false) : want;
		enum real_status s = fpx_round(&got, f, r, modes[m].fpx, 1 << 14);
		const char *mode = rnd_mode_name(modes[m].fpx);
		if (nan)
			check(s == REAL_DOMAIN, "%s %s(0x%llx) %s: NaN, got status %d", f->name, what, code, mode, s);
		else
			check(s == REAL_DECIDED && got.code == want, "%s %s(0x%llx) %s: MPFR 0x%llx, fpx 0x%llx (status %d)",
			      f->name, what, code, mode, (unsigned long long)want, (unsigned long long)got.code, s);
		s = fpx_round(&got, f, wrapped, modes[m].fpx, 1 << 12);
		if (s == REAL_UNDECIDED)
			undecided++;
		else if (nan)
			check(s == REAL_DOMAIN, "%s %s(0x%llx)+0 %s: NaN, got status %d", f->name, what, code, mode, s);
		else
			check(got.code == want_sum && !(got.flags & RND_TIE), "%s %s(0x%llx)+0 %s: MPFR 0x%llx, enclosures 0x%llx",
			      f->name, what, code, mode, (unsigned long long)want_sum, (unsigned long long)got.code);
	}
	real_free(wrapped);
	num_clear(&zero);
}

static bool finite_value(mpq_t q, const struct fmt *f, fpcode code)
{
	enum fp_class c = fmt_code_rational(q, f, code);

	return c != FP_NAN && c != FP_INF;
}

static void check_one(const struct fmt *f, size_t k, fpcode code)
{
	const struct real_fn *fn = real_function(functions[k].name, strlen(functions[k].name));
	struct num x;
	mpq_t q;

	num_init(&x);
	mpq_init(q);
	if (finite_value(q, f, code)) {
		struct real *r;
		exact_of(&x, q);
		r = real_call(fn, real_exact(&x), NULL);
		compare_with_mpfr(f, functions[k].name, (unsigned long long)code, r, functions[k].reference, NULL, q, q);
		real_free(r);
	}
	mpq_clear(q);
	num_clear(&x);
}

static void check_binary(const struct fmt *f, size_t k, fpcode a, fpcode b)
{
	const struct real_fn *fn = real_function(binaries[k].name, strlen(binaries[k].name));
	struct num x, y;
	mpq_t p, q;

	num_init(&x);
	num_init(&y);
	mpq_inits(p, q, NULL);
	if (finite_value(p, f, a) && finite_value(q, f, b)) {
		struct real *r;
		exact_of(&x, p);
		exact_of(&y, q);
		r = fn ? real_call(fn, real_exact(&x), real_exact(&y))
		       : real_node(REAL_POW, real_exact(&x), real_exact(&y));
		compare_with_mpfr(f, binaries[k].name, (unsigned long long)a << 32 | b, r, NULL, binaries[k].reference, p, q);
		real_free(r);
	}
	mpq_clears(p, q, NULL);
	num_clear(&x);
	num_clear(&y);
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
		enum real_status s = fpx_round(&got, fmt_lookup(known[i].format), r, RND_NEAREST_EVEN, 1 << 12);
		check(s == REAL_DECIDED && got.code == known[i].code && got.flags == RND_INEXACT,
		      "%s %s: 0x%llx, got 0x%llx", known[i].op == REAL_PI ? "pi" : "e", known[i].format, known[i].code,
		      (unsigned long long)got.code);
		real_free(r);
	}
}

/*
 * Hard-to-round binary64 arguments of exp, log, sin and cos: the first few of each list
 * in the CORE-MATH project's worst-case files, taken from Lefèvre's searches
 * (vinc17.net/research/testlibm: hrcases-explog and testlibm-data), with 45 to 64
 * identical bits after the round bit. Each against MPFR in every mode.
 */
static void check_hard_cases(void)
{
	static const struct {
		const char *fn;
		double x;
	} hard[] = {
		{ "exp", 0x1.0122ef37212ebp-1 }, { "exp", 0x1.00d48a707b93ep-1 }, { "exp", 0x1.00e0e33c8c3fdp-1 },
		{ "exp", 0x1.00bcc31ebded7p-1 }, { "exp", 0x1.012c061237773p-1 }, { "exp", 0x1.008eb56314daap+0 },
		{ "log", 0x1.a6ae5142326b5p+0 }, { "log", 0x1.a6ba95b1520f9p+0 }, { "log", 0x1.a702b2ce91b3p+0 },
		{ "log", 0x1.1e852e6951306p+1 }, { "log", 0x1.a455a70c31d8p+13 }, { "log", 0x1.70945ecdc0194p+28 },
		{ "sin", 0x1.005023d32fee5p+1 }, { "sin", 0x1.00874a5f9fc33p-13 }, { "sin", 0x1.009ee184a02e7p-8 },
		{ "sin", 0x1.184a0aa58191ep-24 }, { "sin", 0x1.0192deafac33fp+0 }, { "sin", 0x1.04394261cffa6p-1 },
		{ "cos", 0x1.0009effd4bedap-12 }, { "cos", 0x1.00147eec5cfa5p+0 }, { "cos", 0x1.00786b0bf421p-2 },
		{ "cos", 0x1.0f876ccdf6cd7p-25 }, { "cos", 0x1.0203b71ba100fp-1 }, { "cos", 0x1.062a2f8ff7e5p+0 },
	};
	const struct fmt *f = fmt_lookup("binary64");

	for (size_t i = 0; i < sizeof hard / sizeof hard[0]; i++) {
		size_t k = 0;
		while (strcmp(functions[k].name, hard[i].fn) != 0)
			k++;
		for (int sign = 0; sign < 2; sign++) {
			double x = sign ? -hard[i].x : hard[i].x;
			uint64_t bits;
			memcpy(&bits, &x, sizeof bits);
			fpcode code = bits;
			if (!(sign && strcmp(hard[i].fn, "log") == 0))
				check_one(f, k, code);
		}
	}
}

/* ---- Formats MPFR cannot model, against an MPFR-only enclosure ----------------------------- */

#define WIDE 320 /* bits of the reference enclosure */

/* [lo, hi] ⊇ fn(x) by MPFR's directed roundings at WIDE bits: exact for each function of
 * one point (MPFR rounds them correctly). */
static void enclose_by_mpfr(mpfr_ptr lo, mpfr_ptr hi, mpfr_unary *fn, mpfr_srcptr x)
{
	fn(lo, x, MPFR_RNDD);
	fn(hi, x, MPFR_RNDU);
}

static void num_of_mpfr(struct num *v, mpfr_srcptr y)
{
	v->kind = mpfr_nan_p(y) ? NUM_NAN : mpfr_inf_p(y) ? NUM_INF : NUM_FINITE;
	v->neg = mpfr_signbit(y);
	v->bound = NUM_EXACT;
	mpq_set_ui(v->mag, 0, 1);
	if (v->kind == NUM_FINITE && mpfr_regular_p(y) && labs(mpfr_get_exp(y)) > NUM_LIMIT_EXP) {
		bool neg = v->neg;
		num_set_bound(v, mpfr_get_exp(y) > 0 ? NUM_HUGE : NUM_TINY); /* past every format */
		v->neg = neg;
	} else if (v->kind == NUM_FINITE) {
		mpfr_get_q(v->mag, y);
		mpq_abs(v->mag, v->mag);
	}
}

static long straddled; /* references whose two ends round apart (too near a boundary) */

/* fn(x) into f in every mode, saturating or not: fpx's code must be the one both ends of
 * the reference enclosure round to. */
static void check_narrow(const struct fmt *f, size_t k, double xd)
{
	const struct real_fn *fn = real_function(functions[k].name, strlen(functions[k].name));
	struct num x, a, b;
	struct real *r;
	mpfr_t mx, lo, hi;
	mpq_t q;

	num_init(&x);
	num_init(&a);
	num_init(&b);
	mpq_init(q);
	mpfr_inits2(WIDE, mx, lo, hi, (mpfr_ptr)0);
	mpfr_set_d(mx, xd, MPFR_RNDN);
	mpfr_get_q(q, mx);
	exact_of(&x, q);
	r = real_call(fn, real_exact(&x), NULL);
	enclose_by_mpfr(lo, hi, functions[k].reference, mx);
	num_of_mpfr(&a, lo);
	num_of_mpfr(&b, hi);
	for (int m = 0; m < 5; m++)
		for (int sat = 0; sat < 2; sat++) {
			struct rnd_result got, ra, rb;
			struct real_format_target t;
			enum real_status s = real_round(&got, r, real_target_format(&t, f, rnd_spec((enum rnd_mode)m, (enum rnd_sat)(sat))), 1 << 12);
			if (a.kind == NUM_NAN) {
				check(s == REAL_DOMAIN, "%s %s(%a): NaN, got status %d", f->name, functions[k].name, xd, s);
				continue;
			}
			if (rnd_encode(&ra, f, &a, rnd_spec((enum rnd_mode)m, (enum rnd_sat)(sat))) != RND_OK ||
			    rnd_encode(&rb, f, &b, rnd_spec((enum rnd_mode)m, (enum rnd_sat)(sat))) != RND_OK || ra.code != rb.code) {
				straddled++;
				continue;
			}
			check(s == REAL_DECIDED && got.code == ra.code, "%s %s(%a) %s%s: enclosure 0x%llx, fpx 0x%llx (%d)",
			      f->name, functions[k].name, xd, rnd_mode_name((enum rnd_mode)m), sat ? " -s" : "",
			      (unsigned long long)ra.code, (unsigned long long)got.code, s);
		}
	real_free(r);
	mpfr_clears(mx, lo, hi, (mpfr_ptr)0);
	mpq_clear(q);
	num_clear(&x);
	num_clear(&a);
	num_clear(&b);
}

/* A random argument for the narrow formats: mostly in [-8, 8], some far out. */
static double random_argument(void)
{
	uint64_t r = test_rng(&rng_state);
	double x = (double)(r >> 11) / 9007199254740992.0 * 16 - 8;

	if ((r & 7) == 0) /* times 2^-20 to 2^19 */
		x = x * (double)(1ull << ((r >> 3) % 40)) / (double)(1ull << 20);
	return x;
}

static void check_narrow_formats(long values)
{
	static const char *const narrow[] = { "e4m3", "e5m2", "e4m3fnuz", "e5m2fnuz", "e2m1", "e2m3", "e3m2", "e8m0",
					      "hif8", "bfloat16" };

	for (size_t i = 0; i < sizeof narrow / sizeof narrow[0]; i++) {
		const struct fmt *f = fmt_lookup(narrow[i]);
		check(f != NULL, "format %s", narrow[i]);
		for (long n = 0; f && n < values; n++) {
			double x = random_argument();
			for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++)
				check_narrow(f, k, x);
		}
	}
}

/* ---- Decimal arguments (not binary: one MPFR call with a slope bound, or intervals) ---- */

/* [lo, hi] ⊇ fn(x) for a rational x, by MPFR alone: x's two WIDE-bit neighbours, fn
 * rounded down and up at each (fn is monotone across so narrow an interval). */
static void enclose_decimal(mpfr_ptr lo, mpfr_ptr hi, mpfr_unary *fn, const mpq_t x)
{
	mpfr_t a, b, t;

	mpfr_inits2(WIDE, a, b, t, (mpfr_ptr)0);
	mpfr_set_q(a, x, MPFR_RNDD);
	mpfr_set_q(b, x, MPFR_RNDU);
	fn(lo, a, MPFR_RNDD);
	fn(t, b, MPFR_RNDD);
	mpfr_min(lo, lo, t, MPFR_RNDD);
	fn(hi, a, MPFR_RNDU);
	fn(t, b, MPFR_RNDU);
	mpfr_max(hi, hi, t, MPFR_RNDU);
	mpfr_clears(a, b, t, (mpfr_ptr)0);
}

static long decimal_checks, decimal_undecided;

/* Is v, by the reference, as near the value of code as WIDE bits tell (fpx found it
 * within 2^-4096 of a value of the format: whether it is that value, the inexact flag
 * and the ternary, no enclosure short of that settles)? */
static bool near_its_code(const struct fmt *f, fpcode code, mpfr_srcptr v)
{
	mpfr_t c;
	mpq_t q;
	bool near = false;

	mpq_init(q);
	mpfr_init2(c, WIDE);
	if (finite_value(q, f, code) && mpq_sgn(q) != 0 && mpfr_regular_p(v)) {
		mpfr_set_q(c, q, MPFR_RNDN);
		mpfr_sub(c, c, v, MPFR_RNDN);
		near = mpfr_zero_p(c) || mpfr_get_exp(c) < mpfr_get_exp(v) - (WIDE - 8);
	}
	mpfr_clear(c);
	mpq_clear(q);
	return near;
}

/* fn(m/10^d) into f in every mode: fpx's code must be the one both ends of the reference
 * round to; and the readout's stand-in (real_stand_in) must round to it too. */
static void check_decimal(const struct fmt *f, size_t k, long m, int d)
{
	const struct real_fn *fn = real_function(functions[k].name, strlen(functions[k].name));
	struct num x, a, b, v;
	struct real *r;
	mpfr_t lo, hi;
	mpq_t q;

	num_init(&x);
	num_init(&a);
	num_init(&b);
	num_init(&v);
	mpq_init(q);
	mpfr_inits2(WIDE, lo, hi, (mpfr_ptr)0);
	mpq_set_si(q, m, 1);
	for (int i = 0; i < d; i++)
		mpq_div_2exp(q, q, 1), mpz_mul_ui(mpq_denref(q), mpq_denref(q), 5);
	mpq_canonicalize(q);
	exact_of(&x, q);
	r = real_call(fn, real_exact(&x), NULL);
	enclose_decimal(lo, hi, functions[k].reference, q);
	num_of_mpfr(&a, lo);
	num_of_mpfr(&b, hi);
	for (int mode = 0; mode < 5; mode++) {
		struct rnd_result got, ra, rb, rs;
		struct real_format_target t;
		bool exact, pole;
		enum real_status s = real_round(&got, r, real_target_format(&t, f, rnd_spec((enum rnd_mode)mode, RND_SAT_NONE)), 1 << 12);
		if (a.kind == NUM_NAN || b.kind == NUM_NAN) { /* at or past a domain's edge */
			check(s == REAL_DOMAIN || s == REAL_UNDECIDED || (s == REAL_DECIDED && a.kind != b.kind),
			      "%s %s(%ld/10^%d): NaN, got status %d", f->name, functions[k].name, m, d, s);
			continue;
		}
		if (rnd_encode(&ra, f, &a, rnd_spec((enum rnd_mode)mode, RND_SAT_NONE)) != RND_OK ||
		    rnd_encode(&rb, f, &b, rnd_spec((enum rnd_mode)mode, RND_SAT_NONE)) != RND_OK || ra.code != rb.code) {
			straddled++;
			continue;
		}
		decimal_checks++;
		if (s == REAL_UNDECIDED && near_its_code(f, ra.code, lo)) { /* tanh(179584.7) = 1 − e^-359169 */
			decimal_undecided++;
			continue;
		}
		check(s == REAL_DECIDED && got.code == ra.code, "%s %s(%ld/10^%d) %s: enclosure 0x%llx, fpx 0x%llx (%d)",
		      f->name, functions[k].name, m, d, rnd_mode_name((enum rnd_mode)mode), (unsigned long long)ra.code,
		      (unsigned long long)got.code, s);
		s = real_stand_in(&v, &exact, &pole, r, f->precision + 130, 1 << 12);
		check(s != REAL_DECIDED || (rnd_encode(&rs, f, &v, rnd_spec((enum rnd_mode)mode, RND_SAT_NONE)) == RND_OK &&
					    rs.code == ra.code && rs.ternary == got.ternary),
		      "%s %s(%ld/10^%d) %s: the stand-in rounds apart", f->name, functions[k].name, m, d,
		      rnd_mode_name((enum rnd_mode)mode));
	}
	real_free(r);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
	mpq_clear(q);
	num_clear(&x);
	num_clear(&a);
	num_clear(&b);
	num_clear(&v);
}

static void check_decimals(long values)
{
	static const char *const targets[] = { "binary32", "binary16", "bfloat16", "e4m3", "binary64" };

	for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
		const struct fmt *f = fmt_lookup(targets[i]);
		for (long n = 0; n < values; n++) {
			uint64_t rnd = test_rng(&rng_state);
			long m = (long)(rnd >> 40) - (1L << 23); /* up to 7 digits, either sign */
			int d = (int)(rnd % 9);
			if (m % 10 == 0)
				m++; /* not dyadic: a decimal that ends in a nonzero digit after the point */
			for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++)
				check_decimal(f, k, m, d == 0 ? 1 : d);
		}
	}
}

int main(int argc, char **argv)
{
	static const char *const formats[] = { "binary32", "binary16" };
	long values = argc > 1 ? atol(argv[1]) : 300;

	check_constants();
	check_hard_cases();
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const struct fmt *f = fmt_lookup(formats[i]);
		for (long n = 0; n < values; n++) {
			fpcode code = random_code(f), other = random_code(f);
			for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++)
				check_one(f, k, code);
			for (size_t k = 0; k < sizeof binaries / sizeof binaries[0]; k++)
				check_binary(f, k, code, other);
		}
	}
	check_narrow_formats(values / 10);
	check_decimals(values / 10);

	printf("  %ld enclosures undecided (the wrapped function within 2^-4096 of a boundary); %ld references "
	       "straddling a boundary at %d bits; decimal arguments: %ld of %ld undecided (within 2^-%d of their code)\n",
	       undecided, straddled, WIDE, decimal_undecided, decimal_checks, WIDE - 8);
	return test_summary("real");
}
