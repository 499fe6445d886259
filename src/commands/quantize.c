/*
 * quantize.c — fpx quantize, quantizeLinear as WebNN and ONNX define it, exact: a
 * quantized value is x/scale + zero_point as a rational, rounded once into an integer or
 * a float format and clamped (dequantize.c the other way); per tensor, or one scale and
 * zero point per block of values (quantization.c). Its rows, and the run over the
 * inputs that dequantize shares, with its one pass. Errors are reported as convert
 * reports them (the batch goes on, exit status 1) and keep their line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "decimal.h"
#include "intfmt.h"
#include "num.h"
#include "problem.h"
#include "roundline.h"
#include "parse.h"
#include "quantization.h"
#include "real.h"

/* quantize's fields by default. */
static const struct field_list default_fields = { { FIELD_HEX, FIELD_EXACT, FIELD_FLAGS }, 3 };

void quantize_put_row(struct strbuf *out, const struct settings *s, const struct quantization *q,
			  struct text_row *row, const char *input)
{
	row->typed = true;
	row->item = false;
	row->text[FIELD_INPUT] = (struct render_text){ input, 0, false };
	if (q->default_fields) /* a constant list: its row compiled into straight code */
		render_text_row(out, &default_fields, s->style, row);
	else
		render_text_row(out, &s->fields, s->style, row);
}

/* A text of len bytes that nothing quotes. */
static struct render_text plain_text(const char *text, size_t len)
{
	return (struct render_text){ text, len, false };
}

/* y = x/scale + zero_point, rounded once into an integer format (NaN has no integer). */
static void put_int_row(struct strbuf *out, const struct settings *s, const struct quantization *q, const char *input,
			long v, unsigned flags);

static enum problem quantize_to_int(struct strbuf *out, const struct settings *s, const struct quantization *q,
				   const char *input, const struct num *x, const mpq_t y)
{
	const struct fmt *f = q->ints;
	unsigned flags;
	long v;

	if (x->kind == NUM_NAN)
		return PROBLEM_NAN_NO_INTEGER;
	if (x->kind == NUM_INF) {
		v = x->neg ? intfmt_min(f) : intfmt_max(f);
		flags = RND_SATURATED;
	} else
		flags = intfmt_round(&v, f, y, s->rounding.mode);
	put_int_row(out, s, q, input, v, flags);
	return PROBLEM_NONE;
}

/* The row of v, an integer of the target. */
static void put_int_row(struct strbuf *out, const struct settings *s, const struct quantization *q, const char *input,
			long v, unsigned flags)
{
	const struct fmt *f = q->ints;
	char hex[CODE_MAX_BITS / 4 + 35], value[DEC_LONG_MAX], *digits = dec_long(value, v);
	int hex_digits = (f->bits + 3) / 4;
	size_t len = (size_t)(value + DEC_LONG_MAX - 1 - digits);
	struct text_row row;

	code_to_hex(hex, intfmt_code(f, v), hex_digits);
	row.flags = flags;
	row.text[FIELD_HEX] = (struct render_text){ hex, (size_t)hex_digits + 2, true };
	row.text[FIELD_EXACT] = row.text[FIELD_SHORTEST] = plain_text(digits, len);
	quantize_put_row(out, s, q, &row, input);
}

/* The exact and shortest text of a code of f, those the rows read (empty the other). */
static void code_texts(struct strbuf *exact, struct strbuf *shortest, const struct quantization *q, fpcode code)
{
	if (q->exact_read)
		dec_code_exact(exact, q->floats, code);
	if (q->shortest_read)
		dec_shortest(shortest, q->floats, code);
}

/* The text of b, kept when b is let go, 32 bytes readable there. */
static char *kept_text(struct strbuf *b)
{
	sb_reserve(b, 32);
	return b->s;
}

/* Those texts from q's cache (a narrow format's codes come again and again), made once. */
static const struct code_texts *cached_texts(struct quantization *q, fpcode code)
{
	struct code_texts *c;
	struct strbuf e, sh;

	if (!q->code_texts && !(q->code_texts = calloc((size_t)1 << q->floats->bits, sizeof *q->code_texts)))
		abort();
	c = &q->code_texts[code];
	if (!c->exact) {
		sb_init(&e);
		sb_init(&sh);
		code_texts(&e, &sh, q, code);
		c->exact_len = e.len;
		c->shortest_len = sh.len;
		c->exact = kept_text(&e);
		c->shortest = kept_text(&sh);
	}
	return c;
}

/* The row of a value quantized into a float format as r. */
static void put_float_row(struct strbuf *out, const struct settings *s, struct quantization *q, const char *input,
			  const struct rnd_result *r)
{
	const struct fmt *f = q->floats;
	struct strbuf exact, shortest;
	char hex[CODE_MAX_BITS / 4 + 35]; /* 32 bytes readable */
	struct text_row row;

	code_to_hex(hex, r->code, fmt_hex_digits(f));
	row.flags = r->flags;
	row.text[FIELD_HEX] = (struct render_text){ hex, (size_t)fmt_hex_digits(f) + 2, true };
	if (f->bits <= CACHED_BITS) { /* empty texts cached where the row reads none */
		const struct code_texts *c = cached_texts(q, r->code);
		row.text[FIELD_EXACT] = (struct render_text){ c->exact, c->exact_len, true };
		row.text[FIELD_SHORTEST] = (struct render_text){ c->shortest, c->shortest_len, true };
		quantize_put_row(out, s, q, &row, input);
		return;
	}
	if (!q->exact_read && !q->shortest_read) {
		quantize_put_row(out, s, q, &row, input);
		return;
	}
	sb_init(&exact);
	sb_init(&shortest);
	code_texts(&exact, &shortest, q, r->code);
	row.text[FIELD_EXACT] = plain_text(exact.s, exact.len);
	row.text[FIELD_SHORTEST] = plain_text(shortest.s, shortest.len);
	quantize_put_row(out, s, q, &row, input);
	sb_free(&exact);
	sb_free(&shortest);
}

/* How a float format is rounded into: in the mode asked, saturating. */
static struct rnd_spec saturating(enum rnd_mode mode)
{
	return rnd_spec(mode, RND_SAT_FINITE);
}

/* The same into a float format, saturating. */
static enum problem quantize_to_float(struct strbuf *out, const struct settings *s, struct quantization *q,
				     const char *input, const struct num *x, const mpq_t y)
{
	const struct fmt *f = q->floats;
	struct num *v = &q->rounded;
	struct rnd_result r;

	num_set_kind(v, x->kind);
	v->neg = x->kind == NUM_FINITE ? mpq_sgn(y) < 0 : x->neg;
	v->bound = NUM_EXACT;
	mpq_set_ui(v->mag, 0, 1);
	if (x->kind == NUM_FINITE)
		mpq_abs(v->mag, y);
	if (rnd_encode(&r, f, v, saturating(s->rounding.mode)) != RND_OK)
		return PROBLEM_NO_NAN;
	put_float_row(out, s, q, input, &r);
	return PROBLEM_NONE;
}

/*
 * x·2^k + zero for x = ±n·10^e10 (n < 10^38) rounded into the integer target, when the
 * scale is 2^-k (intfmt_round_digits()); false when words do not hold it. Where x·2^k
 * is 0, or nonzero below 1/2 (|x| < 10^(38+e10) ≤ 2^(3(38+e10)) for 38+e10 ≤ 0), or an
 * integer of at least 2^70 (e10 ≥ 0, e10 + k ≥ 0, |x| ≥ 10^e10 > 2^(3e10)), the
 * integers it lies between and its flags are those of 0, ±1/4 or ±2^70 (past any
 * target, 16 bits at most, and zero, |zero| < 2^16): those are rounded in its place,
 * where |x| lies within 2^±NUM_LIMIT_EXP (10^(L/4) < 2^L), as the general path builds x.
 */
static bool int_of_digits(long *v, unsigned *flags, const struct quantization *q, enum rnd_mode mode,
			  unsigned __int128 n, long e10, bool neg)
{
	/* an integer of the format (zero_points_fit()): |zero| < 2^16 */
	long zero = q->nzero ? mpz_get_si(mpq_numref(q->zero[0])) : 0, k = q->times_two_to;

	if (n == 0)
		e10 = 0;
	else if (labs(e10) > NUM_LIMIT_EXP / 4 - 38) /* |x| may lie past 2^±NUM_LIMIT_EXP: an error */
		return false;
	else if (e10 <= -38 && 3 * (38 + e10) + k <= -1)
		n = 1, e10 = 0, k = -2;
	else if (e10 >= 0 && e10 + k >= 0 && 3 * e10 + k >= 70)
		n = 1, e10 = 0, k = 70;
	return intfmt_round_digits(v, flags, q->ints, n, e10, neg, k, zero, mode);
}

/* What quantize's one pass made of a line: the rounding into a float target, or the
 * integer and its flags. */
struct quantized {
	struct rnd_result r;
	long v;
	unsigned flags;
};

/* The line of stdin that `line` begins (with the line reader's padding), quantized in
 * one pass; returns where its decimal ends, for the caller to check that the line ends
 * there, or NULL when the pass does not take it. */
static const char *quantize_line(struct quantized *x, const struct settings *s, const struct quantization *q,
				 const char *line)
{
	struct fastdec_digits d;
	const char *stop;

	x->v = 0;
	x->flags = 0;
	if (!q->lines_in_one_pass)
		return NULL;
	if (q->floats) {
		if (!q->code_alone)
			return rnd_line_result(&x->r, &q->one_pass, line);
		x->r.flags = 0;
		return rnd_line_code(&x->r.code, &q->one_pass, line);
	}
	stop = fastdec_scan_line(&d, line);
	return stop && int_of_digits(&x->v, &x->flags, q, s->rounding.mode, d.w, d.q, d.neg) ? stop : NULL;
}

static void put_quantized_row(struct strbuf *out, const struct settings *s, struct quantization *q, const char *input,
			      const struct quantized *x)
{
	if (q->floats)
		put_float_row(out, s, q, input, &x->r);
	else
		put_int_row(out, s, q, input, x->v, x->flags);
}

/* x·2^k + zero of a plain decimal x (all of its digits held: at most 38) rounded into
 * the integer target by int_of_digits(), when the scale is 2^-k; false when that does
 * not take it. */
static bool quantize_int_decimal(struct strbuf *out, const struct settings *s, struct quantization *q,
				 const char *text, size_t len)
{
	struct decimal d;
	unsigned flags;
	long v;

	if (!q->ints || !q->scale_is_power || !fastdec_scan(&d, text, len) || d.kind != DECIMAL_FINITE || d.e2 != 0 ||
	    (d.sticky && d.limbs == 0) ||
	    !int_of_digits(&v, &flags, q, s->rounding.mode,
			   d.sticky ? (unsigned __int128)(d.limbs == 2 ? d.w[1] : 0) << 64 | d.w[0] : d.head,
			   d.sticky ? d.wq : d.q, d.neg))
		return false;
	put_int_row(out, s, q, text, v, flags);
	return true;
}

/* x·2^k of a plain decimal x (not zero: quantize's zero has no sign) rounded by the
 * fast decimal path, when the scale is 2^-k; false when that path does not take it. */
static bool quantize_scaled_decimal(struct strbuf *out, const struct settings *s, struct quantization *q,
				    const char *text, size_t len)
{
	struct decimal d;
	struct rnd_result r;

	if (!q->floats || !q->scale_is_power || !fastdec_scan(&d, text, len) || d.kind != DECIMAL_FINITE || d.head == 0)
		return false;
	d.e2 += q->times_two_to;
	if (!rnd_encode_decimal(&r, q->floats, &d, saturating(s->rounding.mode)))
		return false;
	put_float_row(out, s, q, text, &r);
	return true;
}

/*
 * y = x/scale + zero when x or the scale is a real (pi, 1/sqrt(2)): y is a real too,
 * and what is rounded, so *v becomes its exact stand-in (real.h) at bits enough for
 * the target (an integer's half-integer boundaries, or the float format's precision),
 * with x's kind and sign when that is not finite: NaN outside a domain, ±inf at a pole.
 */
static enum problem real_quantity(struct num *v, const struct input *in, const struct quantization *q,
				  const struct parameters *p)
{
	struct real *y = in->kind == INPUT_REAL ? real_copy(in->real) : real_exact(&in->value);
	long bits = q->ints ? 66 : q->floats->precision + 2;
	enum real_status status;
	bool exact, pole;

	y = real_node(REAL_DIV, y, p->real_scale ? real_copy(p->real_scale) : quantization_leaf(*p->scale));
	if (p->zero)
		y = real_node(REAL_ADD, y, quantization_leaf(*p->zero));
	status = real_stand_in(v, &exact, &pole, y, bits, q->max_precision);
	real_free(y);
	if (status == REAL_UNDECIDED)
		return PROBLEM_UNDECIDED;
	if (status != REAL_DECIDED)
		num_set_kind(v, NUM_NAN);
	else if (v->kind == NUM_INF)
		v->neg = v->neg != (mpq_sgn(*p->scale) < 0); /* x's sign */
	return PROBLEM_NONE;
}

/*
 * y = x/scale + zero for an integer target, as a fraction not reduced (intfmt_round()
 * divides it once; a gcd would cost more than the whole rounding): x = a/b and scale
 * = c/d make y = (a·d + zero·b·c)/(b·c), the denominator made positive.
 */
static void quotient_for_integers(mpq_t y, const struct num *x, const struct parameters *p)
{
	mpz_ptr num = mpq_numref(y), den = mpq_denref(y);

	mpz_mul(num, mpq_numref(x->mag), mpq_denref(*p->scale));
	mpz_mul(den, mpq_denref(x->mag), mpq_numref(*p->scale));
	if (x->neg)
		mpz_neg(num, num);
	if (mpz_sgn(den) < 0) {
		mpz_neg(num, num);
		mpz_neg(den, den);
	}
	if (p->zero) /* an integer: zero·(b·c) */
		mpz_addmul(num, mpq_numref(*p->zero), den);
}

static enum problem quantize_one(struct strbuf *out, const struct settings *s, struct quantization *q, long i,
				  const char *text, size_t len, struct input *in, struct parse_error *err)
{
	struct parameters p;
	enum problem problem;
	mpq_ptr y = q->y;
	struct quantized x;

	if (quantize_line(&x, s, q, text) == text + len) {
		put_quantized_row(out, s, q, text, &x);
		return PROBLEM_NONE;
	}
	if (quantize_scaled_decimal(out, s, q, text, len) || quantize_int_decimal(out, s, q, text, len))
		return PROBLEM_NONE;
	if ((problem = inputs_read_value(in, err, text, len)) && problem != PROBLEM_REAL_NOT_HERE)
		return problem;
	if (!quantization_parameters(&p, q, i))
		return PROBLEM_NO_SCALE;
	if (in->value.bound && in->kind != INPUT_REAL)
		return PROBLEM_OUT_OF_RANGE;
	if ((in->kind == INPUT_REAL || p.real_scale) && (problem = real_quantity(&in->value, in, q, &p)))
		return problem;
	if (in->value.bound)
		return PROBLEM_OUT_OF_RANGE;
	if (in->value.kind == NUM_FINITE && (in->kind == INPUT_REAL || p.real_scale))
		output_signed_value(y, &in->value); /* y itself, stood in for */
	else if (in->value.kind == NUM_FINITE && q->ints)
		quotient_for_integers(y, &in->value, &p);
	else if (in->value.kind == NUM_FINITE) {
		output_signed_value(y, &in->value);
		mpq_div(y, y, *p.scale);
		if (p.zero)
			mpq_add(y, y, *p.zero);
	}
	return q->ints ? quantize_to_int(out, s, q, text, &in->value, y)
		       : quantize_to_float(out, s, q, text, &in->value, y);
}

/* What stands in place of a value that could not be converted, so that the output keeps
 * one line per input: `error` in each field (quantize) or the one column (dequantize),
 * or {"input", "error"}. */
static void put_error_row(struct strbuf *out, const struct settings *s, const char *input, const char *problem)
{
	if (s->fields.count || s->style == STYLE_JSON)
		render_error_row(out, NULL, input, problem, &s->fields, s->style);
	else
		sb_puts(out, "error\n");
}

/* What a run of quantize or dequantize holds: its settings, target and rows, the count
 * of values (a block's scale is the count's), and the general path's work areas. */
struct quantize_pass {
	const struct settings *s;
	struct quantization *q;
	struct strbuf *out;
	long values;
	quantize_one_value *one;
	struct input value;
	struct parse_error err;
	int failures;
};

/* The one pass (inputs.h's fast path): a line that is a decimal and its newline goes
 * straight from the block into a row without the input field (the line is not
 * terminated in the block). Flattened as convert's: every step compiled into it. */
static inline __attribute__((always_inline)) const char *take_quantized_line(void *arg, const char *p,
									    const char *end, long *lines)
{
	struct quantize_pass *pass = arg;
	struct quantized x = { .v = 0 }; /* x.r unset on the integer path: gcc's LTO cannot tell */
	const char *stop = quantize_line(&x, pass->s, pass->q, p);

	(void)end;
	if (!stop || *stop != '\n')
		return NULL;
	put_quantized_row(pass->out, pass->s, pass->q, NULL, &x);
	*lines = 1;
	return stop + 1;
}

__attribute__((flatten)) static const char *take_quantized_lines(void *arg, const char *p, const char *end,
								   long *lines)
{
	struct quantize_pass *pass = arg, held = *pass; /* a copy the loop keeps in registers */
	const char *stop = inputs_each_line(&held, p, end, lines, held.out, take_quantized_line);

	pass->values += *lines;
	return stop;
}

/* The same for -o hex rows into a float target: the code alone (rnd_line_code()),
 * written as convert writes it (render_code_row()). */
static inline __attribute__((always_inline)) const char *take_hex_line(void *arg, const char *p, const char *end,
								       long *lines)
{
	struct quantize_pass *pass = arg;
	fpcode code;
	const char *stop = rnd_line_code(&code, &pass->q->one_pass, p);

	(void)end;
	if (!stop || *stop != '\n')
		return NULL;
	render_code_row(pass->out, pass->q->floats, code, 0, 0, BULK_ROWS_HEX, pass->s->style);
	*lines = 1;
	return stop + 1;
}

__attribute__((flatten)) static const char *take_hex_lines(void *arg, const char *p, const char *end, long *lines)
{
	struct quantize_pass *pass = arg, held = *pass;
	const char *stop = inputs_each_line(&held, p, end, lines, held.out, take_hex_line);

	pass->values += *lines;
	return stop;
}

/* inputs_each()'s: a value, and a line too long; each makes a row (an error row). */
static void quantize_input(void *arg, struct inputs *in, const char *text, size_t len)
{
	struct quantize_pass *pass = arg;
	enum problem problem = pass->one(pass->out, pass->s, pass->q, pass->values++, text, len, &pass->value, &pass->err);

	if (problem) {
		problem_report(inputs_where(in), text, len, problem, &pass->err);
		put_error_row(pass->out, pass->s, text, problem_message(problem, &pass->err));
		pass->failures++;
	}
}

static void quantize_too_long(void *arg)
{
	struct quantize_pass *pass = arg;

	put_error_row(pass->out, pass->s, "", problem_message(PROBLEM_TOO_LONG, NULL));
	pass->values++;
	pass->failures++;
}

int quantize_run(struct settings *s, const char *what, quantize_one_value *one)
{
	struct quantization q;
	struct inputs in;
	struct strbuf out;
	struct quantize_pass pass = { .s = s, .q = &q, .out = &out, .one = one };
	struct inputs_fast_path one_pass = { take_quantized_lines, &pass, NULL };

	if (s->nargs < 1)
		return usage_error(USAGE_NEEDS_FORMAT, what);
	if (!quantization_init(&q, s, s->args[0]) || !inputs_open(&in, s, 1)) {
		quantization_clear(&q);
		return EXIT_USAGE;
	}
	/* stdin's lines have the padding the one pass reads; whole lines from the block
	 * when the rows leave out the input (not terminated there) */
	q.lines_in_one_pass = q.scale_is_power && in.reader &&
			      (q.ints || rnd_line_open(&q.one_pass, q.floats, saturating(s->rounding.mode), q.times_two_to));
	q.default_fields = render_same_fields(&s->fields, &default_fields);
	q.exact_read = render_has_field(&s->fields, FIELD_EXACT);
	q.shortest_read = render_has_field(&s->fields, FIELD_SHORTEST);
	q.code_alone = q.lines_in_one_pass && q.floats && !render_has_field(&s->fields, FIELD_FLAGS);
	if (q.code_alone && render_bulk_rows(&s->fields, s->style) == BULK_ROWS_HEX)
		one_pass.take = take_hex_lines;
	q.one_pass.zero[1] = q.one_pass.zero[0]; /* quantize's zero has no sign: y = 0/scale */
	sb_init(&out);
	inputs_answer_into(&in, &out, true);
	if (q.lines_in_one_pass && one == quantize_one && !render_has_field(&s->fields, FIELD_INPUT))
		inputs_take_lines(&in, &one_pass);
	if (s->header && s->style != STYLE_JSON)
		render_header(&out, &s->fields, s->style);
	parse_input_init(&pass.value);
	if (!inputs_each(&in, &(struct inputs_rows){ quantize_input, quantize_too_long, &pass }))
		pass.failures++;
	output_flush_line(&out);
	sb_free(&out);
	parse_input_clear(&pass.value);
	quantization_clear(&q);
	return pass.failures ? EXIT_BAD_INPUT : EXIT_OK;
}

int cmd_quantize(struct settings *s)
{
	enum field stray;

	if (!s->fields_given)
		s->fields = default_fields;
	if (rnd_mode_is_stochastic(s->rounding.mode))
		return usage_error(USAGE_QUANTIZE_NOT_STOCHASTIC, rnd_mode_name(s->rounding.mode));
	if (!render_fields_within(&s->fields, QUANTIZE_FIELDS, &stray))
		return usage_error(USAGE_QUANTIZE_FIELD, render_field_name(stray));
	return quantize_run(s, "quantize", quantize_one);
}

