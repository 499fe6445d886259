/*
 * realfn.c — the table of functions a real may call (realfn.h): MPFR's point functions,
 * MPFI's images of intervals and the images MPFI lacks (the π functions' are
 * realpi.c's), and the functions defined by formulas over them.
 */
#include "realfn.h"

#include <string.h>
#include <strings.h>

#if MPFR_VERSION < MPFR_VERSION_NUM(4, 2, 0)
#error "fpx needs MPFR 4.2 or later (mpfr_sinpi, mpfr_atan2pi, ...)"
#endif

/* ---- Images of intervals MPFI does not have --------------------------------------------- */

/* MPFI's flags (MPFI_FLAGS_LEFT_ENDPOINT_INEXACT, ...) for ends of these ternaries. */
static int rounded_ends(int lo_ternary, int hi_ternary)
{
	return (lo_ternary ? MPFI_FLAGS_LEFT_ENDPOINT_INEXACT : 0) | (hi_ternary ? MPFI_FLAGS_RIGHT_ENDPOINT_INEXACT : 0);
}

/* The image of a under a monotone function, from MPFR's directed roundings of its ends;
 * which ends were rounded, as MPFI's functions say. */
static int image_monotone(mpfi_ptr out, mpfi_srcptr a, mpfr_unary *fn, bool increasing)
{
	mpfr_t lo, hi;
	int lo_ternary, hi_ternary;

	mpfr_inits2(mpfi_get_prec(out), lo, hi, (mpfr_ptr)0);
	lo_ternary = fn(lo, increasing ? &a->left : &a->right, MPFR_RNDD);
	hi_ternary = fn(hi, increasing ? &a->right : &a->left, MPFR_RNDU);
	mpfi_interv_fr(out, lo, hi);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
	return rounded_ends(lo_ternary, hi_ternary);
}

static int interval_exp10(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_exp10, true);
}

static int interval_erf(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_erf, true);
}

static int interval_erfc(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_erfc, false);
}

static int interval_rsqrt(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_rec_sqrt, false);
}

static int point_recip(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t rnd)
{
	return mpfr_ui_div(out, 1, x, rnd);
}

/* ---- Exact values of exact arguments ------------------------------------------------------ */

static bool is_finite_nonzero(const struct num *x)
{
	return x->kind == NUM_FINITE && !x->bound && mpq_sgn(x->mag) != 0;
}

/* recip(x) = 1/x, exactly: no enclosure of 1/10's decides 10. */
static bool rational_recip(struct num *out, unsigned *flags, const struct num *x, const struct num *y,
			   enum special_rules rules)
{
	(void)y;
	(void)rules;
	*flags = 0;
	if (!is_finite_nonzero(x))
		return false;
	num_set(out, x);
	mpq_inv(out->mag, x->mag);
	return true;
}

/* rsqrt(a/b) = √b/√a where both are squares: rsqrt(1/9) = 3, a value no enclosure of
 * 1/9 decides (sqrt's such values, 1/3, lie on no binary boundary). */
static bool rational_rsqrt(struct num *out, unsigned *flags, const struct num *x, const struct num *y,
			   enum special_rules rules)
{
	(void)y;
	(void)rules;
	*flags = 0;
	if (!is_finite_nonzero(x) || x->neg || !mpz_perfect_square_p(mpq_numref(x->mag)) ||
	    !mpz_perfect_square_p(mpq_denref(x->mag)))
		return false;
	num_set(out, x);
	mpz_sqrt(mpq_numref(out->mag), mpq_denref(x->mag));
	mpz_sqrt(mpq_denref(out->mag), mpq_numref(x->mag));
	return true;
}

static int interval_asinpi(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_asinpi, true);
}

static int interval_acospi(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_acospi, false);
}

static int interval_atanpi(mpfi_ptr out, mpfi_srcptr a)
{
	return image_monotone(out, a, mpfr_atanpi, true);
}

/* min and max grow with each argument: the ends' min (max) bound the image. */
static int image_min_max(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b, mpfr_binary *fn)
{
	mpfr_t lo, hi;

	int lo_ternary, hi_ternary;

	mpfr_inits2(mpfi_get_prec(out), lo, hi, (mpfr_ptr)0);
	lo_ternary = fn(lo, &a->left, &b->left, MPFR_RNDD);
	hi_ternary = fn(hi, &a->right, &b->right, MPFR_RNDU);
	mpfi_interv_fr(out, lo, hi);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
	return rounded_ends(lo_ternary, hi_ternary);
}

static int interval_min(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b)
{
	return image_min_max(out, a, b, mpfr_min);
}

static int interval_max(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b)
{
	return image_min_max(out, a, b, mpfr_max);
}

/*
 * fmod and rem (IEEE 754's remainder) of intervals: a − k·b for the one integer k the
 * ends of a/b give (truncated for fmod, nearest-even for rem: both monotone in the
 * quotient, so every quotient between the ends gives it too). Where the ends' k differ
 * the image is in pieces, enclosed by |result| ≤ max|b|; where b holds 0 or a an
 * infinity, it may be NaN.
 */
static int image_remainder(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b, mpfr_rnd_t to_integer)
{
	mpfi_t q;
	mpfr_t k_lo, k_hi;
	mpfr_prec_t prec = mpfi_get_prec(out) + 64;
	int rounded = 0;

	if (mpfi_has_zero(b) || !mpfi_bounded_p(a) || mpfi_nan_p(a) || mpfi_nan_p(b)) {
		mpfr_set_nan(&out->left);
		mpfr_set_nan(&out->right);
		return 0;
	}
	if (!mpfi_bounded_p(b)) /* a finite, |b| infinite: a */
		return mpfi_set(out, a);
	mpfi_init2(q, prec);
	mpfr_inits2(prec, k_lo, k_hi, (mpfr_ptr)0);
	mpfi_div(q, a, b);
	mpfr_rint(k_lo, &q->left, to_integer);
	mpfr_rint(k_hi, &q->right, to_integer);
	if (mpfr_equal_p(k_lo, k_hi)) { /* exact: k fits in prec bits, or q was an integer */
		mpfi_set_prec(q, mpfr_get_prec(k_lo) + mpfi_get_prec(b));
		mpfi_mul_fr(q, b, k_lo);
		rounded = mpfi_sub(out, a, q);
	} else {
		mpfi_mag(k_hi, b);
		mpfi_interv_fr(out, k_hi, k_hi);
		mpfi_neg(q, out);
		mpfi_put(out, q);
	}
	mpfr_clears(k_lo, k_hi, (mpfr_ptr)0);
	mpfi_clear(q);
	return rounded;
}

static int interval_fmod(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b)
{
	return image_remainder(out, a, b, MPFR_RNDZ);
}

static int interval_rem(mpfi_ptr out, mpfi_srcptr a, mpfi_srcptr b)
{
	return image_remainder(out, a, b, MPFR_RNDN);
}

#define UNARY(name, interval, point, slope, passing, special) \
	{ name, 1, interval, NULL, point, NULL, slope, passing, 0, false, special, NULL }
#define BOUNDED(name, interval, point, slope, passing, bound, symmetric, special) \
	{ name, 1, interval, NULL, point, NULL, slope, passing, bound, symmetric, special, NULL }
#define BINARY(name, interval, point, passing, special) \
	{ name, 2, NULL, interval, NULL, point, SLOPE_NONE, passing, 0, false, special, NULL }
/* a function exact at some rational arguments past its rows (realpi.c's π functions) */
#define RATIONAL(name, interval, point, slope, passing, special, rational) \
	{ name, 1, interval, NULL, point, NULL, slope, passing, 0, false, special, rational }

static const struct real_fn functions[] = {
	UNARY("sqrt", mpfi_sqrt, mpfr_sqrt, SLOPE_SQRT, PASS_INCREASING, SP_SQRT),
	UNARY("cbrt", mpfi_cbrt, mpfr_cbrt, SLOPE_CBRT, PASS_INCREASING, SP_CBRT),
	RATIONAL("rsqrt", interval_rsqrt, mpfr_rec_sqrt, SLOPE_RSQRT, PASS_DECREASING, SP_RSQRT, rational_rsqrt),
	RATIONAL("recip", mpfi_inv, point_recip, SLOPE_NONE, PASS_DECREASING, SP_RECIP, rational_recip),
	UNARY("exp", mpfi_exp, mpfr_exp, SLOPE_EXP, PASS_INCREASING, SP_EXP),
	UNARY("exp2", mpfi_exp2, mpfr_exp2, SLOPE_EXP, PASS_INCREASING, SP_EXP),
	UNARY("exp10", interval_exp10, mpfr_exp10, SLOPE_EXP, PASS_INCREASING, SP_EXP),
	UNARY("expm1", mpfi_expm1, mpfr_expm1, SLOPE_EXP_ONE, PASS_INCREASING, SP_EXPM1),
	UNARY("log", mpfi_log, mpfr_log, SLOPE_LOG, PASS_INCREASING, SP_LOG),
	UNARY("log2", mpfi_log2, mpfr_log2, SLOPE_LOG, PASS_INCREASING, SP_LOG),
	UNARY("log10", mpfi_log10, mpfr_log10, SLOPE_LOG, PASS_INCREASING, SP_LOG),
	UNARY("log1p", mpfi_log1p, mpfr_log1p, SLOPE_NONE, PASS_INCREASING, SP_LOG1P),
	UNARY("sin", mpfi_sin, mpfr_sin, SLOPE_ONE, PASS_ROUNDED, SP_SIN),
	UNARY("cos", mpfi_cos, mpfr_cos, SLOPE_ONE, PASS_ROUNDED, SP_COS),
	UNARY("tan", mpfi_tan, mpfr_tan, SLOPE_NONE, PASS_INCREASING, SP_TAN),
	UNARY("asin", mpfi_asin, mpfr_asin, SLOPE_NONE, PASS_INCREASING, SP_ASIN),
	UNARY("acos", mpfi_acos, mpfr_acos, SLOPE_NONE, PASS_DECREASING, SP_ACOS),
	UNARY("atan", mpfi_atan, mpfr_atan, SLOPE_ONE, PASS_INCREASING, SP_ATAN),
	RATIONAL("sinpi", real_interval_sinpi, mpfr_sinpi, SLOPE_PI, PASS_ROUNDED, SP_SINPI, real_rational_sinpi),
	RATIONAL("cospi", real_interval_cospi, mpfr_cospi, SLOPE_PI, PASS_ROUNDED, SP_COSPI, real_rational_cospi),
	RATIONAL("tanpi", real_interval_tanpi, mpfr_tanpi, SLOPE_NONE, PASS_INCREASING, SP_TANPI, real_rational_tanpi),
	UNARY("asinpi", interval_asinpi, mpfr_asinpi, SLOPE_NONE, PASS_INCREASING, SP_ASINPI),
	UNARY("acospi", interval_acospi, mpfr_acospi, SLOPE_NONE, PASS_DECREASING, SP_ACOSPI),
	UNARY("atanpi", interval_atanpi, mpfr_atanpi, SLOPE_ONE, PASS_INCREASING, SP_ATANPI), /* |f'| ≤ 1/π */
	UNARY("sinh", mpfi_sinh, mpfr_sinh, SLOPE_EXP_ONE, PASS_INCREASING, SP_SINH),
	UNARY("cosh", mpfi_cosh, mpfr_cosh, SLOPE_EXP_ONE, PASS_ROUNDED, SP_COSH),
	BOUNDED("tanh", mpfi_tanh, mpfr_tanh, SLOPE_ONE, PASS_INCREASING, 1, true, SP_TANH),
	UNARY("asinh", mpfi_asinh, mpfr_asinh, SLOPE_ONE, PASS_INCREASING, SP_ASINH),
	UNARY("acosh", mpfi_acosh, mpfr_acosh, SLOPE_NONE, PASS_INCREASING, SP_ACOSH),
	UNARY("atanh", mpfi_atanh, mpfr_atanh, SLOPE_NONE, PASS_INCREASING, SP_ATANH),
	BOUNDED("erf", interval_erf, mpfr_erf, SLOPE_ERF, PASS_INCREASING, 1, true, SP_ERF),
	BOUNDED("erfc", interval_erfc, mpfr_erfc, SLOPE_ERF, PASS_DECREASING, 2, false, SP_ERFC),
	UNARY("abs", mpfi_abs, mpfr_abs, SLOPE_ONE, PASS_ROUNDED, SP_ABS),
	BINARY("atan2", mpfi_atan2, mpfr_atan2, PASS_ROUNDED, SP_ATAN2),
	{ "atan2pi", 2, NULL, real_interval_atan2pi, NULL, mpfr_atan2pi, SLOPE_NONE, PASS_ROUNDED, 0, false, SP_ATAN2PI,
	  real_rational_atan2pi },
	BINARY("hypot", mpfi_hypot, mpfr_hypot, PASS_ROUNDED, SP_HYPOT),
	BINARY("min", interval_min, mpfr_min, PASS_MIN, SP_MIN),
	BINARY("max", interval_max, mpfr_max, PASS_MAX, SP_MAX),
	BINARY("fmod", interval_fmod, mpfr_fmod, PASS_ROUNDED, SP_FMOD),
	BINARY("rem", interval_rem, mpfr_remainder, PASS_ROUNDED, SP_REM),
};

#define FUNCTION_COUNT (sizeof functions / sizeof functions[0])

/*
 * Functions defined by a formula over the others, as the ML stacks define them (x, y and
 * z are the arguments); fma is x·y + z and faa (P3109's FAA, §4.10.7) x + y + z, each
 * rounded once, as every real is. PyTorch's GELU(approximate='tanh') is gelu_tanh.
 */
static const struct real_formula formulas[] = {
	{ "pow", 2, "x^y", SP_NONE }, /* a power node: SP_POW's rows */
	{ "fma", 3, "x*y+z", SP_NONE },
	{ "faa", 3, "x+y+z", SP_NONE },
	{ "sigmoid", 1, "1/(1+exp(-x))", SP_SIGMOID },
	{ "softplus", 1, "max(x,0)+log1p(exp(-abs(x)))", SP_SOFTPLUS }, /* log1p(exp(x)), decided at large x */
	{ "silu", 1, "x*sigmoid(x)", SP_SILU },
	{ "gelu", 1, "x/2*(1+erf(x/sqrt(2)))", SP_GELU },
	{ "gelu_tanh", 1, "x/2*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))", SP_GELU },
	{ "relu", 1, "max(x,0)", SP_RELU },
};

#define FORMULA_COUNT (sizeof formulas / sizeof formulas[0])

const struct real_fn *real_function(const char *name, size_t len)
{
	for (size_t i = 0; i < FUNCTION_COUNT; i++)
		if (strlen(functions[i].name) == len && strncasecmp(functions[i].name, name, len) == 0)
			return &functions[i];
	return NULL;
}

int real_fn_arity(const struct real_fn *fn)
{
	return fn->arity;
}

const struct real_formula *real_formula(const char *name, size_t len)
{
	for (size_t i = 0; i < FORMULA_COUNT; i++)
		if (strlen(formulas[i].name) == len && strncasecmp(formulas[i].name, name, len) == 0)
			return &formulas[i];
	return NULL;
}

int real_formula_arity(const struct real_formula *f)
{
	return f->arity;
}

const char *real_formula_text(const struct real_formula *f)
{
	return f->formula;
}

struct real *real_formula_node(const struct real_formula *f, struct real *arg, struct real *expansion)
{
	struct real *r;

	if (f->special == SP_NONE) {
		real_free(arg);
		return expansion;
	}
	r = real_node(REAL_FORMULA, arg, expansion);
	r->formula = f;
	return r;
}

const char *real_function_name(size_t i)
{
	if (i < FUNCTION_COUNT)
		return functions[i].name;
	i -= FUNCTION_COUNT;
	return i < FORMULA_COUNT ? formulas[i].name : NULL;
}
