/*
 * fuzz_parse.c — libFuzzer target for the value parser and everything after it: any
 * bytes are parsed; a value is rounded into formats of every kind in every mode, its
 * readout built as text and JSON; a pattern is decoded. Besides crashes and sanitizer
 * reports, it traps when a rounding's ternary disagrees with the stored value, and when
 * the one-pass line reading of the same bytes disagrees with the parser and rnd_encode().
 * A value of more than READOUT_MAX_BITS (1.001^400000 has 8 million) is rounded but not
 * read out: its readout is megabytes of digits, seconds of honest work for each format,
 * which libFuzzer's timeout would take for a hang.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "format.h"
#include "lines.h"
#include "parse.h"
#include "readout.h"
#include "real.h"
#include "registry.h"
#include "roundline.h"
#include "show.h"

static const char *const formats[] = { "e4m3", "binary16", "hif8", "e8m0", "e2m1", "binary128", "float8_e4m3fnuz" };
#define READOUT_MAX_BITS (1L << 18)

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

/* The ternary says where the stored value lies against the exact input. */
static void check_ternary(const struct fmt *f, const struct num *x, const struct rnd_result *r)
{
	mpq_t stored, exact;
	enum fp_class cls;
	int c;

	if (x->kind != NUM_FINITE || x->bound)
		return;
	mpq_inits(stored, exact, NULL);
	cls = fmt_code_rational(stored, f, r->code);
	mpq_set(exact, x->mag);
	if (x->neg)
		mpq_neg(exact, exact);
	c = mpq_cmp(stored, exact);
	if ((cls == FP_NORMAL || cls == FP_SUBNORMAL || cls == FP_ZERO) && (c > 0) - (c < 0) != r->ternary)
		__builtin_trap();
	mpq_clears(stored, exact, NULL);
}

static long exact_bits(const struct num *x)
{
	return (long)(mpz_sizeinbase(mpq_numref(x->mag), 2) + mpz_sizeinbase(mpq_denref(x->mag), 2));
}

static void exercise(const struct fmt *f, const char *text, const struct input *in, int which)
{
	struct rnd_result r;
	struct readout rd;
	struct strbuf out;
	struct show_style style = { false, false };
	fpcode code;

	sb_init(&out);
	if (in->kind == INPUT_PATTERN) {
		if (fmt_code_from_pattern(&code, f, in->pattern)) {
			readout_of_code(&rd, f, text, code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
			show_readout(&out, &rd, &style);
			readout_clear(&rd);
		}
		sb_free(&out);
		return;
	}
	for (int m = 0; m < 5; m++)
		for (int sat = 0; sat < 2; sat++)
			if (rnd_encode(&r, f, &in->value, rnd_spec(modes[m], (enum rnd_sat)(sat))) == RND_OK)
				check_ternary(f, &in->value, &r);
	if (exact_bits(&in->value) <= READOUT_MAX_BITS &&
	    rnd_encode(&r, f, &in->value, rnd_spec(modes[which % 5], (enum rnd_sat)(which & 1))) == RND_OK) {
		readout_of_value(&rd, f, text, &in->value, rnd_spec(modes[which % 5], (enum rnd_sat)(which & 1)), &r, false);
		readout_set_other_saturation(&rd);
		show_readout(&out, &rd, &style);
		show_readout_json(&out, &rd);
		readout_clear(&rd);
	}
	sb_free(&out);
}

/*
 * The one-pass line (rnd_line_code_digits()) on the same bytes as a stdin line: a line
 * it takes must parse to a value that rounds to its code, and the digits it gives must
 * be the shortest the interval search finds.
 */
static void exercise_line(const uint8_t *data, size_t size, const struct input *in, bool parsed)
{
	static const char *const line_formats[] = { "binary64", "binary32", "binary16", "e4m3" };
	char *line = calloc(size + 1 + LINES_PADDING, 1);

	if (!line)
		return;
	memcpy(line, data, size);
	line[size] = '\n';
	for (size_t i = 0; i < sizeof line_formats / sizeof line_formats[0]; i++)
		for (int m = 0; m < 5; m++) {
			const struct fmt *f = fmt_lookup(line_formats[i]);
			struct rnd_line rl;
			struct rnd_result r;
			struct strbuf own, searched;
			fpcode code;
			uint64_t digits;
			long pow10;
			if (!rnd_line_open(&rl, f, rnd_spec(modes[m], (enum rnd_sat)(m & 1)), 0) ||
			    rnd_line_code_digits(&code, &digits, &pow10, &rl, line) != line + size)
				continue;
			if (!parsed || in->kind != INPUT_VALUE || rnd_encode(&r, f, &in->value, rnd_spec(modes[m], (enum rnd_sat)(m & 1))) != RND_OK ||
			    r.code != code)
				__builtin_trap();
			if (!digits)
				continue;
			sb_init(&own);
			sb_init(&searched);
			dec_scaled_word(&own, (code & f->sign_bit) != 0, digits, pow10);
			dec_shortest_search(&searched, f, code);
			if (strcmp(own.s, searched.s) != 0)
				__builtin_trap();
			sb_free(&own);
			sb_free(&searched);
		}
	free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fmt *f[sizeof formats / sizeof formats[0]];
	struct input in;
	struct parse_error err;
	char *text = malloc(size + 1);
	bool parsed;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (!f[i])
			f[i] = fmt_lookup(formats[i]);
	parse_input_init(&in);
	parsed = parse_input(&in, &err, text, size) == PARSE_OK;
	exercise_line(data, size, &in, parsed);
	if (parsed && in.kind == INPUT_REAL) {
		struct real_format_target target;
		struct rnd_result r;
		struct num v;
		bool exact, pole;
		num_init(&v);
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
			real_round(&r, in.real, real_target_format(&target, f[i], rnd_spec((enum rnd_mode)(i % 5), (enum rnd_sat)(i & 1))), 1 << 9);
			real_stand_in(&v, &exact, &pole, in.real, f[i]->precision + 130, 1 << 9);
		}
		num_clear(&v);
	} else if (err.status == PARSE_OK)
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
			exercise(f[i], text, &in, (int)(size + i));
	parse_input_clear(&in);
	free(text);
	return 0;
}
