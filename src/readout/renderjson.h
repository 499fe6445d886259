/*
 * renderjson.h — texts as each output style writes them (renderjson.c): quoted for TSV
 * and CSV, escaped as JSON strings, and JSON objects member by member. Knows nothing of
 * fields or rows (render.h).
 */
#ifndef FPX_RENDERJSON_H
#define FPX_RENDERJSON_H

#include <stdbool.h>

#include "code.h"
#include "format.h"
#include "strbuf.h"

enum style { STYLE_TSV, STYLE_CSV, STYLE_JSON };

/* The byte between fields: ',' in CSV, a tab in TSV, 0 in JSON (which has no one). */
static inline char render_separator(enum style style)
{
	return style == STYLE_CSV ? ',' : style == STYLE_TSV ? '\t' : 0;
}
/* s (NUL-terminated) as a field of the style: TSV without tabs and newlines, CSV quoted
 * where it must be, a JSON string. */
void render_quoted(struct strbuf *out, const char *s, enum style style);
/* s with every control byte written \xNN, for text a person reads (a readout). */
void render_escaped(struct strbuf *out, const char *s);
/* A space-separated list of words (a format's aliases) as a JSON array of strings. */
void render_json_words(struct strbuf *out, const char *list);
/* s as a JSON string, quotes included. */
void render_json_string(struct strbuf *out, const char *s);

/*
 * JSON objects member by member, nested as deep as need be: each member writes the
 * comma it needs (none after "{", "[", a newline or at the start of the buffer) and
 * its key; the caller writes the braces and brackets. Every command's JSON goes
 * through these and render_row().
 */
void render_json_key(struct strbuf *out, const char *key);
/* The comma before an item of a list or a member, where one is needed. */
void render_json_item(struct strbuf *out);
/* "key":"text", or "key":null when text is NULL. */
void render_json_text(struct strbuf *out, const char *key, const char *text);
/* "key":"N" (numbers are strings), "key":true, "key":"0x7e". */
void render_json_long(struct strbuf *out, const char *key, long v);
void render_json_bool(struct strbuf *out, const char *key, bool v);
void render_json_code(struct strbuf *out, const char *key, const struct fmt *f, fpcode code);

#endif
