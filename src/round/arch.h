/*
 * arch.h — the choices IEEE 754 leaves to an implementation, as an architecture makes
 * them (fpx --arch NAME): which NaN an operation returns, the default NaN's sign,
 * whether fma(0, ∞, qNaN) is invalid, when tininess is detected, what a NaN becomes
 * through a conversion, and the integer an invalid float → integer conversion gives.
 * One table (arch.c), a row per architecture, each column with its source: Berkeley
 * SoftFloat 3's specializations (8086-SSE, ARM-VFPv2, ARM-VFPv2-defaultNaN, RISCV),
 * which TestFloat verifies against, and the manuals where they agree (tests/arch/
 * DIGEST.md §3–§5). `ieee` is fpx's own rules, the default. A NULL arch is `ieee`.
 * Never prints; decides nothing about finite results.
 */
#ifndef FPX_ARCH_H
#define FPX_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"
#include "num.h"

struct arch;

/* The most operands arch_nan_result() looks at. */
#define ARCH_MAX_OPERANDS 3

/* The names --arch takes, the default first. */
#define ARCH_NAMES "ieee, x86, arm, arm-dn, riscv"
#define ARCH_NAMES_HELP "ieee (default), x86, arm, arm-dn, riscv"

/* The row named name, or NULL when there is none. */
const struct arch *arch_lookup(const char *name);
/* The i-th row in the table's order (ieee first); NULL past the last. */
const struct arch *arch_at(int i);
/* Its name as --arch takes it. */
const char *arch_name(const struct arch *a);

/* Is underflow's tininess detected before rounding by default (map's --tininess)? */
bool arch_tininess_before(const struct arch *a);

/*
 * The NaN result in f of an operation whose operands (n of them, in the order the
 * operation takes them: a, b, c) include a NaN; fma: fma_inf_zero when a·b is 0·∞ and
 * the row treats that product as an invalid operation whose default NaN meets c
 * (arch_fma_inf_zero_invalid()). Whether it raises invalid is the caller's (every row
 * raises it for a signaling operand). converted: an operand is of another format than f
 * (a conversion quiets its NaN in every row, x87's too).
 */
fpcode arch_nan_result(const struct arch *a, const struct fmt *f, const struct num *const *operands, int n,
		       bool fma_inf_zero, bool converted);
/* Does the row take the NaN operands in the operation's order (a, b, c), or, as fpx
 * always has, in its variables' (x, y, z)? */
bool arch_operation_order(const struct arch *a);
/* Is fma(0, ∞, c) (either factor order) invalid when c is a quiet NaN, its NaN
 * arch_nan_result(.., fma_inf_zero)? Else c's NaN, no flag (IEEE 754 §7.2(c) leaves it). */
bool arch_fma_inf_zero_invalid(const struct arch *a);

/* The NaN an invalid operation makes in f without a NaN operand (0/0, ∞ − ∞), where
 * f's NaNs can signal (IEEE-like formats); false where the row keeps fpx's own (ieee,
 * and the formats without signaling NaNs). */
bool arch_made_nan(fpcode *out, const struct arch *a, const struct fmt *f);
/* A NaN converted into f (IEEE 754 §6.2.3): true with the default NaN in *out where
 * the row gives it; false where the row keeps the NaN's sign and payload, quieted, as
 * fpx's rounding does (round.c). Whether it raises invalid is the caller's. */
bool arch_nan_converted(fpcode *out, const struct arch *a, const struct fmt *f);

/* The cases of an invalid float → integer conversion. */
enum arch_int_case { ARCH_INT_NAN, ARCH_INT_POS_OVERFLOW, ARCH_INT_NEG_OVERFLOW };
/* The integer (two's complement in bits bits, 32 or 64) the row gives for that case. */
uint64_t arch_int_invalid(const struct arch *a, int bits, bool is_signed, enum arch_int_case which);

#endif
