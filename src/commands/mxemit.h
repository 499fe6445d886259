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
/* The same from the texts in b->exact and b->error, which are then emptied for the
 * next (they are empty between rows). */
void mx_put_texts_element(struct strbuf *out, const struct settings *s, struct block *b, long i,
			  const struct element_format *ef, fpcode code);
/* A block's first row (its scale; in the flat table, the start of each element row
 * instead), and its last (the worst error; none in the flat table). */
void mx_put_block_scale(struct strbuf *out, const struct settings *s, struct block *b, const char *hex,
			const char *exact);
void mx_put_worst_error(struct strbuf *out, const struct settings *s, const char *error);
/* A block whose scale is NaN: every element decodes to NaN. */
void mx_nan_block(struct strbuf *out, const struct settings *s, const struct block *b, const struct element_format *ef);
/* An E8M0 scale's row: nan, or 2^e (mx_put_block_scale(); in TSV "2^e = " and its value,
 * the row made once for each scale). */
void mx_put_scale(struct strbuf *out, const struct settings *s, struct block *b, bool nan, long e);
/* The worst error of a block: the largest of that of its elements made in words, that
 * of those made as digits (in_text; NULL for none) and that of those made as rationals
 * (any_rational; approximate for a real's stand-in). */
struct dec_text;
void mx_put_block_worst(struct strbuf *out, const struct settings *s, struct dec_words *in_words,
			struct dec_text *in_text, mpq_t worst, bool any_rational, bool approximate);
/* ---- mxcodes.c ---------------------------------------------------------------------------- */

/* The block's table of a small element format's codes (each code's value as
 * fmt_grid_rank_value() gives it, or MXINT8's v·2^−6, and the text of that times the
 * scale, made when first asked for), made the first time; NULL for a wider format. */
struct code_table *mx_code_table(struct block *b, const struct element_format *ef);

/* ---- mxtext.c: elements' exact values and errors as digits (dectext.h) ------------------ */

/* The largest |error| of a block's elements made as digits: whether there is one, a
 * power of two not above it (2^over ≤ it), and its digits (mxtext.c's, kept for the run). */
struct worst_text {
	bool any;
	long over;
	struct dec_text *digits;
};
/* Element i's error, as digits, kept in worst where it is the larger: its code `code`,
 * the scale X = 2^e; false, nothing kept, where it is no plain decimal's (a value, a
 * real's stand-in), the code no value of a grid in a word, or the digits decline. */
bool mx_text_error_kept(struct worst_text *worst, const struct block *b, const struct element_format *ef, long i,
			fpcode code, long e);
/* Element i of a float format, a plain decimal words do not hold, made as digits: its
 * code (*code where coded, else by rnd_encode_decimal(), or a long one's by the ends of
 * its first 19 digits),
 * the value that decodes to and its error exactly, their texts into b->exact and
 * b->error where -o asks for them, its |error| kept in worst unless its code's bound
 * puts it below 2^known. False, nothing written, where the code is not so decided or
 * the digits decline (the rationals then decide). */
bool mx_text_element(fpcode *code, bool coded, struct block *b, const struct element_format *ef, long i, long e,
		     long known, struct worst_text *worst);

/* Whether the rows are one flat table, a row per element: --csv, or TSV with --header. */
bool mx_flat(const struct settings *s);
/* The flat table's header: its own columns, then -o's. */
void mx_put_flat_header(struct strbuf *out, const struct settings *s);

#endif
