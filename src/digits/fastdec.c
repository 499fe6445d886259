/*
 * fastdec.c — placing a plain decimal exactly, with integers of a few limbs.
 *
 * For q ≥ 0 the value is the integer N = w·5^q times 2^q. For q < 0 it is
 * w·2^s / 5^k times 2^−(s+k), k = −q, where s makes the quotient N at least p + 3 bits
 * long; the remainder, if any, is a sticky bit below N. From N, its binary exponent
 * and the sticky bit, the lower neighbour and the comparison with the midpoint follow
 * as in regular_place(): keep the bits above the format's last place, look at the
 * next bit (half) and everything below it (sticky).
 *
 * The decimal comes from fastdecscan.c (fastdec_scan()); the one-pass line is
 * fastdecline.c's. Never prints, never allocates.
 */
#include "fastdec.h"
#include "fastdec_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "pow5.h"

#define MAX_LIMBS 40 /* 5^400·2^128 or (2^128·2^(113+3)·5^400): under 40 limbs */

/* ---- The exact binary form: N·2^e2, plus a sticky bit below N ---------------------- */

/* A decimal known exactly: w·10^q, w in one or two limbs. */
struct exact_decimal {
	mp_limb_t w[2];
	int limbs;
	long q;
	long e2; /* times 2^e2 */
};

struct binary {
	mp_limb_t n[MAX_LIMBS];
	mp_size_t size;
	long e2;
	bool sticky;
};

static const mp_limb_t *pow5(long k, mp_size_t *size, size_t *bits)
{
	*size = (mp_size_t)pow5_table[k].size;
	*bits = pow5_table[k].bits;
	return pow5_limbs + pow5_table[k].offset;
}

static size_t bit_length(const mp_limb_t *n, mp_size_t size)
{
	return (size_t)size * GMP_NUMB_BITS - (size_t)__builtin_clzll(n[size - 1]);
}

/* w·5^q, exactly, times 2^q. */
static void scale_up(struct binary *b, const struct exact_decimal *d)
{
	mp_size_t size;
	size_t bits;
	const mp_limb_t *p = pow5(d->q, &size, &bits);

	if (size >= d->limbs)
		mpn_mul(b->n, p, size, d->w, d->limbs);
	else
		mpn_mul(b->n, d->w, d->limbs, p, size);
	b->size = size + d->limbs;
	while (b->n[b->size - 1] == 0)
		b->size--;
	b->e2 = d->q;
	b->sticky = false;
}

/* ⌊w·2^s / 5^k⌋ times 2^−(s+k), with the remainder as the sticky bit. */
static bool scale_down(struct binary *b, const struct exact_decimal *d, int precision)
{
	mp_limb_t num[MAX_LIMBS], rem[MAX_LIMBS];
	mp_size_t dsize, nsize;
	size_t dbits, wbits = bit_length(d->w, d->limbs);
	const mp_limb_t *den = pow5(-d->q, &dsize, &dbits);
	long s = (long)dbits + precision + 3 - (long)wbits;

	if (s < 0)
		s = 0;
	nsize = (mp_size_t)((wbits + (size_t)s) / GMP_NUMB_BITS + 1);
	if (nsize < dsize)
		nsize = dsize;
	if (nsize + 1 > MAX_LIMBS)
		return false;
	memset(num, 0, (size_t)(nsize + 1) * sizeof num[0]);
	memcpy(num + s / GMP_NUMB_BITS, d->w, (size_t)d->limbs * sizeof d->w[0]);
	if (s % GMP_NUMB_BITS)
		mpn_lshift(num, num, nsize, (unsigned)(s % GMP_NUMB_BITS));
	mpn_tdiv_qr(b->n, rem, 0, num, nsize, den, dsize);
	b->size = nsize - dsize + 1;
	while (b->size > 0 && b->n[b->size - 1] == 0)
		b->size--;
	b->sticky = !mpn_zero_p(rem, dsize);
	b->e2 = -(s - d->q); /* −(s + k) */
	return b->size > 0;
}

/* ---- Placing it -------------------------------------------------------------------------- */

static bool test_bit(const struct binary *b, size_t bit)
{
	size_t limb = bit / GMP_NUMB_BITS;

	return limb < (size_t)b->size && (b->n[limb] >> (bit % GMP_NUMB_BITS)) & 1;
}

/* Any bit below `bit` set (or the sticky bit)? */
static bool any_below(const struct binary *b, size_t bit)
{
	size_t limb = bit / GMP_NUMB_BITS, i;

	if (b->sticky)
		return true;
	for (i = 0; i < limb && i < (size_t)b->size; i++)
		if (b->n[i])
			return true;
	return limb < (size_t)b->size && bit % GMP_NUMB_BITS &&
	       (b->n[limb] & (((mp_limb_t)1 << (bit % GMP_NUMB_BITS)) - 1));
}

/* The bits [from, from+count) of N (count ≤ 113, or 128), a limb at a time. */
static unsigned __int128 bits_of(const struct binary *b, size_t from, size_t count)
{
	size_t limb = from / GMP_NUMB_BITS, shift = from % GMP_NUMB_BITS;
	mp_limb_t w[3] = { 0, 0, 0 };
	unsigned __int128 v;

	for (size_t i = 0; i < 3 && limb + i < (size_t)b->size; i++)
		w[i] = b->n[limb + i];
	v = (unsigned __int128)w[1] << 64 | w[0];
	if (shift)
		v = v >> shift | (unsigned __int128)w[2] << (128 - shift);
	return count >= 128 ? v : v & (((unsigned __int128)1 << count) - 1);
}

/*
 * The same for k > POW5_SMALL_MAX, where 5^k (b bits) no longer fits a word: with w'
 * < 2^63 and S = b + 2, N = ⌊w'·2^S / 5^k⌋ lies in [2^64, 2^68), and with
 * R = ⌈2^E / 5^k⌉, E = S + 63 + b, the product w'·R / 2^(E−S) overshoots it by less than
 * w'/2^(63+b) < 5^−k: the floor is exact, as above. 5^k > w, so the remainder is never
 * zero. Returns N; *s is the whole shift of w (that of w' plus S).
 */
static unsigned __int128 divide_by_big_pow5(uint64_t w, int *s, int k)
{
	mp_limb_t product[20];
	const mp_limb_t *r = pow5_big_reciprocal + pow5_big[k].offset;
	mp_size_t size = (mp_size_t)pow5_big[k].size;
	int shift = __builtin_clzll(w) - 1, b = (int)pow5_table[k].bits;
	struct binary p;

	product[size] = mpn_mul_1(product, r, size, w << shift);
	memcpy(p.n, product, (size_t)(size + 1) * sizeof product[0]);
	p.size = size + 1;
	*s = shift + b + 2;
	return bits_of(&p, (size_t)(63 + b), 128);
}

/*
 * hi:lo cut at bit `drop` (0 < drop < 128) in 64-bit words: the bits above it, which
 * the caller knows fit in 63 (a significand of at most 63 bits), and how the bits
 * below (and the sticky bit) compare with half of the last place kept.
 */
static uint64_t cut_words(bool *exact, int *vs_mid, uint64_t lo, uint64_t hi, long drop, bool sticky)
{
	uint64_t above, half, rest;

	if (drop < 64) {
		above = hi << (64 - drop) | lo >> drop;
		half = lo >> (drop - 1) & 1;
		rest = lo & ((UINT64_C(1) << (drop - 1)) - 1);
	} else if (drop == 64) {
		above = hi;
		half = lo >> 63;
		rest = lo << 1;
	} else {
		above = hi >> (drop - 64);
		half = hi >> (drop - 65) & 1;
		rest = (hi & ((UINT64_C(1) << (drop - 65)) - 1)) | lo;
	}
	rest |= sticky;
	*exact = !half && !rest;
	*vs_mid = half ? (rest ? 1 : 0) : -1;
	return above;
}

/* The start of placing a nonzero value whose ⌊log2⌋ is e on f's grid: true, with the
 * binade it falls in, when it lies in f's range; else false with the placement said
 * (past max: the virtual rank past it; below every value of a format without
 * subnormals: below rank 0). */
static bool in_range(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, long e, long *binade)
{
	*tiny = e < f->emin;
	*exact = false;
	*vs_mid = 1;
	*lower = f->max_rank + 1;
	if (e > f->emax)
		return false;
	if (e < f->emin && !f->grid.subnormals) {
		*lower = ~(fpcode)0;
		return false;
	}
	*binade = e > f->emin ? e : f->emin;
	return true;
}

/* The rank of significand m (its leading bit included) in the binade, as kind_float.c's
 * float_place() counts: (E + bias − 1)·2^f + m; past max_rank, the virtual rank. */
static void set_rank(fpcode *lower, bool *exact, int *vs_mid, const struct fmt *f, long binade, fpcode m)
{
	const struct fmt_grid *g = &f->grid;

	if (f->bits <= 64)
		*lower = ((uint64_t)(binade + g->bias - 1) << g->frac_bits) + (uint64_t)m;
	else
		*lower = ((fpcode)(binade + g->bias - 1) << g->frac_bits) + m;
	if (*lower > f->max_rank) {
		*lower = f->max_rank + 1;
		*exact = false;
		*vs_mid = 1;
	}
}

/* Where (n + sticky)·2^e2 lies on f's grid, n nonzero in one 128-bit word: the
 * commonest placement, in words. */
static bool place_word(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, unsigned __int128 n,
		       long e2, bool sticky)
{
	uint64_t hi = (uint64_t)(n >> 64), lo = (uint64_t)n;
	long bits = code_bit_length(n);
	long binade, drop, frac_bits = f->grid.frac_bits;
	fpcode m;

	if (!in_range(lower, exact, vs_mid, tiny, f, bits - 1 + e2, &binade)) /* the sticky bit cannot carry */
		return true;
	drop = binade - frac_bits - e2; /* bits of n below the format's last place */
	if (drop <= 0) { /* an integer */
		if (sticky)
			return false; /* not enough bits computed: let the exact path decide */
		m = (fpcode)n << -drop;
		*exact = true;
		*vs_mid = -1;
	} else if (drop >= 128) { /* far below the last place: nothing kept; half of it is 2^(drop − 1) */
		m = 0;
		*exact = false;
		*vs_mid = drop > 128 || !(hi >> 63) ? -1 : (hi << 1 | lo | sticky) ? 1 : 0;
	} else if (frac_bits <= 62)
		m = cut_words(exact, vs_mid, lo, hi, drop, sticky);
	else {
		unsigned __int128 below = n & (((unsigned __int128)1 << drop) - 1), half = (unsigned __int128)1 << (drop - 1);
		bool rest = (below & (half - 1)) != 0 || sticky;
		m = (fpcode)(n >> drop);
		*exact = below == 0 && !sticky;
		*vs_mid = (below & half) ? (rest ? 1 : 0) : -1;
	}
	set_rank(lower, exact, vs_mid, f, binade, m);
	return true;
}

/* Where the binary number b (nonzero) lies on f's grid: fastdec_place()'s second half. */
static bool place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			 const struct binary *b)
{
	long e, binade, drop;
	fpcode m;

	if (b->size <= 2)
		return place_word(lower, exact, vs_mid, tiny, f,
				  (unsigned __int128)(b->size == 2 ? b->n[1] : 0) << 64 | b->n[0], b->e2, b->sticky);
	e = (long)bit_length(b->n, b->size) - 1 + b->e2; /* the sticky bit cannot carry */
	if (!in_range(lower, exact, vs_mid, tiny, f, e, &binade))
		return true;
	drop = binade - f->grid.frac_bits - b->e2;
	if (drop <= 0) {
		if (b->sticky)
			return false;
		m = bits_of(b, 0, (size_t)(e - b->e2 + 1)) << -drop;
		*exact = true;
		*vs_mid = -1;
	} else {
		bool half = test_bit(b, (size_t)drop - 1), rest = any_below(b, (size_t)drop - 1);
		m = bits_of(b, (size_t)drop, (size_t)(e - b->e2 + 1 > drop ? e - b->e2 + 1 - drop : 0));
		*exact = !half && !rest;
		*vs_mid = half ? (rest ? 1 : 0) : -1;
	}
	set_rank(lower, exact, vs_mid, f, binade, m);
	return true;
}

/*
 * The common case in two limbs, in words: w in one word and |q| ≤ 27, so that 5^|q| <
 * 2^63. Up, N = w·5^q exactly; down, N = ⌊w·2^s / 5^k⌋ with w·2^s filling 127 bits,
 * which leaves N at least 64 bits, enough for any precision up to 61 bits. Past 27
 * down, the big reciprocals. The value is (N + sticky)·2^e2; false when it does not
 * apply.
 */
static inline bool scale_to_word(unsigned __int128 *n, long *e2, bool *sticky, const struct exact_decimal *d,
				 int precision)
{
	int s;

	if (d->limbs != 1 || d->q > POW5_SMALL_MAX || (d->q < 0 && (precision > 61 || d->w[0] >> 63)))
		return false;
	if (d->q >= 0) {
		*n = (unsigned __int128)d->w[0] * pow5_limbs[pow5_table[d->q].offset];
		*e2 = d->q;
		*sticky = false;
	} else if (d->q < -POW5_SMALL_MAX) {
		*n = divide_by_big_pow5(d->w[0], &s, (int)-d->q);
		*sticky = true;
		*e2 = -(s - d->q);
	} else {
		*n = divide_by_pow5(d->w[0], &s, sticky, (int)-d->q);
		*e2 = -(s - d->q);
	}
	*e2 += d->e2;
	return true;
}

/* place_word() of scale_to_word()'s number; *placed false when that does not apply. */
static bool place_small(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			const struct exact_decimal *d, int precision, bool *placed)
{
	unsigned __int128 n;
	bool sticky;
	long e2;

	if (!(*placed = scale_to_word(&n, &e2, &sticky, d, precision)))
		return false;
	return place_word(lower, exact, vs_mid, tiny, f, n, e2, sticky);
}

/* A value in [a, b)·2^e2 that lies on no boundary of f's grid, placed by its ends. */
static bool place_in_words(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			   unsigned __int128 a, unsigned __int128 b, long e2)
{
	fpcode lower_b;
	bool exact_a, exact_b, tiny_b;
	int mid_a, mid_b;

	if (!place_word(lower, &exact_a, &mid_a, tiny, f, a, e2, false) ||
	    !place_word(&lower_b, &exact_b, &mid_b, &tiny_b, f, b, e2, false) || *lower != lower_b || *tiny != tiny_b)
		return false;
	*exact = false;
	return between_ends(vs_mid, mid_a, mid_b);
}

/* place_word() of wide_in_word()'s n; *placed false when that does not apply. */
static bool place_two_words(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			    const struct exact_decimal *d, bool *placed)
{
	unsigned __int128 n;
	long e2;
	int slop;

	if (!(*placed = wide_in_word(&n, &e2, &slop, (unsigned __int128)d->w[1] << 64 | d->w[0], d->q)))
		return false;
	e2 += d->e2;
	if (slop == 0)
		return place_word(lower, exact, vs_mid, tiny, f, n, e2, false);
	return place_in_words(lower, exact, vs_mid, tiny, f, n, n + 2, e2);
}

/* Where w·10^q lies on f's grid, exactly. */
static bool place_exact(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			const struct exact_decimal *d)
{
	struct binary b;
	int precision = f->grid.frac_bits + 1;
	bool placed, ok = place_small(lower, exact, vs_mid, tiny, f, d, precision, &placed);

	if (placed)
		return ok;
	if (d->limbs == 2 && (ok = place_two_words(lower, exact, vs_mid, tiny, f, d, &placed), placed))
		return ok;
	if (d->q >= 0)
		scale_up(&b, d);
	else if (!scale_down(&b, d, precision))
		return false;
	b.e2 += d->e2;
	return place_binary(lower, exact, vs_mid, tiny, f, &b);
}

/*
 * A value strictly between a = h·10^q and b = (h + 1)·10^q, placed when a and b share
 * their lower neighbour (then nothing of f's lies between them), or b is the value of
 * the next rank (past the midpoint below it), and they lie on one side of the
 * midpoint: a at or past it puts the value past it, b at or before it puts the value
 * before. False when the midpoint lies strictly between them, or the neighbours differ.
 */
static bool place_between(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, uint64_t h,
			  long q, long e2)
{
	struct exact_decimal a = { { h, 0 }, 1, q, e2 }, b = { { h + 1, 0 }, 1, q, e2 };
	fpcode lower_b;
	bool exact_a, exact_b, tiny_b, next;
	int mid_a, mid_b;

	if (!place_exact(lower, &exact_a, &mid_a, tiny, f, &a) || !place_exact(&lower_b, &exact_b, &mid_b, &tiny_b, f, &b))
		return false;
	next = exact_b && *lower != ~(fpcode)0 && lower_b == *lower + 1; /* tiny as a is */
	if (!next && (*lower != lower_b || *tiny != tiny_b))
		return false;
	*exact = false;
	return between_ends(vs_mid, mid_a, next ? 1 : mid_b);
}

bool fastdec_place(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, const struct decimal *d)
{
	struct exact_decimal all = { { d->w[0], d->w[1] }, d->limbs, d->wq, d->e2 };

	if (!f->grid.present || f->grid.frac_bits > 112 || d->head == 0)
		return false;
	if (!d->sticky) {
		struct exact_decimal head = { { d->head, 0 }, 1, d->q, d->e2 };
		return place_exact(lower, exact, vs_mid, tiny, f, &head);
	}
	if (place_between(lower, exact, vs_mid, tiny, f, d->head, d->q, d->e2))
		return true;
	return d->limbs > 0 && place_exact(lower, exact, vs_mid, tiny, f, &all);
}

bool fastdec_place_ends(fpcode lower[2], bool exact[2], int vs_mid[2], bool tiny[2], const struct fmt *f,
			const struct decimal *d)
{
	if (!f->grid.present || f->grid.frac_bits > 112 || d->head == 0 || !d->sticky || d->head == UINT64_MAX)
		return false;
	for (int i = 0; i < 2; i++) {
		struct exact_decimal end = { { d->head + (uint64_t)i, 0 }, 1, d->q, d->e2 };
		if (!place_exact(&lower[i], &exact[i], &vs_mid[i], &tiny[i], f, &end))
			return false;
	}
	return true;
}

bool fastdec_place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			  unsigned __int128 n, long e2)
{
	struct binary b = { { (mp_limb_t)n, (mp_limb_t)(n >> 64) }, n >> 64 ? 2 : 1, e2, false };

	if (!f->grid.present || f->grid.frac_bits > 112 || n == 0)
		return false;
	return place_binary(lower, exact, vs_mid, tiny, f, &b);
}

/* ⌊log2⌋ of w·10^q·2^e2 from scale_to_word(): N's bit length (the sticky bit never
 * carries N + sticky to the next power of two). */
static bool floor_log2_of(long *out, uint64_t w, long q, long e2)
{
	struct exact_decimal d = { { w, 0 }, 1, q, e2 };
	unsigned __int128 n;
	long ne2;
	bool sticky;

	if (!scale_to_word(&n, &ne2, &sticky, &d, 1) || n == 0)
		return false;
	*out = code_bit_length(n) - 1 + ne2;
	return true;
}

bool fastdec_floor_log2(long *out, const struct decimal *d)
{
	long above;

	if (d->kind != DECIMAL_FINITE || d->head == 0 || labs(d->e2) >= NUM_LIMIT_EXP ||
	    !floor_log2_of(out, d->head, d->q, d->e2))
		return false; /* past fpx's limits, as fastdec_value() says */
	if (!d->sticky)
		return true;
	/* strictly between h·10^q and (h + 1)·10^q: decided when both ends say the same */
	return d->head != UINT64_MAX && floor_log2_of(&above, d->head + 1, d->q, d->e2) && above == *out;
}
