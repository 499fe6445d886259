/*
 * extrema.c — minimum, maximum and their variants, clamp and totalOrder on exact
 * values (see extrema.h). Each extremum is one of four choices (the smaller, the
 * larger, the smaller or larger magnitude) with a rule for NaN operands and, for the
 * Finite variants, one for infinite ones, and for IEEE 754-2008's minNum ... one for
 * signaling NaNs: the rows of P3109 §4.11.1–§4.11.3 in that shape (the rows for
 * infinities there are what the ordinary order of the extended reals gives). Clamp is
 * §4.11.4's rules one by one; a comparison of §5.11 a set of relations.
 */
#include "extrema.h"
#include "ops.h"

static bool is_nan(const struct num *x)
{
	return x->kind == NUM_NAN;
}

static bool is_inf(const struct num *x, bool neg)
{
	return x->kind == NUM_INF && x->neg == neg;
}

static bool is_zero(const struct num *x)
{
	return x->kind == NUM_FINITE && mpq_sgn(x->mag) == 0;
}

/* x < y for numbers, −0 below +0 (IEEE 754 §9.6: minimum(−0, +0) is −0). */
static bool below(const struct num *x, const struct num *y)
{
	int order = op_order(x, y);

	return order < 0 || (order == 0 && is_zero(x) && is_zero(y) && x->neg && !y->neg);
}

/* |x| against |y| for numbers: −1, 0 or 1, the infinities the largest. */
static int magnitude_order(const struct num *x, const struct num *y)
{
	int c;

	if (x->kind == NUM_INF || y->kind == NUM_INF)
		return (x->kind == NUM_INF) - (y->kind == NUM_INF);
	c = mpq_cmp(x->mag, y->mag);
	return (c > 0) - (c < 0);
}

/* ---- Extrema -------------------------------------------------------------------------- */

enum choice { SMALLER, LARGER, SMALLER_MAGNITUDE, LARGER_MAGNITUDE };

static const struct {
	enum choice choice;
	bool skips_nan; /* the Number and Finite variants: a NaN operand gives the other */
	bool finite;    /* the Finite variants: an infinite operand gives the other */
	bool snan_nan;  /* IEEE 754-2008's minNum ...: a signaling NaN operand gives NaN (§6.2) */
} extrema[] = {
	[EXT_MINIMUM] = { SMALLER, false, false },
	[EXT_MAXIMUM] = { LARGER, false, false },
	[EXT_MINIMUM_NUMBER] = { SMALLER, true, false },
	[EXT_MAXIMUM_NUMBER] = { LARGER, true, false },
	[EXT_MINIMUM_MAGNITUDE] = { SMALLER_MAGNITUDE, false, false },
	[EXT_MAXIMUM_MAGNITUDE] = { LARGER_MAGNITUDE, false, false },
	[EXT_MINIMUM_MAGNITUDE_NUMBER] = { SMALLER_MAGNITUDE, true, false },
	[EXT_MAXIMUM_MAGNITUDE_NUMBER] = { LARGER_MAGNITUDE, true, false },
	[EXT_MINIMUM_FINITE] = { SMALLER, true, true },
	[EXT_MAXIMUM_FINITE] = { LARGER, true, true },
	[EXT_MIN_NUM] = { SMALLER, true, false, true },
	[EXT_MAX_NUM] = { LARGER, true, false, true },
	[EXT_MIN_NUM_MAG] = { SMALLER_MAGNITUDE, true, false, true },
	[EXT_MAX_NUM_MAG] = { LARGER_MAGNITUDE, true, false, true },
};

/* The choice between two numbers: "if X < Y then X else Y" (Maximum: "then Y else X");
 * by magnitude, the smaller (larger) one, equal magnitudes going to the plain rule. */
static int choose(enum choice choice, const struct num *x, const struct num *y)
{
	int m;

	switch (choice) {
	case SMALLER: return below(x, y) ? 0 : 1;
	case LARGER: return below(x, y) ? 1 : 0;
	case SMALLER_MAGNITUDE:
		m = magnitude_order(x, y);
		return m < 0 ? 0 : m > 0 ? 1 : choose(SMALLER, x, y);
	default:
		m = magnitude_order(x, y);
		return m > 0 ? 0 : m < 0 ? 1 : choose(LARGER, x, y);
	}
}

int ext_pick(enum extremum op, const struct num *x, const struct num *y)
{
	bool x_inf = x->kind == NUM_INF, y_inf = y->kind == NUM_INF;

	if (is_nan(x) && is_nan(y))
		return EXT_NAN;
	if (extrema[op].snan_nan && ((is_nan(x) && x->signaling) || (is_nan(y) && y->signaling)))
		return EXT_NAN;
	if (is_nan(x) || is_nan(y))
		return extrema[op].skips_nan ? (is_nan(x) ? 1 : 0) : EXT_NAN;
	if (extrema[op].finite && x_inf != y_inf)
		return x_inf ? 1 : 0;
	return choose(extrema[op].choice, x, y);
}

/* ---- Clamp ---------------------------------------------------------------------------- */

/* X ≤ Y and X ≥ Y, for numbers: as reals. */
static bool at_most(const struct num *x, const struct num *y)
{
	return op_order(x, y) <= 0;
}

static bool at_least(const struct num *x, const struct num *y)
{
	return op_order(x, y) >= 0;
}

/* ωClamp's rules of P3109 §4.11.4, in the report's order; which operand each gives. */
int ext_clamp(const struct num *x, const struct num *lo, const struct num *hi)
{
	if (is_nan(x) || is_nan(lo) || is_nan(hi))
		return EXT_NAN;
	if (op_order(lo, hi) > 0)
		return EXT_NAN;
	if (is_inf(lo, false) && is_inf(hi, false))
		return 1; /* +∞ */
	if (is_inf(lo, true) && is_inf(hi, true))
		return 1; /* −∞ */
	if (is_inf(hi, true) || is_inf(lo, false))
		return EXT_NAN; /* (∗, ∗, −∞), (∗, +∞, ∗): Lo > Hi caught them already */
	if (is_inf(x, false))
		return is_inf(hi, false) ? 0 : 2;
	if (is_inf(x, true))
		return is_inf(lo, true) ? 0 : 1;
	if (is_inf(lo, true) && is_inf(hi, false))
		return 0;
	if (is_inf(lo, true))
		return at_most(x, hi) ? 0 : 2;
	if (is_inf(hi, false))
		return at_most(x, lo) ? 1 : 0;
	return at_most(x, lo) ? 1 : at_least(x, hi) ? 2 : 0;
}

/* ---- totalOrder ----------------------------------------------------------------------- */

/* Where an operand sits in IEEE 754's total order: a NaN without sign, then −NaNs,
 * then the numbers, then +NaNs. */
enum tier { UNSIGNED_NAN, NEGATIVE_NAN, NUMBER, POSITIVE_NAN };

static enum tier tier_of(const struct ext_operand *o, bool magnitude)
{
	bool neg;

	if (!is_nan(o->value))
		return NUMBER;
	if (!o->f->nan_signed)
		return UNSIGNED_NAN;
	fmt_magnitude(o->f, o->code, &neg);
	return neg && !magnitude ? NEGATIVE_NAN : POSITIVE_NAN;
}

/* Two NaNs of one sign, as a +NaN: signaling below quiet, then the smaller payload
 * below (payloads are fractions at the top of the word: num.h). */
static bool nan_at_most(const struct num *x, const struct num *y)
{
	if (x->signaling != y->signaling)
		return x->signaling;
	return x->payload <= y->payload;
}

static bool p3109_total_order(const struct num *x, const struct num *y, bool magnitude)
{
	if (is_nan(x))
		return true;
	if (is_nan(y))
		return false;
	if (magnitude)
		return magnitude_order(x, y) <= 0;
	return op_order(x, y) <= 0; /* CompareLessEqual: an external −0 decodes to 0 (§4.8) */
}

/* totalOrder(x, y), or of |x| and |y|. */
static bool total_order(const struct ext_operand *x, const struct ext_operand *y, bool magnitude)
{
	enum tier tx, ty;

	if ((x->f && x->f->p3109) || (y->f && y->f->p3109))
		return p3109_total_order(x->value, y->value, magnitude);
	tx = tier_of(x, magnitude);
	ty = tier_of(y, magnitude);
	if (tx != ty)
		return tx < ty;
	switch (tx) {
	case NUMBER: return magnitude ? magnitude_order(x->value, y->value) <= 0 : !below(y->value, x->value);
	case POSITIVE_NAN: return nan_at_most(x->value, y->value);
	case NEGATIVE_NAN: return nan_at_most(y->value, x->value);
	default: return true;
	}
}

bool ext_total_order(const struct ext_operand *x, const struct ext_operand *y)
{
	return total_order(x, y, false);
}

bool ext_total_order_mag(const struct ext_operand *x, const struct ext_operand *y)
{
	return total_order(x, y, true);
}

/* ---- Comparisons (§5.11) ---------------------------------------------------------------- */

bool ext_compare(unsigned *flags, unsigned relations, const struct num *x, const struct num *y)
{
	int order = op_order(x, y);
	unsigned relation = order == OP_UNORDERED ? EXT_UNORDERED : order < 0 ? EXT_LESS : order > 0 ? EXT_GREATER : EXT_EQUAL;
	bool quiet_nan_signals = relations & EXT_SIGNALING;

	*flags = 0;
	if ((is_nan(x) && (x->signaling || quiet_nan_signals)) || (is_nan(y) && (y->signaling || quiet_nan_signals)))
		*flags = RND_INVALID;
	return (relations & relation) != 0;
}
