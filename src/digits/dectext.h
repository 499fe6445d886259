/*
 * dectext.h — exact decimals as strings of digits, of any length (dectext.c): a plain
 * decimal's text read as it is, a binary value ±n·2^k written out, a decimal in words,
 * the difference of two, their order by magnitude, and the text dec_rational() writes
 * for the same value. For mx's errors, a typed decimal minus a dyadic value, made in
 * O(digits) with no rational, no gcd and no division of a long number. Never rounds,
 * never approximates; declines (false) a span of digits past DEC_TEXT_MAX_SPAN.
 */
#ifndef FPX_DECTEXT_H
#define FPX_DECTEXT_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "decwords.h"
#include "strbuf.h"

/* ±D·10^k, D the integer spelled by the n digits at d ('0'…'9', a NUL after them),
 * the first and the last not 0; n = 0 (and neg false) for 0. The storage (buf, and
 * limb for dec_text_binary()'s work) grows as needed and is kept from one value to the
 * next: a dec_text is zeroed to start, and lives for the run. */
struct dec_text {
	bool neg;
	long n, k;
	char *d;
	char *buf;
	size_t cap;
	uint32_t *limb;
	size_t limb_cap;
};

/* Its storage given back; t is zeroed, to start again. */
void dec_text_free(struct dec_text *t);

/* The most digits a value made here spans, from its first digit to its last. */
#define DEC_TEXT_MAX_SPAN (1L << 24)

/* text (len bytes) when it is [sign]digits[.digits][(e|E)[sign]digits] with at least
 * one digit and an exponent of at most 9 digits, its value as the parser reads it;
 * false otherwise. */
bool dec_text_read(struct dec_text *t, const char *text, size_t len);
/* The exponent at text[*at] (len bytes in all), (e|E)[sign]digits of at most 9 digits,
 * into *exp and *at past it; none there is 0. False for an e without digits. */
bool dec_text_exponent(long *exp, const char *text, size_t len, size_t *at);
/* ±n·2^k; false where its digits would span more than DEC_TEXT_MAX_SPAN. */
bool dec_text_binary(struct dec_text *t, bool neg, unsigned __int128 n, long k);
/* w's value. */
void dec_text_words(struct dec_text *t, const struct dec_words *w);
/* a − b into out (neither a nor b); false where it would span more than
 * DEC_TEXT_MAX_SPAN digits. */
bool dec_text_minus(struct dec_text *out, const struct dec_text *a, const struct dec_text *b);
/* |a| against |b|: −1, 0, 1. */
int dec_text_cmp_abs(const struct dec_text *a, const struct dec_text *b);
/* A power of two not above |t|: l with 2^l ≤ |t| < 2^(l + 5); LONG_MIN for 0. */
long dec_text_log2_over(const struct dec_text *t);
/* Written as dec_rational() writes the same rational (0 as 0). */
void dec_text_write(struct strbuf *out, const struct dec_text *t);
/* The exact value. */
void dec_text_rational(mpq_t q, const struct dec_text *t);

/* Swaps two values with their storage, no digit copied. */
static inline void dec_text_swap(struct dec_text *a, struct dec_text *b)
{
	struct dec_text t = *a;

	*a = *b;
	*b = t;
}

#endif
