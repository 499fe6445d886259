/*
 * quantize.c — quantizeLinear and dequantizeLinear as WebNN and ONNX define them, exact:
 * a quantized value is x/scale + zero_point as a rational, rounded once into an integer
 * or a float format and clamped; a dequantized one (q - zero_point) * scale. Per tensor,
 * or one scale and zero point per block of values. Errors are reported as convert
 * reports them (the batch goes on, exit status 1) and keep their line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "decimal.h"
#include "intfmt.h"
#include "num.h"
#include "registry.h"
#include "roundline.h"
#include "parse.h"
#include "real.h"

/* ---- quantize and dequantize --------------------------------------------------------------- */

/* What a quantization is: the target (an integer format or a float one), the scales and
 * zero points, one per block of `block` values (or one for all). */
struct quantization {
	const struct fmt *ints;
	const struct fmt *floats;
	mpq_t *scale, *zero;
	/* A scale given as a real (1/pi, sqrt(2)/127): the real, and in scale[] an exact
	 * stand-in of it (real.h) for its sign; NULL for an exact scale. */
	struct real **real_scale;
	int nscale, nzero;
	long block; /* 0: per tensor */
	long max_precision;
	mpq_t y; /* the quantity of the value at hand, kept from value to value */
	struct num rounded; /* y as rounded into a float target, likewise */
	/* For a float target of at most CACHED_BITS bits, the exact and shortest text of
	 * each code, made the first time the code comes (NULL before). */
	struct code_texts *code_texts;
	/* One positive scale 2^-k (and no zero point into a float, one at most into an
	 * integer): y = x·2^k (+ zero), rounded from the digits scanned without a rational
	 * (scale_is_power: k is known). */
	bool scale_is_power;
	long times_two_to;
	/* With such a scale, stdin's lines in one pass (round.h, fastdec.h): one_pass for a
	 * float target */
	bool lines_in_one_pass;
	struct rnd_line one_pass;
	/* render_separator() where nothing in a row is quoted (TSV or CSV without the input
	 * field): its rows written plainly in place; else 0 */
	char plain_separator;
};

#define CACHED_BITS 12

/* A code's exact and shortest texts, and their lengths. */
struct code_texts {
	char *exact, *shortest;
	size_t exact_len, shortest_len;
};

/* The scale and zero point one value is quantized with. */
struct parameters {
	const mpq_t *scale, *zero; /* zero NULL for none */
	const struct real *real_scale;
};

static void quantization_clear(struct quantization *q)
{
	size_t codes = q->floats && q->floats->bits <= CACHED_BITS ? (size_t)1 << q->floats->bits : 0;

	for (size_t i = 0; q->code_texts && i < codes; i++) {
		free(q->code_texts[i].exact);
		free(q->code_texts[i].shortest);
	}
	free(q->code_texts);
	mpq_clear(q->y);
	num_clear(&q->rounded);
	for (int i = 0; i < q->nscale; i++) {
		mpq_clear(q->scale[i]);
		real_free(q->real_scale ? q->real_scale[i] : NULL);
	}
	free(q->real_scale);
	for (int i = 0; i < q->nzero; i++)
		mpq_clear(q->zero[i]);
	free(q->scale);
	free(q->zero);
}

/*
 * A real item of --scale: the real kept in *real and an exact stand-in of it in out,
 * which must be finite and not zero. NULL, or what is wrong.
 */
static const char *real_item(mpq_t out, struct real **real, struct input *in, long max_precision)
{
	struct num v;
	bool exact, pole;
	const char *problem = NULL;

	num_init(&v);
	if (real_stand_in(&v, &exact, &pole, in->real, 64, max_precision) != REAL_DECIDED || v.kind != NUM_FINITE)
		problem = "must be finite and decided";
	else if (v.bound || mpq_sgn(v.mag) == 0)
		problem = "too large or too small";
	else {
		signed_value(out, &v);
		*real = in->real;
		in->real = NULL;
	}
	num_clear(&v);
	return problem;
}

/* A comma-separated list of finite values into *out; reals too when reals is given
 * (scales), kept there; false after a usage error. */
static bool read_list(mpq_t **out, struct real ***reals, int *count, const char *text, const char *option,
		      long max_precision)
{
	struct input in;
	struct parse_error err;
	const char *problem = NULL;
	size_t at = 0, len = strlen(text);

	*count = 0;
	if (!(*out = calloc(len / 2 + 1, sizeof **out)) || (reals && !(*reals = calloc(len / 2 + 1, sizeof **reals))))
		abort();
	input_init(&in);
	for (;; at++) { /* each item up to the next comma; an empty one is refused */
		size_t item = strcspn(text + at, ",");
		enum problem read = item ? read_value(&in, &err, text + at, item) : PROBLEM_NONE;
		mpq_init((*out)[*count]);
		if (item == 0)
			problem = "an empty item in the list";
		else if (read == PROBLEM_REAL_NOT_HERE && reals)
			problem = real_item((*out)[*count], &(*reals)[*count], &in, max_precision);
		else if (read)
			problem = problem_message(read, &err);
		else if (in.value.kind != NUM_FINITE)
			problem = "must be finite";
		else if (in.value.bound)
			problem = "too large or too small";
		else
			signed_value((*out)[*count], &in.value);
		(*count)++;
		if (problem)
			break;
		at += item;
		if (!text[at])
			break;
	}
	input_clear(&in);
	if (problem) {
		char message[160];
		snprintf(message, sizeof message, "%s '%%s': %s", option, problem);
		usage_error(message, text);
		return false;
	}
	return true;
}

/* One exact positive scale 2^j, and no zero point for a float target (at most one for
 * an integer one): then y = x·2^−j (+ zero). */
static void note_power_scale(struct quantization *q)
{
	mpz_srcptr num, den;
	long j;

	if (q->nscale != 1 || (q->floats ? q->nzero != 0 : q->nzero > 1) || (q->real_scale && q->real_scale[0]) ||
	    mpq_sgn(q->scale[0]) <= 0)
		return;
	num = mpq_numref(q->scale[0]);
	den = mpq_denref(q->scale[0]);
	if (mpz_popcount(num) != 1 || mpz_popcount(den) != 1)
		return;
	j = (long)mpz_scan1(num, 0) - (long)mpz_scan1(den, 0);
	if (labs(j) > 1L << 20)
		return;
	q->scale_is_power = true;
	q->times_two_to = -j;
}

/* Reads the target and --scale, --zero-point, --block; false after a usage error. */
static bool quantization_init(struct quantization *q, struct settings *s, const char *target)
{
	memset(q, 0, sizeof *q);
	mpq_init(q->y);
	num_init(&q->rounded);
	if (!(q->ints = intfmt_lookup(target)) && (!(q->floats = fmt_lookup(target)) || q->floats->can_wrap)) {
		usage_error(q->floats ? "'%s' is not one of quantize's integer formats: a float format (see fpx formats) "
					"or " INTFMT_NAMES
				      : "unknown format '%s': a float format (see fpx formats) or " INTFMT_NAMES,
			    target);
		return false;
	}
	if (!s->scale) {
		usage_error("%s", "give --scale S[,S...]");
		return false;
	}
	q->max_precision = settings_max_precision(s);
	if (!read_list(&q->scale, &q->real_scale, &q->nscale, s->scale, "--scale", q->max_precision) ||
	    (s->zero_point && !read_list(&q->zero, NULL, &q->nzero, s->zero_point, "--zero-point", q->max_precision)))
		return false;
	for (int i = 0; i < q->nscale; i++)
		if (mpq_sgn(q->scale[i]) == 0) {
			usage_error("%s", "--scale: a scale of 0 divides by zero");
			return false;
		}
	if (s->block && !parse_count(&q->block, s->block, 1L << 30)) {
		usage_error("bad --block '%s': a count from 1 up", s->block);
		return false;
	}
	if (!q->block && (q->nscale > 1 || q->nzero > 1)) {
		usage_error("%s", "several scales or zero points need --block N");
		return false;
	}
	note_power_scale(q);
	q->plain_separator = render_has_field(&s->fields, FIELD_INPUT) ? 0 : render_separator(s->style);
	return true;
}

/* The scale and zero point of the i-th value (from 0); false when the lists are too
 * short for it. */
static bool parameters_of(struct parameters *out, const struct quantization *q, long i)
{
	long k = q->block ? i / q->block : 0, at;

	if (q->nscale > 1 && k >= q->nscale)
		return false;
	if (q->nzero > 1 && k >= q->nzero)
		return false;
	at = q->nscale > 1 ? k : 0;
	out->scale = (const mpq_t *)&q->scale[at];
	out->real_scale = q->real_scale ? q->real_scale[at] : NULL;
	out->zero = q->nzero ? (const mpq_t *)&q->zero[q->nzero > 1 ? k : 0] : NULL;
	return true;
}

/* The fields quantize writes (-o), and its default. */
#define QUANTIZE_FIELDS \
	(1UL << FIELD_INPUT | 1UL << FIELD_HEX | 1UL << FIELD_EXACT | 1UL << FIELD_SHORTEST | 1UL << FIELD_FLAGS)

/* A row's texts: the input, the code's hex, its value exactly and shortest (each of
 * so many bytes), and its flags. */
struct row_texts {
	const char *input, *hex, *exact, *shortest;
	size_t hex_len, exact_len, shortest_len;
	unsigned flags;
};

/* The row in TSV or CSV without the input field, where nothing is quoted: each field
 * written where it goes, sep between them. */
static void put_plain_row(struct strbuf *out, const struct field_list *fl, const struct row_texts *t, char sep)
{
	size_t flags_len;
	const char *flags = render_flags_text(t->flags, &flags_len);
	char *p;

	sb_reserve(out, (size_t)fl->count * (t->hex_len + t->exact_len + t->shortest_len + flags_len + 1) + 1);
	p = out->s + out->len;
	for (int i = 0; i < fl->count; i++) {
		if (i)
			*p++ = sep;
		const char *text = flags; /* FIELD_FLAGS, and the others: */
		size_t len = flags_len;
		if (fl->field[i] == FIELD_HEX)
			text = t->hex, len = t->hex_len;
		else if (fl->field[i] == FIELD_EXACT)
			text = t->exact, len = t->exact_len;
		else if (fl->field[i] == FIELD_SHORTEST)
			text = t->shortest, len = t->shortest_len;
		sb_copy(p, text, len);
		p += len;
	}
	*p++ = '\n';
	*p = '\0';
	out->len = (size_t)(p - out->s);
}

/* One output row: the fields asked for. */
static void put_quantized(struct strbuf *out, const struct settings *s, const struct quantization *q,
			  const struct row_texts *t)
{
	if (q->plain_separator)
		put_plain_row(out, &s->fields, t, q->plain_separator);
	else {
		const char *text[FIELD_COUNT] = { 0 };
		text[FIELD_INPUT] = t->input;
		text[FIELD_HEX] = t->hex;
		text[FIELD_EXACT] = t->exact;
		text[FIELD_SHORTEST] = t->shortest;
		render_fields(out, &s->fields, text, t->flags, s->style);
		sb_putc(out, '\n');
	}
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
		flags = intfmt_round(&v, f, y, s->mode);
	put_int_row(out, s, q, input, v, flags);
	return PROBLEM_NONE;
}

/* The row of v, an integer of the target. */
static void put_int_row(struct strbuf *out, const struct settings *s, const struct quantization *q, const char *input,
			long v, unsigned flags)
{
	const struct fmt *f = q->ints;
	char hex[CODE_MAX_BITS / 4 + 3], value[DEC_LONG_MAX], *digits = dec_long(value, v);
	int hex_digits = (f->bits + 3) / 4;
	size_t len = (size_t)(value + DEC_LONG_MAX - 1 - digits);
	struct row_texts t = { input, hex, digits, digits, (size_t)hex_digits + 2, len, len, flags };

	code_to_hex(hex, intfmt_code(f, v), hex_digits);
	put_quantized(out, s, q, &t);
}

/* The exact and shortest text of a code of f. */
static void code_texts(struct strbuf *exact, struct strbuf *shortest, const struct fmt *f, fpcode code)
{
	dec_code_exact(exact, f, code);
	dec_shortest(shortest, f, code);
}

/* The text of b, kept when b is let go (never the empty buffer strbuf.c shares). */
static char *kept_text(struct strbuf *b)
{
	char *text = b->cap ? b->s : calloc(1, 1);

	if (!text)
		abort();
	return text;
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
		code_texts(&e, &sh, q->floats, code);
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
	char hex[CODE_MAX_BITS / 4 + 3];
	struct row_texts t = { input, hex, NULL, NULL, (size_t)fmt_hex_digits(f) + 2, 0, 0, r->flags };

	code_to_hex(hex, r->code, fmt_hex_digits(f));
	if (f->bits <= CACHED_BITS) {
		const struct code_texts *c = cached_texts(q, r->code);
		t.exact = c->exact;
		t.exact_len = c->exact_len;
		t.shortest = c->shortest;
		t.shortest_len = c->shortest_len;
		put_quantized(out, s, q, &t);
		return;
	}
	sb_init(&exact);
	sb_init(&shortest);
	code_texts(&exact, &shortest, f, r->code);
	t.exact = exact.s;
	t.exact_len = exact.len;
	t.shortest = shortest.s;
	t.shortest_len = shortest.len;
	put_quantized(out, s, q, &t);
	sb_free(&exact);
	sb_free(&shortest);
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
	if (rnd_encode(&r, f, v, s->mode, true) != RND_OK)
		return PROBLEM_NO_NAN;
	put_float_row(out, s, q, input, &r);
	return PROBLEM_NONE;
}

/* x·2^k + zero for x = ±n·10^e10 (n < 10^38) rounded into the integer target, when the
 * scale is 2^-k (intfmt_round_digits()); false when words do not hold it. */
static bool int_of_digits(long *v, unsigned *flags, const struct quantization *q, enum rnd_mode mode,
			  unsigned __int128 n, long e10, bool neg)
{
	/* an integer of the format (zero_points_fit()): |zero| < 2^16 */
	long zero = q->nzero ? mpz_get_si(mpq_numref(q->zero[0])) : 0;

	return intfmt_round_digits(v, flags, q->ints, n, e10, neg, q->times_two_to, zero, mode);
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
	if (q->floats)
		return rnd_line_result(&x->r, &q->one_pass, line);
	stop = fastdec_scan_line(&d, line);
	return stop && int_of_digits(&x->v, &x->flags, q, s->mode, d.w, d.q, d.neg) ? stop : NULL;
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
	    !int_of_digits(&v, &flags, q, s->mode,
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
	if (!rnd_encode_decimal(&r, q->floats, &d, s->mode, true))
		return false;
	put_float_row(out, s, q, text, &r);
	return true;
}

/* A signed rational as an exact leaf of a real. */
static struct real *rational_leaf(const mpq_t q)
{
	struct num x;
	struct real *leaf;

	num_init(&x);
	mpq_abs(x.mag, q);
	x.neg = mpq_sgn(q) < 0;
	leaf = real_exact(&x);
	num_clear(&x);
	return leaf;
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

	y = real_node(REAL_DIV, y, p->real_scale ? real_copy(p->real_scale) : rational_leaf(*p->scale));
	if (p->zero)
		y = real_node(REAL_ADD, y, rational_leaf(*p->zero));
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
	if ((problem = read_value(in, err, text, len)) && problem != PROBLEM_REAL_NOT_HERE)
		return problem;
	if (!parameters_of(&p, q, i))
		return PROBLEM_NO_SCALE;
	if (in->value.bound && in->kind != INPUT_REAL)
		return PROBLEM_OUT_OF_RANGE;
	if ((in->kind == INPUT_REAL || p.real_scale) && (problem = real_quantity(&in->value, in, q, &p)))
		return problem;
	if (in->value.bound)
		return PROBLEM_OUT_OF_RANGE;
	if (in->value.kind == NUM_FINITE && (in->kind == INPUT_REAL || p.real_scale))
		signed_value(y, &in->value); /* y itself, stood in for */
	else if (in->value.kind == NUM_FINITE && q->ints)
		quotient_for_integers(y, &in->value, &p);
	else if (in->value.kind == NUM_FINITE) {
		signed_value(y, &in->value);
		mpq_div(y, y, *p.scale);
		if (p.zero)
			mpq_add(y, y, *p.zero);
	}
	return q->ints ? quantize_to_int(out, s, q, text, &in->value, y)
		       : quantize_to_float(out, s, q, text, &in->value, y);
}

/* The zero points of an integer target must be integers of it. */
static bool zero_points_fit(const struct quantization *q)
{
	for (int i = 0; q->ints && i < q->nzero; i++)
		if (mpz_cmp_ui(mpq_denref(q->zero[i]), 1) != 0 ||
		    mpz_cmp_si(mpq_numref(q->zero[i]), intfmt_min(q->ints)) < 0 ||
		    mpz_cmp_si(mpq_numref(q->zero[i]), intfmt_max(q->ints)) > 0) {
			usage_error("--zero-point: each must be an integer of %s", q->ints->name);
			return false;
		}
	return true;
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

/* One value of quantize or dequantize, its row written; the problem, if any. */
typedef enum problem one_value(struct strbuf *out, const struct settings *s, struct quantization *q, long i,
			       const char *text, size_t len, struct input *in, struct parse_error *err);

/* What a run of quantize or dequantize holds: its settings, target and rows, the count
 * of values (a block's scale is the count's), and the general path's work areas. */
struct quantize_pass {
	const struct settings *s;
	struct quantization *q;
	struct strbuf *out;
	long values;
	one_value *one;
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
	struct quantized x;
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


/* inputs_each()'s: a value, and a line too long; each makes a row (an error row). */
static void quantize_input(void *arg, struct inputs *in, const char *text, size_t len)
{
	struct quantize_pass *pass = arg;
	enum problem problem = pass->one(pass->out, pass->s, pass->q, pass->values++, text, len, &pass->value, &pass->err);

	if (problem) {
		report_input(inputs_where(in), text, len, problem, &pass->err);
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

static int quantization_run(struct settings *s, const char *what, one_value *one)
{
	struct quantization q;
	struct inputs in;
	struct strbuf out;
	struct quantize_pass pass = { .s = s, .q = &q, .out = &out, .one = one };
	struct inputs_fast_path one_pass = { take_quantized_lines, &pass, NULL };

	if (s->nargs < 1)
		return usage_error("%s needs a FORMAT", what);
	if (!quantization_init(&q, s, s->args[0]) || !zero_points_fit(&q) || !inputs_open(&in, s, 1)) {
		quantization_clear(&q);
		return EXIT_USAGE;
	}
	/* stdin's lines have the padding the one pass reads; whole lines from the block
	 * when the rows leave out the input (not terminated there) */
	q.lines_in_one_pass = q.scale_is_power && in.reader &&
			      (q.ints || rnd_line_open(&q.one_pass, q.floats, s->mode, true, q.times_two_to));
	sb_init(&out);
	inputs_answer_into(&in, &out, true);
	if (q.lines_in_one_pass && one == quantize_one && !render_has_field(&s->fields, FIELD_INPUT))
		inputs_take_lines(&in, &one_pass);
	if (s->header && s->style != STYLE_JSON)
		render_header(&out, &s->fields, s->style);
	input_init(&pass.value);
	if (!inputs_each(&in, &(struct inputs_rows){ quantize_input, quantize_too_long, &pass }))
		pass.failures++;
	flush_line(&out);
	sb_free(&out);
	input_clear(&pass.value);
	quantization_clear(&q);
	return pass.failures ? EXIT_BAD_INPUT : EXIT_OK;
}

int cmd_quantize(struct settings *s)
{
	enum field stray;

	if (!s->fields_given)
		render_parse_fields(&s->fields, "hex,exact,flags");
	if (!render_fields_within(&s->fields, QUANTIZE_FIELDS, &stray))
		return usage_error("quantize has the fields input, hex, exact, shortest and flags, not '%s'",
				   render_field_name(stray));
	return quantization_run(s, "quantize", quantize_one);
}

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
	    mpz_cmp_ui(mpq_numref(in->value.mag),
		       (unsigned long)(in->value.neg ? -intfmt_min(q->ints) : intfmt_max(q->ints))) > 0)
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
	signed_value(y, x);
	if (p->zero)
		mpq_sub(y, y, *p->zero);
	if (p->real_scale) {
		struct real *v = real_node(REAL_MUL, rational_leaf(y), real_copy(p->real_scale));
		struct num w;
		bool exact, pole;
		num_init(&w);
		real_stand_in(&w, &exact, &pole, v, 200, max_precision);
		signed_value(y, &w);
		(exact ? put_rational : put_approximate)(value, y);
		num_clear(&w);
		real_free(v);
	} else {
		mpq_mul(y, y, *p->scale);
		put_rational(value, y);
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
		signed_value(iv.v, x);
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
	struct num x;
	fpcode code = 0;

	if (!parameters_of(&p, q, i))
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
		put_quantized(out, s, q,
			      &(struct row_texts){ text, hex, exact.s, shortest.s, strlen(hex), exact.len, shortest.len,
						   exact.s[0] == '~' ? RND_INEXACT : 0 }); /* only the text is not exact */
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
		return usage_error("dequantize has the fields input, hex, exact, shortest and flags, not '%s'",
				   render_field_name(stray));
	return quantization_run(s, "dequantize", dequantize_one);
}
