/*
 * mxscale.c — the shared exponent of a block of `fpx mx`'s elements (mxblock.h): the
 * largest ⌊log2 |x|⌋, made exactly only for the elements whose bounds say they may be
 * it, a long line placed among binary64's values only then. Never rounds an element.
 */
#include "mxblock.h"

#include <limits.h>
#include <stdlib.h>

/* Element i, a long decimal (mx_long_decimal()) whose text the one pass reads (a line,
 * LINES_PADDING bytes readable after it: as every text of a block is), placed among
 * binary64's values now that its ⌊log2 |x|⌋ is asked for (the reading did not place
 * it): held so (ELEMENT_SPOT, as spot_line() holds a line) where that decides it. */
static void late_spot(struct block *b, long i)
{
	struct fastdec_spot *s = &b->spots[2 * i];
	struct fastdec_long_scan x;

	if (!mx_long_decimal(&b->dec[i]) || b->len[i] > MX_LONG_MAX_LEN || !mx_block_probe(b) ||
	    fastdec_place_long_line(s, &x, &b->probe, b->text[i]) != b->text[i] + b->len[i] ||
	    !mx_spot_floor_log2(&b->spot_log2[i], s))
		return;
	mx_block_spotted(b, i);
}

/* Is element i zero, read as digits? */
static inline bool zero_digits(const struct block *b, long i)
{
	return (b->form[i] == ELEMENT_DIGITS && b->digits[i].w == 0) ||
	       (b->form[i] == ELEMENT_DECIMAL && b->dec[i].kind == DECIMAL_FINITE && b->dec[i].head == 0);
}

/* ⌊log2 |x|⌋ of element i (not zero) from its digits in words; false when they do not
 * decide it. */
static bool digits_floor_log2(long *e, struct block *b, long i)
{
	if (b->form[i] == ELEMENT_DIGITS && fastdec_digits_floor_log2(e, &b->digits[i]))
		return true;
	if (b->form[i] == ELEMENT_DECIMAL)
		late_spot(b, i);
	if (b->form[i] == ELEMENT_SPOT) {
		*e = b->spot_log2[i];
		return true;
	}
	if (b->form[i] == ELEMENT_VALUE)
		return false;
	mx_element_as_decimal(b, i);
	return fastdec_floor_log2(e, &b->dec[i]);
}

/* For an element read as nonzero digits, fastdec_digits_log2_bound(): ⌊log2 |x|⌋ lies
 * in [bound, bound + *slack] (3); for a spot, ⌊log2 |x|⌋ itself; for a finite decimal
 * of nonzero head h, that bound of h·10^q, and |x| < (h + 1)·10^q ≤ 2·h·10^q where its
 * digits go past h (slack 4); else LONG_MIN. */
static inline long log2_bound(const struct block *b, long i, int *slack)
{
	const struct decimal *d = &b->dec[i];

	*slack = 3;
	if (b->form[i] == ELEMENT_SPOT)
		return b->spot_log2[i];
	if (b->form[i] == ELEMENT_DECIMAL && d->kind == DECIMAL_FINITE && d->head && d->e2 == 0 && labs(d->q) <= 400) {
		*slack = 3 + d->sticky;
		return fastdec_digits_log2_bound(&(struct fastdec_digits){ d->head, d->q, d->neg });
	}
	return b->form[i] == ELEMENT_DIGITS && b->digits[i].w != 0 ? fastdec_digits_log2_bound(&b->digits[i]) : LONG_MIN;
}

/* ⌊log2 |x|⌋ of element i from its exact value (made here if it is not yet): 1, or 0
 * for a zero, or −1 for a NaN or an infinity. */
static int value_floor_log2(long *e, struct block *b, long i)
{
	const struct num *v = mx_element_value(b, i);

	if (v->kind != NUM_FINITE)
		return -1;
	if (mpq_sgn(v->mag) == 0)
		return 0;
	*e = num_floor_log2_ratio(mpq_numref(v->mag), mpq_denref(v->mag));
	return 1;
}

/* Elements whose ⌊log2 |x|⌋ needs their exact value are put off (up to this many) to
 * the end of the block, when the largest known may show that they are below it. */
#define MX_PUT_OFF 16

/* Whether element i is zero or cannot pass top, by its bound (the commonest, digits,
 * first). */
static inline __attribute__((always_inline)) bool not_above(const struct block *b, long i, long top, long *bound)
{
	int slack;

	if (b->form[i] == ELEMENT_DIGITS) {
		*bound = b->digits[i].w == 0 ? LONG_MIN : fastdec_digits_log2_bound(&b->digits[i]);
		return *bound == LONG_MIN || *bound + 3 <= top;
	}
	if (b->form[i] == ELEMENT_SPOT) /* its ⌊log2 |x|⌋ itself */
		return (*bound = b->spot_log2[i]) <= top;
	*bound = log2_bound(b, i, &slack);
	return zero_digits(b, i) || (*bound != LONG_MIN && *bound + slack <= top);
}

/*
 * The shared exponent: ⌊log2⌋ of the largest |x|, the largest ⌊log2 |x|⌋ (as the scale
 * 2^(that − emax), at least 2^−127: the largest is taken as at least emax − 127 from the
 * start), exactly only for elements that may pass the largest known before them (their
 * bounds say which), those whose exact values it takes put off to the end.
 */
bool mx_shared_exponent(long *out, struct block *b, long emax)
{
	long top = emax - 127, later[MX_PUT_OFF], n = 0, e, bound;
	int got;

	for (long i = 0; i < b->count; i++) {
		if (b->log2_over[i] <= top || not_above(b, i, top, &bound)) /* the first: no branch on form */
			continue;
		if (digits_floor_log2(&e, b, i))
			top = e > top ? e : top;
		else if (bound != LONG_MIN && bound - emax >= 127) /* the scale capped: only a NaN or */
			top = LONG_MAX / 4;                        /* inf changes it, every finite x below */
		else if (bound != LONG_MIN && n < MX_PUT_OFF)
			later[n++] = i;
		else if ((got = value_floor_log2(&e, b, i)) < 0)
			return false;
		else if (got && e > top)
			top = e;
	}
	for (long k = 0; k < n; k++) {
		if (not_above(b, later[k], top, &bound))
			continue;
		if ((got = value_floor_log2(&e, b, later[k])) < 0)
			return false;
		if (got && e > top)
			top = e;
	}
	*out = top - emax > 127 ? 127 : top - emax;
	return true;
}
