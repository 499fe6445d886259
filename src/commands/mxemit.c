/*
 * mxemit.c — a block of `fpx mx`'s elements rounded and written: its scale row, each
 * element (its code, the value that decodes to and the error against the typed value:
 * in words where they hold them, from the one pass's digits or the general scanner's,
 * else as rationals), and its worst error.
 */
#include "mxemit.h"
#include "mxlong.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "render.h"

const struct field_list mx_default_fields = { { FIELD_INPUT, FIELD_HEX, FIELD_EXACT, FIELD_ERROR }, 4 };

/* An element made in words: its code, the text of the value that decodes to (times
 * the scale; in the block's table of them, or its scratch), and its error against the
 * typed value. */
struct element_words {
	fpcode code;
	const char *hex; /* its text from the table (32 bytes readable), of which 2 + hex digits count; or NULL */
	const char *value; /* 32 bytes readable there */
	size_t value_len;
	struct dec_words error;
	long error_under; /* |error| < 2^error_under; LONG_MAX where not known */
	bool coded; /* element_i_in_words() made the code, whether or not words hold the rest */
};

/* The text of ±m·2^exp into (text, len) (DEC_WORDS_MAX bytes of room), or false when
 * words do not hold it. */
static bool value_text(char *text, size_t *len, bool neg, uint64_t m, long exp)
{
	struct dec_words value;

	if (!dec_words_difference(&value, neg, m, exp, NULL))
		return false;
	*len = (size_t)(dec_words_put(text, &value) - text);
	return true;
}

/* The value element code decodes to, ±m·2^exp times X = 2^e, and its text into w (its
 * error not yet bounded: error_under LONG_MAX; from the table, the text only where -o
 * has exact, else empty); false when it is no finite rank of a grid in a word or words
 * do not hold it. */
static bool element_words_value(struct element_words *w, bool *neg, uint64_t *m, long *exp, struct block *b,
				const struct element_format *ef, fpcode code, long e)
{
	struct code_table *t = b->codes; /* made by mx_code_table() before the elements */

	w->error_under = LONG_MAX;
	if (t) {
		if (!t->grid[code])
			return false;
		*neg = t->neg[code];
		*m = t->m[code];
		*exp = t->exp[code] + e;
		if (t->text_e != e) { /* another scale: the texts made for the last one are stale */
			t->text_e = e;
			t->generation++;
		}
		if (t->made[code] != t->generation) {
			t->made[code] = t->generation;
			t->fits[code] = dec_words_difference(&t->words[code], *neg, *m, *exp, NULL);
		}
		if (t->fits[code] && b->exact_wanted && t->texted[code] != t->generation) {
			t->texted[code] = t->generation;
			t->text_len[code] = (size_t)(dec_words_put(t->text[code], &t->words[code]) - t->text[code]);
		}
		w->value = t->text[code];
		w->value_len = b->exact_wanted ? t->text_len[code] : 0;
		w->hex = t->hex + MX_HEX_STRIDE * code;
		return t->fits[code];
	}
	if (!fmt_grid_rank_value(ef->floats, fmt_rank_of_code(ef->floats, fmt_magnitude(ef->floats, code, neg)), m, exp))
		return false;
	*exp += e;
	w->hex = NULL;
	w->value = b->value_scratch;
	return value_text(b->value_scratch, &w->value_len, *neg, *m, *exp);
}

/* The same where -o has no exact, for a code of the table that is a value of the grid:
 * that value, ±m·2^exp times X = 2^e, its text empty, without words for it. */
static void element_code_value(struct element_words *w, bool *neg, uint64_t *m, long *exp, const struct code_table *t,
			       fpcode code, long e)
{
	static const char none[32]; /* 32 bytes readable */

	w->error_under = LONG_MAX;
	*neg = t->neg[code];
	*m = t->m[code];
	*exp = t->exp[code] + e;
	w->value = none;
	w->value_len = 0;
	w->hex = t->hex + MX_HEX_STRIDE * code;
}

/* A float element typed as the plain decimal x, in words where it fits (decimal.h), the
 * scale X = 2^e; false when the words do not hold it. */
static bool element_in_words(struct element_words *w, struct block *b, const struct element_format *ef,
			     const struct decimal *x, long e)
{
	struct decimal scaled;
	struct rnd_result r;
	uint64_t m;
	long exp;
	bool neg;

	if (x->kind != DECIMAL_FINITE)
		return false;
	scaled = *x;
	scaled.e2 -= e;
	if (!rnd_encode_decimal(&r, ef->floats, &scaled, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE)))
		return false;
	w->code = r.code;
	w->coded = true;
	return element_words_value(w, &neg, &m, &exp, b, ef, r.code, e) &&
	       dec_words_minus_decimal(&w->error, neg, m, exp, x);
}

/* The same for the digits x the one pass read as an MXINT8 element: x·2^(6 − e) rounded
 * (rne, saturating) into int8, k, whose value is k·2^(e − 6). */
static bool int_digits_in_words(struct element_words *w, struct block *b, const struct element_format *ef,
				const struct fastdec_digits *x, long e)
{
	unsigned flags;
	uint64_t m;
	long k, exp;
	bool neg;

	/* |x| < 2^(bound + 4): below 2^−1 once scaled, it rounds to 0, however small it is */
	if (x->w == 0 || fastdec_digits_log2_bound(x) + 4 + MXINT8_FRACTION_BITS - e <= -1)
		k = 0;
	else if (!intfmt_round_digits(&k, &flags, ef->ints, x->w, x->q, x->neg, MXINT8_FRACTION_BITS - e, 0,
				      RND_NEAREST_EVEN))
		return false;
	w->code = intfmt_code(ef->ints, k);
	if (!element_words_value(w, &neg, &m, &exp, b, ef, w->code, e))
		return false;
	if (k == 0 && x->w)
		w->error_under = fastdec_digits_log2_bound(x) + 4; /* the error −x */
	return dec_words_minus_digits(&w->error, neg, m, exp, x);
}

/* An element of code `code`, whose value is zero (of either sign), typed as x (its
 * log2 bound `bound`, fastdec_digits_log2_bound(), unless x is 0): the value's text 0,
 * the error −x. */
static bool zero_in_words(struct element_words *w, const struct block *b, fpcode code, const struct fastdec_digits *x,
			  long bound)
{
	static const char zero[32] = "0"; /* 32 bytes: read in one move */

	w->code = code;
	w->hex = b->codes ? b->codes->hex + MX_HEX_STRIDE * code : NULL;
	w->value = zero;
	w->value_len = 1;
	w->error_under = x->w ? bound + 4 : LONG_MIN; /* |x| < 2^(bound + 4) */
	return dec_words_negated(&w->error, x->w, x->q, x->neg) || dec_words_minus_digits(&w->error, false, 0, 0, x);
}

/* A float element from the digits x the one pass read, in words as element_in_words()
 * makes it, rounded by the pass's rounding for the scale. */
static bool digits_in_words(struct element_words *w, struct block *b, const struct element_format *ef,
			    const struct fastdec_digits *x, long e, long worst_over)
{
	const struct rnd_line *rl;
	uint64_t m;
	long exp, bound, under;
	bool neg;

	if (ef->ints)
		return int_digits_in_words(w, b, ef, x, e);
	if (x->w == 0)
		return zero_in_words(w, b, fmt_zero_code(ef->floats, x->neg), x, 0);
	if (!(rl = b->rounding))
		return false;
	bound = fastdec_digits_log2_bound(x);
	if (rnd_line_far_below(&w->code, rl, bound + 3, x->neg)) {
		if (b->codes && b->codes->grid[w->code] && b->codes->m[w->code] == 0)
			return zero_in_words(w, b, w->code, x, bound); /* flushed to zero, as most are */
	} else if (!rnd_line_digits_code(&w->code, rl, x))
		return false;
	under = b->codes ? b->codes->under[w->code] : LONG_MAX;
	if (under == LONG_MAX && bound + rl->grid.e2 > rl->grid.emax)
		return false; /* past max's binade, its error seldom in words: mxfar.c's */
	if (!b->error_wanted && under != LONG_MAX && under + e <= worst_over) {
		/* below the block's worst: its error is neither written nor kept, its value
		 * only where -o has exact */
		if (!b->exact_wanted && b->codes->grid[w->code])
			element_code_value(w, &neg, &m, &exp, b->codes, w->code, e);
		else if (!element_words_value(w, &neg, &m, &exp, b, ef, w->code, e))
			return false;
		w->error_under = under + e;
		w->error = (struct dec_words){ false, 0, 0 };
		return true;
	}
	if (!element_words_value(w, &neg, &m, &exp, b, ef, w->code, e))
		return false;
	return dec_words_minus_digits(&w->error, neg, m, exp, x);
}

/*
 * Element i, a long decimal (mx_long_decimal()) or a line placed among binary64's
 * values (ELEMENT_SPOT), with the scale X = 2^e: its code that of both ends of an
 * interval that holds its value (mxlong.h), its value's text in words, and its |error|
 * bounded only, as *p says (*pended), or not at all where its code's bound on it
 * (mx_code_table()'s under) is below 2^known, a power of two not above an error of the
 * block's: it is then not the worst. False where the ends round apart or words do not
 * hold the bounds (then the exact value decides). Its code, where given, known
 * already (mx_spot_element_code()). Compiled into the block's loop.
 */
static inline __attribute__((always_inline)) bool bounded_element(struct element_words *w, struct mx_pending *p,
								  bool *pended, struct block *b,
								  const struct element_format *ef, long i, long e,
								  long known, bool given, fpcode code)
{
	const struct fastdec_spot *spot = &b->spots[2 * i];
	const struct rnd_line *rl = NULL;
	uint64_t m;
	long exp, under;
	bool neg, spotted = true;

	if (!ef->floats)
		return false;
	if (b->form[i] == ELEMENT_DECIMAL && mx_long_decimal(&b->dec[i]))
		spotted = false;
	else if (b->form[i] != ELEMENT_SPOT && !mx_element_spot(b, i)) /* one whose error words do not hold */
		return false;
	rl = b->rounding;
	if (given)
		w->code = code;
	else if (b->form[i] == ELEMENT_SPOT && rl &&
	    rnd_line_far_below(&w->code, rl, b->spot_log2[i], spot->neg))
		; /* far below the scale's smallest subnormal, as most are */
	else if (!(spotted ? mx_spot_code(&w->code, ef->floats, rl, spot, e) : mx_long_code(&w->code, ef->floats, rl, &b->dec[i], e)))
		return false;
	if (b->codes && !b->exact_wanted && b->codes->grid[w->code])
		element_code_value(w, &neg, &m, &exp, b->codes, w->code, e); /* no text wanted */
	else if (!element_words_value(w, &neg, &m, &exp, b, ef, w->code, e)) /* its text not in words */
		return false;
	*pended = !(b->codes && (under = b->codes->under[w->code]) != LONG_MAX && under + e <= known);
	if (!*pended)
		return true; /* |error| < 2^(under + e) ≤ 2^known: not the worst */
	if (!(spotted ? mx_spot_bounds(p, neg, m, exp, spot) : mx_long_bounds(p, neg, m, exp, &b->dec[i])))
		return false;
	p->i = i;
	p->code = w->code;
	return true;
}

/* Element i of a float format in words as a decimal, where they hold it (read as digits,
 * digits_elements() has tried it as those first). */
static bool element_i_in_words(struct element_words *w, struct block *b, const struct element_format *ef, long i,
			       long e)
{
	w->coded = false;
	if (b->form[i] == ELEMENT_VALUE || !ef->floats) /* digits digits_elements() did not take */
		return false;
	mx_element_as_decimal(b, i);
	return !mx_long_decimal(&b->dec[i]) && element_in_words(w, b, ef, &b->dec[i], e);
}

/* The same for an element of a block in place made in words, each text straight from
 * where it was made (32 bytes readable at each, where they are). */
static inline __attribute__((always_inline)) void put_words_element(struct strbuf *out, const struct settings *s,
								    const struct block *b, long i, int hex_digits,
								    const struct element_words *w)
{
	struct text_row row;
	char hex[CODE_MAX_BITS / 4 + 35], error[DEC_WORDS_MAX + 32]; /* 32 bytes readable at each */

	if (!w->hex)
		code_to_hex(hex, w->code, hex_digits);
	if (b->hex_rows) { /* the code and a newline: 8 bytes moved where they hold it */
		sb_reserve(out, (size_t)hex_digits + 8);
		if (hex_digits <= 6)
			memcpy(out->s + out->len, w->hex ? w->hex : hex, 8);
		else
			sb_copy(out->s + out->len, w->hex ? w->hex : hex, (size_t)hex_digits + 2);
		out->len += (size_t)hex_digits + 2;
		out->s[out->len++] = '\n';
		out->s[out->len] = '\0';
		return;
	}
	row.typed = false;
	row.item = true;
	row.flags = 0;
	row.text[FIELD_INPUT] = (struct render_text){ b->text[i], b->len[i], b->text[i] + 32 <= b->readable };
	row.text[FIELD_HEX] = (struct render_text){ w->hex ? w->hex : hex, (size_t)hex_digits + 2, true };
	row.text[FIELD_EXACT] = (struct render_text){ w->value, w->value_len, true };
	row.text[FIELD_ERROR] = (struct render_text){ error, b->error_wanted ? (size_t)(dec_words_put(error, &w->error) - error) : 0, true };
	if (b->flat) /* the flat table's block columns */
		sb_add(out, b->row_start.s, b->row_start.len);
	if (b->default_fields) /* a constant list: its row compiled into straight code */
		render_text_row(out, &mx_default_fields, s->style, &row);
	else
		render_text_row(out, &s->fields, s->style, &row);
}

static void keep_worst(struct worst_words *worst, const struct element_words *w)
{
	if (w->error_under <= worst->over) /* |w's error| < 2^under ≤ 2^over ≤ |worst| */
		return;
	if (dec_words_cmp_abs(&w->error, &worst->error) > 0) {
		worst->error = w->error;
		worst->over = dec_words_log2_over(&w->error);
	}
}

/* The largest |error| of the elements made by binary64 (mx_double_element()), scaled by 2^−e: in
 * [lo, hi], element at's (code code); at −1 for none; 2^over ≤ it unscaled (LONG_MIN: lo ≤ 0). */
struct worst_double {
	long at;
	fpcode code;
	double lo, hi;
	long over, cut; /* mx_double_over() and mx_double_cut() of lo */
};

/* The worst of the elements made by binary64 made exactly, kept in words, as digits or as
 * a rational (as mx_resolve_pending() keeps a pending element's), unless it lies below
 * 2^over, a power of two not above another's |error| (|error| ≤ hi·2^e < 2^(⌊log2 hi⌋ + 1 + e)). */
static void keep_double(struct block *b, const struct element_format *ef, long e, const struct worst_double *d,
			long over, struct worst_words *words, struct worst_rational *rational, struct worst_text *text)
{
	struct element_words w;

	if (d->at < 0 || d->hi <= 0 || mx_double_over(d->hi, e) + 1 <= over)
		return;
	if (digits_in_words(&w, b, ef, &b->digits[d->at], e, LONG_MIN))
		keep_worst(words, &w);
	else
		mx_keep_exact(b, ef, e, d->at, d->code, rational, text);
}

/* A run of at most MX_RUN elements from i (below end) made by binary64 on grid
 * (mx_double_element()): their codes into codes, their worst in *most, one too near it to
 * tell made in words and kept in *worst; it ends before the first that is no digits or
 * that this declines. Returns its length. No row written (values kept in registers). */
#define MX_RUN 64
static long double_run(fpcode codes[MX_RUN], struct block *b, const struct element_format *ef, long i, long end,
		       long e, const struct mx_double_grid *grid, struct worst_words *worst, struct worst_double *most)
{
	const enum element_form *form = b->form;
	const struct fastdec_digits *digits = b->digits;
	const long *log2_over = b->log2_over;
	double most_lo = most->lo, most_hi = most->hi;
	long n = 0, cut = most->cut;

	end = end - i > MX_RUN ? i + MX_RUN : end;
	for (; i < end && form[i] == ELEMENT_DIGITS; i++, n++) {
		struct element_words w;
		double lo, hi;
		if (mx_double_skip(&codes[n], grid, &digits[i], log2_over[i], cut))
			continue; /* 0 or far below: not above the worst so far */
		if (!mx_double_element(&codes[n], &lo, &hi, grid, &digits[i]))
			break;
		if (hi <= most_lo)
			continue; /* not above the worst so far */
		if (lo > most_hi) {
			*most = (struct worst_double){ i, codes[n], lo, hi, mx_double_over(lo, e), mx_double_cut(grid, e, lo) };
			most_lo = lo, most_hi = hi, cut = most->cut;
		} else if (digits_in_words(&w, b, ef, &digits[i], e, LONG_MIN))
			keep_worst(worst, &w); /* too near to tell: exactly */
		else
			break;
	}
	return n;
}

/* Rows of the codes of elements i to i + n − 1, made by double_run(). */
static inline __attribute__((always_inline)) void put_code_rows(struct strbuf *out, const struct settings *s, const struct block *b, long i, long n,
			  const fpcode codes[], int hex_digits)
{
	const char *hex = b->codes->hex;

	if (b->hex_rows && hex_digits <= 2) { /* the code and a newline each: 8 bytes moved */
		size_t row = (size_t)hex_digits + 3;
		char *p;
		sb_reserve(out, (size_t)n * row + 8);
		p = out->s + out->len;
		for (long j = 0; j < n; j++, p += row) {
			memcpy(p, hex + MX_HEX_STRIDE * codes[j], 8);
			p[row - 1] = '\n';
		}
		*p = '\0';
		out->len = (size_t)(p - out->s);
		return;
	}
	for (long j = 0; j < n; j++) {
		struct element_words w = { .code = codes[j], .hex = hex + MX_HEX_STRIDE * codes[j],
					   .value = b->codes->text[0], .value_len = 0 };
		put_words_element(out, s, b, i + j, hex_digits, &w);
	}
}

/* The elements of a block in place from i on, read as digits, each made in words and
 * written, its error kept in *worst where it is the larger, up to the first that the
 * one pass or the words do not take (nothing of it written), or, given a grid, the next
 * that binary64 may make (mx_digits_double_able()) after i; returns where it stopped, or
 * the count. The commonest elements, compiled as one piece. */
__attribute__((flatten)) static long digits_elements(struct strbuf *out, const struct settings *s, struct block *b,
						     const struct element_format *ef, long i, long e,
						     struct worst_words *worst, long known,
						     const struct mx_double_grid *grid)
{
	int hex_digits = element_hex_digits(ef);

	for (long first = i; i < b->count; i++) {
		struct element_words w;
		if (b->form[i] != ELEMENT_DIGITS || (grid && i > first && mx_digits_double_able(&b->digits[i])) ||
		    !digits_in_words(&w, b, ef, &b->digits[i], e, known > worst->over ? known : worst->over))
			break;
		keep_worst(worst, &w);
		put_words_element(out, s, b, i, hex_digits, &w);
	}
	return i;
}

/* The same by binary64 on grid (mx_double_block()), in runs (double_run()), their error
 * made exactly only where it may be the worst (in *most); those a run declines, and
 * those after them binary64 may not make, by digits_elements(). */
static long double_elements(struct strbuf *out, const struct settings *s, struct block *b,
			    const struct element_format *ef, long i, long e, struct worst_words *worst, long known,
			    struct worst_double *most, const struct mx_double_grid *grid)
{
	int hex_digits = element_hex_digits(ef);

	while (i < b->count && b->form[i] == ELEMENT_DIGITS) {
		fpcode codes[MX_RUN];
		long n = mx_digits_double_able(&b->digits[i]) ? double_run(codes, b, ef, i, b->count, e, grid, worst, most) : 0;
		if (n) {
			put_code_rows(out, s, b, i, n, codes, hex_digits);
			i += n;
			continue;
		}
		known = most->over > known ? most->over : known;
		if ((n = digits_elements(out, s, b, ef, i, e, worst, known, grid)) == i)
			break;
		i = n;
	}
	return i;
}

/* The block's placed element (ELEMENT_SPOT) of the largest ⌊log2 |x|⌋, made before the others
 * (seed_known()): at its index (−1 for none), what bounded_element() made of it, taken again. */
struct seed {
	long at;
	struct element_words w;
	struct mx_pending p;
	struct mx_far far; /* or, instead of one, the elements far past max (mxfar.c) */
};

/* A power of two not above the |error| of the seed, from its lower bound, made before
 * the others so that those far below it are not pended; LONG_MIN (and no seed) where
 * there is none, the block is not in place, its error is not bounded above 0, or it has
 * elements far past max (mx_far_scan(): the error of the largest then made first). */
static long seed_known(struct seed *seed, struct block *b, const struct element_format *ef, long e,
		       struct worst_rational *rational, struct worst_text *text)
{
	long top = LONG_MIN, at = -1;
	bool pended;

	seed->at = -1;
	if (mx_far_scan(&seed->far, b, ef, e, rational, text) || !b->in_place || !b->spot_any)
		return LONG_MIN; /* the far ones made, or no spot read: none (no element becomes one) */
	if (b->form[at = b->spot_top_at] != ELEMENT_SPOT) /* the reading's largest made a decimal since */
		for (long i = at = -1; ++i < b->count;)
			if (b->form[i] == ELEMENT_SPOT && b->spot_log2[i] > top)
				top = b->spot_log2[i], at = i;
	if (at < 0 || b->error_wanted || !bounded_element(&seed->w, &seed->p, &pended, b, ef, at, e, LONG_MIN, false, 0) || !pended)
		return LONG_MIN;
	seed->at = at;
	return mx_bound_log2_over(&seed->p.lo);
}

/* Element i by bounded_element() (its code, where given, known), or the seed's made already
 * (pended: its bounds kept though known may now put it below the worst; the end alike). */
static inline __attribute__((always_inline)) bool seeded_element(struct element_words *w, struct mx_pending *p,
								 bool *pended, struct block *b,
								 const struct element_format *ef, long i, long e,
								 long known, const struct seed *seed, bool given, fpcode code)
{
	if (i != seed->at)
		return bounded_element(w, p, pended, b, ef, i, e, known, given, code);
	*w = seed->w;
	*p = seed->p;
	*pended = true;
	return true;
}

/* A power of two not above the largest |error| known: 2^known, the words' and digits' worst. */
static long known_over(long known, const struct worst_words *words, const struct worst_text *text)
{
	long over = known > words->over ? known : words->over;

	return text->any && text->over > over ? text->over : over;
}

/* Element i made in words (w) written: straight from w in a block in place, else
 * from its texts. */
static void put_element_words(struct strbuf *out, const struct settings *s, struct block *b, long i,
			      const struct element_format *ef, const struct element_words *w)
{
	if (b->in_place) {
		put_words_element(out, s, b, i, element_hex_digits(ef), w);
		return;
	}
	if (b->exact_wanted)
		sb_add(&b->exact, w->value, w->value_len);
	if (b->error_wanted)
		dec_words_write(&b->error, &w->error);
	mx_put_texts_element(out, s, b, i, ef, w->code);
}

/* The elements of a block with a finite scale, and the worst error of them. A float
 * element's exact value and error are made in words where they fit, else as rationals;
 * their texts only when -o asks for them; a long decimal's, where no error is written,
 * from the ends of its first 19 digits. */
static void finite_block(struct strbuf *out, const struct settings *s, struct block *b,
			 const struct element_format *ef, long e)
{
	struct worst_words worst_words = { { false, 0, 0 }, LONG_MIN };
	struct worst_rational worst = { false, false };
	struct worst_text text = { false, LONG_MIN, NULL, NULL, 0 };
	struct worst_double most = { -1, 0, -1, -1, LONG_MIN, LONG_MIN };
	struct mx_double_grid grid = { 0 };
	bool exact_wanted = render_has_field(&s->fields, FIELD_EXACT), pended, doubles, coded; /* code decided */
	long pending = 0, known; /* 2^known ≤ a pending element's |error| */
	struct seed seed; /* the largest placed element, or the far ones (mxfar.c) */

	mx_block_work(b, s, ef);
	b->rounding = ef->floats ? mx_scaled_rounding(b, ef->floats, e) : NULL;
	known = seed_known(&seed, b, ef, e, &worst, &text);
	doubles = b->in_place && mx_double_block(&grid, b, ef, e);
	if (doubles && known != LONG_MIN && labs(known - e) <= 1022) /* below the seed's error: not the worst */
		most.lo = most.hi = mx_pow2(known - e);
	for (long i = 0; i < b->count; i++) {
		struct element_words w;
		fpcode code;
		long over = known_over(known, &worst_words, &text);
		if (b->in_place && b->form[i] == ELEMENT_DIGITS) {
			i = doubles ? double_elements(out, s, b, ef, i, e, &worst_words, over, &most, &grid)
				    : digits_elements(out, s, b, ef, i, e, &worst_words, over, NULL);
			if (i == b->count)
				break;
			known = most.over > known ? most.over : known;
			over = known_over(known, &worst_words, &text);
		}
		coded = doubles && i != seed.at && /* the seed's made already */
			mx_element_code(&code, b, &grid, i, e);
		if ((coded && mx_code_below(b->codes->under, code, e, over)) || mx_far_element(&code, b, i, &seed.far)) {
			put_code_rows(out, s, b, i, 1, &code, element_hex_digits(ef));
			continue;
		}
		if (!b->error_wanted && seeded_element(&w, &b->pending[pending], &pended, b, ef, i, e, over, &seed, coded, code)) {
			if (pended) { /* its error only bounded: mx_resolve_pending() */
				long lo = mx_bound_log2_over(&b->pending[pending].lo);
				known = lo > known ? lo : known;
				pending++;
			}
		} else if (element_i_in_words(&w, b, ef, i, e))
			keep_worst(&worst_words, &w);
		else if (mx_text_element(&w.code, w.coded, b, ef, i, e, over, &text)) {
			mx_put_texts_element(out, s, b, i, ef, w.code);
			continue;
		} else {
			code = mx_rational_element(b, ef, i, e, &worst, exact_wanted);
			mx_put_texts_element(out, s, b, i, ef, code);
			continue;
		}
		put_element_words(out, s, b, i, ef, &w);
	}
	keep_double(b, ef, e, &most, known_over(known, &worst_words, &text), &worst_words, &worst, &text);
	mx_resolve_pending(b, ef, e, pending, &worst_words, &worst, &text);
	mx_put_block_worst(out, s, &worst_words.error, text.any ? text.digits : NULL, b->worst, worst.any,
			   worst.approximate);
}

void mx_emit_block(struct strbuf *out, const struct settings *s, struct block *b, const struct element_format *ef)
{
	long e = 0;
	bool finite;

	if (b->count == 0)
		return;
	mx_block_texts(b);
	finite = mx_shared_exponent(&e, b, ef->emax);
	mx_put_scale(out, s, b, !finite, e);
	if (finite)
		finite_block(out, s, b, ef, e);
	else
		mx_nan_block(out, s, b, ef);
	mx_block_empty(b);
	b->number++;
}
