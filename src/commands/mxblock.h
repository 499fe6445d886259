/*
 * mxblock.h — a block of `fpx mx`'s elements as they were read (mxblock.c), and the
 * element format they are quantized into: what mx.c (the command) and mxemit.c (a
 * block's rows) share. Never rounds an element nor writes a row.
 */
#ifndef FPX_MXBLOCK_H
#define FPX_MXBLOCK_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "decimal.h"
#include "decwords.h"
#include "fastdec.h"
#include "fastdecline.h"
#include "format.h"
#include "intfmt.h"
#include "mxlong.h"
#include "num.h"
#include "roundline.h"
#include "strbuf.h"

#define MX_DEFAULT_BLOCK 32
#define MX_MAX_BLOCK 65536 /* a block is held whole: this bounds the count ... */
#define MX_BLOCK_BYTES (64L << 20) /* ... and this the text its values were read from */
#define MXINT8_FRACTION_BITS 6
#define MX_SCALE_BIAS 127 /* E8M0: 2^e for e from −127 to 127, and NaN */
#define MX_SCALES 255

/* The element format: a float format, or MXINT8. */
struct element_format {
	const struct fmt *floats;
	const struct fmt *ints;
	long emax;
};

static inline int element_hex_digits(const struct element_format *ef)
{
	return ef->ints ? (ef->ints->bits + 3) / 4 : fmt_hex_digits(ef->floats);
}

/* A small element format's codes: each one's value (a float format's as
 * fmt_grid_rank_value() gives it, grid where it is such a value; MXINT8's v·2^−6), and
 * that value times the scale 2^text_e in words, made when first asked for (made[c] =
 * generation; fits: in words), and its text when first asked for (texted[c]). */
#define MX_TABLE_BITS 8 /* codes of at most 2 hex digits */
#define MX_TABLE_CODES (1 << MX_TABLE_BITS)
#define MX_HEX_STRIDE 4
struct code_table {
	bool grid[MX_TABLE_CODES], neg[MX_TABLE_CODES];
	uint64_t m[MX_TABLE_CODES];
	long exp[MX_TABLE_CODES];
	long under[MX_TABLE_CODES]; /* a float code's bound on |error| (gap_under()), unscaled */
	double magnitude[MX_TABLE_CODES]; /* a float code's |value| as a binary64 (0 off the grid) */
	long text_e;
	unsigned long generation, made[MX_TABLE_CODES], texted[MX_TABLE_CODES];
	bool fits[MX_TABLE_CODES];
	struct dec_words words[MX_TABLE_CODES];
	/* code c's hex at hex + MX_HEX_STRIDE·c: 0x and (at most) 2 digits, unterminated; 32
	 * bytes readable there (the padding after the last), for one move */
	char hex[MX_TABLE_CODES * MX_HEX_STRIDE + 32];
	size_t text_len[MX_TABLE_CODES];
	char text[MX_TABLE_CODES][DEC_WORDS_MAX];
};

/* What an element is held as: its value, or the digits of a plain decimal as the
 * general scanner (fastdec_scan()) or the one pass (fastdec_scan_line()) read them, or
 * a line of a block in place that the one pass placed among binary64's values (a long
 * decimal: its spot, mxlong.h). A decimal may be long (mx_long_decimal()): its first
 * 19 digits held, the rest sticky, its value made by the parser where asked for. */
enum element_form { ELEMENT_VALUE, ELEMENT_DECIMAL, ELEMENT_DIGITS, ELEMENT_SPOT };

/* A block of elements as they were read (mxblock.c), and what its rows are made with,
 * kept from block to block (mxemit.c). */
struct block {
	long count, cap;
	long bytes; /* the length of the texts held */
	struct num *v; /* cap of them, kept from block to block */
	const char **text; /* into chars once the block is whole (mx_block_texts()), or in place */
	size_t *len;
	size_t *at;    /* where each text starts in chars */
	char *chars;   /* the texts, each with its NUL and LINES_PADDING zeros after it */
	size_t chars_cap;
	bool in_place; /* the elements were read by the one pass (its rows): the texts are lines
			* in the line reader's block, or copied (copied) */
	const char *readable; /* ... which may be read up to here */
	bool copied; /* the texts are in chars (mx_block_texts() points text at them) */
	bool *approximate; /* v is a real's stand-in (inputs.h), not the real itself */
	enum element_form *form;
	struct decimal *dec; /* ELEMENT_DECIMAL: v made from it only when asked for */
	struct fastdec_digits *digits; /* ELEMENT_DIGITS */
	bool *made;          /* v holds the value */
	struct mx_pending *pending; /* cap of them: finite_block()'s, from block to block */
	struct fastdec_spot *spots; /* 2·cap: ELEMENT_SPOT's placement (mxlong.h) ... */
	long *spot_log2;            /* ... and its ⌊log2 |x|⌋ */
	long *log2_over; /* each one's bound on ⌊log2 |x|⌋ as read (LONG_MIN 0, LONG_MAX none):
			  * ⌊log2 |x|⌋ lies in [log2_over − MX_LOG2_SLACK, log2_over] */
	bool spot_any;              /* since the block began, one read as a spot: of those, */
	long spot_top, spot_top_at; /* the largest ⌊log2 |x|⌋, and the first of it */
	long long_under;            /* the largest bound from below of a line past 38 digits read */
	struct fastdec_line probe;  /* binary64's grid, for them */
	bool probe_tried, probe_open;
	/* kept from block to block: for each scale 2^e (e + MX_SCALE_BIAS), its value's
	 * text and the one pass's rounding for it, each made when first asked for */
	char *scale_text[MX_SCALES], *scale_row[MX_SCALES];
	struct rnd_line *scaled[MX_SCALES];
	bool scaled_tried[MX_SCALES];
	struct code_table *codes; /* a small element format's (code_table()) */
	char value_scratch[DEC_WORDS_MAX]; /* a wider one's value text */
	/* ... and finite_block()'s work areas */
	bool work_made;
	mpq_t decoded, diff, worst, typed;
	struct num y;
	struct strbuf exact, error;
	/* The flat table (mx_flat()): the columns each element row of the block starts with
	 * (the block's number, its scale's code and value, and --preset nvfp4's tensor
	 * columns, in tensor_columns); empty in the grouped form */
	bool flat;
	bool default_fields; /* -o is mx_default_fields */
	bool error_wanted, exact_wanted; /* -o has error, exact (block_work() says it for each block) */
	bool hex_rows; /* -o hex alone, not flat: an element's row is its code (render_bulk_rows()) */
	const struct rnd_line *rounding; /* the block's mx_scaled_rounding() (a float format's), or NULL */
	long number; /* the blocks written before this one */
	struct strbuf row_start, tensor_columns;
};

/* Digits' bound on ⌊log2 |x|⌋ from above (fastdec_digits_log2_bound() + 3), LONG_MIN for 0. */
static inline long mx_digits_log2_over(const struct fastdec_digits *d)
{
	return d->w ? fastdec_digits_log2_bound(d) + 3 : LONG_MIN;
}
/* How far below its log2_over an element's ⌊log2 |x|⌋ may lie: 3 for digits, 4 for a
 * long decimal's first 19 (|x| < (h + 1)·10^q ≤ 2·h·10^q), 0 for a spot. */
#define MX_LOG2_SLACK 4
/* A long decimal is taken as one when its text is at most this long (mxblock.c). */
#define MX_LONG_MAX_LEN 4096

/* ---- mxblock.c: a block's elements, read and held -------------------------------------- */

/* An element: the value x, or the plain decimal d (x NULL), and its text. */
void mx_block_add(struct block *b, const struct num *x, const struct decimal *d, bool approximate, const char *text,
		  size_t len);
/* A line of stdin (its text, no newline) read by the one pass into the block as
 * mx_block_in_place() reads it, its text copied; false, nothing added, where the one
 * pass does not read it. */
bool mx_block_line(struct block *b, const char *text, size_t len);
/* The texts' pointers (and where they may be read up to), once no text is added to
 * move them. */
void mx_block_texts(struct block *b);
void mx_block_empty(struct block *b);
void mx_block_free(struct block *b);
/* A plain decimal (no 2^k), its exact value within reach of fastdec_value() or a long
 * one (more than 38 digits, not all 0 past the 19th) whose value the parser makes
 * without a problem (short enough, its exponent within bounds): read so, without the
 * parser, as parse_input() would read it. */
bool mx_block_decimal(struct decimal *d, const char *text, size_t len);
/* The next `size` lines of stdin's block [p, end) into the empty block b, in place
 * (mxblock.c says how); where they end (or fewer, b->count, where the block ends first:
 * a block begun), or NULL with b empty again. */
const char *mx_block_in_place(struct block *b, long size, const char *p, const char *end);
/* Element i held as a decimal, and its exact value (made the first time it is asked for). */
void mx_element_as_decimal(struct block *b, long i);
const struct num *mx_element_value(struct block *b, long i);
/* Element i, held as digits or as a decimal of at most 38 digits (nonzero), placed by
 * the probe (mx_digits_spot()) into its spots; false where it is not. */
bool mx_element_spot(struct block *b, long i);
/* The probe (binary64's grid, mxlong.h) opened once; false where it does not open. */
bool mx_block_probe(struct block *b);
/* Element i, placed by the probe into b->spots[2i] with its ⌊log2 |x|⌋ in
 * b->spot_log2[i], held so (ELEMENT_SPOT), the block's largest of those kept. */
void mx_block_spotted(struct block *b, long i);
/* ---- mxscale.c ---------------------------------------------------------------------- */

/* The shared exponent of a block, or false for the NaN scale (a NaN or inf in it). */
bool mx_shared_exponent(long *out, struct block *b, long emax);
/* The text of the scale 2^e's value, and the one pass's rounding for it (NULL where it
 * does not open), each made once. */
const char *mx_scale_text(struct block *b, long e);
const struct rnd_line *mx_scaled_rounding(struct block *b, const struct fmt *f, long e);

#endif
