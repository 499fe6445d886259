/*
 * pow5.h — 5^k for 0 ≤ k ≤ POW5_MAX as GMP limbs (least significant first), generated
 * at build time by pow5gen.c.
 */
#ifndef FPX_POW5_H
#define FPX_POW5_H

#include <gmp.h>
#include <stddef.h>

#define POW5_MAX 400

struct pow5 {
	size_t offset; /* into pow5_limbs */
	size_t size;   /* limbs */
	size_t bits;
};

extern const mp_limb_t pow5_limbs[];
extern const struct pow5 pow5_table[POW5_MAX + 1];

#endif
