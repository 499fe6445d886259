/*
 * ops.h — the arithmetic operations of IEEE 754-2019 on exact operands, rounded once:
 * x + y, x − y, x · y, x / y, with the standard's special cases (§6.1–§6.3, §7): NaN
 * in, NaN out; ∞ − ∞, 0 · ∞, 0/0 and ∞/∞ are NaN flagged invalid; x/0 is ±∞ flagged
 * divbyzero; the sign of a zero result as §6.3 says (an exact zero sum is +0, −0 under
 * rdn, and x + x keeps x's sign). A finite result is the exact rational, rounded once
 * by round.c into any format; an infinite one is rounded as any infinity is (a format
 * without one saturates or gives NaN by its rule). The ground golden vectors of
 * operations (fpx map) stand on. Never prints.
 */
#ifndef FPX_OPS_H
#define FPX_OPS_H

#include "format.h"
#include "num.h"
#include "round.h"

enum op { OP_ADD, OP_SUB, OP_MUL, OP_DIV };

/* x op y rounded once into f. RND_NO_NAN: the result is NaN and f has none. */
enum rnd_status op_round(struct rnd_result *out, const struct fmt *f, enum op op, const struct num *x,
			 const struct num *y, enum rnd_mode mode, bool saturate);

/* The exact result of x op y before rounding (NaN, ±∞, or a signed rational), and the
 * flags the operation itself raises (invalid, divbyzero). */
unsigned op_exact(struct num *out, enum op op, const struct num *x, const struct num *y, enum rnd_mode mode);

#endif
