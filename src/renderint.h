/*
 * renderint.h — what render.c (the fields), renderrow.c (the bytes around them) and
 * renderjson.c (quoting) share, and no other file includes.
 */
#ifndef FPX_RENDERINT_H
#define FPX_RENDERINT_H

#include "render.h"

/* A JSON row's members alone, each after a comma where one is needed, for a row nested
 * in an object that is already open (render_row_members()). */
#define STYLE_JSON_MEMBERS ((enum style)(STYLE_JSON + 1))

/* What comes before field i of a row (its separator, or JSON's key), and after its last. */
void render_field_begin(struct strbuf *out, enum style style, int i, enum field fld);
void render_row_end(struct strbuf *out, enum style style);
/* s (NUL-terminated) as a field of the style: TSV without tabs and newlines, CSV quoted
 * where it must be, a JSON string. */
void render_quoted(struct strbuf *out, const char *s, enum style style);
/* The flags field: its text in TSV and CSV, a list of strings in JSON. */
void render_put_flags(struct strbuf *out, unsigned flags, bool json);

#endif
