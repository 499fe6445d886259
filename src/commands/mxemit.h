/*
 * mxemit.h — a block of `fpx mx`'s elements rounded into the element format and written
 * as rows (mxemit.c): its scale, each element, its worst error; and the rows of mx's flat
 * table. Never reads an input.
 */
#ifndef FPX_MXEMIT_H
#define FPX_MXEMIT_H

#include <string.h>

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
/* A block whose scale is NaN: every element decodes to NaN, its worst error too. */
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
/* 2^k as a binary64 (|k| ≤ 1022). */
static inline double mx_pow2(long k)
{
	uint64_t u = (uint64_t)(k + 1023) << 52;
	double d;

	memcpy(&d, &u, sizeof d);
	return d;
}

/*
 * Element x (digits) by binary64 on g (X the block's scale): its code (mxcodes.c's double_code()), and its |error| divided by X within [*lo, *hi].
 * The difference y − |value| is exact where y is x/X and its code in range (both
 * multiples of the finer of y's last place and the grid's, apart by at most y); else
 * within y·2^−51 of it (y's own error, y·2^−53, and the subtraction's). False where
 * that declines.
 */
/* ⌊log2 lo⌋ + e of lo > 0 (normal), else LONG_MIN. */
long mx_double_over(double lo, long e);
/* Whether a block's digits may be made by binary64, on g (its unscale 1/X and magnitude
 * the table's set): a small float format rounded by the one pass (mxcodes.c's double_grid()), no
 * text of an element's value or error asked for, a scale X = 2^e with |e| ≤ 200 (x/X
 * stays normal). */
bool mx_double_block(struct mx_double_grid *g, const struct block *b, const struct element_format *ef, long e);
bool mx_double_element(fpcode *code, double *lo, double *hi, const struct mx_double_grid *g,
		       const struct fastdec_digits *x);
/* Whether mx_double_element() may take the digits x: |q| ≤ MX_DOUBLE_TENS, or q below
 * that (it takes those its bound puts far below the scale's subnormals). */
#define MX_DOUBLE_TENS 60
static inline bool mx_digits_double_able(const struct fastdec_digits *x)
{
	return x->q <= MX_DOUBLE_TENS;
}
/* For a run of mx_double_element() on g with the scale 2^e and the worst so far of
 * lower bound most_lo: the largest log2_over of digits it makes ±0 with an error not
 * above most_lo (below half g's smallest subnormal and 2^−2·most_lo, scaled); LONG_MIN
 * where most_lo < 0 (no digits' error below it), LONG_MIN + 1 where no nonzero's is. */
long mx_double_cut(const struct mx_double_grid *g, long e, double most_lo);
/* The code mx_double_element() gives digits x (log2_over over) where their error is not
 * above the run's worst so far (cut: mx_double_cut()) and it needs no arithmetic to say
 * so (0, or far below); false where it may need that. */
static inline bool mx_double_skip(fpcode *code, const struct mx_double_grid *g, const struct fastdec_digits *x,
				  long over, long cut)
{
	if (over > cut || x->q > MX_DOUBLE_TENS)
		return false; /* the commonest first: not far below (0's over LONG_MIN) */
	if (!x->w) {
		*code = g->zero[x->neg];
		return cut != LONG_MIN && x->q >= -MX_DOUBLE_TENS; /* its error 0: not above a most_lo ≥ 0 */
	}
	*code = g->far_below[x->neg]; /* below 10^−60 as mxcodes.c's far_below_element() takes it */
	return (!x->neg || g->has_sign) && (x->q >= -MX_DOUBLE_TENS || (g->subnormals && x->q >= -400));
}
/* The code of element i (a spot, mx_spot_element_code(), or a long decimal, from its
 * first 19 digits: binary64 arithmetic takes those as mx_double_element() takes digits
 * nearer x than its slop) on g with the scale 2^e; false where these do not decide it. */
bool mx_element_code(fpcode *code, const struct block *b, const struct mx_double_grid *g, long i, long e);


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
	const struct dec_text *value; /* the worst's value digits, a code table's; else NULL */
	int side; /* the worst's typed value against them: −1, 0, 1 */
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


/* ---- mxrows.c: the elements made as rationals, and the worst error of a block ---- */

/* The largest |error| of a block's elements made in words, and a power of two not
 * above it: an element whose error is known to be below that power needs no compare. */
struct worst_words {
	struct dec_words error;
	long over; /* 2^over ≤ |error|; LONG_MIN for 0 */
};

/* The worst |error| of a block's elements made as rationals: the largest, whether a
 * real's stand-in's, and whether there is any. */
struct worst_rational {
	bool any, approximate;
};

/* A block's work areas for its elements, made once, its code table (mx_code_table())
 * and what -o asks of its rows. */
void mx_block_work(struct block *b, const struct settings *s, const struct element_format *ef);
/* Element i's |error| (its code `code`) made exactly, as digits (mx_text_error_kept())
 * or else as a rational, and kept in text or worst; none for i −1. */
void mx_keep_exact(struct block *b, const struct element_format *ef, long e, long i, fpcode code,
		   struct worst_rational *worst, struct worst_text *text);
/* Element i as rationals: its code, the value it decodes to and its error (texts where
 * -o asks for them), its |error| kept in worst. */
fpcode mx_rational_element(struct block *b, const struct element_format *ef, long i, long e,
			       struct worst_rational *worst, bool exact_wanted);
/* The long elements pending (n of them, long_element()) whose |error| may pass the
 * largest one known, made exactly (as digits, else as rationals) and kept in worst or
 * text: an element whose |error| lies below another's lower bound, or the worst made
 * in words, is not the worst. */
void mx_resolve_pending(struct block *b, const struct element_format *ef, long e, long n,
			    const struct worst_words *words, struct worst_rational *worst, struct worst_text *text);

/* ---- mxfar.c: elements far past the format's largest value, the scale capped ---------- */

/* The elements of a block, with the scale X = 2^127, whose ⌊log2 |x|⌋ is at least
 * threshold (past the binade of max·X): each rounds to ±max, and its |error|, |x| −
 * max·X, is the larger the larger |x| is. The one of largest |x| (at, −1 for none), its
 * code. */
struct mx_far {
	long at, threshold;
	fpcode code;
};
/* Block b's (mx_block_work() made its table, its rounding b->rounding) with the scale
 * 2^e, where it has one, no -o field would make each one's error or value, and their
 * texts are plain decimals compared digit by digit: the error of the largest made
 * exactly and kept in text or rational (mx_keep_exact()); else false, at −1. */
bool mx_far_scan(struct mx_far *far, struct block *b, const struct element_format *ef, long e,
		 struct worst_rational *rational, struct worst_text *text);
/* Whether element i is one of them (threshold mx_far_scan()'s): its code. */
bool mx_far_code(fpcode *code, const struct block *b, long i, long threshold);
static inline bool mx_far_element(fpcode *code, const struct block *b, long i, const struct mx_far *far)
{
	return far->at >= 0 && b->log2_over[i] >= far->threshold && mx_far_code(code, b, i, far->threshold);
}

/* Whether the rows are one flat table, a row per element: --csv, or TSV with --header. */
bool mx_flat(const struct settings *s);
/* The flat table's header: its own columns, then -o's. */
void mx_put_flat_header(struct strbuf *out, const struct settings *s);

#endif
