/*
 * mxrows.c — the rows of `fpx mx` around its elements' values: an element's row from
 * its texts, a block's scale row and worst-error row, a NaN block, the flat table's
 * header and block columns (mxemit.h); and the elements made as rationals, the worst
 * error of a block's pending elements (mx_resolve_pending()), a block's work areas.
 * Never rounds an element in words.
 */
#include "mxemit.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dectext.h"
#include "output.h"
#include "render.h"

/* One element's output: the fields asked for (-o: input, hex, exact, error; all four
 * by default), as TSV or CSV, or as one JSON object of the block's elements. The input
 * is element i's text: a plain decimal, nothing in it quoted, in a block in place. */
void mx_put_element(struct strbuf *out, const struct settings *s, const struct block *b, long i,
		    const struct element_format *ef, fpcode code, const struct strbuf *exact,
		    const struct strbuf *error)
{
	struct text_row row = { .typed = !b->in_place, .item = true };
	char hex[CODE_MAX_BITS / 4 + 3];
	int digits = element_hex_digits(ef);

	code_to_hex(hex, code, digits);
	row.text[FIELD_INPUT] = (struct render_text){ b->text[i], b->len[i], false };
	row.text[FIELD_HEX] = (struct render_text){ hex, (size_t)digits + 2, false };
	row.text[FIELD_EXACT] = (struct render_text){ exact->s, exact->len, false };
	row.text[FIELD_ERROR] = (struct render_text){ error->s, error->len, false };
	if (b->flat)
		sb_add(out, b->row_start.s, b->row_start.len);
	render_text_row(out, &s->fields, s->style, &row);
}

void mx_put_texts_element(struct strbuf *out, const struct settings *s, struct block *b, long i,
			  const struct element_format *ef, fpcode code)
{
	mx_put_element(out, s, b, i, ef, code, &b->exact, &b->error);
	sb_clear(&b->exact);
	sb_clear(&b->error);
}

bool mx_flat(const struct settings *s)
{
	return s->style == STYLE_CSV || (s->style == STYLE_TSV && s->header);
}

void mx_put_flat_header(struct strbuf *out, const struct settings *s)
{
	static const char *const own[] = { "block", "scale_hex", "scale", "amax", "encode_scale" };

	render_cells(out, NULL, own, s->quant.preset ? 5 : 3, s->style, true);
	render_header(out, &s->fields, s->style);
}

/* The flat table's columns that start each element row of the block: its number, its
 * scale's code and value, and the tensor's columns (nvfp4). */
static void start_flat_rows(struct block *b, const struct settings *s, const char *hex, const char *exact)
{
	char number[DEC_LONG_MAX];
	const char *const cell[] = { dec_long(number, b->number), hex, exact };

	sb_clear(&b->row_start);
	render_cells(&b->row_start, NULL, cell, 3, s->style, true);
	sb_add(&b->row_start, b->tensor_columns.s, b->tensor_columns.len);
}

/* A block whose scale is NaN: every element decodes to NaN, and the worst error is NaN. */
void mx_nan_block(struct strbuf *out, const struct settings *s, const struct block *b,
		      const struct element_format *ef)
{
	fpcode code = ef->ints ? 0 : ef->floats->has_nan ? ef->floats->nan_code : fmt_zero_code(ef->floats, false);
	struct strbuf nan;

	sb_init(&nan);
	sb_puts(&nan, "nan");
	for (long i = 0; i < b->count; i++)
		mx_put_element(out, s, b, i, ef, code, &nan, &nan);
	sb_free(&nan);
	mx_put_worst_error(out, s, "nan");
}

/* A block's first row: its scale's code and value; in JSON, the start of the block's
 * object; in the flat table, the start of each element row. */
void mx_put_block_scale(struct strbuf *out, const struct settings *s, struct block *b, const char *hex,
			const char *exact)
{
	if (b->flat) {
		start_flat_rows(b, s, hex, exact);
		return;
	}
	if (s->style == STYLE_JSON) {
		sb_putc(out, '{');
		render_json_key(out, "scale");
		sb_putc(out, '{');
		render_json_text(out, "hex", hex);
		render_json_text(out, "exact", exact);
		sb_putc(out, '}');
		render_json_key(out, "elements");
		sb_putc(out, '[');
		return;
	}
	render_cells(out, NULL, (const char *const[]){ "scale", hex, exact }, 3, s->style, false);
}

/* An E8M0 scale: nan, or 2^e (in TSV and CSV "2^e = " and its value, the row made once
 * for each scale). */
void mx_put_scale(struct strbuf *out, const struct settings *s, struct block *b, bool nan, long e)
{
	char hex[8], power[DEC_LONG_MAX];
	const char *exact = nan ? "nan" : mx_scale_text(b, e);
	char **row = &b->scale_row[e + MX_SCALE_BIAS];

	code_to_hex(hex, nan ? 0xff : (fpcode)(e + MX_SCALE_BIAS), 2);
	if (nan || s->style == STYLE_JSON || b->flat) {
		mx_put_block_scale(out, s, b, hex, exact);
		return;
	}
	if (!*row) { /* the row, made once for each scale */
		struct strbuf t, value;
		sb_init(&t);
		sb_init(&value);
		sb_puts(&value, "2^");
		sb_puts(&value, dec_long(power, e));
		sb_puts(&value, " = ");
		sb_puts(&value, exact);
		render_cells(&t, NULL, (const char *const[]){ "scale", hex, value.s }, 3, s->style, false);
		sb_free(&value);
		*row = t.s;
	}
	sb_puts(out, *row);
}

/* The block's last row (JSON: the end of its object). */
void mx_put_worst_error(struct strbuf *out, const struct settings *s, const char *error)
{
	if (mx_flat(s))
		return; /* max |error| of the block's rows */
	if (s->style == STYLE_JSON) {
		sb_putc(out, ']');
		render_json_text(out, "worst_error", error);
		sb_puts(out, "}\n");
	} else { /* and the block's blank line */
		render_cells(out, NULL, (const char *const[]){ "worst error", error }, 2, s->style, false);
		sb_putc(out, '\n');
	}
}

/* The worst error of a block, |error| at its largest: of the elements whose error was
 * made in words (dec_words), and of those made as rationals (worst, approximate for a
 * real's stand-in); the larger of the two written. */
/* Whether q ≥ |w| (q = |error| ≥ 0): by their powers of two where those decide it (q in
 * (2^(top − 1), 2^(top + 1)), w in [2^over, 2^(over + 4))), else as rationals. */
static bool rational_not_below(const mpq_t q, const struct dec_words *w)
{
	long top, over;
	mpq_t x;
	bool not_below;

	if (mpq_sgn(q) == 0 || !w->d)
		return !w->d;
	top = (long)mpz_sizeinbase(mpq_numref(q), 2) - (long)mpz_sizeinbase(mpq_denref(q), 2);
	over = dec_words_log2_over(w);
	if (top + 1 <= over)
		return false;
	if (top - 1 >= over + 4)
		return true;
	mpq_init(x);
	dec_words_rational(x, w);
	mpq_abs(x, x);
	not_below = mpq_cmp(q, x) >= 0; /* q is |error| already */
	mpq_clear(x);
	return not_below;
}

/* Whether the error in digits is the larger of it and the one in words (either may be
 * 0): by their powers of two where those decide it (2^over ≤ |words| < 2^(over + 4),
 * 2^over ≤ |digits| < 2^(over + 5)), else digit by digit. */
static bool text_larger(const struct dec_words *in_words, const struct dec_text *in_text)
{
	static struct dec_text words; /* its storage kept for the run */
	long over_w = dec_words_log2_over(in_words), over_t = dec_text_log2_over(in_text);

	if (!in_words->d)
		return true;
	if (over_w != LONG_MIN && over_t != LONG_MIN && (over_t >= over_w + 4 || over_w >= over_t + 5))
		return over_t > over_w;
	dec_text_words(&words, in_words);
	return dec_text_cmp_abs(in_text, &words) >= 0;
}

/* Whether q ≥ |t| (q = |error| ≥ 0), as rationals. */
static bool rational_not_below_text(const mpq_t q, const struct dec_text *t)
{
	mpq_t x;
	bool not_below;

	mpq_init(x);
	dec_text_rational(x, t);
	mpq_abs(x, x);
	not_below = mpq_cmp(q, x) >= 0;
	mpq_clear(x);
	return not_below;
}

/* The block's last row, mx_put_worst_error()'s, of the digits t: in TSV and CSV
 * written straight into out, with no copy of them made first. */
static void put_text_worst(struct strbuf *out, const struct settings *s, const struct dec_text *t)
{
	struct strbuf text;

	if (mx_flat(s))
		return;
	if (s->style != STYLE_JSON) {
		sb_add(out, "worst error", sizeof "worst error" - 1);
		sb_putc(out, render_separator(s->style));
		dec_text_write(out, t);
		sb_add(out, "\n\n", 2);
		return;
	}
	sb_init(&text);
	dec_text_write(&text, t);
	mx_put_worst_error(out, s, text.s);
	sb_free(&text);
}

void mx_put_block_worst(struct strbuf *out, const struct settings *s, struct dec_words *in_words,
			struct dec_text *in_text, mpq_t worst, bool any_rational, bool approximate)
{
	char words[DEC_WORDS_MAX + 1];
	struct strbuf text;
	bool rational = false;

	in_words->neg = false;
	if (in_text && !text_larger(in_words, in_text)) /* which is the larger: the words' or the digits' */
		in_text = NULL;
	if (any_rational) /* ... and against a rational's */
		rational = in_text ? rational_not_below_text(worst, in_text) : rational_not_below(worst, in_words);
	if (!rational && in_text) {
		in_text->neg = false;
		put_text_worst(out, s, in_text);
		return;
	}
	sb_init(&text);
	if (rational)
		(approximate ? output_approximate : output_rational)(&text, worst);
	else {
		*dec_words_put(words, in_words) = '\0';
		mx_put_worst_error(out, s, words);
		sb_free(&text);
		return;
	}
	mx_put_worst_error(out, s, text.s);
	sb_free(&text);
}

/* The value code decodes to, times X = 2^e. */
static void decoded_value(mpq_t decoded, const struct element_format *ef, fpcode code, long e)
{
	fmt_code_rational(decoded, ef->floats, code);
	num_scale_pow2(decoded, decoded, e);
}

/* v/X into the element format, X = 2^e: its code, and the value it decodes to times
 * X. y is the caller's work area; text (len bytes), v's text (NULL for a real). */
static void quantize_element(fpcode *code, mpq_t decoded, struct num *y, const struct element_format *ef,
			     const struct num *v, const char *text, size_t len, long e)
{
	struct rnd_result r;
	long k;

	if (ef->floats && text && rnd_encode_scaled_text(&r, ef->floats, text, len, -e, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE))) {
		*code = r.code;
		decoded_value(decoded, ef, r.code, e);
		return;
	}

	num_scale_pow2(y->mag, v->mag, -e);
	num_set_kind(y, v->kind);
	y->neg = v->neg;
	y->bound = v->bound;
	if (ef->ints) {
		mpq_mul_2exp(y->mag, y->mag, MXINT8_FRACTION_BITS);
		output_signed_value(decoded, y);
		intfmt_round(&k, ef->ints, decoded, RND_NEAREST_EVEN);
		*code = intfmt_code(ef->ints, k);
		mpq_set_si(decoded, k, 1);
		mpq_div_2exp(decoded, decoded, MXINT8_FRACTION_BITS);
		num_scale_pow2(decoded, decoded, e);
	} else {
		rnd_encode(&r, ef->floats, y, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE));
		*code = r.code;
		decoded_value(decoded, ef, r.code, e);
	}
}

/* v's |error| decoded − v, into b->diff, kept in b->worst where it is the larger. */
static void keep_rational(struct block *b, struct worst_rational *worst, const struct num *v, bool approximate)
{
	output_signed_value(b->typed, v);
	mpq_sub(b->diff, b->decoded, b->typed);
	mpq_abs(b->diff, b->diff);
	if (!worst->any || mpq_cmp(b->diff, b->worst) > 0) {
		mpq_set(b->worst, b->diff);
		worst->approximate = approximate;
	}
	worst->any = true;
}

void mx_keep_exact(struct block *b, const struct element_format *ef, long e, long i, fpcode code,
		   struct worst_rational *worst, struct worst_text *text)
{
	if (i < 0 || mx_text_error_kept(text, b, ef, i, code, e))
		return;
	decoded_value(b->decoded, ef, code, e);
	keep_rational(b, worst, mx_element_value(b, i), false);
}

/* Element i as rationals: its code, the value it decodes to and its error (texts where
 * -o asks for them), its |error| kept in worst. */
fpcode mx_rational_element(struct block *b, const struct element_format *ef, long i, long e,
			       struct worst_rational *worst, bool exact_wanted)
{
	const struct num *x = mx_element_value(b, i);
	fpcode code;

	quantize_element(&code, b->decoded, &b->y, ef, x, b->approximate[i] ? NULL : b->text[i], b->len[i], e);
	if (exact_wanted)
		output_rational(&b->exact, b->decoded);
	if (b->error_wanted) {
		output_signed_value(b->typed, x);
		mpq_sub(b->diff, b->decoded, b->typed);
		(b->approximate[i] ? output_approximate : output_rational)(&b->error, b->diff);
	}
	keep_rational(b, worst, x, b->approximate[i]);
	return code;
}

void mx_block_work(struct block *b, const struct settings *s, const struct element_format *ef)
{
	mx_code_table(b, ef);
	if (!b->work_made) {
		mpq_inits(b->decoded, b->diff, b->worst, b->typed, NULL);
		num_init(&b->y);
		sb_init(&b->exact);
		sb_init(&b->error);
		b->work_made = true;
	}
	sb_clear(&b->exact); /* empty between rows (mx_put_texts_element()) */
	sb_clear(&b->error);
	b->error_wanted = render_has_field(&s->fields, FIELD_ERROR);
	b->exact_wanted = render_has_field(&s->fields, FIELD_EXACT);
	b->hex_rows = !b->flat && render_bulk_rows(&s->fields, s->style) == BULK_ROWS_HEX;
}

/* The long elements pending (n of them, long_element()) whose |error| may pass the
 * largest one known, made exactly (as digits, else as rationals) and kept in worst or
 * text: an element whose |error| lies below another's lower bound, or the worst made
 * in words, is not the worst. */
void mx_resolve_pending(struct block *b, const struct element_format *ef, long e, long n,
			    const struct worst_words *words, struct worst_rational *worst, struct worst_text *text)
{
	struct mx_bound known, x;
	long known_log2, floor;

	if (n == 0)
		return;
	/* the largest lower bound, each taken binary below it, compared in integers; one
	 * below 2^floor, the digits' worst's, is not made: the digits' then stand for it */
	floor = text->any ? text->over : LONG_MIN;
	if (floor == LONG_MIN || dec_words_log2_over(&words->error) + 4 > floor) {
		x = (struct mx_bound){ .binary = false, .dec = words->error };
		mx_bound_binary(&known, &x, false);
	} else
		known = (struct mx_bound){ .binary = true, .n = 0, .k = 0 };
	known_log2 = mx_bound_log2_over(&known);
	for (long j = 0; j < n; j++) {
		if (mx_bound_log2_over(&b->pending[j].lo) + 4 <= (known_log2 > floor ? known_log2 : floor))
			continue; /* lo < 2^(its over + 4): not above known, nor 2^floor */
		mx_bound_binary(&x, &b->pending[j].lo, false);
		if (mx_binary_cmp(x.n, x.k, known.n, known.k) > 0)
			known = x, known_log2 = mx_bound_log2_over(&known);
	}
	if (text->any && text->over > known_log2)
		known = (struct mx_bound){ .binary = true, .n = 1, .k = text->over }, known_log2 = text->over;
	for (long j = 0; j < n; j++) {
		const struct mx_pending *p = &b->pending[j];
		if (mx_bound_log2_over(&p->hi) + 4 <= known_log2)
			continue; /* |error| < hi < 2^(its over + 4) ≤ known */
		mx_bound_binary(&x, &p->hi, true);
		if (mx_binary_cmp(x.n, x.k, known.n, known.k) <= 0 ||
		    (text->any && mx_bound_log2_over(&x) + 1 <= text->over))
			continue; /* |error| < hi ≤ known, or < 2^over ≤ the text's (hi < 2^(its over + 1)) */
		mx_keep_exact(b, ef, e, p->i, p->code, worst, text);
	}
}

