/*
 * renderjson.c — texts as each style writes them: quoted for TSV and CSV, escaped as
 * JSON strings, and JSON objects member by member. Never decides which fields a row
 * holds nor where a row ends (render.c, renderrow.c).
 *
 * TSV fields never hold a tab or newline (they are replaced by spaces); CSV fields
 * are quoted when they must be (RFC 4180); JSON strings are escaped fully, and every
 * number is a string holding an exact decimal, so no reader rounds it.
 */
#include "renderjson.h"

#include <stdio.h>
#include <string.h>

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

/* The length of s's leading run of printable bytes (no control byte, DEL included),
 * which every style writes as it is but for CSV's commas and quotes. */
static size_t printable_run(const char *s)
{
	size_t n = 0;

	while ((unsigned char)s[n] >= 0x20 && s[n] != 0x7f) /* not a control byte (NUL included) */
		n++;
	return n;
}

/* TSV and CSV never write a control byte (an ESC would reach the terminal): a tab, CR
 * or newline becomes a space in TSV and stays quoted in CSV, any other is \xNN. */
void render_quoted(struct strbuf *out, const char *s, enum style style)
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
	render_quoted(out, s, STYLE_JSON);
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
