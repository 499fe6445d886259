/*
 * fastshort.c — the fast shortest decimal (src/fastshort.c) must write exactly what the
 * interval search writes. Compared, for several wide formats: every code at the edges
 * of every binade (fraction 0, 1, 2, the top two), the smallest subnormals, the codes
 * around every power of ten, random codes, the codes that every input line on stdin
 * rounds to (make check feeds it the benchmark workload), and every code of binary16,
 * bfloat16 and four formats of 17 to 20 bits. Also the integer
 * log10 and bit-length formulas against GMP over the ranges the header promises.
 */
#include <gmp.h>
#include <stdlib.h>

#include "decimal.h"
#include "fastshort.h"
#include "format.h"
#include "lines.h"
#include "parse.h"
#include "round.h"
#include "testlib.h"

static const char *const formats[] = { "binary64", "binary32", "tf32", "e8m23fn", "e11m40", "e6m30", "e9m52fnuz" };
#define NFORMATS (sizeof formats / sizeof formats[0])

static long fast_taken;

/* One code both ways (when the fast path takes it). */
static void compare(const struct fmt *f, fpcode code)
{
	struct strbuf fast, slow;
	uint64_t digits;
	int pow10;

	if (!fastshort(&digits, &pow10, f, code))
		return;
	fast_taken++;
	sb_init(&fast);
	sb_init(&slow);
	dec_shortest(&fast, f, code);
	dec_shortest_search(&slow, f, code);
	check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx: fast %s, search %s", f->name, (unsigned long long)code, fast.s,
	      slow.s);
	sb_free(&fast);
	sb_free(&slow);
}

static void compare_both_signs(const struct fmt *f, fpcode code)
{
	compare(f, code);
	if (f->has_sign)
		compare(f, code | f->sign_bit);
}

static void binade_edges(const struct fmt *f)
{
	fpcode top = (fpcode)1 << f->frac_bits;

	for (fpcode field = 0; (field << f->frac_bits) <= f->max_rank; field++) {
		fpcode base = field << f->frac_bits;
		fpcode offsets[] = { 0, 1, 2, top - 2, top - 1 };
		for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++)
			if (base + offsets[i] <= f->max_rank)
				compare_both_signs(f, base + offsets[i]);
	}
	for (fpcode c = 1; c < 4096 && c <= f->max_rank; c++)
		compare(f, c);
}

/* The code a text rounds to (rne), or 0 when it does not parse. */
static fpcode code_of(const struct fmt *f, const char *text, size_t len)
{
	struct input in;
	struct parse_error err;
	struct rnd_result r = { 0 };

	input_init(&in);
	if (parse_input(&in, &err, text, len) != PARSE_OK || in.kind != INPUT_VALUE ||
	    rnd_encode(&r, f, &in.value, RND_NEAREST_EVEN, false) != RND_OK)
		r.code = 0;
	input_clear(&in);
	return r.code;
}

static void around_powers_of_ten(const struct fmt *f)
{
	char text[32];

	for (int k = -330; k <= 310; k++) {
		fpcode c;
		snprintf(text, sizeof text, "10^%d", k);
		c = code_of(f, text, strlen(text));
		for (int d = -3; d <= 3; d++)
			if (c + (fpcode)d > 0 && c + (fpcode)d <= f->max_rank)
				compare(f, c + (fpcode)d);
	}
}

static void random_codes(const struct fmt *f, long count)
{
	uint64_t state = 0x9e3779b97f4a7c15u;

	for (long i = 0; i < count; i++) {
		fpcode c = (fpcode)test_rng(&state) & (((fpcode)1 << (f->bits - (f->has_sign ? 1 : 0))) - 1);
		compare_both_signs(f, c);
	}
}

static void every_code(const char *name)
{
	const struct fmt *f = fmt_lookup(name);

	for (fpcode c = 1; c <= f->max_rank; c++)
		compare(f, c);
}

static void workload(const struct fmt **f, int every)
{
	struct line_reader *r = lines_open(stdin, 1 << 20);
	const char *text;
	size_t len;
	bool too_long;
	long lines = 0;

	while (lines_next(r, &text, &len, &too_long))
		if (!too_long && lines++ % every == 0)
			for (int i = 0; i < 2; i++) /* binary64 and binary32 */
				compare(f[i], code_of(f[i], text, len));
	lines_close(r);
}

static void formulas(void)
{
	mpz_t p, ten;

	mpz_inits(p, ten, NULL);
	for (int e = 0; e <= 3528; e++) {
		mpz_ui_pow_ui(p, 5, (unsigned long)e);
		check(fastshort_pow5_bits(e) == (int)mpz_sizeinbase(p, 2), "bit length of 5^%d", e);
		if (e > 1650)
			continue;
		mpz_ui_pow_ui(ten, 10, (unsigned long)fastshort_log10_pow5(e));
		check(mpz_cmp(ten, p) <= 0 && (mpz_mul_ui(ten, ten, 10), mpz_cmp(ten, p) > 0), "log10 5^%d", e);
		mpz_set_ui(p, 0);
		mpz_setbit(p, (mp_bitcnt_t)e);
		mpz_ui_pow_ui(ten, 10, (unsigned long)fastshort_log10_pow2(e));
		check(mpz_cmp(ten, p) <= 0 && (mpz_mul_ui(ten, ten, 10), mpz_cmp(ten, p) > 0), "log10 2^%d", e);
	}
	mpz_clears(p, ten, NULL);
}

int main(int argc, char **argv)
{
	const struct fmt *f[NFORMATS];
	long randoms = argc > 1 ? atol(argv[1]) : 20000;
	int every = argc > 2 ? atoi(argv[2]) : 1;

	formulas();
	for (size_t i = 0; i < NFORMATS; i++) {
		f[i] = fmt_lookup(formats[i]);
		binade_edges(f[i]);
		around_powers_of_ten(f[i]);
		random_codes(f[i], randoms);
	}
	workload(f, every);
	every_code("binary16");
	every_code("bfloat16");
	every_code("tf32");
	every_code("e5m11");
	every_code("e3m16");
	every_code("e7m12fn");
	printf("  %ld codes taken by the fast path and compared\n", fast_taken);
	for (size_t i = 0; i < NFORMATS; i++)
	return test_summary("fastshort");
}
