/*
 * fastdecline.h — the fast path of bulk conversion (convert, quantize, mx): a line read
 * and placed in one pass, in words, straight from the line reader's block. Part of the
 * fast decimal path (fastdec.h), with the same answers or none; never prints.
 */
#ifndef FPX_FASTDECLINE_H
#define FPX_FASTDECLINE_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"

/*
 * The commonest bulk conversion in one pass (convert's stdin lines, rows of the code
 * alone): a line that is [sign]digits[.digits][(e|E)[sign]digits] and nothing else,
 * read 8 bytes a load, placed on the grid of a binary format whose ranks are its codes
 * (of at most 64 bits, 61-bit significands), straight from the line reader's block:
 * up to 19 digits in one word (exactly, or by one product with a 128-bit power of 5),
 * up to 38 in two, more by the first 19 and both ends. It answers what fastdec_place()
 * and fmt_place() answer, or says that the line is zero, or (past 38 digits) gives
 * the placements of both ends when they differ; or declines: blanks, a value below
 * the normals of a grid without subnormals, a placement it cannot decide in words;
 * and on a machine whose words are not little-endian.
 */
struct fastdec_line {
	int frac_bits, bias;
	long emin, emax;
	uint64_t max_rank;
	bool has_sign, subnormals;
	long e2; /* each line's value is taken times 2^e2 (quantize's power-of-two scales) */
};

/* What a line's placement says: where |value| lies; that it is zero (±, the rest
 * unset); or that it lies strictly between the ends h·10^q (this placement) and
 * (h + 1)·10^q (the next one's), of its first 19 digits h, which place apart. */
enum fastdec_spot_kind { FASTDEC_PLACED, FASTDEC_ZERO, FASTDEC_BETWEEN };

struct fastdec_spot {
	enum fastdec_spot_kind kind;
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
/* The same decimal read as fastdec_scan() reads it (its text from `text` to where it
 * ends), exactly as that fills d: first 19 digits, all of up to 38, the text past
 * them; returns where it ends, or NULL (not such a decimal, or an exponent past
 * fastdec_scan()'s). */
struct decimal;
const char *fastdec_scan_line_decimal(struct decimal *d, const char *text);
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
/* Where ±n·2^e2 (n nonzero, below 2^64) lies on ln's grid, exactly, as
 * fastdec_place_digits() says it of a decimal; false when that does not decide it. */
bool fastdec_place_binary_line(struct fastdec_spot *s, const struct fastdec_line *ln, bool neg, uint64_t n, long e2);
/* Places the decimal that text begins with into s[0] (and, FASTDEC_BETWEEN, its upper
 * end into s[1]), and returns where it ends (the caller checks that its line ends
 * there), or NULL. Reads up to LINES_PADDING bytes past that end (lines.h). */
const char *fastdec_place_line(struct fastdec_spot s[2], const struct fastdec_line *ln, const char *text);
/* A line likely past 38 digits (mx's long lines) as fastdec_place_long_line() read it,
 * for fastdec_long_decimal(): its first 19 digits (w), of up to 19 past them their
 * value (tail), of all past them only how many and whether any is not 0; its exponent
 * and sign, its text and where it ends (stop; NULL where it is no such decimal). */
struct fastdec_long_scan {
	uint64_t w, tail;
	int dropped;
	bool sticky, neg;
	long q;
	const char *text, *stop;
};
/* fastdec_place_line() (the same answers) for such a line, read once, its digits past
 * the first 19 only counted and tested for 0, 8 a load (but for up to 19 of them),
 * what it read kept in x too (ln NULL: only kept, and NULL returned). Then the line
 * so kept read into d as fastdec_scan_line_decimal() reads it (the same answers),
 * without reading it again; false where that declines it. */
const char *fastdec_place_long_line(struct fastdec_spot s[2], struct fastdec_long_scan *x,
				    const struct fastdec_line *ln, const char *text);
/* The line so kept (x->stop not NULL) placed as fastdec_place_long_line() places it,
 * without reading it again. */
bool fastdec_place_kept(struct fastdec_spot s[2], const struct fastdec_line *ln, const struct fastdec_long_scan *x);
bool fastdec_long_decimal(struct decimal *d, const struct fastdec_long_scan *x);
/* A line that fastdec_place_line() left FASTDEC_BETWEEN (or a decimal whose ends
 * fastdec_place_ends() placed so), placed exactly into s[0] (FASTDEC_PLACED, as
 * fastdec_place() places its value) when one boundary of the grid (a value, a
 * midpoint, the virtual value past max) lies between its ends: all the digits of
 * text (up to end, where the decimal ends) compared with it (fastdecside.c). False,
 * s unchanged, when two or more lie between them or the line is too long for that. */
bool fastdec_settle_between(struct fastdec_spot s[2], const struct fastdec_line *ln, const char *text, const char *end);

#endif
