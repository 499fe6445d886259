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

#include "cli.h"
#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "decimal.h"
#include "fastdec.h"
#include "intfmt.h"
#include "lines.h"
#include "num.h"
#include "nvfp4.h"
#include "parse.h"
#include "render.h"
#include "round.h"

#define MX_DEFAULT_BLOCK 32
#define MX_MAX_BLOCK 65536 /* a block is held whole: this bounds the count ... */
#define MX_BLOCK_BYTES (64L << 20) /* ... and this the text its values were read from */
#define MXINT8_FRACTION_BITS 6
#define MX_SCALE_BIAS 127 /* E8M0: 2^e for e from −127 to 127, and NaN */
#define MX_SCALES 255

/* The element format: a float format, or MXINT8. */
struct element_format {
	const struct fmt *floats;
	const struct int_format *ints;
	long emax;
};

static int element_hex_digits(const struct element_format *ef)
{
	return ef->ints ? (ef->ints->bits + 3) / 4 : fmt_hex_digits(ef->floats);
}

/* A small float element format's codes: each one's value as fmt_grid_rank_value()
 * gives it (grid: where it is such a value), and the text of that value times the
 * scale 2^text_e, made when first asked for (made[c] = generation; fits: in words). */
#define MX_TABLE_BITS 8 /* codes of at most 2 hex digits */
#define MX_TABLE_CODES (1 << MX_TABLE_BITS)
struct code_table {
	bool grid[MX_TABLE_CODES], neg[MX_TABLE_CODES];
	uint64_t m[MX_TABLE_CODES];
	long exp[MX_TABLE_CODES];
	long text_e;
	unsigned long generation, made[MX_TABLE_CODES];
	bool fits[MX_TABLE_CODES];
	char hex[MX_TABLE_CODES][4]; /* 0x and the code's (at most) 2 digits, unterminated */
	size_t text_len[MX_TABLE_CODES];
	char text[MX_TABLE_CODES][DEC_WORDS_MAX];
};

/* What an element is held as: its value, or the digits of a plain decimal as the
 * general scanner (fastdec_scan()) or the one pass (fastdec_scan_line()) read them. */
enum element_form { ELEMENT_VALUE, ELEMENT_DECIMAL, ELEMENT_DIGITS };

struct block {
	long count, cap;
	long bytes; /* the length of the texts held */
	struct num *v; /* cap of them, kept from block to block */
	const char **text; /* into chars once the block is whole (block_texts()), or in place */
	size_t *len;
	size_t *at;    /* where each text starts in chars */
	char *chars;   /* the texts, each with its NUL */
	size_t chars_cap;
	bool in_place; /* the texts are lines in the line reader's block (the one pass) */
	const char *readable; /* ... which may be read up to here */
	bool *approximate; /* v is a real's stand-in (inputs.h), not the real itself */
	enum element_form *form;
	struct decimal *dec; /* ELEMENT_DECIMAL: v made from it only when asked for */
	struct fastdec_digits *digits; /* ELEMENT_DIGITS */
	bool *made;          /* v holds the value */
	/* kept from block to block: for each scale 2^e (e + MX_SCALE_BIAS), its value's
	 * text and the one pass's rounding for it, each made when first asked for */
	char *scale_text[MX_SCALES], *scale_row[MX_SCALES];
	struct rnd_line *scaled[MX_SCALES];
	bool scaled_tried[MX_SCALES];
	struct code_table *codes; /* a small element format's (code_table()) */
	char separator; /* default_row_separator(), once found */
	bool separator_found;
	char value_scratch[DEC_WORDS_MAX]; /* a wider one's value text */
	/* ... and finite_block()'s work areas */
	bool work_made;
	mpq_t decoded, diff, worst, typed;
	struct num y;
	struct strbuf exact, error;
};

/* Room for n elements. */
static void block_reserve(struct block *b, long n)
{
	long cap = b->cap ? b->cap : 32;

	if (n <= b->cap)
		return;
	while (cap < n)
		cap *= 2;
	b->v = realloc(b->v, (size_t)cap * sizeof *b->v);
	b->text = realloc(b->text, (size_t)cap * sizeof *b->text);
	b->len = realloc(b->len, (size_t)cap * sizeof *b->len);
	b->at = realloc(b->at, (size_t)cap * sizeof *b->at);
	b->approximate = realloc(b->approximate, (size_t)cap * sizeof *b->approximate);
	b->form = realloc(b->form, (size_t)cap * sizeof *b->form);
	b->dec = realloc(b->dec, (size_t)cap * sizeof *b->dec);
	b->digits = realloc(b->digits, (size_t)cap * sizeof *b->digits);
	b->made = realloc(b->made, (size_t)cap * sizeof *b->made);
	if (!b->v || !b->text || !b->len || !b->at || !b->approximate || !b->form || !b->dec || !b->digits || !b->made)
		abort();
	for (long i = b->cap; i < cap; i++)
		num_init(&b->v[i]);
	b->cap = cap;
}

/* An element: the value x, or the plain decimal d (x NULL), and its text. */
static void block_add(struct block *b, const struct num *x, const struct decimal *d, bool approximate, const char *text,
		      size_t len)
{
	block_reserve(b, b->count + 1);
	if ((size_t)b->bytes + (size_t)b->count + len + 1 > b->chars_cap) {
		b->chars_cap = 2 * ((size_t)b->bytes + (size_t)b->count + len + 1);
		if (!(b->chars = realloc(b->chars, b->chars_cap)))
			abort();
	}
	if (x)
		num_set(&b->v[b->count], x);
	b->made[b->count] = x != NULL;
	b->form[b->count] = x ? ELEMENT_VALUE : ELEMENT_DECIMAL;
	if (!x)
		b->dec[b->count] = *d;
	b->approximate[b->count] = approximate;
	b->len[b->count] = len;
	b->at[b->count] = (size_t)b->bytes + (size_t)b->count;
	memcpy(b->chars + b->at[b->count], text, len);
	b->chars[b->at[b->count] + len] = '\0';
	b->bytes += (long)len;
	b->count++;
}

/* The texts' pointers, once no text is added to move them. */
static void block_texts(struct block *b)
{
	if (!b->in_place)
		for (long i = 0; i < b->count; i++)
			b->text[i] = b->chars + b->at[i];
}

static void block_empty(struct block *b)
{
	b->count = 0;
	b->bytes = 0;
	b->in_place = false;
}

static void block_free(struct block *b)
{
	for (long i = 0; i < b->cap; i++)
		num_clear(&b->v[i]);
	free(b->v);
	free(b->text);
	free(b->len);
	free(b->at);
	free(b->chars);
	free(b->approximate);
	free(b->form);
	free(b->dec);
	free(b->digits);
	free(b->made);
	for (int e = 0; e < MX_SCALES; e++) {
		free(b->scale_text[e]);
		free(b->scale_row[e]);
		free(b->scaled[e]);
	}
	free(b->codes);
	if (b->work_made) {
		mpq_clears(b->decoded, b->diff, b->worst, b->typed, NULL);
		num_clear(&b->y);
		sb_free(&b->exact);
		sb_free(&b->error);
	}
}

/* The text of the scale 2^e's value, made once. */
static const char *scale_text(struct block *b, long e)
{
	char **text = &b->scale_text[e + MX_SCALE_BIAS];

	if (!*text) {
		struct strbuf t;
		mpq_t x;
		sb_init(&t);
		mpq_init(x);
		num_set_pow2(x, e);
		put_rational(&t, x);
		mpq_clear(x);
		*text = t.s;
	}
	return *text;
}

/* The one pass's rounding for the scale 2^e (element values times 2^−e), opened once;
 * NULL where it does not open. */
static const struct rnd_line *scaled_rounding(struct block *b, const struct fmt *f, long e)
{
	long i = e + MX_SCALE_BIAS;

	if (!b->scaled_tried[i]) {
		b->scaled_tried[i] = true;
		if (!(b->scaled[i] = malloc(sizeof *b->scaled[i])))
			abort();
		if (!rnd_line_open(b->scaled[i], f, RND_NEAREST_EVEN, true, -e)) {
			free(b->scaled[i]);
			b->scaled[i] = NULL;
		}
	}
	return b->scaled[i];
}

/* A plain decimal (no 2^k), its exact value within reach of fastdec_value(): read so,
 * without the parser, as parse_input() would read it. */
static bool mx_plain_decimal(struct decimal *d, const char *text, size_t len)
{
	return len <= PARSE_MAX_INPUT && fastdec_scan(d, text, len) && d->e2 == 0 && !(d->sticky && d->limbs == 0);
}

/* The one pass takes a line whose exponent lies within this, which fastdec_scan()'s
 * tables (±400) hold with its at most 38 digits: it reads the line too. */
#define MX_ONE_PASS_MAX_Q 300

/* Element i held as a decimal (one the one pass read, read again by the general
 * scanner: element_in_words() and fastdec_value() take that). */
static void element_as_decimal(struct block *b, long i)
{
	if (b->form[i] != ELEMENT_DIGITS)
		return;
	if (!mx_plain_decimal(&b->dec[i], b->text[i], b->len[i])) /* MX_ONE_PASS_MAX_Q says it does */
		abort();
	b->form[i] = ELEMENT_DECIMAL;
}

/* Element i's exact value, made from its digits the first time it is asked for. */
static const struct num *element_value(struct block *b, long i)
{
	element_as_decimal(b, i);
	if (!b->made[i] && !fastdec_value(&b->v[i], &b->dec[i])) /* mx_plain_decimal() said it would */
		abort();
	b->made[i] = true;
	return &b->v[i];
}

/* Is element i zero, read as digits? */
static bool zero_digits(const struct block *b, long i)
{
	return (b->form[i] == ELEMENT_DIGITS && b->digits[i].w == 0) ||
	       (b->form[i] == ELEMENT_DECIMAL && b->dec[i].kind == DECIMAL_FINITE && b->dec[i].head == 0);
}

/* ⌊log2 |x|⌋ of element i (not zero) from its digits in words; false when they do not
 * decide it. */
static bool digits_floor_log2(long *e, struct block *b, long i)
{
	if (b->form[i] == ELEMENT_DIGITS && fastdec_digits_floor_log2(e, &b->digits[i]))
		return true;
	if (b->form[i] == ELEMENT_VALUE)
		return false;
	element_as_decimal(b, i);
	return fastdec_floor_log2(e, &b->dec[i]);
}

/* The shared exponent of a block, or false for the NaN scale (a NaN or inf in it). */
/* For an element read as nonzero digits, fastdec_digits_log2_bound(): ⌊log2 |x|⌋ lies
 * in [bound, bound + 3]; else LONG_MIN. */
static inline long log2_bound(const struct block *b, long i)
{
	return b->form[i] == ELEMENT_DIGITS && b->digits[i].w != 0 ? fastdec_digits_log2_bound(&b->digits[i]) : LONG_MIN;
}

static bool shared_exponent(long *out, struct block *b, long emax)
{
	bool any = false;
	long top = 0, least_top = LONG_MIN; /* the largest ⌊log2 |x|⌋ is at least least_top */

	for (long i = 0; i < b->count; i++) {
		long e, bound = log2_bound(b, i);
		const struct num *v;
		if (zero_digits(b, i) || (bound != LONG_MIN && bound + 3 < least_top))
			continue; /* zero, or below one before it: not the largest */
		if (bound > least_top)
			least_top = bound;
		if (digits_floor_log2(&e, b, i))
			;
		else if ((v = element_value(b, i))->kind != NUM_FINITE)
			return false;
		else if (mpq_sgn(v->mag) == 0)
			continue;
		else
			e = num_floor_log2_ratio(mpq_numref(v->mag), mpq_denref(v->mag));
		if (!any || e > top)
			top = e;
		any = true;
	}
	*out = any ? top - emax : -127; /* ⌊log2⌋ of the largest |x|: the largest ⌊log2 |x|⌋ */
	if (*out < -127)
		*out = -127;
	if (*out > 127)
		*out = 127;
	return true;
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

	if (ef->floats && text && rnd_encode_scaled_text(&r, ef->floats, text, len, -e, RND_NEAREST_EVEN, true)) {
		*code = r.code;
		decoded_value(decoded, ef, r.code, e);
		return;
	}

	num_scale_pow2(y->mag, v->mag, -e);
	y->kind = v->kind;
	y->neg = v->neg;
	y->bound = v->bound;
	if (ef->ints) {
		mpq_mul_2exp(y->mag, y->mag, MXINT8_FRACTION_BITS);
		signed_value(decoded, y);
		intfmt_round(&k, ef->ints, decoded, RND_NEAREST_EVEN);
		*code = intfmt_code(ef->ints, k);
		mpq_set_si(decoded, k, 1);
		mpq_div_2exp(decoded, decoded, MXINT8_FRACTION_BITS);
		num_scale_pow2(decoded, decoded, e);
	} else {
		rnd_encode(&r, ef->floats, y, RND_NEAREST_EVEN, true);
		*code = r.code;
		decoded_value(decoded, ef, r.code, e);
	}
}

/* A float element made in words: its code, the text of the value that decodes to
 * (times the scale; in the block's table of them, or its scratch), and its error
 * against the typed value. */
struct element_words {
	fpcode code;
	const char *hex; /* its text from the table, 4 bytes of which 2 + hex digits count; or NULL */
	const char *value;
	size_t value_len;
	bool value_room; /* 32 bytes may be read at value */
	struct dec_words error;
};

/* The block's table of a small element format's codes (each code's value as
 * fmt_grid_rank_value() gives it, or MXINT8's v·2^−6, and the text of that times the
 * scale, made when first asked for), made the first time; NULL for a wider format. */
static struct code_table *code_table(struct block *b, const struct element_format *ef)
{
	const struct fmt *f = ef->floats;
	struct code_table *t = b->codes;
	int bits = ef->ints ? ef->ints->bits : f->bits;

	if (t || bits > MX_TABLE_BITS)
		return t;
	if (!(t = b->codes = calloc(1, sizeof *t)))
		abort();
	for (fpcode c = 0; c < (fpcode)1 << bits; c++) {
		char hex[8];
		long v = 0;
		if (ef->ints) {
			t->grid[c] = intfmt_from_code(&v, ef->ints, c);
			t->neg[c] = v < 0;
			t->m[c] = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
			t->exp[c] = -MXINT8_FRACTION_BITS;
		} else
			t->grid[c] = fmt_grid_rank_value(f, fmt_rank_of_code(f, fmt_magnitude(f, c, &t->neg[c])), &t->m[c],
							 &t->exp[c]);
		code_to_hex(hex, c, element_hex_digits(ef));
		memcpy(t->hex[c], hex, 4);
	}
	t->text_e = LONG_MIN;
	return t;
}

/* The text of ±m·2^exp into (text, len) (DEC_WORDS_MAX bytes of room), or false when
 * words do not hold it. */
static bool value_text(char *text, size_t *len, bool neg, uint64_t m, long exp)
{
	struct dec_words value;

	if (!dec_words_difference(&value, neg, m, exp, NULL))
		return false;
	*len = (size_t)(dec_words_put(text, &value) - text);
	return true;
}

/* The value element code decodes to, ±m·2^exp times X = 2^e, and its text into w;
 * false when it is no finite rank of a grid in a word or words do not hold it. */
static bool element_words_value(struct element_words *w, bool *neg, uint64_t *m, long *exp, struct block *b,
				const struct element_format *ef, fpcode code, long e)
{
	struct code_table *t = b->codes; /* made by code_table() before the elements */

	if (t) {
		if (!t->grid[code])
			return false;
		*neg = t->neg[code];
		*m = t->m[code];
		*exp = t->exp[code] + e;
		if (t->text_e != e) { /* another scale: the texts made for the last one are stale */
			t->text_e = e;
			t->generation++;
		}
		if (t->made[code] != t->generation) {
			t->made[code] = t->generation;
			t->fits[code] = value_text(t->text[code], &t->text_len[code], *neg, *m, *exp);
		}
		w->value = t->text[code];
		w->value_len = t->text_len[code];
		w->value_room = true;
		w->hex = t->hex[code];
		return t->fits[code];
	}
	if (!fmt_grid_rank_value(ef->floats, fmt_rank_of_code(ef->floats, fmt_magnitude(ef->floats, code, neg)), m, exp))
		return false;
	*exp += e;
	w->hex = NULL;
	w->value = b->value_scratch;
	w->value_room = true;
	return value_text(b->value_scratch, &w->value_len, *neg, *m, *exp);
}

/* A float element typed as the plain decimal x, in words where it fits (decimal.h), the
 * scale X = 2^e; false when the words do not hold it. */
static bool element_in_words(struct element_words *w, struct block *b, const struct element_format *ef,
			     const struct decimal *x, long e)
{
	struct decimal scaled;
	struct rnd_result r;
	uint64_t m;
	long exp;
	bool neg;

	if (x->kind != DECIMAL_FINITE)
		return false;
	scaled = *x;
	scaled.e2 -= e;
	if (!rnd_encode_decimal(&r, ef->floats, &scaled, RND_NEAREST_EVEN, true))
		return false;
	w->code = r.code;
	return element_words_value(w, &neg, &m, &exp, b, ef, r.code, e) &&
	       dec_words_minus_decimal(&w->error, neg, m, exp, x);
}

/* The same for the digits x the one pass read as an MXINT8 element: x·2^(6 − e) rounded
 * (rne, saturating) into int8, k, whose value is k·2^(e − 6). */
static bool int_digits_in_words(struct element_words *w, struct block *b, const struct element_format *ef,
				const struct fastdec_digits *x, long e)
{
	unsigned flags;
	uint64_t m;
	long k, exp;
	bool neg;

	/* |x| < 2^(bound + 4): below 2^−1 once scaled, it rounds to 0, however small it is */
	if (x->w == 0 || fastdec_digits_log2_bound(x) + 4 + MXINT8_FRACTION_BITS - e <= -1)
		k = 0;
	else if (!intfmt_round_digits(&k, &flags, ef->ints, x->w, x->q, x->neg, MXINT8_FRACTION_BITS - e, 0,
				      RND_NEAREST_EVEN))
		return false;
	w->code = intfmt_code(ef->ints, k);
	return element_words_value(w, &neg, &m, &exp, b, ef, w->code, e) &&
	       dec_words_minus_digits(&w->error, neg, m, exp, x);
}

/* An element of code `code`, whose value is zero (of either sign), typed as x: the
 * value's text 0, the error −x. */
static bool zero_in_words(struct element_words *w, const struct block *b, fpcode code, const struct fastdec_digits *x)
{
	w->code = code;
	w->hex = b->codes ? b->codes->hex[code] : NULL;
	w->value = "0";
	w->value_len = 1;
	w->value_room = false;
	return dec_words_minus_digits(&w->error, false, 0, 0, x);
}

/* The same for the digits x the one pass read, rounded by its rounding for the scale. */
static bool digits_in_words(struct element_words *w, struct block *b, const struct element_format *ef,
			    const struct fastdec_digits *x, long e)
{
	const struct rnd_line *rl;
	uint64_t m;
	long exp;
	bool neg;

	if (ef->ints)
		return int_digits_in_words(w, b, ef, x, e);
	if (x->w == 0)
		return zero_in_words(w, b, fmt_zero_code(ef->floats, x->neg), x);
	if (!(rl = scaled_rounding(b, ef->floats, e)))
		return false;
	if (rnd_line_far_below(&w->code, rl, fastdec_digits_log2_bound(x) + 3, x->neg)) {
		if (b->codes && b->codes->grid[w->code] && b->codes->m[w->code] == 0)
			return zero_in_words(w, b, w->code, x); /* flushed to zero, as most are */
	} else if (!rnd_line_digits_code(&w->code, rl, x))
		return false;
	return element_words_value(w, &neg, &m, &exp, b, ef, w->code, e) && dec_words_minus_digits(&w->error, neg, m, exp, x);
}

/* Element i of a float format in words, where they hold it. */
static bool element_i_in_words(struct element_words *w, struct block *b, const struct element_format *ef, long i,
			       long e)
{
	if (b->form[i] == ELEMENT_VALUE)
		return false;
	if (b->form[i] == ELEMENT_DIGITS && digits_in_words(w, b, ef, &b->digits[i], e))
		return true;
	if (!ef->floats)
		return false;
	element_as_decimal(b, i);
	return element_in_words(w, b, ef, &b->dec[i], e);
}

/* Where -o is mx's default (input, hex, exact, error) and render.h writes each field
 * plainly with one byte between them (TSV, CSV), that byte, found once; else 0. */
static char default_row_separator(struct block *b, const struct settings *s)
{
	static const enum field order[] = { FIELD_INPUT, FIELD_HEX, FIELD_EXACT, FIELD_ERROR };
	const struct field_list *fl = &s->fields;

	if (!b->separator_found) {
		char text[4][RENDER_FIELD_MAX];
		bool plain = fl->count == 4 && render_field_close(text[0], s->style) == text[0] &&
			     render_row_close(text[0], s->style) == text[0];
		for (int f = 0; f < 4 && plain; f++)
			plain = fl->field[f] == order[f] && render_field_open(text[f], fl, f, s->style) == text[f] + (f > 0);
		b->separator = plain ? text[1][0] : 0;
		b->separator_found = true;
	}
	return b->separator;
}

/* One element's output: the fields asked for (-o: input, hex, exact, error; all four
 * by default), as TSV or CSV, or as one JSON object of the block's elements. The input
 * is element i's text: a plain decimal, nothing in it quoted, in a block in place. */
static void put_element(struct strbuf *out, const struct settings *s, const struct block *b, long i,
			const struct element_format *ef, fpcode code, const struct strbuf *exact,
			const struct strbuf *error, bool first)
{
	const char *text[FIELD_COUNT] = { 0 };
	char hex[CODE_MAX_BITS / 4 + 3];
	int digits = element_hex_digits(ef);

	code_to_hex(hex, code, digits);
	text[FIELD_INPUT] = b->text[i];
	text[FIELD_HEX] = hex;
	text[FIELD_EXACT] = exact->s;
	text[FIELD_ERROR] = error->s;
	if (s->style == STYLE_JSON && !first)
		sb_putc(out, ',');
	if (b->in_place) {
		size_t len[FIELD_COUNT] = { 0 };
		len[FIELD_INPUT] = b->len[i];
		len[FIELD_HEX] = (size_t)digits + 2;
		len[FIELD_EXACT] = exact->len;
		len[FIELD_ERROR] = error->len;
		render_plain_fields(out, &s->fields, text, len, s->style);
	} else
		render_fields(out, &s->fields, text, 0, s->style);
	if (s->style != STYLE_JSON)
		sb_putc(out, '\n');
}

/* The same for an element of a block in place made in words: the row written where
 * it goes, each text made there. */
static void put_words_element(struct strbuf *out, const struct settings *s, struct block *b, long i, int hex_digits,
			      const struct element_words *w)
{
	const struct field_list *fl = &s->fields;
	char separator = default_row_separator(b, s), *p;

	sb_reserve(out, b->len[i] + 2 * DEC_WORDS_MAX + (size_t)(fl->count + 2) * RENDER_FIELD_MAX);
	p = out->s + out->len;
	if (separator && w->hex) { /* the default row, TSV or CSV: straight through */
		if (b->len[i] <= 32 && b->text[i] + 32 <= b->readable)
			sb_copy32(p, b->text[i]);
		else
			sb_copy(p, b->text[i], b->len[i]);
		p += b->len[i];
		*p++ = separator;
		memcpy(p, w->hex, 4);
		p += hex_digits + 2;
		*p++ = separator;
		if (w->value_len <= 32 && w->value_room)
			sb_copy32(p, w->value);
		else
			sb_copy(p, w->value, w->value_len);
		p += w->value_len;
		*p++ = separator;
		p = dec_words_put(p, &w->error);
		*p++ = '\n';
		*p = '\0';
		out->len = (size_t)(p - out->s);
		return;
	}
	if (s->style == STYLE_JSON && i > 0)
		*p++ = ',';
	for (int f = 0; f < fl->count; f++) {
		p = render_field_open(p, fl, f, s->style);
		if (fl->field[f] == FIELD_INPUT) {
			sb_copy(p, b->text[i], b->len[i]);
			p += b->len[i];
		} else if (fl->field[f] == FIELD_HEX) {
			if (w->hex)
				memcpy(p, w->hex, 4);
			else
				code_to_hex(p, w->code, hex_digits);
			p += hex_digits + 2;
		} else if (fl->field[f] == FIELD_EXACT) {
			sb_copy(p, w->value, w->value_len);
			p += w->value_len;
		} else
			p = dec_words_put(p, &w->error);
		p = render_field_close(p, s->style);
	}
	p = render_row_close(p, s->style);
	if (s->style != STYLE_JSON)
		*p++ = '\n';
	*p = '\0';
	out->len = (size_t)(p - out->s);
}

/* The separator of the scale and worst-error rows. */
static char separator(const struct settings *s)
{
	return s->style == STYLE_CSV ? ',' : '\t';
}

/* -o for mx: its four fields only. */
static bool mx_fields(struct settings *s)
{
	if (!s->fields_given) {
		render_parse_fields(&s->fields, "input,hex,exact,error");
		return true;
	}
	for (int i = 0; i < s->fields.count; i++) {
		enum field fld = s->fields.field[i];
		if (fld != FIELD_INPUT && fld != FIELD_HEX && fld != FIELD_EXACT && fld != FIELD_ERROR) {
			usage_error("mx has the fields input, hex, exact and error, not '%s'", render_field_name(fld));
			return false;
		}
	}
	return true;
}

/* A block whose scale is NaN: every element decodes to NaN. */
static void nan_block(struct strbuf *out, const struct settings *s, const struct block *b,
		      const struct element_format *ef)
{
	fpcode code = ef->ints ? 0 : ef->floats->has_nan ? ef->floats->nan_code : fmt_zero_code(ef->floats, false);
	struct strbuf nan;

	sb_init(&nan);
	sb_puts(&nan, "nan");
	for (long i = 0; i < b->count; i++)
		put_element(out, s, b, i, ef, code, &nan, &nan, i == 0);
	sb_free(&nan);
}

/* A block's first row, in TSV and CSV: "scale", its code, then (the caller's) its value. */
static void start_scale_row(struct strbuf *out, const struct settings *s, const char *hex)
{
	sb_puts(out, "scale");
	sb_putc(out, separator(s));
	sb_puts(out, hex);
	sb_putc(out, separator(s));
}

/* A block's first row: its scale's code and value; in JSON, the start of the block's
 * object. */
static void put_block_scale(struct strbuf *out, const struct settings *s, const char *hex, const char *exact)
{
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
	start_scale_row(out, s, hex);
	sb_puts(out, exact);
	sb_putc(out, '\n');
}

/* An E8M0 scale: nan, or 2^e (in TSV and CSV "2^e = " and its value, written in place:
 * a row a block). */
static void put_scale(struct strbuf *out, const struct settings *s, struct block *b, bool nan, long e)
{
	char hex[8], power[DEC_LONG_MAX];
	const char *exact = nan ? "nan" : scale_text(b, e);
	char **row = &b->scale_row[e + MX_SCALE_BIAS];

	code_to_hex(hex, nan ? 0xff : (fpcode)(e + MX_SCALE_BIAS), 2);
	if (nan || s->style == STYLE_JSON) {
		put_block_scale(out, s, hex, exact);
		return;
	}
	if (!*row) { /* the row, made once for each scale */
		struct strbuf t;
		sb_init(&t);
		start_scale_row(&t, s, hex);
		sb_puts(&t, "2^");
		sb_puts(&t, dec_long(power, e));
		sb_puts(&t, " = ");
		sb_puts(&t, exact);
		sb_putc(&t, '\n');
		*row = t.s;
	}
	sb_puts(out, *row);
}

/* The block's last row (JSON: the end of its object). */
static void put_worst_error(struct strbuf *out, const struct settings *s, const char *error)
{
	if (s->style == STYLE_JSON) {
		sb_putc(out, ']');
		render_json_text(out, "worst_error", error);
		sb_puts(out, "}\n");
	} else { /* "worst error", the separator, the error, the block's blank line */
		size_t n = strlen(error);
		char *p;
		sb_reserve(out, n + 14);
		p = out->s + out->len;
		memcpy(p, "worst error", 11);
		p[11] = separator(s);
		memcpy(p + 12, error, n);
		memcpy(p + 12 + n, "\n\n", 3);
		out->len += n + 14;
	}
}

/* The worst error of a block, |error| at its largest: of the elements whose error was
 * made in words (dec_words), and of those made as rationals (worst, approximate for a
 * real's stand-in); the larger of the two written. */
static void put_block_worst(struct strbuf *out, const struct settings *s, struct dec_words *in_words, mpq_t worst,
			    bool any_rational, bool approximate)
{
	char words[DEC_WORDS_MAX + 1];
	struct strbuf text;
	bool rational = false;

	in_words->neg = false;
	if (any_rational) { /* which is the larger: a rational's or the words' */
		mpq_t w;
		mpq_init(w);
		dec_words_rational(w, in_words);
		rational = mpq_cmp(worst, w) >= 0;
		mpq_clear(w);
	}
	if (!rational) {
		*dec_words_put(words, in_words) = '\0';
		put_worst_error(out, s, words);
		return;
	}
	sb_init(&text);
	(approximate ? put_approximate : put_rational)(&text, worst);
	put_worst_error(out, s, text.s);
	sb_free(&text);
}

/* The elements of a block in place from i on, read as digits, each made in words and
 * written, its error kept in *worst where it is the larger, up to the first that the
 * one pass or the words do not take (nothing of it written); returns that one's index,
 * or the count. The commonest elements, compiled as one piece. */
__attribute__((flatten)) static long digits_elements(struct strbuf *out, const struct settings *s, struct block *b,
						     const struct element_format *ef, long i, long e,
						     struct dec_words *worst)
{
	int hex_digits = element_hex_digits(ef);

	for (; i < b->count; i++) {
		struct element_words w;
		if (b->form[i] != ELEMENT_DIGITS || !digits_in_words(&w, b, ef, &b->digits[i], e))
			break;
		if (dec_words_cmp_abs(&w.error, worst) > 0)
			*worst = w.error;
		put_words_element(out, s, b, i, hex_digits, &w);
	}
	return i;
}

/* The elements of a block with a finite scale, and the worst error of them. A float
 * element's exact value and error are made in words where they fit, else as rationals;
 * their texts only when -o asks for them. */
static void finite_block(struct strbuf *out, const struct settings *s, struct block *b,
			 const struct element_format *ef, long e)
{
	struct strbuf *exact = &b->exact, *error = &b->error;
	mpq_ptr decoded = b->decoded, diff = b->diff, worst = b->worst, v = b->typed;
	struct num *y = &b->y;
	struct dec_words worst_words = { false, 0, 0 };
	fpcode code;
	bool worst_approximate = false, any_rational = false;
	bool exact_wanted = render_has_field(&s->fields, FIELD_EXACT),
	     error_wanted = render_has_field(&s->fields, FIELD_ERROR);

	code_table(b, ef); /* for element_words_value() */
	if (!b->work_made) {
		mpq_inits(b->decoded, b->diff, b->worst, b->typed, NULL);
		num_init(&b->y);
		sb_init(&b->exact);
		sb_init(&b->error);
		b->work_made = true;
	}
	for (long i = 0; i < b->count; i++) {
		struct element_words w;
		if (b->in_place && (i = digits_elements(out, s, b, ef, i, e, &worst_words)) == b->count)
			break;
		sb_clear(exact);
		sb_clear(error);
		if (element_i_in_words(&w, b, ef, i, e)) {
			if (dec_words_cmp_abs(&w.error, &worst_words) > 0)
				worst_words = w.error;
			if (b->in_place) {
				put_words_element(out, s, b, i, element_hex_digits(ef), &w);
				continue;
			}
			code = w.code;
			if (exact_wanted)
				sb_add(exact, w.value, w.value_len);
			if (error_wanted)
				dec_words_write(error, &w.error);
		} else {
			const struct num *x = element_value(b, i);
			quantize_element(&code, decoded, y, ef, x, b->approximate[i] ? NULL : b->text[i], b->len[i], e);
			signed_value(v, x);
			mpq_sub(diff, decoded, v);
			if (exact_wanted)
				put_rational(exact, decoded);
			if (error_wanted)
				(b->approximate[i] ? put_approximate : put_rational)(error, diff);
			mpq_abs(diff, diff);
			if (!any_rational || mpq_cmp(diff, worst) > 0) {
				mpq_set(worst, diff);
				worst_approximate = b->approximate[i];
			}
			any_rational = true;
		}
		put_element(out, s, b, i, ef, code, exact, error, i == 0);
	}
	put_block_worst(out, s, &worst_words, worst, any_rational, worst_approximate);
}

static void emit_block(struct strbuf *out, const struct settings *s, struct block *b, const struct element_format *ef)
{
	long e = 0;
	bool finite;

	if (b->count == 0)
		return;
	block_texts(b);
	finite = shared_exponent(&e, b, ef->emax);
	put_scale(out, s, b, !finite, e);
	if (finite)
		finite_block(out, s, b, ef, e);
	else {
		nan_block(out, s, b, ef);
		put_worst_error(out, s, "nan");
	}
	block_empty(b);
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
	enum problem problem = convert_text(c, binary32, text, len, RND_NEAREST_EVEN, false);
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
	put_rational(exact, q);
	mpq_clear(q);
}

/* The tensor's rows: its amax and encode scale S_enc, float32 code and value each. */
static void put_tensor_rows(struct strbuf *out, const struct settings *s, const struct nvfp4_tensor *t)
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
		if (s->style == STYLE_JSON) {
			render_json_key(out, key[i]);
			sb_putc(out, '{');
			render_json_text(out, "hex", hex);
			render_json_text(out, "exact", exact.s);
			sb_putc(out, '}');
			continue;
		}
		sb_puts(out, label[i]);
		sb_putc(out, separator(s));
		sb_puts(out, hex);
		sb_putc(out, separator(s));
		sb_puts(out, exact.s);
		sb_putc(out, '\n');
	}
	sb_puts(out, s->style == STYLE_JSON ? "}\n" : "\n");
	sb_free(&exact);
}

/* Blocks of 16 (the last may be shorter): the E4M3 scale, then each element's e2m1
 * code, its value as TE's dequantize gives it, and that minus the typed value. */
static void emit_nvfp4(struct strbuf *out, const struct settings *s, struct block *b, const struct float_tensor *x)
{
	const struct element_format e2m1 = { .floats = fmt_lookup("e2m1") };
	struct strbuf exact, error, worst_text;
	struct nvfp4_tensor t;
	mpq_t value, diff, worst, typed;
	bool approximate = false;

	if (b->count == 0)
		return;
	block_texts(b);
	sb_init(&exact);
	sb_init(&error);
	sb_init(&worst_text);
	mpq_inits(value, diff, worst, typed, NULL);
	nvfp4_tensor(&t, x->x, x->count);
	put_tensor_rows(out, s, &t);
	for (long first = 0; first < b->count; first += NVFP4_BLOCK) {
		long n = b->count - first < NVFP4_BLOCK ? b->count - first : NVFP4_BLOCK;
		fpcode scale, codes[NVFP4_BLOCK];
		float dequantized[NVFP4_BLOCK];
		char hex[8];
		nvfp4_block(&scale, codes, dequantized, &t, x->x + first, n);
		code_to_hex(hex, scale, 2);
		sb_clear(&exact);
		fmt_code_rational(value, fmt_lookup("e4m3"), scale);
		put_rational(&exact, value);
		put_block_scale(out, s, hex, exact.s);
		mpq_set_ui(worst, 0, 1);
		approximate = false;
		for (long i = 0; i < n; i++) {
			sb_clear(&exact);
			sb_clear(&error);
			mpq_set_d(value, (double)dequantized[i]);
			put_rational(&exact, value);
			signed_value(typed, &b->v[first + i]);
			mpq_sub(diff, value, typed);
			(b->approximate[first + i] ? put_approximate : put_rational)(&error, diff);
			mpq_abs(diff, diff);
			if (mpq_cmp(diff, worst) > 0 || (i == 0)) {
				mpq_set(worst, diff);
				approximate = b->approximate[first + i];
			}
			put_element(out, s, b, first + i, &e2m1, codes[i], &exact, &error, i == 0);
		}
		sb_clear(&worst_text);
		(approximate ? put_approximate : put_rational)(&worst_text, worst);
		put_worst_error(out, s, worst_text.s);
	}
	sb_free(&exact);
	sb_free(&error);
	sb_free(&worst_text);
	mpq_clears(value, diff, worst, typed, NULL);
}

/* mx --preset: nvfp4 is the one there is; it takes no ELEM and no --block. */
static bool preset_ok(const struct settings *s)
{
	if (strcmp(s->preset, "nvfp4") != 0)
		return usage_error("--preset is nvfp4 (NVIDIA's NVFP4), not '%s'", s->preset), false;
	if (s->block)
		return usage_error("%s", "--preset nvfp4 has blocks of 16: leave out --block"), false;
	return true;
}

/* A real's stand-in keeps this many bits: far more than 2 beyond every element
 * format's, so that its error is right to the 25 digits shown. */
#define MX_REAL_BITS 200

/* What `mx` holds while it reads: the block (for --preset nvfp4, the whole tensor, also
 * as float32) and the reading's work areas. */
struct mx_run {
	const struct settings *s;
	struct block b;
	struct float_tensor tensor;
	struct conversion conv; /* nvfp4: each text rounded to float32 */
	struct input value;
	struct parse_error err;
};

/* The element format (or the preset) and the block size; false after a usage error. */
static bool mx_arguments(struct settings *s, struct element_format *ef, long *size)
{
	*size = MX_DEFAULT_BLOCK;
	if (!mx_fields(s) || (s->preset && !preset_ok(s)))
		return false;
	if (s->preset && s->nargs && strcmp(s->args[0], "e2m1") == 0)
		return usage_error("%s", "mx --preset nvfp4 takes no ELEM: its elements are e2m1"), false;
	if (s->preset)
		return true;
	if (s->nargs < 1)
		return usage_error("%s", "mx needs an element format (e2m1, e2m3, e3m2, e4m3, e5m2, int8)"), false;
	if (!element_format_of(ef, s->args[0]))
		return usage_error("'%s' is no MX element format (e2m1, e2m3, e3m2, e4m3, e5m2, int8)", s->args[0]),
		       false;
	if (s->block && !parse_count(size, s->block, MX_MAX_BLOCK))
		return usage_error("bad --block '%s': a count from 1 to 65536", s->block), false;
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
		return r->s->preset ? PROBLEM_TENSOR_TOO_BIG : PROBLEM_BLOCK_TOO_BIG;
	if (r->s->preset) {
		if ((problem = read_float32(&r->conv, &f32, &r->value.value, text, len)))
			r->err = r->conv.err;
		else
			tensor_add(&r->tensor, f32);
		approximate = r->conv.approximate;
	} else if (mx_plain_decimal(&d, text, len)) {
		digits = &d;
		x = NULL;
	} else if (!(problem = read_value_or_real(&r->value, &approximate, &r->err, text, len, MX_REAL_BITS,
						  settings_max_precision(r->s))) &&
		   r->value.value.bound)
		problem = PROBLEM_BEYOND_LIMITS;
	if (!problem)
		block_add(&r->b, x, digits, approximate, text, len);
	return problem;
}

/*
 * The commonest input, stdin lines that are plain decimals into a float element
 * format, a block at a time straight from the line reader's block: the next `size`
 * lines, each read by fastdec_scan_line() into the empty block b in place (its digits,
 * no copy of its text), whose elements then go in words (digits_in_words()). Returns
 * where those lines end, or NULL, with b empty again, when the reader's block holds
 * fewer or one is not such a line (the usual reading then takes them).
 */
__attribute__((flatten)) /* the scan compiled into the loop */
static const char *block_in_place(struct block *b, long size, const char *p, const char *end)
{
	block_reserve(b, size);
	for (long i = 0; i < size; i++) {
		struct fastdec_digits *x = &b->digits[i];
		const char *stop = p < end ? fastdec_scan_line(x, p) : NULL;
		if (!stop || stop >= end || *stop != '\n' || (x->w != 0 && labs(x->q) > MX_ONE_PASS_MAX_Q)) {
			block_empty(b);
			return NULL;
		}
		b->text[i] = p;
		b->len[i] = (size_t)(stop - p);
		p = stop + 1;
	}
	for (long i = 0; i < size; i++) {
		b->made[i] = false;
		b->form[i] = ELEMENT_DIGITS;
		b->approximate[i] = false;
	}
	b->count = size;
	b->in_place = true;
	b->readable = end + LINES_PADDING;
	return p;
}

/* Whole blocks in place (block_in_place()) while stdin's block has them. */
static void blocks_in_place(struct strbuf *out, const struct settings *s, struct block *b,
			    const struct element_format *ef, struct inputs *in, long size)
{
	const char *p, *end, *after;

	while (!should_stop() && inputs_unread(in, &p, &end) && (after = block_in_place(b, size, p, end))) {
		emit_block(out, s, b, ef);
		inputs_consume(in, after, size);
		write_out(out, false);
	}
}

int cmd_mx(struct settings *s)
{
	struct element_format ef;
	struct mx_run r = { .s = s };
	struct inputs in;
	struct strbuf out;
	const char *text;
	enum problem problem;
	size_t len;
	long size;
	int failures = 0;

	bool in_place;

	if (!mx_arguments(s, &ef, &size) || !inputs_open(&in, s, s->preset ? 0 : 1))
		return EXIT_USAGE;
	in_place = !s->preset && in.reader && !s->interactive;
	sb_init(&out);
	input_init(&r.value);
	conversion_init(&r.conv);
	r.conv.need_value = true;
	r.conv.max_precision = settings_max_precision(s);
	for (;;) {
		if (in_place && r.b.count == 0)
			blocks_in_place(&out, s, &r.b, &ef, &in, size);
		if (!inputs_next(&in, &text, &len))
			break;
		if (in.too_long) {
			failures++;
			continue;
		}
		if ((problem = read_element(&r, text, len))) {
			report_input(inputs_where(&in), text, len, problem, &r.err);
			failures++;
			continue;
		}
		if (!s->preset && r.b.count == size) /* nvfp4 holds the tensor whole */
			emit_block(&out, s, &r.b, &ef);
		write_out(&out, s->interactive);
	}
	if (s->preset)
		emit_nvfp4(&out, s, &r.b, &r.tensor);
	else
		emit_block(&out, s, &r.b, &ef);
	if (!inputs_close(&in))
		failures++;
	flush_line(&out);
	sb_free(&out);
	input_clear(&r.value);
	conversion_clear(&r.conv);
	block_free(&r.b);
	free(r.tensor.x);
	return failures ? EXIT_BAD_INPUT : EXIT_OK;
}
