/*
 * extrema.h — the operations that pick one of their operands or order two of them,
 * IEEE P3109 §4.11 and §4.12.1 (tests/p3109/DIGEST.md) and their IEEE 754-2019
 * counterparts: minimum and maximum and their Number, Magnitude and Finite variants
 * (P3109 §4.11.1–§4.11.3; IEEE 754 §9.6 has all but the Finite ones), clamp (P3109
 * §4.11.4, its rules in their order), and totalOrder (P3109 §4.12.1, IEEE 754 §5.10).
 *
 * On exact values (num.h): the operands' formats matter to totalOrder alone. An
 * extremum or a clamp says which operand it gives, or that it gives NaN; the caller
 * projects that operand's value into the result's format. Values are compared as
 * reals, infinities at the ends, with IEEE's −0 below +0 where a rule picks the
 * smaller or the larger (P3109 has no −0, so nothing changes for its formats); clamp's
 * "X ≤ Lo", "Lo > Hi" are comparisons of reals (−0 = +0). Never rounds, never flags:
 * which NaN a NaN result carries, and whether a signaling one flags invalid, are the
 * caller's (IEEE 754 §6.2, as for every operation of fpx map).
 */
#ifndef FPX_EXTREMA_H
#define FPX_EXTREMA_H

#include <stdbool.h>

#include "format.h"
#include "num.h"

enum extremum {
	EXT_MINIMUM,
	EXT_MAXIMUM,
	EXT_MINIMUM_NUMBER,
	EXT_MAXIMUM_NUMBER,
	EXT_MINIMUM_MAGNITUDE,
	EXT_MAXIMUM_MAGNITUDE,
	EXT_MINIMUM_MAGNITUDE_NUMBER,
	EXT_MAXIMUM_MAGNITUDE_NUMBER,
	EXT_MINIMUM_FINITE,
	EXT_MAXIMUM_FINITE,
	EXT_MIN_NUM, /* IEEE 754-2008: a quiet NaN skipped, a signaling one gives NaN */
	EXT_MAX_NUM,
	EXT_MIN_NUM_MAG,
	EXT_MAX_NUM_MAG,
};

/* What an extremum or a clamp gives: operand 0, 1 (or 2), or NaN. */
#define EXT_NAN (-1)

/* op(x, y): 0 for x, 1 for y, or EXT_NAN. */
int ext_pick(enum extremum op, const struct num *x, const struct num *y);
/* clamp(x, lo, hi), P3109 §4.11.4's rules in order: 0 (x), 1 (lo), 2 (hi), or EXT_NAN. */
int ext_clamp(const struct num *x, const struct num *lo, const struct num *hi);

/* An operand of totalOrder: its value, and the code and format it came from (f NULL
 * for an exact constant, which is never NaN). */
struct ext_operand {
	const struct num *value;
	const struct fmt *f;
	fpcode code;
};
/*
 * totalOrder(x, y). When either operand's format is a P3109 one, P3109's: every NaN is
 * the one NaN, below every value (TotalOrder(NaN, ∗) is true, TotalOrder(x, NaN) false).
 * Otherwise IEEE 754's, −0 below +0 and NaNs by sign, then signaling below quiet for
 * +NaN (above for −NaN), then payload (larger further out); a format whose NaN has no
 * sign (the fnuz formats, posits' NaR, E8M0) puts it below every value and every
 * signed NaN, as P3109 and the posit standard do.
 */
bool ext_total_order(const struct ext_operand *x, const struct ext_operand *y);
/* totalOrderMag(x, y) = totalOrder(|x|, |y|) (§5.10), a NaN's sign cleared too. */
bool ext_total_order_mag(const struct ext_operand *x, const struct ext_operand *y);

/*
 * A comparison of IEEE 754 §5.11 (Tables 5.1–5.3) is the set of relations of x to y
 * that make it true, and whether it signals: compareQuietLess is {less},
 * compareSignalingNotGreater {less, equal, unordered} signaling. A signaling one flags
 * invalid for any NaN operand, a quiet one for a signaling NaN alone (§5.11, §6.2). In
 * P3109's formats the one NaN is quiet; comparisons are of reals (−0 = +0).
 */
#define EXT_LESS 1u
#define EXT_EQUAL 2u
#define EXT_GREATER 4u
#define EXT_UNORDERED 8u
#define EXT_SIGNALING 16u
/* Does the comparison `relations` (EXT_... bits) hold of x and y? *flags: what it raises. */
bool ext_compare(unsigned *flags, unsigned relations, const struct num *x, const struct num *y);

#endif
