/*
 * fastshort.c — the shortest decimal of a wide format's code with 64-bit integers.
 *
 * A code's value is m·2^e. The interval that reads back to it runs from the midpoint
 * with the neighbour below to the midpoint with the one above; times 4, its ends and
 * the value are the integers mm = 4m − 2 (4m − 1 where the gap below is half the gap
 * above), mp = 4m + 2 and mv = 4m, all times 2^e2 with e2 = e − 2. Each is divided by
 * a power of ten 10^e10 chosen to leave a few digits more than the answer needs, as
 * ⌊x·2^e2 / 10^e10⌋ from one product with a 125-bit split of a power of five (the
 * splits' precision makes these floors exact for every x < 2^55 and e2 of binary64;
 * Adams, "Ryū: fast float-to-string conversion", PLDI 2018). Whether each quotient was
 * exact is decided separately, by counting factors of two or five. Then digits are
 * dropped while the coarser grid still has a point inside the interval, and the last
 * grid's point nearest the value is taken (ties to even), as in decshort.c's search.
 */
#include "fastshort.h"

#include <assert.h>

#include "pow5.h"

#define E2_MIN (-1076) /* binary64's smallest subnormal, times 4 */
#define E2_MAX 969     /* binary64's largest value, times 4 */

int fastshort_log10_pow2(int e)
{
	return (int)(((uint32_t)e * 78913u) >> 18);
}

int fastshort_log10_pow5(int e)
{
	return (int)(((uint32_t)e * 732923u) >> 20);
}

int fastshort_pow5_bits(int e)
{
	return (int)((((uint32_t)e * 1217359u) >> 19) + 1);
}

/* ⌊x·mul / 2^shift⌋ for a 128-bit mul and 64 ≤ shift < 192 (the result fits 64 bits). */
static uint64_t mul_shift(uint64_t x, const uint64_t mul[2], int shift)
{
	unsigned __int128 low = (unsigned __int128)x * mul[0];
	unsigned __int128 high = (unsigned __int128)x * mul[1] + (uint64_t)(low >> 64);

	return (uint64_t)(high >> (shift - 64));
}

/* Does 5^n divide x (x > 0)? */
static bool divisible_by_pow5(uint64_t x, int n)
{
	for (; n > 0; n--, x /= 5)
		if (x % 5)
			return false;
	return true;
}

/* Does 2^n divide x (x > 0)? */
static bool divisible_by_pow2(uint64_t x, int n)
{
	return n < 64 && __builtin_ctzll(x) >= n;
}

/* The interval's ends and the value, scaled by 10^−e10: floors, and whether exact. */
struct scaled {
	uint64_t vm, vr, vp;
	bool vm_exact, vr_exact, vp_exact;
	int e10;
};

/*
 * e2 ≥ 0: x·2^e2 / 10^q = x·2^(e2−q) / 5^q, multiplied by the rounded-up inverse of 5^q.
 * q is one less than ⌊log10 2^e2⌋ (past e2 = 3), which leaves the interval at least 30
 * units wide, so that at least one digit is dropped and rounding sees a real digit.
 * The quotient is exact when 5^q divides x.
 */
static void scale_up(struct scaled *s, uint64_t mm, uint64_t mv, uint64_t mp, int e2)
{
	int q = fastshort_log10_pow2(e2) - (e2 > 3);
	int shift = fastshort_pow5_bits(q) - 1 + POW5_SPLIT_BITS - e2 + q;
	const uint64_t *inverse;

	assert(q < POW5_INV_COUNT);
	inverse = pow5_inverse[q];
	s->vm = mul_shift(mm, inverse, shift);
	s->vr = mul_shift(mv, inverse, shift);
	s->vp = mul_shift(mp, inverse, shift);
	s->vm_exact = divisible_by_pow5(mm, q);
	s->vr_exact = divisible_by_pow5(mv, q);
	s->vp_exact = divisible_by_pow5(mp, q);
	s->e10 = q;
}

/*
 * e2 < 0, i = −e2: x·2^−i / 10^(q−i) = x·5^(i−q) / 2^q, multiplied by the top bits of
 * 5^(i−q). q is one less than ⌊log10 5^i⌋ (past i = 1), for the same reason as above.
 * The quotient is exact when 2^q divides x.
 */
static void scale_down(struct scaled *s, uint64_t mm, uint64_t mv, uint64_t mp, int e2)
{
	int i = -e2;
	int q = fastshort_log10_pow5(i) - (i > 1);
	int j = i - q;
	int shift = q - (fastshort_pow5_bits(j) - POW5_SPLIT_BITS);
	const uint64_t *top;

	assert(j < POW5_TOP_COUNT);
	top = pow5_top[j];
	s->vm = mul_shift(mm, top, shift);
	s->vr = mul_shift(mv, top, shift);
	s->vp = mul_shift(mp, top, shift);
	s->vm_exact = divisible_by_pow2(mm, q);
	s->vr_exact = divisible_by_pow2(mv, q);
	s->vp_exact = divisible_by_pow2(mp, q);
	s->e10 = q + e2;
}

/* What dropping digits has to remember: the last digit dropped from the value, whether
 * every digit dropped before it (and the value's own fraction) was zero, and whether
 * the lower end is still exactly on the grid. */
struct dropped {
	int last;
	bool zeros_below, vm_on_grid;
};

/* Drops n digits (scale = 10^n) from the value and both ends, vp and vm being the ends'
 * quotients. What is remembered of exactness is looked at only while it still holds
 * (it rarely does). */
static inline void drop_digits(struct scaled *s, struct dropped *d, uint64_t scale, int n, uint64_t vp, uint64_t vm)
{
	uint64_t tenth = scale / 10, vr = s->vr / scale, rest;

	rest = s->vr - vr * scale; /* the digits dropped */
	if (d->vm_on_grid)
		d->vm_on_grid = s->vm == vm * scale;
	if (d->zeros_below)
		d->zeros_below = d->last == 0 && rest % tenth == 0;
	d->last = (int)(rest / tenth);
	s->vr = vr;
	s->vp = vp;
	s->vm = vm;
	s->e10 += n;
}

/* When the grid 10^n (scale) has a point above the lower end, up to the top one, drops
 * those n digits, and true; else false. */
static inline bool drop_if_coarser(struct scaled *s, struct dropped *d, uint64_t scale, int n)
{
	uint64_t vp = s->vp / scale, vm = s->vm / scale;

	if (vp <= vm)
		return false;
	drop_digits(s, d, scale, n, vp, vm);
	return true;
}

/*
 * The coarsest grid with a point inside, and on it the point nearest the value. The
 * ends are inside when the code is even (`ends_in`). At the top, an excluded exact end
 * is stepped off first; at the bottom, an end that is itself on the grid stays a
 * candidate while it is exact and included. Digits go eight at a time while they can,
 * then four, two and one at most once each (two steps of 10^n that are possible one
 * after the other make a possible step of 10^2n).
 */
static uint64_t nearest_on_coarsest(struct scaled *s, bool ends_in)
{
	struct dropped d = { 0, s->vr_exact, s->vm_exact };

	if (!ends_in && s->vp_exact)
		s->vp--;
	while (drop_if_coarser(s, &d, 100000000, 8))
		;
	drop_if_coarser(s, &d, 10000, 4);
	drop_if_coarser(s, &d, 100, 2);
	drop_if_coarser(s, &d, 10, 1);
	if (ends_in && d.vm_on_grid)
		while (s->vm % 10 == 0) /* the lower end itself is on the coarser grid */
			drop_digits(s, &d, 10, 1, s->vp / 10, s->vm / 10);
	if (d.zeros_below && d.last == 5 && s->vr % 2 == 0)
		d.last = 4; /* exactly halfway: to the even point */
	return s->vr + ((s->vr == s->vm && !(ends_in && d.vm_on_grid)) || d.last >= 5);
}

/* m·2^e of the finite nonzero rank of a code, and whether the gap below is half the gap
 * above (format.h's grid, with subnormals). */
static bool split_code(uint64_t *m, int *e, bool *lower_closer, const struct fmt *f, fpcode code)
{
	const struct fmt_grid *g = &f->grid;
	bool neg;
	fpcode mag = fmt_magnitude(f, code, &neg), rank;
	long field;
	uint64_t frac;

	if (mag == 0 || mag > f->max_rank)
		return false;
	rank = fmt_rank_of_code(f, mag);
	field = (long)(rank >> g->frac_bits);
	frac = (uint64_t)(rank & (((fpcode)1 << g->frac_bits) - 1));
	if (field == 0) {
		*m = frac;
		*e = (int)(f->emin - g->frac_bits);
		*lower_closer = false;
	} else {
		*m = frac | (uint64_t)1 << g->frac_bits;
		*e = (int)(field - g->bias - g->frac_bits);
		*lower_closer = frac == 0 && field > 1;
	}
	return true;
}

bool fastshort(uint64_t *digits, int *pow10, const struct fmt *f, fpcode code)
{
	struct scaled s;
	uint64_t m;
	int e, e2;
	bool lower_closer;

	if (!f->grid.present || !f->grid.subnormals || f->grid.frac_bits > 52 ||
	    !split_code(&m, &e, &lower_closer, f, code) || m < 16)
		return false;
	e2 = e - 2;
	if (e2 < E2_MIN || e2 > E2_MAX)
		return false;
	if (e2 >= 0)
		scale_up(&s, 4 * m - 1 - !lower_closer, 4 * m, 4 * m + 2, e2);
	else
		scale_down(&s, 4 * m - 1 - !lower_closer, 4 * m, 4 * m + 2, e2);
	*digits = nearest_on_coarsest(&s, (code & 1) == 0);
	*pow10 = s.e10;
	return true;
}

uint64_t fastshort_input_limit(const struct fmt *f)
{
	uint64_t limit = 1;

	if (!f->grid.present || !f->grid.subnormals)
		return 0;
	while (limit <= UINT64_MAX / 10 && (f->grid.frac_bits > 63 || limit * 10 < UINT64_C(1) << f->grid.frac_bits))
		limit *= 10;
	return limit;
}
