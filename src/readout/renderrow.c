/*
 * renderrow.c — the rows that are not a code's fields computed (render.c): rows of ready
 * texts (the bulk commands' fast path among them), rows of a code alone, error rows,
 * headers, cells, and TSV as aligned columns. Never computes a field's text from a code
 * nor quotes one (renderjson.c).
 */
#include "render.h"

#include <string.h>

#include "decimal.h"

void render_header(struct strbuf *out, const struct field_list *fl, enum style style)
{
	for (int i = 0; i < fl->count; i++) {
		render_field_begin(out, style, i, fl->field[i]);
		sb_puts(out, render_field_name(fl->field[i]));
	}
	render_row_end(out, style);
}

/* ---- Rows of ready texts ----------------------------------------------------------------- */

/* The room a short text (at most 32 bytes, copied in one move of 32) and the byte
 * after it take: made for every field of a row at once, and for a longer text as it comes. */
#define SHORT_FIELD_ROOM 40

/* An input as typed, quoted as render_row() writes it (through the strbuf), with room
 * after it for the rest of the row's fields. */
static char *put_typed(struct strbuf *out, char *p, const char *text, enum style style, int fields_left)
{
	out->len = (size_t)(p - out->s);
	render_quoted(out, text, style);
	sb_reserve(out, (size_t)fields_left * SHORT_FIELD_ROOM + 2);
	return out->s + out->len;
}

/* A text of more than 32 bytes, with room for it and the rest of the row's fields. */
static char *put_long_text(struct strbuf *out, char *p, const struct render_text *t, int fields_left)
{
	out->len = (size_t)(p - out->s);
	sb_reserve(out, t->len + (size_t)fields_left * SHORT_FIELD_ROOM);
	p = out->s + out->len;
	sb_copy(p, t->text, t->len);
	return p + t->len;
}

/* A row of texts in TSV or CSV, the commonest: the texts a byte apart, written in place,
 * a short one in one move where 32 bytes may be read at it; the flags, and an input as
 * typed, as render_row() writes them. */
static void put_separated_texts(struct strbuf *out, const struct field_list *fl, enum style style,
				const struct text_row *r)
{
	unsigned special = 1u << FIELD_FLAGS | (r->typed ? 1u << FIELD_INPUT : 0);
	char sep = style == STYLE_CSV ? ',' : '\t', *p;
	struct render_text flags;
	int n = fl->count;

	sb_reserve(out, (size_t)n * SHORT_FIELD_ROOM + 2);
	p = out->s + out->len;
#pragma GCC unroll 8
	for (int i = 0; i < n; i++) {
		enum field fld = fl->field[i];
		const struct render_text *t = &r->text[fld];
		if (special & 1u << fld && fld == FIELD_FLAGS) {
			flags.text = render_flags_text(r->flags, &flags.len);
			flags.room = false;
			t = &flags;
		}
		if (special & 1u << fld && fld == FIELD_INPUT)
			p = put_typed(out, p, t->text, style, n - i - 1);
		else if (t->len > 32)
			p = put_long_text(out, p, t, n - i);
		else if (t->room)
			sb_copy32(p, t->text), p += t->len;
		else
			sb_copy(p, t->text, t->len), p += t->len;
		*p++ = sep;
	}
	if (n) /* the last separator */
		p--;
	*p++ = '\n';
	*p = '\0';
	out->len = (size_t)(p - out->s);
}

/* A row of texts as one JSON object: each field after its key. */
static void put_json_texts(struct strbuf *out, const struct field_list *fl, const struct text_row *r)
{
	if (r->item)
		render_json_item(out);
	for (int i = 0; i < fl->count; i++) {
		enum field fld = fl->field[i];
		const struct render_text *t = &r->text[fld];
		render_field_begin(out, STYLE_JSON, i, fld);
		if (fld == FIELD_FLAGS)
			render_put_flags(out, r->flags, true);
		else if (fld == FIELD_INPUT && r->typed)
			render_quoted(out, t->text, STYLE_JSON);
		else {
			sb_putc(out, '"');
			sb_add(out, t->text, t->len);
			sb_putc(out, '"');
		}
	}
	sb_putc(out, '}');
	if (!r->item)
		sb_putc(out, '\n');
}

void render_text_row(struct strbuf *out, const struct field_list *fl, enum style style, const struct text_row *r)
{
	if (style == STYLE_JSON)
		put_json_texts(out, fl, r);
	else
		put_separated_texts(out, fl, style, r);
}

/* ---- Rows of a code alone ---------------------------------------------------------------- */

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


void render_code_row(struct strbuf *out, const struct fmt *f, fpcode code, uint64_t shortest, long pow10,
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

/* ---- Error rows, cells, aligned columns ---------------------------------------------------- */

void render_error_row(struct strbuf *out, const struct fmt *f, const char *input, const char *message,
		      const struct field_list *fl, enum style style)
{
	if (style == STYLE_JSON) {
		sb_puts(out, "{\"input\":");
		render_quoted(out, input, style);
		if (f && render_has_field(fl, FIELD_FORMAT)) {
			sb_puts(out, ",\"format\":");
			render_quoted(out, f->name, style);
		}
		sb_puts(out, ",\"error\":");
		render_quoted(out, message, style);
		render_row_end(out, style);
		return;
	}
	for (int i = 0; i < fl->count; i++) {
		render_field_begin(out, style, i, fl->field[i]);
		render_quoted(out, fl->field[i] == FIELD_INPUT ? input : fl->field[i] == FIELD_FORMAT && f ? f->name : "error",
			     style);
	}
	render_row_end(out, style);
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
