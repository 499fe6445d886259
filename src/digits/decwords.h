/*
 * decwords.h — exact decimals in machine words, for mx's bulk rows: ±d·10^−k with
 * d < 2^128, made from a difference of a binary value and a decimal, written as
 * decimal.h's dec_rational() writes the same rational. Only what fits words: every
 * function declines (false) rather than approximate or allocate.
 */
#ifndef FPX_DECWORDS_H
#define FPX_DECWORDS_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "strbuf.h"

/*
 * Exact decimals in words: ±d·10^−k with d < 2^128 (k 0 for d = 0, else not always
 * the least: d may end in zeros). Made of ±m·2^e − x (x a finite decimal, or NULL for
 * 0) when the work fits (x's numerator and denominator a word each, k ≤ 55, both terms
 * under 2^127 once scaled), else false;
 * written as dec_rational() writes the same rational; compared by magnitude.
 */
struct dec_words {
	bool neg;
	unsigned __int128 d;
	long k;
};
struct num;
bool dec_words_difference(struct dec_words *w, bool neg, uint64_t m, long e, const struct num *x);
/* The same for x a decimal as fastdec_scan() reads it, holding all its digits (at
 * most 38; e2 0). */
struct decimal;
bool dec_words_minus_decimal(struct dec_words *w, bool neg, uint64_t m, long e, const struct decimal *x);
/* The same for x's digits as fastdec_scan_line() reads them (w < 10^38). */
struct fastdec_digits;
bool dec_words_minus_digits(struct dec_words *w, bool neg, uint64_t m, long e, const struct fastdec_digits *x);
/* −x in words, x = ±digits·10^q with q ≤ 0 (the sign of x neg): x's digits as they
 * are; false when q > 0 or the digits take 128 bits (dec_words_difference() then). */
static inline bool dec_words_negated(struct dec_words *w, unsigned __int128 digits, long q, bool neg)
{
	if (q > 0 || digits >> 127)
		return false;
	*w = (struct dec_words){ !neg && digits, digits, digits ? -q : 0 };
	return true;
}
void dec_words_write(struct strbuf *out, const struct dec_words *w);
/* The same at p, at most DEC_WORDS_MAX bytes (no NUL); returns the end. */
#define DEC_WORDS_MAX 96
char *dec_words_put(char *p, const struct dec_words *w);
int dec_words_cmp_abs(const struct dec_words *a, const struct dec_words *b);
/* A power of two not above |w|: l with 2^l ≤ |w|, at most 3 below ⌊log2 |w|⌋; LONG_MIN for 0. */
long dec_words_log2_over(const struct dec_words *w);
void dec_words_rational(mpq_t out, const struct dec_words *w);
/* dec_words_difference() written; false, with nothing written, when it does not fit. */
bool dec_difference_in_words(struct strbuf *out, bool neg, uint64_t m, long e, const struct num *x);

#endif
