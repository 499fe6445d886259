/*
 * decimal.c — writing exact binary values in decimal and as hex floats.
 *
 * A decimal is built as an integer D and a power of ten k (value = D·10^k) and then
 * laid out: plainly when its leading digit sits between 10^−7 and 10^21, in
 * scientific notation otherwise. The shortest decimal follows fpx(1) OUTPUT: the
 * fewest significant digits inside the interval that reads back to the code, and of
 * those the closest to the value.
 */
#include "decimal.h"
#include "fastdec.h"
#include "fastshort.h"
#include "num.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---- Layout ------------------------------------------------------------------------ */

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

/* The decimal digits of d, written so that they end at `end`, 8 at a time (each group
 * of 8 made apart from the others): the 24 bytes before end may be written. Returns
 * where the digits start. */
static char *word_digits(char *end, uint64_t d)
{
	const uint64_t e8 = 100000000, e16 = e8 * e8;
	uint64_t first;
	int groups;

	if (d < e8) {
		first = eight_digit_bytes((uint32_t)d);
		groups = 1;
	} else if (d < e16) {
		uint64_t high = d / e8;
		store_digit_bytes(end - 8, eight_digit_bytes((uint32_t)(d - high * e8)));
		first = eight_digit_bytes((uint32_t)high);
		groups = 2;
	} else { /* d < 2^64 < 1845·10^16 */
		uint64_t top = d / e16, rest = d - top * e16, high = rest / e8;
		store_digit_bytes(end - 8, eight_digit_bytes((uint32_t)(rest - high * e8)));
		store_digit_bytes(end - 16, eight_digit_bytes((uint32_t)high));
		first = eight_digit_bytes((uint32_t)top);
		groups = 3;
	}
	store_digit_bytes(end - 8 * groups, first);
	/* the first nonzero digit's byte (d = 0: the last) */
	return end - 8 * groups + (d ? __builtin_ctzll(first - ASCII_ZEROS) >> 3 : 7);
}

/* The decimal exponent of scientific notation at p: e+21, e-7. Returns the end. One or
 * two digits, the most, made with no branch between them (a/10 as a·103/2^10, exact
 * below 179); two bytes written either way. */
static char *put_exponent(char *p, long x)
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
	char text[24], *end = text + sizeof text, *digits = word_digits(end, a);
	sb_copy(p, digits, (size_t)(end - digits));
	return p + (end - digits);
}

/* The most put_digits() writes besides the digits: a sign, "0." and the zeros before a
 * small value's digits (5 at most), the zeros after a large one's (20) or a point,
 * an exponent. */
#define DIGITS_SLACK 48

static char *put_zeros(char *p, long n)
{
	memset(p, '0', (size_t)n);
	return p + n;
}

/* D·10^k at p, D given by its n digits (no leading zero unless D = 0): at most
 * n + DIGITS_SLACK bytes. Returns the end. */
static char *put_digits(char *p, bool neg, const char *digits, long n, long k)
{
	long x;

	while (n > 1 && digits[n - 1] == '0')
		n--, k++;
	if (neg)
		*p++ = '-';
	x = k + n - 1; /* the power of ten of the leading digit */
	if (digits[0] == '0')
		*p++ = '0';
	else if (x <= -7 || x >= 21) {
		*p++ = digits[0];
		if (n > 1) {
			*p++ = '.';
			sb_copy(p, digits + 1, (size_t)n - 1);
			p += n - 1;
		}
		p = put_exponent(p, x);
	} else if (k >= 0) {
		sb_copy(p, digits, (size_t)n);
		p = put_zeros(p + n, k);
	} else if (x >= 0) { /* x + 1 digits, the point, the last −k */
		sb_copy(p, digits, (size_t)x + 1);
		p += x + 1;
		*p++ = '.';
		sb_copy(p, digits + x + 1, (size_t)-k);
		p += -k;
	} else {
		*p++ = '0';
		*p++ = '.';
		p = put_zeros(p, -x - 1);
		sb_copy(p, digits, (size_t)n);
		p += n;
	}
	return p;
}

/* Writes D·10^k, D given by its n digits (no leading zero unless D = 0). */
static void write_digits(struct strbuf *out, bool neg, const char *digits, long n, long k)
{
	sb_reserve(out, (size_t)n + DIGITS_SLACK);
	out->len = (size_t)(put_digits(out->s + out->len, neg, digits, n, k) - out->s);
	out->s[out->len] = '\0';
}

/* Writes D·10^k; D ≥ 0. */
static void write_scaled(struct strbuf *out, bool neg, const mpz_t d, long k)
{
	char small[64]; /* most values: no allocation for their digits */
	char *digits = mpz_sizeinbase(d, 10) + 2 <= sizeof small ? mpz_get_str(small, 10, d) : mpz_get_str(NULL, 10, d);

	write_digits(out, neg, digits, (long)strlen(digits), k);
	if (digits != small)
		free(digits);
}

void dec_scaled_word(struct strbuf *out, bool neg, uint64_t d, long k)
{
	char text[24], *end = text + sizeof text, *p = word_digits(end, d);

	write_digits(out, neg, p, (long)(end - p), k);
}

char *dec_long(char buf[DEC_LONG_MAX], long v)
{
	char *end = buf + DEC_LONG_MAX - 1, *p;

	*end = '\0';
	p = word_digits(end, v < 0 ? 0ul - (unsigned long)v : (unsigned long)v);
	if (v < 0)
		*--p = '-';
	return p;
}

static void set_pow10(mpq_t q, long k)
{
	mpz_ui_pow_ui(mpq_numref(q), 10, (unsigned long)labs(k));
	mpz_set_ui(mpq_denref(q), 1);
	if (k < 0)
		mpq_inv(q, q);
}

/* ⌊log10 q⌋ for q > 0: estimated from the bit lengths, then corrected exactly. */
static long floor_log10(const mpq_t q)
{
	long bits = (long)mpz_sizeinbase(mpq_numref(q), 2) - (long)mpz_sizeinbase(mpq_denref(q), 2);
	long k = bits * 30103 / 100000;
	mpq_t p;

	mpq_init(p);
	for (set_pow10(p, k); mpq_cmp(p, q) > 0; set_pow10(p, --k))
		;
	for (set_pow10(p, k + 1); mpq_cmp(p, q) <= 0; set_pow10(p, ++k + 1))
		;
	mpq_clear(p);
	return k;
}

/* The integer nearest to q, ties to even. */
static void round_to_integer(mpz_t out, const mpq_t q)
{
	mpz_t rem;
	int c;

	mpz_init(rem);
	mpz_fdiv_qr(out, rem, mpq_numref(q), mpq_denref(q));
	mpz_mul_2exp(rem, rem, 1);
	c = mpz_cmp(rem, mpq_denref(q));
	if (c > 0 || (c == 0 && mpz_odd_p(out)))
		mpz_add_ui(out, out, 1);
	mpz_clear(rem);
}

/* ---- Exact and rounded --------------------------------------------------------------- */

void dec_noncanonical(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	sb_printf(out, "%s(%s)", v->noncanonical, hex);
}

void dec_special(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	char hex[CODE_MAX_BITS / 4 + 3];
	fpcode payload;
	bool signaling;

	if (v->noncanonical) {
		dec_noncanonical(out, f, code, v);
		return;
	}
	if (v->cls == FP_INF) {
		sb_puts(out, v->neg ? "-inf" : "inf");
		return;
	}
	if (v->neg && f->nan_signed)
		sb_putc(out, '-');
	if (!fmt_nan_payload(f, code, &payload)) {
		sb_puts(out, "nan");
		return;
	}
	signaling = fmt_nan_is_signaling(f, code);
	sb_puts(out, signaling ? "snan" : "nan");
	if (payload || signaling) {
		code_to_hex_minimal(hex, payload);
		sb_printf(out, "(%s)", hex);
	}
}

void dec_code_exact(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct fmt_value v;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN || v.cls == FP_INF)
		dec_special(out, f, code, &v);
	else
		dec_exact(out, v.neg, v.sig, v.exp);
	fmt_value_clear(&v);
}

void dec_exact(struct strbuf *out, bool neg, const mpz_t sig, long exp)
{
	mpz_t d;

	mpz_init(d);
	if (exp >= 0)
		mpz_mul_2exp(d, sig, (mp_bitcnt_t)exp);
	else {
		mpz_ui_pow_ui(d, 5, (unsigned long)-exp);
		mpz_mul(d, d, sig); /* sig/2^e = sig·5^e/10^e */
	}
	write_scaled(out, neg, d, exp < 0 ? exp : 0);
	mpz_clear(d);
}

/* Writes |q| rounded to n significant digits; q ≠ 0. */
static void rational_digits(struct strbuf *out, bool neg, const mpq_t q, int n)
{
	mpq_t v, scale;
	mpz_t d, limit;
	long k;

	mpq_inits(v, scale, NULL);
	mpz_inits(d, limit, NULL);
	mpq_abs(v, q);
	k = floor_log10(v) - n + 1;
	set_pow10(scale, k);
	mpq_div(scale, v, scale);
	round_to_integer(d, scale);
	mpz_ui_pow_ui(limit, 10, (unsigned long)n);
	if (mpz_cmp(d, limit) == 0) { /* 9.99… rounded up to 10.0… */
		mpz_divexact_ui(d, d, 10);
		k++;
	}
	write_scaled(out, neg, d, k);
	mpq_clears(v, scale, NULL);
	mpz_clears(d, limit, NULL);
}

static mpz_srcptr five_as_mpz(void)
{
	static mp_limb_t limb = 5;
	static mpz_t five;

	return mpz_roinit_n(five, &limb, 1);
}

/* The twos and fives of den (> 0), taken out: true when nothing else is left (the
 * decimal of something over den ends). In machine words where den fits one. */
static bool only_twos_and_fives(long *twos, long *fives, const mpz_t den, mpz_t work)
{
	if (mpz_fits_ulong_p(den)) {
		unsigned long d = mpz_get_ui(den);
		*twos = __builtin_ctzl(d);
		d >>= *twos;
		for (*fives = 0; d % 5 == 0; ++*fives)
			d /= 5;
		return d == 1;
	}
	*twos = (long)mpz_scan1(den, 0);
	mpz_tdiv_q_2exp(work, den, (mp_bitcnt_t)*twos);
	*fives = (long)mpz_remove(work, work, five_as_mpz()); /* by squares of 5: 10^1000000 too */
	return mpz_cmp_ui(work, 1) == 0;
}

bool dec_rational(struct strbuf *out, const mpq_t q, int n)
{
	static mpz_t work, digits; /* kept from one value to the next: no allocation per value */
	static bool ready;
	long twos, fives, k;

	if (mpq_sgn(q) == 0) {
		sb_putc(out, '0');
		return true;
	}
	if (!ready)
		mpz_inits(work, digits, NULL);
	ready = true;
	if (!only_twos_and_fives(&twos, &fives, mpq_denref(q), work)) {
		rational_digits(out, mpq_sgn(q) < 0, q, n);
		return false;
	}
	/* n / (2^a·5^b) = n·5^(k−b)·2^(k−a) / 10^k, k = max(a, b) */
	k = twos > fives ? twos : fives;
	mpz_abs(digits, mpq_numref(q));
	if (k > fives) {
		mpz_ui_pow_ui(work, 5, (unsigned long)(k - fives));
		mpz_mul(digits, digits, work);
	}
	mpz_mul_2exp(digits, digits, (mp_bitcnt_t)(k - twos));
	if (mpz_fits_ulong_p(digits))
		dec_scaled_word(out, mpq_sgn(q) < 0, mpz_get_ui(digits), -k);
	else
		write_scaled(out, mpq_sgn(q) < 0, digits, -k);
	return true;
}

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

/* 5^k in 128 bits, k ≤ 55. */
static unsigned __int128 five_to(long k)
{
	static unsigned __int128 table[56];

	if (!table[0])
		for (int i = 0; i < 56; i++)
			table[i] = i ? table[i - 1] * 5 : 1;
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
	return end - 24 + (__builtin_ctzll(first - ASCII_ZEROS) >> 3); /* as word_digits() */
}
#else
/* The digits of a nonzero d < 2^64 ending at end, in a buffer of '0's from 24 bytes
 * before end, and in *zeros how many '0's they end with. */
static char *flat_word_digits(char *end, uint64_t d, long *zeros)
{
	char *digits = word_digits(end, d);

	*zeros = trailing_zero_digits(end);
	return digits;
}
#endif

/* The digits of a nonzero d < 2^128, ending at end, in a buffer of '0's from 64 bytes
 * before end: 19 at a time from the last (each by word_digits(), the '0's before it
 * its leading zeros). Returns where they start. */
static char *wide_digits(char *end, unsigned __int128 d)
{
	const uint64_t ten19 = 10000000000000000000u;

	for (; d >> 64; d /= ten19, end -= 19)
		word_digits(end, (uint64_t)(d % ten19));
	return word_digits(end, (uint64_t)d);
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

void dec_rational_digits(struct strbuf *out, const mpq_t q, int n)
{
	if (mpq_sgn(q) == 0)
		sb_putc(out, '0');
	else
		rational_digits(out, mpq_sgn(q) < 0, q, n);
}

bool dec_marked(struct strbuf *out, const mpq_t q, bool approximate)
{
	size_t at = out->len;

	if (!approximate) {
		if (dec_rational(out, q, DEC_APPROX_DIGITS))
			return true;
		out->len = at; /* the digits dec_rational() wrote come again after the ~ */
		out->s[at] = '\0';
	}
	sb_putc(out, '~');
	dec_rational_digits(out, q, DEC_APPROX_DIGITS);
	return false;
}

void dec_ratio(struct strbuf *out, const mpq_t q)
{
	char *text = mpq_get_str(NULL, 10, q);

	sb_puts(out, text);
	free(text);
}

void dec_digits(struct strbuf *out, bool neg, const mpz_t sig, long exp, int n)
{
	mpq_t v;

	if (mpz_sgn(sig) == 0) {
		sb_puts(out, neg ? "-0" : "0");
		return;
	}
	mpq_init(v);
	num_set_dyadic(v, sig, exp);
	rational_digits(out, neg, v, n);
	mpq_clear(v);
}

/* ---- Shortest ---------------------------------------------------------------------------- */

/*
 * The interval that reads back to a code, as integers over one power of two:
 * lo = L/2^s, v = V/2^s, hi = H/2^s. Everything below is integer arithmetic on these,
 * with no rational normalisation, in a work area each format keeps (made on first use),
 * so that a million values do not mean millions of allocations.
 */
struct interval {
	mpz_t lo, v, hi;
	long s;
	bool lo_in, hi_in; /* are the ends themselves inside? */
};

/* A grid of multiples of 10^k, in the interval's units: c·10^k ↔ c·unit against l, h, v,
 * where for k ≥ 0 unit = 10^k·2^s and l, h, v are L, H, V; for k < 0, unit = 2^s and
 * l, h, v are L, H, V times 10^−k. */
struct grid {
	long k;
	mpz_t p, l, h, v, unit;
};

struct shortest_work {
	struct interval iv;
	struct grid g;
	struct fmt_value val;
	mpz_t first, last, d, dist, best, r, t, y, below, above;
};

/* The search's numbers, set up on first use and kept for the run (any format). */
static struct shortest_work *work_area(void)
{
	static struct shortest_work *w;

	if (w)
		return w;
	if (!(w = malloc(sizeof *w)))
		abort();
	mpz_inits(w->iv.lo, w->iv.v, w->iv.hi, w->g.p, w->g.l, w->g.h, w->g.v, w->g.unit, w->first, w->last, w->d,
		  w->dist, w->best, w->r, w->t, w->y, w->below, w->above, NULL);
	fmt_value_init(&w->val);
	return w;
}

/* Points the grid at 10^k. */
static void grid_set(struct shortest_work *w, long k)
{
	struct grid *g = &w->g;
	const struct interval *iv = &w->iv;

	g->k = k;
	mpz_ui_pow_ui(g->p, 10, (unsigned long)labs(k));
	mpz_set_ui(g->unit, 1);
	mpz_mul_2exp(g->unit, g->unit, (mp_bitcnt_t)iv->s);
	if (k >= 0) {
		mpz_mul(g->unit, g->unit, g->p);
		mpz_set(g->l, iv->lo);
		mpz_set(g->h, iv->hi);
		mpz_set(g->v, iv->v);
	} else {
		mpz_mul(g->l, iv->lo, g->p);
		mpz_mul(g->h, iv->hi, g->p);
		mpz_mul(g->v, iv->v, g->p);
	}
}

/* The grid's steps inside the interval: [first, last] (empty when first > last). */
static bool grid_range(struct shortest_work *w)
{
	mpz_cdiv_qr(w->first, w->r, w->g.l, w->g.unit);
	if (!w->iv.lo_in && mpz_sgn(w->r) == 0)
		mpz_add_ui(w->first, w->first, 1);
	mpz_fdiv_qr(w->last, w->r, w->g.h, w->g.unit);
	if (!w->iv.hi_in && mpz_sgn(w->r) == 0)
		mpz_sub_ui(w->last, w->last, 1);
	return mpz_cmp(w->first, w->last) <= 0;
}

/* d = the step nearest to v, ties to even. */
static void grid_nearest(struct shortest_work *w)
{
	int c;

	mpz_fdiv_qr(w->d, w->r, w->g.v, w->g.unit);
	mpz_mul_2exp(w->r, w->r, 1);
	c = mpz_cmp(w->r, w->g.unit);
	if (c > 0 || (c == 0 && mpz_odd_p(w->d)))
		mpz_add_ui(w->d, w->d, 1);
}

/* dist = |step·unit − v|, in the grid's units. */
static void grid_distance(struct shortest_work *w, unsigned long step)
{
	mpz_mul_ui(w->dist, w->g.unit, step);
	mpz_sub(w->dist, w->dist, w->g.v);
	mpz_abs(w->dist, w->dist);
}

/* Compares X/2^s with 10^k. */
static int compare_pow10(struct shortest_work *w, const mpz_t x, long s, long k)
{
	mpz_ui_pow_ui(w->t, 10, (unsigned long)labs(k));
	if (k >= 0) {
		mpz_mul_2exp(w->t, w->t, (mp_bitcnt_t)s);
		return mpz_cmp(x, w->t);
	}
	mpz_mul(w->y, x, w->t);
	mpz_set_ui(w->t, 1);
	mpz_mul_2exp(w->t, w->t, (mp_bitcnt_t)s);
	return mpz_cmp(w->y, w->t);
}

/* ⌊log10 (X/2^s)⌋ for X > 0: from the bit length, then corrected exactly. */
static long floor_log10_scaled(struct shortest_work *w, const mpz_t x, long s)
{
	long k = ((long)mpz_sizeinbase(x, 2) - 1 - s) * 30103 / 100000;

	while (compare_pow10(w, x, s, k) < 0)
		k--;
	while (compare_pow10(w, x, s, k + 1) >= 0)
		k++;
	return k;
}

/* Does c beat the best so far (distance in dist against best)? A tie goes to the
 * coarser one (a multiple of ten), then to the even one. */
static bool better(struct shortest_work *w, unsigned long c, unsigned long best)
{
	int cmp = best ? mpz_cmp(w->dist, w->best) : -1;

	if (cmp != 0)
		return cmp < 0;
	if ((c % 10 == 0) != (best % 10 == 0))
		return c % 10 == 0;
	return c % 2 == 0 && best % 2;
}

/*
 * lo < 10^J ≤ hi: one digit is enough. On the grid 10^(J−1) the one-digit numbers are
 * the steps 1…9 and 10, 20, …, 90; the nearest to v wins.
 */
static void one_digit(struct strbuf *out, bool neg, struct shortest_work *w, long j)
{
	unsigned long f0, tries[6], best = 0;

	grid_set(w, j - 1);
	grid_range(w);
	mpz_fdiv_q(w->d, w->g.v, w->g.unit);
	f0 = mpz_cmp_ui(w->d, 100) < 0 ? mpz_get_ui(w->d) : 100;
	tries[0] = f0;
	tries[1] = f0 + 1;
	tries[2] = f0 / 10 * 10;
	tries[3] = (f0 / 10 + 1) * 10;
	tries[4] = 9;
	tries[5] = 10;
	for (int i = 0; i < 6; i++) {
		unsigned long c = tries[i];
		bool valid = (c >= 1 && c <= 9) || (c % 10 == 0 && c >= 10 && c <= 90);
		if (!valid || mpz_cmp_ui(w->first, c) > 0 || mpz_cmp_ui(w->last, c) < 0)
			continue;
		grid_distance(w, c);
		if (better(w, c, best)) {
			best = c;
			mpz_set(w->best, w->dist);
		}
	}
	mpz_set_ui(w->d, best);
	write_scaled(out, neg, w->d, j - 1);
}

/*
 * The fewest digits: with lo ≥ 10^J, numbers of n digits are the multiples of
 * 10^(J−n+1), so the coarsest grid 10^k with a point inside gives the shortest. Having a
 * point is monotone in k (a multiple of 10^(k+1) is one of 10^k), and a grid finer than
 * the interval's width always has one: a binary search between the two finds it.
 */
static void shortest_in(struct strbuf *out, bool neg, struct shortest_work *w)
{
	struct interval *iv = &w->iv;
	long j = floor_log10_scaled(w, iv->hi, iv->s), fine, coarse;

	if (compare_pow10(w, iv->lo, iv->s, j) < 0) {
		one_digit(out, neg, w, j);
		return;
	}
	mpz_sub(w->dist, iv->hi, iv->lo);
	fine = floor_log10_scaled(w, w->dist, iv->s) - 1; /* a step under the width: surely inside */
	coarse = j;
	while (fine < coarse) {
		long mid = fine + (coarse - fine + 1) / 2;
		grid_set(w, mid);
		if (grid_range(w))
			fine = mid;
		else
			coarse = mid - 1;
	}
	grid_set(w, fine);
	grid_range(w);
	grid_nearest(w);
	if (mpz_cmp(w->d, w->first) < 0)
		mpz_set(w->d, w->first);
	if (mpz_cmp(w->d, w->last) > 0)
		mpz_set(w->d, w->last);
	write_scaled(out, neg, w->d, fine);
}

/* The shortest digits of each code of a format of at most 16 bits, made on first use. */
struct memo {
	size_t codes;
	char *digits[];
};

static void memo_free(void *data)
{
	struct memo *m = data;

	for (size_t c = 0; c < m->codes; c++)
		free(m->digits[c]);
	free(m);
}

static struct fmt_cache memos = { .free_data = memo_free };

static struct memo *memo_new(const struct fmt *f)
{
	size_t codes = (size_t)code_mask(f->bits) + 1;
	struct memo *m = calloc(1, sizeof *m + codes * sizeof m->digits[0]);

	if (!m)
		abort();
	m->codes = codes;
	return fmt_cache_keep(&memos, f, m);
}

/* The fast path where it applies; else the search, whose answers formats of at most
 * 16 bits keep: a million values of e4m3 then cost at most 256 searches. */
void dec_shortest(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct strbuf made;
	struct memo *memo;
	uint64_t digits;
	int pow10;
	bool neg;

	if (fastshort(&digits, &pow10, f, code)) {
		fmt_magnitude(f, code, &neg);
		dec_scaled_word(out, neg, digits, pow10);
		return;
	}
	if (f->bits > 16) {
		dec_shortest_search(out, f, code);
		return;
	}
	if (!(memo = fmt_cache_find(&memos, f)))
		memo = memo_new(f);
	if (!memo->digits[code]) {
		sb_init(&made);
		dec_shortest_search(&made, f, code);
		if (!(memo->digits[code] = strdup(made.s)))
			abort();
		sb_free(&made);
	}
	sb_puts(out, memo->digits[code]);
}

/*
 * lo = (v + below)/2 and hi = (v + above)/2 (above max, the virtual value), as integers
 * over 2^s: each of v, below, above is sig·2^exp, so s = 1 − the smallest exponent
 * makes all of them, and their half-sums, whole.
 */
static void build_interval(struct shortest_work *w, const struct fmt *f, fpcode rank)
{
	struct interval *iv = &w->iv;
	long eb = 0, ea, ev = w->val.exp, lowest;

	fmt_rank_value(w->above, &ea, f, rank + 1);
	if (rank > 0)
		fmt_rank_value(w->below, &eb, f, rank - 1);
	lowest = ev < ea ? ev : ea;
	if (rank > 0 && eb < lowest)
		lowest = eb;
	iv->s = lowest < 1 ? 1 - lowest : 0; /* every exp + s ≥ 1 */
	mpz_mul_2exp(iv->v, w->val.sig, (mp_bitcnt_t)(ev + iv->s));
	mpz_mul_2exp(iv->hi, w->above, (mp_bitcnt_t)(ea + iv->s));
	mpz_add(iv->hi, iv->hi, iv->v);
	if (rank > 0) {
		mpz_mul_2exp(iv->lo, w->below, (mp_bitcnt_t)(eb + iv->s));
		mpz_add(iv->lo, iv->lo, iv->v);
	} else
		mpz_set_ui(iv->lo, 0); /* no zero below (E8M0): the interval reaches down to 0 */
	mpz_mul_2exp(iv->v, iv->v, 1); /* v, lo, hi are now all 2·value·2^s: s grows by one */
	iv->s++;
}

void dec_shortest_search(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct shortest_work *w = work_area();
	struct fmt_value *v = &w->val;
	fpcode rank;

	fmt_decode(v, f, code);
	if (v->cls == FP_NAN || v->cls == FP_INF || v->noncanonical) { /* no decimal reads back to a pseudo-denormal */
		dec_special(out, f, code, v);
		return;
	}
	if (v->cls == FP_ZERO) {
		sb_puts(out, v->neg ? "-0" : "0");
		return;
	}
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &v->neg));
	w->iv.hi_in = fmt_rank_parity(f, rank) == 0;     /* ties at the ends go to even codes */
	w->iv.lo_in = w->iv.hi_in && rank > 0;           /* below rank 0 (E8M0) the end is 0 itself */
	build_interval(w, f, rank);
	shortest_in(out, v->neg, w);
}

/* ---- The shortest decimal of an interval of rationals ------------------------------------- */

/* The multiples m·10^k inside the interval: first..last (none when first > last). */
static void multiples_inside(mpz_t first, mpz_t last, const struct rational_interval *iv, long k)
{
	mpq_t t, p;

	mpq_inits(t, p, NULL);
	set_pow10(p, k);
	mpq_div(t, iv->lo, p);
	mpz_cdiv_q(first, mpq_numref(t), mpq_denref(t));
	if (!iv->lo_in && mpz_cmp_ui(mpq_denref(t), 1) == 0)
		mpz_add_ui(first, first, 1); /* lo itself a multiple, and outside */
	mpq_div(t, iv->hi, p);
	mpz_fdiv_q(last, mpq_numref(t), mpq_denref(t));
	if (!iv->hi_in && mpz_cmp_ui(mpq_denref(t), 1) == 0)
		mpz_sub_ui(last, last, 1);
	mpq_clears(t, p, NULL);
}

/* 0 < lo < hi: the coarsest grid of multiples of 10^k that reaches inside, from
 * ⌊log10 hi⌋ down (a grid finer than a tenth of the width always does). */
static void shortest_positive(struct strbuf *out, bool neg, const struct rational_interval *iv)
{
	mpz_t first, last, m;
	mpq_t near;
	long k = floor_log10(iv->hi);

	mpz_inits(first, last, m, NULL);
	mpq_init(near);
	for (multiples_inside(first, last, iv, k); mpz_cmp(first, last) > 0; multiples_inside(first, last, iv, --k))
		;
	set_pow10(near, k);
	mpq_div(near, iv->v, near);
	round_to_integer(m, near);
	if (mpz_cmp(m, first) < 0)
		mpz_set(m, first);
	if (mpz_cmp(m, last) > 0)
		mpz_set(m, last);
	write_scaled(out, neg, m, k);
	mpz_clears(first, last, m, NULL);
	mpq_clear(near);
}

void dec_shortest_between(struct strbuf *out, const struct rational_interval *iv)
{
	struct rational_interval mirror;
	int lo_sign = mpq_sgn(iv->lo), hi_sign = mpq_sgn(iv->hi);

	if ((lo_sign < 0 || (lo_sign == 0 && iv->lo_in)) && (hi_sign > 0 || (hi_sign == 0 && iv->hi_in))) {
		sb_puts(out, "0");
		return;
	}
	if (lo_sign >= 0) {
		shortest_positive(out, false, iv);
		return;
	}
	mpq_inits(mirror.lo, mirror.hi, mirror.v, NULL);
	mpq_neg(mirror.lo, iv->hi);
	mpq_neg(mirror.hi, iv->lo);
	mpq_neg(mirror.v, iv->v);
	mirror.lo_in = iv->hi_in;
	mirror.hi_in = iv->lo_in;
	shortest_positive(out, true, &mirror);
	mpq_clears(mirror.lo, mirror.hi, mirror.v, NULL);
}

void dec_code_interval(struct rational_interval *out, const struct fmt *f, fpcode code)
{
	struct shortest_work *w = work_area();
	bool neg, in;
	fpcode rank;

	fmt_decode(&w->val, f, code);
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &neg));
	out->hi_in = fmt_rank_parity(f, rank) == 0;
	out->lo_in = out->hi_in && (rank > 0 || w->val.cls == FP_ZERO);
	build_interval(w, f, rank);
	mpq_set_z(out->lo, w->iv.lo);
	mpq_set_z(out->hi, w->iv.hi);
	mpq_div_2exp(out->hi, out->hi, (mp_bitcnt_t)w->iv.s);
	if (w->val.cls == FP_ZERO)
		mpq_neg(out->lo, out->hi); /* a zero's interval reaches as far below */
	else
		mpq_div_2exp(out->lo, out->lo, (mp_bitcnt_t)w->iv.s);
	num_set_dyadic(out->v, w->val.sig, w->val.exp);
	if (neg) {
		mpq_swap(out->lo, out->hi);
		mpq_neg(out->lo, out->lo);
		mpq_neg(out->hi, out->hi);
		mpq_neg(out->v, out->v);
		in = out->lo_in;
		out->lo_in = out->hi_in;
		out->hi_in = in;
	}
}

/* ---- Hex float and digit counts ------------------------------------------------------------ */

void dec_hexfloat(struct strbuf *out, bool neg, const mpz_t sig, long exp)
{
	long frac_bits, pad, digits, len;
	mpz_t frac;
	char *hex;

	if (neg)
		sb_putc(out, '-');
	if (mpz_sgn(sig) == 0) {
		sb_puts(out, "0x0p+0");
		return;
	}
	mpz_init_set(frac, sig);
	frac_bits = (long)mpz_sizeinbase(sig, 2) - 1;
	mpz_clrbit(frac, (mp_bitcnt_t)frac_bits); /* the leading 1 is written as "0x1" */
	pad = (4 - frac_bits % 4) % 4;
	mpz_mul_2exp(frac, frac, (mp_bitcnt_t)pad);
	digits = (frac_bits + pad) / 4;
	sb_puts(out, "0x1");
	if (mpz_sgn(frac) != 0) {
		hex = mpz_get_str(NULL, 16, frac);
		len = (long)strlen(hex);
		sb_putc(out, '.');
		for (long i = len; i < digits; i++)
			sb_putc(out, '0');
		while (hex[len - 1] == '0')
			len--;
		sb_add(out, hex, (size_t)len);
		free(hex);
	}
	sb_printf(out, "p%+ld", exp + frac_bits);
	mpz_clear(frac);
}

int dec_floor_log10_pow2(int p)
{
	mpz_t two, ten;
	int k = 0;

	mpz_init(two);
	mpz_init_set_ui(ten, 10);
	mpz_setbit(two, (mp_bitcnt_t)p);
	while (mpz_cmp(ten, two) <= 0) {
		mpz_mul_ui(ten, ten, 10);
		k++;
	}
	mpz_clears(two, ten, NULL);
	return k;
}

int dec_max_digits10(int p)
{
	/* p·log10 2 is irrational for p > 0, so ⌈1 + p·log10 2⌉ = ⌊p·log10 2⌋ + 2 */
	return p == 0 ? 1 : dec_floor_log10_pow2(p) + 2;
}
