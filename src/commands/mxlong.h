/*
 * mxlong.h — `fpx mx`'s elements that are not placed exactly in words (mxlong.c): long
 * decimals, their code from the ends of their first 19 digits or from where the one
 * pass places them among binary64's values, their |error| only bounded; and those
 * bounds compared, so that only an element whose error may be its block's worst is
 * made exactly. Never reads a line nor writes a row; never approximates.
 */
#ifndef FPX_MXLONG_H
#define FPX_MXLONG_H

#include <limits.h>
#include <stdint.h>

#include "decwords.h"
#include "fastdec.h"
#include "fastdecline.h"
#include "format.h"
#include "roundline.h"

/* A long decimal: more than 38 digits, not all 0 past the 19th (its first 19 held). */
static inline bool mx_long_decimal(const struct decimal *d)
{
	return d->kind == DECIMAL_FINITE && d->sticky && d->limbs == 0;
}

/* A bound on an |error|: a decimal in words, or n·2^k. */
struct mx_bound {
	bool binary;
	struct dec_words dec;
	unsigned __int128 n;
	long k;
};

/* An element whose |error| is known to lie in [lo, hi) only (its code decided by the
 * ends of an interval that holds its value): made exactly at the block's end only
 * where it may be the worst (mxemit.c). */
struct mx_pending {
	long i;
	fpcode code;
	struct mx_bound lo, hi;
};


/* A float grid rounded as rl rounds (rne, saturating: mx_scaled_rounding()) for
 * mx_double_element(), its constants made once for a block (mx_double_block()). */
struct mx_double_grid {
	int shift;            /* 52 − frac_bits: a binary64's bits below a normal rank's */
	uint64_t offset;      /* (1023 − bias) << frac_bits: a normal's bits >> shift, less it, are its rank */
	uint64_t normal_bits; /* the bits of 2^emin, the smallest normal: below them, a subnormal */
	uint64_t zero_bits;   /* 16 binary64s below half the smallest subnormal: below them, 0 */
	long emin;
	uint64_t max_rank;
	fpcode sign_bit; /* 0 where the grid has no negatives */
	bool subnormals, has_sign;
	fpcode past_max[2], far_below[2], zero[2];
	double unscale;            /* 1/X for the block's scale X (mxemit.c's) */
	const double *magnitude;   /* the code table's (mxemit.c's) */
};

/* A value y > 0, its binary64 bits u (at least g->zero_bits), on g: the rank at or
 * below it (lower), y's bits below that rank's last place (rest) and half of that place
 * (half); false where y lies below the normals of a grid without subnormals. Each
 * rounding rule then takes lower or lower + 1 (mx_grid_code()). */
static inline bool mx_grid_place(uint64_t *lower, uint64_t *rest, uint64_t *half, const struct mx_double_grid *g,
				 uint64_t u)
{
	uint64_t bits = u; /* its low shift bits are the significand's */
	int shift = g->shift;

	if (u >= g->normal_bits)
		*lower = (u >> shift) - g->offset;
	else { /* below the normals: the significand shifted further, from rank 0 */
		long below = g->emin - ((long)(u >> 52) - 1023);
		if (!g->subnormals)
			return false;
		bits = (u & ((UINT64_C(1) << 52) - 1)) | UINT64_C(1) << 52;
		shift = below > 63 - shift ? 63 : shift + (int)below;
		*lower = bits >> shift;
	}
	*half = UINT64_C(1) << (shift - 1);
	*rest = bits & (*half + (*half - 1));
	return true;
}

/* The code of rank on g, signed (neg): past max saturated, rank 0 g's zero. */
static inline fpcode mx_grid_code(const struct mx_double_grid *g, uint64_t rank, bool neg)
{
	if (rank - 1 < g->max_rank)
		return rank | (neg ? g->sign_bit : 0);
	return rank ? g->past_max[neg] : g->far_below[neg];
}

/* The code of an element placed among binary64's values at s (⌊log2 |x|⌋ log2) on g
 * (mx_double_block(); rl the scale's rounding, mx_scaled_rounding()) with the scale
 * X = 2^e, as mx_spot_code() gives it (a code of at most 8 bits): false where its
 * placement does not decide it. */
bool mx_spot_element_code(fpcode *code, const struct rnd_line *rl, const struct mx_double_grid *g,
			  const struct fastdec_spot s[2], long log2, long e);
/* Whether the error of an element of code code, with the scale 2^e, lies below 2^over
 * by the code table's under (LONG_MAX off the grid): else bounded_element() bounds it. */
static inline bool mx_code_below(const long under[], fpcode code, long e, long over)
{
	return under[code] != LONG_MAX && under[code] + e <= over;
}

/* The grid the one pass places a long line on before its block's scale is known. */
bool mx_probe_open(struct fastdec_line *probe);
/* ⌊log2 |x|⌋ of a line the probe placed at s (s[1] too when s[0] is FASTDEC_BETWEEN):
 * false where the placement does not decide it, or where it is no normal binary64
 * value (the element is then read as a decimal). */
bool mx_spot_floor_log2(long *out, const struct fastdec_spot s[2]);
/* The digits d (nonzero) as the one pass read them, placed by the probe at s as
 * mx_spot_code() and mx_spot_bounds() take it: a value on a rank r as one strictly
 * between ranks r − 1 and r + 1. False where the probe does not place them. */
bool mx_digits_spot(struct fastdec_spot s[2], const struct fastdec_line *probe, const struct fastdec_digits *d);
/* The element code of x·2^−e, x the line placed at s (rne, saturating; by rl, the one
 * pass's rounding for 2^−e into f, where it is not NULL): false where s's ends round
 * apart. */
bool mx_spot_code(fpcode *code, const struct fmt *f, const struct rnd_line *rl, const struct fastdec_spot s[2],
		  long e);
/* The same for a long decimal x (mx_long_decimal()), from both ends of its first 19
 * digits (by rl where it places them, else rnd_decimal_code_by_ends()). */
bool mx_long_code(fpcode *code, const struct fmt *f, const struct rnd_line *rl, const struct decimal *x, long e);
/* *p's bounds on |error| = |±m·2^exp − x| (the value of p->code times the scale), x
 * strictly inside the interval s (or the ends of x's first 19 digits); false where
 * words do not hold them. */
bool mx_spot_bounds(struct mx_pending *p, bool neg, uint64_t m, long exp, const struct fastdec_spot s[2]);
bool mx_long_bounds(struct mx_pending *p, bool neg, uint64_t m, long exp, const struct decimal *x);
/* A power of two not above |x|: l with 2^l ≤ |x|; LONG_MIN for 0. */
static inline long mx_bound_log2_over(const struct mx_bound *x)
{
	uint64_t high = (uint64_t)(x->n >> 64);

	if (!x->binary)
		return dec_words_log2_over(&x->dec);
	if (!x->n)
		return LONG_MIN;
	return (high ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll((uint64_t)x->n)) + x->k;
}
/* A binary bound not above x (up false) or not below it (up true): x itself when
 * binary, else its value to at least 60 bits. */
void mx_bound_binary(struct mx_bound *out, const struct mx_bound *x, bool up);
/* n1·2^k1 against n2·2^k2: −1, 0, 1. The one of the larger k shifted to the other's,
 * where no bit leaves 128 (else it is the larger, or both are 0). */
static inline int mx_binary_cmp(unsigned __int128 n1, long k1, unsigned __int128 n2, long k2)
{
	int flip = 1;

	if (k1 < k2) { /* as n2·2^(k2 − k1) against n1, the answer negated */
		unsigned __int128 n = n1;
		long k = k1;
		n1 = n2, k1 = k2, n2 = n, k2 = k;
		flip = -1;
	}
	if (k1 != k2) {
		long d = k1 - k2;
		if (d >= 128 || n1 >> (128 - d))
			return flip * (n1 ? 1 : -(n2 != 0));
		n1 <<= d;
	}
	return flip * ((n1 > n2) - (n1 < n2));
}

#endif
