/*
 * predicates.h — what a code of a format is, and the codes next to it: the predicates
 * and the classifier of IEEE P3109 §4.13 and IEEE 754-2019 §5.7.2 (isZero, isOne,
 * isNaN, isInfinite, isFinite, isSignMinus, isNormal, isSubnormal, and IEEE's
 * isSignaling and isCanonical; class), and NextGreaterThan/NextLessThan of P3109
 * §4.16, IEEE 754's nextUp/nextDown (§5.3.1).
 *
 * A format's own rules decide (format.h: p3109): P3109's formats follow the report —
 * IsSignMinus(NaN) is false, eight classes (ClsNaN ... ClsPositiveInfinity), and the
 * next code of +∞ upward (of −∞ downward) and of the last finite value of a finite
 * format is NaN. Every other format follows IEEE 754: ten classes (signalingNaN,
 * quietNaN, negativeInfinity, ..., negativeZero, positiveZero, ..., positiveInfinity),
 * isSignMinus the sign of any code, nextUp(+∞) = +∞, nextUp(−∞) the most negative
 * finite value, nextUp(−min subnormal) = −0; a NaN goes to itself (the caller makes it
 * quiet and flags a signaling one, §6.2). Where IEEE 754 has no answer because the
 * format has no infinity (E4M3's largest value upward, an unsigned format's smallest
 * downward), the answer is NaN, as P3109 §4.16 NOTE 2 extends nextUp ("the least number
 * that compares greater, or NaN"). A format whose NaN has no sign (fnuz, posits' NaR)
 * has no negative NaN. isSignaling is true of a signaling NaN alone (none in P3109's
 * formats nor in those with one NaN); isCanonical is false only of x87's codes no rank
 * maps to (unnormals, pseudo-denormals ...), every other format's codes being
 * canonical. Integers and fixed point have no classes nor nextUp: refused.
 * Never rounds, never prints.
 */
#ifndef FPX_PREDICATES_H
#define FPX_PREDICATES_H

#include <stdbool.h>

#include "format.h"

enum predicate {
	PRED_IS_ZERO,
	PRED_IS_ONE,
	PRED_IS_NAN,
	PRED_IS_INFINITE,
	PRED_IS_FINITE,
	PRED_IS_SIGN_MINUS,
	PRED_IS_NORMAL,
	PRED_IS_SUBNORMAL,
	PRED_IS_SIGNALING,
	PRED_IS_CANONICAL,
};

/* Why f cannot answer: NULL, or the reason (integers and fixed point have no normal
 * and subnormal values). The predicates that ask about classes, class and next. */
const char *pred_refusal(const struct fmt *f, bool needs_classes);

/* The predicate of the code. */
bool pred_test(enum predicate p, const struct fmt *f, fpcode code);
/* The code's class, by the standard f follows: "ClsPositiveNormal", "negativeZero". */
const char *pred_class(const struct fmt *f, fpcode code);
/* NextGreaterThan/nextUp (up) or NextLessThan/nextDown of the code: true with a code
 * of f, or false where the answer is NaN (a NaN operand's too: the caller gives it). */
bool pred_next(fpcode *out, const struct fmt *f, fpcode code, bool up);

#endif
