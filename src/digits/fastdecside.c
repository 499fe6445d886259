/*
 * fastdecside.c — a long decimal line that the ends of its first 19 digits leave
 * between two placements (fastdecline.h's FASTDEC_BETWEEN), placed exactly: when one
 * boundary of the grid (a value or a midpoint, m·2^e) lies between the ends, all the
 * line's digits D·10^q are compared with it as integers, D·5^q·2^q against m·2^e, in
 * GMP's mpn on fixed buffers on the stack (as fast_float's digit comparison does). It
 * declines (false) two boundaries or more, and lines past SIDE_DIGITS digits; it never
 * allocates and never approximates.
 */
#include "fastdecline.h"

#include <gmp.h>
#include <string.h>

#include "fastdec_impl.h"
#include "pow5.h"

#define SIDE_DIGITS 1200 /* digits from the first nonzero at most, and |q| at most SIDE_POW5 */
#define SIDE_POW5 1600
#define SIDE_MAX_EXP 100000000L /* an exponent past it is declined (no overflow) */
#define SIDE_LIMBS 200   /* > 1200·log2 10 / 64 + 1600·log2 5 / 64 + 2 */

/* A line's digits D (no zeros first) in limbs, and its exponent: D·10^q. */
struct side_digits {
	mp_limb_t x[SIDE_LIMBS];
	mp_size_t n;
	size_t digits;
	long q;
};

/* D = D·10^k + chunk (k ≤ 19 digits of it). */
static void side_append(struct side_digits *d, uint64_t chunk, int k)
{
	static const uint64_t ten[20] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
					  1000000000, 10000000000, 100000000000, 1000000000000, 10000000000000,
					  100000000000000, 1000000000000000, 10000000000000000,
					  100000000000000000, 1000000000000000000, 10000000000000000000u };
	mp_limb_t top;

	if (d->n == 0) {
		d->x[0] = chunk;
		d->n = chunk != 0;
		return;
	}
	top = mpn_mul_1(d->x, d->x, d->n, ten[k]);
	top += mpn_add_1(d->x, d->x, d->n, chunk);
	if (top)
		d->x[d->n++] = top;
}

/* Are the 8 bytes of x (a text XOR '0') all digits? (fastdecline.c's test.) */
static inline bool side_all_digits(uint64_t x)
{
	return ((x | (x + 0x7676767676767676u)) & 0x8080808080808080u) == 0;
}

/* The digits from p on (a point among them), 19 a word into d, 8 a load once past the
 * zeros before them (where 8 bytes remain before end); where they end. */
static const char *side_scan_digits(struct side_digits *d, long *after_point, const char *p, const char *end)
{
	uint64_t chunk = 0;
	int taken = 0;
	bool point = false;

	for (; p < end; p++) {
		unsigned v = (unsigned)(*p - '0');
		uint64_t x;
		if (d->digits && end - p >= 8 && (memcpy(&x, p, 8), side_all_digits(x ^= ASCII_ZEROS))) {
			if (taken > 11) { /* 8 more would pass 19 */
				side_append(d, chunk, taken);
				chunk = 0;
				taken = 0;
			}
			chunk = chunk * 100000000 + digit_bytes_value(x);
			taken += 8;
			d->digits += 8;
			*after_point += 8 * point;
			p += 7;
			if (d->digits > SIDE_DIGITS)
				return NULL;
			continue;
		}
		if (v >= 10) {
			if (*p != '.' || point)
				break;
			point = true;
			continue;
		}
		*after_point += point;
		if (d->digits == 0 && v == 0)
			continue;
		if (taken == 19) {
			side_append(d, chunk, 19);
			chunk = 0;
			taken = 0;
		}
		chunk = chunk * 10 + v;
		taken++;
		if (++d->digits > SIDE_DIGITS)
			return NULL;
	}
	if (taken)
		side_append(d, chunk, taken);
	return p;
}

/* text, exactly up to end, [sign]digits[.digits][(e|E)[sign]digits], as fastdecline.c's
 * scan_line() and fastdecscan.c read it (the caller has placed it, so it is one); false
 * when it is not that, zero, longer than SIDE_DIGITS or past SIDE_POW5. */
static bool side_scan(struct side_digits *d, const char *p, const char *end)
{
	long exp = 0, after_point = 0;
	bool below;

	d->n = 0;
	d->digits = 0;
	p += p < end && (*p == '-' || *p == '+');
	if (!(p = side_scan_digits(d, &after_point, p, end)))
		return false;
	if (p < end && (*p | 0x20) == 'e') {
		const char *first;
		below = ++p < end && *p == '-';
		p += p < end && (*p == '-' || *p == '+');
		for (first = p; p < end && (unsigned)(*p - '0') < 10; p++)
			if ((exp = exp * 10 + (*p - '0')) > SIDE_MAX_EXP)
				return false;
		if (p == first)
			return false;
		exp = below ? -exp : exp;
	}
	if (p != end) /* not the decimal its caller placed */
		return false;
	d->q = exp - after_point;
	return d->n > 0 && d->q >= -SIDE_POW5 && d->q <= SIDE_POW5;
}

/* x (xn limbs) times 5^k, in place, by the table's powers of at most 5^POW5_MAX. */
static mp_size_t side_times_pow5(mp_limb_t *x, mp_size_t xn, long k)
{
	mp_limb_t product[SIDE_LIMBS];

	while (k > 0) {
		long j = k < POW5_MAX ? k : POW5_MAX;
		const mp_limb_t *p = pow5_limbs + pow5_table[j].offset;
		mp_size_t pn = (mp_size_t)pow5_table[j].size, n = xn + pn;
		if (xn >= pn)
			mpn_mul(product, x, xn, p, pn);
		else
			mpn_mul(product, p, pn, x, xn);
		n -= product[n - 1] == 0;
		memcpy(x, product, (size_t)n * sizeof *x);
		xn = n;
		k -= j;
	}
	return xn;
}

static long side_bits(const mp_limb_t *x, mp_size_t n)
{
	return (long)n * GMP_NUMB_BITS - __builtin_clzll(x[n - 1]);
}

/* x (xn limbs) times 2^s into out, which then has `limbs` limbs (s ≥ 0). */
static void side_shift(mp_limb_t *out, mp_size_t limbs, const mp_limb_t *x, mp_size_t xn, long s)
{
	mp_size_t words = (mp_size_t)(s / GMP_NUMB_BITS);
	unsigned bits = (unsigned)(s % GMP_NUMB_BITS);

	memset(out, 0, (size_t)limbs * sizeof *out);
	if (bits == 0)
		memcpy(out + words, x, (size_t)xn * sizeof *x);
	else {
		mp_limb_t top = mpn_lshift(out + words, x, xn, bits);
		if (words + xn < limbs)
			out[words + xn] = top;
	}
}

/* The sign of a·2^ta − b·2^tb (a, b nonzero, an, bn limbs). */
static int side_sign(const mp_limb_t *a, mp_size_t an, long ta, const mp_limb_t *b, mp_size_t bn, long tb)
{
	mp_limb_t shifted[SIDE_LIMBS];
	long top_a = side_bits(a, an) + ta, top_b = side_bits(b, bn) + tb;

	if (top_a != top_b) /* their leading bits apart */
		return top_a > top_b ? 1 : -1;
	if (ta >= tb) { /* then a has the fewer bits: shifted, it has b's */
		side_shift(shifted, bn, a, an, ta - tb);
		return mpn_cmp(shifted, b, bn);
	}
	side_shift(shifted, an, b, bn, tb - ta);
	return mpn_cmp(a, shifted, an);
}

/* The sign of D·10^q − m·2^e: D·5^q·2^q against m·2^e, the power of 5 on the side
 * where it is whole. */
static int side_compare(struct side_digits *d, uint64_t m, long e)
{
	mp_limb_t *a = d->x, b[SIDE_LIMBS];
	mp_size_t an = d->n, bn = 1;

	b[0] = m;
	if (d->q >= 0)
		an = side_times_pow5(a, an, d->q);
	else
		bn = side_times_pow5(b, bn, -d->q);
	return side_sign(a, an, d->q, b, bn, e);
}

/*
 * The boundaries of ln's grid in one sequence: 2r is rank r's value, 2r + 1 the
 * midpoint above it, 2(max_rank + 1) the virtual value past max (past which every
 * value lies "past max", lower max_rank + 1). A placement's first boundary above it,
 * and its last below it.
 */
static uint64_t side_first_above(const struct fastdec_spot *s)
{
	return 2 * s->lower + (!s->exact && s->vs_mid >= 0) + 1;
}

static uint64_t side_last_below(const struct fastdec_spot *s, const struct fastdec_line *ln)
{
	bool on = s->exact || s->vs_mid == 0;

	if (s->lower > ln->max_rank)
		return 2 * (ln->max_rank + 1);
	return 2 * s->lower + (!s->exact && s->vs_mid >= 0) - on;
}

/* Boundary k as m·2^e, for a line's digits (its value's 2^e2 moved to e). As
 * fastdecline.c's place_line_word() ranks: ((binade + bias − 1) << frac_bits) plus
 * the significand with its leading bit, or without one at emin (the subnormals). */
static bool side_boundary(uint64_t *m, long *e, const struct fastdec_line *ln, uint64_t k)
{
	uint64_t r = k >> 1, frac = r & ((UINT64_C(1) << ln->frac_bits) - 1);
	long top = (long)(r >> ln->frac_bits), sub = ln->emin + ln->bias - 1;

	if (sub < 0)
		return false;
	if (top > sub) {
		*m = (UINT64_C(1) << ln->frac_bits) + frac;
		*e = top - ln->bias - ln->frac_bits;
	} else {
		*m = r - ((uint64_t)sub << ln->frac_bits);
		*e = ln->emin - ln->frac_bits;
	}
	if (k & 1) {
		*m = 2 * *m + 1;
		--*e;
	}
	*e -= ln->e2;
	return true;
}

__attribute__((noinline)) bool fastdec_settle_between(struct fastdec_spot s[2], const struct fastdec_line *ln, const char *text,
						   const char *end)
{
	struct side_digits d;
	struct fastdec_spot a = s[0], b = s[1], placed = a, *v = &placed;
	uint64_t k = side_first_above(&a), at, m;
	long e;
	int side;

	if (k != side_last_below(&b, ln) || !side_boundary(&m, &e, ln, k) || !side_scan(&d, text, end))
		return false;
	side = side_compare(&d, m, e);
	at = side < 0 ? k - 1 : k; /* the value lies on boundary `at` (side 0) or just past it */
	v->kind = FASTDEC_PLACED;
	v->lower = at >> 1;
	v->exact = side == 0 && !(at & 1);
	v->vs_mid = at & 1 ? side != 0 : -1;
	if (v->lower > ln->max_rank) { /* past max: as place_line_word() says it */
		v->lower = ln->max_rank + 1;
		v->exact = false;
		v->vs_mid = 1;
	}
	if (v->lower != a.lower && v->lower != b.lower)
		return false;
	v->tiny = v->lower == a.lower ? a.tiny : b.tiny; /* tininess goes with the rank */
	s[0] = placed;
	return true;
}
