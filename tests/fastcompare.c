/*
 * fastcompare.c — for tests/fastpath: the comparisons of the fast decimal paths against
 * the exact one on a single input, whoever made it (a stdin line in fastpath.c, a near
 * tie in fastnear.c): rnd_encode_decimal() and the ends of its digits, the one-pass
 * line, fastdec_floor_log2(), and mx's one pass on a line's digits, scaled by powers of
 * two and rounded into its element formats. It checks and counts; it never reads
 * stdin, makes an input, or prints anything but a failure.
 */
#include <gmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "decwords.h"
#include "fastdec.h"
#include "fastdecline.h"
#include "fastpath.h"
#include "format.h"
#include "lines.h"
#include "num.h"
#include "output.h"
#include "owndigits.h"
#include "parse.h"
#include "registry.h"
#include "roundline.h"
#include "testlib.h"

struct fastcmp_counts fastcmp_counts;

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

/*
 * The exact path's reading of text, by the grammar alone: parse_input() reads a plain
 * decimal through fastdec_value(), so the reference is the same text in parentheses,
 * which only the grammar takes (inf and nan stand alone, and are read by it alone).
 * fastdec_value() must give the same number.
 */
bool fastcmp_read_exactly(struct input *in, const struct decimal *d, const char *text, size_t len)
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
	fastcmp_counts.decimal_own_digits++;
	snprintf(what, sizeof what, "%.*s", len > 60 ? 60 : (int)len, text);
	check_own_digits(f, mode, r->code, digits, pow10, what);
}

static long decided_by_ends; /* roundings rnd_decimal_code_by_ends() decided */

/* text rounded both ways into f, in the first `nmodes` modes, saturating or not (the
 * code alone by the ends of its first 19 digits where the fast path declines it). */
void fastcmp_paths(const struct fmt *f, const struct decimal *d, const struct input *in, int nmodes,
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
	fastcmp_counts.own_digits++;
	snprintf(what, sizeof what, "%.*s", len > 60 ? 60 : (int)len, text);
	check_own_digits(rl->f, rl->rounding.mode, code, digits, pow10, what);
}

/* The one-pass line (rnd_line_code(), rnd_line_result()) against the exact path, in every format it
 * opens for and the first `nmodes` modes: a line it takes must be one the parser reads
 * (`parsed`: in holds its value), and its code (and, where rnd_line_result() takes it
 * too, ternary and flags) the ones rnd_encode() gives, saturating and not. text has
 * the line reader's padding. */
void fastcmp_line(const struct fmt *f, const struct input *in, bool parsed, int nmodes, const char *text,
		  size_t len)
{
	for (int m = 0; m < nmodes; m++)
		for (int sat = 0; sat < 2; sat++) {
			struct rnd_line rl;
			struct rnd_result a = { 0 }, b;
			fpcode code = 0;
			if (!rnd_line_open(&rl, f, rnd_spec(modes[m], (enum rnd_sat)(sat)), 0) || rnd_line_code(&code, &rl, text) != text + len)
				continue;
			fastcmp_counts.one_pass += m == 0 && !sat && strcmp(f->name, "binary64") == 0;
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

void fastcmp_scale_value(mpq_t q, long e)
{
	if (e >= 0)
		mpq_mul_2exp(q, q, (mp_bitcnt_t)e);
	else
		mpq_div_2exp(q, q, (mp_bitcnt_t)-e);
}

/* dec_words_cmp_abs() against mpq_cmp() of the magnitudes, with the previous pair;
 * dec_words_log2_over() against the exact ⌊log2 |q|⌋ (it may be up to 3 below). */
void fastcmp_magnitudes(const struct dec_words *w, const mpq_t q)
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

/* fastdec_floor_log2() (mx's shared exponent) against the exact value's. */
void fastcmp_floor_log2(const struct decimal *d, const struct input *in, const char *text, size_t len)
{
	long fast_log2, exact_log2;

	if (d->kind != DECIMAL_FINITE || in->value.kind != NUM_FINITE || in->value.bound || !mpq_sgn(in->value.mag))
		return;
	exact_log2 = num_floor_log2_ratio(mpq_numref(in->value.mag), mpq_denref(in->value.mag));
	fastcmp_counts.log2_asked++;
	if (fastdec_floor_log2(&fast_log2, d)) {
		fastcmp_counts.log2_decided++;
		check(fast_log2 == exact_log2, "floor log2 '%.*s': %ld, exactly %ld", len > 60 ? 60 : (int)len, text,
		      fast_log2, exact_log2);
	}
}

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
	fastcmp_scale_value(out, e);
	if (x->neg)
		mpq_neg(out, out);
	mpz_clear(p);
}

/* mx's element formats and a few others, and the powers of two mx's blocks scale by. */
static const char *const digits_formats[8] = { "e2m1", "e2m3", "e3m2", "e4m3", "e5m2",
					       "binary16", "bfloat16", "binary64" };
static const long digits_shifts[6] = { -130, -7, 0, 1, 13, 200 };

/* A line read as digits, for the steps of fastcmp_digits(). */
struct digits_line {
	const struct input *in; /* the value the parser reads */
	struct fastdec_digits x;
	mpq_t exact; /* x's value */
	long exact_log2; /* ⌊log2 |x|⌋; LONG_MIN for 0 */
	const char *text;
	size_t len;
};

/* The digits' value the parser's; their log2 bound and ⌊log2⌋ the exact one's. */
static void digits_check_value(struct digits_line *dl)
{
	const struct fastdec_digits *x = &dl->x;
	int shown = dl->len > 60 ? 60 : (int)dl->len;
	mpq_t diff;
	long e;

	mpq_init(diff);
	digits_rational(dl->exact, x, 0);
	output_signed_value(diff, &dl->in->value);
	check(mpq_equal(dl->exact, diff), "digits of '%.*s' are another value", shown, dl->text);
	if (x->w != 0) {
		mpq_abs(diff, dl->exact);
		dl->exact_log2 = num_floor_log2_ratio(mpq_numref(diff), mpq_denref(diff));
	}
	if (x->w != 0 && labs(x->q) <= 400) {
		long bound = fastdec_digits_log2_bound(x);
		check(bound <= dl->exact_log2 && dl->exact_log2 <= bound + 3,
		      "log2 bound of digits '%.*s': %ld, floor log2 %ld", shown, dl->text, bound, dl->exact_log2);
	}
	if (x->w != 0 && fastdec_digits_floor_log2(&e, x)) {
		fastcmp_counts.digits_log2_decided++;
		check(e == dl->exact_log2, "floor log2 of digits '%.*s': %ld", shown, dl->text, e);
	}
	mpq_clear(diff);
}

/* The one-pass line of digits_formats[j] at digits_shifts[i], mode m, sat: opened once,
 * NULL where it does not open. */
static const struct rnd_line *digits_line_open(size_t j, size_t i, int m, int sat)
{
	static struct rnd_line lines[8][6][5][2];
	static bool opened[8][6][5][2], open_ok[8][6][5][2];

	if (!opened[j][i][m][sat]) {
		open_ok[j][i][m][sat] = rnd_line_open(&lines[j][i][m][sat], fmt_lookup(digits_formats[j]),
						      rnd_spec(modes[m], (enum rnd_sat)(sat)), digits_shifts[i]);
		opened[j][i][m][sat] = true;
	}
	return open_ok[j][i][m][sat] ? &lines[j][i][m][sat] : NULL;
}

/* The error of code (f's, rounded from the line scaled by 2^shift) against the digits,
 * in words (dec_words_minus_digits()), the exact difference's decimal. */
static void digits_error_in_words(const struct digits_line *dl, const struct fmt *f, fpcode code, long shift)
{
	struct strbuf fast, slow;
	struct dec_words words;
	mpq_t stored, diff;
	uint64_t sig;
	long exp;
	bool neg;
	fpcode magnitude = fmt_magnitude(f, code, &neg);

	if (!fmt_grid_rank_value(f, fmt_rank_of_code(f, magnitude), &sig, &exp) ||
	    !dec_words_minus_digits(&words, neg, sig, exp - shift, &dl->x))
		return;
	fastcmp_counts.digits_errors_in_words++;
	mpq_inits(stored, diff, NULL);
	sb_init(&fast);
	sb_init(&slow);
	fmt_code_rational(stored, f, code);
	fastcmp_scale_value(stored, -shift);
	mpq_sub(diff, stored, dl->exact);
	dec_words_write(&fast, &words);
	dec_rational(&slow, diff, 40);
	fastcmp_magnitudes(&words, diff);
	check(strcmp(fast.s, slow.s) == 0, "%s 0x%llx·2^%ld minus digits '%.*s': in words %s, exactly %s", f->name,
	      (unsigned long long)code, -shift, dl->len > 60 ? 60 : (int)dl->len, dl->text, fast.s, slow.s);
	sb_free(&fast);
	sb_free(&slow);
	mpq_clears(stored, diff, NULL);
}

/* The line scaled by 2^digits_shifts[i] into digits_formats[j], mode m, sat: placed from
 * its digits (rnd_line_digits_code()), and below 2^(⌊log2 |x|⌋ + 1) exactly and by the
 * bound (rnd_line_far_below()), against rnd_encode() of the exact value so scaled. */
static void digits_round(const struct digits_line *dl, size_t j, size_t i, int m, int sat, bool all_modes)
{
	const struct rnd_line *rl = digits_line_open(j, i, m, sat);
	const struct fmt *f = fmt_lookup(digits_formats[j]);
	const struct fastdec_digits *x = &dl->x;
	const long shift = digits_shifts[i];
	int shown = dl->len > 60 ? 60 : (int)dl->len;
	struct rnd_result b;
	struct num scaled;
	fpcode code = 0, far_code = 0, bound_code = 0;
	bool placed, far, far_by_bound;

	placed = rl && rnd_line_digits_code(&code, rl, x);
	far = rl && dl->exact_log2 != LONG_MIN && rnd_line_far_below(&far_code, rl, dl->exact_log2, x->neg);
	far_by_bound = rl && x->w != 0 && labs(x->q) <= 400 &&
		       rnd_line_far_below(&bound_code, rl, fastdec_digits_log2_bound(x) + 3, x->neg);
	if (!placed && !far && !far_by_bound)
		return;
	fastcmp_counts.digits_placed += placed;
	fastcmp_counts.digits_far_below += far + far_by_bound;
	num_init(&scaled);
	num_set(&scaled, &dl->in->value);
	fastcmp_scale_value(scaled.mag, shift);
	rnd_encode(&b, f, &scaled, rnd_spec(modes[m], (enum rnd_sat)(sat)));
	num_clear(&scaled);
	check(!placed || code == b.code, "%s %s%s '%.*s' times 2^%ld from its digits: 0x%llx, exactly 0x%llx",
	      f->name, rnd_mode_name(modes[m]), sat ? " sat" : "", shown, dl->text, shift, (unsigned long long)code,
	      (unsigned long long)b.code);
	check((!far || far_code == b.code) && (!far_by_bound || bound_code == b.code),
	      "%s %s%s '%.*s' times 2^%ld far below: 0x%llx/0x%llx, exactly 0x%llx", f->name, rnd_mode_name(modes[m]),
	      sat ? " sat" : "", shown, dl->text, shift, (unsigned long long)far_code, (unsigned long long)bound_code,
	      (unsigned long long)b.code);
	if (all_modes && m == 0 && sat)
		digits_error_in_words(dl, f, b.code, shift);
}

/*
 * mx's one pass: a line as fastdec_scan_line() reads its digits (text has the reader's
 * padding) must be the value the parser reads; ⌊log2⌋ from them
 * (fastdec_digits_floor_log2()) the exact one; the line scaled by 2^e and rounded
 * from them (rnd_line_digits_code()) the code rnd_encode() gives the exact value so
 * scaled, in the element formats and a few others; and on `all_modes` lines, the
 * error against the code's value in words (dec_words_minus_digits()) the exact
 * difference's decimal.
 *
 * mx's rounding (rne, saturating) into its element formats at three scales on every
 * line; at six into all of them, saturating or not, on all_modes lines, and in every
 * mode on a tenth of those.
 */
void fastcmp_digits(const struct input *in, bool parsed, bool all_modes, const char *text, size_t len)
{
	static long all_modes_lines;
	struct digits_line dl = { .in = in, .exact_log2 = LONG_MIN, .text = text, .len = len };
	struct input own;
	struct parse_error err;
	int nmodes;

	if (fastdec_scan_line(&dl.x, text) != text + len)
		return;
	fastcmp_counts.digits_lines++;
	parse_input_init(&own);
	if (!parsed) { /* past the general scanner's tables: the parser itself */
		parsed = parse_input(&own, &err, text, len) == PARSE_OK;
		dl.in = &own;
	}
	if (!check(parsed && dl.in->value.kind == NUM_FINITE, "one pass read '%.*s', which the parser does not",
		   len > 60 ? 60 : (int)len, text)) {
		parse_input_clear(&own);
		return;
	}
	mpq_init(dl.exact);
	digits_check_value(&dl);
	nmodes = all_modes && all_modes_lines++ % 10 == 0 ? 5 : 1;
	for (size_t j = 0; j < (all_modes ? 8 : 5); j++)
		for (size_t i = all_modes ? 0 : 1; i < (all_modes ? 6 : 4); i++)
			for (int m = 0; m < nmodes; m++)
				for (int sat = all_modes ? 0 : 1; sat < 2; sat++)
					digits_round(&dl, j, i, m, sat, all_modes);
	mpq_clear(dl.exact);
	parse_input_clear(&own);
}

/* This file's checks, added to the caller's (testlib.h's counters are each file's own). */
void fastcmp_tally(long *passed, long *failed)
{
	*passed += tests_passed;
	*failed += tests_failed;
}
