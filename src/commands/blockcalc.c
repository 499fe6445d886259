/*
 * blockcalc.c — IEEE P3109's blocks on exact values (see blockcalc.h): the ω functions
 * they need, rule by rule in the report's order, and the block operations of §5 made
 * of them. Every finite result is the exact rational; one to project that lies past
 * 2^±NUM_LIMIT_EXP becomes num.h's bounded stand-in, which every format rounds as it
 * would the value itself (a product's exponent is kept apart from its significand, so
 * no power of two that large is built; decoded values stay far inside the limit).
 * Never reads nor writes.
 */
#include "blockcalc.h"

#include "convert.h"
#include "output.h"

enum rnd_status block_project(struct rnd_result *out, const struct fmt *f, const struct num *x,
			      const struct rnd_spec *rho)
{
	enum rnd_status status = rnd_encode(out, f, x, *rho);
	struct num stored;
	bool neg;

	if (status != RND_OK || x->kind != NUM_FINITE || !x->neg)
		return status;
	num_init(&stored); /* no −0 in Rω (§4.7.4: sgn(X)·0 = 0), and 0 encodes as +0 (§4.8) */
	convert_code_value(&stored, f, out->code);
	if (stored.kind == NUM_FINITE && stored.neg && mpq_sgn(stored.mag) == 0)
		out->code = fmt_with_sign(f, fmt_magnitude(f, out->code, &neg), false);
	num_clear(&stored);
	return status;
}

/* ---- Values of Rω ------------------------------------------------------------------ */

static void set_kind(struct num *x, enum num_kind kind, bool neg)
{
	num_set_kind(x, kind);
	x->neg = kind == NUM_INF && neg;
	x->bound = NUM_EXACT;
	mpq_set_ui(x->mag, 0, 1);
}

static bool is_zero(const struct num *x)
{
	return x->kind == NUM_FINITE && mpq_sgn(x->mag) == 0;
}

void block_as_datum(struct num *x)
{
	if (x->kind == NUM_NAN)
		set_kind(x, NUM_NAN, false);
	else if (is_zero(x))
		x->neg = false;
}

void block_decode_code(struct num *x, const struct fmt *f, fpcode code)
{
	convert_code_value(x, f, code);
	block_as_datum(x);
}

/* A finite x past 2^±NUM_LIMIT_EXP as its stand-in (num.h), its sign kept. */
static void bounded(struct num *x)
{
	long e;
	bool neg = x->neg;

	if (x->kind != NUM_FINITE || x->bound || is_zero(x))
		return;
	e = num_floor_log2_ratio(mpq_numref(x->mag), mpq_denref(x->mag));
	if (e >= NUM_LIMIT_EXP || e < -NUM_LIMIT_EXP) {
		num_set_bound(x, e >= NUM_LIMIT_EXP ? NUM_HUGE : NUM_TINY);
		x->neg = neg;
	}
}

/* The sign of a value: −1, 0 or 1 (NaN: 0, never asked). */
static int sign_of(const struct num *x)
{
	return is_zero(x) || x->kind == NUM_NAN ? 0 : x->neg ? -1 : 1;
}

/* ωMultiply (§4.10.4): NaN; ∞·0 and 0·∞ → NaN; an infinity signed by both signs; X·Y. */
static void omega_multiply(struct num *out, const struct num *x, const struct num *y)
{
	bool neg = x->neg != y->neg;

	if (x->kind == NUM_NAN || y->kind == NUM_NAN ||
	    (x->kind == NUM_INF && is_zero(y)) || (is_zero(x) && y->kind == NUM_INF)) {
		set_kind(out, NUM_NAN, false);
		return;
	}
	if (x->kind == NUM_INF || y->kind == NUM_INF) {
		set_kind(out, NUM_INF, neg);
		return;
	}
	mpq_mul(out->mag, x->mag, y->mag);
	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	out->neg = neg && mpq_sgn(out->mag) != 0;
}

/* ωAdd (§4.10.3): NaN; +∞ + −∞ → NaN; an infinity wins; X + Y, an exact zero 0. */
static void omega_add(struct num *out, const struct num *x, const struct num *y)
{
	mpq_t a, b;

	if (x->kind == NUM_NAN || y->kind == NUM_NAN ||
	    (x->kind == NUM_INF && y->kind == NUM_INF && x->neg != y->neg)) {
		set_kind(out, NUM_NAN, false);
		return;
	}
	if (x->kind == NUM_INF || y->kind == NUM_INF) {
		set_kind(out, NUM_INF, x->kind == NUM_INF ? x->neg : y->neg);
		return;
	}
	mpq_inits(a, b, NULL);
	output_signed_value(a, x);
	output_signed_value(b, y);
	mpq_add(a, a, b);
	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	out->neg = mpq_sgn(a) < 0;
	mpq_abs(out->mag, a);
	mpq_clears(a, b, NULL);
}

/* ωDivide (§4.10.5) for a finite nonzero divisor, the one block_scaled() asks: an
 * infinity signed by both signs; X/Y. */
static void omega_divide_by_finite(struct num *out, const struct num *x, const struct num *y)
{
	bool neg = x->neg != y->neg;

	if (x->kind == NUM_INF) {
		set_kind(out, NUM_INF, neg);
		return;
	}
	mpq_div(out->mag, x->mag, y->mag);
	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	out->neg = neg && mpq_sgn(out->mag) != 0;
	bounded(out);
}

/* Where x lies among the extended reals' parts: −∞ (−1), the reals (0), +∞ (1). */
static int part_of(const struct num *x)
{
	return x->kind != NUM_INF ? 0 : x->neg ? -1 : 1;
}

/* Is x < y, in the extended reals (neither NaN)? */
static bool less(const struct num *x, const struct num *y)
{
	mpq_t a, b;
	bool lt;

	if (part_of(x) != 0 || part_of(y) != 0)
		return part_of(x) < part_of(y);
	mpq_inits(a, b, NULL);
	output_signed_value(a, x);
	output_signed_value(b, y);
	lt = mpq_cmp(a, b) < 0;
	mpq_clears(a, b, NULL);
	return lt;
}

/* ωMaximumFinite (§4.11.3) into *acc, with y: NaN skipped; both infinite, the larger;
 * one infinite, the other; else the larger. */
static void omega_maximum_finite(struct num *acc, const struct num *y)
{
	if (y->kind == NUM_NAN)
		return;
	if (acc->kind == NUM_NAN || (acc->kind == NUM_INF && y->kind != NUM_INF) ||
	    ((acc->kind == NUM_INF) == (y->kind == NUM_INF) && less(acc, y)))
		num_set(acc, y);
}

/* ---- The block operations ------------------------------------------------------------ */

void block_decoded(struct num *z, const struct num *scale, const struct num *x)
{
	omega_multiply(z, scale, x);
}

void block_scaled(struct num *z, const struct num *scale, const struct num *x)
{
	if (scale->kind == NUM_NAN || x->kind == NUM_NAN)
		set_kind(z, NUM_NAN, false);
	else if (is_zero(scale))
		set_kind(z, NUM_FINITE, false);
	else if (scale->kind == NUM_INF) {
		int sign = sign_of(x) * sign_of(scale);
		set_kind(z, NUM_FINITE, false);
		mpq_set_ui(z->mag, sign != 0, 1);
		z->neg = sign < 0;
	} else
		omega_divide_by_finite(z, x, scale);
}

void block_max_abs_finite(struct num *out, const struct num *x, long n)
{
	struct num m;

	set_kind(out, NUM_NAN, false);
	num_init(&m);
	for (long i = 0; i < n; i++) {
		num_set(&m, &x[i]); /* ωAbs (§4.10.1): ±∞ → +∞, NaN stays */
		m.neg = false;
		omega_maximum_finite(out, &m);
	}
	num_clear(&m);
}

void block_sum(struct num *out, const struct num *x, long n)
{
	set_kind(out, NUM_FINITE, false);
	for (long i = 0; i < n; i++)
		omega_add(out, out, &x[i]);
	bounded(out);
}

/* The magnitude m·2^e as a value (its stand-in past the limit), m > 0 within [1, 2). */
static void set_scaled(struct num *out, const mpq_t m, long e)
{
	if (e >= NUM_LIMIT_EXP || e < -NUM_LIMIT_EXP) {
		num_set_bound(out, e >= NUM_LIMIT_EXP ? NUM_HUGE : NUM_TINY);
		return;
	}
	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	num_scale_pow2(out->mag, m, e);
}

/* The product's finite nonzero magnitudes, m·2^e with m kept in [1, 2): the exponent of
 * a long product of wide values apart from its significand. */
static void product_magnitude(struct num *out, const struct num *x, long n)
{
	mpq_t m, f;
	long e = 0;

	mpq_inits(m, f, NULL);
	mpq_set_ui(m, 1, 1);
	for (long i = 0; i < n; i++) {
		long k = num_floor_log2_ratio(mpq_numref(x[i].mag), mpq_denref(x[i].mag));
		num_scale_pow2(f, x[i].mag, -k);
		mpq_mul(m, m, f);
		e += k;
		if (mpq_cmp_ui(m, 2, 1) >= 0) {
			mpq_div_2exp(m, m, 1);
			e++;
		}
	}
	set_scaled(out, m, e);
	mpq_clears(m, f, NULL);
}

void block_product(struct num *out, const struct num *x, long n)
{
	bool neg = false, zero = false, inf = false;

	for (long i = 0; i < n; i++) { /* ωMultiply folded: NaN, or 0 with ∞ anywhere, is NaN */
		if (x[i].kind == NUM_NAN) {
			set_kind(out, NUM_NAN, false);
			return;
		}
		neg ^= x[i].neg;
		zero |= is_zero(&x[i]);
		inf |= x[i].kind == NUM_INF;
	}
	if (zero && inf)
		set_kind(out, NUM_NAN, false);
	else if (inf)
		set_kind(out, NUM_INF, neg);
	else if (zero)
		set_kind(out, NUM_FINITE, false);
	else {
		product_magnitude(out, x, n);
		out->neg = neg;
	}
}

void block_dot(struct num *out, const struct num *x, const struct num *y, long n)
{
	struct num p;

	num_init(&p);
	set_kind(out, NUM_FINITE, false);
	for (long i = 0; i < n; i++) {
		omega_multiply(&p, &x[i], &y[i]);
		omega_add(out, out, &p);
	}
	bounded(out);
	num_clear(&p);
}
