/*
 * fastshort.h — the fast path for the shortest decimal of a wide format's code: the
 * interval that reads back is scaled by a power of ten with 64×128-bit products (Ryu's
 * method, Adams 2018), and digits are dropped while the coarser grid still has a point
 * inside. It answers exactly what the interval search in decshort.c answers, or
 * declines; it never approximates. Never prints.
 */
#ifndef FPX_FASTSHORT_H
#define FPX_FASTSHORT_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"

/* The shortest decimal of a finite nonzero code of f (fpx(1) OUTPUT) as
 * *digits · 10^*pow10, sign aside; false when the fast method does not apply: tapered
 * formats, E8M0, more than 53 significant bits, exponents past binary64's, zero, inf,
 * NaN, and the few smallest subnormals (fewer than 5 bits, where one-digit answers
 * need the search). */
bool fastshort(uint64_t *digits, int *pow10, const struct fmt *f, fpcode code);

/*
 * Where a decimal's own digits are its code's shortest: a decimal of at most k
 * significant digits, 10^k < 2^(p−1) for f's p-bit significands, that rounds to nearest
 * (ties to even) into a normal value of f. Two decimals of at most k digits near a
 * normal value in [2^e, 2^(e+1)) lie at least 10^(j+1−k) apart for the decade
 * [10^j, 10^(j+1)) of the lower, and 10^(j+1) > 2^e·(1 − 2^−(p+1)), so more than one
 * ulp 2^(e−p+1); the interval that reads back to the value is at most an ulp wide, so
 * it holds no other decimal of k digits or fewer. Returns 10^k, at most 10^19 (digits
 * below it, their trailing zeros dropped, qualify), or 0 where f has no grid with
 * subnormals (without them the smallest normal value's interval reaches halfway to
 * zero).
 */
uint64_t fastshort_input_limit(const struct fmt *f);
/* The rule's test of a decimal d·10^q (d nonzero) that the caller knows to have rounded
 * to nearest-even into a normal value: d's trailing zeros moved into q, are the digits
 * left below limit (fastshort_input_limit())? */
static inline bool fastshort_own_digits(uint64_t *d, long *q, uint64_t limit)
{
	while (*d % 10 == 0) {
		*d /= 10;
		++*q;
	}
	return *d < limit;
}

/* ⌊log10 2^e⌋ and ⌊log10 5^e⌋ for 0 ≤ e ≤ 1650, and the bit length of 5^e for
 * 0 ≤ e ≤ 3528 (tests check them against GMP). */
int fastshort_log10_pow2(int e);
int fastshort_log10_pow5(int e);
int fastshort_pow5_bits(int e);

#endif
