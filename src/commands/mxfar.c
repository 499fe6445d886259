/*
 * mxfar.c — `fpx mx`'s elements far past the element format's largest value: a block
 * whose scale is capped at 2^127 may hold values (binary64's max, 1.8e308, and the
 * like) whose ⌊log2 |x|⌋ passes the binade of max·2^127. Each rounds (saturating) to
 * ±max, with the error |x| − max·2^127 — the larger, the larger |x| — so only the one
 * of largest |x|, found by comparing the typed digits, has its error made (mxemit.h).
 * Never makes another one's error; never approximates: a text it cannot read exactly
 * leaves the block to the usual path.
 */
#include "mxemit.h"
#include "dectext.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A lower bound on ⌊log2 |x|⌋ of element i from what the reading held: its digits'
 * (fastdec_digits_log2_bound()), a spot's own, a decimal's first 19 digits'; LONG_MIN
 * for a value, 0, or a decimal out of the digits' tables. */
static long log2_below(const struct block *b, long i)
{
	const struct decimal *d = &b->dec[i];

	switch (b->form[i]) {
	case ELEMENT_DIGITS:
		return b->digits[i].w ? fastdec_digits_log2_bound(&b->digits[i]) : LONG_MIN;
	case ELEMENT_SPOT:
		return b->spot_log2[i];
	case ELEMENT_DECIMAL: /* |x| ≥ head·10^q */
		if (d->kind == DECIMAL_FINITE && d->head && d->e2 == 0 && labs(d->q) <= 400)
			return fastdec_digits_log2_bound(&(struct fastdec_digits){ d->head, d->q, d->neg });
		return LONG_MIN;
	default:
		return LONG_MIN;
	}
}

/* Element i's sign, as the reading held it. */
static bool element_neg(const struct block *b, long i)
{
	switch (b->form[i]) {
	case ELEMENT_DIGITS:
		return b->digits[i].neg;
	case ELEMENT_SPOT:
		return b->spots[2 * i].neg;
	default:
		return b->dec[i].neg;
	}
}

/* A plain decimal's text as its significant digits: from the first not 0 (d) to the
 * end of its digits (end), its point `point` bytes past d (where none, or before d, a
 * number not below end − d), the first digit standing at 10^(top − 1). */
struct typed_digits {
	const char *d, *end;
	size_t point;
	long top;
};

/* Past the run of digits at p (before end): 8 bytes a step while 8 are left. */
static const char *digits_past(const char *p, const char *end)
{
	for (uint64_t v; end - p >= 8; p += 8) {
		memcpy(&v, p, 8);
		v = ((v + 0x4646464646464646u) | (v - 0x3030303030303030u)) & 0x8080808080808080u;
		if (v) /* the first byte that is no digit, where the bytes lie lowest first */
			return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? p + __builtin_ctzll(v) / 8 : p;
	}
	while (p < end && (unsigned)(*p - '0') < 10)
		p++;
	return p;
}

/* text (len bytes) as typed_digits when it is [sign]digits[.digits][(e|E)[sign]digits],
 * as dec_text_read() takes it, and not 0; false otherwise. */
static bool typed_digits(struct typed_digits *t, const char *text, size_t len)
{
	const char *p = text + (len && (text[0] == '-' || text[0] == '+')), *end = text + len, *start = p, *point;
	const char *first;
	size_t at;
	long exp;

	p = digits_past(p, end);
	point = p;
	if (p < end && *p == '.')
		p = digits_past(p + 1, end);
	at = (size_t)(p - text);
	if (p - start == (point < p) || !dec_text_exponent(&exp, text, len, &at) || at != len)
		return false;
	for (first = start; first < p && (*first == '0' || *first == '.'); first++)
		;
	if (first == p)
		return false; /* 0 */
	t->d = first;
	t->end = p;
	t->point = (size_t)(point - first); /* before d: past any length */
	t->top = exp + (first < point ? point - first : point - first + 1);
	return true;
}

/* Whether a digit at [p, end) is not 0 ('.' lies below '0'). */
static bool any_nonzero(const char *p, const char *end)
{
	for (; p < end; p++)
		if (*p > '0')
			return true;
	return false;
}

/* |a| against |b|: −1, 0, 1. Where their points (if any) lie alike among the digits
 * both have, byte by byte; else digit by digit, the points passed over. Where one
 * ends, the other is the larger if a digit past it is not 0. */
static int typed_cmp(const struct typed_digits *a, const struct typed_digits *b)
{
	const char *p = a->d, *q = b->d;
	size_t n = (size_t)(a->end - a->d < b->end - b->d ? a->end - a->d : b->end - b->d);
	int c;

	if (a->top != b->top)
		return a->top > b->top ? 1 : -1;
	if (a->point == b->point || (a->point >= n && b->point >= n)) {
		if ((c = memcmp(p, q, n)) != 0)
			return c > 0 ? 1 : -1;
		p += n, q += n;
	} else
		for (;; p++, q++) {
			p += p < a->end && *p == '.';
			q += q < b->end && *q == '.';
			if (p == a->end || q == b->end)
				break;
			if (*p != *q)
				return *p > *q ? 1 : -1;
		}
	return any_nonzero(p, a->end) ? 1 : any_nonzero(q, b->end) ? -1 : 0;
}

bool mx_far_code(fpcode *code, const struct block *b, long i, long threshold)
{
	long below;

	if (b->log2_over[i] < threshold || (below = log2_below(b, i)) < threshold)
		return false;
	*code = b->rounding->past_max[element_neg(b, i)];
	return true;
}

/* Whether far elements of block b may be told apart (mx_far_scan()): a block in place
 * (its rows straight from the table), a float format's table, no error or exact value
 * written (each would be made), and the codes past max ±v, v·2^e a value of the grid
 * below 2^threshold, so that every x past that has |error| = |x| − v·2^e. */
static bool far_block(const struct block *b, long e, long threshold)
{
	const struct code_table *t = b->codes;
	const fpcode *past = b->rounding ? b->rounding->past_max : NULL;

	if (!b->in_place || !t || !past || b->error_wanted || b->exact_wanted)
		return false;
	for (int neg = 0; neg < 2; neg++)
		if (past[neg] >= MX_TABLE_CODES || !t->grid[past[neg]] || t->neg[past[neg]] != neg)
			return false;
	return t->m[past[0]] && t->m[past[0]] == t->m[past[1]] && t->exp[past[0]] == t->exp[past[1]] &&
	       64 - __builtin_clzll(t->m[past[0]]) + t->exp[past[0]] + e <= threshold;
}

bool mx_far_scan(struct mx_far *far, struct block *b, const struct element_format *ef, long e,
		 struct worst_rational *rational, struct worst_text *text)
{
	struct typed_digits most = { NULL, NULL, 0, 0 }, x;

	*far = (struct mx_far){ .at = -1, .threshold = LONG_MAX, .code = 0 };
	if (e != MX_SCALE_BIAS || !b->rounding)
		return false;
	/* x with ⌊log2 |x|⌋ + e2 past the grid's emax lies at or past 2^(emax + 1) */
	far->threshold = b->rounding->grid.emax - b->rounding->grid.e2 + 1;
	if (!far_block(b, e, far->threshold))
		return false;
	for (long i = 0; i < b->count; i++) {
		fpcode code;
		if (b->log2_over[i] < far->threshold || !mx_far_code(&code, b, i, far->threshold))
			continue;
		if (!typed_digits(&x, b->text[i], b->len[i]))
			return far->at = -1, false; /* not told apart: the usual path */
		if (far->at < 0 || typed_cmp(&x, &most) > 0)
			far->at = i, far->code = code, most = x;
	}
	mx_keep_exact(b, ef, e, far->at, far->code, rational, text); /* none where at is −1 */
	return far->at >= 0;
}
