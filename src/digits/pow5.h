/*
 * pow5.h — 5^k for 0 ≤ k ≤ POW5_MAX as GMP limbs (least significant first), generated
 * at build time by pow5gen.c, and their 125-bit splits for fastshort.c.
 */
#ifndef FPX_POW5_H
#define FPX_POW5_H

#include <gmp.h>
#include <stddef.h>
#include <stdint.h>

#define POW5_MAX 400

struct pow5 {
	size_t offset; /* into pow5_limbs */
	size_t size;   /* limbs */
	size_t bits;
};

/*
 * For the fast shortest decimal (fastshort.c), 5^k to 125 significant bits as two
 * 64-bit words (low first): pow5_inverse[q] = ⌊2^(b−1+125) / 5^q⌋ + 1 and
 * pow5_top[j] = ⌊5^j / 2^(b−125)⌋, b the bit length of the power. The counts cover
 * every exponent of a binary64 value's interval ends (e2 from −1076 to 969).
 */
#define POW5_INV_COUNT 292
#define POW5_TOP_COUNT 326
#define POW5_SPLIT_BITS 125

/*
 * For the fast decimal path (fastdec.c), dividing by 5^k for 1 ≤ k ≤ POW5_SMALL_MAX
 * without a division: pow5_reciprocal[k] = ⌈2^(127+b) / 5^k⌉ (b the bit length of
 * 5^k), and the divisibility test w·pow5_odd_inverse[k] mod 2^64 ≤ pow5_quotient_limit[k]
 * (the inverse of 5^k modulo 2^64, and ⌊(2^64 − 1) / 5^k⌋).
 */
#define POW5_SMALL_MAX 27

/*
 * And for POW5_SMALL_MAX < k ≤ POW5_MAX: pow5_big_reciprocal holds ⌈2^(2b+65) / 5^k⌉
 * as GMP limbs at pow5_big[k].offset, pow5_big[k].size of them (fastdec.c says why).
 */
struct pow5_reciprocal_at {
	size_t offset, size;
};

/*
 * For placing a whole line in one pass (fastdecline.c), 5^q to 128 bits for every
 * |q| ≤ POW5_MAX (Eisel and Lemire's table): pow5_wide[q + POW5_MAX] = ⌊5^q·2^(127−L)⌋,
 * two words, low first, between 2^127 and 2^128, with L = pow5_wide_log2[q + POW5_MAX]
 * = ⌊log2 5^q⌋. Exact for 0 ≤ q ≤ 55.
 */
extern const uint64_t pow5_wide[2 * POW5_MAX + 1][2];
/* And for dividing a two-word number by 5^k, k ≤ POW5_WIDE_EXACT (5^k < 2^128): the
 * inverse of 5^k modulo 2^128, and ⌊(2^128 − 1) / 5^k⌋ (the test as for one word). */
#define POW5_WIDE_EXACT 55
extern const uint64_t pow5_wide_odd_inverse[POW5_WIDE_EXACT + 1][2];
extern const uint64_t pow5_wide_quotient_limit[POW5_WIDE_EXACT + 1][2];
extern const int16_t pow5_wide_log2[2 * POW5_MAX + 1];

extern const mp_limb_t pow5_big_reciprocal[];
extern const struct pow5_reciprocal_at pow5_big[POW5_MAX + 1];
extern const mp_limb_t pow5_limbs[];
extern const uint64_t pow5_reciprocal[POW5_SMALL_MAX + 1][2];
extern const uint64_t pow5_odd_inverse[POW5_SMALL_MAX + 1];
extern const uint64_t pow5_quotient_limit[POW5_SMALL_MAX + 1];
extern const uint64_t pow5_inverse[POW5_INV_COUNT][2];
extern const uint64_t pow5_top[POW5_TOP_COUNT][2];
extern const struct pow5 pow5_table[POW5_MAX + 1];

#endif
