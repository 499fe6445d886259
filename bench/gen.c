/*
 * gen.c — the benchmark workload, deterministic: N decimal lines mixing short values,
 * 17–25 digit ones, scientific notation from 1e-45 to 1e38, integers, values within a
 * hair of the rounding ties of binary16, bfloat16, E4M3, E5M2 and binary32 (about a
 * quarter), format edges, signs, and the spellings .5, 5., +x and E-5.
 * Usage: gen N > file
 */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t state = 0x853c49e6748fea9bu;

static uint64_t rng(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return state;
}

static int below(int n)
{
	return (int)(rng() % (uint64_t)n);
}

static void digits(char *out, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = (char)('0' + (i == 0 ? 1 + below(9) : below(10)));
	out[n] = '\0';
}

/* A midpoint between two values of a p-bit format near 2^e, written exactly, then
 * nudged: cut (just below), or with a digit appended far down (just above). */
static void near_tie(int p, int e)
{
	mpz_t m;
	long exp;
	char *text;

	mpz_init_set_ui(m, (1u << (p - 1)) + (unsigned)below(1 << (p - 1)));
	mpz_mul_2exp(m, m, 1);
	mpz_add_ui(m, m, 1); /* (2m+1)·2^(e-p): halfway */
	exp = e - p;
	if (exp < 0) {
		mpz_t five;
		mpz_init(five);
		mpz_ui_pow_ui(five, 5, (unsigned long)-exp);
		mpz_mul(m, m, five);
		mpz_clear(five);
	} else {
		mpz_mul_2exp(m, m, (mp_bitcnt_t)exp);
		exp = 0;
	}
	text = mpz_get_str(NULL, 10, m);
	switch (below(3)) {
	case 0: printf("%se%ld\n", text, exp); break;
	case 1: printf("%s1e%ld\n", text, exp - 1); break;
	default: {
		size_t len = 0;
		while (text[len])
			len++;
		if (len > 19) {
			text[19] = '\0';
			exp += (long)len - 19;
		}
		printf("%se%ld\n", text, exp);
	}
	}
	free(text);
	mpz_clear(m);
}

static void one_line(void)
{
	static const int precisions[] = { 11, 8, 4, 3, 24 };
	static const char *const edges[] = { "65504", "65520", "448", "464", "57344", "61440", "2^-24", "1e-45",
					     "3.4028235e38", "5.96e-8", "0.0009765625", "240", "-0", "inf" };
	char d[32];
	int kind = below(100);

	if (kind < 25) { /* near a tie */
		int which = below(5), p = precisions[which];
		near_tie(p, below(20) - 10);
		return;
	}
	if (kind < 30) {
		printf("%s\n", edges[below(14)]);
		return;
	}
	printf("%s", below(4) == 0 ? "-" : below(8) == 0 ? "+" : "");
	if (kind < 50) { /* short */
		digits(d, 1 + below(6));
		int point = below(4);
		printf(point == 0 ? ".%s\n" : point == 1 ? "%s.\n" : "%s\n", d);
	} else if (kind < 65) { /* 17–25 digits */
		digits(d, 17 + below(9));
		printf("%c.%se%d\n", d[0], d + 1, below(20) - 10);
	} else if (kind < 85) { /* scientific, 1e-45 to 1e38 */
		digits(d, 1 + below(9));
		printf("%c.%s%c%d\n", d[0], d + 1, below(2) ? 'e' : 'E', below(84) - 45);
	} else { /* integers */
		digits(d, 1 + below(10));
		printf("%s\n", d);
	}
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;

	for (long i = 0; i < n; i++)
		one_line();
	return 0;
}
