/*
 * fastdec_impl.h — what the pieces of the fast decimal path share (fastdecscan.c,
 * fastdec.c, fastdecline.c, fastdecside.c): digits read 8 to a word, and the steps in words that
 * turn w·10^q into n·2^e2 (divisions by powers of 5 by their reciprocals). All static
 * inline, so that each piece compiles them into its own hot loop. Nothing outside
 * those files includes it; nothing here allocates or declines but by its result.
 */
#ifndef FPX_FASTDEC_IMPL_H
#define FPX_FASTDEC_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "code.h"
#include "pow5.h"

/* The 8-digits-at-once step reads the first digit into the lowest byte. */
#define LITTLE_ENDIAN_WORDS (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
#define ALWAYS_INLINE inline __attribute__((always_inline)) /* the one-pass line's steps */
#define ASCII_ZEROS 0x3030303030303030u /* '0' in every byte */

/* The number that 8 digit values (0…9 a byte), the first in the lowest byte, write:
 * pairs, then fours, then all. */
static inline uint64_t digit_bytes_value(uint64_t v)
{
	v = (v * 10 + (v >> 8)) & 0x00ff00ff00ff00ffu;           /* 4 values of 2 digits */
	v = (v * 100 + (v >> 16)) & 0x0000ffff0000ffffu;         /* 2 values of 4 digits */
	return (v * 10000 + (v >> 32)) & 0xffffffffu;            /* 8 digits */
}

/*
 * ⌊w·2^s / 5^k⌋ for w < 2^63 shifted up to [2^62, 2^63) (so s = that shift + 64) and
 * 1 ≤ k ≤ POW5_SMALL_MAX, by multiplying by R = ⌈2^(127+b) / 5^k⌉ (b the bit length of
 * 5^k): the product overshoots the quotient by less than w'/2^(63+b) < 2^−b < 5^−k,
 * and a quotient that is not whole is at least 5^−k short of the next integer, so the
 * floor is exact. The remainder is zero exactly when 5^k divides w.
 */
static inline unsigned __int128 divide_by_pow5(uint64_t w, int *s, bool *remainder, int k)
{
	int shift = __builtin_clzll(w) - 1;
	uint64_t wide = w << shift;
	const uint64_t *r = pow5_reciprocal[k];
	unsigned __int128 low = (unsigned __int128)wide * r[0];
	unsigned __int128 high = (unsigned __int128)wide * r[1] + (uint64_t)(low >> 64);

	*s = shift + 64;
	*remainder = w * pow5_odd_inverse[k] > pow5_quotient_limit[k];
	return high >> (pow5_table[k].bits - 1);
}

/* The rule for a value strictly between two ends a and b that have the same lower
 * neighbour (the caller compares them): past the midpoint when a lies at or past it,
 * before it when b lies at or before it, else undecided (false). An end placed
 * exactly says −1. */
static inline bool between_ends(int *vs_mid, int mid_a, int mid_b)
{
	*vs_mid = mid_a >= 0 ? 1 : -1;
	return mid_a >= 0 || mid_b <= 0;
}

/* ⌊x·y / 2^128⌋. */
static inline unsigned __int128 high_product(unsigned __int128 x, const uint64_t y[2])
{
	uint64_t x0 = (uint64_t)x, x1 = (uint64_t)(x >> 64);
	unsigned __int128 ll = (unsigned __int128)x0 * y[0], lh = (unsigned __int128)x0 * y[1],
			  hl = (unsigned __int128)x1 * y[0], hh = (unsigned __int128)x1 * y[1];
	unsigned __int128 middle = (ll >> 64) + (uint64_t)lh + (uint64_t)hl;

	return hh + (lh >> 64) + (hl >> 64) + (middle >> 64);
}

/*
 * w·10^q for w of two words (all of up to 38 digits) as n·2^e2, in words, where it
 * can. For q < 0, either 5^−q divides w and the value is the dyadic (w / 5^−q)·2^q, the
 * quotient made by multiplying by the inverse of 5^−q modulo 2^128 (*slop 0: exact);
 * or it does not, the value is no dyadic number and so on no boundary of any grid, and
 * one product with the 128-bit 5^q (pow5.h) leaves it in [n, n + 2)·2^e2 (*slop 2).
 * For q ≥ 0, w·5^q exactly when it fits a word. False when none of that applies.
 */
static inline bool wide_in_word(unsigned __int128 *n, long *e2, int *slop, unsigned __int128 w, long q)
{
	long k = -q;
	int zeros;

	*slop = 0;
	*e2 = q;
	if (q >= 0) {
		if (q > POW5_SMALL_MAX || code_bit_length(w) + (long)pow5_table[q].bits > 128)
			return false;
		*n = w * pow5_limbs[pow5_table[q].offset];
		return true;
	}
	if (k <= POW5_WIDE_EXACT) {
		const uint64_t *inverse = pow5_wide_odd_inverse[k], *limit = pow5_wide_quotient_limit[k];
		*n = w * ((unsigned __int128)inverse[1] << 64 | inverse[0]);
		if (*n <= ((unsigned __int128)limit[1] << 64 | limit[0]))
			return true;
	}
	if (k > POW5_MAX)
		return false;
	zeros = 128 - code_bit_length(w);
	*n = high_product(w << zeros, pow5_wide[q + POW5_MAX]);
	*e2 = q + pow5_wide_log2[q + POW5_MAX] + 1 - zeros;
	*slop = 2;
	return *n < ~(unsigned __int128)0 - 1;
}

#endif
