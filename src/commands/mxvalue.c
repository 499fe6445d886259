/*
 * mxvalue.c — the exact value of a plain decimal's text for `fpx mx` (mxvalue.h): its
 * digits 19 to a word into GMP's integer, scaled by 10^k (5^k from pow5.h's table and a
 * shift), reduced by the factors 2 and 5 only. Never reads any other grammar; never
 * approximates.
 */
#include "mxvalue.h"

#include <stdint.h>

#include "dectext.h"
#include "pow5.h"

/* The digits of text from *i on (and one point among them) into num, 19 to a word
 * before each product; *n: how many, *point: how many came before the point (−1: none). */
static void plain_digits_value(mpz_t num, const char *text, size_t len, size_t *i, long *n, long *point)
{
	static const uint64_t tens[20] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
					   1000000000, 10000000000, 100000000000, 1000000000000, 10000000000000,
					   100000000000000, 1000000000000000, 10000000000000000, 100000000000000000,
					   1000000000000000000, 10000000000000000000u };
	uint64_t word = 0;
	int in_word = 0;

	mpz_set_ui(num, 0);
	for (; *i < len && ((unsigned)(text[*i] - '0') < 10 || (text[*i] == '.' && *point < 0)); ++*i) {
		if (text[*i] == '.') {
			*point = *n;
			continue;
		}
		word = 10 * word + (uint64_t)(text[*i] - '0');
		++*n;
		if (++in_word == 19) {
			mpz_mul_ui(num, num, tens[19]);
			mpz_add_ui(num, num, word);
			word = 0;
			in_word = 0;
		}
	}
	mpz_mul_ui(num, num, tens[in_word]);
	mpz_add_ui(num, num, word);
}

/* z = 5^k, from pow5.h's table where it holds it. */
static void pow5_value(mpz_t z, unsigned long k)
{
	mpz_t t;

	if (k > POW5_MAX)
		mpz_ui_pow_ui(z, 5, k);
	else
		mpz_set(z, mpz_roinit_n(t, pow5_limbs + pow5_table[k].offset, (mp_size_t)pow5_table[k].size));
}

/* v = num·10^k in lowest terms, num already in v's numerator: for k < 0, the factors 2
 * and 5 that num shares with 10^−k taken out first (the only ones they can share). */
static void plain_scaled(struct num *v, long k)
{
	mpz_ptr num = mpq_numref(v->mag), den = mpq_denref(v->mag);
	long twos, fives = 0;

	if (k >= 0 || mpz_sgn(num) == 0) {
		if (k > 0 && mpz_sgn(num) != 0) { /* num·5^k·2^k */
			pow5_value(den, (unsigned long)k);
			mpz_mul(num, num, den);
			mpz_mul_2exp(num, num, (mp_bitcnt_t)k);
		}
		mpz_set_ui(den, 1);
		return;
	}
	twos = (long)mpz_scan1(num, 0);
	twos = twos < -k ? twos : -k;
	mpz_tdiv_q_2exp(num, num, (mp_bitcnt_t)twos);
	while (fives < -k && mpz_divisible_ui_p(num, 5)) {
		mpz_divexact_ui(num, num, 5);
		fives++;
	}
	pow5_value(den, (unsigned long)(-k - fives));
	mpz_mul_2exp(den, den, (mp_bitcnt_t)(-k - twos));
}

bool mx_text_value(struct num *v, const char *text, size_t len, size_t max)
{
	size_t i = 0;
	long n = 0, point = -1, exp;
	bool neg = false;

	if (len > max)
		return false;
	if (i < len && (text[i] == '-' || text[i] == '+'))
		neg = text[i++] == '-';
	plain_digits_value(mpq_numref(v->mag), text, len, &i, &n, &point);
	if (n == 0)
		return false;
	if (!dec_text_exponent(&exp, text, len, &i) || i != len)
		return false;
	plain_scaled(v, exp - (point < 0 ? 0 : n - point));
	num_set_kind(v, NUM_FINITE);
	v->neg = neg;
	v->bound = NUM_EXACT;
	return true;
}
