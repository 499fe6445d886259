/*
 * mxemit.h — a block of `fpx mx`'s elements rounded into the element format and written
 * as rows (mxemit.c): its scale, each element, its worst error; and the rows of mx's flat
 * table. Never reads an input.
 */
#ifndef FPX_MXEMIT_H
#define FPX_MXEMIT_H

#include "mxblock.h"
#include "render.h"
#include "settings.h"

/* mx's fields by default: input, hex, exact, error. */
extern const struct field_list mx_default_fields;

/* The block's rows: its scale, each element, the worst error. */
void mx_emit_block(struct strbuf *out, const struct settings *s, struct block *b, const struct element_format *ef);
/* One element's row (mxemit.c says which fields, how). */
void mx_put_element(struct strbuf *out, const struct settings *s, const struct block *b, long i,
		    const struct element_format *ef, fpcode code, const struct strbuf *exact, const struct strbuf *error);
/* A block's first row (its scale; in the flat table, the start of each element row
 * instead), and its last (the worst error; none in the flat table). */
void mx_put_block_scale(struct strbuf *out, const struct settings *s, struct block *b, const char *hex,
			const char *exact);
void mx_put_worst_error(struct strbuf *out, const struct settings *s, const char *error);
/* Whether the rows are one flat table, a row per element: --csv, or TSV with --header. */
bool mx_flat(const struct settings *s);
/* The flat table's header: its own columns, then -o's. */
void mx_put_flat_header(struct strbuf *out, const struct settings *s);

#endif
