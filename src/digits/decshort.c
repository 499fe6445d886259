/*
 * decshort.c — the shortest decimal that reads back to a code (fpx(1) OUTPUT): the
 * fewest significant digits inside the interval that rounds to the code, and of those
 * the closest to the value; fastshort.c's words where they decide it, else an exact
 * search on GMP integers. Also the shortest decimal of any interval of rationals.
 * Never rounds into a format and never prints.
 */
#include "decimal.h"
#include "decimal_impl.h"
#include "fastshort.h"
#include "num.h"
#include "scratch.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- Shortest ---------------------------------------------------------------------------- */

/*
 * The interval that reads back to a code, as integers over one power of two:
 * lo = L/2^s, v = V/2^s, hi = H/2^s. Everything below is integer arithmetic on these,
 * with no rational normalisation, in a work area each format keeps (made on first use),
 * so that a million values do not mean millions of allocations.
 */
struct interval {
	mpz_t lo, v, hi;
	long s;
	bool lo_in, hi_in; /* are the ends themselves inside? */
};

/* A grid of multiples of 10^k, in the interval's units: c·10^k ↔ c·unit against l, h, v,
 * where for k ≥ 0 unit = 10^k·2^s and l, h, v are L, H, V; for k < 0, unit = 2^s and
 * l, h, v are L, H, V times 10^−k. */
struct grid {
	long k;
	mpz_t p, l, h, v, unit;
};

struct shortest_work {
	struct interval iv;
	struct grid g;
	struct fmt_value val;
	mpz_t first, last, d, dist, best, r, t, y, below, above;
};

static void work_free(void *p)
{
	struct shortest_work *w = p;

	mpz_clears(w->iv.lo, w->iv.v, w->iv.hi, w->g.p, w->g.l, w->g.h, w->g.v, w->g.unit, w->first, w->last, w->d,
		   w->dist, w->best, w->r, w->t, w->y, w->below, w->above, NULL);
	fmt_value_clear(&w->val);
	free(w);
}

/* The search's numbers, set up on a thread's first use and kept for it (any format). */
static struct shortest_work *work_area(void)
{
	static _Thread_local struct shortest_work *w;

	if (w)
		return w;
	if (!(w = malloc(sizeof *w)))
		abort();
	mpz_inits(w->iv.lo, w->iv.v, w->iv.hi, w->g.p, w->g.l, w->g.h, w->g.v, w->g.unit, w->first, w->last, w->d,
		  w->dist, w->best, w->r, w->t, w->y, w->below, w->above, NULL);
	fmt_value_init(&w->val);
	scratch_at_thread_end(work_free, w);
	return w;
}

/* Points the grid at 10^k. */
static void grid_set(struct shortest_work *w, long k)
{
	struct grid *g = &w->g;
	const struct interval *iv = &w->iv;

	g->k = k;
	mpz_ui_pow_ui(g->p, 10, (unsigned long)labs(k));
	mpz_set_ui(g->unit, 1);
	mpz_mul_2exp(g->unit, g->unit, (mp_bitcnt_t)iv->s);
	if (k >= 0) {
		mpz_mul(g->unit, g->unit, g->p);
		mpz_set(g->l, iv->lo);
		mpz_set(g->h, iv->hi);
		mpz_set(g->v, iv->v);
	} else {
		mpz_mul(g->l, iv->lo, g->p);
		mpz_mul(g->h, iv->hi, g->p);
		mpz_mul(g->v, iv->v, g->p);
	}
}

/* The grid's steps inside the interval: [first, last] (empty when first > last). */
static bool grid_range(struct shortest_work *w)
{
	mpz_cdiv_qr(w->first, w->r, w->g.l, w->g.unit);
	if (!w->iv.lo_in && mpz_sgn(w->r) == 0)
		mpz_add_ui(w->first, w->first, 1);
	mpz_fdiv_qr(w->last, w->r, w->g.h, w->g.unit);
	if (!w->iv.hi_in && mpz_sgn(w->r) == 0)
		mpz_sub_ui(w->last, w->last, 1);
	return mpz_cmp(w->first, w->last) <= 0;
}

/* d = the step nearest to v, ties to even. */
static void grid_nearest(struct shortest_work *w)
{
	int c;

	mpz_fdiv_qr(w->d, w->r, w->g.v, w->g.unit);
	mpz_mul_2exp(w->r, w->r, 1);
	c = mpz_cmp(w->r, w->g.unit);
	if (c > 0 || (c == 0 && mpz_odd_p(w->d)))
		mpz_add_ui(w->d, w->d, 1);
}

/* dist = |step·unit − v|, in the grid's units. */
static void grid_distance(struct shortest_work *w, unsigned long step)
{
	mpz_mul_ui(w->dist, w->g.unit, step);
	mpz_sub(w->dist, w->dist, w->g.v);
	mpz_abs(w->dist, w->dist);
}

/* Compares X/2^s with 10^k. */
static int compare_pow10(struct shortest_work *w, const mpz_t x, long s, long k)
{
	mpz_ui_pow_ui(w->t, 10, (unsigned long)labs(k));
	if (k >= 0) {
		mpz_mul_2exp(w->t, w->t, (mp_bitcnt_t)s);
		return mpz_cmp(x, w->t);
	}
	mpz_mul(w->y, x, w->t);
	mpz_set_ui(w->t, 1);
	mpz_mul_2exp(w->t, w->t, (mp_bitcnt_t)s);
	return mpz_cmp(w->y, w->t);
}

/* ⌊log10 (X/2^s)⌋ for X > 0: from the bit length, then corrected exactly. */
static long floor_log10_scaled(struct shortest_work *w, const mpz_t x, long s)
{
	long k = ((long)mpz_sizeinbase(x, 2) - 1 - s) * 30103 / 100000;

	while (compare_pow10(w, x, s, k) < 0)
		k--;
	while (compare_pow10(w, x, s, k + 1) >= 0)
		k++;
	return k;
}

/* Does c beat the best so far (distance in dist against best)? A tie goes to the
 * coarser one (a multiple of ten), then to the even one. */
static bool better(struct shortest_work *w, unsigned long c, unsigned long best)
{
	int cmp = best ? mpz_cmp(w->dist, w->best) : -1;

	if (cmp != 0)
		return cmp < 0;
	if ((c % 10 == 0) != (best % 10 == 0))
		return c % 10 == 0;
	return c % 2 == 0 && best % 2;
}

/*
 * lo < 10^J ≤ hi: one digit is enough. On the grid 10^(J−1) the one-digit numbers are
 * the steps 1…9 and 10, 20, …, 90; the nearest to v wins.
 */
static void one_digit(struct strbuf *out, bool neg, struct shortest_work *w, long j)
{
	unsigned long f0, tries[6], best = 0;

	grid_set(w, j - 1);
	grid_range(w);
	mpz_fdiv_q(w->d, w->g.v, w->g.unit);
	f0 = mpz_cmp_ui(w->d, 100) < 0 ? mpz_get_ui(w->d) : 100;
	tries[0] = f0;
	tries[1] = f0 + 1;
	tries[2] = f0 / 10 * 10;
	tries[3] = (f0 / 10 + 1) * 10;
	tries[4] = 9;
	tries[5] = 10;
	for (int i = 0; i < 6; i++) {
		unsigned long c = tries[i];
		bool valid = (c >= 1 && c <= 9) || (c % 10 == 0 && c >= 10 && c <= 90);
		if (!valid || mpz_cmp_ui(w->first, c) > 0 || mpz_cmp_ui(w->last, c) < 0)
			continue;
		grid_distance(w, c);
		if (better(w, c, best)) {
			best = c;
			mpz_set(w->best, w->dist);
		}
	}
	mpz_set_ui(w->d, best);
	dec_write_scaled(out, neg, w->d, j - 1);
}

/*
 * The fewest digits: with lo ≥ 10^J, numbers of n digits are the multiples of
 * 10^(J−n+1), so the coarsest grid 10^k with a point inside gives the shortest. Having a
 * point is monotone in k (a multiple of 10^(k+1) is one of 10^k), and a grid finer than
 * the interval's width always has one: a binary search between the two finds it.
 */
static void shortest_in(struct strbuf *out, bool neg, struct shortest_work *w)
{
	struct interval *iv = &w->iv;
	long j = floor_log10_scaled(w, iv->hi, iv->s), fine, coarse;

	if (compare_pow10(w, iv->lo, iv->s, j) < 0) {
		one_digit(out, neg, w, j);
		return;
	}
	mpz_sub(w->dist, iv->hi, iv->lo);
	fine = floor_log10_scaled(w, w->dist, iv->s) - 1; /* a step under the width: surely inside */
	coarse = j;
	while (fine < coarse) {
		long mid = fine + (coarse - fine + 1) / 2;
		grid_set(w, mid);
		if (grid_range(w))
			fine = mid;
		else
			coarse = mid - 1;
	}
	grid_set(w, fine);
	grid_range(w);
	grid_nearest(w);
	if (mpz_cmp(w->d, w->first) < 0)
		mpz_set(w->d, w->first);
	if (mpz_cmp(w->d, w->last) > 0)
		mpz_set(w->d, w->last);
	dec_write_scaled(out, neg, w->d, fine);
}

/*
 * The search's answers a format keeps: of a format of at most 16 bits, each code's
 * (slot code); of a wider one, those of its few smallest ranks, of either sign
 * (fastshort() leaves the subnormals of fewer than 5 bits to the search, and a format
 * of more than 53 bits all): slot rank + SMALL_RANKS·sign, which holds one code of
 * that rank at a time. Each slot is filled once, by whichever thread first makes its
 * digits; a thread that made them too frees its own.
 */
#define SMALL_RANKS 16

struct kept_digits {
	fpcode code;
	char digits[];
};

struct memo {
	size_t slots;
	struct kept_digits *_Atomic slot[];
};

static void memo_free(void *data)
{
	struct memo *m = data;

	for (size_t i = 0; i < m->slots; i++)
		free(atomic_load_explicit(&m->slot[i], memory_order_relaxed));
	free(m);
}

static struct fmt_cache memos = { .free_data = memo_free };

/* f's memo, made on first use. */
static struct memo *memo_of(const struct fmt *f)
{
	struct memo *m = fmt_cache_find(&memos, f);
	size_t slots;

	if (m)
		return m;
	slots = f->bits <= 16 ? (size_t)code_mask(f->bits) + 1 : 2 * SMALL_RANKS;
	if (!(m = calloc(1, sizeof *m + slots * sizeof m->slot[0])))
		abort();
	m->slots = slots;
	return fmt_cache_keep(&memos, f, m);
}

/* The slot where f keeps code's digits, or NULL where it keeps none for code. */
static struct kept_digits *_Atomic *memo_slot(const struct fmt *f, fpcode code)
{
	fpcode rank;
	bool neg;

	if (f->bits <= 16)
		return &memo_of(f)->slot[code];
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &neg));
	if (!f->grid.present || rank >= SMALL_RANKS)
		return NULL;
	return &memo_of(f)->slot[(size_t)rank + SMALL_RANKS * neg];
}

/* code's digits as the search made them, kept in *slot unless another's are there. */
static void keep_search(struct strbuf *out, struct kept_digits *_Atomic *slot, const struct fmt *f, fpcode code)
{
	struct kept_digits *made, *held = NULL;
	size_t from = out->len;

	dec_shortest_search(out, f, code);
	if (!(made = malloc(sizeof *made + out->len - from + 1)))
		abort();
	made->code = code;
	memcpy(made->digits, out->s + from, out->len - from + 1);
	if (!atomic_compare_exchange_strong_explicit(slot, &held, made, memory_order_acq_rel, memory_order_acquire))
		free(made);
}

/* The fast path where it applies; else the search, whose answers formats of at most
 * 16 bits keep (a million values of e4m3 then cost at most 256 searches), and wider
 * formats for their smallest ranks (memo_slot()). */
void dec_shortest(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct kept_digits *_Atomic *slot, *kept;
	uint64_t digits;
	int pow10;
	bool neg;

	if (fastshort(&digits, &pow10, f, code)) {
		fmt_magnitude(f, code, &neg);
		dec_scaled_word(out, neg, digits, pow10);
		return;
	}
	if (!(slot = memo_slot(f, code))) {
		dec_shortest_search(out, f, code);
		return;
	}
	kept = atomic_load_explicit(slot, memory_order_acquire);
	if (!kept)
		keep_search(out, slot, f, code);
	else if (kept->code != code) /* another code of that rank and sign */
		dec_shortest_search(out, f, code);
	else
		sb_puts(out, kept->digits);
}

/*
 * lo = (v + below)/2 and hi = (v + above)/2 (above max, the virtual value), as integers
 * over 2^s: each of v, below, above is sig·2^exp, so s = 1 − the smallest exponent
 * makes all of them, and their half-sums, whole.
 */
static void build_interval(struct shortest_work *w, const struct fmt *f, fpcode rank)
{
	struct interval *iv = &w->iv;
	long eb = 0, ea, ev = w->val.exp, lowest;

	fmt_rank_value(w->above, &ea, f, rank + 1);
	if (rank > 0)
		fmt_rank_value(w->below, &eb, f, rank - 1);
	lowest = ev < ea ? ev : ea;
	if (rank > 0 && eb < lowest)
		lowest = eb;
	iv->s = lowest < 1 ? 1 - lowest : 0; /* every exp + s ≥ 1 */
	mpz_mul_2exp(iv->v, w->val.sig, (mp_bitcnt_t)(ev + iv->s));
	mpz_mul_2exp(iv->hi, w->above, (mp_bitcnt_t)(ea + iv->s));
	mpz_add(iv->hi, iv->hi, iv->v);
	if (rank > 0) {
		mpz_mul_2exp(iv->lo, w->below, (mp_bitcnt_t)(eb + iv->s));
		mpz_add(iv->lo, iv->lo, iv->v);
	} else
		mpz_set_ui(iv->lo, 0); /* no zero below (E8M0): the interval reaches down to 0 */
	mpz_mul_2exp(iv->v, iv->v, 1); /* v, lo, hi are now all 2·value·2^s: s grows by one */
	iv->s++;
}

void dec_shortest_search(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct shortest_work *w = work_area();
	struct fmt_value *v = &w->val;
	fpcode rank;

	fmt_decode(v, f, code);
	if (v->cls == FP_NAN || v->cls == FP_INF || v->noncanonical) { /* no decimal reads back to a pseudo-denormal */
		dec_special(out, f, code, v);
		return;
	}
	if (v->cls == FP_ZERO) {
		sb_puts(out, v->neg ? "-0" : "0");
		return;
	}
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &v->neg));
	w->iv.hi_in = fmt_rank_parity(f, rank) == 0;     /* ties at the ends go to even codes */
	w->iv.lo_in = w->iv.hi_in && rank > 0;           /* below rank 0 (E8M0) the end is 0 itself */
	build_interval(w, f, rank);
	shortest_in(out, v->neg, w);
}

/* ---- The shortest decimal of an interval of rationals ------------------------------------- */

/* The multiples m·10^k inside the interval: first..last (none when first > last). */
static void multiples_inside(mpz_t first, mpz_t last, const struct rational_interval *iv, long k)
{
	mpq_t t, p;

	mpq_inits(t, p, NULL);
	dec_set_pow10(p, k);
	mpq_div(t, iv->lo, p);
	mpz_cdiv_q(first, mpq_numref(t), mpq_denref(t));
	if (!iv->lo_in && mpz_cmp_ui(mpq_denref(t), 1) == 0)
		mpz_add_ui(first, first, 1); /* lo itself a multiple, and outside */
	mpq_div(t, iv->hi, p);
	mpz_fdiv_q(last, mpq_numref(t), mpq_denref(t));
	if (!iv->hi_in && mpz_cmp_ui(mpq_denref(t), 1) == 0)
		mpz_sub_ui(last, last, 1);
	mpq_clears(t, p, NULL);
}

/* 0 < lo < hi: the coarsest grid of multiples of 10^k that reaches inside, from
 * ⌊log10 hi⌋ down (a grid finer than a tenth of the width always does). */
static void shortest_positive(struct strbuf *out, bool neg, const struct rational_interval *iv)
{
	mpz_t first, last, m;
	mpq_t near;
	long k = dec_floor_log10(iv->hi);

	mpz_inits(first, last, m, NULL);
	mpq_init(near);
	for (multiples_inside(first, last, iv, k); mpz_cmp(first, last) > 0; multiples_inside(first, last, iv, --k))
		;
	dec_set_pow10(near, k);
	mpq_div(near, iv->v, near);
	dec_round_to_integer(m, near);
	if (mpz_cmp(m, first) < 0)
		mpz_set(m, first);
	if (mpz_cmp(m, last) > 0)
		mpz_set(m, last);
	dec_write_scaled(out, neg, m, k);
	mpz_clears(first, last, m, NULL);
	mpq_clear(near);
}

void dec_shortest_between(struct strbuf *out, const struct rational_interval *iv)
{
	struct rational_interval mirror;
	int lo_sign = mpq_sgn(iv->lo), hi_sign = mpq_sgn(iv->hi);

	if ((lo_sign < 0 || (lo_sign == 0 && iv->lo_in)) && (hi_sign > 0 || (hi_sign == 0 && iv->hi_in))) {
		sb_puts(out, "0");
		return;
	}
	if (lo_sign >= 0) {
		shortest_positive(out, false, iv);
		return;
	}
	mpq_inits(mirror.lo, mirror.hi, mirror.v, NULL);
	mpq_neg(mirror.lo, iv->hi);
	mpq_neg(mirror.hi, iv->lo);
	mpq_neg(mirror.v, iv->v);
	mirror.lo_in = iv->hi_in;
	mirror.hi_in = iv->lo_in;
	shortest_positive(out, true, &mirror);
	mpq_clears(mirror.lo, mirror.hi, mirror.v, NULL);
}

void dec_code_interval(struct rational_interval *out, const struct fmt *f, fpcode code)
{
	struct shortest_work *w = work_area();
	bool neg, in;
	fpcode rank;

	fmt_decode(&w->val, f, code);
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &neg));
	out->hi_in = fmt_rank_parity(f, rank) == 0;
	out->lo_in = out->hi_in && (rank > 0 || w->val.cls == FP_ZERO);
	build_interval(w, f, rank);
	mpq_set_z(out->lo, w->iv.lo);
	mpq_set_z(out->hi, w->iv.hi);
	mpq_div_2exp(out->hi, out->hi, (mp_bitcnt_t)w->iv.s);
	if (w->val.cls == FP_ZERO)
		mpq_neg(out->lo, out->hi); /* a zero's interval reaches as far below */
	else
		mpq_div_2exp(out->lo, out->lo, (mp_bitcnt_t)w->iv.s);
	num_set_dyadic(out->v, w->val.sig, w->val.exp);
	if (neg) {
		mpq_swap(out->lo, out->hi);
		mpq_neg(out->lo, out->lo);
		mpq_neg(out->hi, out->hi);
		mpq_neg(out->v, out->v);
		in = out->lo_in;
		out->lo_in = out->hi_in;
		out->hi_in = in;
	}
}
