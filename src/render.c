/*
 * render.c — output fields and the three ways of writing a row.
 *
 * TSV fields never hold a tab or newline (they are replaced by spaces); CSV fields
 * are quoted when they must be (RFC 4180); JSON strings are escaped fully, and every
 * number is a string holding an exact decimal, so no reader rounds it.
 */
#include "render.h"

#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "readout.h"

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

/* inexact|tie, or - ; in JSON a list of strings. Each set of flags is written once
 * and kept (rows write the same few again and again). */
const char *render_flags_text(unsigned flags, size_t *len)
{
	static struct strbuf kept[1u << RND_FLAG_COUNT];
	struct strbuf *text = &kept[flags & ((1u << RND_FLAG_COUNT) - 1)];

	if (!text->len)
		render_flags(text, flags, "|", "-");
	*len = text->len;
	return text->s;
}

static void put_flags(struct strbuf *out, unsigned flags, bool json)
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
	put_flags(out, flags, cx->json);
}

static void write_ternary(struct strbuf *out, const struct field_context *cx, enum field fld)
{
	(void)fld;
	sb_printf(out, "%d", cx->r->rounding ? cx->r->rounding->ternary : 0);
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

/* ---- Rows ------------------------------------------------------------------------------ */

static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

void render_escaped(struct strbuf *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (is_control(c))
			sb_printf(out, "\\x%02x", c);
		else
			sb_putc(out, (char)c);
	}
}

/* TSV and CSV never write a control byte (an ESC would reach the terminal): a tab, CR
 * or newline becomes a space in TSV and stays quoted in CSV, any other is \xNN. */
/* The length of s's leading run of printable bytes (no control byte, DEL included),
 * which every style writes as it is but for CSV's commas and quotes. */
static size_t printable_run(const char *s)
{
	size_t n = 0;

	while ((unsigned char)s[n] >= 0x20 && s[n] != 0x7f) /* not a control byte (NUL included) */
		n++;
	return n;
}

static void write_quoted(struct strbuf *out, const char *s, enum style style)
{
	if (style == STYLE_TSV) {
		size_t run = printable_run(s);
		sb_add(out, s, run); /* most fields whole, in one copy */
		for (s += run; *s; s++) {
			unsigned char c = (unsigned char)*s;
			if (c == '\t' || c == '\n' || c == '\r')
				sb_putc(out, ' ');
			else if (is_control(c))
				sb_printf(out, "\\x%02x", c);
			else
				sb_putc(out, (char)c);
		}
	} else if (style == STYLE_CSV) {
		if (!s[strcspn(s, ",\"\r\n")]) {
			render_escaped(out, s);
			return;
		}
		sb_putc(out, '"');
		for (; *s; s++) {
			unsigned char c = (unsigned char)*s;
			if (c == '"')
				sb_putc(out, '"');
			if (is_control(c) && c != '\r' && c != '\n')
				sb_printf(out, "\\x%02x", c);
			else
				sb_putc(out, (char)c);
		}
		sb_putc(out, '"');
	} else {
		sb_putc(out, '"');
		for (; *s; s++) {
			unsigned char c = (unsigned char)*s;
			if (c == '"' || c == '\\')
				sb_printf(out, "\\%c", c);
			else if (c < 0x20 || c == 0x7f)
				sb_printf(out, "\\u%04x", c);
			else
				sb_putc(out, (char)c);
		}
		sb_putc(out, '"');
	}
}

void render_json_string(struct strbuf *out, const char *s)
{
	write_quoted(out, s, STYLE_JSON);
}

void render_json_item(struct strbuf *out)
{
	char last = out->len ? out->s[out->len - 1] : '\n';

	if (last != '{' && last != '[' && last != '\n')
		sb_putc(out, ',');
}

void render_json_key(struct strbuf *out, const char *key)
{
	render_json_item(out);
	render_json_string(out, key);
	sb_putc(out, ':');
}

void render_json_text(struct strbuf *out, const char *key, const char *text)
{
	render_json_key(out, key);
	if (text)
		render_json_string(out, text);
	else
		sb_puts(out, "null");
}

void render_json_long(struct strbuf *out, const char *key, long v)
{
	char text[32];

	snprintf(text, sizeof text, "%ld", v);
	render_json_text(out, key, text);
}

void render_json_bool(struct strbuf *out, const char *key, bool v)
{
	render_json_key(out, key);
	sb_puts(out, v ? "true" : "false");
}

void render_json_code(struct strbuf *out, const char *key, const struct fmt *f, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	render_json_text(out, key, hex);
}

/* STYLE_JSON_MEMBERS: a JSON row's members alone, each after a comma, for a row nested
 * in an object that is already open (render_row_members()). */
#define STYLE_JSON_MEMBERS ((enum style)(STYLE_JSON + 1))

void render_json_words(struct strbuf *out, const char *list)
{
	bool first = true;

	sb_putc(out, '[');
	for (const char *p = list + strspn(list, " "); *p; first = false) {
		size_t n = strcspn(p, " ");
		char word[FMT_NAME_MAX];
		snprintf(word, sizeof word, "%.*s", (int)n, p);
		if (!first)
			sb_putc(out, ',');
		render_json_string(out, word);
		p += n + strspn(p + n, " ");
	}
	sb_putc(out, ']');
}

static void begin_field(struct strbuf *out, enum style style, int i, enum field fld)
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

static void end_row(struct strbuf *out, enum style style)
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

/* A row in a style; JSON_MEMBERS leaves out the braces and the newline. */
static void write_row(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl,
		      enum style style);

void render_row(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl,
		enum style style)
{
	write_row(out, f, r, fl, style);
}

void render_row_members(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl)
{
	write_row(out, f, r, fl, STYLE_JSON_MEMBERS);
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
	readout_for_row(rd, f, r->code, r->rounding ? r->value : NULL, r->mode, r->saturate, r->rounding,
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
	write_quoted(out, text->s, style);
}

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
		begin_field(out, style, i, fl->field[i]);
		write_one(out, &text, &cx, fl->field[i], style);
	}
	if (cx.json && r->approximate && any_from(fl, FROM_READOUT))
		render_json_bool(out, "approximate", true);
	if (style != STYLE_JSON_MEMBERS)
		end_row(out, style);
	if (cx.rd)
		readout_clear(&rd);
	sb_free(&text);
	fmt_value_clear(&v);
}

enum bulk_rows render_bulk_rows(const struct field_list *fl, enum style style)
{
	if (style == STYLE_JSON)
		return BULK_ROWS_NONE;
	if (fl->count == 1 && fl->field[0] == FIELD_HEX)
		return BULK_ROWS_HEX;
	if (fl->count == 1 && fl->field[0] == FIELD_SHORTEST)
		return BULK_ROWS_SHORTEST;
	if (fl->count == 2 && fl->field[0] == FIELD_HEX && fl->field[1] == FIELD_SHORTEST)
		return BULK_ROWS_HEX_SHORTEST;
	return BULK_ROWS_NONE;
}

void render_bulk_row_digits(struct strbuf *out, const struct fmt *f, fpcode code, uint64_t shortest, long pow10,
			    enum bulk_rows rows, enum style style)
{
	int digits = fmt_hex_digits(f);

	sb_reserve(out, CODE_MAX_BITS / 4 + 3);
	if (rows != BULK_ROWS_SHORTEST) {
		if (digits <= 16) { /* the 16 digits the block writes fit: the newline comes after */
			char *p = out->s + out->len;
			p[0] = '0';
			p[1] = 'x';
			code_hex_digits(p + 2, (uint64_t)code, digits);
		} else
			code_to_hex(out->s + out->len, code, digits);
		out->len += (size_t)digits + 2;
	}
	if (bulk_rows_shortest(rows)) { /* FROM_CODE fields: never quoted */
		if (rows == BULK_ROWS_HEX_SHORTEST)
			out->s[out->len++] = render_separator(style);
		if (shortest)
			dec_scaled_word(out, (code & f->sign_bit) != 0, shortest, pow10);
		else
			dec_shortest(out, f, code);
		sb_putc(out, '\n');
	} else
		out->s[out->len++] = '\n';
}

void render_error_row(struct strbuf *out, const struct fmt *f, const char *input, const char *message,
		      const struct field_list *fl, enum style style)
{
	if (style == STYLE_JSON) {
		sb_puts(out, "{\"input\":");
		write_quoted(out, input, style);
		if (f && render_has_field(fl, FIELD_FORMAT)) {
			sb_puts(out, ",\"format\":");
			write_quoted(out, f->name, style);
		}
		sb_puts(out, ",\"error\":");
		write_quoted(out, message, style);
		end_row(out, style);
		return;
	}
	for (int i = 0; i < fl->count; i++) {
		begin_field(out, style, i, fl->field[i]);
		write_quoted(out, fl->field[i] == FIELD_INPUT ? input : fl->field[i] == FIELD_FORMAT && f ? f->name : "error",
			     style);
	}
	end_row(out, style);
}

#define ALIGNED_MAX_COLUMNS 16

void render_aligned(struct strbuf *out, const char *tsv, const char *indent)
{
	size_t width[ALIGNED_MAX_COLUMNS] = { 0 };

	for (const char *p = tsv; *p; p += *p == '\n') /* the widths */
		for (int col = 0; *p && *p != '\n'; col++) {
			size_t n = strcspn(p, "\t\n");
			if (col < ALIGNED_MAX_COLUMNS && p[n] == '\t' && n > width[col]) /* a last cell takes no room */
				width[col] = n;
			p += n + (p[n] == '\t');
		}
	for (const char *p = tsv; *p; p += *p == '\n') {
		sb_puts(out, indent);
		for (int col = 0; *p && *p != '\n'; col++) {
			size_t n = strcspn(p, "\t\n");
			sb_add(out, p, n);
			p += n;
			if (*p == '\t') {
				for (size_t pad = col < ALIGNED_MAX_COLUMNS ? width[col] - n : 0; pad; pad--)
					sb_putc(out, ' ');
				sb_puts(out, "  ");
				p++;
			}
		}
		sb_putc(out, '\n');
	}
}

void render_header(struct strbuf *out, const struct field_list *fl, enum style style)
{
	for (int i = 0; i < fl->count; i++) {
		begin_field(out, style, i, fl->field[i]);
		sb_puts(out, fields[fl->field[i]].name);
	}
	end_row(out, style);
}

void render_fields(struct strbuf *out, const struct field_list *fl, const char *const text[FIELD_COUNT],
		   unsigned flags, enum style style)
{
	for (int i = 0; i < fl->count; i++) {
		enum field fld = fl->field[i];
		const char *t = text[fld] ? text[fld] : "";
		if (style != STYLE_TSV && style != STYLE_CSV)
			begin_field(out, style, i, fld);
		else if (i) /* begin_field()'s separator, without the call */
			sb_putc(out, render_separator(style));
		if (fld == FIELD_FLAGS)
			put_flags(out, flags, style == STYLE_JSON);
		else if (fld == FIELD_INPUT || style == STYLE_JSON)
			write_quoted(out, t, style);
		else /* a number fpx wrote: nothing in it is quoted in TSV or CSV */
			sb_puts_short(out, t);
	}
	if (style == STYLE_JSON)
		sb_putc(out, '}');
}

/* What comes before field i of fl written in place (a separator, or in JSON its key
 * and the text's opening quote): at most FIELD_OPEN_MAX bytes. */
#define FIELD_OPEN_MAX 24
static char *field_open(char *p, const struct field_list *fl, int i, enum style style)
{
	if (style == STYLE_JSON) { /* begin_field()'s key, and the text's opening quote */
		const char *name = fields[fl->field[i]].name;
		size_t n = strlen(name);
		*p++ = i ? ',' : '{';
		*p++ = '"';
		sb_copy(p, name, n);
		p += n;
		*p++ = '"';
		*p++ = ':';
		*p++ = '"';
	} else if (i)
		*p++ = render_separator(style);
	return p;
}

static inline char *put_text(char *p, const struct render_text *t)
{
	if (t->room && t->len <= 32)
		sb_copy32(p, t->text);
	else
		sb_copy(p, t->text, t->len);
	return p + t->len;
}

void render_plain_fields(struct strbuf *out, const struct field_list *fl, const struct render_text text[FIELD_COUNT],
			 enum style style)
{
	size_t need = 2 * FIELD_OPEN_MAX + 32;
	char *p;

	for (int i = 0; i < fl->count; i++)
		need += text[fl->field[i]].len + FIELD_OPEN_MAX;
	sb_reserve(out, need);
	p = out->s + out->len;
	if (style != STYLE_JSON) { /* the commonest rows: the texts, a byte apart */
		char separator = render_separator(style);
		for (int i = 0; i < fl->count; i++) {
			if (i)
				*p++ = separator;
			p = put_text(p, &text[fl->field[i]]);
		}
		*p++ = '\n';
	} else {
		for (int i = 0; i < fl->count; i++) {
			p = field_open(p, fl, i, style);
			p = put_text(p, &text[fl->field[i]]);
			*p++ = '"';
		}
		*p++ = '}';
	}
	*p = '\0';
	out->len = (size_t)(p - out->s);
}

void render_cells(struct strbuf *out, const char *const name[], const char *const cell[], int n, enum style style,
		  bool lead)
{
	if (style == STYLE_JSON) {
		sb_putc(out, '{');
		for (int i = 0; i < n; i++)
			render_json_text(out, name[i], cell[i]);
		if (!lead)
			sb_puts(out, "}\n");
		return;
	}
	for (int i = 0; i < n; i++) {
		if (i && !lead)
			sb_putc(out, render_separator(style));
		sb_puts(out, cell[i]);
		if (lead)
			sb_putc(out, render_separator(style));
	}
	if (!lead)
		sb_putc(out, '\n');
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
