/*
 * longties.c — the fast path's decisions on long decimals and format edges against the
 * exact path, bit for bit: the one pass of bulk conversion (rnd_line_code(),
 * rnd_line_result()) and the plain decimal's (rnd_encode_decimal(), and for the code
 * alone rnd_decimal_code_by_ends()) against rnd_encode() of the value the grammar
 * reads, in every deterministic mode, saturating or not, into several formats.
 *
 * The inputs, made here with GMP (never from fpx's output): the values and midpoints
 * of binary16, bfloat16, binary32, E4M3 and E5M2 (every rank of the 8-bit ones, random
 * ranks of the others) written out exactly, and each perturbed up and down by one unit
 * in its 20th to 150th significant digit, in positional or scientific form, of either
 * sign; random long decimals; and each target's edges: zeros with exponents, the
 * smallest subnormal and half of it, the smallest normal, the largest finite value and
 * the tie to the virtual value past it, values past the range, exactly and perturbed.
 *
 * It also holds the fast path to taking them: into binary64 under rne, every perturbed
 * tie of a narrower format and every edge but those within a unit of their 19th digit
 * of a boundary must be decided in one pass (FPX_PATH_COUNTS counts the rest).
 * And the shortest digits of wide formats' smallest codes, which dec_shortest() keeps
 * once searched: each asked twice (searched, then kept) against dec_shortest_search(),
 * for every binary64 subnormal power of two, the 40 smallest ranks of wide formats of
 * either sign, and random subnormals.
 * Usage: tests/longties [COUNT] (random ranks per wide format; 200 by default).
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "format.h"
#include "lines.h"
#include "parse.h"
#include "registry.h"
#include "roundline.h"
#include "testlib.h"

static const char *const targets[] = { "binary64", "binary32", "bfloat16", "binary16", "e4m3", "e5m2", "binary128", "e2m1", "e8m0" };
#define NTARGETS (sizeof targets / sizeof targets[0])
static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN, RND_TO_ODD };
#define NMODES (sizeof modes / sizeof modes[0])

static long inputs, one_pass_codes, one_pass_results, by_ends, settled;
static long b64_asked, b64_taken; /* lines that must take the one pass into binary64 (rne) */
static char failed_b64[160];

#define SHOWN(len, text) (len) > 60 ? 60 : (int)(len), (text)

/* The code, ternary and flags of the fast paths against the exact ones (`exact`), for
 * text (with the line reader's padding) read as d, rounded into f as how says. */
static void compare_one(const struct fmt *f, struct rnd_spec how, const struct decimal *d, const struct rnd_result *exact,
			const char *text, size_t len, bool *one_pass)
{
	struct rnd_line rl;
	struct rnd_result r;
	fpcode code;
	const char *mode = rnd_mode_name(how.mode), *sat = how.sat ? " sat" : "";

	if (rnd_line_open(&rl, f, how, 0) && rnd_line_code(&code, &rl, text) == text + len) {
		one_pass_codes++;
		*one_pass = true;
		check(code == exact->code, "%s %s%s '%.*s': one pass 0x%llx, exact 0x%llx", f->name, mode, sat,
		      SHOWN(len, text), (unsigned long long)code, (unsigned long long)exact->code);
		if (rnd_line_result(&r, &rl, text) == text + len) {
			struct fastdec_spot s[2];
			one_pass_results++;
			settled += fastdec_place_line(s, &rl.grid, text) && s->kind == FASTDEC_BETWEEN;
			check(r.code == exact->code && r.ternary == exact->ternary && r.flags == exact->flags,
			      "%s %s%s '%.*s': one pass 0x%llx/%d/%u, exact 0x%llx/%d/%u", f->name, mode, sat,
			      SHOWN(len, text), (unsigned long long)r.code, r.ternary, r.flags,
			      (unsigned long long)exact->code, exact->ternary, exact->flags);
		}
	}
	if (rnd_encode_decimal(&r, f, d, how))
		check(r.code == exact->code && r.ternary == exact->ternary && r.flags == exact->flags,
		      "%s %s%s '%.*s': fast 0x%llx/%d/%u, exact 0x%llx/%d/%u", f->name, mode, sat, SHOWN(len, text),
		      (unsigned long long)r.code, r.ternary, r.flags, (unsigned long long)exact->code, exact->ternary,
		      exact->flags);
	else if (rnd_decimal_code_by_ends(&code, f, d, how)) {
		by_ends++;
		check(code == exact->code, "%s %s%s '%.*s': by its ends 0x%llx, exact 0x%llx", f->name, mode, sat,
		      SHOWN(len, text), (unsigned long long)code, (unsigned long long)exact->code);
	}
}

/* One input in every target, mode and saturation; `b64` says it must take the one
 * pass into binary64 under rne. */
static void compare_all(const char *text, bool b64)
{
	size_t len = strlen(text);
	char *padded = calloc(1, len + LINES_PADDING + 3), *wrapped = padded;
	struct input in;
	struct parse_error err;
	struct decimal d;
	struct rnd_line rl;
	fpcode code;

	memcpy(padded, text, len);
	inputs++;
	parse_input_init(&in);
	if (!fastdec_scan(&d, text, len)) { /* past its exponents: the parser's alone */
		check(rnd_line_open(&rl, fmt_lookup("binary64"), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE), 0) &&
			      rnd_line_code(&code, &rl, padded) != padded + len,
		      "one pass took '%.*s', which fastdec_scan() does not", SHOWN(len, text));
		goto done;
	}
	wrapped = calloc(1, len + 3); /* in parentheses: the grammar's exact reading alone */
	sprintf(wrapped, "(%s)", text);
	if (!check(parse_input(&in, &err, wrapped, len + 2) == PARSE_OK && in.kind == INPUT_VALUE, "parse '%.*s'",
		   SHOWN(len, text)))
		goto done;
	for (size_t t = 0; t < NTARGETS; t++) {
		const struct fmt *f = fmt_lookup(targets[t]);
		for (size_t m = 0; m < NMODES; m++)
			for (int sat = 0; sat < 2; sat++) {
				struct rnd_spec how = rnd_spec(modes[m], sat ? RND_SAT_FINITE : RND_SAT_NONE);
				struct rnd_result exact;
				bool one_pass = false;
				if (rnd_encode(&exact, f, &in.value, how) != RND_OK)
					continue;
				compare_one(f, how, &d, &exact, padded, len, &one_pass);
				if (b64 && t == 0 && m == 0 && !sat) {
					b64_asked++;
					b64_taken += one_pass;
					if (!one_pass && !failed_b64[0])
						snprintf(failed_b64, sizeof failed_b64, "%.150s", text);
				}
			}
	}
done:
	if (wrapped != padded)
		free(wrapped);
	free(padded);
	parse_input_clear(&in);
}

/* ---- Writing values out ------------------------------------------------------------------ */

/* n·10^e (n > 0) as text with a sign: n's digits and an exponent (form 0), or
 * positional (a point where one falls). */
static void write_decimal(char *out, const mpz_t n, long e, bool neg, int form)
{
	char *digits = mpz_get_str(NULL, 10, n);
	long len = (long)strlen(digits), point = len + e; /* digits before the point */

	if (neg)
		*out++ = '-';
	if (form == 0)
		sprintf(out, "%se%ld", digits, e);
	else if (e >= 0) { /* an integer: e zeros after the digits */
		strcpy(out, digits);
		memset(out + len, '0', (size_t)e);
		out[len + e] = '\0';
	} else if (point > 0)
		sprintf(out, "%.*s.%s", (int)point, digits, digits + point);
	else { /* 0.000ddd */
		memcpy(out, "0.", 2);
		memset(out + 2, '0', (size_t)-point);
		strcpy(out + 2 - point, digits);
	}
	free(digits);
}

/* A positive dyadic q as n·10^e, n without trailing zeros. */
static void decimal_of(mpz_t n, long *e, const mpq_t q)
{
	unsigned long k = mpz_scan1(mpq_denref(q), 0);

	mpz_ui_pow_ui(n, 5, k);
	mpz_mul(n, n, mpq_numref(q));
	*e = -(long)k;
	while (mpz_divisible_ui_p(n, 10)) {
		mpz_divexact_ui(n, n, 10);
		(*e)++;
	}
}

/* q exactly, and q moved up and down by one unit in its significant digit `at` (past
 * its own digits: n·10^pad ± 1; within them: cut there and stepped past q). */
static void around(const mpq_t q, int at, bool neg, int form, bool b64)
{
	char *text;
	mpz_t n, m;
	long e;

	mpz_inits(n, m, NULL);
	decimal_of(n, &e, q);
	text = malloc(mpz_sizeinbase(n, 10) + (size_t)labs(e) + 2 * (size_t)at + 64);
	write_decimal(text, n, e, neg, form);
	compare_all(text, b64);
	for (int delta = -1; delta <= 1; delta += 2) {
		long pad = at - (long)mpz_sizeinbase(n, 10);
		mpz_ui_pow_ui(m, 10, (unsigned long)labs(pad));
		if (pad >= 0) {
			mpz_mul(m, m, n);
			delta > 0 ? mpz_add_ui(m, m, 1) : mpz_sub_ui(m, m, 1);
		} else {
			delta > 0 ? mpz_fdiv_q(m, n, m) : mpz_cdiv_q(m, n, m);
			delta > 0 ? mpz_add_ui(m, m, 1) : mpz_sub_ui(m, m, 1);
		}
		if (mpz_sgn(m) > 0) {
			write_decimal(text, m, e - pad, neg, form);
			compare_all(text, b64);
		}
	}
	free(text);
	mpz_clears(n, m, NULL);
}

/* ---- The inputs -------------------------------------------------------------------------- */

/* The values and midpoints of f at ranks r (and r + 1), each exactly and perturbed in
 * a digit from the 20th to the 150th; positional unless the text would be long. */
static void ties_of(const struct fmt *f, fpcode r, uint64_t *state)
{
	mpq_t v, next, mid;
	uint64_t x = test_rng(state);
	int at = 20 + (int)(x % 131), form = (x >> 8) % 3 != 0;
	bool neg = (x >> 12) & 1;

	mpq_inits(v, next, mid, NULL);
	fmt_rank_rational(v, f, r);
	fmt_rank_rational(next, f, r + 1);
	mpq_add(mid, v, next);
	mpq_div_2exp(mid, mid, 1);
	if (mpq_sgn(v) > 0)
		around(v, at, neg, form, true);
	around(mid, at, neg, form, true);
	mpq_clears(v, next, mid, NULL);
}

static void narrower_ties(long count)
{
	static const char *const sources[] = { "binary16", "bfloat16", "binary32", "e4m3", "e5m2", "binary64" };
	uint64_t state = 37;

	for (size_t i = 0; i < sizeof sources / sizeof sources[0]; i++) {
		const struct fmt *f = fmt_lookup(sources[i]);
		if (f->bits <= 8)
			for (fpcode r = 0; r < f->max_rank; r++)
				ties_of(f, r, &state);
		else
			for (long k = 0; k < count; k++)
				ties_of(f, test_rng(&state) % f->max_rank, &state);
	}
}

/* Random decimals of 20 to 150 digits, a point among them or an exponent. */
static void long_decimals(long count)
{
	uint64_t state = 91;
	char text[200];

	for (long k = 0; k < count; k++) {
		int digits = 20 + (int)(test_rng(&state) % 131), point = (int)(test_rng(&state) % (uint64_t)digits);
		char *p = text;
		for (int i = 0; i < digits; i++) {
			if (i == point && (k & 1))
				*p++ = '.';
			*p++ = (char)('0' + (i == 0 ? 1 + test_rng(&state) % 9 : test_rng(&state) % 10));
		}
		if (!(k & 1)) /* every fourth with an exponent of 6 or 7 digits, zeros first */
			p += sprintf(p, k & 2 ? "e%d" : "e%+07d", (int)(test_rng(&state) % 601) - 300);
		*p = '\0';
		compare_all(text, false);
	}
}

/* Each target's edges: its zeros, and around its smallest subnormal, half of it, the
 * smallest normal, the largest finite value, the tie past it and twice that, at three
 * lengths. All but the ties must take the one pass into binary64 (rne) when they are
 * binary64's, but for their cuts at 17 digits, which may cross a boundary. */
static void edges(void)
{
	static const char *const zeros[] = { "0", "-0", "0e5", "0.000e-3", "-0.0", "00000.0000e+12", "0e-99999", "-0e400" };
	static const char *const some[] = { "binary64", "binary32", "bfloat16", "binary16", "e4m3", "e5m2", "e2m1" };
	static const int lengths[] = { 17, 25, 60 };
	mpq_t q[6], step;

	for (size_t i = 0; i < sizeof zeros / sizeof zeros[0]; i++)
		compare_all(zeros[i], true);
	for (size_t i = 0; i < sizeof some / sizeof some[0]; i++) {
		const struct fmt *f = fmt_lookup(some[i]);
		fpcode min_normal = (fpcode)1 << f->grid.frac_bits;
		bool b64 = strcmp(f->name, "binary64") == 0;
		for (int k = 0; k < 6; k++)
			mpq_init(q[k]);
		mpq_init(step);
		fmt_rank_rational(q[0], f, 1);                  /* the smallest subnormal */
		mpq_div_2exp(q[1], q[0], 1);                     /* half of it: a tie */
		fmt_rank_rational(q[2], f, min_normal);          /* the smallest normal */
		fmt_rank_rational(q[3], f, f->max_rank);         /* the largest finite */
		fmt_rank_rational(step, f, f->max_rank - 1);
		mpq_sub(step, q[3], step);
		mpq_div_2exp(step, step, 1);
		mpq_add(q[4], q[3], step);                       /* the tie past it */
		mpq_mul_2exp(q[5], q[4], 1);                     /* past the range */
		for (int k = 0; k < 6; k++)
			for (size_t l = 0; l < sizeof lengths / sizeof lengths[0]; l++)
				around(q[k], lengths[l], l == 1, b64 ? 0 : 1, b64 && lengths[l] > 19);
		for (int k = 0; k < 6; k++)
			mpq_clear(q[k]);
		mpq_clear(step);
	}
}

/* dec_shortest() of code, twice, against the search's digits. */
static void shortest_kept(const struct fmt *f, fpcode code)
{
	struct strbuf want, got;

	sb_init(&want);
	dec_shortest_search(&want, f, code);
	for (int twice = 0; twice < 2; twice++) {
		sb_init(&got);
		dec_shortest(&got, f, code);
		check(strcmp(got.s, want.s) == 0, "%s 0x%llx: shortest '%s', the search '%s'", f->name,
		      (unsigned long long)code, got.s, want.s);
		sb_free(&got);
	}
	sb_free(&want);
}

static void smallest_shortest(long count)
{
	static const char *const wide[] = { "binary64", "binary32", "binary128", "x87", "tf32" };
	uint64_t state = 5;

	for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
		const struct fmt *f = fmt_lookup(wide[i]);
		fpcode sign = (fpcode)1 << (f->bits - 1);
		for (fpcode r = 0; r < 40; r++) {
			shortest_kept(f, fmt_code_of_rank(f, r));
			shortest_kept(f, fmt_code_of_rank(f, r) | sign);
		}
	}
	for (int k = 0; k < 52; k++) /* binary64's subnormal powers of two */
		shortest_kept(fmt_lookup("binary64"), (fpcode)1 << k);
	for (long k = 0; k < count; k++)
		shortest_kept(fmt_lookup("binary64"), test_rng(&state) % (UINT64_C(1) << 52));
}

int main(int argc, char **argv)
{
	long count = argc > 1 ? atol(argv[1]) : 200;

	narrower_ties(count);
	long_decimals(count * 4);
	edges();
	smallest_shortest(count);
	printf("  %ld inputs; %ld codes and %ld results in one pass (%ld between the ends of 19 digits, placed by all "
	       "digits), %ld codes by the ends of 19 digits\n",
	       inputs, one_pass_codes, one_pass_results, settled, by_ends);
	printf("  into binary64 (rne) in one pass: %ld of %ld perturbed ties of narrower formats and edges\n", b64_taken,
	       b64_asked);
	check(b64_taken == b64_asked, "binary64 rne: %ld of %ld in one pass; the first not: '%s'", b64_taken, b64_asked,
	      failed_b64);
	return test_summary("longties");
}
