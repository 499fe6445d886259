/*
 * fastpath.c — the fast decimal path must be bit-identical to the exact path: every
 * input line read from stdin that the fast scanner takes is rounded both ways into
 * every regular built-in format (and a few custom ones), in every mode, saturating or
 * not, and the code, ternary and flags compared (fastcompare.c). make check feeds it
 * the benchmark workload (bench/gen) and the rounding records' inputs. Every EVERY-th
 * line is also scaled by powers of two (as mx scales its elements) both ways, and its
 * error texts made in words checked against the exact difference's decimal.
 *
 * Here: main(), the stdin lines and the checks only they make. It never makes inputs
 * of its own: the --near-ties mode, which does, is fastnear.c; the comparisons both
 * modes share are fastcompare.c.
 * Usage: tests/fastpath [EVERY] < lines; tests/fastpath --near-ties
 */
#include <gmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decimal.h"
#include "decwords.h"
#include "fastdec.h"
#include "fastpath.h"
#include "format.h"
#include "lines.h"
#include "num.h"
#include "output.h"
#include "parse.h"
#include "registry.h"
#include "roundline.h"
#include "testlib.h"

static const char *const formats[] = {
	"binary16", "binary32", "binary64", "binary128", "bfloat16", "tf32", "e4m3", "e5m2", "float8_e4m3",
	"float8_e3m4", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz", "e2m3", "e3m2", "e2m1", "e8m0",
	"e15m63", "e11m100", "e3m0fn", "hif8",
};
#define NFORMATS (sizeof formats / sizeof formats[0])

/* d scaled by 2^e2 (mx scales each element by its block's power of two so) against the
 * exact value scaled the same, in a few formats, rne and saturating. */
static void compare_scaled(const struct decimal *d, const struct input *in, const char *text, size_t len)
{
	static const long shifts[] = { -130, -7, 1, 13, 200 };
	static const char *const some[] = { "binary64", "binary16", "e4m3", "e2m1", "bfloat16" };
	struct num scaled;

	if (d->kind != DECIMAL_FINITE || in->value.kind != NUM_FINITE)
		return;
	num_init(&scaled);
	for (size_t i = 0; i < sizeof shifts / sizeof shifts[0]; i++)
		for (size_t j = 0; j < sizeof some / sizeof some[0]; j++) {
			const struct fmt *f = fmt_lookup(some[j]);
			struct decimal e = *d;
			struct rnd_result a, b;
			e.e2 += shifts[i];
			if (!rnd_encode_decimal(&a, f, &e, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE)))
				continue;
			num_set(&scaled, &in->value);
			if (shifts[i] >= 0)
				mpq_mul_2exp(scaled.mag, scaled.mag, (mp_bitcnt_t)shifts[i]);
			else
				mpq_div_2exp(scaled.mag, scaled.mag, (mp_bitcnt_t)-shifts[i]);
			rnd_encode(&b, f, &scaled, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE));
			check(a.code == b.code && a.ternary == b.ternary && a.flags == b.flags,
			      "%s '%.*s' times 2^%ld: fast 0x%llx/%d/%u, exact 0x%llx/%d/%u", some[j],
			      len > 60 ? 60 : (int)len, text, shifts[i], (unsigned long long)a.code, a.ternary, a.flags,
			      (unsigned long long)b.code, b.ternary, b.flags);
		}
	num_clear(&scaled);
}

static long error_texts, error_texts_in_words;

/* The error texts of code (f's, decoded in v) against the exact difference's decimal:
 * from in's value (dec_difference_in_words()); and, the code's value scaled by
 * 2^scale as mx's blocks scale it, from the decimal d as scanned
 * (dec_words_minus_decimal()), and the scaled value alone (dec_words_difference()). */
static void compare_error_text(const struct input *in, const struct decimal *d, const struct fmt *f, fpcode code,
			       const struct fmt_value *v, long scale, const char *text, size_t len)
{
	int shown = len > 60 ? 60 : (int)len;
	struct dec_words by_decimal, value_words;
	struct strbuf fast, slow;
	mpq_t stored, diff;

	sb_init(&fast);
	sb_init(&slow);
	mpq_inits(stored, diff, NULL);
	error_texts++;
	fmt_code_rational(stored, f, code);
	output_signed_value(diff, &in->value);
	mpq_sub(diff, stored, diff);
	dec_rational(&slow, diff, 40);
	if (dec_difference_in_words(&fast, v->neg, mpz_get_ui(v->sig), v->exp, &in->value)) {
		error_texts_in_words++;
		check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx minus '%.*s': in words %s, exactly %s", f->name,
		      (unsigned long long)code, shown, text, fast.s, slow.s);
	}
	fastcmp_scale_value(stored, scale);
	output_signed_value(diff, &in->value);
	mpq_sub(diff, stored, diff);
	if (dec_words_minus_decimal(&by_decimal, v->neg, mpz_get_ui(v->sig), v->exp + scale, d)) {
		sb_clear(&fast);
		sb_clear(&slow);
		dec_words_write(&fast, &by_decimal);
		dec_rational(&slow, diff, 40);
		check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx·2^%ld minus '%.*s': in words %s, exactly %s", f->name,
		      (unsigned long long)code, scale, shown, text, fast.s, slow.s);
		fastcmp_magnitudes(&by_decimal, diff);
	}
	if (dec_words_difference(&value_words, v->neg, mpz_get_ui(v->sig), v->exp + scale, NULL)) {
		sb_clear(&fast);
		sb_clear(&slow);
		dec_words_write(&fast, &value_words);
		dec_rational(&slow, stored, 40);
		check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx·2^%ld in words %s, exactly %s", f->name,
		      (unsigned long long)code, scale, fast.s, slow.s);
	}
	mpq_clears(stored, diff, NULL);
	sb_free(&fast);
	sb_free(&slow);
}

/* The error texts of the readout's word path against dec_rational() of the rational
 * difference: the code x rounds to, and the code on either side of it, in a few formats. */
static void compare_error_texts(const struct input *in, const struct decimal *d, const char *text, size_t len)
{
	static const char *const some[] = { "binary64", "binary32", "binary16", "e4m3", "e2m1", "bfloat16", "hif8" };
	struct fmt_value v;

	if (in->value.kind != NUM_FINITE)
		return;
	fmt_value_init(&v);
	for (size_t j = 0; j < sizeof some / sizeof some[0]; j++) {
		const struct fmt *f = fmt_lookup(some[j]);
		struct rnd_result r;
		rnd_encode(&r, f, &in->value, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE));
		for (int step = -1; step <= 1; step++) {
			fpcode code = r.code + (fpcode)(long)step;
			if (f->bits < 128 && code >> f->bits) /* past the codes: 0 − 1 */
				continue;
			fmt_decode(&v, f, code);
			if (v.cls == FP_NAN || v.cls == FP_INF || !mpz_fits_ulong_p(v.sig))
				continue;
			/* mx's block scales: the value times 2^scale */
			compare_error_text(in, d, f, code, &v, (long)step * 37, text, len);
		}
	}
	fmt_value_clear(&v);
}

/* fmt_grid_rank_value() against fmt_decode() on every finite rank of the formats of at
 * most 16 bits and on ranks spread over the wider ones. */
static void check_grid_values(void)
{
	struct fmt_value v;
	mpq_t a, b;

	fmt_value_init(&v);
	mpq_inits(a, b, NULL);
	for (size_t i = 0; i < NFORMATS; i++) {
		const struct fmt *f = fmt_lookup(formats[i]);
		fpcode step = f->bits <= 16 ? 1 : f->max_rank / 65521 + 1;
		uint64_t m;
		long exp;
		for (fpcode rank = 0; rank <= f->max_rank; rank += step) {
			if (!fmt_grid_rank_value(f, rank, &m, &exp))
				break; /* no grid, or a wide one: nothing to compare */
			fmt_decode(&v, f, fmt_code_of_rank(f, rank));
			mpq_set_z(a, v.sig);
			mpq_set_ui(b, m, 1);
			for (int k = 0; k < 2; k++) {
				mpq_ptr q = k ? b : a;
				long e = k ? exp : v.exp;
				if (e >= 0)
					mpq_mul_2exp(q, q, (mp_bitcnt_t)e);
				else
					mpq_div_2exp(q, q, (mp_bitcnt_t)-e);
			}
			check(mpq_equal(a, b), "%s rank 0x%llx: grid %llu*2^%ld, decoded otherwise", f->name,
			      (unsigned long long)rank, (unsigned long long)m, exp);
		}
	}
	mpq_clears(a, b, NULL);
	fmt_value_clear(&v);
}

/* The decimal writers (8 digits a word) against printf: dec_long() and dec_scaled_word()
 * (k 0) on each side of every power of ten and on random words of every length, and
 * dec_words_write() of 128-bit words (n·10^19 + m: the chunked digits, their zeros). */
static void check_digit_writers(void)
{
	uint64_t state = 7, values[4096];
	size_t n = 0;
	struct strbuf out;
	char want[64], buf[DEC_LONG_MAX];

	values[n++] = 0;
	values[n++] = UINT64_MAX;
	for (uint64_t p = 1; p <= UINT64_MAX / 10; p *= 10) {
		values[n++] = p - 1;
		values[n++] = p;
		values[n++] = p + 1;
		values[n++] = p * 10 - 1;
	}
	while (n < sizeof values / sizeof values[0]) {
		uint64_t r = test_rng(&state);
		values[n++] = r >> (r % 64);
	}
	sb_init(&out);
	for (size_t i = 0; i < n; i++) {
		sb_clear(&out);
		dec_scaled_word(&out, false, values[i], 0);
		snprintf(want, sizeof want, "%llu", (unsigned long long)values[i]);
		check(strcmp(out.s, want) == 0, "dec_scaled_word %s: %s", want, out.s);
		if (values[i] <= (uint64_t)LONG_MAX) {
			long v = (long)values[i] * (i % 2 ? -1 : 1);
			snprintf(want, sizeof want, "%ld", v);
			check(strcmp(dec_long(buf, v), want) == 0, "dec_long %s: %s", want, dec_long(buf, v));
		}
		for (size_t j = 0; j < 3; j++) { /* values[i]·10^19 + a few others, as a 128-bit integer */
			uint64_t low = values[(i * 7 + j) % n] % 10000000000000000000u;
			const uint64_t ten19 = 10000000000000000000u;
			struct dec_words w = { false, (unsigned __int128)(values[i] % ten19) * ten19 + low, 0 };
			mpz_t z;
			char *text;
			mpz_init(z);
			mpz_set_ui(z, (unsigned long)(values[i] % 10000000000000000000u));
			mpz_mul_ui(z, z, 10000000000000000000u);
			mpz_add_ui(z, z, (unsigned long)low);
			text = mpz_get_str(NULL, 10, z);
			sb_clear(&out);
			dec_words_write(&out, &w);
			if (strlen(text) <= 21) /* up to 10^21: plainly */
				check(strcmp(out.s, text) == 0, "dec_words_write %s: %s", text, out.s);
			else { /* from 10^21 on: the digits, trailing zeros dropped, as d.ddde+x */
				size_t len = strlen(text), digits = len;
				while (digits > 1 && text[digits - 1] == '0')
					digits--;
				snprintf(want, sizeof want, "%c%s%.*se+%zu", text[0], digits > 1 ? "." : "", (int)digits - 1,
					 text + 1, len - 1);
				check(strcmp(out.s, want) == 0, "dec_words_write %s: %s, not %s", text, out.s, want);
			}
			free(text);
			mpz_clear(z);
		}
	}
	sb_free(&out);
}

/* The stdin lines, all modes on every EVERY-th; prints what was counted. */
static void lines_mode(int every)
{
	const struct fmt *f[NFORMATS];
	struct line_reader *r = lines_open(STDIN_FILENO, 1 << 20);
	struct input in;
	const char *text;
	size_t len;
	bool too_long;
	long lines = 0, fast = 0, declined = 0; /* declined: scanned, but binary64's placement fell back */

	for (size_t i = 0; i < NFORMATS; i++)
		f[i] = fmt_lookup(formats[i]);
	check_grid_values();
	check_digit_writers();
	parse_input_init(&in);
	while (lines_next(r, &text, &len, &too_long)) {
		struct decimal d;
		struct rnd_result r64;
		bool all_modes = every <= 1 || lines % every == 0;
		bool parsed;
		lines++;
		if (too_long)
			continue;
		parsed = fastdec_scan(&d, text, len) && fastcmp_read_exactly(&in, &d, text, len);
		for (size_t i = 0; i < NFORMATS; i++)
			fastcmp_line(f[i], &in, parsed, all_modes ? 5 : 1, text, len);
		fastcmp_digits(&in, parsed, all_modes, text, len);
		if (!parsed)
			continue;
		fast++;
		declined += !rnd_encode_decimal(&r64, fmt_lookup("binary64"), &d, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		for (size_t i = 0; i < NFORMATS; i++)
			fastcmp_paths(f[i], &d, &in, all_modes ? 5 : 1, text, len);
		fastcmp_floor_log2(&d, &in, text, len);
		if (all_modes) {
			compare_scaled(&d, &in, text, len);
			compare_error_texts(&in, &d, text, len);
		}
	}
	printf("  %ld lines, %ld taken by the fast path; %ld of those fall back to the exact path in binary64\n", lines,
	       fast, declined);
	printf("  %ld taken in one pass (binary64, rne), %ld given their own digits as the shortest (%ld decimals)\n",
	       fastcmp_counts.one_pass, fastcmp_counts.own_digits, fastcmp_counts.decimal_own_digits);
	printf("  %ld error texts, %ld of them made in words; floor log2 decided in words for %ld of %ld\n", error_texts,
	       error_texts_in_words, fastcmp_counts.log2_decided, fastcmp_counts.log2_asked);
	printf("  %ld lines read as digits (mx's one pass): floor log2 decided for %ld, %ld roundings placed (%ld far "
	       "below), %ld errors in words\n",
	       fastcmp_counts.digits_lines, fastcmp_counts.digits_log2_decided, fastcmp_counts.digits_placed,
	       fastcmp_counts.digits_far_below, fastcmp_counts.digits_errors_in_words);
	parse_input_clear(&in);
	lines_close(r);
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--near-ties") == 0)
		fastnear_run();
	else
		lines_mode(argc > 1 ? atoi(argv[1]) : 1);
	fastcmp_tally(&tests_passed, &tests_failed);
	fastnear_tally(&tests_passed, &tests_failed);
	return test_summary("fastpath");
}
