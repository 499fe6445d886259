/*
 * fastshort.h — the fast path for the shortest decimal of a wide format's code: the
 * interval that reads back is scaled by a power of ten with 64×128-bit products (Ryu's
 * method, Adams 2018), and digits are dropped while the coarser grid still has a point
 * inside. It answers exactly what the interval search in decimal.c answers, or
 * declines; it never approximates. Never prints.
 */
#ifndef FPX_FASTSHORT_H
#define FPX_FASTSHORT_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"

/* The shortest decimal of a finite nonzero code of f (FORMATS.md §4) as
 * *digits · 10^*pow10, sign aside; false when the fast method does not apply: tapered
 * formats, E8M0, more than 53 significant bits, exponents past binary64's, zero, inf,
 * NaN, and the few smallest subnormals (fewer than 5 bits, where one-digit answers
 * need the search). */
bool fastshort(uint64_t *digits, int *pow10, const struct fmt *f, fpcode code);

/* ⌊log10 2^e⌋ and ⌊log10 5^e⌋ for 0 ≤ e ≤ 1650, and the bit length of 5^e for
 * 0 ≤ e ≤ 3528 (tests check them against GMP). */
int fastshort_log10_pow2(int e);
int fastshort_log10_pow5(int e);
int fastshort_pow5_bits(int e);

#endif
