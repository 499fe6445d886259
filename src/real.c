/*
 * real.c — enclosing a real and rounding it once (see real.h).
 */
#include "real.h"

#include <mpfi.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef int mpfi_unary(mpfi_ptr, mpfi_srcptr);
typedef int mpfi_binary(mpfi_ptr, mpfi_srcptr, mpfi_srcptr);
typedef int mpfr_unary(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int mpfr_binary(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/*
 * How steep a function of one argument can be near a point x, given y = f(x): a bound
 * 2^s on |f'| over [x − δ, x + δ] for any δ ≤ |x|/16 (see slope_bound()), so that one
 * evaluation at a point near x encloses f(x). SLOPE_NONE: no such bound here (poles
 * and domain edges: tan, asin, ...), enclosed by intervals instead.
 */
enum slope {
	SLOPE_NONE,
	SLOPE_ONE,      /* |f'| ≤ 1: sin, cos, atan, tanh, asinh, abs */
	SLOPE_ERF,      /* |f'| ≤ 2/√π < 2 */
	SLOPE_EXP,      /* |f'| ≤ ln 10·|f(ξ)|: exp, exp2, exp10 */
	SLOPE_EXP_ONE,  /* |f'| ≤ |f(ξ)| + 1: expm1, sinh, cosh */
	SLOPE_LOG,      /* |f'| ≤ 1/(ξ ln 2): log, log2, log10 */
	SLOPE_SQRT,     /* f' = 1/(2 f(ξ)) */
	SLOPE_CBRT,     /* f' = 1/(3 f(ξ)²) */
};

/*
 * How the ends of an argument's enclosure that the value lies strictly inside of carry
 * to the function's value (open_ends()).
 */
enum passing {
	PASS_ROUNDED,    /* only where MPFI rounded an end: sin, cos, cosh, abs, atan2, ... */
	PASS_INCREASING, /* strictly increasing on its domain: each end to the same end */
	PASS_DECREASING, /* strictly decreasing: each end to the other (acos, erfc) */
	PASS_MIN,        /* min and max (open_min_max()) */
	PASS_MAX,
};

/* A function MPFR rounds correctly (point), and how its image of an interval is enclosed. */
struct real_fn {
	const char *name;
	int arity;
	mpfi_unary *unary;
	mpfi_binary *binary;
	mpfr_unary *point;
	mpfr_binary *point2;
	enum slope slope;
	enum passing passing;
	/* The values of tanh and erf lie strictly inside (−1, 1), of erfc below 2: the bound
	 * (1 or 2; 0 for none) and whether −bound is one too. */
	int bound;
	bool symmetric;
};

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

#define UNARY(name, interval, point, slope, passing) { name, 1, interval, NULL, point, NULL, slope, passing, 0, false }
#define BOUNDED(name, interval, point, slope, passing, bound, symmetric) \
	{ name, 1, interval, NULL, point, NULL, slope, passing, bound, symmetric }
#define BINARY(name, interval, point, passing) { name, 2, NULL, interval, NULL, point, SLOPE_NONE, passing, 0, false }

static const struct real_fn functions[] = {
	UNARY("sqrt", mpfi_sqrt, mpfr_sqrt, SLOPE_SQRT, PASS_INCREASING),
	UNARY("cbrt", mpfi_cbrt, mpfr_cbrt, SLOPE_CBRT, PASS_INCREASING),
	UNARY("exp", mpfi_exp, mpfr_exp, SLOPE_EXP, PASS_INCREASING),
	UNARY("exp2", mpfi_exp2, mpfr_exp2, SLOPE_EXP, PASS_INCREASING),
	UNARY("exp10", interval_exp10, mpfr_exp10, SLOPE_EXP, PASS_INCREASING),
	UNARY("expm1", mpfi_expm1, mpfr_expm1, SLOPE_EXP_ONE, PASS_INCREASING),
	UNARY("log", mpfi_log, mpfr_log, SLOPE_LOG, PASS_INCREASING),
	UNARY("log2", mpfi_log2, mpfr_log2, SLOPE_LOG, PASS_INCREASING),
	UNARY("log10", mpfi_log10, mpfr_log10, SLOPE_LOG, PASS_INCREASING),
	UNARY("log1p", mpfi_log1p, mpfr_log1p, SLOPE_NONE, PASS_INCREASING),
	UNARY("sin", mpfi_sin, mpfr_sin, SLOPE_ONE, PASS_ROUNDED),
	UNARY("cos", mpfi_cos, mpfr_cos, SLOPE_ONE, PASS_ROUNDED),
	UNARY("tan", mpfi_tan, mpfr_tan, SLOPE_NONE, PASS_INCREASING),
	UNARY("asin", mpfi_asin, mpfr_asin, SLOPE_NONE, PASS_INCREASING),
	UNARY("acos", mpfi_acos, mpfr_acos, SLOPE_NONE, PASS_DECREASING),
	UNARY("atan", mpfi_atan, mpfr_atan, SLOPE_ONE, PASS_INCREASING),
	UNARY("sinh", mpfi_sinh, mpfr_sinh, SLOPE_EXP_ONE, PASS_INCREASING),
	UNARY("cosh", mpfi_cosh, mpfr_cosh, SLOPE_EXP_ONE, PASS_ROUNDED),
	BOUNDED("tanh", mpfi_tanh, mpfr_tanh, SLOPE_ONE, PASS_INCREASING, 1, true),
	UNARY("asinh", mpfi_asinh, mpfr_asinh, SLOPE_ONE, PASS_INCREASING),
	UNARY("acosh", mpfi_acosh, mpfr_acosh, SLOPE_NONE, PASS_INCREASING),
	UNARY("atanh", mpfi_atanh, mpfr_atanh, SLOPE_NONE, PASS_INCREASING),
	BOUNDED("erf", interval_erf, mpfr_erf, SLOPE_ERF, PASS_INCREASING, 1, true),
	BOUNDED("erfc", interval_erfc, mpfr_erfc, SLOPE_ERF, PASS_DECREASING, 2, false),
	UNARY("abs", mpfi_abs, mpfr_abs, SLOPE_ONE, PASS_ROUNDED),
	BINARY("atan2", mpfi_atan2, mpfr_atan2, PASS_ROUNDED),
	BINARY("hypot", mpfi_hypot, mpfr_hypot, PASS_ROUNDED),   BINARY("min", interval_min, mpfr_min, PASS_MIN),
	BINARY("max", interval_max, mpfr_max, PASS_MAX),
	BINARY("fmod", interval_fmod, mpfr_fmod, PASS_ROUNDED),  BINARY("rem", interval_rem, mpfr_remainder, PASS_ROUNDED),
};

#define FUNCTION_COUNT (sizeof functions / sizeof functions[0])

/*
 * Functions defined by a formula over the others, as the ML stacks define them (x, y and
 * z are the arguments); fma is x·y + z rounded once, as every real is. PyTorch's
 * GELU(approximate='tanh') is gelu_tanh.
 */
static const struct real_formula {
	const char *name;
	int arity;
	const char *formula;
} formulas[] = {
	{ "pow", 2, "x^y" },
	{ "fma", 3, "x*y+z" },
	{ "sigmoid", 1, "1/(1+exp(-x))" },
	{ "softplus", 1, "max(x,0)+log1p(exp(-abs(x)))" }, /* log1p(exp(x)), decided at large x */
	{ "silu", 1, "x*sigmoid(x)" },
	{ "gelu", 1, "x/2*(1+erf(x/sqrt(2)))" },
	{ "gelu_tanh", 1, "x/2*(1+tanh(sqrt(2/pi)*(x+0.044715*x^3)))" },
	{ "relu", 1, "max(x,0)" },
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

const char *real_fn_name(const struct real_fn *fn)
{
	return fn->name;
}

const char *real_formula(const char *name, size_t len, int *arity)
{
	for (size_t i = 0; i < FORMULA_COUNT; i++)
		if (strlen(formulas[i].name) == len && strncasecmp(formulas[i].name, name, len) == 0) {
			*arity = formulas[i].arity;
			return formulas[i].formula;
		}
	return NULL;
}

const char *real_function_name(size_t i)
{
	if (i < FUNCTION_COUNT)
		return functions[i].name;
	i -= FUNCTION_COUNT;
	return i < FORMULA_COUNT ? formulas[i].name : NULL;
}

/* ---- Nodes ---------------------------------------------------------------------------- */

static struct real *new_node(enum real_op op)
{
	struct real *r = calloc(1, sizeof *r);

	if (!r)
		abort();
	r->op = op;
	num_init(&r->exact);
	return r;
}

struct real *real_exact(const struct num *x)
{
	struct real *r = new_node(REAL_EXACT);

	num_set(&r->exact, x);
	return r;
}

struct real *real_node(enum real_op op, struct real *a, struct real *b)
{
	struct real *r = new_node(op);

	r->arg[0] = a;
	r->arg[1] = b;
	return r;
}

struct real *real_call(const struct real_fn *fn, struct real *a, struct real *b)
{
	struct real *r = real_node(REAL_CALL, a, b);

	r->fn = fn;
	return r;
}

struct real *real_copy(const struct real *r)
{
	struct real *c;

	if (!r)
		return NULL;
	c = real_node(r->op, real_copy(r->arg[0]), real_copy(r->arg[1]));
	c->fn = r->fn;
	c->var = r->var;
	num_set(&c->exact, &r->exact);
	return c;
}

struct real *real_var(int var)
{
	struct real *r = new_node(REAL_VAR);

	r->var = var;
	return r;
}

struct real *real_bind(const struct real *r, const struct num *values)
{
	struct real *c;

	if (!r)
		return NULL;
	if (r->op == REAL_VAR)
		return real_exact(&values[r->var]);
	c = real_node(r->op, real_bind(r->arg[0], values), real_bind(r->arg[1], values));
	c->fn = r->fn;
	num_set(&c->exact, &r->exact);
	return c;
}

unsigned real_variables(const struct real *r)
{
	if (!r)
		return 0;
	return (r->op == REAL_VAR ? 1u << r->var : 0) | real_variables(r->arg[0]) | real_variables(r->arg[1]);
}

long real_size(const struct real *r)
{
	return r ? 1 + real_size(r->arg[0]) + real_size(r->arg[1]) : 0;
}

void real_free(struct real *r)
{
	if (!r)
		return;
	real_free(r->arg[0]);
	real_free(r->arg[1]);
	num_clear(&r->exact);
	free(r);
}

/* ---- Enclosures ----------------------------------------------------------------------- */

/* Is x finite and dyadic (a power of two below it), as codes, hex floats and integers are? */
static bool is_dyadic(const struct num *x)
{
	mpz_srcptr den = mpq_denref(x->mag);

	return x->kind == NUM_FINITE && !x->bound && mpz_scan1(den, 0) + 1 == mpz_sizeinbase(den, 2);
}

/* The significant bits of a dyadic x, so that an MPFR number of that many holds it. */
static mpfr_prec_t dyadic_bits(const struct num *x)
{
	mpz_srcptr num = mpq_numref(x->mag);
	mpfr_prec_t bits = mpq_sgn(x->mag) ? (mpfr_prec_t)(mpz_sizeinbase(num, 2) - mpz_scan1(num, 0)) : 1;

	return bits < MPFR_PREC_MIN ? MPFR_PREC_MIN : bits;
}

/* An MPFR number for an exact value: the precision it needs when dyadic (held exactly),
 * else prec plus the bits above the point (so sin(10^19000/3) keeps its fraction). */
static mpfr_prec_t precision_for(const struct real *r, mpfr_prec_t prec)
{
	const struct num *x = &r->exact;
	long above;

	if (r->op != REAL_EXACT || x->kind != NUM_FINITE)
		return prec;
	if (is_dyadic(x))
		return dyadic_bits(x);
	above = (long)mpz_sizeinbase(mpq_numref(x->mag), 2) - (long)mpz_sizeinbase(mpq_denref(x->mag), 2);
	return above > 0 ? prec + above : prec;
}

static void set_exact(mpfr_ptr out, const struct num *x, mpfr_rnd_t rnd)
{
	if (x->kind == NUM_NAN)
		mpfr_set_nan(out);
	else if (x->kind == NUM_INF)
		mpfr_set_inf(out, x->neg ? -1 : 1);
	else {
		mpfr_set_q(out, x->mag, x->neg ? (rnd == MPFR_RNDD ? MPFR_RNDU : rnd == MPFR_RNDU ? MPFR_RNDD : rnd) : rnd);
		if (x->neg)
			mpfr_neg(out, out, MPFR_RNDN);
	}
}

/* out ⊇ x: x rounded to nearest, and its neighbour on the other side of x when that
 * was inexact (one division, not two). */
static void enclose_exact(mpfi_ptr out, const struct num *x)
{
	mpfr_t lo, hi;
	int t;

	mpfr_inits2(mpfi_get_prec(out), lo, hi, (mpfr_ptr)0);
	set_exact(lo, x, MPFR_RNDN);
	t = x->kind == NUM_FINITE ? mpfr_set_q(lo, x->mag, MPFR_RNDN) : 0;
	if (x->kind == NUM_FINITE && x->neg)
		mpfr_neg(lo, lo, MPFR_RNDN);
	t = x->neg ? -t : t; /* against the signed value */
	mpfr_set(hi, lo, MPFR_RNDN);
	if (t > 0)
		mpfr_nextbelow(lo);
	else if (t < 0)
		mpfr_nextabove(hi);
	mpfi_interv_fr(out, lo, hi); /* the exact value lies inside */
	mpfr_clears(lo, hi, (mpfr_ptr)0);
}

static bool is_point(mpfi_srcptr a)
{
	return mpfr_equal_p(&a->left, &a->right);
}

/* Is the exponent's enclosure one integer, small enough to square by? */
static bool small_integer(mpfi_srcptr y, long *k)
{
	if (!is_point(y) || !mpfr_integer_p(&y->left) || mpfr_cmpabs_ui(&y->left, 1UL << 20) > 0)
		return false;
	*k = mpfr_get_si(&y->left, MPFR_RNDN);
	return true;
}

/* x^k for an integer k by repeated squaring of the enclosure: negative bases too. */
static void enclose_integer_power(mpfi_ptr out, mpfi_srcptr x, long k)
{
	unsigned long n = k < 0 ? -(unsigned long)k : (unsigned long)k;
	mpfi_t base;

	mpfi_init2(base, mpfi_get_prec(out));
	mpfi_set(base, x);
	mpfi_set_ui(out, 1);
	for (; n; n >>= 1) {
		if (n & 1)
			mpfi_mul(out, out, base);
		if (n > 1)
			mpfi_sqr(base, base);
	}
	if (k < 0)
		mpfi_inv(out, out);
	mpfi_clear(base);
}

/* x^y: an exact integer y by squaring; else exp(y·log x), NaN for x < 0. */
static void enclose_power(mpfi_ptr out, mpfi_srcptr x, mpfi_srcptr y)
{
	mpfi_t t;
	long k;

	if (small_integer(y, &k)) {
		enclose_integer_power(out, x, k);
		return;
	}
	mpfi_init2(t, mpfi_get_prec(out));
	mpfi_log(t, x);
	mpfi_mul(t, t, y);
	mpfi_exp(out, t);
	mpfi_clear(t);
}

/* What an enclosure found: the value lies inside; or it is NaN; or NaN came out of an
 * argument that straddles the edge of a domain, which a closer one may settle. */
enum enclosure { ENCLOSED, NAN_SURELY, NAN_MAYBE };

/* Does the interval hold an integer (an exponent a negative base may take)? */
static bool holds_integer(mpfi_srcptr b)
{
	mpfr_t k;
	bool holds;

	mpfr_init2(k, mpfi_get_prec(b));
	mpfr_floor(k, &b->right);
	holds = mpfr_number_p(k) && mpfr_greaterequal_p(k, &b->left);
	mpfr_clear(k);
	return holds;
}

/* NaN came out of op at a and b: for sure, when they are points or wholly outside the
 * domain (both ends of a function's argument give NaN; a negative base of a power whose
 * exponent is surely not an integer). */
static enum enclosure why_nan(const struct real *r, mpfi_srcptr a, mpfi_srcptr b)
{
	mpfr_t v;
	bool outside;

	if (is_point(a) && (!r->arg[1] || is_point(b)))
		return NAN_SURELY;
	if (r->op == REAL_POW)
		return mpfr_sgn(&a->right) < 0 && !holds_integer(b) ? NAN_SURELY : NAN_MAYBE;
	if (r->op != REAL_CALL || r->fn->arity != 1)
		return NAN_MAYBE;
	mpfr_init2(v, mpfi_get_prec(a));
	r->fn->point(v, &a->left, MPFR_RNDN);
	outside = mpfr_nan_p(v);
	r->fn->point(v, &a->right, MPFR_RNDN);
	outside = outside && mpfr_nan_p(v);
	mpfr_clear(v);
	return outside ? NAN_SURELY : NAN_MAYBE;
}

/* MPFI's flags: which ends op rounded. */
static int apply(mpfi_ptr out, const struct real *r, mpfi_srcptr a, mpfi_srcptr b)
{
	switch (r->op) {
	case REAL_NEG: return mpfi_neg(out, a);
	case REAL_ADD: return mpfi_add(out, a, b);
	case REAL_SUB: return mpfi_sub(out, a, b);
	case REAL_MUL: return mpfi_mul(out, a, b);
	case REAL_DIV: return mpfi_div(out, a, b);
	case REAL_POW: enclose_power(out, a, b); return 0;
	case REAL_CALL: return r->fn->arity == 1 ? r->fn->unary(out, a) : r->fn->binary(out, a, b);
	default: return 0;
	}
}

/* ---- Open ends --------------------------------------------------------------------------- */

/*
 * Which ends of an enclosure the value lies strictly inside of: those MPFI rounded
 * outward, and those an argument's open end carries to. gelu(100) is 100 − 2^-7000-odd:
 * its enclosure ends on 100 at any practical precision, and only the open end says the
 * value is below it (inexact), not on it. The bits are MPFI's flags for rounded ends.
 */
enum { OPEN_LO = MPFI_FLAGS_LEFT_ENDPOINT_INEXACT, OPEN_HI = MPFI_FLAGS_RIGHT_ENDPOINT_INEXACT, OPEN_BOTH = 3 };

static unsigned other_ends(unsigned open)
{
	return (open & OPEN_LO ? OPEN_HI : 0) | (open & OPEN_HI ? OPEN_LO : 0);
}

/*
 * x·y and x/y. With one argument a nonzero point c, each is strictly monotone in the
 * other (decreasing for c < 0, and for c/y with c > 0), so its open ends carry over.
 * With neither a point, both open at both ends: a product or quotient has no local
 * extremum (its gradient vanishes only at a saddle), so on an open box of arguments it
 * never reaches the bounds of its image.
 */
static unsigned open_product(const struct real *r, mpfi_srcptr a, mpfi_srcptr b, unsigned oa, unsigned ob)
{
	int c;

	if (!is_point(a) && !is_point(b))
		return oa == OPEN_BOTH && ob == OPEN_BOTH ? OPEN_BOTH : 0;
	if (is_point(b)) {
		c = mpfr_sgn(&b->left);
		return c == 0 ? 0 : c > 0 ? oa : other_ends(oa);
	}
	c = mpfr_sgn(&a->left);
	if (c == 0)
		return 0;
	return (c > 0) == (r->op == REAL_MUL) ? ob : other_ends(ob);
}

/* x^y for x of one sign: strictly monotone in x (y ≠ 0) and in y (x ≠ 1), with no local
 * extremum; so inside both ends when each argument is a point or open at both. */
static unsigned open_power(mpfi_srcptr a, mpfi_srcptr b, unsigned oa, unsigned ob)
{
	bool one_sign = mpfr_sgn(&a->left) * mpfr_sgn(&a->right) > 0;

	return one_sign && (is_point(a) || oa == OPEN_BOTH) && (is_point(b) || ob == OPEN_BOTH) ? OPEN_BOTH : 0;
}

/*
 * min and max: max(x, y) ≥ x, so its lower end is open when an argument ending there is;
 * max(x, y) < R needs each argument ending at R to stay below it. min the other way.
 */
static unsigned open_min_max(bool is_max, mpfi_srcptr out, mpfi_srcptr a, mpfi_srcptr b, unsigned oa, unsigned ob)
{
	unsigned some = 0, all = OPEN_BOTH;
	mpfi_srcptr arg[2] = { a, b };
	unsigned open[2] = { oa, ob };

	for (int i = 0; i < 2; i++) {
		unsigned ends = (mpfr_equal_p(&arg[i]->left, &out->left) ? OPEN_LO : 0) |
				(mpfr_equal_p(&arg[i]->right, &out->right) ? OPEN_HI : 0);
		some |= ends & open[i];
		all &= ~(ends & ~open[i]);
	}
	return is_max ? (some & OPEN_LO) | (all & OPEN_HI) : (all & OPEN_LO) | (some & OPEN_HI);
}

/* What the arguments' open ends (oa, ob) make of the result's, beyond the ends MPFI
 * rounded. */
static unsigned open_carried(const struct real *r, mpfi_srcptr out, mpfi_srcptr a, mpfi_srcptr b, unsigned oa,
			     unsigned ob)
{
	switch (r->op) {
	case REAL_NEG: return other_ends(oa);
	case REAL_ADD: return oa | ob;             /* x + y > xlo + ylo when either is above its end */
	case REAL_SUB: return oa | other_ends(ob); /* x − y > xlo − yhi likewise */
	case REAL_MUL:
	case REAL_DIV: return open_product(r, a, b, oa, ob);
	case REAL_POW: return open_power(a, b, oa, ob);
	case REAL_CALL: break;
	default: return 0;
	}
	switch (r->fn->passing) {
	case PASS_INCREASING: return oa;
	case PASS_DECREASING: return other_ends(oa);
	case PASS_MIN:
	case PASS_MAX: return open_min_max(r->fn->passing == PASS_MAX, out, a, b, oa, ob);
	case PASS_ROUNDED: break;
	}
	return 0;
}

/* ---- Enclosing ------------------------------------------------------------------------------ */

/* out ⊇ the value of r, at precision prec (exact leaves at their own); *open, the ends
 * the value lies strictly inside of. */
static enum enclosure enclose(mpfi_ptr out, unsigned *open, const struct real *r, mpfr_prec_t prec)
{
	mpfi_t a, b;
	unsigned oa = 0, ob = 0;
	enum enclosure e, eb = ENCLOSED;

	*open = 0;
	switch (r->op) {
	case REAL_EXACT:
		enclose_exact(out, &r->exact);
		*open = is_point(out) ? 0 : OPEN_BOTH; /* an inexact rational lies between its neighbours */
		return r->exact.kind == NUM_NAN ? NAN_SURELY : ENCLOSED;
	case REAL_PI:
		mpfi_const_pi(out);
		*open = OPEN_BOTH;
		return ENCLOSED;
	case REAL_E:
		mpfi_set_ui(out, 1);
		mpfi_exp(out, out);
		*open = OPEN_BOTH;
		return ENCLOSED;
	case REAL_VAR: /* unbound: no value */
		mpfi_set_d(out, 0);
		return NAN_SURELY;
	default:
		break;
	}
	mpfi_init2(a, precision_for(r->arg[0], prec));
	mpfi_init2(b, r->arg[1] ? precision_for(r->arg[1], prec) : MPFR_PREC_MIN);
	e = enclose(a, &oa, r->arg[0], prec);
	if (r->arg[1])
		eb = enclose(b, &ob, r->arg[1], prec);
	if (e == ENCLOSED)
		e = eb;
	if (e == ENCLOSED) {
		unsigned rounded = (unsigned)apply(out, r, a, b);
		if (mpfi_nan_p(out))
			e = why_nan(r, a, b);
		else if (!is_point(out))
			*open = (rounded | open_carried(r, out, a, b, oa, ob)) & OPEN_BOTH;
	}
	mpfi_clear(a);
	mpfi_clear(b);
	return e;
}

/* Does a NaN argument (typed nan) make r NaN, rather than a domain (no invalid flag)? */
static bool has_nan_leaf(const struct real *r)
{
	return r && ((r->op == REAL_EXACT && r->exact.kind == NUM_NAN) || has_nan_leaf(r->arg[0]) ||
		     has_nan_leaf(r->arg[1]));
}

/* ---- Points --------------------------------------------------------------------------- */

/*
 * r evaluated by MPFR at one point per step (rounded to nearest at prec): for the sign of
 * a zero, which intervals do not keep (sin(-0) is −0, -0 + 0 is +0).
 */
static void point_value(mpfr_ptr out, const struct real *r, mpfr_prec_t prec)
{
	mpfr_t a, b;

	switch (r->op) {
	case REAL_EXACT: set_exact(out, &r->exact, MPFR_RNDN); return;
	case REAL_PI: mpfr_const_pi(out, MPFR_RNDN); return;
	case REAL_E: mpfr_set_ui(out, 1, MPFR_RNDN); mpfr_exp(out, out, MPFR_RNDN); return;
	case REAL_VAR: mpfr_set_nan(out); return;
	default: break;
	}
	mpfr_inits2(prec, a, b, (mpfr_ptr)0);
	point_value(a, r->arg[0], prec);
	if (r->arg[1])
		point_value(b, r->arg[1], prec);
	switch (r->op) {
	case REAL_NEG: mpfr_neg(out, a, MPFR_RNDN); break;
	case REAL_ADD: mpfr_add(out, a, b, MPFR_RNDN); break;
	case REAL_SUB: mpfr_sub(out, a, b, MPFR_RNDN); break;
	case REAL_MUL: mpfr_mul(out, a, b, MPFR_RNDN); break;
	case REAL_DIV: mpfr_div(out, a, b, MPFR_RNDN); break;
	case REAL_POW: mpfr_pow(out, a, b, MPFR_RNDN); break;
	default:
		if (r->fn->arity == 1)
			r->fn->point(out, a, MPFR_RNDN);
		else
			r->fn->point2(out, a, b, MPFR_RNDN);
		break;
	}
	mpfr_clears(a, b, (mpfr_ptr)0);
}

static bool zero_is_negative(const struct real *r)
{
	mpfr_t v;
	bool neg;

	mpfr_init2(v, 64);
	point_value(v, r, 64);
	neg = mpfr_zero_p(v) && mpfr_signbit(v);
	mpfr_clear(v);
	return neg;
}

/* ---- Exact values of ends ----------------------------------------------------------------- */

/* x = the exact value of an MPFR number (±inf included; past 2^±NUM_LIMIT_EXP, the
 * bounded stand-in, which rounds as the number would). */
static void end_value(struct num *x, mpfr_srcptr end)
{
	static mpz_t sig; /* kept from one value to the next: no allocation per value */
	static bool ready;
	long exp;

	x->kind = mpfr_inf_p(end) ? NUM_INF : NUM_FINITE;
	x->neg = mpfr_signbit(end);
	x->bound = NUM_EXACT;
	mpq_set_ui(x->mag, 0, 1);
	if (x->kind == NUM_INF || mpfr_zero_p(end))
		return;
	exp = mpfr_get_exp(end);
	if (exp > NUM_LIMIT_EXP || exp < -NUM_LIMIT_EXP) {
		num_set_bound(x, exp > 0 ? NUM_HUGE : NUM_TINY);
		return;
	}
	if (!ready)
		mpz_init(sig);
	ready = true;
	exp = mpfr_get_z_2exp(sig, end);
	mpz_abs(sig, sig);
	num_set_dyadic(x->mag, sig, exp);
}

/*
 * An end MPFR could not hold even in its widest exponent range (|v| beyond 2^(2^62)):
 * an underflow leaves it 0 and an overflow infinite, while the other end is a number.
 * The value then lies past 2^±NUM_LIMIT_EXP on that side (it was flushed, so it was not
 * 0; it was finite), so the end takes the bounded stand-in, which rounds as any such
 * value does.
 */
static void past_the_range(struct num *lo, struct num *hi)
{
	bool lo_flushed = lo->kind == NUM_FINITE && mpq_sgn(lo->mag) == 0 && mpq_sgn(hi->mag) != 0;
	bool hi_flushed = hi->kind == NUM_FINITE && mpq_sgn(hi->mag) == 0 && mpq_sgn(lo->mag) != 0;

	if (mpfr_underflow_p() && (lo_flushed || hi_flushed)) {
		struct num *zero = lo_flushed ? lo : hi, *other = lo_flushed ? hi : lo;
		num_set_bound(zero, NUM_TINY);
		zero->neg = other->neg;
	}
	if (mpfr_overflow_p() && lo->kind == NUM_INF && hi->kind == NUM_FINITE)
		num_set_bound(lo, NUM_HUGE);
	if (mpfr_overflow_p() && hi->kind == NUM_INF && lo->kind == NUM_FINITE)
		num_set_bound(hi, NUM_HUGE);
}

/* The widest exponent range MPFR has, so that no enclosure overflows or underflows
 * before fpx's own rounding sees it; the caller's range is put back. */
struct exponent_range {
	mpfr_exp_t emin, emax;
};

static struct exponent_range widest_range(void)
{
	struct exponent_range saved = { mpfr_get_emin(), mpfr_get_emax() };

	mpfr_set_emin(mpfr_get_emin_min());
	mpfr_set_emax(mpfr_get_emax_max());
	return saved;
}

static void restore_range(struct exponent_range saved)
{
	mpfr_set_emin(saved.emin);
	mpfr_set_emax(saved.emax);
}

/* ---- One function of dyadic arguments -------------------------------------------------- */

/* Is r one function of exact dyadic arguments, which MPFR rounds correctly? */
static bool is_single_call(const struct real *r)
{
	if (r->op != REAL_CALL && r->op != REAL_POW)
		return false;
	for (int i = 0; i < 2; i++)
		if (r->arg[i] && (r->arg[i]->op != REAL_EXACT || !is_dyadic(&r->arg[i]->exact)))
			return false;
	return true;
}

/* r (a single call) rounded toward zero into y, by MPFR; its ternary. */
static int call_toward_zero(mpfr_ptr y, const struct real *r)
{
	mpfr_t a, b;
	int inexact;

	mpfr_init2(a, dyadic_bits(&r->arg[0]->exact));
	mpfr_init2(b, r->arg[1] ? dyadic_bits(&r->arg[1]->exact) : MPFR_PREC_MIN);
	set_exact(a, &r->arg[0]->exact, MPFR_RNDN); /* exact: enough bits */
	if (r->arg[1])
		set_exact(b, &r->arg[1]->exact, MPFR_RNDN);
	if (r->op == REAL_POW)
		inexact = mpfr_pow(y, a, b, MPFR_RNDZ);
	else if (r->fn->arity == 1)
		inexact = r->fn->point(y, a, MPFR_RNDZ);
	else
		inexact = r->fn->point2(y, a, b, MPFR_RNDZ);
	mpfr_clears(a, b, (mpfr_ptr)0);
	return inexact;
}

/* y, rounded toward zero with that ternary, made the round-to-odd value: the last bit
 * set when y was inexact. */
static void make_odd(mpfr_ptr y, int inexact)
{
	if (!inexact || !mpfr_regular_p(y) || mpfr_min_prec(y) == mpfr_get_prec(y))
		return;
	if (mpfr_signbit(y))
		mpfr_nextbelow(y);
	else
		mpfr_nextabove(y);
}

/* The exact value of a round-to-odd y; one flushed to 0 below MPFR's range is tiny. */
static void odd_value(struct num *x, mpfr_srcptr y, int inexact)
{
	end_value(x, y);
	if (inexact && mpfr_zero_p(y)) {
		num_set_bound(x, NUM_TINY);
		x->neg = mpfr_signbit(y);
	}
}

/*
 * One function of dyadic arguments, always decided: MPFR gives it rounded toward zero
 * at `bits` and says whether that was exact; setting the last bit when it was not makes
 * the round-to-odd value, which rounded once to at most bits − 2 bits is the correctly
 * rounded result in every mode (RLIBM-ALL: the two extra bits keep every midpoint and
 * boundary of bits − 2 bits apart, and the odd last bit keeps an inexact value off them).
 * False when the value is NaN; *pole when it is ±inf at a pole.
 */
static bool single_call_odd(struct num *out, bool *exact, bool *pole, const struct real *r, long bits)
{
	mpfr_t y;
	int inexact;
	bool ok;

	mpfr_init2(y, bits);
	mpfr_clear_flags();
	inexact = call_toward_zero(y, r);
	*exact = inexact == 0;
	*pole = mpfr_divby0_p() && mpfr_inf_p(y);
	ok = !mpfr_nan_p(y);
	if (ok) {
		make_odd(y, inexact);
		odd_value(out, y, inexact);
	}
	mpfr_clear(y);
	return ok;
}

/* The round-to-odd value at `bits` of an end: false when the end is a bits-bit number
 * (then the value may be too), or not a number fpx's exact values reach. */
static bool odd_end(mpfr_ptr y, mpfr_srcptr end)
{
	int inexact;

	if (!mpfr_regular_p(end) || labs(mpfr_get_exp(end)) > NUM_LIMIT_EXP)
		return false;
	inexact = mpfr_set(y, end, MPFR_RNDZ);
	make_odd(y, inexact);
	return inexact != 0;
}

/*
 * The numbers the one-call paths work with, kept from one value to the next (a million
 * lines would otherwise mean millions of allocations) and set to each value's
 * precisions: the argument rounded, the function's value, the ends of its enclosure,
 * and their round-to-odd values.
 */
static struct {
	bool ready;
	mpfr_t x, y, lo, hi, odd_lo, odd_hi;
} work;

static void work_ready(void)
{
	if (!work.ready)
		mpfr_inits2(MPFR_PREC_MIN, work.x, work.y, work.lo, work.hi, work.odd_lo, work.odd_hi, (mpfr_ptr)0);
	work.ready = true;
}

/* Do both ends of [lo, hi] round to odd alike at bits? Then *x is the round-to-odd
 * value of everything between them: one exact stand-in for the whole interval. */
static bool interval_odd(struct num *x, mpfr_srcptr lo, mpfr_srcptr hi, long bits)
{
	bool same;

	work_ready();
	mpfr_set_prec(work.odd_lo, bits);
	mpfr_set_prec(work.odd_hi, bits);
	same = odd_end(work.odd_lo, lo) && odd_end(work.odd_hi, hi) && mpfr_equal_p(work.odd_lo, work.odd_hi);
	if (same)
		end_value(x, work.odd_lo);
	return same;
}

/* ---- One function of an exact argument that is not binary ------------------------------ */

/* Is r one function with a slope bound of one exact argument that is not dyadic (a
 * decimal such as 0.1)? */
static bool is_near_call(const struct real *r)
{
	const struct num *x;

	if (r->op != REAL_CALL || r->fn->arity != 1 || r->fn->slope == SLOPE_NONE || r->arg[0]->op != REAL_EXACT)
		return false;
	x = &r->arg[0]->exact;
	return x->kind == NUM_FINITE && !x->bound && !is_dyadic(x) && mpq_sgn(x->mag) != 0;
}

/*
 * log2 of a bound on |f'| over [x − δ, x + δ], for y = f(x) rounded to nearest, when δ
 * is below 2^-14 both absolutely and relative to x (near_call_odd() makes it so); false
 * where the class has no bound there. E(v) is MPFR's exponent: |v| < 2^E(v) ≤ 2|v|.
 */
static bool slope_bound(long *s, enum slope slope, mpfr_srcptr x, mpfr_srcptr y)
{
	long ex = mpfr_get_exp(x), ey = mpfr_get_exp(y);

	switch (slope) {
	case SLOPE_ONE: *s = 0; return true;
	case SLOPE_ERF: *s = 1; return true;                  /* 2/√π < 2 */
	case SLOPE_EXP: *s = ey + 2; return true;             /* ln 10 · 1.01|y| < 4|y| */
	case SLOPE_EXP_ONE: *s = (ey > 1 ? ey : 1) + 2; return true; /* 1.01(|y| + 1) < 4 max(|y|, 1) */
	case SLOPE_LOG: *s = 2 - ex; return mpfr_sgn(x) > 0;  /* 1.45/x < 2^(2 − E(x)) */
	case SLOPE_SQRT: *s = 1 - ey; return mpfr_sgn(x) > 0; /* 0.51/y < 2^(1 − E(y)) */
	case SLOPE_CBRT: *s = 1 - 2 * ey; return true;        /* 0.34/y² < 2^(1 − 2E(y)) */
	case SLOPE_NONE: break;
	}
	return false;
}

/*
 * One function f of an exact decimal x by one MPFR call: x̂ = x rounded to nearest at P
 * bits (|x − x̂| ≤ δ = 2^(E(x̂) − P − 1)), y = f(x̂) rounded to nearest at Q bits, so
 * |f(x) − y| ≤ 2^s·δ + 2^(E(y) − Q − 1) with 2^s the slope bound; when both ends of
 * y ± that round to odd alike at `bits`, that is f(x)'s round-to-odd value (*out).
 * False when they do not (or there is no bound): then intervals decide.
 */
/*
 * tanh, erf and erfc never reach their bounds (1, or 2): an end at or past one becomes
 * bound·(1 − 2^-(bits+1)), which lies between the bound and its neighbour of `bits` bits,
 * as every value of the function past the other end does, and so rounds to odd as they
 * all do. So tanh(179584.7) is decided below 1 (inexact), though no enclosure of
 * practical width excludes 1.
 */
static void inside_bounds(mpfr_ptr lo, mpfr_ptr hi, const struct real_fn *fn, long bits)
{
	if (!fn->bound)
		return;
	if (mpfr_cmp_ui(hi, (unsigned long)fn->bound) >= 0) {
		mpfr_set_ui_2exp(hi, 1, -(bits + 1), MPFR_RNDN);
		mpfr_ui_sub(hi, 1, hi, MPFR_RNDN); /* exact: bits + 1 bits */
		mpfr_mul_ui(hi, hi, (unsigned long)fn->bound, MPFR_RNDN);
	}
	if (fn->symmetric && mpfr_cmp_si(lo, -fn->bound) <= 0) {
		mpfr_set_ui_2exp(lo, 1, -(bits + 1), MPFR_RNDN);
		mpfr_ui_sub(lo, 1, lo, MPFR_RNDN);
		mpfr_mul_si(lo, lo, -fn->bound, MPFR_RNDN);
	}
}

/* Bits past `bits` in the one call: the enclosure is then about 2^-(GUARD − 2) of a
 * round-to-odd cell wide, and fails to decide (leaving it to intervals) about once in
 * 2^(GUARD − 3) values; MPFR's time grows with the precision asked. */
#define NEAR_CALL_GUARD 12

static bool near_call_odd(struct num *out, const struct real *r, long bits)
{
	const struct num *x = &r->arg[0]->exact;
	long above = (long)mpz_sizeinbase(mpq_numref(x->mag), 2) - (long)mpz_sizeinbase(mpq_denref(x->mag), 2);
	long p, q = bits + NEAR_CALL_GUARD, s, from_x, from_y;

	if (above > 4096)
		return false;
	p = q + (above > 0 ? above : 0);
	work_ready();
	mpfr_set_prec(work.x, p);
	mpfr_set_prec(work.y, q);
	mpfr_set_prec(work.lo, q + 8);
	mpfr_set_prec(work.hi, q + 8);
	mpfr_set_q(work.x, x->mag, MPFR_RNDN);
	if (x->neg)
		mpfr_neg(work.x, work.x, MPFR_RNDN);
	r->fn->point(work.y, work.x, MPFR_RNDN);
	if (!mpfr_regular_p(work.y) || !slope_bound(&s, r->fn->slope, work.x, work.y))
		return false;
	from_x = s + mpfr_get_exp(work.x) - p - 1;
	from_y = mpfr_get_exp(work.y) - q - 1;
	mpfr_set_ui_2exp(work.lo, 1, (from_x > from_y ? from_x : from_y) + 1, MPFR_RNDN); /* both, at most */
	mpfr_add(work.hi, work.y, work.lo, MPFR_RNDU);
	mpfr_sub(work.lo, work.y, work.lo, MPFR_RNDD);
	inside_bounds(work.lo, work.hi, r->fn, bits);
	return interval_odd(out, work.lo, work.hi, bits);
}

/* ---- Targets ---------------------------------------------------------------------------------- */

static bool encode_into_format(struct rnd_result *out, const struct num *x, const void *how)
{
	const struct real_format_target *t = how;

	return rnd_encode(out, t->f, x, t->mode, t->saturate) == RND_OK;
}

const struct real_target *real_target_format(struct real_format_target *t, const struct fmt *f, enum rnd_mode mode,
					     bool saturate)
{
	*t = (struct real_format_target){ { encode_into_format, t, f->precision }, f, mode, saturate };
	return &t->target;
}

/* ---- Ziv's loop ------------------------------------------------------------------------------ */

/* Do the two ends round alike, so that every value between them does too? A result
 * equal to an end (ternary 0) may have the true value on either side of it; but a NaN
 * made from a number (overflow into E4M3, a negative into E8M0: flagged overflow or
 * invalid) has no side, and is the same for everything between. */
static bool same_rounding(const struct rnd_result *a, const struct rnd_result *b)
{
	unsigned mask = ~(unsigned)RND_TIE;
	bool nan_made = (a->flags & (RND_OVERFLOW | RND_INVALID)) && a->ternary == 0;

	return a->code == b->code && a->ternary == b->ternary && (a->ternary != 0 || nan_made) &&
	       (a->flags & mask) == (b->flags & mask);
}

/*
 * An enclosure of r at one working precision, and the ends to round: the enclosure's,
 * each moved inward by 2^-9 of its last place where the value lies strictly inside it.
 * No boundary of fewer bits than the enclosure's lies between an end and the moved
 * end, so every value between them rounds (and rounds to odd) as the moved end does; a
 * zero end moves to MPFR's least number, fpx's tiny stand-in (end_value()).
 */
struct attempt {
	enum enclosure found;
	bool point, pole;
	mpfi_t enclosure;
	mpfr_t lo, hi;
};

static void end_inward(mpfr_ptr moved, mpfr_srcptr end, bool open, bool upper)
{
	mpfr_set_prec(moved, mpfr_get_prec(end) + 9);
	mpfr_set(moved, end, MPFR_RNDN); /* exact */
	if (!open || mpfr_inf_p(end) || mpfr_nan_p(end))
		return;
	if (upper)
		mpfr_nextbelow(moved);
	else
		mpfr_nextabove(moved);
}

static void attempt_at(struct attempt *t, const struct real *r, mpfr_prec_t prec)
{
	unsigned open;

	mpfi_init2(t->enclosure, prec);
	mpfr_inits2(prec, t->lo, t->hi, (mpfr_ptr)0);
	mpfr_clear_flags();
	t->found = enclose(t->enclosure, &open, r, prec);
	t->point = t->found == ENCLOSED && is_point(t->enclosure);
	t->pole = t->point && mpfr_inf_p(&t->enclosure->left) && mpfr_divby0_p();
	end_inward(t->lo, &t->enclosure->left, open & OPEN_LO, false);
	end_inward(t->hi, &t->enclosure->right, open & OPEN_HI, true);
}

/* The ends to round as exact values (a point's zero signed as IEEE has it). */
static void attempt_ends(struct num *lo, struct num *hi, const struct attempt *t, const struct real *r)
{
	end_value(lo, t->lo);
	end_value(hi, t->hi);
	past_the_range(lo, hi);
	if (t->point && mpfr_zero_p(t->lo))
		lo->neg = hi->neg = zero_is_negative(r);
}

static bool attempt_odd(struct num *x, const struct attempt *t, long bits)
{
	return interval_odd(x, t->lo, t->hi, bits);
}

static void attempt_clear(struct attempt *t)
{
	mpfi_clear(t->enclosure);
	mpfr_clears(t->lo, t->hi, (mpfr_ptr)0);
}

static enum real_status nan_or_not_yet(const struct attempt *t, const struct real *r)
{
	return t->found != NAN_SURELY ? REAL_UNDECIDED : has_nan_leaf(r) ? REAL_NAN : REAL_DOMAIN;
}

/* Rounds both ends of the enclosure as t says: do they round alike? */
static bool ends_round_alike(struct rnd_result *out, const struct attempt *a, const struct real *r,
			     const struct real_target *t)
{
	struct rnd_result lo, hi;
	struct num x, y;
	bool alike;

	num_init(&x);
	num_init(&y);
	attempt_ends(&x, &y, a, r);
	alike = t->encode(&lo, &x, t->how) && t->encode(&hi, &y, t->how) && same_rounding(&lo, &hi);
	if (alike) {
		*out = lo;
		out->flags &= ~(unsigned)RND_TIE;
		out->placed = false; /* what was placed is an end, not the value */
	}
	num_clear(&x);
	num_clear(&y);
	return alike;
}

/* Rounds r's enclosure at prec as t says: decided (in *out), not yet, or NaN. The ends'
 * common round-to-odd value, when there is one, is rounded once in their place; else
 * the two ends are rounded (a value exactly on a number of t->precision + 2 bits, as
 * (2^0.5)^2 is on 2, may still round alike). */
static enum real_status round_at(struct rnd_result *out, const struct real *r, const struct real_target *t,
				 mpfr_prec_t prec)
{
	struct attempt a;
	struct num x;
	enum real_status status = REAL_UNDECIDED;

	num_init(&x);
	attempt_at(&a, r, prec);
	if (a.found != ENCLOSED)
		status = nan_or_not_yet(&a, r);
	else if (a.point) { /* the value is exact */
		attempt_ends(&x, &x, &a, r);
		if (t->encode(out, &x, t->how)) {
			status = REAL_DECIDED;
			if (a.pole)
				out->flags |= RND_DIVBYZERO;
		}
	} else if (attempt_odd(&x, &a, t->precision + 2)) {
		if (t->encode(out, &x, t->how)) {
			out->placed = false;
			status = REAL_DECIDED;
		}
	} else if (ends_round_alike(out, &a, r, t))
		status = REAL_DECIDED;
	attempt_clear(&a);
	num_clear(&x);
	return status;
}

enum real_status real_round(struct rnd_result *out, const struct real *r, const struct real_target *t,
			    long max_precision)
{
	struct exponent_range saved = widest_range();
	enum real_status s = REAL_DOMAIN;
	long prec = t->precision + 32;

	if (is_single_call(r)) {
		struct num x;
		bool exact, pole;
		num_init(&x);
		if (single_call_odd(&x, &exact, &pole, r, t->precision + 2) && t->encode(out, &x, t->how)) {
			s = REAL_DECIDED;
			out->placed = false;
			if (pole)
				out->flags |= RND_DIVBYZERO;
		}
		num_clear(&x);
		restore_range(saved);
		return s;
	}
	if (is_near_call(r)) {
		struct num x;
		bool decided;
		num_init(&x);
		decided = near_call_odd(&x, r, t->precision + 2) && t->encode(out, &x, t->how);
		num_clear(&x);
		if (decided) {
			out->placed = false;
			restore_range(saved);
			return REAL_DECIDED;
		}
	}
	for (;; prec *= 2) {
		if (prec > max_precision)
			prec = max_precision;
		s = round_at(out, r, t, (mpfr_prec_t)prec);
		if (s != REAL_UNDECIDED || prec >= max_precision)
			break;
	}
	restore_range(saved);
	return s;
}

enum real_status real_stand_in(struct num *out, bool *exact, bool *pole, const struct real *r, long bits,
			       long max_precision)
{
	struct exponent_range saved = widest_range();
	enum real_status s = REAL_UNDECIDED;
	long prec = bits + 32;

	*exact = false;
	*pole = false;
	if (is_single_call(r)) {
		s = single_call_odd(out, exact, pole, r, bits) ? REAL_DECIDED : REAL_DOMAIN;
		restore_range(saved);
		return s;
	}
	if (is_near_call(r) && near_call_odd(out, r, bits)) {
		restore_range(saved);
		return REAL_DECIDED;
	}
	for (;; prec *= 2) {
		struct attempt t;
		if (prec > max_precision)
			prec = max_precision;
		attempt_at(&t, r, (mpfr_prec_t)prec);
		if (t.found != ENCLOSED)
			s = nan_or_not_yet(&t, r);
		else if (t.point) {
			attempt_ends(out, out, &t, r);
			*exact = true;
			*pole = t.pole;
			s = REAL_DECIDED;
		} else if (attempt_odd(out, &t, bits))
			s = REAL_DECIDED;
		else if (prec >= max_precision) { /* the best there is; s stays REAL_UNDECIDED */
			mpfr_t mid;
			mpfr_init2(mid, prec + 1);
			mpfi_mid(mid, t.enclosure);
			end_value(out, mid);
			mpfr_clear(mid);
		}
		attempt_clear(&t);
		if (s != REAL_UNDECIDED || prec >= max_precision)
			break;
	}
	restore_range(saved);
	return s;
}
