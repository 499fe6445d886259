/*
 * mxtext.c — `fpx mx`'s elements whose exact value or error words do not hold, made as
 * digits (dectext.h): the typed text minus the decoded value's digits, aligned at the
 * point, with no rational (mxemit.h). The decoded values' digits are made once for each
 * code and scale. Never writes a row; declines (false) what is not a plain decimal.
 */
#include "mxemit.h"
#include "dectext.h"
#include "mxlong.h"

#include <limits.h>

/* The work areas, their storage kept for the run: the typed value, the decoded one (a
 * wide format's), their difference, the block's largest |error| of those and its typed
 * value. */
static struct dec_text text_x, text_d, text_diff, text_worst, text_worst_x;

/* The value code decodes to, ±m·2^exp times X = 2^e: false where it is no value of a
 * grid in a word. */
static bool code_binary(bool *neg, uint64_t *m, long *exp, const struct block *b, const struct element_format *ef,
			fpcode code, long e)
{
	const struct code_table *t = b->codes;

	if (t) {
		*neg = t->neg[code], *m = t->m[code], *exp = t->exp[code] + e;
		return t->grid[code];
	}
	if (!ef->floats ||
	    !fmt_grid_rank_value(ef->floats, fmt_rank_of_code(ef->floats, fmt_magnitude(ef->floats, code, neg)), m, exp))
		return false;
	*exp += e;
	return true;
}

/* How many scales' digits each code of a table keeps. */
#define MADE_WAYS 8

/* A code's digits for the scale X = 2^e, where made. */
struct made_digits {
	struct dec_text t;
	long e;
	bool made;
};

/* Where the digits of code for the scale X = 2^e are kept: among the MADE_WAYS made
 * last for that code (made), else the way made longest ago, to make them into. */
static struct made_digits *made_way(fpcode code, long e)
{
	static struct made_digits made[MX_TABLE_CODES][MADE_WAYS];
	static unsigned char next[MX_TABLE_CODES]; /* the way to make next */
	struct made_digits *way = made[code];

	for (int i = 0; i < MADE_WAYS && way[i].made; i++)
		if (way[i].e == e)
			return &way[i];
	way += next[code];
	next[code] = (unsigned char)((next[code] + 1) % MADE_WAYS);
	way->made = false;
	return way;
}

/* The digits of the value code decodes to times X = 2^e: made once for each code and
 * scale of a table's format (made_way()), else into text_d; NULL where they decline or
 * it is no value of a grid in a word. */
static const struct dec_text *value_digits(const struct block *b, const struct element_format *ef, fpcode code,
					   long e)
{
	struct made_digits *way = b->codes ? made_way(code, e) : NULL;
	struct dec_text *t = way ? &way->t : &text_d;
	uint64_t m;
	long exp;
	bool neg;

	if (way && way->made)
		return t;
	if (!code_binary(&neg, &m, &exp, b, ef, code, e) || !dec_text_binary(t, neg, m, exp))
		return NULL;
	if (way)
		way->e = e, way->made = true;
	return t;
}

/* Element i's typed value into text_x: false where it is no plain decimal's text (a
 * value, a real's stand-in). */
static bool text_typed(const struct block *b, long i)
{
	return b->form[i] != ELEMENT_VALUE && !b->approximate[i] && dec_text_read(&text_x, b->text[i], b->len[i]);
}

/* Which side of |d| |x| lies (text_x, d the digits of its code's value): −1, 0, 1, its
 * |error| then ||x| − |d||; 0 also where x and d differ in sign. */
static int text_side(const struct dec_text *d)
{
	return d->n && text_x.neg != d->neg ? 0 : dec_text_cmp_abs(&text_x, d);
}

/* text_x's |error| from d, a code table's digits (NULL for others), with |x| on side
 * `side` of |d| (text_side()), known not above the worst's without being made: the
 * worst's is from digits of the same magnitude, on the same side, and its typed value
 * no farther out. */
static bool text_not_above(const struct worst_text *worst, const struct dec_text *d, int side)
{
	return worst->any && d && worst->value && side && worst->side == side &&
	       (worst->value == d || dec_text_cmp_abs(worst->value, d) == 0) &&
	       dec_text_cmp_abs(&text_x, &text_worst_x) * side <= 0;
}

/* text_diff's |error| kept in text_worst where it is the larger, with text_x and its
 * side of d (a code table's digits, else NULL) for text_not_above(). */
static void keep_text(struct worst_text *worst, const struct dec_text *d, int side)
{
	text_diff.neg = false;
	if (!worst->any || dec_text_cmp_abs(&text_diff, &text_worst) > 0) {
		dec_text_swap(&text_diff, &text_worst);
		dec_text_swap(&text_x, &text_worst_x);
		worst->over = dec_text_log2_over(&text_worst);
		worst->value = d;
		worst->side = side;
	}
	worst->any = true;
	worst->digits = &text_worst;
}

/* Element i (its typed value in text_x) with d the digits of the value it decodes to:
 * its |error| kept in worst, made only where it may be the larger; false where the
 * digits decline. */
static bool kept_error(struct worst_text *worst, const struct block *b, const struct dec_text *d)
{
	const struct dec_text *table_d = b->codes ? d : NULL;
	int side = text_side(d);

	if (text_not_above(worst, table_d, side))
		return true;
	if (!dec_text_minus(&text_diff, d, &text_x))
		return false;
	keep_text(worst, table_d, side);
	return true;
}

bool mx_text_error_kept(struct worst_text *worst, const struct block *b, const struct element_format *ef, long i,
			fpcode code, long e)
{
	const struct dec_text *d = value_digits(b, ef, code, e);

	return d && text_typed(b, i) && kept_error(worst, b, d);
}

/* Element i's code as a plain decimal of a float format: by rnd_encode_decimal(), or
 * for a long one by the ends of its first 19 digits (mx_long_code()); false where those
 * do not decide it. */
static bool decimal_code(fpcode *code, struct block *b, const struct fmt *f, long i, long e)
{
	struct decimal scaled;
	struct rnd_result r;

	mx_element_as_decimal(b, i);
	if (b->dec[i].kind != DECIMAL_FINITE)
		return false;
	if (mx_long_decimal(&b->dec[i]))
		return mx_long_code(code, f, b->rounding, &b->dec[i], e);
	scaled = b->dec[i];
	scaled.e2 -= e;
	if (!rnd_encode_decimal(&r, f, &scaled, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE)))
		return false;
	*code = r.code;
	return true;
}

bool mx_text_element(fpcode *code, bool coded, struct block *b, const struct element_format *ef, long i, long e,
		     long known, struct worst_text *worst)
{
	const struct dec_text *d;
	long under;

	if (!ef->floats || b->form[i] == ELEMENT_VALUE || b->approximate[i] ||
	    (!coded && !decimal_code(code, b, ef->floats, i, e)) || !(d = value_digits(b, ef, *code, e)))
		return false;
	under = b->codes ? b->codes->under[*code] : LONG_MAX;
	if (b->error_wanted || under == LONG_MAX || under + e > known) {
		if (!text_typed(b, i))
			return false;
		if (!b->error_wanted) {
			if (!kept_error(worst, b, d))
				return false;
		} else {
			if (!dec_text_minus(&text_diff, d, &text_x))
				return false;
			dec_text_write(&b->error, &text_diff);
			keep_text(worst, b->codes ? d : NULL, text_side(d));
		}
	}
	if (b->exact_wanted)
		dec_text_write(&b->exact, d);
	return true;
}
