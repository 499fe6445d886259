/*
 * fastnear.c — tests/fastpath --near-ties: makes its own inputs on each side of every
 * boundary (every value and every midpoint, the one to the virtual value past the
 * largest included) of the formats of at most 16 bits, and of binary32 and binary64 at
 * random ranks, as decimals of 17 to 800 digits: exactly the boundary's digits and then
 * ...0001 above it or ...9999 below, the inputs whose first 19 digits and their
 * successor lie on both sides of a boundary (the fast path's truncation must decline
 * or decide them right), and the inputs past 38 digits. Each goes through the
 * comparisons of fastcompare.c. It never reads stdin.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "fastdec.h"
#include "fastpath.h"
#include "format.h"
#include "lines.h"
#include "parse.h"
#include "registry.h"
#include "roundline.h"
#include "testlib.h"

static long near_inputs, near_declined;

/* The nearest decimal of `digits` digits above (delta +1) or below (−1) n·10^e, n > 0:
 * n·10^pad ± 1 when n has fewer digits, else n cut to `digits` and stepped past it. */
static void near_tie(const struct fmt *f, struct input *in, const mpz_t n, long e, int digits, int delta)
{
	mpz_t m;
	char *text;
	size_t len;
	long pad = digits - (long)mpz_sizeinbase(n, 10);
	struct decimal d;

	mpz_init(m);
	if (pad > 0) {
		mpz_ui_pow_ui(m, 10, (unsigned long)pad);
		mpz_mul(m, m, n);
		if (delta > 0)
			mpz_add_ui(m, m, 1);
		else
			mpz_sub_ui(m, m, 1);
	} else {
		mpz_ui_pow_ui(m, 10, (unsigned long)-pad);
		if (delta > 0) {
			mpz_fdiv_q(m, n, m);
			mpz_add_ui(m, m, 1);
		} else {
			mpz_cdiv_q(m, n, m);
			mpz_sub_ui(m, m, 1);
		}
	}
	if (mpz_sgn(m) <= 0) {
		mpz_clear(m);
		return;
	}
	text = calloc(1, mpz_sizeinbase(m, 10) + 32 + LINES_PADDING);
	mpz_get_str(text, 10, m);
	len = strlen(text);
	len += (size_t)sprintf(text + len, "e%ld", e - pad);
	near_inputs++;
	if (check(fastdec_scan(&d, text, len) && fastcmp_read_exactly(in, &d, text, len), "scan '%s'", text)) {
		struct rnd_result r;
		near_declined += !rnd_encode_decimal(&r, f, &d, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		fastcmp_paths(f, &d, in, 5, text, len);
		fastcmp_line(f, in, true, 5, text, len);
		fastcmp_floor_log2(&d, in, text, len);
		fastcmp_digits(in, true, false, text, len);
	}
	free(text);
	mpz_clear(m);
}

/* Each side of the boundary b (a positive dyadic rational), at several lengths. */
static void around(const struct fmt *f, struct input *in, const mpq_t b, long count)
{
	static const int lengths[] = { 17, 19, 20, 21, 25, 39, 60 };
	mpz_t n;
	long e = 0;
	unsigned long k = mpz_scan1(mpq_denref(b), 0); /* b = num / 2^k = num·5^k / 10^k */

	mpz_init(n);
	mpz_ui_pow_ui(n, 5, k);
	mpz_mul(n, n, mpq_numref(b));
	e = -(long)k;
	while (mpz_divisible_ui_p(n, 10)) {
		mpz_divexact_ui(n, n, 10);
		e++;
	}
	for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++)
		for (int delta = -1; delta <= 1; delta += 2)
			near_tie(f, in, n, e, lengths[i], delta);
	if (count % 16 == 0) /* 800 digits, on a sixteenth of them */
		for (int delta = -1; delta <= 1; delta += 2)
			near_tie(f, in, n, e, 800, delta);
	mpz_clear(n);
}

/* Around the value v (where positive) and the midpoint of v and the value next above it. */
static void around_value_and_midpoint(const struct fmt *f, struct input *in, const mpq_t v, const mpq_t next,
				      long count)
{
	mpq_t mid;

	if (mpq_sgn(v) > 0)
		around(f, in, v, count);
	mpq_init(mid);
	mpq_add(mid, v, next);
	mpq_div_2exp(mid, mid, 1);
	around(f, in, mid, count);
	mpq_clear(mid);
}

/* Around every value of f and every midpoint, the last one to the virtual value. */
static void near_every_rank(const struct fmt *f, struct input *in, long *count)
{
	mpq_t v, next;

	mpq_inits(v, next, NULL);
	for (fpcode r = 0; r <= f->max_rank; r++, (*count)++) {
		fmt_rank_rational(v, f, r);
		if (r < f->max_rank)
			fmt_rank_rational(next, f, r + 1);
		else { /* the virtual value: one more step of the last binade's spacing */
			mpq_t step;
			mpq_init(step);
			fmt_rank_rational(step, f, r - 1);
			mpq_sub(step, v, step);
			mpq_add(next, v, step);
			if (f->grid.frac_bits == 0) /* E8M0: the binades are the steps */
				mpq_add(next, v, v);
			mpq_clear(step);
		}
		around_value_and_midpoint(f, in, v, next, *count);
	}
	mpq_clears(v, next, NULL);
}

/* Around the values and midpoints of f at 3000 random ranks: the one-pass line's boundaries. */
static void near_random_ranks(const struct fmt *f, struct input *in, long *count)
{
	uint64_t state = 11;
	mpq_t v, next;

	mpq_inits(v, next, NULL);
	for (int i = 0; i < 3000; i++, (*count)++) {
		fpcode r = test_rng(&state) % f->max_rank;
		fmt_rank_rational(v, f, r);
		fmt_rank_rational(next, f, r + 1);
		around_value_and_midpoint(f, in, v, next, *count);
	}
	mpq_clears(v, next, NULL);
}

void fastnear_run(void)
{
	static const char *const small[] = { "binary16", "bfloat16", "e4m3", "e5m2", "float8_e4m3", "float8_e3m4",
					     "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz", "e2m3",
					     "e3m2", "e2m1", "e8m0", "e3m0fn" };
	struct input in;
	long count = 0;

	parse_input_init(&in);
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
		const struct fmt *f = fmt_lookup(small[i]);
		if (check(f != NULL, "format %s", small[i]))
			near_every_rank(f, &in, &count);
	}
	near_random_ranks(fmt_lookup("binary32"), &in, &count);
	near_random_ranks(fmt_lookup("binary64"), &in, &count);
	printf("  %ld near-tie inputs of 17 to 800 digits; %ld fall back to the exact path (rne)\n", near_inputs,
	       near_declined);
	printf("  %ld taken in one pass (binary64, rne), %ld given their own digits as the shortest\n",
	       fastcmp_counts.one_pass, fastcmp_counts.own_digits);
	parse_input_clear(&in);
}

/* This file's checks, added to the caller's (testlib.h's counters are each file's own). */
void fastnear_tally(long *passed, long *failed)
{
	*passed += tests_passed;
	*failed += tests_failed;
}
