/*
 * fastshort.c — the fast shortest decimal (src/digits/fastshort.c) must write exactly what the
 * interval search writes. Compared, for several wide formats: every code at the edges
 * of every binade (fraction 0, 1, 2, the top two), the smallest subnormals, the codes
 * around every power of ten, random codes, the codes that every input line on stdin
 * rounds to (make check feeds it the benchmark workload), and every code of binary16,
 * bfloat16 and four formats of 17 to 20 bits. Also the integer
 * log10 and bit-length formulas against GMP over the ranges the header promises.
 */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decimal.h"
#include "fastdec.h"
#include "fastshort.h"
#include "format.h"
#include "lines.h"
#include "owndigits.h"
#include "parse.h"
#include "registry.h"
#include "roundline.h"
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
	fpcode top = (fpcode)1 << f->grid.frac_bits;

	for (fpcode field = 0; (field << f->grid.frac_bits) <= f->max_rank; field++) {
		fpcode base = field << f->grid.frac_bits;
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

	parse_input_init(&in);
	if (parse_input(&in, &err, text, len) != PARSE_OK || in.kind != INPUT_VALUE ||
	    rnd_encode(&r, f, &in.value, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) != RND_OK)
		r.code = 0;
	parse_input_clear(&in);
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
	struct line_reader *r = lines_open(STDIN_FILENO, 1 << 20);
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

/*
 * A line's own digits as its code's shortest (rnd_line_code_digits(), rne): where it
 * takes a line, the code must be the exact path's, and digits given only where they
 * are what the search finds. Decimals of the limit's digits and one more, across each format's range
 * (subnormals and overflow included), are where the limit (10^k < 2^(p−1)) is tight.
 */
static long own_taken, own_tried;

static long own_taken_decimal;

/* The same decimal by the bulk rows' other path: fastdec_scan(), rnd_encode_decimal(),
 * rnd_decimal_own_digits(), whose test of a normal value is its own (grid_normal()). */
static void own_digits_decimal(const struct fmt *f, const char *decimal, size_t len)
{
	struct decimal d;
	struct rnd_result r;
	uint64_t digits = 0;
	long pow10 = 0;

	if (!fastdec_scan(&d, decimal, len) || !rnd_encode_decimal(&r, f, &d, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) ||
	    !check(r.code == code_of(f, decimal, len), "%s '%s': rnd_encode_decimal 0x%llx", f->name, decimal,
		   (unsigned long long)r.code) ||
	    !rnd_decimal_own_digits(&digits, &pow10, f, &d, &r, RND_NEAREST_EVEN))
		return;
	own_taken_decimal++;
	check_own_digits(f, RND_NEAREST_EVEN, r.code, digits, pow10, decimal);
}

static void own_digits(const struct rnd_line *rl, const char *decimal)
{
	char text[64 + LINES_PADDING] = { 0 };
	size_t len = strlen(decimal);
	fpcode code = 0;
	uint64_t digits = 0;
	long pow10 = 0;

	own_digits_decimal(rl->f, decimal, len);
	memcpy(text, decimal, len);
	text[len] = '\n';
	own_tried++;
	if (!rnd_line_code_digits(&code, &digits, &pow10, rl, text)) /* declined: the usual path takes it */
		return;
	if (!check(code == code_of(rl->f, decimal, len), "%s '%s': rnd_line_code_digits 0x%llx", rl->f->name,
		   decimal, (unsigned long long)code) ||
	    digits == 0)
		return;
	own_taken++;
	check_own_digits(rl->f, rl->rounding.mode, code, digits, pow10, decimal);
}

/* Every decimal of `digits` significant digits times 10^q, q in [qmin, qmax]. */
static void every_decimal(const struct rnd_line *rl, int digits, int qmin, int qmax)
{
	char text[64];
	unsigned long long lo = 1;

	for (int i = 1; i < digits; i++)
		lo *= 10;
	for (int q = qmin; q <= qmax; q++)
		for (unsigned long long m = lo; m < 10 * lo; m++) {
			snprintf(text, sizeof text, "%llue%d", m, q);
			own_digits(rl, text);
		}
}

/* m·10^x and the decimals two steps of m's last digit either side. */
static void around(const struct rnd_line *rl, unsigned long long m, int x)
{
	char text[64];

	for (int d = -2; d <= 2; d++) {
		snprintf(text, sizeof text, "%llue%d", m + (unsigned long long)d, x);
		own_digits(rl, text);
	}
}

/* The decimals of `digits` digits nearest 2^e (e in [emin, emax]; glibc's printf rounds
 * correctly) and 10^j across the same range, two steps either side, and random ones of
 * that many digits across it. */
static void decimals_near_edges(const struct rnd_line *rl, int digits, int emin, int emax, long randoms)
{
	char text[64];
	uint64_t state = 0x2545f4914f6cdd1du;
	int lo10 = emin * 30103 / 100000 - 2, hi10 = emax * 30103 / 100000 + 2; /* log10 2 = 0.30103 */
	unsigned long long one = 1; /* 10^(digits − 1) */

	for (int k = 1; k < digits; k++)
		one *= 10;
	for (int e = emin; e <= emax; e++) {
		unsigned long long m = 0;
		snprintf(text, sizeof text, "0x1p%d", e);
		snprintf(text, sizeof text, "%.*e", digits - 1, strtod(text, NULL)); /* d.ddd…e±X */
		for (const char *c = text; *c != 'e'; c++)
			if (*c != '.')
				m = m * 10 + (unsigned long long)(*c - '0');
		around(rl, m, atoi(strchr(text, 'e') + 1) - (digits - 1));
	}
	for (int j = lo10; j <= hi10; j++)
		around(rl, one, j - (digits - 1));
	for (long i = 0; i < randoms; i++) {
		unsigned long long m = one + test_rng(&state) % (9 * one);
		int x = lo10 + (int)(test_rng(&state) % (unsigned)(hi10 - lo10 + 1)) - (digits - 1);
		snprintf(text, sizeof text, "%s%llue%d", test_rng(&state) & 1 ? "-" : "", m, x);
		own_digits(rl, text);
	}
}

static void own_digits_all(void)
{
	struct rnd_line b16, bf16, b32, b64;

	rnd_line_open(&b16, fmt_lookup("binary16"), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE), 0);
	rnd_line_open(&bf16, fmt_lookup("bfloat16"), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE), 0);
	rnd_line_open(&b32, fmt_lookup("binary32"), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE), 0);
	rnd_line_open(&b64, fmt_lookup("binary64"), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE), 0);
	check(b16.own_digits_limit == 1000 && bf16.own_digits_limit == 100 && b32.own_digits_limit == 1000000 &&
		      b64.own_digits_limit == 1000000000000000u,
	      "own digits limits %llu %llu %llu %llu (1000, 100, 10^6, 10^15: FLT_DIG is 6, DBL_DIG 15)",
	      (unsigned long long)b16.own_digits_limit, (unsigned long long)bf16.own_digits_limit,
	      (unsigned long long)b32.own_digits_limit, (unsigned long long)b64.own_digits_limit);
	for (int digits = 1; digits <= 4; digits++)
		every_decimal(&b16, digits, -11, 5);
	for (int digits = 1; digits <= 3; digits++)
		every_decimal(&bf16, digits, -45, 39);
	for (int digits = 6; digits <= 7; digits++)
		decimals_near_edges(&b32, digits, -152, 130, 100000);
	for (int digits = 15; digits <= 17; digits++)
		decimals_near_edges(&b64, digits, -1074, 1023, 100000);
	printf("  %ld of %ld short decimals given their own digits as the shortest (%ld by the decimal path)\n",
	       own_taken, own_tried, own_taken_decimal);
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
	own_digits_all();
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
