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

struct real_fn {
	const char *name;
	int arity;
	mpfi_unary *unary;   /* encloses the image of an interval */
	mpfi_binary *binary;
	mpfr_unary *point;   /* the same function of one point, correctly rounded (MPFR) */
};

static const struct real_fn functions[] = {
	{ "sqrt", 1, mpfi_sqrt, NULL, mpfr_sqrt },    { "cbrt", 1, mpfi_cbrt, NULL, mpfr_cbrt },
	{ "exp", 1, mpfi_exp, NULL, mpfr_exp },       { "exp2", 1, mpfi_exp2, NULL, mpfr_exp2 },
	{ "expm1", 1, mpfi_expm1, NULL, mpfr_expm1 }, { "log", 1, mpfi_log, NULL, mpfr_log },
	{ "log2", 1, mpfi_log2, NULL, mpfr_log2 },    { "log10", 1, mpfi_log10, NULL, mpfr_log10 },
	{ "log1p", 1, mpfi_log1p, NULL, mpfr_log1p }, { "sin", 1, mpfi_sin, NULL, mpfr_sin },
	{ "cos", 1, mpfi_cos, NULL, mpfr_cos },       { "tan", 1, mpfi_tan, NULL, mpfr_tan },
	{ "asin", 1, mpfi_asin, NULL, mpfr_asin },    { "acos", 1, mpfi_acos, NULL, mpfr_acos },
	{ "atan", 1, mpfi_atan, NULL, mpfr_atan },    { "sinh", 1, mpfi_sinh, NULL, mpfr_sinh },
	{ "cosh", 1, mpfi_cosh, NULL, mpfr_cosh },    { "tanh", 1, mpfi_tanh, NULL, mpfr_tanh },
	{ "asinh", 1, mpfi_asinh, NULL, mpfr_asinh }, { "acosh", 1, mpfi_acosh, NULL, mpfr_acosh },
	{ "atanh", 1, mpfi_atanh, NULL, mpfr_atanh }, { "abs", 1, mpfi_abs, NULL, mpfr_abs },
	{ "atan2", 2, NULL, mpfi_atan2, NULL },       { "hypot", 2, NULL, mpfi_hypot, NULL },
};

#define FUNCTION_COUNT (sizeof functions / sizeof functions[0])

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

	r->exact.kind = x->kind;
	r->exact.neg = x->neg;
	r->exact.bound = x->bound;
	mpq_set(r->exact.mag, x->mag);
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

static void enclose_exact(mpfi_ptr out, const struct num *x)
{
	mpfi_set_q(out, x->mag); /* rounded outward: the exact value lies inside */
	if (x->neg)
		mpfi_neg(out, out);
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
static void enclose_power(mpfi_ptr out, mpfi_srcptr x, mpfi_srcptr y, const struct real *expo)
{
	mpfi_t t;

	if (expo->op == REAL_EXACT && mpz_cmp_ui(mpq_denref(expo->exact.mag), 1) == 0 &&
	    mpz_cmp_ui(mpq_numref(expo->exact.mag), 1UL << 20) <= 0) {
		long k = (long)mpz_get_ui(mpq_numref(expo->exact.mag));
		enclose_integer_power(out, x, expo->exact.neg ? -k : k);
		return;
	}
	mpfi_init2(t, mpfi_get_prec(out));
	mpfi_log(t, x);
	mpfi_mul(t, t, y);
	mpfi_exp(out, t);
	mpfi_clear(t);
}

/* out ⊇ the value of r, at precision prec; false when it is NaN (outside a domain). */
static bool enclose(mpfi_ptr out, const struct real *r, mpfr_prec_t prec)
{
	mpfi_t a, b;
	bool ok = true;

	switch (r->op) {
	case REAL_EXACT:
		enclose_exact(out, &r->exact);
		return true;
	case REAL_PI:
		mpfi_const_pi(out);
		return true;
	case REAL_E:
		mpfi_set_ui(out, 1);
		mpfi_exp(out, out);
		return true;
	default:
		break;
	}
	mpfi_init2(a, prec);
	mpfi_init2(b, prec);
	ok = enclose(a, r->arg[0], prec) && (!r->arg[1] || enclose(b, r->arg[1], prec));
	if (ok) {
		switch (r->op) {
		case REAL_NEG: mpfi_neg(out, a); break;
		case REAL_ADD: mpfi_add(out, a, b); break;
		case REAL_SUB: mpfi_sub(out, a, b); break;
		case REAL_MUL: mpfi_mul(out, a, b); break;
		case REAL_DIV: mpfi_div(out, a, b); break;
		case REAL_POW: enclose_power(out, a, b, r->arg[1]); break;
		case REAL_CALL:
			if (r->fn->arity == 1)
				r->fn->unary(out, a);
			else
				r->fn->binary(out, a, b);
			break;
		default: break;
		}
		ok = !mpfi_nan_p(out);
	}
	mpfi_clear(a);
	mpfi_clear(b);
	return ok;
}

/* ---- Rounding both ends ----------------------------------------------------------------- */

/* x = the exact value of an end of an enclosure (±inf included; past 2^±NUM_LIMIT_EXP,
 * the bounded stand-in, which rounds as the end would). */
static void end_value(struct num *x, mpfr_srcptr end)
{
	mpz_t sig;
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
	mpz_init(sig);
	exp = mpfr_get_z_2exp(sig, end);
	mpz_abs(sig, sig);
	num_set_dyadic(x->mag, sig, exp);
	mpz_clear(sig);
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

/* Do the two ends round alike, so that every value between them does too? A result
 * equal to an end (ternary 0) may have the true value on either side of it. */
static bool same_rounding(const struct rnd_result *a, const struct rnd_result *b)
{
	unsigned mask = ~(unsigned)RND_TIE;

	return a->code == b->code && a->ternary == b->ternary && a->ternary != 0 &&
	       (a->flags & mask) == (b->flags & mask);
}

/* Rounds both ends of the enclosure at prec: decided (in *out), not yet, or NaN. */
static enum real_status round_at(struct rnd_result *out, const struct fmt *f, const struct real *r,
				 enum rnd_mode mode, bool saturate, mpfr_prec_t prec)
{
	struct rnd_result lo, hi;
	struct num x, y;
	mpfi_t enclosure;
	mpfr_t end;
	enum real_status status = REAL_UNDECIDED;

	mpfi_init2(enclosure, prec);
	mpfr_clear_flags();
	if (!enclose(enclosure, r, prec)) {
		mpfi_clear(enclosure);
		return REAL_DOMAIN;
	}
	mpfr_init2(end, prec);
	num_init(&x);
	num_init(&y);
	mpfi_get_left(end, enclosure);
	end_value(&x, end);
	mpfi_get_right(end, enclosure);
	end_value(&y, end);
	past_the_range(&x, &y);
	if (mpfr_equal_p(&enclosure->left, &enclosure->right)) { /* a point: the value is exact */
		if (rnd_encode(out, f, &x, mode, saturate) == RND_OK)
			status = REAL_DECIDED;
	} else if (rnd_encode(&lo, f, &x, mode, saturate) == RND_OK && rnd_encode(&hi, f, &y, mode, saturate) == RND_OK &&
		   same_rounding(&lo, &hi)) {
		*out = lo;
		out->flags &= ~(unsigned)RND_TIE;
		out->placed = false; /* what was placed is an end, not the value */
		status = REAL_DECIDED;
	}
	num_clear(&x);
	num_clear(&y);
	mpfr_clear(end);
	mpfi_clear(enclosure);
	return status;
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

/* Is x finite and dyadic (a power of two below it), as codes, hex floats and integers are? */
static bool is_dyadic(const struct num *x)
{
	mpz_srcptr den = mpq_denref(x->mag);

	return x->kind == NUM_FINITE && !x->bound && mpz_scan1(den, 0) + 1 == mpz_sizeinbase(den, 2);
}

/*
 * One function of a dyadic argument, always decided: MPFR gives fn(x) rounded toward
 * zero at p + 2 bits and says whether that was exact; setting the last bit when it was
 * not makes the round-to-odd value, which rounded once by round.c is the correctly
 * rounded result in every mode for every format with at most p bits (RLIBM-ALL: the
 * two extra bits keep every midpoint and boundary of p bits apart, and the odd last
 * bit keeps an inexact value off them). False when fn is NaN there.
 */
static bool round_dyadic_call(struct rnd_result *out, const struct fmt *f, const struct real *r, enum rnd_mode mode,
			      bool saturate)
{
	const struct num *x = &r->arg[0]->exact;
	mpfr_prec_t bits = (mpfr_prec_t)mpz_sizeinbase(mpq_numref(x->mag), 2);
	struct num v;
	mpfr_t a, y;
	int inexact;
	bool ok;

	mpfr_init2(a, bits < MPFR_PREC_MIN ? MPFR_PREC_MIN : bits);
	mpfr_init2(y, f->precision + 2);
	mpfr_set_q(a, x->mag, MPFR_RNDN); /* exact: bits is enough */
	if (x->neg)
		mpfr_neg(a, a, MPFR_RNDN);
	mpfr_clear_flags();
	inexact = r->fn->point(y, a, MPFR_RNDZ);
	ok = !mpfr_nan_p(y);
	if (ok && inexact && mpfr_regular_p(y)) {
		mpz_t sig;
		mpfr_exp_t e;
		mpz_init(sig);
		bool neg = mpfr_signbit(y);
		e = mpfr_get_z_2exp(sig, y);
		mpz_abs(sig, sig);
		mpz_setbit(sig, 0); /* round to odd */
		if (neg)
			mpz_neg(sig, sig);
		mpfr_set_z_2exp(y, sig, e, MPFR_RNDN); /* exact: p + 2 bits */
		mpz_clear(sig);
	}
	if (ok) {
		num_init(&v);
		end_value(&v, y);
		if (inexact && mpfr_zero_p(y)) { /* flushed below MPFR's range: tiny, not zero */
			num_set_bound(&v, NUM_TINY);
			v.neg = mpfr_signbit(y);
		}
		ok = rnd_encode(out, f, &v, mode, saturate) == RND_OK;
		out->placed = false;
		num_clear(&v);
	}
	mpfr_clears(a, y, (mpfr_ptr)0);
	return ok;
}

enum real_status real_round(struct rnd_result *out, const struct fmt *f, const struct real *r, enum rnd_mode mode,
			    bool saturate, long max_precision)
{
	struct exponent_range saved = widest_range();
	enum real_status s;
	long prec = f->precision + 32;

	if (r->op == REAL_CALL && r->fn->point && r->arg[0]->op == REAL_EXACT && is_dyadic(&r->arg[0]->exact)) {
		s = round_dyadic_call(out, f, r, mode, saturate) ? REAL_DECIDED : REAL_DOMAIN;
		restore_range(saved);
		return s;
	}
	for (;; prec *= 2) {
		if (prec > max_precision)
			prec = max_precision;
		s = round_at(out, f, r, mode, saturate, (mpfr_prec_t)prec);
		if (s != REAL_UNDECIDED || prec >= max_precision)
			break;
	}
	restore_range(saved);
	return s;
}
