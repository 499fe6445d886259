/*
 * num.c — magnitude arithmetic shared by the parser and the formats.
 */
#include "num.h"

long num_floor_log2_ratio(const mpz_t n, const mpz_t d)
{
	long b = (long)mpz_sizeinbase(n, 2) - (long)mpz_sizeinbase(d, 2);
	mpz_t t;
	int below;

	mpz_init(t);
	if (b >= 0) {
		mpz_mul_2exp(t, d, (mp_bitcnt_t)b);
		below = mpz_cmpabs(n, t) < 0;
	} else {
		mpz_mul_2exp(t, n, (mp_bitcnt_t)-b);
		below = mpz_cmpabs(t, d) < 0;
	}
	mpz_clear(t);
	return below ? b - 1 : b;
}

void num_set_dyadic(mpq_t q, const mpz_t sig, long exp)
{
	mpq_set_z(q, sig);
	if (exp >= 0)
		mpq_mul_2exp(q, q, (mp_bitcnt_t)exp);
	else
		mpq_div_2exp(q, q, (mp_bitcnt_t)-exp);
}

#define TEN_19 ((unsigned __int128)10000000000000000000u)
unsigned __int128 num_pow10_words(int k)
{
	static const unsigned __int128 table[39] = {
		1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u, 1000000000u,
		10000000000u, 100000000000u, 1000000000000u, 10000000000000u, 100000000000000u,
		1000000000000000u, 10000000000000000u, 100000000000000000u, 1000000000000000000u,
		10000000000000000000u, TEN_19 * 10u, TEN_19 * 100u, TEN_19 * 1000u, TEN_19 * 10000u,
		TEN_19 * 100000u, TEN_19 * 1000000u, TEN_19 * 10000000u, TEN_19 * 100000000u,
		TEN_19 * 1000000000u, TEN_19 * 10000000000u, TEN_19 * 100000000000u,
		TEN_19 * 1000000000000u, TEN_19 * 10000000000000u, TEN_19 * 100000000000000u,
		TEN_19 * 1000000000000000u, TEN_19 * 10000000000000000u, TEN_19 * 100000000000000000u,
		TEN_19 * 1000000000000000000u, TEN_19 * 10000000000000000000u
	};

	return table[k];
}
