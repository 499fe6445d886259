/*
 * enclose.c — a real enclosed by interval arithmetic, and the ends it lies strictly
 * inside of (enclose.h).
 */
#include "enclose.h"
#include "scratch.h"

#include <stdlib.h>

/* ---- Enclosures ----------------------------------------------------------------------- */

/* Is x finite and dyadic (a power of two below it), as codes, hex floats and integers are? */
bool real_is_dyadic(const struct num *x)
{
	mpz_srcptr den = mpq_denref(x->mag);

	return x->kind == NUM_FINITE && !x->bound && mpz_scan1(den, 0) + 1 == mpz_sizeinbase(den, 2);
}

/* The significant bits of a dyadic x, so that an MPFR number of that many holds it. */
mpfr_prec_t real_dyadic_bits(const struct num *x)
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
	if (real_is_dyadic(x))
		return real_dyadic_bits(x);
	above = (long)mpz_sizeinbase(mpq_numref(x->mag), 2) - (long)mpz_sizeinbase(mpq_denref(x->mag), 2);
	return above > 0 ? prec + above : prec;
}

void real_set_exact(mpfr_ptr out, const struct num *x, mpfr_rnd_t rnd)
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

/* x = the exact value of an MPFR number (±inf included; past 2^±NUM_LIMIT_EXP, the
 * bounded stand-in, which rounds as the number would). */
void real_end_value(struct num *x, mpfr_srcptr end)
{
	static _Thread_local mpz_t sig; /* kept from one value to the next (scratch.h) */
	static _Thread_local bool ready;
	long exp;

	num_set_kind(x, mpfr_inf_p(end) ? NUM_INF : NUM_FINITE);
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
	if (!ready) {
		mpz_init(sig);
		scratch_at_thread_end(scratch_clear_mpz, sig);
		ready = true;
	}
	exp = mpfr_get_z_2exp(sig, end);
	mpz_abs(sig, sig);
	num_set_dyadic(x->mag, sig, exp);
}

/* out ⊇ x: x rounded to nearest, and its neighbour on the other side of x when that
 * was inexact (one division, not two). */
static void enclose_exact(mpfi_ptr out, const struct num *x)
{
	mpfr_t lo, hi;
	int t;

	mpfr_inits2(mpfi_get_prec(out), lo, hi, (mpfr_ptr)0);
	real_set_exact(lo, x, MPFR_RNDN);
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

bool real_interval_is_point(mpfi_srcptr a)
{
	return mpfr_equal_p(&a->left, &a->right);
}

/* Is the exponent's enclosure one integer, small enough to square by? */
static bool small_integer(mpfi_srcptr y, long *k)
{
	if (!real_interval_is_point(y) || !mpfr_integer_p(&y->left) || mpfr_cmpabs_ui(&y->left, 1UL << 20) > 0)
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

	if (real_interval_is_point(a) && (!r->arg[1] || real_interval_is_point(b)))
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

/* Open ends (enclose.h's OPEN_LO, OPEN_HI) as each step carries them. */

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

	if (!real_interval_is_point(a) && !real_interval_is_point(b))
		return oa == OPEN_BOTH && ob == OPEN_BOTH ? OPEN_BOTH : 0;
	if (real_interval_is_point(b)) {
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

	return one_sign && (real_interval_is_point(a) || oa == OPEN_BOTH) && (real_interval_is_point(b) || ob == OPEN_BOTH) ? OPEN_BOTH : 0;
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
enum enclosure real_enclose(mpfi_ptr out, unsigned *open, const struct real *r, mpfr_prec_t prec)
{
	mpfi_t a, b;
	unsigned oa = 0, ob = 0;
	enum enclosure e, eb = ENCLOSED;

	*open = 0;
	switch (r->op) {
	case REAL_EXACT:
		enclose_exact(out, &r->exact);
		*open = real_interval_is_point(out) ? 0 : OPEN_BOTH; /* an inexact rational lies between its neighbours */
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
	e = real_enclose(a, &oa, r->arg[0], prec);
	if (r->arg[1])
		eb = real_enclose(b, &ob, r->arg[1], prec);
	if (e == ENCLOSED)
		e = eb;
	if (e == ENCLOSED) {
		unsigned rounded = (unsigned)apply(out, r, a, b);
		if (mpfi_nan_p(out))
			e = why_nan(r, a, b);
		else if (!real_interval_is_point(out))
			*open = (rounded | open_carried(r, out, a, b, oa, ob)) & OPEN_BOTH;
	}
	mpfi_clear(a);
	mpfi_clear(b);
	return e;
}

/* Does a NaN argument (typed nan) make r NaN, rather than a domain (no invalid flag)? */
bool real_has_nan_leaf(const struct real *r)
{
	return r && ((r->op == REAL_EXACT && r->exact.kind == NUM_NAN) || real_has_nan_leaf(r->arg[0]) ||
		     real_has_nan_leaf(r->arg[1]));
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
	case REAL_EXACT: real_set_exact(out, &r->exact, MPFR_RNDN); return;
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

bool real_zero_is_negative(const struct real *r)
{
	mpfr_t v;
	bool neg;

	mpfr_init2(v, 64);
	point_value(v, r, 64);
	neg = mpfr_zero_p(v) && mpfr_signbit(v);
	mpfr_clear(v);
	return neg;
}
