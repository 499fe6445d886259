/*
 * mx.c — `fpx mx`: OCP Microscaling block quantization, exactly.
 *
 * A block of N values shares one scale X = 2^(⌊log2 max|v|⌋ − emax), emax being the
 * exponent of the element format's largest value (e2m1 2, e2m3 2, e3m2 4, e4m3 8,
 * e5m2 15, int8 0), kept as an E8M0 code (the exponent clamped to −127…127). Each
 * element is v/X rounded rne and saturating into the element format; the block then
 * decodes to X·element, and the error of each is that minus v. int8 is MXINT8: two's
 * complement with an implicit 2^−6, so its codes stand for −2 … 127/64.
 *
 * Choices where the spec leaves room: a block of zeros gets the smallest scale
 * (2^−127, code 0x00); a block holding a NaN or an infinity gets the NaN scale (0xff),
 * and its elements are NaN where the element format has one, else its zero.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "mxemit.h"
#include "nvfp4.h"
#include "parse.h"
#include "problem.h"
#include "registry.h"
#include "render.h"

/* -o for mx: its four fields only. */
static bool mx_fields(struct settings *s)
{
	if (!s->fields_given) {
		s->fields = mx_default_fields;
		return true;
	}
	for (int i = 0; i < s->fields.count; i++) {
		enum field fld = s->fields.field[i];
		if (fld != FIELD_INPUT && fld != FIELD_HEX && fld != FIELD_EXACT && fld != FIELD_ERROR) {
			usage_error(USAGE_MX_FIELD, render_field_name(fld));
			return false;
		}
	}
	return true;
}

/* int8 (MXINT8), or a format whose .fmt file gives it the role mx-element. */
static bool element_format_of(struct element_format *ef, const char *name)
{
	memset(ef, 0, sizeof *ef);
	if (strcmp(name, "int8") == 0) {
		ef->ints = intfmt_lookup("int8");
		return true;
	}
	if (!(ef->floats = fmt_lookup(name)))
		return false;
	if (ef->floats->roles & ROLE_MX_ELEMENT) {
		ef->emax = ef->floats->emax;
		return true;
	}
	ef->floats = NULL;
	return false;
}

/* ---- --preset nvfp4: Transformer Engine's float32 arithmetic (nvfp4.h) ------------------ */

/* The tensor's float32 values, as the block's texts were read. */
struct float_tensor {
	float *x;
	long count, cap;
};

static void tensor_add(struct float_tensor *t, float v)
{
	if (t->count == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		if (!(t->x = realloc(t->x, (size_t)t->cap * sizeof *t->x)))
			abort();
	}
	t->x[t->count++] = v;
}

/* The text as the float32 tensor holds it (rounded once, rne) and its exact value (a
 * real's stand-in when c->approximate; a float32 bit pattern's value); a problem when
 * it is NaN, infinite or past float32's max. */
static enum problem read_float32(struct conversion *c, float *out, struct num *value, const char *text, size_t len)
{
	const struct fmt *binary32 = fmt_lookup("binary32");
	enum problem problem = convert_text(c, binary32, text, len, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
	uint32_t bits;
	struct fmt_value v;
	bool finite;

	if (problem)
		return problem;
	fmt_value_init(&v);
	fmt_decode(&v, binary32, c->code);
	finite = v.cls != FP_NAN && v.cls != FP_INF;
	fmt_value_clear(&v);
	if (!finite)
		return PROBLEM_NOT_FLOAT32;
	bits = (uint32_t)c->code;
	memcpy(out, &bits, sizeof *out);
	if (c->in.kind == INPUT_VALUE || c->in.kind == INPUT_REAL)
		num_set(value, &c->in.value);
	else
		convert_code_value(value, binary32, c->code);
	return PROBLEM_NONE;
}

/* A float32 as a row's code and exact value. */
static void float_texts(char *hex, struct strbuf *exact, float v)
{
	uint32_t bits;
	mpq_t q;

	memcpy(&bits, &v, sizeof bits);
	code_to_hex(hex, bits, 8);
	mpq_init(q);
	mpq_set_d(q, (double)v);
	output_rational(exact, q);
	mpq_clear(q);
}

/* The tensor's rows: its amax and encode scale S_enc, float32 code and value each; in
 * the flat table, the two values as columns of every row. */
static void put_tensor_rows(struct strbuf *out, const struct settings *s, struct block *b,
			    const struct nvfp4_tensor *t)
{
	const char *const label[2] = { "amax", "encode scale" }, *const key[2] = { "amax", "encode_scale" };
	const float v[2] = { t->amax, t->encode };
	char hex[16];
	struct strbuf exact;

	sb_init(&exact);
	if (s->style == STYLE_JSON)
		sb_putc(out, '{');
	for (int i = 0; i < 2; i++) {
		sb_clear(&exact);
		float_texts(hex, &exact, v[i]);
		if (b->flat) {
			render_cells(&b->tensor_columns, NULL, (const char *const[]){ exact.s }, 1, s->style, true);
			continue;
		}
		if (s->style == STYLE_JSON) {
			render_json_key(out, key[i]);
			sb_putc(out, '{');
			render_json_text(out, "hex", hex);
			render_json_text(out, "exact", exact.s);
			sb_putc(out, '}');
			continue;
		}
		render_cells(out, NULL, (const char *const[]){ label[i], hex, exact.s }, 3, s->style, false);
	}
	if (!b->flat)
		sb_puts(out, s->style == STYLE_JSON ? "}\n" : "\n");
	sb_free(&exact);
}

/* A float dequantized past FLT_MAX (a tensor's amax near it: the block scale times amax
 * overflows in float, as in TE's kernel) or NaN (0 times that): inf, -inf or nan; and
 * minus any finite typed value, the same. */
static void put_float_special(struct strbuf *out, float v)
{
	sb_puts(out, __builtin_isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
}

/* The worst |error| of a block so far that is not a number: nan over inf. */
static const char *worse_special(const char *worst, float v)
{
	return __builtin_isnan(v) || (worst && strcmp(worst, "nan") == 0) ? "nan" : "inf";
}

/* What the tensor's blocks are written with, kept from block to block. */
struct nvfp4_work {
	struct element_format e2m1;
	struct strbuf exact, error, worst_text;
	mpq_t value, diff, worst, typed;
};

/* Element i of the block from `first` on, dequantized (TE's float) to v: its row, its
 * error kept in w->worst where it is the larger (*approximate, a real's stand-in's), or
 * the worst that is not a number in *special. */
static void nvfp4_element(struct strbuf *out, const struct settings *s, struct block *b, struct nvfp4_work *w,
			  long i, fpcode code, float v, bool *approximate, const char **special)
{
	sb_clear(&w->exact);
	sb_clear(&w->error);
	if (!__builtin_isfinite(v)) {
		*special = worse_special(*special, v);
		put_float_special(&w->exact, v);
		put_float_special(&w->error, v);
		mx_put_element(out, s, b, i, &w->e2m1, code, &w->exact, &w->error);
		return;
	}
	mpq_set_d(w->value, (double)v);
	output_rational(&w->exact, w->value);
	output_signed_value(w->typed, &b->v[i]);
	mpq_sub(w->diff, w->value, w->typed);
	(b->approximate[i] ? output_approximate : output_rational)(&w->error, w->diff);
	mpq_abs(w->diff, w->diff);
	if (mpq_cmp(w->diff, w->worst) > 0) {
		mpq_set(w->worst, w->diff);
		*approximate = b->approximate[i];
	}
	mx_put_element(out, s, b, i, &w->e2m1, code, &w->exact, &w->error);
}

/* The block of (at most) 16 from element `first` on: the E4M3 scale, each element's e2m1
 * code, its value as TE's dequantize gives it, and that minus the typed value; the
 * worst error. */
static void nvfp4_block_rows(struct strbuf *out, const struct settings *s, struct block *b,
			     const struct nvfp4_tensor *t, const float *x, long first, struct nvfp4_work *w)
{
	long n = b->count - first < NVFP4_BLOCK ? b->count - first : NVFP4_BLOCK;
	fpcode scale, codes[NVFP4_BLOCK];
	float dequantized[NVFP4_BLOCK];
	char hex[8];
	bool approximate = false;
	const char *special = NULL;

	nvfp4_block(&scale, codes, dequantized, t, x + first, n);
	code_to_hex(hex, scale, 2);
	sb_clear(&w->exact);
	fmt_code_rational(w->value, fmt_lookup("e4m3"), scale);
	output_rational(&w->exact, w->value);
	b->number = first / NVFP4_BLOCK;
	mx_put_block_scale(out, s, b, hex, w->exact.s);
	mpq_set_si(w->worst, -1, 1); /* below every |error|: the first element's is kept */
	for (long i = 0; i < n; i++)
		nvfp4_element(out, s, b, w, first + i, codes[i], dequantized[i], &approximate, &special);
	sb_clear(&w->worst_text);
	if (special)
		sb_puts(&w->worst_text, special);
	else
		(approximate ? output_approximate : output_rational)(&w->worst_text, w->worst);
	mx_put_worst_error(out, s, w->worst_text.s);
}

/* Blocks of 16 (the last may be shorter), after the tensor's rows. */
static void emit_nvfp4(struct strbuf *out, const struct settings *s, struct block *b, const struct float_tensor *x)
{
	struct nvfp4_work w = { .e2m1 = { .floats = fmt_lookup("e2m1") } };
	struct nvfp4_tensor t;

	if (b->count == 0)
		return;
	mx_block_texts(b);
	sb_init(&w.exact);
	sb_init(&w.error);
	sb_init(&w.worst_text);
	mpq_inits(w.value, w.diff, w.worst, w.typed, NULL);
	nvfp4_tensor(&t, x->x, x->count);
	put_tensor_rows(out, s, b, &t);
	for (long first = 0; first < b->count; first += NVFP4_BLOCK)
		nvfp4_block_rows(out, s, b, &t, x->x, first, &w);
	sb_free(&w.exact);
	sb_free(&w.error);
	sb_free(&w.worst_text);
	mpq_clears(w.value, w.diff, w.worst, w.typed, NULL);
}

/* mx --preset: nvfp4 is the one there is; it takes no ELEM and no --block. */
static bool preset_ok(const struct settings *s)
{
	if (strcmp(s->quant.preset, "nvfp4") != 0)
		return usage_error(USAGE_BAD_PRESET, s->quant.preset), false;
	if (s->quant.block)
		return usage_error(USAGE_PRESET_BLOCK, NULL), false;
	return true;
}

/* A real's stand-in keeps this many bits: far more than 2 beyond every element
 * format's, so that its error is right to the 25 digits shown. */
#define MX_REAL_BITS 200

/* What `mx` holds while it reads: the block (for --preset nvfp4, the whole tensor, also
 * as float32) and the reading's work areas. */
struct mx_run {
	const struct settings *s;
	const struct element_format *ef;
	long size;
	struct strbuf *out;
	struct block b;
	struct float_tensor tensor;
	struct conversion conv; /* nvfp4: each text rounded to float32 */
	struct input value;
	struct parse_error err;
	int failures;
};

/* The element format (or the preset) and the block size; false after a usage error. */
static bool mx_arguments(struct settings *s, struct element_format *ef, long *size)
{
	*size = MX_DEFAULT_BLOCK;
	if (!mx_fields(s) || (s->quant.preset && !preset_ok(s)))
		return false;
	if (s->quant.preset && s->nargs && strcmp(s->args[0], "e2m1") == 0)
		return usage_error(USAGE_PRESET_ELEMENT, NULL), false;
	if (s->quant.preset)
		return true;
	if (s->nargs < 1)
		return usage_error(USAGE_MX_NEEDS_ELEMENT, NULL), false;
	if (!element_format_of(ef, s->args[0]))
		return usage_error(USAGE_NOT_MX_ELEMENT, s->args[0]), false;
	if (s->quant.block && !inputs_parse_count(size, s->quant.block, MX_MAX_BLOCK))
		return usage_error(USAGE_MX_BAD_BLOCK, s->quant.block), false;
	return true;
}

/* Reads one text into the block: a plain decimal as its digits, anything else as its
 * value (a real's stand-in); for nvfp4, its float32 too. The problem, if any. */
static enum problem read_element(struct mx_run *r, const char *text, size_t len)
{
	struct decimal d;
	const struct decimal *digits = NULL;
	const struct num *x = &r->value.value;
	enum problem problem = PROBLEM_NONE;
	bool approximate = false;
	float f32;

	if (r->b.bytes + (long)len > MX_BLOCK_BYTES)
		return r->s->quant.preset ? PROBLEM_TENSOR_TOO_BIG : PROBLEM_BLOCK_TOO_BIG;
	if (r->s->quant.preset) {
		if ((problem = read_float32(&r->conv, &f32, &r->value.value, text, len)))
			r->err = r->conv.err;
		else
			tensor_add(&r->tensor, f32);
		approximate = r->conv.approximate;
	} else if (mx_block_decimal(&d, text, len)) {
		digits = &d;
		x = NULL;
	} else if (!(problem = inputs_read_value_or_real(&r->value, &approximate, &r->err, text, len, MX_REAL_BITS,
						  inputs_max_precision(r->s))) &&
		   r->value.value.bound)
		problem = PROBLEM_BEYOND_LIMITS;
	if (!problem)
		mx_block_add(&r->b, x, digits, approximate, text, len);
	return problem;
}

/* mx's fast path (inputs.h): a whole block of stdin's lines in place
 * (mx_block_in_place()) and its rows, or the lines of one the reader's block ends in
 * (the general path reads the rest); between the blocks the general path reads (it
 * waits while one is held: r->b.count). */
static const char *take_block(void *arg, const char *p, const char *end, long *lines)
{
	struct mx_run *r = arg;
	const char *after;

	if (r->b.count || !(after = mx_block_in_place(&r->b, r->size, p, end)))
		return NULL;
	*lines = r->b.count;
	if (r->b.count == r->size)
		mx_emit_block(r->out, r->s, &r->b, r->ef);
	return after;
}

static const char *take_blocks(void *arg, const char *p, const char *end, long *lines)
{
	return inputs_each_line(arg, p, end, lines, ((struct mx_run *)arg)->out, take_block);
}

/* inputs_each()'s: a value read into the block, the block's rows once it is whole
 * (nvfp4 holds the tensor whole); and a line too long. */
static void mx_input(void *arg, struct inputs *in, const char *text, size_t len)
{
	struct mx_run *r = arg;
	enum problem problem = PROBLEM_NONE;

	/* a plain decimal as the fast path reads it (copied), else as read_element() does */
	if (r->s->quant.preset || r->b.bytes + (long)len > MX_BLOCK_BYTES || !mx_block_line(&r->b, text, len))
		problem = read_element(r, text, len);
	if (problem) {
		problem_report(inputs_where(in), text, len, problem, &r->err);
		r->failures++;
	} else if (!r->s->quant.preset && r->b.count == r->size)
		mx_emit_block(r->out, r->s, &r->b, r->ef);
}

static void mx_too_long(void *arg)
{
	((struct mx_run *)arg)->failures++;
}

int cmd_mx(struct settings *s)
{
	struct element_format ef;
	struct strbuf out;
	struct mx_run r = { .s = s, .ef = &ef, .out = &out };
	struct inputs_fast_path in_place = { take_blocks, &r, &r.b.count };
	struct inputs in;
	long size;

	if (!mx_arguments(s, &ef, &size) || !inputs_open(&in, s, s->quant.preset ? 0 : 1))
		return EXIT_USAGE;
	r.size = size;
	mx_block_empty(&r.b);
	sb_init(&out);
	r.b.flat = mx_flat(s);
	r.b.default_fields = render_same_fields(&s->fields, &mx_default_fields);
	if (r.b.flat && s->header)
		mx_put_flat_header(&out, s);
	inputs_answer_into(&in, &out, false); /* a block's rows are not the lines' */
	if (!s->quant.preset)
		inputs_take_lines(&in, &in_place);
	parse_input_init(&r.value);
	conversion_init(&r.conv);
	r.conv.need_value = true;
	r.conv.max_precision = inputs_max_precision(s);
	if (!inputs_each(&in, &(struct inputs_rows){ mx_input, mx_too_long, &r }))
		r.failures++;
	if (s->quant.preset)
		emit_nvfp4(&out, s, &r.b, &r.tensor);
	else
		mx_emit_block(&out, s, &r.b, &ef);
	output_flush_line(&out);
	sb_free(&out);
	parse_input_clear(&r.value);
	conversion_clear(&r.conv);
	mx_block_free(&r.b);
	free(r.tensor.x);
	return r.failures ? EXIT_BAD_INPUT : EXIT_OK;
}
