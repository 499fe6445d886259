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

static const char *const field_names[] = {
#define FIELD_NAME(id, name, help) name,
	FIELD_LIST(FIELD_NAME)
#undef FIELD_NAME
};

static const char *const field_helps[] = {
#define FIELD_HELP(id, name, help) help,
	FIELD_LIST(FIELD_HELP)
#undef FIELD_HELP
};

const char *render_field_name(enum field fld)
{
	return field_names[fld];
}

const char *render_field_help(enum field fld)
{
	return field_helps[fld];
}

const char *render_parse_fields(struct field_list *out, const char *text)
{
	out->count = 0;
	for (const char *p = text;;) {
		size_t len = strcspn(p, ",");
		int found = -1;
		for (int i = 0; i < FIELD_COUNT; i++)
			if (strlen(field_names[i]) == len && strncmp(field_names[i], p, len) == 0)
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
	bool first = true;

	for (unsigned bit = 1; bit < 1u << RND_FLAG_COUNT; bit <<= 1)
		if (flags & bit) {
			sb_puts(out, first ? "" : sep);
			sb_puts(out, rnd_flag_name(bit));
			first = false;
		}
	if (first)
		sb_puts(out, none);
}

/* The value of a decoded code in the form of one field; NaN and inf by name. */
static void write_value(struct strbuf *out, const struct fmt *f, const struct fmt_value *v, fpcode code,
			enum field fld)
{
	if (v->cls == FP_NAN || v->cls == FP_INF) {
		sb_puts(out, v->cls == FP_NAN ? "nan" : v->neg ? "-inf" : "inf");
		return;
	}
	switch (fld) {
	case FIELD_EXACT:
		dec_exact(out, v->neg, v->sig, v->exp);
		break;
	case FIELD_SHORTEST:
		dec_shortest(out, f, code);
		break;
	case FIELD_DIGITS:
		dec_digits(out, v->neg, v->sig, v->exp, dec_max_digits10(f->precision));
		break;
	default:
		dec_hexfloat(out, v->neg, v->sig, v->exp);
		break;
	}
}

/* Fields that need the code's value decoded (shortest works from the code). */
static bool needs_value(enum field fld)
{
	return fld != FIELD_INPUT && fld != FIELD_HEX && fld != FIELD_BIN && fld != FIELD_FLAGS && fld != FIELD_TERNARY &&
	       fld != FIELD_SHORTEST;
}

static bool needs_readout(enum field fld)
{
	return fld == FIELD_ERROR || fld == FIELD_ULPS || fld == FIELD_REL || fld == FIELD_BELOW || fld == FIELD_ABOVE;
}

bool render_needs_input(const struct field_list *fl)
{
	for (int i = 0; i < fl->count; i++)
		if (needs_readout(fl->field[i]))
			return true;
	return false;
}

/* The fields a readout computes: error, ulps, rel (for an exact input, 0), neighbours. */
static void write_readout_field(struct strbuf *out, const struct readout *rd, enum field fld)
{
	const struct neighbour *nb = fld == FIELD_BELOW ? &rd->below : &rd->above;
	const struct strbuf *text = fld == FIELD_ERROR ? &rd->error : fld == FIELD_ULPS ? &rd->ulps : &rd->relative;

	if (fld == FIELD_BELOW || fld == FIELD_ABOVE)
		sb_puts(out, nb->exists ? nb->exact.s : "-");
	else if (rd->has_error && text->len)
		sb_puts(out, text->s);
	else
		sb_puts(out, rd->typed && !(rd->rounding.flags & RND_INEXACT) && rd->x.kind == NUM_FINITE ? "0" : "-");
}

static void write_field(struct strbuf *out, const struct fmt *f, const struct row *r, const struct fmt_value *v,
			enum field fld)
{
	char buf[CODE_MAX_BITS + 3];

	switch (fld) {
	case FIELD_INPUT:
		sb_puts(out, r->input ? r->input : "");
		break;
	case FIELD_HEX: /* written in place: the bulk conversions' one field */
		sb_reserve(out, CODE_MAX_BITS / 4 + 3);
		code_to_hex(out->s + out->len, r->code, fmt_hex_digits(f));
		out->len += (size_t)fmt_hex_digits(f) + 2;
		break;
	case FIELD_BIN:
		code_to_bin(buf, r->code, f->bits);
		sb_puts(out, buf);
		break;
	case FIELD_CLASS:
		sb_puts(out, render_class_name(v->cls));
		break;
	case FIELD_FLAGS:
		render_flags(out, r->rounding ? r->rounding->flags : 0, "|", "-");
		break;
	case FIELD_TERNARY:
		sb_printf(out, "%d", r->rounding ? r->rounding->ternary : 0);
		break;
	case FIELD_SHORTEST:
		dec_shortest(out, f, r->code);
		break;
	default:
		write_value(out, f, v, r->code, fld);
		break;
	}
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
static void write_quoted(struct strbuf *out, const char *s, enum style style)
{
	if (style == STYLE_TSV) {
		for (; *s; s++) {
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
	if (style == STYLE_JSON_MEMBERS) {
		sb_puts(out, ",\"");
		sb_puts(out, field_names[fld]);
		sb_puts(out, "\":");
	} else if (style == STYLE_JSON) {
		sb_puts(out, i ? ",\"" : "{\"");
		sb_puts(out, field_names[fld]);
		sb_puts(out, "\":");
	} else if (i)
		sb_putc(out, style == STYLE_CSV ? ',' : '\t');
}

static void end_row(struct strbuf *out, enum style style)
{
	if (style == STYLE_JSON)
		sb_putc(out, '}');
	sb_putc(out, '\n');
}

/* Fields written from the code and the rounding alone, with nothing to quote in TSV:
 * the bulk conversions' fields, which then go straight into the row. */
static bool from_code_alone(const struct field_list *fl)
{
	for (int i = 0; i < fl->count; i++)
		if (fl->field[i] != FIELD_HEX && fl->field[i] != FIELD_SHORTEST && fl->field[i] != FIELD_FLAGS &&
		    fl->field[i] != FIELD_BIN)
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

static void write_row(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl,
		      enum style style)
{
	bool json = style == STYLE_JSON || style == STYLE_JSON_MEMBERS;
	struct fmt_value v;
	struct strbuf text;
	struct readout rd;
	bool have_readout = false;

	if (style == STYLE_TSV && from_code_alone(fl)) {
		for (int i = 0; i < fl->count; i++) {
			if (i)
				sb_putc(out, '\t');
			write_field(out, f, r, NULL, fl->field[i]);
		}
		sb_putc(out, '\n');
		return;
	}
	fmt_value_init(&v); /* allocates nothing: GMP's mpz_init does not */
	sb_init(&text);
	for (int i = 0; i < fl->count; i++)
		if (needs_value(fl->field[i])) {
			fmt_decode(&v, f, r->code);
			break;
		}
	for (int i = 0; i < fl->count; i++) {
		enum field fld = fl->field[i];
		begin_field(out, style, i, fld);
		if (json && fld == FIELD_FLAGS) {
			sb_putc(out, '[');
			if (r->rounding && r->rounding->flags) {
				sb_putc(out, '"');
				render_flags(out, r->rounding->flags, "\",\"", "");
				sb_putc(out, '"');
			}
			sb_putc(out, ']');
			continue;
		}
		if (json && fld == FIELD_TERNARY) {
			write_field(out, f, r, &v, fld);
			continue;
		}
		if (style == STYLE_TSV && !needs_readout(fld) && fld != FIELD_INPUT) {
			write_field(out, f, r, &v, fld); /* no field but input can hold a tab or newline */
			continue;
		}
		sb_clear(&text);
		if (needs_readout(fld) && !have_readout) {
			if (r->rounding)
				readout_of_value(&rd, f, r->input, r->value, r->mode, r->saturate, r->rounding);
			else
				readout_of_code(&rd, f, r->input, r->code, r->mode, r->saturate);
			have_readout = true;
		}
		if (needs_readout(fld))
			write_readout_field(&text, &rd, fld);
		else
			write_field(&text, f, r, &v, fld);
		write_quoted(out, text.s, style);
	}
	if (style != STYLE_JSON_MEMBERS)
		end_row(out, style);
	if (have_readout)
		readout_clear(&rd);
	sb_free(&text);
	fmt_value_clear(&v);
}

void render_error_row(struct strbuf *out, const char *input, const char *message, const struct field_list *fl,
		      enum style style)
{
	if (style == STYLE_JSON) {
		sb_puts(out, "{\"input\":");
		write_quoted(out, input, style);
		sb_puts(out, ",\"error\":");
		write_quoted(out, message, style);
		end_row(out, style);
		return;
	}
	for (int i = 0; i < fl->count; i++) {
		begin_field(out, style, i, fl->field[i]);
		write_quoted(out, fl->field[i] == FIELD_INPUT ? input : "error", style);
	}
	end_row(out, style);
}

void render_header(struct strbuf *out, const struct field_list *fl, enum style style)
{
	for (int i = 0; i < fl->count; i++) {
		begin_field(out, style, i, fl->field[i]);
		sb_puts(out, field_names[fl->field[i]]);
	}
	end_row(out, style);
}

void render_fields(struct strbuf *out, const struct field_list *fl, const char *const text[FIELD_COUNT],
		   unsigned flags, enum style style)
{
	for (int i = 0; i < fl->count; i++) {
		enum field fld = fl->field[i];
		begin_field(out, style, i, fld);
		if (fld != FIELD_FLAGS)
			write_quoted(out, text[fld] ? text[fld] : "", style);
		else if (style != STYLE_JSON)
			render_flags(out, flags, "|", "-");
		else {
			sb_putc(out, '[');
			if (flags) {
				sb_putc(out, '"');
				render_flags(out, flags, "\",\"", "");
				sb_putc(out, '"');
			}
			sb_putc(out, ']');
		}
	}
	if (style == STYLE_JSON)
		sb_putc(out, '}');
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
