/*
 * fastdec.h — the fast path for the commonest input: a plain decimal, placed between
 * two ranks of a regular format with fixed-size integers (GMP's mpn layer, no
 * allocation) instead of rationals. Its first 19 significant digits h (and q, so that
 * h·10^q is their value, |q| ≤ 400) decide it when the rest are zeros; when they are
 * not, the value lies strictly between h·10^q and (h + 1)·10^q, and it is placed when
 * both ends place alike (fast_float's method); else, with at most 38 digits, all of
 * them are placed. It answers exactly what fmt_place() answers, or declines; it never
 * approximates. Never prints.
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
/* ⌊log2 |d|⌋ for a nonzero finite d, from its first 19 digits in words; false when
 * those do not decide it. */
bool fastdec_floor_log2(long *out, const struct decimal *d);
/* The same for n·2^e2 (n nonzero): a binary result of an operation on codes (ops.c). */
bool fastdec_place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			  unsigned __int128 n, long e2);

/*
 * The commonest bulk conversion in one pass (convert's stdin lines, rows of the code
 * alone): a line that is [sign]digits[.digits][(e|E)[sign]digits] and nothing else,
 * read 8 bytes a load, placed on the grid of a binary format whose ranks are its codes
 * (of at most 64 bits, 61-bit significands), straight from the line reader's block:
 * up to 19 digits in one word (exactly, or by one product with a 128-bit power of 5),
 * up to 38 in two, more by the first 19 and both ends. It answers what fastdec_place()
 * and fmt_place() answer, or declines: zero, blanks, a value below the normals of a
 * grid without subnormals or near half the smallest subnormal, a placement it cannot
 * decide in words; and on a machine whose words are not little-endian.
 */
struct fastdec_line {
	int frac_bits, bias;
	long emin, emax;
	uint64_t max_rank;
	bool has_sign, subnormals;
	long e2; /* each line's value is taken times 2^e2 (quantize's power-of-two scales) */
};

struct fastdec_spot {
	uint64_t lower; /* the rank at or below |value|; max_rank + 1 past max (vs_mid 1) */
	bool neg, exact;
	bool tiny;      /* below the smallest normal value */
	int vs_mid;     /* |value| against the midpoint above lower, when not exact */
	uint64_t digits; /* the line's digits when all but its first 19 significant ones are
			  * zeros: |value| = digits·10^q·2^e2; else 0 */
	long q;
};

/* False when f is not such a format (or |e2| is past 100 000). */
bool fastdec_line_open(struct fastdec_line *ln, const struct fmt *f, long e2);
/* The digits of the decimal that text begins with, read as fastdec_place_line() reads
 * them: |value| = w·10^q with w < 10^38; returns where it ends, or NULL (not such a
 * decimal, or more than 38 digits not all 0 past them). */
struct fastdec_digits {
	unsigned __int128 w;
	long q;
	bool neg;
};
const char *fastdec_scan_line(struct fastdec_digits *d, const char *text);
/* ⌊log2 |d|⌋ of a nonzero d so scanned, or false when words do not decide it. */
bool fastdec_digits_floor_log2(long *out, const struct fastdec_digits *d);
/* For such a d with |q| ≤ 400, cheaply: a bound b with b ≤ ⌊log2 |d|⌋ ≤ b + 3. It is
 * ⌊log2 w⌋ + ⌊q·log2 10⌋, each from below: 3483294/2^20 is log2 10 within 7.1e−8, so
 * that for |q| ≤ 400 the product's floor is ⌊q·log2 10⌋ or one off; and the sum of two
 * floors is the floor of the sum or one less. */
static inline long fastdec_digits_log2_bound(const struct fastdec_digits *d)
{
	uint64_t high = (uint64_t)(d->w >> 64), top = high ? high : (uint64_t)d->w | 1; /* no branch */
	int bits = 64 * (high != 0) + 64 - __builtin_clzll(top);

	return bits - 1 + ((d->q * 3483294) >> 20) - 1;
}
/* Where d so scanned (nonzero) lies on ln's grid, as fastdec_place_line() says it of
 * the same line (s->digits 0); false when that does not decide it. */
bool fastdec_place_digits(struct fastdec_spot *s, const struct fastdec_line *ln, const struct fastdec_digits *d);
/* Places the decimal that text begins with, and returns where it ends (the caller
 * checks that its line ends there), or NULL. Reads up to LINES_PADDING bytes past that
 * end (lines.h). */
const char *fastdec_place_line(struct fastdec_spot *s, const struct fastdec_line *ln, const char *text);

#endif
