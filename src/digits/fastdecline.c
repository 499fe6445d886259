/*
 * fastdecline.c — the commonest bulk conversion in one pass (fastdecline.h): a line
 * of [sign]digits[.digits][(e|E)[sign]digits], read 8 bytes a load straight from the
 * line reader's block and placed on a binary grid whose ranks are its codes, in words
 * only (fastdec_impl.h's steps). It answers what fastdec_place() answers, or declines;
 * it never approximates, never allocates, never reads past LINES_PADDING.
 */
#include "fastdecline.h"
#include "fastdec.h"
#include "fastdec_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool fastdec_line_open(struct fastdec_line *ln, const struct fmt *f, long e2)
{
	if (!LITTLE_ENDIAN_WORDS || !f->grid.present || !f->kind->ranks_are_codes || f->bits > 64 ||
	    (f->has_sign && !f->kind->sign_is_top_bit) || f->grid.frac_bits > 60 || labs(f->emin) > 100000 ||
	    labs(f->emax) > 100000 || labs(e2) > 100000)
		return false;
	*ln = (struct fastdec_line){ f->grid.frac_bits, f->grid.bias, f->emin, f->emax, (uint64_t)f->max_rank,
				     f->has_sign, f->grid.subnormals, e2 };
	return true;
}

/* How many of the 8 bytes of x (each byte of a text XOR '0', the first in the lowest)
 * are digits before the first that is not one. A digit's byte is 0…9 and adding 0x76
 * leaves its top bit clear; any other byte sets it, and what it carries goes only into
 * bytes after it. */
static inline int leading_digits(uint64_t x)
{
	uint64_t other = (x | (x + 0x7676767676767676u)) & 0x8080808080808080u;

	return other ? __builtin_ctzll(other) >> 3 : 8;
}

static const uint64_t powers_of_ten[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000 };

/* 10^k for k ≤ 19 (5^k·2^k from the table). */
static inline uint64_t powers_of_ten_wide(int k)
{
	return pow5_limbs[pow5_table[k].offset] << k;
}

/* The digits a line's scan has read: the zeros before the first other one (skipped),
 * the first 19 from there in w, the next 19 in tail, and of all after the 19th how
 * many there were and whether any was not 0; where a skim (skim_line_digits()) of
 * them began, or NULL. */
struct line_digits {
	uint64_t w, tail;
	int skipped, taken, dropped;
	bool sticky;
	const char *skimmed;
};

/* The first n digit values of x (1 ≤ n ≤ 8) appended to g->w. */
static ALWAYS_INLINE void take_digits(struct line_digits *g, uint64_t x, int n)
{
	g->w = g->w * powers_of_ten[n] + digit_bytes_value(x << (8 * (8 - n))); /* the n digits, zeros before */
	g->taken += n;
}

/* The digits from p on into g, up to 8 a load (the line's padding makes every load
 * safe); returns where they end. */
static ALWAYS_INLINE const char *scan_line_digits(struct line_digits *g, const char *p)
{
	for (;;) {
		uint64_t x;
		int n, room = 19 - g->taken;
		memcpy(&x, p, 8);
		x ^= ASCII_ZEROS;
		if ((n = leading_digits(x)) == 0)
			return p;
		if (g->taken == 0) { /* zeros before the first other digit are not taken */
			uint64_t run = n == 8 ? x : x & ((UINT64_C(1) << (8 * n)) - 1);
			int zeros = run ? __builtin_ctzll(run) >> 3 : n;
			if (zeros) {
				g->skipped += zeros;
				p += zeros;
				if (zeros < n || n == 8)
					continue; /* from the first other digit, or the next load */
				return p;
			}
		}
		if (n <= room)
			take_digits(g, x, n);
		else {
			int k = room > 0 ? room : 0, rest = n - k;
			if (k)
				take_digits(g, x, k);
			x = (x >> (8 * k)) & (rest == 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * rest)) - 1);
			g->sticky |= x != 0;
			if (g->dropped + rest <= 19)
				g->tail = g->tail * powers_of_ten[rest] + digit_bytes_value(x << (8 * (8 - rest)));
			g->dropped += rest;
		}
		p += n;
		if (n < 8)
			return p;
	}
}

/* Digits past the first 19 from p on, counted into g->dropped and g->sticky only (not
 * into tail), 8 a load; returns where they end. A load of 8 digits costs no count: the
 * loads' digits are ORed together and counted, with the last load's, once. */
static ALWAYS_INLINE const char *skim_line_digits(struct line_digits *g, const char *p)
{
	const char *from = p;
	uint64_t x, other, seen = 0;

	if (!g->skimmed)
		g->skimmed = p;
	for (;;) {
		memcpy(&x, p, 8);
		x ^= ASCII_ZEROS;
		other = (x | (x + 0x7676767676767676u)) & 0x8080808080808080u; /* leading_digits() */
		if (other)
			break;
		seen |= x;
		p += 8;
	}
	other = __builtin_ctzll(other) >> 3; /* the digits before the first other byte, < 8 */
	seen |= x & ((UINT64_C(1) << (8 * other)) - 1);
	p += other;
	g->sticky |= seen != 0;
	g->dropped += (int)(p - from);
	return p;
}

/* scan_line_digits(), its digits past the first 19 skimmed (skim_line_digits()): up to
 * the 19th, a load at a time as there. */
static ALWAYS_INLINE const char *skim_scan_digits(struct line_digits *g, const char *p)
{
	while (g->taken < 19) {
		uint64_t x;
		int n, room = 19 - g->taken;
		memcpy(&x, p, 8);
		x ^= ASCII_ZEROS;
		if ((n = leading_digits(x)) == 0)
			return p;
		if (g->taken == 0) { /* zeros before the first other digit are not taken */
			uint64_t run = n == 8 ? x : x & ((UINT64_C(1) << (8 * n)) - 1);
			int zeros = run ? __builtin_ctzll(run) >> 3 : n;
			if (zeros) {
				g->skipped += zeros;
				p += zeros;
				if (zeros < n || n == 8)
					continue;
				return p;
			}
		}
		if (n > room) { /* the 19th in this load: the rest from it on skimmed */
			take_digits(g, x, room);
			return skim_line_digits(g, p + room);
		}
		take_digits(g, x, n);
		p += n;
		if (n < 8)
			return p;
	}
	return skim_line_digits(g, p);
}

/* [sign]digits[.digits][(e|E)[sign]digits], with an exponent of at most 5 digits:
 * |value| = w·10^q, or strictly between that and (w + 1)·10^q when sticky (digits past
 * the 19th, not all 0). Returns where it ends, or NULL. The digits past the 19th are
 * skimmed where skim (a constant: each caller gets its own copy), else read into the
 * second word. */
static ALWAYS_INLINE const char *scan_line_as(struct line_digits *digits, long *q, bool *neg, const char *p,
					      bool skim)
{
	struct line_digits g = { 0, 0, 0, 0, 0, false, NULL };
	long exp = 0, shift;

	*neg = *p == '-';
	p += *p == '-' || *p == '+';
	p = skim ? skim_scan_digits(&g, p) : scan_line_digits(&g, p);
	shift = g.dropped; /* integer digits past the 19th: each a factor of 10 */
	if (*p == '.') {
		int before = g.skipped + g.taken;
		p = skim ? skim_scan_digits(&g, p + 1) : scan_line_digits(&g, p + 1);
		shift -= g.skipped + g.taken - before; /* fraction digits in w or before it: each a tenth */
	}
	if (g.skipped + g.taken == 0)
		return NULL;
	if ((*p | 0x20) == 'e') {
		bool below = *++p == '-';
		const char *first;
		p += *p == '-' || *p == '+';
		for (first = p; (unsigned)(*p - '0') < 10 && p - first < 5; p++)
			exp = exp * 10 + (*p - '0');
		if (p == first)
			return NULL;
		if (below)
			exp = -exp;
	}
	*digits = g;
	*q = exp + shift;
	return p;
}

static ALWAYS_INLINE const char *scan_line(struct line_digits *digits, long *q, bool *neg, const char *p)
{
	return scan_line_as(digits, q, neg, p, false);
}

/*
 * A value in [2^e, 2^(e+1)) below the smallest subnormal, k binades below the one of
 * half of it (the midpoint above rank 0), placed: at rank 0, and above that midpoint
 * (k = 0: but on it for 2^e itself) or below it. n·2^e2 with its slop, as
 * place_line_word() takes it: with slop 2 and n + 1 a power of two, the value may reach
 * 2^(e+1), which is the midpoint for k = 1 and a value of the grid for k = 0 (false).
 */
static ALWAYS_INLINE bool place_below_subnormals(struct fastdec_spot *s, unsigned __int128 n, long k, int slop)
{
	if (k <= 1 && slop == 2 && (n & (n + 1)) == 0)
		return false;
	s->lower = 0;
	s->vs_mid = k > 0 ? -1 : slop == 0 && (n & (n - 1)) == 0 ? 0 : 1;
	return true;
}

/*
 * Where n·2^e2 lies on ln's grid when `slop` says what n is: 0, the value exactly; 1,
 * the value lies strictly between n and n + 1 (a sticky bit); 2, the value lies in
 * [n, n + 2) and on no boundary of the grid (a value or a midpoint). Past max, the
 * virtual rank (as in_range() and set_rank() say); below the smallest subnormal, rank
 * 0 (place_below_subnormals()). False when that does not decide it, or the value lies
 * below the normals of a grid without subnormals.
 * With n shifted to fill 128 bits, a normal value's significand is the top frac_bits + 1
 * bits (fewer in a subnormal's binade), and the bits below them are compared with half
 * the last place. The shift by z widens the intervals to (n, n + 2^z) and
 * [n, n + 2^(z+1)), whose ends are multiples of 2^z: only at n + 2^z, with slop 2, may a
 * boundary lie within.
 */
static ALWAYS_INLINE bool place_line_word(struct fastdec_spot *s, const struct fastdec_line *ln,
					  unsigned __int128 n, long e2, int slop)
{
	int zeros = 128 - code_bit_length(n), below_bits = 63 - ln->frac_bits;
	long e, binade;
	uint64_t hi, lo, rest, half;

	e2 += ln->e2;
	e = binade = 127 - zeros + e2;
	s->exact = false;
	s->vs_mid = 1;
	s->lower = ln->max_rank + 1;
	s->tiny = e < ln->emin;
	if (e > ln->emax) /* past max's binade: past the virtual value too (in_range()) */
		return true;
	if (e < ln->emin) {
		if (!ln->subnormals)
			return false;
		if (ln->emin - e > ln->frac_bits)
			return place_below_subnormals(s, n, ln->emin - ln->frac_bits - 1 - e, slop);
		binade = ln->emin;
		below_bits += (int)(ln->emin - e);
	}
	n <<= zeros;
	hi = (uint64_t)(n >> 64);
	lo = (uint64_t)n;
	half = UINT64_C(1) << (below_bits - 1);
	rest = hi & (half + (half - 1));
	if (slop == 2 && (zeros > 1 || (lo == -(UINT64_C(1) << zeros) && (rest & (half - 1)) == half - 1)))
		return false; /* a boundary may lie at n + 1, shifted: within the interval */
	/* both by arithmetic, not branches: on a narrow grid they go either way at random */
	s->exact = (slop == 0) & (rest == 0) & (lo == 0);
	s->vs_mid = (rest > half) - (rest < half) + ((rest == half) & ((lo != 0) | (slop != 0)));
	s->lower = ((uint64_t)(binade + ln->bias - 1) << ln->frac_bits) + (hi >> below_bits); /* as set_rank() */
	if (s->lower > ln->max_rank) { /* past max: the virtual rank */
		s->lower = ln->max_rank + 1;
		s->exact = false;
		s->vs_mid = 1;
	}
	return true;
}

/*
 * w·10^q in a word, as place_line_word() takes it (n·2^e2 and its slop): exactly for
 * 0 ≤ q ≤ 27; with the remainder as a sticky bit for −27 ≤ q < 0 (divide_by_pow5(), or
 * wide_in_word() for w of 64 bits);
 * else by one product with the 128-bit 5^q (Eisel–Lemire). That product leaves the
 * value in [n, n + 2), and there it lies on no boundary: for q ≥ 28 its odd part has
 * 5^28's 66 bits or more, for q ≤ −28 it is no dyadic number (5^28 > 10^19 > w), and a
 * value or midpoint of a grid of at most 61 bits has an odd part of at most 62.
 */
static ALWAYS_INLINE bool word_in_word(unsigned __int128 *n, long *e2, int *slop, uint64_t w, long q)
{
	if (q >= 0 && q <= POW5_SMALL_MAX) {
		*n = (unsigned __int128)w * pow5_limbs[pow5_table[q].offset];
		*e2 = q;
		*slop = 0;
		return true;
	}
	if (q < 0 && q >= -POW5_SMALL_MAX) {
		int shift;
		bool remainder;
		if (w >> 63) /* too wide for the reciprocal: as two words */
			return wide_in_word(n, e2, slop, w, q);
		*n = divide_by_pow5(w, &shift, &remainder, (int)-q);
		*e2 = q - shift;
		*slop = remainder;
		return true;
	}
	if (q >= -POW5_MAX && q <= POW5_MAX) {
		const uint64_t *t = pow5_wide[q + POW5_MAX];
		int zeros = __builtin_clzll(w);
		uint64_t x = w << zeros;
		unsigned __int128 low = (unsigned __int128)x * t[0], high = (unsigned __int128)x * t[1];
		*n = high + (uint64_t)(low >> 64);
		*e2 = q + pow5_wide_log2[q + POW5_MAX] - 63 - zeros;
		*slop = 2;
		return true;
	}
	return false;
}

static ALWAYS_INLINE bool place_line_value(struct fastdec_spot *s, const struct fastdec_line *ln, uint64_t w, long q)
{
	unsigned __int128 n;
	long e2;
	int slop;

	if (!word_in_word(&n, &e2, &slop, w, q))
		return false;
	/* each slop a constant: place_line_word() compiled for it */
	return slop == 0 ? place_line_word(s, ln, n, e2, 0) :
	       slop == 1 ? place_line_word(s, ln, n, e2, 1) :
			   place_line_word(s, ln, n, e2, 2);
}

/*
 * A line strictly between a = w·10^q and b = (w + 1)·10^q (digits past the 19th): placed
 * as fastdec_place() places it, when a and b have the same lower neighbour (or b is the
 * next rank's value, past that midpoint) and a lies at or past its midpoint or b at or
 * before it. Else FASTDEC_BETWEEN, with a's placement in s[0] and b's in s[1].
 */
static ALWAYS_INLINE bool place_line_between(struct fastdec_spot s[2], const struct fastdec_line *ln, uint64_t w, long q)
{
	bool next;
	int vs_mid;

	if (w == UINT64_MAX || !place_line_value(&s[0], ln, w, q) || !place_line_value(&s[1], ln, w + 1, q))
		return false;
	s[1].neg = s[0].neg;
	next = s[1].exact && s[1].lower == s[0].lower + 1;
	if ((next || s[1].lower == s[0].lower) && between_ends(&vs_mid, s[0].vs_mid, next ? 1 : s[1].vs_mid)) {
		s[0].exact = false;
		s[0].vs_mid = vs_mid;
	} else
		s[0].kind = FASTDEC_BETWEEN;
	return true;
}

/* All of up to 38 digits, w·10^q, by wide_in_word(). */
static ALWAYS_INLINE bool place_line_wide(struct fastdec_spot *s, const struct fastdec_line *ln,
					  unsigned __int128 w, long q)
{
	unsigned __int128 n;
	long e2;
	int slop;

	return wide_in_word(&n, &e2, &slop, w, q) && place_line_word(s, ln, n, e2, slop);
}

/* All the digits as *w·10^*wq (q the exponent of g's first 19), when there are at most
 * 38 or all past those are 0; else false. */
static ALWAYS_INLINE bool all_line_digits(unsigned __int128 *w, long *wq, const struct line_digits *g, long q)
{
	if (!g->sticky) {
		*w = g->w;
		*wq = q;
		return true;
	}
	if (g->dropped > 19)
		return false;
	*w = (unsigned __int128)g->w * powers_of_ten_wide(g->dropped) + g->tail;
	*wq = q - g->dropped;
	return true;
}

const char *fastdec_scan_line(struct fastdec_digits *d, const char *text)
{
	struct line_digits g;
	long q;
	const char *stop = scan_line(&g, &q, &d->neg, text);

	return stop && all_line_digits(&d->w, &d->q, &g, q) ? stop : NULL;
}

const char *fastdec_scan_line_decimal(struct decimal *d, const char *text)
{
	struct line_digits g;
	long q;
	const char *digits = text + (*text == '-' || *text == '+'), *stop = scan_line(&g, &q, &d->neg, text);
	unsigned __int128 all;

	if (!stop || (g.w != 0 && labs(q) > 400)) /* as set_decimal(): the head's exponent */
		return NULL;
	*d = (struct decimal){ DECIMAL_FINITE, g.w, q, 0, g.sticky, { 0, 0 }, 0, q - g.dropped, d->neg, NULL, 0 };
	if (g.sticky && g.dropped <= 19 && d->wq >= -400) { /* all of at most 38 digits */
		all = (unsigned __int128)g.w * powers_of_ten_wide(g.dropped) + g.tail;
		d->w[0] = (mp_limb_t)all;
		d->w[1] = (mp_limb_t)(all >> 64);
		d->limbs = d->w[1] ? 2 : 1;
	} else if (g.sticky) { /* past 38: the text, for fastdec_settle_between() */
		d->text = digits;
		d->len = (size_t)(stop - digits);
	}
	return stop;
}

const char *fastdec_place_line(struct fastdec_spot s[2], const struct fastdec_line *ln, const char *text)
{
	struct line_digits g;
	unsigned __int128 w;
	long q, wq;
	const char *stop = scan_line(&g, &q, &s->neg, text);
	bool placed;

	if (!stop)
		return NULL;
	s->kind = g.w == 0 ? FASTDEC_ZERO : FASTDEC_PLACED; /* only zeros leave w 0 */
	if (s->kind == FASTDEC_ZERO)
		return stop;
	if (s->neg && !ln->has_sign)
		return NULL;
	s->digits = g.sticky ? 0 : g.w;
	s->q = q;
	if (!g.sticky)
		placed = place_line_value(s, ln, g.w, q);
	else if (all_line_digits(&w, &wq, &g, q) && place_line_wide(s, ln, w, wq)) /* in two words */
		placed = true;
	else
		placed = place_line_between(s, ln, g.w, q);
	return placed ? stop : NULL;
}

/* scan_line() with its digits past the first 19 skimmed (skim_scan_digits()). */
static ALWAYS_INLINE const char *skim_scan_line(struct line_digits *digits, long *q, bool *neg, const char *p)
{
	return scan_line_as(digits, q, neg, p, true);
}

/* The tail of a skimmed line of at most 38 digits (g->dropped ≤ 19) read from where its
 * skim began: the digits past the 19th, a point among them passed over. */
static ALWAYS_INLINE void skimmed_tail(struct line_digits *g)
{
	const char *p = g->skimmed;
	uint64_t tail = 0;

	for (int left = g->dropped; left > 0;) {
		uint64_t x;
		int n;
		memcpy(&x, p, 8);
		x ^= ASCII_ZEROS;
		n = leading_digits(x);
		n = n < left ? n : left;
		if (n == 0) { /* the point */
			p++;
			continue;
		}
		tail = tail * powers_of_ten[n] + digit_bytes_value(x << (8 * (8 - n)));
		p += n;
		left -= n;
	}
	g->tail = tail;
}

/* A line scanned into g (q, neg; skimmed, with its tail where it has at most 38 digits,
 * skimmed_tail()) placed into s as fastdec_place_line() places it. */
static ALWAYS_INLINE bool place_scanned(struct fastdec_spot s[2], const struct fastdec_line *ln,
					const struct line_digits *g, long q, bool neg)
{
	unsigned __int128 w;
	long wq;

	s->neg = neg;
	s->kind = g->w == 0 ? FASTDEC_ZERO : FASTDEC_PLACED; /* only zeros leave w 0 */
	if (s->kind == FASTDEC_ZERO)
		return true;
	if (s->neg && !ln->has_sign)
		return false;
	s->digits = g->sticky ? 0 : g->w;
	s->q = q;
	if (!g->sticky)
		return place_line_value(s, ln, g->w, q);
	if (all_line_digits(&w, &wq, g, q) && place_line_wide(s, ln, w, wq)) /* in two words */
		return true;
	return place_line_between(s, ln, g->w, q);
}

/* The same line read into d as fastdec_scan_line_decimal() reads it (its digits from
 * `digits` on, to stop); false where that declines it. */
static ALWAYS_INLINE bool scanned_decimal(struct decimal *d, const struct line_digits *g, long q, bool neg,
					  const char *digits, const char *stop)
{
	unsigned __int128 all;

	if (g->w != 0 && labs(q) > 400) /* as set_decimal(): the head's exponent */
		return false;
	*d = (struct decimal){ DECIMAL_FINITE, g->w, q, 0, g->sticky, { 0, 0 }, 0, q - g->dropped, neg, NULL, 0 };
	if (g->sticky && g->dropped <= 19 && d->wq >= -400) { /* all of at most 38 digits */
		all = (unsigned __int128)g->w * powers_of_ten_wide(g->dropped) + g->tail;
		d->w[0] = (mp_limb_t)all;
		d->w[1] = (mp_limb_t)(all >> 64);
		d->limbs = d->w[1] ? 2 : 1;
	} else if (g->sticky) { /* past 38: the text, for fastdec_settle_between() */
		d->text = digits;
		d->len = (size_t)(stop - digits);
	}
	return true;
}

const char *fastdec_place_long_line(struct fastdec_spot s[2], struct fastdec_long_scan *x,
				    const struct fastdec_line *ln, const char *text)
{
	struct line_digits g;
	long q;
	bool neg;
	const char *stop = skim_scan_line(&g, &q, &neg, text);

	if (!stop) {
		*x = (struct fastdec_long_scan){ .stop = NULL };
		return NULL;
	}
	if (g.sticky && g.dropped <= 19) /* at most 38 digits: all wanted, as fastdec_place_line() reads them */
		skimmed_tail(&g);
	x->w = g.w, x->tail = g.tail, x->dropped = g.dropped, x->sticky = g.sticky;
	x->neg = neg, x->q = q, x->text = text, x->stop = stop;
	return ln && place_scanned(s, ln, &g, q, neg) ? stop : NULL;
}

bool fastdec_place_kept(struct fastdec_spot s[2], const struct fastdec_line *ln, const struct fastdec_long_scan *x)
{
	struct line_digits g = { x->w, x->tail, 0, 0, x->dropped, x->sticky, NULL };

	return place_scanned(s, ln, &g, x->q, x->neg);
}

bool fastdec_long_decimal(struct decimal *d, const struct fastdec_long_scan *x)
{
	struct line_digits g = { x->w, x->tail, 0, 0, x->dropped, x->sticky, NULL };

	return scanned_decimal(d, &g, x->q, x->neg, x->text + (*x->text == '-' || *x->text == '+'), x->stop);
}

bool fastdec_place_binary_line(struct fastdec_spot *s, const struct fastdec_line *ln, bool neg, uint64_t n, long e2)
{
	if (n == 0 || (neg && !ln->has_sign))
		return false;
	s->kind = FASTDEC_PLACED;
	s->neg = neg;
	s->digits = 0;
	s->q = 0;
	return place_line_word(s, ln, n, e2, 0);
}

/* All the digits of a scanned line, w·10^q (w < 10^38), as n·2^e2 with a slop. */
static ALWAYS_INLINE bool digits_in_word(unsigned __int128 *n, long *e2, int *slop, const struct fastdec_digits *d)
{
	if (d->w >> 64)
		return wide_in_word(n, e2, slop, d->w, d->q);
	return word_in_word(n, e2, slop, (uint64_t)d->w, d->q);
}

bool fastdec_digits_floor_log2(long *out, const struct fastdec_digits *d)
{
	unsigned __int128 n;
	long e2;
	int slop, bits;

	if (d->w == 0 || !digits_in_word(&n, &e2, &slop, d))
		return false;
	bits = code_bit_length(n);
	/* the value lies below n + slop: below 2^bits when n + slop − 1 has as many bits */
	if (slop && code_bit_length(n + (unsigned)(slop - 1)) != bits)
		return false;
	*out = bits - 1 + e2;
	return true;
}

bool fastdec_place_digits(struct fastdec_spot *s, const struct fastdec_line *ln, const struct fastdec_digits *d)
{
	unsigned __int128 n;
	long e2;
	int slop;

	if (d->w == 0 || (d->neg && !ln->has_sign))
		return false;
	s->kind = FASTDEC_PLACED;
	s->neg = d->neg;
	s->digits = 0;
	s->q = d->q;
	return digits_in_word(&n, &e2, &slop, d) && place_line_word(s, ln, n, e2, slop);
}
