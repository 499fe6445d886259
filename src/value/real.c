/*
 * real.c — rounding a real once (see real.h): its special cases settled first
 * (realfold.c), then by one MPFR call where that decides (realcall.c), else by
 * enclosures (enclose.c) at a doubling precision, Ziv's loop, until both ends round
 * alike. Its nodes are realnode.c's, its functions realfn.c's.
 */
#include "real.h"
#include "enclose.h"
#include "realcall.h"

#include <stdlib.h>
#include <string.h>

/* ---- Ends past MPFR's range --------------------------------------------------------------- */

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

/* ---- Targets ---------------------------------------------------------------------------------- */

static bool encode_into_format(struct rnd_result *out, const struct num *x, const void *how)
{
	const struct real_format_target *t = how;

	return rnd_encode(out, t->f, x, t->rounding) == RND_OK;
}

const struct real_target *real_target_format(struct real_format_target *t, const struct fmt *f, struct rnd_spec how)
{
	*t = (struct real_format_target){ { encode_into_format, t, f->precision }, f, how };
	return &t->target;
}

void real_set_rules(struct real *r, const struct fmt *f)
{
	r->rules = f->p3109 ? RULES_P3109 : RULES_IEEE754;
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
 * zero end moves to MPFR's least number, fpx's tiny stand-in (real_end_value()).
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
	t->point = t->found == ENCLOSED && real_interval_is_point(t->enclosure);
	t->pole = t->point && mpfr_inf_p(&t->enclosure->left) && mpfr_divby0_p();
	end_inward(t->lo, &t->enclosure->left, open & OPEN_LO, false);
	end_inward(t->hi, &t->enclosure->right, open & OPEN_HI, true);
}

/* The ends to round as exact values (a point's zero signed as IEEE has it). */
static void attempt_ends(struct num *lo, struct num *hi, const struct attempt *t, const struct real *r)
{
	real_end_value(lo, t->lo);
	real_end_value(hi, t->hi);
	past_the_range(lo, hi);
	if (t->point && mpfr_zero_p(t->lo))
		lo->neg = hi->neg = real_zero_is_negative(r);
}

static bool attempt_odd(struct num *x, const struct attempt *t, long bits)
{
	return real_interval_odd(x, t->lo, t->hi, bits);
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

/* One function of exact arguments (MPFR's), else one function of a decimal
 * (real_near_call_odd()), else Ziv's loop over enclosures: r, folded, rounded as t says. */
static enum real_status round_folded(struct rnd_result *out, const struct real *r, const struct real_target *t,
				     long max_precision)
{
	enum real_status s = REAL_DOMAIN;
	long prec = t->precision + 32;
	struct num x;
	bool exact, pole, decided;

	num_init(&x);
	if (real_is_single_call(r)) {
		if (real_single_call_odd(&x, &exact, &pole, r, t->precision + 2) && t->encode(out, &x, t->how)) {
			s = REAL_DECIDED;
			out->placed = false;
			if (pole)
				out->flags |= RND_DIVBYZERO;
		}
		num_clear(&x);
		return s;
	}
	decided = real_is_near_call(r) && real_near_call_odd(&x, r, t->precision + 2) && t->encode(out, &x, t->how);
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

	if (real_is_single_call(r))
		return real_single_call_odd(out, exact, pole, r, bits) ? REAL_DECIDED : REAL_DOMAIN;
	if (real_is_near_call(r) && real_near_call_odd(out, r, bits))
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
			real_end_value(out, mid);
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
