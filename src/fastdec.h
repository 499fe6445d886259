/*
 * fastdec.h — the fast path for the commonest input: a plain decimal, w·10^q with at
 * most 38 significant digits and |q| ≤ 400, placed between two ranks of a regular
 * format with fixed-size integers (GMP's mpn layer, no allocation) instead of
 * rationals. It answers exactly what fmt_place() answers, or declines; it never
 * approximates. Never prints.
 */
#ifndef FPX_FASTDEC_H
#define FPX_FASTDEC_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "format.h"

struct decimal {
	mp_limb_t w[2]; /* the significant digits as an integer, least significant limb first */
	int limbs;      /* 0 for zero */
	long q;         /* value = w · 10^q */
	bool neg;
};

/* Reads [blanks][sign]digits[.digits][(e|E)[sign]digits][blanks], or with the digits
 * after the point only; false for anything else (the full parser then decides). */
bool fastdec_scan(struct decimal *d, const char *text, size_t len);

/* Where |d| (nonzero) lies in regular format f, as fmt_place() says it, plus whether it
 * is below the smallest normal value; false when the fast method does not apply. */
bool fastdec_place(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, const struct decimal *d);
/* The same for n·2^e2 (n nonzero): a binary result of an operation on codes (ops.c). */
bool fastdec_place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			  unsigned __int128 n, long e2);

#endif
