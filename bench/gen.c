/*
 * gen.c — the benchmark workload, deterministic: N decimal lines mixing short values,
 * 17–25 digit ones, scientific notation from 1e-45 to 1e38, integers, values within a
 * hair of the rounding ties of binary16, bfloat16, E4M3, E5M2 and binary32 (about a
 * quarter), format edges, signs, and the spellings .5, 5., +x and E-5. With a
 * CATEGORY, N lines of one kind instead (see gen_categories: long ties of binary16,
 * bfloat16 and binary32 written out in full, fp8 ties, edges, ...), for the bench's
 * table per category. It never reads input; the same N writes the same bytes.
 * Usage: gen N [CATEGORY] > file
 */
#include <assert.h>
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Today's plain lines (kind 30-99 of one_line's draw): short decimals, 17-25 digits,
 * scientific notation, integers, with signs and the spellings .5, 5. and E. */
static void plain_line(int kind)
{
	char d[32];

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

/* One line of the classic workload (bench/gen N): the same draws, in the same order,
 * as before the categories, so old rows stay comparable. */
static void one_line(void)
{
	static const int precisions[] = { 11, 8, 4, 3, 24 };
	static const char *const edges[] = { "65504", "65520", "448", "464", "57344", "61440", "2^-24", "1e-45",
					     "3.4028235e38", "5.96e-8", "0.0009765625", "240", "-0", "inf" };
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
	plain_line(kind);
}

/*
 * The categories (bench/gen N CATEGORY). Ties are exact: a random pair of adjacent
 * finite codes of a binary format, uniform over its codes (every exponent, subnormals
 * included), and the midpoint between them, (2n+1)·2^(q-1), made with GMP and written
 * digit by digit. A perturbed tie moves one unit of its last digit up or down, or gains
 * a digit 1-9 after it, once zeros have padded it to the category's length.
 */

/* A binary format: p significand bits (the hidden one counted), w exponent bits;
 * fn: no infinity, the top code's all-ones fraction is NaN (OCP E4M3). */
struct gen_fmt {
	int p, w, bias, fn;
};

static const struct gen_fmt gen_binary16 = { 11, 5, 15, 0 }, gen_bfloat16 = { 8, 8, 127, 0 },
			    gen_binary32 = { 24, 8, 127, 0 }, gen_binary64 = { 53, 11, 1023, 0 },
			    gen_e4m3 = { 4, 4, 7, 1 }, gen_e5m2 = { 3, 5, 15, 0 };

/* A decimal d·10^-scale: scale digits after the point when written positionally. */
struct gen_dec {
	mpz_t d;
	long scale;
};

/* The largest biased exponent of a finite value, and the largest fraction there. */
static int gen_top_exp(const struct gen_fmt *f)
{
	return (1 << f->w) - (f->fn ? 1 : 2);
}

static unsigned long gen_top_frac(const struct gen_fmt *f)
{
	return (1ul << (f->p - 1)) - (f->fn ? 2 : 1);
}

/* The value of the code of biased exponent e and fraction frac, as n·2^q. */
static void gen_code(mpz_t n, long *q, const struct gen_fmt *f, int e, unsigned long frac)
{
	mpz_set_ui(n, frac);
	if (e > 0)
		mpz_add_ui(n, n, 1ul << (f->p - 1));
	*q = (e > 0 ? e : 1) - f->bias - (f->p - 1);
}

/* The midpoint between that code and the next one up. */
static void gen_midpoint(mpz_t n, long *q, const struct gen_fmt *f, int e, unsigned long frac)
{
	gen_code(n, q, f, e, frac);
	mpz_mul_2exp(n, n, 1);
	mpz_add_ui(n, n, 1);
	(*q)--;
}

/* A midpoint between adjacent finite codes drawn uniformly (the overflow tie excluded). */
static void gen_random_tie(mpz_t n, long *q, const struct gen_fmt *f)
{
	int e;
	unsigned long frac;

	do {
		e = below(gen_top_exp(f) + 1);
		frac = (unsigned long)(rng() & ((1ul << (f->p - 1)) - 1));
	} while (e == gen_top_exp(f) && frac >= gen_top_frac(f));
	gen_midpoint(n, q, f, e, frac);
}

/* x = n·2^q exactly as a decimal, no trailing zeros after the point. */
static void gen_to_dec(struct gen_dec *x, const mpz_t n, long q)
{
	mp_bitcnt_t twos = mpz_scan1(n, 0);

	mpz_tdiv_q_2exp(x->d, n, twos);
	q += (long)twos;
	if (q >= 0) {
		mpz_mul_2exp(x->d, x->d, (mp_bitcnt_t)q);
		x->scale = 0;
		return;
	}
	mpz_t five;
	mpz_init(five);
	mpz_ui_pow_ui(five, 5, (unsigned long)-q);
	mpz_mul(x->d, x->d, five);
	mpz_clear(five);
	x->scale = -q;
}

/* The length of x written positionally, sign aside. */
static long gen_fixed_len(const struct gen_dec *x)
{
	char *s = mpz_get_str(NULL, 10, x->d);
	long nd = (long)strlen(s);

	free(s);
	if (x->scale == 0)
		return nd;
	return nd > x->scale ? nd + 1 : x->scale + 2;
}

/* Enough zeros for the leading ones of any tie written here (binary64's are not). */
static const char gen_zeros[] = "00000000000000000000000000000000000000000000000000000000000000000000000000000000"
				"00000000000000000000000000000000000000000000000000000000000000000000000000000000";

static void gen_print_fixed(const char *sign, const struct gen_dec *x)
{
	char *s = mpz_get_str(NULL, 10, x->d);
	long nd = (long)strlen(s);

	if (x->scale == 0)
		printf("%s%s\n", sign, s);
	else if (nd > x->scale)
		printf("%s%.*s.%s\n", sign, (int)(nd - x->scale), s, s + nd - x->scale);
	else {
		assert(x->scale - nd < (long)sizeof gen_zeros);
		printf("%s0.%s%s\n", sign, gen_zeros + sizeof gen_zeros - 1 - (x->scale - nd), s);
	}
	free(s);
}

/* d.ddd…e±X: every digit of x, or its first sig ones when sig > 0 (cut toward zero,
 * then one unit added in the last when up). */
static void gen_print_sci(const char *sign, struct gen_dec *x, long sig, int up)
{
	char *s = mpz_get_str(NULL, 10, x->d);
	long nd = (long)strlen(s);

	if (sig > 0 && nd > sig) {
		mpz_t ten;
		mpz_init(ten);
		mpz_ui_pow_ui(ten, 10, (unsigned long)(nd - sig));
		mpz_tdiv_q(x->d, x->d, ten);
		mpz_clear(ten);
		x->scale -= nd - sig;
	}
	if (up)
		mpz_add_ui(x->d, x->d, 1);
	free(s);
	s = mpz_get_str(NULL, 10, x->d);
	nd = (long)strlen(s);
	printf("%s%c%s%se%ld\n", sign, s[0], nd > 1 ? "." : "", s + 1, nd - 1 - x->scale);
	free(s);
}

/* Zeros pad x to len characters, then it moves: one unit of its last digit down or up,
 * or a digit 1-9 after it. */
static void gen_perturb(struct gen_dec *x, long len)
{
	long pad = len - gen_fixed_len(x) - (x->scale == 0);
	mpz_t ten;

	if (pad > 0) {
		mpz_init(ten);
		mpz_ui_pow_ui(ten, 10, (unsigned long)pad);
		mpz_mul(x->d, x->d, ten);
		mpz_clear(ten);
		x->scale += pad;
	}
	switch (below(3)) {
	case 0: mpz_sub_ui(x->d, x->d, 1); break;
	case 1: mpz_add_ui(x->d, x->d, 1); break;
	default:
		mpz_mul_ui(x->d, x->d, 10);
		mpz_add_ui(x->d, x->d, 1 + (unsigned long)below(9));
		x->scale++;
	}
}

/* A tie of f written out in full, padded to at least len characters and perturbed
 * (len 0: the tie itself, its last digit moved or a digit appended, a third each). */
static void gen_tie_line(const struct gen_fmt *f, long len)
{
	struct gen_dec x;
	mpz_t n;
	long q;
	const char *sign = below(2) ? "-" : "";

	mpz_init(n);
	mpz_init(x.d);
	gen_random_tie(n, &q, f);
	gen_to_dec(&x, n, q);
	if (len > 0 || below(3))
		gen_perturb(&x, len);
	gen_print_fixed(sign, &x);
	mpz_clear(x.d);
	mpz_clear(n);
}

static void gen_short_line(void)
{
	plain_line(30 + below(70));
}

static void gen_b16_line(void)
{
	gen_tie_line(&gen_binary16, 25 + below(36));
}

static void gen_bf16_line(void)
{
	gen_tie_line(&gen_bfloat16, 40);
}

static void gen_b32_line(void)
{
	gen_tie_line(&gen_binary32, 40);
}

static void gen_fp8_line(void)
{
	gen_tie_line(below(2) ? &gen_e4m3 : &gen_e5m2, 0);
}

/* The edge of kind k of f: max finite, the overflow tie, min normal, min subnormal and
 * half of it, as n·2^q. */
static void gen_edge(mpz_t n, long *q, const struct gen_fmt *f, int k)
{
	switch (k) {
	case 0: gen_code(n, q, f, gen_top_exp(f), gen_top_frac(f)); break;
	case 1: gen_midpoint(n, q, f, gen_top_exp(f), gen_top_frac(f)); break;
	case 2: gen_code(n, q, f, 1, 0); break;
	case 3: gen_code(n, q, f, 0, 1); break;
	default: gen_midpoint(n, q, f, 0, 0);
	}
}

/* Format edges of binary16, bfloat16, binary32, binary64 and E4M3: exact (positional
 * up to 160 characters, else every significant digit up to 160, else 40), or cut to
 * 9, 17, 20 or 25 digits and perhaps one unit up; a sixth are zeros with exponents. */
static void gen_edge_line(void)
{
	static const struct gen_fmt *const fmts[] = { &gen_binary16, &gen_bfloat16, &gen_binary32, &gen_binary64,
						      &gen_e4m3 };
	static const char *const zeros[] = { "0e5", "-0.000e-3", "0.0", "-0", "+0e-400", "000.000e+10", "0E-5", "0",
					     "-0e0", "0.00000000000000000000000000000e99" };
	static const int cuts[] = { 9, 17, 20, 25 };
	struct gen_dec x;
	mpz_t n;
	long q;
	const char *sign = below(4) ? "" : "-";

	if (below(6) == 0) {
		printf("%s\n", zeros[below(10)]);
		return;
	}
	mpz_init(n);
	mpz_init(x.d);
	gen_edge(n, &q, fmts[below(5)], below(5));
	gen_to_dec(&x, n, q);
	if (below(3) == 0) {
		if (gen_fixed_len(&x) <= 160)
			gen_print_fixed(sign, &x);
		else
			gen_print_sci(sign, &x, mpz_sizeinbase(x.d, 10) <= 160 ? 0 : 40, 0);
	} else
		gen_print_sci(sign, &x, cuts[below(4)], below(2));
	mpz_clear(x.d);
	mpz_clear(n);
}

static void gen_mix_line(void);

/* The categories, by the name bench/gen takes; mix draws one of the others a line. */
static const struct gen_category {
	const char *name;
	void (*line)(void);
} gen_categories[] = {
	{ "short", gen_short_line },   { "b16ties", gen_b16_line }, { "bf16ties", gen_bf16_line },
	{ "b32ties", gen_b32_line },   { "fp8ties", gen_fp8_line }, { "edges", gen_edge_line },
	{ "mix", gen_mix_line },       { "classic", one_line },
};

#define GEN_MIXED 6 /* the first six are mixed */

static void gen_mix_line(void)
{
	gen_categories[below(GEN_MIXED)].line();
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	void (*line)(void) = one_line;

	if (argc > 2) {
		size_t i, count = sizeof gen_categories / sizeof gen_categories[0];
		for (i = 0; i < count && strcmp(argv[2], gen_categories[i].name) != 0; i++)
			;
		if (i == count) {
			fprintf(stderr, "usage: gen N [");
			for (i = 0; i < count; i++)
				fprintf(stderr, "%s%s", i ? "|" : "", gen_categories[i].name);
			fprintf(stderr, "]\n");
			return 2;
		}
		line = gen_categories[i].line;
	}
	for (long i = 0; i < n; i++)
		line();
	return 0;
}
