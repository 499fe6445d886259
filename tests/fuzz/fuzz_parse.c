/*
 * fuzz_parse.c — libFuzzer target for the value parser and everything after it: any
 * bytes are parsed; a value is rounded into formats of every kind in every mode, its
 * readout built as text and JSON; a pattern is decoded. Besides crashes and sanitizer
 * reports, it traps when a rounding's ternary disagrees with the stored value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "parse.h"
#include "readout.h"
#include "real.h"
#include "round.h"
#include "show.h"

static const char *const formats[] = { "e4m3", "binary16", "hif8", "e8m0", "e2m1", "binary128", "float8_e4m3fnuz" };
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
			readout_of_code(&rd, f, text, code, RND_NEAREST_EVEN, false);
			show_readout(&out, &rd, &style);
			readout_clear(&rd);
		}
		sb_free(&out);
		return;
	}
	for (int m = 0; m < 5; m++)
		for (int sat = 0; sat < 2; sat++)
			if (rnd_encode(&r, f, &in->value, modes[m], sat) == RND_OK)
				check_ternary(f, &in->value, &r);
	if (rnd_encode(&r, f, &in->value, modes[which % 5], which & 1) == RND_OK) {
		readout_of_value(&rd, f, text, &in->value, modes[which % 5], which & 1, &r, false);
		readout_set_other_saturation(&rd);
		show_readout(&out, &rd, &style);
		show_readout_json(&out, &rd);
		readout_clear(&rd);
	}
	sb_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fmt *f[sizeof formats / sizeof formats[0]];
	struct input in;
	struct parse_error err;
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (!f[i])
			f[i] = fmt_lookup(formats[i]);
	input_init(&in);
	if (parse_input(&in, &err, text, size) == PARSE_OK && in.kind == INPUT_REAL) {
		struct real_format_target target;
		struct rnd_result r;
		struct num v;
		bool exact, pole;
		num_init(&v);
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
			real_round(&r, in.real, real_target_format(&target, f[i], (enum rnd_mode)(i % 5), i & 1), 1 << 9);
			real_stand_in(&v, &exact, &pole, in.real, f[i]->precision + 130, 1 << 9);
		}
		num_clear(&v);
	} else if (err.status == PARSE_OK)
		for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
			exercise(f[i], text, &in, (int)(size + i));
	input_clear(&in);
	free(text);
	return 0;
}
