/*
 * ops.h — the operations of IEEE 754-2019 on exact operands, rounded once: x + y, x − y,
 * x · y, x / y, fma(x, y, z) (§5.4.1) and the comparisons (§5.11), with the standard's
 * special cases (§6, §7), which + − · / take from special.c's table (minimum and
 * maximum, §9.6, are realfn.c's min and max):
 * - a NaN operand makes a NaN, with no flag (the caller, which sees the codes, picks
 *   which NaN and flags a signaling one: see fpx map);
 * - ∞ − ∞, 0 · ∞, 0/0, ∞/∞ are NaN flagged invalid, and so is fma(0, ∞, z) unless z
 *   is a quiet NaN (then §7.2 leaves the flag to the implementation: as x86's FMA
 *   instructions, fpx does not raise it; ARM's do);
 * - x/0 (x finite, nonzero) is ±∞ flagged divbyzero;
 * - an exact zero sum is +0, or −0 under rdn, but x + x keeps x's sign (§6.3); fma's
 *   zero follows the same rule with the exact product as the first term;
 * - a comparison is 1 or 0; with a NaN operand everything is false but x != y, and
 *   the ordered ones (< <= > >=) flag invalid (they are the signaling predicates, C's
 *   relational operators).
 * A finite result is the exact rational, rounded once by round.c into any format; an
 * infinite one is rounded as any infinity is (a format without one saturates or gives
 * NaN by its rule). Golden vectors of operations (fpx map) stand on this. Never prints.
 */
#ifndef FPX_OPS_H
#define FPX_OPS_H

#include "format.h"
#include "num.h"
#include "round.h"

enum op {
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA,
	OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
};

/* How many operands op takes (2, or 3 for fma). */
int op_arity(enum op op);
/* "+", "fma", "<=", ...: its name in an expression. */
const char *op_name(enum op op);

/* The order of x and y: −1, 0 (−0 = +0) or 1, or OP_UNORDERED when either is NaN. */
#define OP_UNORDERED 2
int op_order(const struct num *x, const struct num *y);
/* A comparison's result from its operands' order: 1 or 0, and the flag it raises
 * (invalid for the ordered predicates of unordered operands). */
unsigned op_compare_order(struct num *out, enum op op, int order);

/* The exact result of op on args[0 .. arity−1] before rounding (NaN, ±∞, or a signed
 * rational), and the flags the operation itself raises (invalid, divbyzero). */
unsigned op_exact(struct num *out, enum op op, const struct num *const *args, enum rnd_mode mode);

/* op rounded once into f. RND_NO_NAN: the result is NaN and f has none. */
enum rnd_status op_round(struct rnd_result *out, const struct fmt *f, enum op op, const struct num *const *args,
			 struct rnd_spec how);

/*
 * The fast path: op (+, −, ·, fma) on finite nonzero codes of formats with a grid
 * (format.h) of at most 62 fraction bits, exactly in 128-bit integers and rounded
 * without a rational: the same result as op_round() on the codes' values. False where
 * it does not apply (a zero, NaN or infinite operand, an exact zero result, exponents
 * too far apart for 128 bits, another operation): then use op_round().
 */
bool op_round_codes(struct rnd_result *out, const struct fmt *to, enum op op, const struct fmt *const *in,
		    const fpcode *codes, struct rnd_spec how);

#endif
