/*
 * fastpath.c — the fast decimal path must be bit-identical to the exact path: every
 * input line read from stdin that the fast scanner takes is rounded both ways into
 * every regular built-in format (and a few custom ones), in every mode, saturating or
 * not, and the code, ternary and flags compared. make check feeds it the benchmark
 * workload (bench/gen) and the rounding records' inputs.
 *
 * With --near-ties it makes its own inputs: each side of every boundary (every value
 * and every midpoint, the one to the virtual value past the largest included) of the
 * formats of at most 16 bits, as decimals of 20 to 800 digits, exactly the boundary's
 * digits and then ...0001 above it or ...9999 below: the inputs whose first 19 digits
 * and their successor lie on both sides of a boundary (the fast path's truncation
 * must decline or decide them right), and the inputs past 38 digits.
 * Every EVERY-th line is also scaled by powers of two (as mx scales its elements) both
 * ways. Usage: tests/fastpath [EVERY] < lines; tests/fastpath --near-ties
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
#include "fastdecline.h"
#include "format.h"
#include "lines.h"
#include "num.h"
#include "output.h"
#include "owndigits.h"
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

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

/*
 * The exact path's reading of text, by the grammar alone: parse_input() reads a plain
 * decimal through fastdec_value(), so the reference is the same text in parentheses,
 * which only the grammar takes (inf and nan stand alone, and are read by it alone).
 * fastdec_value() must give the same number.
 */
static bool read_exactly(struct input *in, const struct decimal *d, const char *text, size_t len)
{
	struct parse_error err;
	struct num fast;
	char *wrapped = malloc(len + 3);
	bool ok;

	wrapped[0] = '(';
	memcpy(wrapped + 1, text, len);
	wrapped[len + 1] = ')';
	if (d->kind == DECIMAL_FINITE)
		ok = parse_input(in, &err, wrapped, len + 2) == PARSE_OK;
	else
		ok = parse_input(in, &err, text, len) == PARSE_OK;
	free(wrapped);
	num_init(&fast);
	if (ok && fastdec_value(&fast, d))
		check(fast.kind == in->value.kind && fast.neg == in->value.neg &&
			      (fast.kind != NUM_FINITE || mpq_equal(fast.mag, in->value.mag)),
		      "fastdec_value '%.*s'", len > 60 ? 60 : (int)len, text);
	num_clear(&fast);
	return ok;
}

static long decimal_own_digits_taken; /* decimals whose own digits rnd_decimal_own_digits() gave */

/* Where rnd_decimal_own_digits() gives a decimal's own digits for r, they must be the
 * interval search's shortest of r's code. */
static void compare_decimal_own_digits(const struct fmt *f, const struct decimal *d, const struct rnd_result *r,
				       enum rnd_mode mode, const char *text, size_t len)
{
	char what[64];
	uint64_t digits = 0;
	long pow10 = 0;

	if (!rnd_decimal_own_digits(&digits, &pow10, f, d, r, mode))
		return;
	decimal_own_digits_taken++;
	snprintf(what, sizeof what, "%.*s", len > 60 ? 60 : (int)len, text);
	check_own_digits(f, mode, r->code, digits, pow10, what);
}

static long decided_by_ends; /* roundings rnd_decimal_code_by_ends() decided */

/* text rounded both ways into f, in the first `nmodes` modes, saturating or not (the
 * code alone by the ends of its first 19 digits where the fast path declines it). */
static void compare_paths(const struct fmt *f, const struct decimal *d, const struct input *in, int nmodes,
			  const char *text, size_t len)
{
	for (int m = 0; m < nmodes; m++)
		for (int sat = 0; sat < 2; sat++) {
			struct rnd_result a, b;
			fpcode code;
			if (!rnd_encode_decimal(&a, f, d, rnd_spec(modes[m], (enum rnd_sat)(sat)))) {
				if (!rnd_decimal_code_by_ends(&code, f, d, rnd_spec(modes[m], (enum rnd_sat)(sat))))
					continue;
				decided_by_ends++;
				rnd_encode(&b, f, &in->value, rnd_spec(modes[m], (enum rnd_sat)(sat)));
				check(code == b.code, "%s %s%s '%.*s': by its ends 0x%llx, exact 0x%llx", f->name,
				      rnd_mode_name(modes[m]), sat ? " sat" : "", len > 60 ? 60 : (int)len, text,
				      (unsigned long long)code, (unsigned long long)b.code);
				continue;
			}
			rnd_encode(&b, f, &in->value, rnd_spec(modes[m], (enum rnd_sat)(sat)));
			check(a.code == b.code && a.ternary == b.ternary && a.flags == b.flags,
			      "%s %s%s '%.*s': fast 0x%llx/%d/%u, exact 0x%llx/%d/%u", f->name, rnd_mode_name(modes[m]),
			      sat ? " sat" : "", len > 60 ? 60 : (int)len, text, (unsigned long long)a.code, a.ternary,
			      a.flags, (unsigned long long)b.code, b.ternary, b.flags);
			if (nmodes == 5 && a.code == b.code) /* the lines of every mode: the search is slow */
				compare_decimal_own_digits(f, d, &a, modes[m], text, len);
		}
}

static long one_pass_taken; /* lines rnd_line_code() took in binary64, rne */
static long own_digits_taken; /* lines whose own digits rnd_line_code_digits() gave */

/* rnd_line_code_digits() must give rnd_line_code()'s code (the exact path's, `code`),
 * and the line's own digits only where they are the shortest that the interval search
 * finds for that code. */
static void compare_own_digits(const struct rnd_line *rl, fpcode code, const char *text, size_t len)
{
	char what[64];
	fpcode got = 0;
	uint64_t digits = 0;
	long pow10 = 0;

	if (!check(rnd_line_code_digits(&got, &digits, &pow10, rl, text) == text + len && got == code,
		   "%s '%.*s': rnd_line_code_digits 0x%llx, exact 0x%llx", rl->f->name, len > 60 ? 60 : (int)len, text,
		   (unsigned long long)got, (unsigned long long)code) ||
	    digits == 0)
		return;
	own_digits_taken++;
	snprintf(what, sizeof what, "%.*s", len > 60 ? 60 : (int)len, text);
	check_own_digits(rl->f, rl->rounding.mode, code, digits, pow10, what);
}

/* The one-pass line (rnd_line_code(), rnd_line_result()) against the exact path, in every format it
 * opens for and the first `nmodes` modes: a line it takes must be one the parser reads
 * (`parsed`: in holds its value), and its code (and, where rnd_line_result() takes it
 * too, ternary and flags) the ones rnd_encode() gives, saturating and not. text has
 * the line reader's padding. */
static void compare_line(const struct fmt *f, const struct input *in, bool parsed, int nmodes, const char *text,
			 size_t len)
{
	for (int m = 0; m < nmodes; m++)
		for (int sat = 0; sat < 2; sat++) {
			struct rnd_line rl;
			struct rnd_result a = { 0 }, b;
			fpcode code = 0;
			if (!rnd_line_open(&rl, f, rnd_spec(modes[m], (enum rnd_sat)(sat)), 0) || rnd_line_code(&code, &rl, text) != text + len)
				continue;
			one_pass_taken += m == 0 && !sat && strcmp(f->name, "binary64") == 0;
			if (!check(parsed, "%s: one pass took '%.*s', which the parser does not read", f->name,
				   len > 60 ? 60 : (int)len, text))
				return;
			rnd_encode(&b, f, &in->value, rnd_spec(modes[m], (enum rnd_sat)(sat)));
			check(code == b.code, "%s %s%s '%.*s': one pass 0x%llx, exact 0x%llx", f->name,
			      rnd_mode_name(modes[m]), sat ? " sat" : "", len > 60 ? 60 : (int)len, text,
			      (unsigned long long)code, (unsigned long long)b.code);
			if (!rnd_line_result(&a, &rl, text)) /* decided by its ends: the code alone */
				continue;
			check(a.code == b.code && a.ternary == b.ternary && a.flags == b.flags,
			      "%s %s%s '%.*s': one pass 0x%llx/%d/%u, exact 0x%llx/%d/%u", f->name, rnd_mode_name(modes[m]),
			      sat ? " sat" : "", len > 60 ? 60 : (int)len, text, (unsigned long long)a.code, a.ternary,
			      a.flags, (unsigned long long)b.code, b.ternary, b.flags);
			compare_own_digits(&rl, b.code, text, len);
		}
}

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

static void scale_value(mpq_t q, long e)
{
	if (e >= 0)
		mpq_mul_2exp(q, q, (mp_bitcnt_t)e);
	else
		mpq_div_2exp(q, q, (mp_bitcnt_t)-e);
}

/* dec_words_cmp_abs() against mpq_cmp() of the magnitudes, with the previous pair;
 * dec_words_log2_over() against the exact ⌊log2 |q|⌋ (it may be up to 3 below). */
static void compare_magnitudes(const struct dec_words *w, const mpq_t q)
{
	static struct dec_words last;
	static mpq_t last_q;
	static bool have;
	mpq_t a, b;
	int words, exact;
	long over = dec_words_log2_over(w);

	if (mpq_sgn(q) == 0)
		check(over == LONG_MIN, "log2_over of 0: %ld", over);
	else {
		long floor_log2 = num_floor_log2_ratio(mpq_numref(q), mpq_denref(q));
		check(over <= floor_log2 && over >= floor_log2 - 3, "log2_over %ld, floor log2 %ld", over, floor_log2);
	}
	if (!have)
		mpq_init(last_q);
	if (have) {
		mpq_inits(a, b, NULL);
		mpq_abs(a, q);
		mpq_abs(b, last_q);
		words = dec_words_cmp_abs(w, &last);
		exact = mpq_cmp(a, b);
		check((words > 0) == (exact > 0) && (words < 0) == (exact < 0), "words compare %d, exactly %d", words,
		      exact);
		mpq_clears(a, b, NULL);
	}
	last = *w;
	mpq_set(last_q, q);
	have = true;
}

static long error_texts, error_texts_in_words, log2_asked, log2_decided;

/* fastdec_floor_log2() (mx's shared exponent) against the exact value's. */
static void compare_floor_log2(const struct decimal *d, const struct input *in, const char *text, size_t len)
{
	long fast_log2, exact_log2;

	if (d->kind != DECIMAL_FINITE || in->value.kind != NUM_FINITE || in->value.bound || !mpq_sgn(in->value.mag))
		return;
	exact_log2 = num_floor_log2_ratio(mpq_numref(in->value.mag), mpq_denref(in->value.mag));
	log2_asked++;
	if (fastdec_floor_log2(&fast_log2, d)) {
		log2_decided++;
		check(fast_log2 == exact_log2, "floor log2 '%.*s': %ld, exactly %ld", len > 60 ? 60 : (int)len, text,
		      fast_log2, exact_log2);
	}
}

/* The error texts of the readout's word path against dec_rational() of the rational
 * difference: the code x rounds to, and the code on either side of it, in a few formats. */

static void compare_error_texts(const struct input *in, const struct decimal *d, const char *text, size_t len)
{
	static const char *const some[] = { "binary64", "binary32", "binary16", "e4m3", "e2m1", "bfloat16", "hif8" };
	struct strbuf fast, slow;
	struct fmt_value v;
	mpq_t stored, diff;

	if (in->value.kind != NUM_FINITE)
		return;
	sb_init(&fast);
	sb_init(&slow);
	fmt_value_init(&v);
	mpq_inits(stored, diff, NULL);
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
			struct dec_words by_decimal, value_words;
			long scale = (long)step * 37; /* mx's block scales: the value times 2^scale */
			sb_clear(&fast);
			sb_clear(&slow);
			error_texts++;
			fmt_code_rational(stored, f, code);
			output_signed_value(diff, &in->value);
			mpq_sub(diff, stored, diff);
			dec_rational(&slow, diff, 40);
			if (dec_difference_in_words(&fast, v.neg, mpz_get_ui(v.sig), v.exp, &in->value)) {
				error_texts_in_words++;
				check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx minus '%.*s': in words %s, exactly %s", some[j],
				      (unsigned long long)code, len > 60 ? 60 : (int)len, text, fast.s, slow.s);
			}
			/* the same from the decimal as scanned, the value scaled (mx) */
			scale_value(stored, scale);
			output_signed_value(diff, &in->value);
			mpq_sub(diff, stored, diff);
			if (dec_words_minus_decimal(&by_decimal, v.neg, mpz_get_ui(v.sig), v.exp + scale, d)) {
				sb_clear(&fast);
				sb_clear(&slow);
				dec_words_write(&fast, &by_decimal);
				dec_rational(&slow, diff, 40);
				check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx·2^%ld minus '%.*s': in words %s, exactly %s",
				      some[j], (unsigned long long)code, scale, len > 60 ? 60 : (int)len, text, fast.s, slow.s);
				compare_magnitudes(&by_decimal, diff);
			}
			if (dec_words_difference(&value_words, v.neg, mpz_get_ui(v.sig), v.exp + scale, NULL)) {
				sb_clear(&fast);
				sb_clear(&slow);
				dec_words_write(&fast, &value_words);
				dec_rational(&slow, stored, 40);
				check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx·2^%ld in words %s, exactly %s", some[j],
				      (unsigned long long)code, scale, fast.s, slow.s);
			}
		}
	}
	mpq_clears(stored, diff, NULL);
	fmt_value_clear(&v);
	sb_free(&fast);
	sb_free(&slow);
}

static long digits_lines, digits_log2_decided, digits_placed, digits_far_below, digits_errors_in_words;

/* x·2^e exactly, for x the digits of a line (w·10^q). */
static void digits_rational(mpq_t out, const struct fastdec_digits *x, long e)
{
	mpz_t p;

	mpz_init(p);
	mpz_set_ui(mpq_numref(out), (unsigned long)(x->w >> 64));
	mpz_mul_2exp(mpq_numref(out), mpq_numref(out), 64);
	mpz_add_ui(mpq_numref(out), mpq_numref(out), (unsigned long)x->w);
	mpz_set_ui(mpq_denref(out), 1);
	mpz_ui_pow_ui(p, 10, (unsigned long)labs(x->q));
	if (x->q >= 0)
		mpz_mul(mpq_numref(out), mpq_numref(out), p);
	else
		mpz_set(mpq_denref(out), p);
	mpq_canonicalize(out);
	scale_value(out, e);
	if (x->neg)
		mpq_neg(out, out);
	mpz_clear(p);
}

/*
 * mx's one pass: a line as fastdec_scan_line() reads its digits (text has the reader's
 * padding) must be the value the parser reads; ⌊log2⌋ from them
 * (fastdec_digits_floor_log2()) the exact one; the line scaled by 2^e and rounded
 * from them (rnd_line_digits_code()) the code rnd_encode() gives the exact value so
 * scaled, in the element formats and a few others; and on `all_modes` lines, the
 * error against the code's value in words (dec_words_minus_digits()) the exact
 * difference's decimal.
 */
static void compare_digits(const struct input *in, bool parsed, bool all_modes, const char *text, size_t len)
{
	static const long shifts[6] = { -130, -7, 0, 1, 13, 200 };
	static const char *const some[8] = { "e2m1", "e2m3", "e3m2", "e4m3", "e5m2", "binary16", "bfloat16", "binary64" };
	struct fastdec_digits x;
	struct strbuf fast, slow;
	mpq_t exact, stored, diff;
	long e;

	struct input own;
	struct parse_error err;
	long exact_log2 = LONG_MIN;

	if (fastdec_scan_line(&x, text) != text + len)
		return;
	digits_lines++;
	parse_input_init(&own);
	if (!parsed) { /* past the general scanner's tables: the parser itself */
		parsed = parse_input(&own, &err, text, len) == PARSE_OK;
		in = &own;
	}
	if (!check(parsed && in->value.kind == NUM_FINITE, "one pass read '%.*s', which the parser does not",
		   len > 60 ? 60 : (int)len, text)) {
		parse_input_clear(&own);
		return;
	}
	mpq_inits(exact, stored, diff, NULL);
	sb_init(&fast);
	sb_init(&slow);
	digits_rational(exact, &x, 0);
	output_signed_value(diff, &in->value);
	check(mpq_equal(exact, diff), "digits of '%.*s' are another value", len > 60 ? 60 : (int)len, text);
	if (x.w != 0) {
		mpq_abs(diff, exact);
		exact_log2 = num_floor_log2_ratio(mpq_numref(diff), mpq_denref(diff));
	}
	if (x.w != 0 && labs(x.q) <= 400) {
		long bound = fastdec_digits_log2_bound(&x);
		check(bound <= exact_log2 && exact_log2 <= bound + 3, "log2 bound of digits '%.*s': %ld, floor log2 %ld",
		      len > 60 ? 60 : (int)len, text, bound, exact_log2);
	}
	if (x.w != 0 && fastdec_digits_floor_log2(&e, &x)) {
		digits_log2_decided++;
		mpq_abs(diff, exact);
		check(e == num_floor_log2_ratio(mpq_numref(diff), mpq_denref(diff)), "floor log2 of digits '%.*s': %ld",
		      len > 60 ? 60 : (int)len, text, e);
	}
	/* mx's rounding (rne, saturating) into its element formats at three scales on every
	 * line; at six into all of them, saturating or not, on all_modes lines, and in every
	 * mode on a tenth of those */
	static long all_modes_lines;
	int nmodes = all_modes && all_modes_lines++ % 10 == 0 ? 5 : 1;
	for (size_t j = 0; j < (all_modes ? sizeof some / sizeof some[0] : 5); j++)
		for (size_t i = all_modes ? 0 : 1; i < (all_modes ? sizeof shifts / sizeof shifts[0] : 4); i++)
			for (int m = 0; m < nmodes; m++)
				for (int sat = all_modes ? 0 : 1; sat < 2; sat++) {
					static struct rnd_line lines[8][6][5][2];
					static bool opened[8][6][5][2], open_ok[8][6][5][2];
					const struct fmt *f = fmt_lookup(some[j]);
					const struct rnd_line *rl = &lines[j][i][m][sat];
					struct rnd_result b;
					struct num scaled;
					struct dec_words words;
					fpcode code = 0, far_code = 0, bound_code = 0, magnitude;
					uint64_t sig;
					long exp;
					bool neg, placed, far, far_by_bound;
					if (!opened[j][i][m][sat]) {
						open_ok[j][i][m][sat] =
							rnd_line_open(&lines[j][i][m][sat], f, rnd_spec(modes[m], (enum rnd_sat)(sat)), shifts[i]);
						opened[j][i][m][sat] = true;
					}
					/* placed; below 2^(⌊log2 |x|⌋ + 1) exactly, and by the bound */
					placed = open_ok[j][i][m][sat] && rnd_line_digits_code(&code, rl, &x);
					far = open_ok[j][i][m][sat] && exact_log2 != LONG_MIN &&
					      rnd_line_far_below(&far_code, rl, exact_log2, x.neg);
					far_by_bound = open_ok[j][i][m][sat] && x.w != 0 && labs(x.q) <= 400 &&
						       rnd_line_far_below(&bound_code, rl, fastdec_digits_log2_bound(&x) + 3, x.neg);
					if (!placed && !far && !far_by_bound)
						continue;
					digits_placed += placed;
					digits_far_below += far + far_by_bound;
					num_init(&scaled);
					num_set(&scaled, &in->value);
					scale_value(scaled.mag, shifts[i]);
					rnd_encode(&b, f, &scaled, rnd_spec(modes[m], (enum rnd_sat)(sat)));
					num_clear(&scaled);
					check(!placed || code == b.code,
					      "%s %s%s '%.*s' times 2^%ld from its digits: 0x%llx, exactly 0x%llx", f->name,
					      rnd_mode_name(modes[m]), sat ? " sat" : "", len > 60 ? 60 : (int)len, text, shifts[i],
					      (unsigned long long)code, (unsigned long long)b.code);
					check((!far || far_code == b.code) && (!far_by_bound || bound_code == b.code),
					      "%s %s%s '%.*s' times 2^%ld far below: 0x%llx/0x%llx, exactly 0x%llx", f->name,
					      rnd_mode_name(modes[m]), sat ? " sat" : "", len > 60 ? 60 : (int)len, text, shifts[i],
					      (unsigned long long)far_code, (unsigned long long)bound_code,
					      (unsigned long long)b.code);
					magnitude = fmt_magnitude(f, b.code, &neg);
					if (!all_modes || m != 0 || !sat ||
					    !fmt_grid_rank_value(f, fmt_rank_of_code(f, magnitude), &sig, &exp) ||
					    !dec_words_minus_digits(&words, neg, sig, exp - shifts[i], &x))
						continue;
					digits_errors_in_words++;
					fmt_code_rational(stored, f, b.code);
					scale_value(stored, -shifts[i]);
					mpq_sub(diff, stored, exact);
					sb_clear(&fast);
					sb_clear(&slow);
					dec_words_write(&fast, &words);
					dec_rational(&slow, diff, 40);
					compare_magnitudes(&words, diff);
					check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx·2^%ld minus digits '%.*s': in words %s, exactly %s",
					      f->name, (unsigned long long)b.code, -shifts[i], len > 60 ? 60 : (int)len, text,
					      fast.s, slow.s);
				}
	sb_free(&fast);
	sb_free(&slow);
	mpq_clears(exact, stored, diff, NULL);
	parse_input_clear(&own);
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

static int lines_mode(int every)
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
		parsed = fastdec_scan(&d, text, len) && read_exactly(&in, &d, text, len);
		for (size_t i = 0; i < NFORMATS; i++)
			compare_line(f[i], &in, parsed, all_modes ? 5 : 1, text, len);
		compare_digits(&in, parsed, all_modes, text, len);
		if (!parsed)
			continue;
		fast++;
		declined += !rnd_encode_decimal(&r64, fmt_lookup("binary64"), &d, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		for (size_t i = 0; i < NFORMATS; i++)
			compare_paths(f[i], &d, &in, all_modes ? 5 : 1, text, len);
		compare_floor_log2(&d, &in, text, len);
		if (all_modes) {
			compare_scaled(&d, &in, text, len);
			compare_error_texts(&in, &d, text, len);
		}
	}
	printf("  %ld lines, %ld taken by the fast path; %ld of those fall back to the exact path in binary64\n", lines,
	       fast, declined);
	printf("  %ld taken in one pass (binary64, rne), %ld given their own digits as the shortest (%ld decimals)\n",
	       one_pass_taken, own_digits_taken, decimal_own_digits_taken);
	printf("  %ld error texts, %ld of them made in words; floor log2 decided in words for %ld of %ld\n", error_texts,
	       error_texts_in_words, log2_decided, log2_asked);
	printf("  %ld lines read as digits (mx's one pass): floor log2 decided for %ld, %ld roundings placed (%ld far "
	       "below), %ld errors in words\n",
	       digits_lines, digits_log2_decided, digits_placed, digits_far_below, digits_errors_in_words);
	parse_input_clear(&in);
	lines_close(r);
	return test_summary("fastpath");
}

/* ---- Near ties --------------------------------------------------------------------------- */

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
	if (check(fastdec_scan(&d, text, len) && read_exactly(in, &d, text, len), "scan '%s'", text)) {
		struct rnd_result r;
		near_declined += !rnd_encode_decimal(&r, f, &d, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		compare_paths(f, &d, in, 5, text, len);
		compare_line(f, in, true, 5, text, len);
		compare_floor_log2(&d, in, text, len);
		compare_digits(in, true, false, text, len);
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

static int near_ties_mode(void)
{
	static const char *const small[] = { "binary16", "bfloat16", "e4m3", "e5m2", "float8_e4m3", "float8_e3m4",
					     "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz", "e2m3",
					     "e3m2", "e2m1", "e8m0", "e3m0fn" };
	struct input in;
	mpq_t v, next, mid;
	long count = 0;

	parse_input_init(&in);
	mpq_inits(v, next, mid, NULL);
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
		const struct fmt *f = fmt_lookup(small[i]);
		if (!check(f != NULL, "format %s", small[i]))
			continue;
		for (fpcode r = 0; r <= f->max_rank; r++, count++) {
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
			if (mpq_sgn(v) > 0)
				around(f, &in, v, count);
			mpq_add(mid, v, next);
			mpq_div_2exp(mid, mid, 1);
			around(f, &in, mid, count);
		}
	}
	/* and binary32's and binary64's, at random ranks: the one-pass line's boundaries */
	for (int wide = 0; wide < 2; wide++) {
		const struct fmt *f = fmt_lookup(wide ? "binary64" : "binary32");
		uint64_t state = 11;
		for (int i = 0; i < 3000; i++, count++) {
			fpcode r = test_rng(&state) % f->max_rank;
			fmt_rank_rational(v, f, r);
			fmt_rank_rational(next, f, r + 1);
			if (mpq_sgn(v) > 0)
				around(f, &in, v, count);
			mpq_add(mid, v, next);
			mpq_div_2exp(mid, mid, 1);
			around(f, &in, mid, count);
		}
	}
	printf("  %ld near-tie inputs of 17 to 800 digits; %ld fall back to the exact path (rne)\n", near_inputs,
	       near_declined);
	printf("  %ld taken in one pass (binary64, rne), %ld given their own digits as the shortest\n", one_pass_taken,
	       own_digits_taken);
	mpq_clears(v, next, mid, NULL);
	parse_input_clear(&in);
	return test_summary("fastpath");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--near-ties") == 0)
		return near_ties_mode();
	return lines_mode(argc > 1 ? atoi(argv[1]) : 1);
}
