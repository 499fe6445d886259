/*
 * decimal_impl.h — what the pieces of the decimal writer share (decimal.c, decshort.c,
 * decwords.c): decimal digits made 8 to a word, the exponent of scientific notation,
 * and the exact steps on GMP numbers. Nothing outside those three files includes it;
 * it never rounds into a format and never allocates but through GMP.
 */
#ifndef FPX_DECIMAL_IMPL_H
#define FPX_DECIMAL_IMPL_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "strbuf.h"

#define ASCII_ZEROS 0x3030303030303030u /* '0' in every byte */

/* The 8 decimal digits of v < 10^8 (leading zeros included) as the bytes of a word,
 * the first digit in the lowest byte: v split into two groups of 4, each into two of
 * 2, each into two digits, all groups at once in the lanes of the word (the quotients
 * by 100 and by 10 made by multiplying with 10486/2^20 and 103/2^10, exact below 10^4
 * and 10^2). */
static inline uint64_t eight_digit_bytes(uint32_t v)
{
	uint64_t fours = v / 10000 | (uint64_t)(v % 10000) << 32;
	uint64_t hundreds = (fours * 10486 >> 20) & 0x0000007f0000007fu;
	uint64_t twos = hundreds | (fours - 100 * hundreds) << 16;
	uint64_t tens = (twos * 103 >> 10) & 0x000f000f000f000fu;

	return (tens | (twos - 10 * tens) << 8) + ASCII_ZEROS;
}

/* Those digits at p, the first first. */
static inline void store_digit_bytes(char *p, uint64_t bytes)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	bytes = __builtin_bswap64(bytes);
#endif
	memcpy(p, &bytes, 8);
}

/* The decimal digits of d, written so that they end at `end`, 8 at a time (decimal.c's
 * word_digits(), out of line); the 24 bytes before end may be written. Returns where
 * the digits start. */
char *dec_word_digits(char *end, uint64_t d);

/* The decimal exponent of scientific notation at p: e+21, e-7. Returns the end. One or
 * two digits, the most, made with no branch between them (a/10 as a·103/2^10, exact
 * below 179); two bytes written either way. */
static inline char *put_exponent(char *p, long x)
{
	unsigned long a = x < 0 ? 0ul - (unsigned long)x : (unsigned long)x;

	*p++ = 'e';
	*p++ = x < 0 ? '-' : '+';
	if (a < 100) {
		unsigned long tens = a * 103 >> 10, one = a < 10;
		p[0] = (char)('0' + (one ? a : tens));
		p[1] = (char)('0' + a - 10 * tens);
		return p + 2 - one;
	}
	char text[24], *end = text + sizeof text, *digits = dec_word_digits(end, a); /* rare */
	sb_copy(p, digits, (size_t)(end - digits));
	return p + (end - digits);
}

/* Writes D·10^k; D ≥ 0 (trailing zeros dropped; plain, or scientific from 10^21 and
 * below 10^-6). */
void dec_write_scaled(struct strbuf *out, bool neg, const mpz_t d, long k);
/* q = 10^k. */
void dec_set_pow10(mpq_t q, long k);
/* ⌊log10 q⌋ for q > 0: estimated from the bit lengths, then corrected exactly. */
long dec_floor_log10(const mpq_t q);
/* The integer nearest to q, ties to even. */
void dec_round_to_integer(mpz_t out, const mpq_t q);

#endif
