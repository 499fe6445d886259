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

#endif
