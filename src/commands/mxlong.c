/*
 * mxlong.c — `fpx mx`'s long elements: codes decided without the exact value, where
 * rounding, being monotone, gives two ends of an interval holding the value the same
 * code, and bounds on their errors from the same ends (mxlong.h). Every element
 * rounding boundary of a scale 2^e (e within E8M0's ±127) is a normal binary64 value,
 * so a value strictly between two neighbouring binary64 values rounds as any value
 * there does. Never approximates: what the ends do not decide, it declines.
 */
#include "mxlong.h"
#include "dectext.h"

#include <stdlib.h>

#include "registry.h"
#include "roundline.h"

#define BINARY64_FRAC 52
#define BINARY64_BIAS 1023
#define BINARY64_TOP 2047 /* the exponent field of inf and NaN */

bool mx_probe_open(struct fastdec_line *probe)
{
	const struct fmt *binary64 = fmt_lookup("binary64");

	return binary64 && fastdec_line_open(probe, binary64, 0);
}

/* A binary64 rank's exponent field. */
static inline long rank_field(uint64_t rank)
{
	return (long)(rank >> BINARY64_FRAC);
}

/* A rank of a normal binary64 value, or the one past max (2^1024): its value sig·2^exp. */
static inline void rank_value(uint64_t *sig, long *exp, uint64_t rank)
{
	*sig = (UINT64_C(1) << BINARY64_FRAC) | (rank & ((UINT64_C(1) << BINARY64_FRAC) - 1));
	*exp = rank_field(rank) - BINARY64_BIAS - BINARY64_FRAC;
}

/* The ranks whose values hold x strictly between them, x placed at s (not exactly on a
 * rank): false where one is not normal. */
static inline __attribute__((always_inline)) bool spot_ranks(uint64_t *low, uint64_t *high, const struct fastdec_spot s[2])
{
	if (s[0].kind == FASTDEC_ZERO || s[0].exact || s[0].tiny)
		return false;
	*low = s[0].lower;
	*high = (s[0].kind == FASTDEC_BETWEEN ? s[1].lower : s[0].lower) + 1;
	return rank_field(*low) >= 1 && rank_field(*high - 1) < BINARY64_TOP &&
	       (s[0].kind != FASTDEC_BETWEEN || !s[1].tiny);
}

bool mx_spot_floor_log2(long *out, const struct fastdec_spot s[2])
{
	uint64_t low, high;

	/* x < value(high) ≤ 2^(field(high − 1) + 1 − bias): one binade when both ranks are in it */
	if (!spot_ranks(&low, &high, s) || rank_field(low) != rank_field(high - 1))
		return false;
	*out = rank_field(low) - BINARY64_BIAS;
	return true;
}

bool mx_digits_spot(struct fastdec_spot s[2], const struct fastdec_line *probe, const struct fastdec_digits *d)
{
	if (!fastdec_place_digits(&s[0], probe, d) || s[0].kind != FASTDEC_PLACED || s[0].tiny || s[0].lower == 0)
		return false;
	if (s[0].exact) { /* on rank r: strictly between r − 1 and r + 1 */
		s[1] = s[0];
		s[1].exact = false;
		s[0].exact = false;
		s[0].lower--;
		s[0].kind = FASTDEC_BETWEEN;
	}
	return true;
}

/* The code of a value strictly above rank's (and below the next rank's), times 2^−e:
 * that of the midpoint of the two (by rl, rounding for 2^−e, where it places it). */
static bool above_rank_code(fpcode *code, const struct fmt *f, const struct rnd_line *rl, bool neg, uint64_t rank,
			    long e)
{
	struct rnd_result r;
	uint64_t sig;
	long exp;

	rank_value(&sig, &exp, rank);
	if (rl && rnd_line_binary_code(code, rl, neg, 2 * sig + 1, exp - 1))
		return true;
	if (!rnd_encode_binary(&r, f, neg, 2 * (unsigned __int128)sig + 1, exp - 1 - e,
			       rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE)))
		return false;
	*code = r.code;
	return true;
}

/* Whether the value of rank (normal) is no rounding boundary of f under any scale: f's
 * values are m·2^k with m < 2^(frac_bits + 1), so each boundary, a midpoint of two,
 * has at most frac_bits + 2 significant bits; the value has more. The codes of values
 * just below it and just above it are then one. */
static inline bool no_boundary(const struct fmt *f, uint64_t rank)
{
	uint64_t sig;
	long exp;
	int below = BINARY64_FRAC - 1 - f->grid.frac_bits; /* the bits past frac_bits + 2 */

	rank_value(&sig, &exp, rank);
	return f->grid.present && below > 0 && (sig & ((UINT64_C(1) << below) - 1)) != 0;
}

bool mx_spot_code(fpcode *code, const struct fmt *f, const struct rnd_line *rl, const struct fastdec_spot s[2],
		  long e)
{
	uint64_t low, high;
	fpcode upper;

	if (!spot_ranks(&low, &high, s) || !above_rank_code(code, f, rl, s[0].neg, low, e))
		return false;
	/* between: the code above each rank the ends lie above, when those agree */
	return high == low + 1 || no_boundary(f, high - 1) ||
	       (above_rank_code(&upper, f, rl, s[0].neg, high - 1, e) && upper == *code);
}

/* The code of a value strictly between rank's (normal) value and the next rank's,
 * times 2^−e, on g: that of the midpoint of the two (above_rank_code()). A boundary of
 * g's rounding, a midpoint of its grid, has at most frac_bits + 2 significant bits: a
 * binary64 value. The value lies above one exactly where rank's value, y, lies at or
 * above it: y's bits below the grid's last place at least half of it. False where y is
 * no normal binary64 value, or negative without a sign. */
static inline bool above_rank_grid_code(fpcode *code, const struct mx_double_grid *g, bool neg, uint64_t rank,
					long e)
{
	const uint64_t frac = (UINT64_C(1) << BINARY64_FRAC) - 1;
	long field = rank_field(rank) - e;
	uint64_t u, lower, half, rest;

	if (field < 1 || field >= BINARY64_TOP || (neg && !g->has_sign))
		return false;
	u = (uint64_t)field << BINARY64_FRAC | (rank & frac);
	if (u < g->zero_bits) { /* y + 16 units of its last place below half the smallest subnormal */
		*code = g->far_below[neg];
		return true;
	}
	if (!mx_grid_place(&lower, &rest, &half, g, u))
		return false;
	*code = mx_grid_code(g, lower + (rest >= half), neg);
	return true;
}

/* mx_spot_code() on g: the code above each rank the ends lie above, when those agree. */
static inline bool spot_grid_code(fpcode *code, const struct mx_double_grid *g, const struct fastdec_spot s[2],
				  long e)
{
	uint64_t low, high;
	fpcode upper;

	if (!spot_ranks(&low, &high, s) || high - low > 2 || !above_rank_grid_code(code, g, s[0].neg, low, e))
		return false;
	return high == low + 1 || (above_rank_grid_code(&upper, g, s[0].neg, high - 1, e) && upper == *code);
}

bool mx_spot_element_code(fpcode *code, const struct rnd_line *rl, const struct mx_double_grid *g,
			  const struct fastdec_spot s[2], long log2, long e)
{
	/* far below the scale's smallest subnormal, as most are, as bounded_element() says */
	return rnd_line_far_below(code, rl, log2, s->neg) || spot_grid_code(code, g, s, e);
}

bool mx_long_code(fpcode *code, const struct fmt *f, const struct rnd_line *rl, const struct decimal *x, long e)
{
	const struct fastdec_digits ends[2] = { { x->head, x->q, x->neg }, { (unsigned __int128)x->head + 1, x->q, x->neg } };
	struct decimal scaled = *x;
	fpcode upper;

	if (rl && x->e2 == 0 && labs(x->q) <= 400 && x->head) {
		/* x < (head + 1)·10^q ≤ 2·head·10^q: ⌊log2 x⌋ ≤ the head's bound + 3 + 1 */
		if (rnd_line_far_below(code, rl, fastdec_digits_log2_bound(&ends[0]) + 4, x->neg))
			return true; /* far below the smallest subnormal, both ends too */
		if (rnd_line_digits_code(code, rl, &ends[0]) && rnd_line_digits_code(&upper, rl, &ends[1]))
			return upper == *code; /* the codes of both ends, exactly */
	}
	scaled.e2 -= e;
	return rnd_decimal_code_by_ends(code, f, &scaled, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE));
}

/* ±m·2^a − (±sig·2^b) (the sign of the second term x_neg), exactly: its sign and
 * n·2^k; false when the terms are too far apart for 128 bits. */
static bool binary_minus(bool *neg_out, unsigned __int128 *n, long *k, bool neg, uint64_t m, long a, bool x_neg,
			 uint64_t sig, long b)
{
	long low = m && a < b ? a : b;
	unsigned __int128 left, right;

	if ((m && a - low > 62) || b - low > 62 || sig >> 63)
		return false;
	left = m ? (unsigned __int128)m << (a - low) : 0;
	right = (unsigned __int128)sig << (b - low);
	if (neg == x_neg) {
		*neg_out = left >= right ? neg : !neg;
		*n = left >= right ? left - right : right - left;
	} else {
		*neg_out = neg;
		*n = left + right;
	}
	*k = low;
	return true;
}

static int bound_cmp(const struct mx_bound *a, const struct mx_bound *b);

/* The bounds on |error| from the errors against x's two ends: the error lies strictly
 * between them; above the smaller |error| where they have one sign, else as small as
 * 0; below the larger. */
static void bounds_of(struct mx_pending *p, struct mx_bound end[2], const bool end_neg[2])
{
	int larger = bound_cmp(&end[1], &end[0]) > 0;
	bool zero0 = end[0].binary ? !end[0].n : !end[0].dec.d, zero1 = end[1].binary ? !end[1].n : !end[1].dec.d;

	p->hi = end[larger];
	if (end_neg[0] == end_neg[1] && !zero0 && !zero1)
		p->lo = end[!larger];
	else
		p->lo = (struct mx_bound){ .binary = true, .n = 0, .k = 0 };
}

/* The bounds where |d| = m·2^exp < 2^b, b the exponent of the ranks' last place, x
 * lying strictly between the values of the ranks: |d − x| is |x| − |d| (one sign),
 * above (sig_low − 1)·2^b, or |x| + |d| (signs apart), above sig_low·2^b; and below
 * (sig_high + 1)·2^b either way. */
static bool far_below_bounds(struct mx_pending *p, bool neg, uint64_t m, long exp, bool x_neg, const uint64_t rank[2])
{
	uint64_t sig;
	long b;

	(void)m;
	(void)exp;
	rank_value(&sig, &b, rank[0]);
	p->lo = (struct mx_bound){ .binary = true, .n = sig - (neg == x_neg), .k = b };
	rank_value(&sig, &b, rank[1]);
	p->hi = (struct mx_bound){ .binary = true, .n = (unsigned __int128)sig + 1, .k = b };
	return true;
}

bool mx_spot_bounds(struct mx_pending *p, bool neg, uint64_t m, long exp, const struct fastdec_spot s[2])
{
	unsigned __int128 n[2];
	long k[2], b;
	bool end_neg[2];
	uint64_t rank[2], sig;
	int larger;

	if (!spot_ranks(&rank[0], &rank[1], s))
		return false;
	rank_value(&sig, &b, rank[0]);
	if (m && exp + 64 - __builtin_clzll(m) <= b) /* |±m·2^exp| < 2^b, an ulp of x's: far below x */
		return far_below_bounds(p, neg, m, exp, s[0].neg, rank);
	for (int j = 0; j < 2; j++) {
		rank_value(&sig, &b, rank[j]);
		if (!binary_minus(&end_neg[j], &n[j], &k[j], neg, m, exp, s[0].neg, sig, b))
			return false;
	}
	/* bounds_of() for two binary ends, in words */
	larger = mx_binary_cmp(n[1], k[1], n[0], k[0]) > 0;
	p->hi = (struct mx_bound){ .binary = true, .n = n[larger], .k = k[larger] };
	if (end_neg[0] == end_neg[1] && n[0] && n[1])
		p->lo = (struct mx_bound){ .binary = true, .n = n[!larger], .k = k[!larger] };
	else
		p->lo = (struct mx_bound){ .binary = true, .n = 0, .k = 0 };
	return true;
}

bool mx_long_bounds(struct mx_pending *p, bool neg, uint64_t m, long exp, const struct decimal *x)
{
	const struct fastdec_digits ends[2] = { { x->head, x->q, x->neg }, { (unsigned __int128)x->head + 1, x->q, x->neg } };
	struct mx_bound end[2] = { { .binary = false }, { .binary = false } };
	bool end_neg[2];

	for (int j = 0; j < 2; j++) {
		if (!dec_words_minus_digits(&end[j].dec, neg, m, exp, &ends[j]))
			return false;
		end_neg[j] = end[j].dec.neg;
		end[j].dec.neg = false;
	}
	bounds_of(p, end, end_neg);
	return true;
}

/* A bound's exact value. */
static void bound_rational(mpq_t q, const struct mx_bound *x)
{
	if (!x->binary) {
		dec_words_rational(q, &x->dec);
		mpq_abs(q, q);
		return;
	}
	mpz_set_ui(mpq_numref(q), (unsigned long)(uint64_t)(x->n >> 64));
	mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 64);
	mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long)(uint64_t)x->n);
	mpz_set_ui(mpq_denref(q), 1);
	if (x->k >= 0)
		mpq_mul_2exp(q, q, (mp_bitcnt_t)x->k);
	else
		mpq_div_2exp(q, q, (mp_bitcnt_t)-x->k);
}

static int bit_length(unsigned __int128 n)
{
	uint64_t high = (uint64_t)(n >> 64);

	return high ? 128 - __builtin_clzll(high) : n ? 64 - __builtin_clzll((uint64_t)n) : 0;
}

/* A binary bound against a decimal one by their powers of two, where those decide it:
 * 2^over ≤ |dec| < 2^(over + 4) (dec_words_log2_over()); else 2 (not decided). */
static int binary_vs_decimal(const struct mx_bound *bin, const struct mx_bound *dec)
{
	long over, top;

	if (!bin->n || !dec->dec.d)
		return (bin->n != 0) - (dec->dec.d != 0);
	over = dec_words_log2_over(&dec->dec);
	top = bit_length(bin->n) + bin->k; /* 2^(top − 1) ≤ bin < 2^top */
	if (top <= over)
		return -1;
	if (top - 1 >= over + 4)
		return 1;
	return 2;
}

/* A bound's exact value as digits: false where they decline. */
static bool bound_text(struct dec_text *t, const struct mx_bound *x)
{
	if (!x->binary)
		dec_text_words(t, &x->dec);
	else if (!dec_text_binary(t, false, x->n, x->k))
		return false;
	return true;
}

/* |a| against |b|, a binary and a decimal bound or two decimal ones: −1, 0, 1. */
static int bound_cmp_mixed(const struct mx_bound *a, const struct mx_bound *b)
{
	static struct dec_text at, bt; /* their storage kept for the run */
	mpq_t x, y;
	int c;

	if (!a->binary && !b->binary)
		return dec_words_cmp_abs(&a->dec, &b->dec);
	if ((c = a->binary ? binary_vs_decimal(a, b) : -binary_vs_decimal(b, a)) != 2 && c != -2)
		return c;
	if (bound_text(&at, a) && bound_text(&bt, b))
		return dec_text_cmp_abs(&at, &bt);
	mpq_inits(x, y, NULL);
	bound_rational(x, a);
	bound_rational(y, b);
	c = mpq_cmp(x, y);
	mpq_clears(x, y, NULL);
	return c < 0 ? -1 : c > 0;
}

/* |a| against |b|: −1, 0, 1. */
static int bound_cmp(const struct mx_bound *a, const struct mx_bound *b)
{
	return a->binary && b->binary ? mx_binary_cmp(a->n, a->k, b->n, b->k) : bound_cmp_mixed(a, b);
}

/* x·2^s/10^m rounded down or up (x < 2^128 nonzero, m ≤ 19): x first shifted as far
 * as 128 bits hold it, so that at least 64 bits are left; *k takes the shift. */
static unsigned __int128 over_pow10(unsigned __int128 x, long *k, int m, bool up)
{
	uint64_t p = (uint64_t)num_pow10_words(m);
	int s = 128 - bit_length(x);
	unsigned __int128 q;

	x <<= s;
	*k -= s;
	q = x / p;
	return q + (up && q * p != x);
}

void mx_bound_binary(struct mx_bound *out, const struct mx_bound *x, bool up)
{
	unsigned __int128 n = x->dec.d;
	long k = 0, left = x->dec.k;

	*out = *x;
	if (x->binary)
		return;
	*out = (struct mx_bound){ .binary = true, .n = 0, .k = 0 };
	if (!n)
		return;
	for (; left < 0; left += 19) { /* d·10^|k|: n cut to 64 bits, down (up), then times 10^19 */
		int s = bit_length(n) > 64 ? bit_length(n) - 64 : 0;
		bool cut = s && (n & (((unsigned __int128)1 << s) - 1));
		n = (n >> s) + (up && cut);
		k += s;
		n *= num_pow10_words(left > -19 ? (int)-left : 19);
	}
	/* d/10^k, 19 digits at a time: each quotient down (up) keeps the bound below (above) */
	for (; left > 0; left -= 19)
		n = over_pow10(n, &k, left < 19 ? (int)left : 19, up);
	*out = (struct mx_bound){ .binary = true, .n = n, .k = k };
}
