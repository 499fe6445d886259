/*
 * fastdec.h — the fast path for the commonest input: a plain decimal, placed between
 * two ranks of a regular format with fixed-size integers (GMP's mpn layer, no
 * allocation) instead of rationals. Its first 19 significant digits h (and q, so that
 * h·10^q is their value, |q| ≤ 400) decide it when the rest are zeros; when they are
 * not, the value lies strictly between h·10^q and (h + 1)·10^q, and it is placed when
 * both ends place alike (fast_float's method); else, with at most 38 digits, all of
 * them are placed. It answers exactly what fmt_place() answers, or declines; it never
 * approximates. Never prints. Its pieces: fastdecscan.c reads the text, fastdec.c
 * places it; the one-pass line of bulk conversion is fastdecline.h's.
 */
#ifndef FPX_FASTDEC_H
#define FPX_FASTDEC_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"

enum decimal_kind { DECIMAL_FINITE, DECIMAL_INF, DECIMAL_NAN };

struct decimal {
	enum decimal_kind kind;
	uint64_t head; /* the first 19 significant digits, or all of them; 0 for zero */
	long q;        /* |value| = head·10^q·2^e2, or lies strictly above it when sticky */
	long e2;       /* 0 as scanned but for a power of two, 2^k (head 1, q 0); a caller may
			* scale any decimal by a power of two here before placing it (mx) */
	bool sticky;   /* a digit past the 19th is not 0: |value| < (head + 1)·10^q */
	/* With sticky and at most 38 digits: all of them, |value| = w·10^wq (limbs 1 or
	 * 2, least significant limb first); else limbs is 0. */
	mp_limb_t w[2];
	int limbs;
	long wq;
	bool neg;
	/* Past 38 digits (sticky, limbs 0), the text read, from its digits to its end, for
	 * fastdec_settle_between() (rnd_encode_decimal()); else NULL. Borrowed: a caller
	 * that keeps d longer than the text (mx's blocks) sets it NULL. */
	const char *text;
	size_t len;
};

/* Reads [blanks][sign]digits[.digits][(e|E)[sign]digits][blanks], or with the digits
 * after the point only, any number of them; [sign]2^[sign]digits; [sign]inf, infinity
 * or nan (any case): false for anything else (the full parser then decides). */
bool fastdec_scan(struct decimal *d, const char *text, size_t len);

/* d's exact value, as parse_input() makes it (canonical, without a gcd); false when d
 * does not hold all its digits (more than 38, not all zeros past the 19th) or lies
 * past 2^±NUM_LIMIT_EXP. */
struct num;
bool fastdec_value(struct num *x, const struct decimal *d);

/* Where |d| (nonzero: head > 0) lies in regular format f, as fmt_place() says it, plus
 * whether it is below the smallest normal value; false when the fast method does not
 * apply. */
bool fastdec_place(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, const struct decimal *d);
/* Where fastdec_place() declines a d of more digits than it holds (sticky): where its
 * ends h·10^q (index 0) and (h + 1)·10^q (1) lie, as fastdec_place() says it of each;
 * d lies strictly between them. False when they cannot be placed. */
bool fastdec_place_ends(fpcode lower[2], bool exact[2], int vs_mid[2], bool tiny[2], const struct fmt *f,
			const struct decimal *d);
/* ⌊log2 |d|⌋ for a nonzero finite d, from its first 19 digits in words; false when
 * those do not decide it. */
bool fastdec_floor_log2(long *out, const struct decimal *d);
/* The same for n·2^e2 (n nonzero): a binary result of an operation on codes (ops.c). */
bool fastdec_place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			  unsigned __int128 n, long e2);

#endif
