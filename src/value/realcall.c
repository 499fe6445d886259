/*
 * realcall.c — a real that is one function call, rounded without intervals: of exact
 * dyadic arguments by one correctly rounded MPFR call made round-to-odd; of one exact
 * decimal (0.1) by one call at a nearby point and the function's slope bound. Each
 * answers an exact stand-in that rounds as the real does, or declines (false) for
 * real.c's enclosures to decide. Never rounds into a format itself.
 */
#include "realcall.h"
#include "enclose.h"
#include "scratch.h"

#include <stdlib.h>

/* ---- One function of dyadic arguments -------------------------------------------------- */

/* Is r one function of exact dyadic arguments, which MPFR rounds correctly? */
bool real_is_single_call(const struct real *r)
{
	if (r->op != REAL_CALL && r->op != REAL_POW)
		return false;
	for (int i = 0; i < 2; i++)
		if (r->arg[i] && (r->arg[i]->op != REAL_EXACT || !real_is_dyadic(&r->arg[i]->exact)))
			return false;
	return true;
}

/* r (a single call) rounded toward zero into y, by MPFR; its ternary. */
static int call_toward_zero(mpfr_ptr y, const struct real *r)
{
	mpfr_t a, b;
	int inexact;

	mpfr_init2(a, real_dyadic_bits(&r->arg[0]->exact));
	mpfr_init2(b, r->arg[1] ? real_dyadic_bits(&r->arg[1]->exact) : MPFR_PREC_MIN);
	real_set_exact(a, &r->arg[0]->exact, MPFR_RNDN); /* exact: enough bits */
	if (r->arg[1])
		real_set_exact(b, &r->arg[1]->exact, MPFR_RNDN);
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
	real_end_value(x, y);
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
bool real_single_call_odd(struct num *out, bool *exact, bool *pole, const struct real *r, long bits)
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
struct real_work {
	bool ready;
	mpfr_t x, y, lo, hi, odd_lo, odd_hi;
};
static _Thread_local struct real_work work; /* one per thread (scratch.h) */

static void work_clear(void *p)
{
	struct real_work *w = p;

	mpfr_clears(w->x, w->y, w->lo, w->hi, w->odd_lo, w->odd_hi, (mpfr_ptr)0);
}

static void work_ready(void)
{
	if (!work.ready) {
		mpfr_inits2(MPFR_PREC_MIN, work.x, work.y, work.lo, work.hi, work.odd_lo, work.odd_hi, (mpfr_ptr)0);
		scratch_at_thread_end(work_clear, &work);
	}
	work.ready = true;
}

/* Do both ends of [lo, hi] round to odd alike at bits? Then *x is the round-to-odd
 * value of everything between them: one exact stand-in for the whole interval. */
bool real_interval_odd(struct num *x, mpfr_srcptr lo, mpfr_srcptr hi, long bits)
{
	bool same;

	work_ready();
	mpfr_set_prec(work.odd_lo, bits);
	mpfr_set_prec(work.odd_hi, bits);
	same = odd_end(work.odd_lo, lo) && odd_end(work.odd_hi, hi) && mpfr_equal_p(work.odd_lo, work.odd_hi);
	if (same)
		real_end_value(x, work.odd_lo);
	return same;
}

/* ---- One function of an exact argument that is not binary ------------------------------ */

/* Is r one function with a slope bound of one exact argument that is not dyadic (a
 * decimal such as 0.1)? */
bool real_is_near_call(const struct real *r)
{
	const struct num *x;

	if (r->op != REAL_CALL || r->fn->arity != 1 || r->fn->slope == SLOPE_NONE || r->arg[0]->op != REAL_EXACT)
		return false;
	x = &r->arg[0]->exact;
	return x->kind == NUM_FINITE && !x->bound && !real_is_dyadic(x) && mpq_sgn(x->mag) != 0;
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
	case SLOPE_RSQRT: *s = 3 * ey; return mpfr_sgn(x) > 0; /* 0.51·y³ < 2^(3E(y)) */
	case SLOPE_PI: *s = 2; return true;                   /* π < 4 */
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

bool real_near_call_odd(struct num *out, const struct real *r, long bits)
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
	return real_interval_odd(out, work.lo, work.hi, bits);
}
