/*
 * render.h — a converted code written as the output fields a user asked for, in TSV,
 * CSV or JSON (one object per line). Never converts: it is given the code and what
 * the rounding said about it.
 *
 * A row is the fields of a field_list in a style; a field is one of FIELD_LIST's. Texts
 * that are not fields (mx's scale rows, map's operands) are cells (render_cells()).
 * The bytes between fields and cells are render's alone (renderrow.c). Rows come from a
 * code (render_row(); render_code_row() for the code-alone rows of the bulk fast path)
 * or from ready texts (render_text_row(), with the fast path of quantize's and mx's).
 */
#ifndef FPX_RENDER_H
#define FPX_RENDER_H

#include <stdbool.h>

#include "format.h"
#include "num.h"
#include "renderjson.h"
#include "round.h"
#include "strbuf.h"

/*
 * The output fields, one row each: the name -o takes, what the field is computed from,
 * how JSON writes it, its writer (render.c), and its help. Adding a field is a row here
 * and its writer. What a row needs follows from the sources of its fields: the decoded
 * value only for FROM_VALUE fields, a readout only for FROM_READOUT ones, and rows of
 * FROM_CODE fields alone go straight into TSV.
 */
#define FIELD_LIST(X) \
	X(INPUT, "input", FROM_INPUT, AS_STRING, write_input, "the input as typed") \
	X(FORMAT, "format", FROM_INPUT, AS_STRING, write_format, "the format's name (a -F file's may need quoting)") \
	X(HEX, "hex", FROM_CODE, AS_STRING, write_hex, "the code in hex, 0x and ceil(bits/4) digits") \
	X(BIN, "bin", FROM_CODE, AS_STRING, write_bin, "the code in binary, 0b and one digit a bit") \
	X(CLASS, "class", FROM_VALUE, AS_STRING, write_class, "zero, subnormal, normal, inf or nan") \
	X(EXACT, "exact", FROM_VALUE, AS_STRING, write_value, "the stored value, exactly, in decimal") \
	X(SHORTEST, "shortest", FROM_CODE, AS_STRING, write_shortest, "the shortest decimal that reads back to the code") \
	X(DIGITS, "digits", FROM_VALUE, AS_STRING, write_value, "the value to max_digits10 significant digits") \
	X(HEXFLOAT, "hexfloat", FROM_VALUE, AS_STRING, write_value, "the stored value as a hex float") \
	X(ERROR, "error", FROM_READOUT, AS_STRING, write_readout_field, \
	  "stored - input (~ and 25 digits if it does not end), - if none") \
	X(ULPS, "ulps", FROM_READOUT, AS_STRING, write_readout_field, "the error in units of the gap rounded across (~ likewise)") \
	X(REL, "rel", FROM_READOUT, AS_STRING, write_readout_field, "the error relative to the input (~ likewise)") \
	X(ERROR_RATIO, "error_ratio", FROM_READOUT, AS_STRING, write_readout_field, \
	  "the error exactly, n/d in lowest terms; - for a real's") \
	X(ULPS_RATIO, "ulps_ratio", FROM_READOUT, AS_STRING, write_readout_field, "ulps exactly, n/d") \
	X(REL_RATIO, "rel_ratio", FROM_READOUT, AS_STRING, write_readout_field, "rel exactly, n/d") \
	X(BELOW, "below", FROM_READOUT, AS_STRING, write_readout_field, "the next value below, in value order; - if none") \
	X(ABOVE, "above", FROM_READOUT, AS_STRING, write_readout_field, "the next value above, in value order; - if none") \
	X(FLAGS, "flags", FROM_CODE, AS_LIST, write_flags, "inexact|tie|overflow|underflow|saturated|invalid|divbyzero, or -") \
	X(TERNARY, "ternary", FROM_CODE, AS_NUMBER, write_ternary, \
	  "-1, 0 or 1: stored value below, equal to or above the input") \
	X(R, "r", FROM_CODE, AS_NUMBER, write_draw, "a stochastic mode's draw R (map: r varies), - in the others")

enum field {
#define FIELD_ENUM(id, name, source, shape, writer, help) FIELD_##id,
	FIELD_LIST(FIELD_ENUM)
#undef FIELD_ENUM
	FIELD_COUNT
};

#define MAX_FIELDS 32

struct field_list {
	enum field field[MAX_FIELDS];
	int count;
};

/* Parses "hex,shortest"; on error returns the offending name's start. */
const char *render_parse_fields(struct field_list *out, const char *text);
const char *render_field_name(enum field fld);
/* Does any field need the exact input (error, ulps, rel, below, above)? */
bool render_needs_input(const struct field_list *fl);
/* Are they the same fields, in the same order? */
bool render_same_fields(const struct field_list *a, const struct field_list *b);
/* Is fld one of the fields? */
bool render_has_field(const struct field_list *fl, enum field fld);
const char *render_field_help(enum field fld);

/* One row: a code of f, the input that made it, and (when it was rounded) the result. */
struct row {
	const char *input;
	fpcode code;
	const struct rnd_result *rounding; /* NULL for a code given or enumerated */
	const struct num *value;           /* the exact input, when rounding is given */
	bool approximate;                  /* ... or a stand-in close to it (a real: readout.h) */
	struct rnd_spec how;      /* how it was rounded */
};

/* The pieces of a row, for renderrow.c: what comes before field i (its separator, or
 * JSON's key), what ends a row (JSON's brace, the newline), and the flags field (its
 * text in TSV and CSV, a list of strings in JSON). */
void render_field_begin(struct strbuf *out, enum style style, int i, enum field fld);
void render_row_end(struct strbuf *out, enum style style);
void render_put_flags(struct strbuf *out, unsigned flags, bool json);
/* The header: the fields' names as a row. */
void render_header(struct strbuf *out, const struct field_list *fl, enum style style);
/* A code's row (convert, cast, dump, table, map, compare): each field computed from the
 * row, TSV or CSV fields and a newline, or one JSON object and a newline. */
void render_row(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl,
		enum style style);
/* The same row's JSON members alone, each after a comma where one is needed, for a row
 * nested in an object the caller has opened (compare's routes, map's operands): no
 * braces, no newline. */
void render_row_members(struct strbuf *out, const struct fmt *f, const struct row *r, const struct field_list *fl);
/* A field's ready text, len bytes at text; with room, 32 bytes may be read there (a
 * short one is then copied in one move). */
struct render_text {
	const char *text;
	size_t len;
	bool room;
};
/* A row of ready texts, for rows that are not one code of a format (quantize's, mx's
 * elements): text[FIELD_x] for each field of the list (no other is read), and the flags
 * field's flags. Nothing in the texts needs quoting in any style (numbers fpx wrote,
 * plain decimals as fastdec_scan_line() reads them) but the input with typed: the
 * input as typed, NUL-terminated. With item, a JSON row is an item of a list the caller
 * opened: after a comma where one is needed, and no newline. */
struct text_row {
	struct render_text text[FIELD_COUNT];
	unsigned flags;
	bool typed, item;
};
/* Such a row: TSV or CSV fields and a newline, or one JSON object. In TSV and CSV the
 * texts are written in place a byte apart: the bulk commands' fast path. Compiled into
 * a caller's loop (__attribute__((flatten))) with a constant field list (a command's
 * default: render_same_fields()), its loop is unrolled into the straight code of that
 * row, as fast as a row written by hand. */
void render_text_row(struct strbuf *out, const struct field_list *fl, enum style style, const struct text_row *r);
/* Rows that depend on the code alone and that a bulk conversion writes without the
 * field writers: the code in hex alone (-o hex), hex and shortest (the default), or the
 * shortest alone (-o shortest), in TSV or CSV; BULK_ROWS_NONE for any other fields or
 * style. render_code_row() writes one, the same bytes render_row() writes. */
enum bulk_rows { BULK_ROWS_NONE, BULK_ROWS_HEX, BULK_ROWS_HEX_SHORTEST, BULK_ROWS_SHORTEST };
/* Whether such rows hold the shortest decimal. */
static inline bool bulk_rows_shortest(enum bulk_rows rows)
{
	return rows == BULK_ROWS_HEX_SHORTEST || rows == BULK_ROWS_SHORTEST;
}
enum bulk_rows render_bulk_rows(const struct field_list *fl, enum style style);
/* Such a row of code; when shortest is not 0, it gives the shortest digits: code's value
 * is ±shortest·10^pow10, and those digits its shortest (rnd_line_code_digits(), roundline.h). */
void render_code_row(struct strbuf *out, const struct fmt *f, fpcode code, uint64_t shortest, long pow10,
		     enum bulk_rows rows, enum style style);
/* The row for an input that could not be converted into f (NULL when there is no one
 * format): `error` in every field but input and format. */
void render_error_row(struct strbuf *out, const struct fmt *f, const char *input, const char *message,
		      const struct field_list *fl, enum style style);
/* A row of n cells that are not fields (a block's scale, its worst error; map's
 * operands), each a text nothing quotes in TSV and CSV: the texts a separator apart and
 * a newline, or in JSON an object of name[i]: cell[i]. With lead, the cells start a row
 * whose fields follow: each followed by the separator instead, or the object left open
 * for render_row_members(). */
void render_cells(struct strbuf *out, const char *const name[], const char *const cell[], int n, enum style style,
		  bool lead);
/* Do all of fl's fields lie in `allowed` (a bit per field)? Else the first that does not. */
bool render_fields_within(const struct field_list *fl, unsigned long allowed, enum field *stray);

/* TSV lines (rows of tab-separated cells) as columns padded to their widest cell, two
 * spaces apart, each line after `indent`; the last cell of a line is not padded, and
 * does not widen its column. */
void render_aligned(struct strbuf *out, const char *tsv, const char *indent);

const char *render_class_name(enum fp_class c);
/* The names of the flags set, sep between them; none when there are none. */
void render_flags(struct strbuf *out, unsigned flags, const char *sep, const char *none);
/* The flags field's text in TSV and CSV (names between '|', or -), made once, and its
 * length; 32 bytes may be read there. */
const char *render_flags_text(unsigned flags, size_t *len);
#endif
