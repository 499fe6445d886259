/*
 * dequantize.c — fpx dequantize, dequantizeLinear as WebNN and ONNX define it, exact:
 * (q − zero_point)·scale of a code or integer of the target, and the shortest decimal
 * that quantizes back to it. Never rounds into the target (quantize.c does).
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "convert.h"
#include "decimal.h"
#include "output.h"
#include "parse.h"
#include "problem.h"
#include "quantization.h"

/* The value a dequantize input stands for, and its code: a code of the format (a bit
 * pattern), or, for an integer format, an integer of it. Reads the first tab-separated
 * field, so that quantize's output can be piped in. */
static enum problem stored_value(struct num *x, fpcode *code_out, const struct quantization *q, const char *text,
				 size_t len, struct input *in, struct parse_error *err)
{
	const char *tab = memchr(text, '\t', len); /* not strcspn: a NUL byte must be seen */
	fpcode code;
	long v = 0;

	if (tab)
		len = (size_t)(tab - text);
	if (parse_input(in, err, text, len) != PARSE_OK)
		return PROBLEM_PARSE;
	if (in->kind == INPUT_PATTERN) {
		if (!code_from_mpz(&code, in->pattern) || (q->ints ? !intfmt_from_code(&v, q->ints, code)
								  : !fmt_code_from_pattern(&code, q->floats, in->pattern)))
			return PROBLEM_TOO_WIDE;
		*code_out = code;
		if (!q->ints) {
			convert_code_value(x, q->floats, code);
			return PROBLEM_NONE;
		}
		mpq_set_si(x->mag, labs(v), 1);
		x->neg = v < 0;
		x->kind = NUM_FINITE;
		return PROBLEM_NONE;
	}
	if (!q->ints)
		return PROBLEM_NEEDS_FLOAT_PATTERN;
	if (in->kind == INPUT_REAL)
		return PROBLEM_REAL_NOT_HERE;
	if (in->value.kind != NUM_FINITE || mpz_cmp_ui(mpq_denref(in->value.mag), 1) != 0 ||
	    mpz_cmp_ui(mpq_numref(in->value.mag), (unsigned long)(in->value.neg ? -intfmt_min(q->ints) : intfmt_max(q->ints))) > 0)
		return PROBLEM_NOT_AN_INTEGER;
	x->kind = NUM_FINITE;
	x->neg = in->value.neg;
	mpq_set(x->mag, in->value.mag);
	*code_out = intfmt_code(q->ints, x->neg ? -mpz_get_si(mpq_numref(x->mag)) : mpz_get_si(mpq_numref(x->mag)));
	return PROBLEM_NONE;
}

/* (code − zero)·scale into text: exactly, or for a real scale to 25 digits after ~. */
static void dequantized_text(struct strbuf *value, const struct num *x, const struct parameters *p,
			     long max_precision)
{
	mpq_t y;

	mpq_init(y);
	output_signed_value(y, x);
	if (p->zero)
		mpq_sub(y, y, *p->zero);
	if (p->real_scale) {
		struct real *v = real_node(REAL_MUL, quantization_leaf(y), real_copy(p->real_scale));
		struct num w;
		bool exact, pole;
		num_init(&w);
		real_stand_in(&w, &exact, &pole, v, 200, max_precision);
		output_signed_value(y, &w);
		(exact ? output_rational : output_approximate)(value, y);
		num_clear(&w);
		real_free(v);
	} else {
		mpq_mul(y, y, *p->scale);
		output_rational(value, y);
	}
	mpq_clear(y);
}

/* (y − zero)·scale for y the ends and the middle of the interval. */
static void dequantize_interval(struct rational_interval *iv, const struct parameters *p)
{
	mpq_t *ends[] = { &iv->lo, &iv->hi, &iv->v };
	bool in;

	for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++) {
		if (p->zero)
			mpq_sub(*ends[k], *ends[k], *p->zero);
		mpq_mul(*ends[k], *ends[k], *p->scale);
	}
	if (mpq_sgn(*p->scale) < 0) {
		mpq_swap(iv->lo, iv->hi);
		in = iv->lo_in;
		iv->lo_in = iv->hi_in;
		iv->hi_in = in;
	}
}

/* The shortest decimal that quantizes (rne) back to the code with the same scale and
 * zero point: inside the code's rounding interval, dequantized. */
static void dequantized_shortest(struct strbuf *out, const struct quantization *q, fpcode code,
				 const struct num *x, const struct parameters *p)
{
	struct rational_interval iv;

	mpq_inits(iv.lo, iv.hi, iv.v, NULL);
	if (q->ints) { /* y ± 1/2, the ends inside when y is even */
		output_signed_value(iv.v, x);
		mpq_set_ui(iv.hi, 1, 2);
		mpq_sub(iv.lo, iv.v, iv.hi);
		mpq_add(iv.hi, iv.v, iv.hi);
		iv.lo_in = iv.hi_in = mpz_even_p(mpq_numref(iv.v));
	} else
		dec_code_interval(&iv, q->floats, code);
	dequantize_interval(&iv, p);
	dec_shortest_between(out, &iv);
	mpq_clears(iv.lo, iv.hi, iv.v, NULL);
}

/* The fields dequantize writes (-o): quantize's, of the code read and its value. */
#define DEQUANTIZE_FIELDS QUANTIZE_FIELDS

static enum problem dequantize_one(struct strbuf *out, const struct settings *s, struct quantization *q, long i,
				   const char *text, size_t len, struct input *in, struct parse_error *err)
{
	struct parameters p;
	enum problem problem;
	struct strbuf exact, shortest;
	char hex[CODE_MAX_BITS / 4 + 3];
	struct text_row row;
	struct num x;
	fpcode code = 0;

	if (!quantization_parameters(&p, q, i))
		return PROBLEM_NO_SCALE;
	num_init(&x);
	sb_init(&exact);
	sb_init(&shortest);
	if (!(problem = stored_value(&x, &code, q, text, len, in, err))) {
		if (x.kind != NUM_FINITE)
			sb_puts(&exact, x.kind == NUM_NAN ? "nan" : x.neg != (mpq_sgn(*p.scale) < 0) ? "-inf" : "inf");
		else
			dequantized_text(&exact, &x, &p, q->max_precision);
		if (x.kind == NUM_FINITE && !p.real_scale && render_has_field(&s->fields, FIELD_SHORTEST))
			dequantized_shortest(&shortest, q, code, &x, &p);
		else
			sb_puts(&shortest, exact.s); /* a special, or a real scale: as exact gives it */
		code_to_hex(hex, code, ((q->ints ? q->ints->bits : q->floats->bits) + 3) / 4);
		row.flags = exact.s[0] == '~' ? RND_INEXACT : 0; /* only the text is not exact */
		row.text[FIELD_HEX] = (struct render_text){ hex, strlen(hex), false };
		row.text[FIELD_EXACT] = (struct render_text){ exact.s, exact.len, false };
		row.text[FIELD_SHORTEST] = (struct render_text){ shortest.s, shortest.len, false };
		quantize_put_row(out, s, q, &row, text);
	}
	sb_free(&exact);
	sb_free(&shortest);
	num_clear(&x);
	return problem;
}

int cmd_dequantize(struct settings *s)
{
	enum field stray;

	if (!s->fields_given)
		render_parse_fields(&s->fields, "exact");
	if (!render_fields_within(&s->fields, DEQUANTIZE_FIELDS, &stray))
		return usage_error(USAGE_DEQUANTIZE_FIELD, render_field_name(stray));
	return quantize_run(s, "dequantize", dequantize_one);
}
