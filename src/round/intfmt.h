/*
 * intfmt.h — rounding into the integer formats of quantization, in machine words:
 * int2, int4, int8, int16 (two's complement) and uint2, uint4, uint8, uint16 (ONNX
 * QuantizeLinear's integer types), for quantize and MXINT8 (mx). The formats are
 * kind_fixed.c's intN and uintN, as the registry builds them from their names: this
 * module holds none of its own, and reads only what every kind derives (bits,
 * has_sign, max_rank, max_rank_neg). Converting into one rounds once (any mode) and
 * saturates into its range. Never prints.
 */
#ifndef FPX_INTFMT_H
#define FPX_INTFMT_H

#include <gmp.h>
#include <stdbool.h>

#include "code.h"
#include "format.h"
#include "round.h"

/* Their names, for messages. */
#define INTFMT_NAMES "int2, int4, int8, int16, uint2, uint4, uint8, uint16"

/* The integer format of quantization of that name (case-insensitive), or NULL: the
 * format the name builds (registry.h: fmt_from_name()), whatever -F loaded under it. */
const struct fmt *intfmt_lookup(const char *name);

/* The least and the largest integer of f. */
static inline long intfmt_min(const struct fmt *f)
{
	return -(long)f->max_rank_neg;
}
static inline long intfmt_max(const struct fmt *f)
{
	return (long)f->max_rank;
}

/* q rounded to an integer by mode and clamped into f: flags RND_INEXACT, RND_TIE and,
 * when clamped, RND_OVERFLOW | RND_SATURATED. q need not be in lowest terms (its
 * denominator positive): it is divided once. */
unsigned intfmt_round(long *out, const struct fmt *f, const mpq_t q, enum rnd_mode mode);
/* ±n·10^e10·2^k + zero (n < 10^38, |zero| < 2^16) rounded into f as intfmt_round() rounds,
 * its flags in *flags; false when words do not hold it (each term kept under 2^125). */
bool intfmt_round_digits(long *out, unsigned *flags, const struct fmt *f, unsigned __int128 n, long e10,
			 bool neg, long k, long zero, enum rnd_mode mode);

/* The bits of v (two's complement for signed formats). */
fpcode intfmt_code(const struct fmt *f, long v);
/* The integer a code stands for; false when it has more bits than f. */
bool intfmt_from_code(long *out, const struct fmt *f, fpcode code);

#endif
