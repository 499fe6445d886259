/*
 * decwords.c — exact decimals in machine words (decwords.h): the error of an element
 * of mx's blocks, ±m·2^e − x, made as d·10^−k with d < 2^128 and written with no GMP
 * number and no division by ten per digit. Declines (false) where the work would not
 * fit; never approximates, never allocates.
 */
#include "decwords.h"
#include "decimal_impl.h"
#include "fastdec.h"
#include "fastdecline.h"
#include "num.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* n·2^s (s ≥ 0; 0 stays 0 whatever s) for a 128-bit n, or false when it would not fit
 * in 127 bits. */
static bool shift_fits(unsigned __int128 *n, long s)
{
	int bits = code_bit_length(*n);

	if (bits == 0)
		return true;
	if (s < 0 || bits + s > 127)
		return false;
	*n <<= s;
	return true;
}

/* d·10^s (s ≥ 0) in 128 bits, or false when it would not fit: one product of words
 * when both are words (10^19 < 2^64). */
static bool times_pow10(unsigned __int128 *d, long s)
{
	if (*d == 0 || s == 0)
		return true;
	if (*d >> 64 == 0 && s <= 19) {
		*d = (unsigned __int128)(uint64_t)*d * (uint64_t)num_pow10_words((int)s);
		return true;
	}
	return s <= 38 && !__builtin_mul_overflow(*d, num_pow10_words((int)s), d);
}

#define FIVE_27 ((unsigned __int128)7450580596923828125u) /* 5^27 */
/* 5^k in 128 bits, k ≤ 55. */
static unsigned __int128 five_to(long k)
{
	static const unsigned __int128 table[56] = {
		1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u, 1953125u, 9765625u, 48828125u,
		244140625u, 1220703125u, 6103515625u, 30517578125u, 152587890625u, 762939453125u,
		3814697265625u, 19073486328125u, 95367431640625u, 476837158203125u, 2384185791015625u,
		11920928955078125u, 59604644775390625u, 298023223876953125u, 1490116119384765625u,
		7450580596923828125u, FIVE_27 * 5u, FIVE_27 * 25u, FIVE_27 * 125u, FIVE_27 * 625u,
		FIVE_27 * 3125u, FIVE_27 * 15625u, FIVE_27 * 78125u, FIVE_27 * 390625u,
		FIVE_27 * 1953125u, FIVE_27 * 9765625u, FIVE_27 * 48828125u, FIVE_27 * 244140625u,
		FIVE_27 * 1220703125u, FIVE_27 * 6103515625u, FIVE_27 * 30517578125u,
		FIVE_27 * 152587890625u, FIVE_27 * 762939453125u, FIVE_27 * 3814697265625u,
		FIVE_27 * 19073486328125u, FIVE_27 * 95367431640625u, FIVE_27 * 476837158203125u,
		FIVE_27 * 2384185791015625u, FIVE_27 * 11920928955078125u,
		FIVE_27 * 59604644775390625u, FIVE_27 * 298023223876953125u,
		FIVE_27 * 1490116119384765625u, FIVE_27 * 7450580596923828125u,
		FIVE_27 * 7450580596923828125u * 5u
	};

	return table[k];
}

/* ±m·2^e − (±x_digits·10^q), the sign of the second term x_neg: both times 10^k, k the
 * least that makes both whole (at most 55), each under 2^127. */
static bool words_minus(struct dec_words *w, bool neg, uint64_t m, long e, unsigned __int128 x_digits, long q,
			bool x_neg)
{
	unsigned __int128 left = 0, right = x_digits, d;
	long k = q < 0 ? -q : 0;

	if (m == 0 && q <= 0) /* 0 − x: x's digits as they are, the commonest (an element flushed to 0) */
		return dec_words_negated(w, x_digits, q, x_neg);
	if (m && -e > k) /* 0 is 0 whatever e says */
		k = -e;
	if (k > 55)
		return false;
	/* m·5^k·2^(e+k) and x_digits·10^(q+k); 5^27 < 2^64 */
	if (m && k <= 27)
		left = (unsigned __int128)m * (uint64_t)five_to(k);
	else if (m && __builtin_mul_overflow((unsigned __int128)m, five_to(k), &left))
		return false;
	if (m && !shift_fits(&left, e + k))
		return false;
	if (!times_pow10(&right, q + k) || right >> 127)
		return false;
	if (neg == x_neg) {
		w->neg = left >= right ? neg : !neg;
		d = left >= right ? left - right : right - left;
	} else {
		w->neg = neg;
		d = left + right;
	}
	w->d = d;
	w->k = d ? k : 0;
	return true;
}

bool dec_words_difference(struct dec_words *w, bool neg, uint64_t m, long e, const struct num *x)
{
	unsigned __int128 digits;
	uint64_t b;
	long twos, fives = 0, k;

	if (!x)
		return words_minus(w, neg, m, e, 0, 0, false);
	if (x->kind != NUM_FINITE || !mpz_fits_ulong_p(mpq_numref(x->mag)) || !mpz_fits_ulong_p(mpq_denref(x->mag)))
		return false;
	b = mpz_get_ui(mpq_denref(x->mag));
	twos = __builtin_ctzll(b);
	for (b >>= twos; b % 5 == 0; b /= 5)
		fives++;
	if (b != 1)
		return false; /* x is no decimal */
	/* x = a/(2^twos·5^fives) = a·2^(k−twos)·5^(k−fives) / 10^k */
	k = twos > fives ? twos : fives;
	if (k > 55 || __builtin_mul_overflow((unsigned __int128)mpz_get_ui(mpq_numref(x->mag)), five_to(k - fives), &digits) ||
	    !shift_fits(&digits, k - twos))
		return false;
	return words_minus(w, neg, m, e, digits, -k, x->neg);
}

bool dec_words_minus_decimal(struct dec_words *w, bool neg, uint64_t m, long e, const struct decimal *x)
{
	if (x->kind != DECIMAL_FINITE || x->e2 != 0 || (x->sticky && x->limbs == 0))
		return false;
	if (x->sticky) /* more than 19 digits: all of them */
		return words_minus(w, neg, m, e, (unsigned __int128)(x->limbs == 2 ? x->w[1] : 0) << 64 | x->w[0], x->wq,
				   x->neg);
	return words_minus(w, neg, m, e, x->head, x->q, x->neg);
}

bool dec_words_minus_digits(struct dec_words *w, bool neg, uint64_t m, long e, const struct fastdec_digits *x)
{
	return words_minus(w, neg, m, e, x->w, x->q, x->neg);
}

/* 48 bytes from src to dst, for a caller that knows all 48 may be read and written. */
static inline void copy48(char *dst, const char *src)
{
	sb_copy32(dst, src);
	memcpy(dst + 32, src + 32, 16);
}

/* How many of the digits before end are '0's at their end, a word at a time (the
 * digits have one that is not). */
static long trailing_zero_digits(const char *end)
{
	uint64_t bytes;
	long zeros = 0;

	for (;; zeros += 8) {
		memcpy(&bytes, end - zeros - 8, 8);
		if ((bytes ^= ASCII_ZEROS))
			break;
	}
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return zeros + (__builtin_ctzll(bytes) >> 3); /* the last byte the lowest */
#else
	return zeros + (__builtin_clzll(bytes) >> 3); /* the last byte the highest */
#endif
}

#ifdef __SSE2__
/* The 16 decimal digits of v < 10^16 (leading zeros included) as 16 bytes, the first
 * digit first: eight_digit_bytes()'s splits, by 10^4, then 100, then 10, made in the
 * lanes of one register for both halves at once (v/10^4 as v·3518437209/2^45, exact
 * below 2^32; then 5243/2^19 and 6554/2^16, exact below 10^4 and 10^2). */
static inline __m128i sixteen_digit_bytes(uint64_t v)
{
	const uint64_t e8 = 100000000;
	uint64_t high = v / e8;
	__m128i eights = _mm_set_epi64x((long long)(v - high * e8), (long long)high);
	__m128i fours = _mm_srli_epi64(_mm_mul_epu32(eights, _mm_set1_epi32((int)3518437209u)), 45);
	__m128i fours_low = _mm_sub_epi64(eights, _mm_mul_epu32(fours, _mm_set1_epi32(10000)));
	__m128i quads = _mm_or_si128(fours, _mm_slli_epi64(fours_low, 32)); /* 4 digits a 32-bit lane */
	__m128i hundreds = _mm_srli_epi16(_mm_mulhi_epu16(quads, _mm_set1_epi16(5243)), 3);
	__m128i hundreds_low = _mm_sub_epi16(quads, _mm_mullo_epi16(hundreds, _mm_set1_epi16(100)));
	__m128i pairs = _mm_or_si128(hundreds, _mm_slli_epi32(hundreds_low, 16)); /* 2 a 16-bit lane */
	__m128i tens = _mm_mulhi_epu16(pairs, _mm_set1_epi16(6554));
	__m128i units = _mm_sub_epi16(pairs, _mm_mullo_epi16(tens, _mm_set1_epi16(10)));

	return _mm_add_epi8(_mm_or_si128(tens, _mm_slli_epi16(units, 8)), _mm_set1_epi8('0'));
}

/* The digits of a nonzero d < 2^64 ending at end, in a buffer of '0's from 24 bytes
 * before end, and in *zeros how many '0's they end with: the last 16 made at once
 * (sixteen_digit_bytes()), where the first and last nonzero digits are found with
 * no branch; the first three apart (d ≥ 10^16, a few). Returns where they start. */
static char *flat_word_digits(char *end, uint64_t d, long *zeros)
{
	const uint64_t e16 = 10000000000000000u;
	uint64_t top = d / e16;
	__m128i last16 = sixteen_digit_bytes(d - top * e16);
	unsigned nonzero = 0xffffu & ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(last16, _mm_set1_epi8('0')));

	_mm_storeu_si128((__m128i *)(void *)(end - 16), last16);
	if (top == 0) {
		*zeros = __builtin_clz(nonzero) - 16; /* bit i: byte i not '0'; bit 15 the last */
		return end - 16 + __builtin_ctz(nonzero);
	}
	uint64_t first = eight_digit_bytes((uint32_t)top); /* top < 1845 */
	store_digit_bytes(end - 24, first);
	*zeros = trailing_zero_digits(end);
	return end - 24 + (__builtin_ctzll(first - ASCII_ZEROS) >> 3); /* as dec_word_digits() */
}
#else
/* The digits of a nonzero d < 2^64 ending at end, in a buffer of '0's from 24 bytes
 * before end, and in *zeros how many '0's they end with. */
static char *flat_word_digits(char *end, uint64_t d, long *zeros)
{
	char *digits = dec_word_digits(end, d);

	*zeros = trailing_zero_digits(end);
	return digits;
}
#endif

/* The digits of a nonzero d < 2^128, ending at end, in a buffer of '0's from 64 bytes
 * before end: 19 at a time from the last (each by dec_word_digits(), the '0's before it
 * its leading zeros). Returns where they start. */
static char *wide_digits(char *end, unsigned __int128 d)
{
	const uint64_t ten19 = 10000000000000000000u;

	for (; d >> 64; d /= ten19, end -= 19)
		dec_word_digits(end, (uint64_t)(d % ten19));
	return dec_word_digits(end, (uint64_t)d);
}

/*
 * put_digits() for ±d·10^−k, d ≠ 0 (the same text): the digits made 8 a word into a
 * buffer of '0's, their trailing zeros counted a word at a time, then moved 32 or 48
 * bytes at a time to p, which has DEC_WORDS_MAX bytes of room. The plain forms (an
 * integer, d.ddd, 0.000ddd) are one form with no branch among them: the buffer's '0's
 * before and after the digits are the leading "0" and the integer's trailing zeros, so
 * the integer part is the buffer from the power 10^max(x, 0) down to 10^0, the fraction
 * from 10^−1 down to the last nonzero digit.
 */
static char *put_words(char *p, bool neg, unsigned __int128 d, long k)
{
	char text[144], *end = text + 64, *digits, *units;
	long n, x, zeros, integer, fraction;

	memset(text, '0', 96);
	if (d >> 64) {
		digits = wide_digits(end, d);
		zeros = trailing_zero_digits(end);
	} else
		digits = flat_word_digits(end, (uint64_t)d, &zeros);
	n = end - digits - zeros;
	k -= zeros;
	x = n - 1 - k; /* the power of ten of the leading digit */
	*p = '-';
	p += neg;
	if (x <= -7 || x >= 21) { /* d.ddd, then the exponent */
		*p = digits[0];
		p[1] = '.';
		copy48(p + 2, digits + 1);
		return put_exponent(p + (n > 1 ? n + 1 : 1), x);
	}
	units = digits + x; /* the digit of 10^0, a '0' of the buffer where x < 0 */
	integer = x > 0 ? x + 1 : 1; /* ≤ 21 digits, from 10^max(x, 0) */
	fraction = k > 0 ? k : 0;    /* ≤ 38 + 6, from 10^−1 */
	sb_copy32(p, units + 1 - integer);
	p[integer] = '.';
	copy48(p + integer + 1, units + 1);
	return p + integer + (fraction > 0) + fraction;
}

_Static_assert(DEC_WORDS_MAX >= 1 + 2 + 48 + 1 + 1 + 20 && DEC_WORDS_MAX >= 1 + 22 + 48 &&
		       DEC_WORDS_MAX >= 1 + 7 + 48,
	       "room for put_words()'s moves");

char *dec_words_put(char *p, const struct dec_words *w)
{
	if (w->d == 0) {
		*p = '0';
		return p + 1;
	}
	return put_words(p, w->neg, w->d, w->k);
}

void dec_words_write(struct strbuf *out, const struct dec_words *w)
{
	sb_reserve(out, DEC_WORDS_MAX);
	out->len = (size_t)(dec_words_put(out->s + out->len, w) - out->s);
	out->s[out->len] = '\0';
}

int dec_words_cmp_abs(const struct dec_words *a, const struct dec_words *b)
{
	unsigned __int128 x = a->d, y = b->d;

	/* both to the larger k: the one that overflows 128 bits is the larger */
	if (a->k < b->k && !times_pow10(&x, b->k - a->k))
		return 1;
	if (b->k < a->k && !times_pow10(&y, a->k - b->k))
		return -1;
	return (x > y) - (x < y);
}

long dec_words_log2_over(const struct dec_words *w)
{
	uint64_t high = (uint64_t)(w->d >> 64);
	int bits = high ? 128 - __builtin_clzll(high) : 64 - __builtin_clzll((uint64_t)w->d | 1);

	if (w->d == 0 || w->k < 0 || w->k > 100000)
		return LONG_MIN;
	/* 2^(bits − 1) ≤ d, and 10^k ≤ 2^⌈k·217706/2^16⌉: 217706/2^16 is above log2 10 */
	return bits - 1 - ((w->k * 217706 + 65535) >> 16);
}

void dec_words_rational(mpq_t out, const struct dec_words *w)
{
	mpz_set_ui(mpq_numref(out), (unsigned long)(w->d >> 64));
	mpz_mul_2exp(mpq_numref(out), mpq_numref(out), 64);
	mpz_add_ui(mpq_numref(out), mpq_numref(out), (unsigned long)w->d);
	mpz_ui_pow_ui(mpq_denref(out), 10, (unsigned long)w->k);
	mpq_canonicalize(out);
	if (w->neg)
		mpq_neg(out, out);
}

bool dec_difference_in_words(struct strbuf *out, bool neg, uint64_t m, long e, const struct num *x)
{
	struct dec_words w;

	if (!dec_words_difference(&w, neg, m, e, x))
		return false;
	dec_words_write(out, &w);
	return true;
}
