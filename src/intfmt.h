/*
 * intfmt.h — the integer formats of quantization: int2, int4, int8, int16 (two's
 * complement) and uint2, uint4, uint8, uint16 (ONNX QuantizeLinear's integer types). Converting into one rounds once (any mode) and saturates
 * into its range. Never prints.
 */
#ifndef FPX_INTFMT_H
#define FPX_INTFMT_H

#include <gmp.h>
#include <stdbool.h>

#include "code.h"
#include "round.h"

/* Their names, for messages. */
#define INTFMT_NAMES "int2, int4, int8, int16, uint2, uint4, uint8, uint16"

struct int_format {
	const char *name;
	int bits;
	bool is_signed;
	long min, max;
};

/* The integer format of that name (case-insensitive), or NULL. */
const struct int_format *intfmt_lookup(const char *name);

/* q rounded to an integer by mode and clamped into f: flags RND_INEXACT, RND_TIE and,
 * when clamped, RND_OVERFLOW | RND_SATURATED. q need not be in lowest terms (its
 * denominator positive): it is divided once. */
unsigned intfmt_round(long *out, const struct int_format *f, const mpq_t q, enum rnd_mode mode);
/* The same for q = n/d in words (d > 0, |n| and d below 2^126). */
unsigned intfmt_round_words(long *out, const struct int_format *f, __int128 n, unsigned __int128 d, enum rnd_mode mode);

/* ±n·10^e10·2^k + zero (n < 10^38, |zero| < 2^16) rounded into f by intfmt_round_words(),
 * its flags in *flags; false when words do not hold it (each term kept under 2^125). */
bool intfmt_round_digits(long *out, unsigned *flags, const struct int_format *f, unsigned __int128 n, long e10,
			 bool neg, long k, long zero, enum rnd_mode mode);

/* The bits of v (two's complement for signed formats). */
fpcode intfmt_code(const struct int_format *f, long v);
/* The integer a code stands for; false when it has more bits than f. */
bool intfmt_from_code(long *out, const struct int_format *f, fpcode code);

#endif
