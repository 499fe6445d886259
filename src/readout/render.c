/*
 * render.c — the output fields: their table, each one's text from a code and what its
 * rounding said; the bytes before a field and after a row; and a code's row. Other rows
 * (of ready texts, of a code alone, errors, headers, cells) are renderrow.c's, quoting
 * renderjson.c's. Never converts.
 */
#include "render.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "readout.h"

/* A JSON row's members alone, each after a comma where one is needed, for a row nested
 * in an object that is already open (render_row_members()). */
#define STYLE_JSON_MEMBERS ((enum style)(STYLE_JSON + 1))

/* What a field is computed from, and so what its row must have ready. */
enum field_source {
	FROM_CODE,    /* the code and the rounding alone: nothing to quote, even in TSV */
	FROM_INPUT,   /* the input's text, which may need quoting */
	FROM_VALUE,   /* the code's decoded value */
	FROM_READOUT, /* the readout of the input: the error and the neighbours */
};

/* How JSON writes a field: a string, a bare number, or a list the writer makes. */
enum field_shape { AS_STRING, AS_NUMBER, AS_LIST };

/* What the writers get: the row, and what it needed ready. */
struct field_context {
	const struct fmt *f;
	const struct row *r;
	const struct fmt_value *v; /* decoded, when a field is FROM_VALUE */
	const struct readout *rd;  /* made, when a field is FROM_READOUT */
	bool json;
};

typedef void field_writer(struct strbuf *out, const struct field_context *cx, enum field fld);
#define FIELD_WRITER(id, name, source, shape, writer, help) static field_writer writer;
FIELD_LIST(FIELD_WRITER)
#undef FIELD_WRITER

static const struct field_row {
	const char *name;
	enum field_source source;
	enum field_shape shape;
	field_writer *write;
	const char *help;
} fields[] = {
#define FIELD_ROW(id, name, source, shape, writer, help) { name, source, shape, writer, help },
	FIELD_LIST(FIELD_ROW)
#undef FIELD_ROW
};

const char *render_field_name(enum field fld)
{
	return fields[fld].name;
}

const char *render_field_help(enum field fld)
{
	return fields[fld].help;
}

const char *render_parse_fields(struct field_list *out, const char *text)
{
	out->count = 0;
	for (const char *p = text;;) {
		size_t len = strcspn(p, ",");
		int found = -1;
		for (int i = 0; i < FIELD_COUNT; i++)
			if (strlen(fields[i].name) == len && strncmp(fields[i].name, p, len) == 0)
				found = i;
		if (found < 0 || out->count == MAX_FIELDS)
			return p;
		out->field[out->count++] = (enum field)found;
		if (!p[len])
			return NULL;
		p += len + 1;
	}
}

const char *render_class_name(enum fp_class c)
{
	static const char *const names[] = {
		[FP_ZERO] = "zero", [FP_SUBNORMAL] = "subnormal", [FP_NORMAL] = "normal",
		[FP_INF] = "inf", [FP_NAN] = "nan",
	};
	return names[c];
}

/* ---- One field's text ---------------------------------------------------------------- */

void render_flags(struct strbuf *out, unsigned flags, const char *sep, const char *none)
{
	unsigned rest = flags & ((1u << RND_FLAG_COUNT) - 1);

	if (!rest)
		sb_puts(out, none);
	for (bool first = true; rest; rest &= rest - 1, first = false) { /* the set bits, lowest first */
		if (!first)
			sb_puts(out, sep);
		sb_puts(out, rnd_flag_name(rest & -rest));
	}
}

bool render_needs_input(const struct field_list *fl)
{
	for (int i = 0; i < fl->count; i++)
		if (fields[fl->field[i]].source == FROM_READOUT)
			return true;
	return false;
}

bool render_same_fields(const struct field_list *a, const struct field_list *b)
{
	return a->count == b->count && memcmp(a->field, b->field, (size_t)a->count * sizeof *a->field) == 0;
}

bool render_has_field(const struct field_list *fl, enum field fld)
{
	for (int i = 0; i < fl->count; i++)
		if (fl->field[i] == fld)
			return true;
	return false;
}

static void write_input(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	sb_puts(out, cx->r->input ? cx->r->input : "");
}

static void write_format(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	sb_puts(out, cx->f->name);
}

/* Written in place: the bulk conversions' one field. */
static void write_hex(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	int digits = fmt_hex_digits(cx->f);

	(void)fld;
	sb_reserve(out, CODE_MAX_BITS / 4 + 3);
	code_to_hex(out->s + out->len, cx->r->code, digits);
	out->len += (size_t)digits + 2;
}

static void write_bin(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	char buf[CODE_MAX_BITS + 3];

	(void)fld;
	code_to_bin(buf, cx->r->code, cx->f->bits);
	sb_puts(out, buf);
}

static void write_shortest(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	dec_shortest(out, cx->f, cx->r->code);
}

/* inexact|tie, or - ; in JSON a list of strings. Every set of flags is written once,
 * by the first thread to ask, and kept (rows write the same few again and again), with
 * 32 bytes readable. */
static struct strbuf flags_texts[1u << RND_FLAG_COUNT];
static pthread_once_t flags_texts_written = PTHREAD_ONCE_INIT;

static void write_flags_texts(void)
{
	for (unsigned flags = 0; flags < 1u << RND_FLAG_COUNT; flags++) {
		sb_init(&flags_texts[flags]);
		render_flags(&flags_texts[flags], flags, "|", "-");
		sb_reserve(&flags_texts[flags], 32);
	}
}

const char *render_flags_text(unsigned flags, size_t *len)
{
	const struct strbuf *text = &flags_texts[flags & ((1u << RND_FLAG_COUNT) - 1)];

	pthread_once(&flags_texts_written, write_flags_texts);
	*len = text->len;
	return text->s;
}

void render_put_flags(struct strbuf *out, unsigned flags, bool json)
{
	if (!json) {
		size_t len;
		const char *text = render_flags_text(flags, &len);
		sb_add(out, text, len);
		return;
	}
	sb_putc(out, '[');
	if (flags) {
		sb_putc(out, '"');
		render_flags(out, flags, "\",\"", "");
		sb_putc(out, '"');
	}
	sb_putc(out, ']');
}

static void write_flags(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	unsigned flags = cx->r->rounding ? cx->r->rounding->flags : 0;

	(void)fld;
	render_put_flags(out, flags, cx->json);
}

static void write_ternary(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	sb_printf(out, "%d", cx->r->rounding ? cx->r->rounding->ternary : 0);
}

static void write_draw(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	if (rnd_mode_is_stochastic(cx->r->how.mode))
		sb_printf(out, "%llu", (unsigned long long)cx->r->how.sr_random);
	else
		sb_putc(out, '-');
}

static void write_class(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	sb_puts(out, cx->v->noncanonical ? cx->v->noncanonical : render_class_name(cx->v->cls));
}

/* The decoded value as exact, digits or hexfloat; NaN and inf by name. */
static void write_value(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	const struct fmt_value *v = cx->v;

	if (v->cls == FP_NAN || v->cls == FP_INF)
		dec_special(out, cx->f, cx->r->code, v);
	else if (fld == FIELD_EXACT)
		dec_exact(out, v->neg, v->sig, v->exp);
	else if (fld == FIELD_DIGITS)
		dec_digits(out, v->neg, v->sig, v->exp, dec_max_digits10(cx->f->precision));
	else
		dec_hexfloat(out, v->neg, v->sig, v->exp);
}

/* The readout's text for an error field or its ratio. */
static const struct strbuf *error_text(const struct readout *rd, enum field fld)
{
	const struct strbuf *const texts[FIELD_COUNT] = {
		[FIELD_ERROR] = &rd->error,		[FIELD_ULPS] = &rd->ulps,
		[FIELD_REL] = &rd->relative,		[FIELD_ERROR_RATIO] = &rd->error_ratio,
		[FIELD_ULPS_RATIO] = &rd->ulps_ratio,	[FIELD_REL_RATIO] = &rd->relative_ratio,
	};

	return texts[fld];
}

/* What a readout computes: error, ulps, rel and their ratios (for an exact input, 0),
 * neighbours; - where there is none (a ratio of a real's error included). */
static void write_readout_field(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	const struct readout *rd = cx->rd;
	const struct strbuf *text;

	if (fld == FIELD_BELOW || fld == FIELD_ABOVE) {
		const struct neighbour *nb = fld == FIELD_BELOW ? &rd->below : &rd->above;
		sb_puts(out, nb->exists ? nb->exact.s : "-");
		return;
	}
	text = error_text(rd, fld);
	if (rd->has_error && text->len)
		sb_puts(out, text->s);
	else if (rd->typed && !(rd->rounding.flags & RND_INEXACT) && rd->x.kind == NUM_FINITE)
		sb_putc(out, '0');
	else
		sb_putc(out, '-');
}

/* ---- A row's pieces, and a code's row --------------------------------------------------- */

void render_field_begin(struct strbuf *out, enum style style, int i, enum field fld)
{
	if (style == STYLE_JSON_MEMBERS) { /* a comma where one is needed: not just after "{" */
		render_json_item(out);
		sb_putc(out, '"');
		sb_puts(out, fields[fld].name);
		sb_puts(out, "\":");
	} else if (style == STYLE_JSON) {
		sb_puts(out, i ? ",\"" : "{\"");
		sb_puts(out, fields[fld].name);
		sb_puts(out, "\":");
	} else if (i)
		sb_putc(out, render_separator(style));
}

void render_row_end(struct strbuf *out, enum style style)
{
	if (style == STYLE_JSON)
		sb_putc(out, '}');
	sb_putc(out, '\n');
}

/* Does any of fl's fields come from `source`? Are all of them FROM_CODE? */
static bool any_from(const struct field_list *fl, enum field_source source)
{
	for (int i = 0; i < fl->count; i++)
		if (fields[fl->field[i]].source == source)
			return true;
	return false;
}

static bool all_from_code(const struct field_list *fl)
{
	for (int i = 0; i < fl->count; i++)
		if (fields[fl->field[i]].source != FROM_CODE)
			return false;
	return true;
}

/* The readout a row's FROM_READOUT fields come from, as far as they need it. */
static void make_readout(struct readout *rd, const struct fmt *f, const struct row *r, const struct field_list *fl)
{
	unsigned wanted = 0;

	static const unsigned need[FIELD_COUNT] = {
		[FIELD_ERROR] = READOUT_ERROR,
		[FIELD_ULPS] = READOUT_ULPS,
		[FIELD_REL] = READOUT_REL,
		[FIELD_ERROR_RATIO] = READOUT_ERROR | READOUT_RATIOS,
		[FIELD_ULPS_RATIO] = READOUT_ULPS | READOUT_RATIOS,
		[FIELD_REL_RATIO] = READOUT_REL | READOUT_RATIOS,
		[FIELD_BELOW] = READOUT_NEIGHBOURS,
		[FIELD_ABOVE] = READOUT_NEIGHBOURS,
	};

	for (int i = 0; i < fl->count; i++)
		wanted |= need[fl->field[i]];
	readout_for_row(rd, f, r->code, r->rounding ? r->value : NULL, r->how, r->rounding,
			r->approximate, wanted);
}

/* One field: straight into the row when nothing in it needs quoting (FROM_CODE in TSV
 * and CSV, and JSON's bare numbers and lists), else through the style's quoting. */
static void write_one(struct strbuf *out, struct strbuf *text, const struct field_context *cx, enum field fld,
		      enum style style)
{
	const struct field_row *row = &fields[fld];

	if ((row->source == FROM_CODE && !cx->json) || (cx->json && row->shape != AS_STRING) ||
	    (style == STYLE_TSV && row->source != FROM_INPUT)) {
		row->write(out, cx, fld);
		return;
	}
	sb_clear(text);
	row->write(text, cx, fld);
	render_quoted(out, text->s, style);
}

/* A row in a style; JSON_MEMBERS leaves out the braces and the newline. */
static void write_row(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl,
		      enum style style)
{
	struct field_context cx = { f, r, NULL, NULL, style == STYLE_JSON || style == STYLE_JSON_MEMBERS };
	struct fmt_value v;
	struct strbuf text;
	struct readout rd;

	if (style == STYLE_TSV && all_from_code(fl)) {
		for (int i = 0; i < fl->count; i++) {
			if (i)
				sb_putc(out, '\t');
			fields[fl->field[i]].write(out, &cx, fl->field[i]);
		}
		sb_putc(out, '\n');
		return;
	}
	fmt_value_init(&v); /* allocates nothing: GMP's mpz_init does not */
	if (any_from(fl, FROM_VALUE)) {
		fmt_decode(&v, f, r->code);
		cx.v = &v;
	}
	if (any_from(fl, FROM_READOUT)) {
		make_readout(&rd, f, r, fl);
		cx.rd = &rd;
	}
	sb_init(&text);
	for (int i = 0; i < fl->count; i++) {
		render_field_begin(out, style, i, fl->field[i]);
		write_one(out, &text, &cx, fl->field[i], style);
	}
	if (cx.json && r->approximate && any_from(fl, FROM_READOUT))
		render_json_bool(out, "approximate", true);
	if (style != STYLE_JSON_MEMBERS)
		render_row_end(out, style);
	if (cx.rd)
		readout_clear(&rd);
	sb_free(&text);
	fmt_value_clear(&v);
}

void render_row(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl,
		enum style style)
{
	write_row(out, f, r, fl, style);
}

void render_row_members(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl)
{
	write_row(out, f, r, fl, STYLE_JSON_MEMBERS);
}

bool render_fields_within(const struct field_list *fl, unsigned long allowed, enum field *stray)
{
	for (int i = 0; i < fl->count; i++)
		if (!(allowed & (1UL << fl->field[i]))) {
			*stray = fl->field[i];
			return false;
		}
	return true;
}
