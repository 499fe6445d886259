/*
 * special.h — the special cases of every operation and function fpx has, as one table:
 * IEEE 754-2019 §6, §7 and §9.2.1 and C11 Annex F.9-F.10 (x/0, ∞ − ∞, log(±0),
 * atan2(±0, −0), pow(−1, ±∞), hypot(±∞, NaN), ...), and the limits the activations
 * take at ±∞. An operand is one of 15 classes (NaN; for each sign: zero, below 1 in
 * magnitude, ±1, an odd or even integer past 1, another number past 1, infinity); a row
 * maps a class pattern of each operand to a result (NaN, ±∞, ±0, ±1, 2, a multiple of
 * π, or an operand as it is) and the flags it raises. Operands no row matches are
 * regular: the exact arithmetic (ops.c) or MPFR computes them.
 *
 * Two sets of rules share the table: IEEE 754's, and IEEE P3109's (interim report 4.0,
 * §4.10), for results in a P3109 format. P3109 has one zero, so a −0 operand is 0
 * there (§4.8), and a few rows of its own come first: Divide(x, 0) = NaN, Recip(0)
 * = NaN, RSqrt(0) = NaN, Hypot(NaN, ∞) = NaN, ArcTan2's and ArcTan2Pi's tables. Where
 * P3109 has no row of its own, it agrees with IEEE 754 but for the sign of a zero,
 * which its one zero drops. Never prints.
 */
#ifndef FPX_SPECIAL_H
#define FPX_SPECIAL_H

#include <stdbool.h>

#include "num.h"

/* The operations and functions with rows; exp2 and exp10 share exp's, log2 and log10
 * log's, gelu_tanh gelu's. A difference is a sum with the second operand negated. */
enum special_fn {
	SP_NONE,
	SP_ADD, SP_MUL, SP_DIV, SP_POW,
	SP_SQRT, SP_CBRT, SP_EXP, SP_EXPM1, SP_LOG, SP_LOG1P,
	SP_SIN, SP_COS, SP_TAN, SP_ASIN, SP_ACOS, SP_ATAN,
	SP_RSQRT, SP_RECIP, SP_SINPI, SP_COSPI, SP_TANPI, SP_ASINPI, SP_ACOSPI, SP_ATANPI, SP_ATAN2PI,
	SP_SINH, SP_COSH, SP_TANH, SP_ASINH, SP_ACOSH, SP_ATANH,
	SP_ERF, SP_ERFC, SP_ABS,
	SP_ATAN2, SP_HYPOT, SP_MIN, SP_MAX, SP_FMOD, SP_REM,
	SP_SIGMOID, SP_SOFTPLUS, SP_SILU, SP_GELU, SP_RELU,
	SP_COUNT
};

/* The classes, a bit each; a set of them is an unsigned mask. */
enum special_class {
	SC_NAN,
	SC_POS_ZERO, SC_POS_TINY, SC_POS_ONE, SC_POS_ODD, SC_POS_EVEN, SC_POS_FRAC, SC_POS_INF,
	SC_NEG_ZERO, SC_NEG_TINY, SC_NEG_ONE, SC_NEG_ODD, SC_NEG_EVEN, SC_NEG_FRAC, SC_NEG_INF,
};
#define SC_BIT(c) (1u << (c))
#define SC_ANY ((1u << (SC_NEG_INF + 1)) - 1)
/* NaN, zeros, infinities and ±1: the classes most rows are about. */
#define SC_SPECIAL                                                                                       \
	(SC_BIT(SC_NAN) | SC_BIT(SC_POS_ZERO) | SC_BIT(SC_NEG_ZERO) | SC_BIT(SC_POS_INF) | SC_BIT(SC_NEG_INF) | \
	 SC_BIT(SC_POS_ONE) | SC_BIT(SC_NEG_ONE))

/* The class of an exact value (one bit). */
unsigned special_class(const struct num *x);
/* The classes of −x for x of these classes. */
unsigned special_negate(unsigned classes);

/* Whose special cases: IEEE 754-2019's, or P3109's for a result in a P3109 format. */
enum special_rules { RULES_IEEE754, RULES_P3109 };

/* What a row gives. */
enum special_kind {
	SK_NAN, SK_INF, SK_ZERO, SK_ONE, SK_TWO, SK_HALF, SK_QUARTER, SK_THREE_QUARTER,
	SK_PI, SK_HALF_PI, SK_QUARTER_PI, SK_THREE_QUARTER_PI, /* the multiples of π, from SK_PI on */
	SK_X, SK_Y, /* the first (second) operand as it is */
};

struct special_result {
	enum special_kind kind;
	bool neg;       /* its sign (none for NaN, SK_X, SK_Y) */
	unsigned flags; /* RND_INVALID, RND_DIVBYZERO */
};

enum special_found { SPECIAL_NONE, SPECIAL_FOUND, SPECIAL_AMBIGUOUS };

/*
 * fn's result at operands of the classes x and y (y = 0 for one operand): FOUND
 * when every class in them gives the same result (*out), NONE when none has a row (a
 * regular value), AMBIGUOUS when the classes give different ones (an enclosure that
 * does not yet tell which).
 */
enum special_found special_find(struct special_result *out, enum special_fn fn, unsigned x, unsigned y);
/* The same under either set of rules (special_find() is IEEE 754's). */
enum special_found special_find_in(struct special_result *out, enum special_rules rules, enum special_fn fn,
				   unsigned x, unsigned y);

/* The exact value of a result that is not a multiple of π (for SK_X, SK_Y: x or y). */
void special_value(struct num *out, const struct special_result *r, const struct num *x, const struct num *y);

#endif
