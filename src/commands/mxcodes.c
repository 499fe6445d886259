/*
 * mxcodes.c — the table of a small element format's codes for `fpx mx` (mxemit.h):
 * each code's value, hex, and a bound on the error of any value that rounds to it,
 * made once for the run; and an element of a few digits rounded on that grid by
 * binary64 arithmetic, its error bounded (mx_double_element()). Never writes a row.
 */
#include "mxemit.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* value(r + 1) − value(r) of a float format's grid as n·2^k (ranks of at most 60 bits
 * apart in scale); false where it is not that. */
static bool rank_gap(unsigned __int128 *n, long *k, const struct fmt *f, fpcode r)
{
	uint64_t m0, m1;
	long e0, e1;

	if (!fmt_grid_rank_value(f, r, &m0, &e0) || !fmt_grid_rank_value(f, r + 1, &m1, &e1))
		return false;
	*k = e0 < e1 ? e0 : e1;
	if (e0 - *k > 60 || e1 - *k > 60)
		return false;
	*n = ((unsigned __int128)m1 << (e1 - *k)) - ((unsigned __int128)m0 << (e0 - *k));
	return true;
}

/* For rank r of a float format: u with |x − value(r)| < 2^u for every x that rounds to
 * nearest to it (half the larger gap to a neighbour, g·2^k/2 < 2^(bits(g) + k − 1));
 * LONG_MAX for the largest rank, which takes every x past it (saturating). */
static long gap_under(const struct fmt *f, fpcode r)
{
	unsigned __int128 g;
	long k, u = LONG_MIN;

	if (r >= f->max_rank)
		return LONG_MAX;
	for (int below = 0; below <= (r > 0); below++) {
		if (!rank_gap(&g, &k, f, r - (fpcode)below) || g == 0)
			return LONG_MAX;
		long bits = 128 - (g >> 64 ? __builtin_clzll((uint64_t)(g >> 64)) : 64 + __builtin_clzll((uint64_t)g));
		if (bits + k - 1 > u)
			u = bits + k - 1;
	}
	return u;
}

struct code_table *mx_code_table(struct block *b, const struct element_format *ef)
{
	const struct fmt *f = ef->floats;
	struct code_table *t = b->codes;
	int bits = ef->ints ? ef->ints->bits : f->bits;

	if (t || bits > MX_TABLE_BITS)
		return t;
	if (!(t = b->codes = calloc(1, sizeof *t)))
		abort();
	for (fpcode c = 0; c < (fpcode)1 << bits; c++) {
		char hex[8];
		long v = 0;
		if (ef->ints) {
			t->grid[c] = intfmt_from_code(&v, ef->ints, c);
			t->neg[c] = v < 0;
			t->m[c] = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
			t->exp[c] = -MXINT8_FRACTION_BITS;
			t->under[c] = LONG_MAX;
		} else {
			fpcode r = fmt_rank_of_code(f, fmt_magnitude(f, c, &t->neg[c]));
			t->grid[c] = fmt_grid_rank_value(f, r, &t->m[c], &t->exp[c]);
			t->under[c] = t->grid[c] ? gap_under(f, r) : LONG_MAX;
			if (t->grid[c]) /* of at most 8 bits: m and exp small, the value exact */
				t->magnitude[c] = (double)t->m[c] * mx_pow2(t->exp[c]);
		}
		code_to_hex(hex, c, element_hex_digits(ef));
		memcpy(t->hex + MX_HEX_STRIDE * c, hex, 4);
	}
	t->text_e = LONG_MIN;
	return t;
}

/* False where rl is none, rounds otherwise, or its grid is no IEEE-like one (its
 * subnormals from rank 0, its sign the top bit). */
static bool double_grid(struct mx_double_grid *g, const struct rnd_line *rl)
{
	const struct fastdec_line *ln = rl ? &rl->grid : NULL;

	if (!rl || rl->rounding.mode != RND_NEAREST_EVEN || ln->emin + ln->bias - 1 != 0 || ln->frac_bits > 50 ||
	    labs(ln->emin) > 900 || (ln->has_sign && !rl->f->kind->sign_is_top_bit))
		return false;
	*g = (struct mx_double_grid){ 52 - ln->frac_bits, (uint64_t)(1023 - ln->bias) << ln->frac_bits,
				      (uint64_t)(ln->emin + 1023) << 52,
				      ((uint64_t)(ln->emin - ln->frac_bits - 1 + 1023) << 52) - 16, ln->emin, ln->max_rank,
				      ln->has_sign ? rl->f->sign_bit : 0, ln->subnormals, ln->has_sign,
				      { rl->past_max[0], rl->past_max[1] }, { rl->far_below[0], rl->far_below[1] },
				      { rl->zero[0], rl->zero[1] }, 1, NULL };
	return true;
}

/* 10^k as binary64, nearest (exactly for k ≤ 22); the inverse of 5^k modulo 2^64 and
 * ⌊(2^64 − 1)/5^k⌋ (w is a multiple of 5^k when w·inverse ≤ that, the product modulo
 * 2^64); ⌊(2^53 − 1)/5^k⌋. */
static const double tens[MX_DOUBLE_TENS + 1] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31, 1e32, 1e33, 1e34, 1e35, 1e36, 1e37, 1e38, 1e39, 1e40, 1e41, 1e42, 1e43, 1e44, 1e45, 1e46, 1e47, 1e48, 1e49, 1e50, 1e51, 1e52, 1e53, 1e54, 1e55, 1e56, 1e57, 1e58, 1e59, 1e60 };
static const uint64_t five_inverse[23] = {
	0x0000000000000001, 0xcccccccccccccccd, 0x8f5c28f5c28f5c29, 0x1cac083126e978d5, 0xd288ce703afb7e91,
	0x5d4e8fb00bcbe61d, 0x790fb65668c26139, 0xe5032477ae8d46a5, 0xc767074b22e90e21, 0x8e47ce423a2e9c6d,
	0x4fa7f60d3ed61f49, 0x0fee64690c913975, 0x3662e0e1cf503eb1, 0xa47a2cf9f6433fbd, 0x54186f653140a659,
	0x7738164770402145, 0xe4a4d1417cd9a041, 0xc75429d9e5c5200d, 0xc1773b91fac10669, 0x26b172506559ce15,
	0xd489e3a9addec2d1, 0x90e860bb892c8d5d, 0x502e79bf1b6f4f79
};
static const uint64_t five_quotient[23] = {
	0xffffffffffffffff, 0x3333333333333333, 0x0a3d70a3d70a3d70, 0x020c49ba5e353f7c, 0x0068db8bac710cb2,
	0x0014f8b588e368f0, 0x000431bde82d7b63, 0x0000d6bf94d5e57a, 0x00002af31dc46118, 0x0000089705f4136b,
	0x000001b7cdfd9d7b, 0x00000057f5ff85e5, 0x000000119799812d, 0x0000000384b84d09, 0x00000000b424dc35,
	0x0000000024075f3d, 0x000000000734aca5, 0x000000000170ef54, 0x000000000049c977, 0x00000000000ec1e4,
	0x000000000002f394, 0x000000000000971d, 0x0000000000001e39
};
static const uint64_t five_limit[23] = { 9007199254740991, 1801439850948198, 360287970189639, 72057594037927,
					 14411518807585, 2882303761517, 576460752303, 115292150460, 23058430092,
					 4611686018, 922337203, 184467440, 36893488, 7378697, 1475739, 295147,
					 59029, 11805, 2361, 472, 94, 18, 3 };

/* |x| = w·10^q (|q| ≤ 60) as a binary64 d, and how near: exactly x (*slop 0, *exact);
 * its nearest (w < 2^53, |q| ≤ 22: one rounding, Clinger's; *slop 0); or within 3
 * roundings (w's, 10^|q|'s, the product's or quotient's: |d − x| < 3·2^−53·d, below 3
 * units in d's last place; *slop 4). False for other digits. */
static inline bool digits_double(double *d, bool *exact, unsigned *slop, const struct fastdec_digits *x)
{
	uint64_t w = (uint64_t)x->w;
	long q = x->q;

	if ((unsigned long)q + MX_DOUBLE_TENS > 2 * MX_DOUBLE_TENS)
		return false;
	if (x->w >> 64) { /* w rounded too: still 3 roundings */
		*d = q >= 0 ? (double)x->w * tens[q] : (double)x->w / tens[-q];
		*slop = 4;
		*exact = false;
		return true;
	}
	*d = q >= 0 ? (double)w * tens[q] : (double)w / tens[-q];
	*slop = ((w >> 53) | ((unsigned long)q + 22 > 44)) ? 4 : 0;
	if (*slop)
		*exact = false;
	else if (q >= 0)
		*exact = w <= five_limit[q]; /* w·5^q < 2^53 */
	else
		*exact = w * five_inverse[-q] <= five_quotient[-q]; /* w/10^k = (w/5^k)·2^−k */
	return true;
}

/*
 * The code of the element y·(±1) (neg), y > 0 a normal binary64 already divided by the
 * scale, on g: placed as fastdec_place_binary_line() places it and decided as
 * rnd_line_binary_code() decides (rl's e2 not applied again). y is the value exactly
 * (exact), or the binary64 nearest it (slop 0): that rounds to the same code unless it
 * lies on a midpoint of the grid (a grid's value or midpoint strictly between the two
 * would be a binary64 nearer); or within slop units in its last place of the value (and
 * as y, below them 2^−50·y): the same code unless a midpoint lies within that. Where it
 * may not be, this declines (false), as for a negative value without a sign and a value
 * below the normals of a grid without subnormals. (Rounding is monotone, and it saturates:
 * its only boundaries are the midpoints.) *in_range: y is not rounded past max (it
 * rounds to its rank, or to 0).
 */
static inline bool double_code(fpcode *code, bool *in_range, const struct mx_double_grid *g, double y, bool neg,
				  bool exact, unsigned slop)
{
	uint64_t u, lower, half, rest, rank;

	memcpy(&u, &y, sizeof u);
	if (neg && !g->has_sign)
		return false;
	if (u < g->zero_bits) { /* y + 16 units of its last place: still below that half */
		*in_range = true;
		*code = g->far_below[neg];
		return true;
	}
	if (!mx_grid_place(&lower, &rest, &half, g, u))
		return false;
	if (!exact && rest - half + slop <= 2 * slop) /* |rest − half| ≤ slop */
		return false;
	rank = lower + ((rest > half) | ((rest == half) & lower & 1)); /* rne: ranks are codes */
	*in_range = rank <= g->max_rank;
	*code = mx_grid_code(g, rank, neg);
	return true;
}

/*
 * The code of digits x (nonzero, 10^q too small for binary64's tens) on g where their
 * bound puts x/X below half g's smallest subnormal, 2^(emin − frac_bits − 1): |x| <
 * 2^(bound + 4) (fastdec_digits_log2_bound()), and X = 2^e (e from g's unscale, 2^−e).
 * Its code is then g's zero and its |error| |x| itself, within [2^(bound − e), 2^(bound
 * + 4 − e)] (the lower end 0, the upper 2^−1022 where those are no normal binary64).
 */
__attribute__((noinline, cold)) static bool far_below_element(fpcode *code, double *lo, double *hi, const struct mx_double_grid *g,
			      const struct fastdec_digits *x)
{
	long bound = fastdec_digits_log2_bound(x), e;
	uint64_t u;

	memcpy(&u, &g->unscale, sizeof u);
	e = 1023 - (long)(u >> 52);
	if (!g->subnormals || (x->neg && !g->has_sign) || labs(x->q) > 400 ||
	    bound + 4 - e > g->emin - (52 - g->shift) - 1 || g->magnitude[g->far_below[x->neg]] != 0)
		return false;
	*code = g->far_below[x->neg];
	*lo = bound - e >= -1022 ? mx_pow2(bound - e) : 0;
	*hi = bound + 4 - e >= -1022 ? mx_pow2(bound + 4 - e) : 0x1p-1022;
	return true;
}

/* mx_double_element(), compiled into each caller. */
static inline __attribute__((always_inline)) bool double_element(fpcode *code, double *lo, double *hi,
								 const struct mx_double_grid *g,
								 const struct fastdec_digits *x)
{
	double d, y, error, slack;
	bool exact, in_range;
	unsigned slop;

	if (x->q < -MX_DOUBLE_TENS && x->w)
		return far_below_element(code, lo, hi, g, x);
	if (!digits_double(&d, &exact, &slop, x))
		return false;
	if (d == 0) { /* 0 only for the digits 0 */
		*code = g->zero[x->neg];
		*lo = *hi = 0;
		return true;
	}
	y = d * g->unscale;
	if (!double_code(code, &in_range, g, y, x->neg, exact, slop))
		return false;
	error = __builtin_fabs(y - g->magnitude[*code]);
	slack = exact && in_range ? 0 : y * 0x1p-50;
	*lo = error - slack;
	*hi = error + slack;
	return true;
}

bool mx_double_element(fpcode *code, double *lo, double *hi, const struct mx_double_grid *g,
		       const struct fastdec_digits *x)
{
	return double_element(code, lo, hi, g, x);
}


/* ⌊log2 lo⌋ + e of lo > 0 (normal), else LONG_MIN. */
long mx_double_over(double lo, long e)
{
	uint64_t u;

	memcpy(&u, &lo, sizeof u);
	return lo > 0 ? (long)(u >> 52 & 0x7ff) - 1023 + e : LONG_MIN;
}

long mx_double_cut(const struct mx_double_grid *g, long e, double most_lo)
{
	long below = g->emin - (52 - g->shift) - 1 + e - 3, over; /* y < 2^(over + 2 − e) */
	uint64_t u;

	memcpy(&u, &most_lo, sizeof u);
	if (most_lo < 0)
		return LONG_MIN;
	if (!(u >> 52) || g->magnitude[g->far_below[0]] != 0 || g->magnitude[g->far_below[1]] != 0)
		return LONG_MIN + 1; /* most_lo 0 or subnormal, or far below is no ±0 */
	over = (long)(u >> 52) - 1023 + e - 2;
	return over < below ? over : below;
}

/* Whether a block's digits may be made by binary64, on g: a small float format rounded
 * by the one pass (double_grid()), no text of an element's value or error asked for,
 * a scale X = 2^e with |e| ≤ 200 (x/X stays normal). */
bool mx_double_block(struct mx_double_grid *g, const struct block *b, const struct element_format *ef, long e)
{
	if (!b->codes || !ef->floats || b->error_wanted || b->exact_wanted || labs(e) > 200 ||
	    !double_grid(g, b->rounding))
		return false;
	g->unscale = mx_pow2(-e);
	g->magnitude = b->codes->magnitude;
	return true;
}

bool mx_element_code(fpcode *code, const struct block *b, const struct mx_double_grid *g, long i, long e)
{
	const struct decimal *d = &b->dec[i]; /* read only where the element is one */
	struct fastdec_digits head;
	double lo, hi;

	if (b->form[i] == ELEMENT_SPOT)
		return mx_spot_element_code(code, b->rounding, g, &b->spots[2 * i], b->spot_log2[i], e);
	if (b->form[i] != ELEMENT_DECIMAL || !mx_long_decimal(d) || d->e2 != 0 || labs(d->q) > 400)
		return false;
	head = (struct fastdec_digits){ d->head, d->q, d->neg };
	/* |x| < (head + 1)·10^q ≤ 2·head·10^q: below 2^(bound + 4) */
	if (rnd_line_far_below(code, b->rounding, fastdec_digits_log2_bound(&head) + 4, d->neg))
		return true;
	return (uint64_t)(d->head >> 53) && double_element(code, &lo, &hi, g, &head);
}
