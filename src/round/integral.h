/*
 * integral.h — IEEE 754-2019's operations on a value's integer part and exponent, on
 * exact values: roundToIntegral in a mode, and roundToIntegralExact (§5.3.1); scaleB
 * and logB (§5.3.3).
 *
 * roundToIntegral(x) is the integer next to x that the mode picks (round.h's modes,
 * to odd as SoftFloat's: toward zero, then the odd one when that was inexact, so 0.25
 * gives 1; a stochastic mode as its draw says); a zero result keeps x's sign (−0.5
 * toward zero is −0), ±∞ stays, and only the Exact form flags inexact, when the result
 * differs from x. scaleB(x, n) is x·2^n exactly, for the caller to round once. logB(x)
 * is ⌊log2 |x|⌋, the exponent x would have with an unbounded range (a subnormal's as if
 * normalized): logB(±0) = −∞ flagged divbyzero, logB(±∞) = +∞.
 *
 * A NaN operand gives a quiet NaN with no flag: the caller, which sees the codes, picks
 * which NaN and flags a signaling one (§6.2), as for every operation of fpx map. Never
 * rounds into a format, never prints.
 */
#ifndef FPX_INTEGRAL_H
#define FPX_INTEGRAL_H

#include <stdbool.h>

#include "num.h"
#include "round.h"

/* roundToIntegral of x by how's mode (roundToIntegralExact when exact): the flags it
 * raises, RND_INEXACT or none. */
unsigned integral_round(struct num *out, const struct num *x, struct rnd_spec how, bool exact);
/* scaleB(x, n) = x·2^n, a magnitude past 2^±NUM_LIMIT_EXP as its bound (num.h). */
void integral_scaleb(struct num *out, const struct num *x, long n);
/* logB(x) as a value: the flags it raises, RND_DIVBYZERO for a zero x. */
unsigned integral_logb(struct num *out, const struct num *x);

#endif
