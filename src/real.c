/*
 * real.c — a real's nodes, and rounding it once (see real.h): by one MPFR call where
 * that decides, else by enclosures (enclose.h) at a doubling precision.
 */
#include "real.h"
#include "enclose.h"

#include <stdlib.h>
#include <string.h>

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
	c->formula = r->formula;
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

struct real *real_bind(const struct real *r, const struct num *values)
{
	struct real *c;

	if (!r)
		return NULL;
	if (r->op == REAL_VAR)
		return real_exact(&values[r->var]);
	c = real_node(r->op, real_bind(r->arg[0], values), real_bind(r->arg[1], values));
	c->fn = r->fn;
	c->formula = r->formula;
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

/* ---- Exact values of ends ----------------------------------------------------------------- */

/* x = the exact value of an MPFR number (±inf included; past 2^±NUM_LIMIT_EXP, the
 * bounded stand-in, which rounds as the number would). */
static void end_value(struct num *x, mpfr_srcptr end)
{
	static mpz_t sig; /* kept from one value to the next: no allocation per value */
	static bool ready;
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
 * made from a number without a side (a negative into E8M0: flagged invalid) is the
 * same for everything between. (An overflow into E4M3's NaN has a side: round.c.) */
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
	t->found = real_enclose(t->enclosure, &open, r, prec);
	t->point = t->found == ENCLOSED && interval_is_point(t->enclosure);
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
		lo->neg = hi->neg = real_zero_is_negative(r);
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
	return t->found != NAN_SURELY ? REAL_UNDECIDED : real_has_nan_leaf(r) ? REAL_NAN : REAL_DOMAIN;
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

/* One function of exact arguments (MPFR's), else one function of a decimal (near_call_odd()), else
 * Ziv's loop over enclosures: r, folded, rounded as t says. */
static enum real_status round_folded(struct rnd_result *out, const struct real *r, const struct real_target *t,
				     long max_precision)
{
	enum real_status s = REAL_DOMAIN;
	long prec = t->precision + 32;
	struct num x;
	bool exact, pole, decided;

	num_init(&x);
	if (is_single_call(r)) {
		if (single_call_odd(&x, &exact, &pole, r, t->precision + 2) && t->encode(out, &x, t->how)) {
			s = REAL_DECIDED;
			out->placed = false;
			if (pole)
				out->flags |= RND_DIVBYZERO;
		}
		num_clear(&x);
		return s;
	}
	decided = is_near_call(r) && near_call_odd(&x, r, t->precision + 2) && t->encode(out, &x, t->how);
	num_clear(&x);
	if (decided) {
		out->placed = false;
		return REAL_DECIDED;
	}
	for (;; prec *= 2) {
		if (prec > max_precision)
			prec = max_precision;
		s = round_at(out, r, t, (mpfr_prec_t)prec);
		if (s != REAL_UNDECIDED || prec >= max_precision)
			break;
	}
	return s;
}

/* A NaN's status: a domain when invalid was raised on the way, else a NaN argument's. */
static enum real_status nan_status(unsigned raised)
{
	return raised & RND_INVALID ? REAL_DOMAIN : REAL_NAN;
}

static bool is_exact_nan(const struct real *r)
{
	return r->op == REAL_EXACT && r->exact.kind == NUM_NAN;
}

enum real_status real_round(struct rnd_result *out, const struct real *r, const struct real_target *t,
			    long max_precision)
{
	struct exponent_range saved = widest_range();
	unsigned raised;
	struct real *copy = real_fold(r, &raised, max_precision);
	const struct real *folded = copy ? copy : r;
	enum real_status s;

	if (is_exact_nan(folded))
		s = nan_status(raised);
	else if (folded->op == REAL_EXACT) /* special, or exact arithmetic */
		s = t->encode(out, &folded->exact, t->how) ? REAL_DECIDED : REAL_DOMAIN;
	else
		s = round_folded(out, folded, t, max_precision);
	if (s == REAL_DECIDED)
		out->flags |= raised;
	else
		out->flags = raised | (s == REAL_DOMAIN ? RND_INVALID : 0);
	real_free(copy);
	restore_range(saved);
	return s;
}

/* real_stand_in() of r folded. */
static enum real_status stand_in_folded(struct num *out, bool *exact, bool *pole, const struct real *r, long bits,
					long max_precision)
{
	enum real_status s = REAL_UNDECIDED;
	long prec = bits + 32;

	if (is_single_call(r))
		return single_call_odd(out, exact, pole, r, bits) ? REAL_DECIDED : REAL_DOMAIN;
	if (is_near_call(r) && near_call_odd(out, r, bits))
		return REAL_DECIDED;
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
	return s;
}

enum real_status real_stand_in(struct num *out, bool *exact, bool *pole, const struct real *r, long bits,
			       long max_precision)
{
	struct exponent_range saved = widest_range();
	unsigned raised;
	struct real *copy = real_fold(r, &raised, max_precision);
	const struct real *folded = copy ? copy : r;
	enum real_status s = REAL_DECIDED;

	*exact = false;
	*pole = false;
	if (is_exact_nan(folded))
		s = nan_status(raised);
	else if (folded->op == REAL_EXACT) {
		num_set(out, &folded->exact);
		*exact = true;
		*pole = out->kind == NUM_INF && (raised & RND_DIVBYZERO);
	} else
		s = stand_in_folded(out, exact, pole, folded, bits, max_precision);
	real_free(copy);
	restore_range(saved);
	return s;
}
