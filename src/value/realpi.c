/*
 * realpi.c — the π functions inside the real layer (realfn.h): sinpi, cospi and tanpi's
 * images of intervals, which MPFI lacks, made from MPFR's correctly rounded point
 * functions at the ends (so an exact value stays a point: sinpi(1/2) = 1), and
 * atan2pi's from MPFI's atan2; and the rational values these take at rational
 * arguments, which no enclosure of an argument such as 1/6 decides.
 *
 * Niven's theorem: for rational x, sin(πx) and cos(πx) are rational only where they
 * are 0, ±1/2 or ±1 (x a multiple of 1/6), tan(πx) only where it is 0 or ±1 (x a
 * multiple of 1/4), and at x = n + 1/2 tan(πx) has a pole; atan2(y, x)/π is rational
 * only where y/x is 0 or ±1 or x is 0. asinpi, acospi and atanpi need none of this:
 * their rational values are dyadic only at 0, ±1 and ±∞ (special.c's rows), and the
 * others (asinpi(1/2) = 1/6) lie on no boundary a binary rounding decides by.
 * Never rounds into a format.
 */
#include "realfn.h"
#include "round.h"

/* MPFI's flags for the ends MPFR rounded (lo_ternary, hi_ternary nonzero). */
static int pi_rounded_ends(int lo_ternary, int hi_ternary)
{
	return (lo_ternary ? MPFI_FLAGS_LEFT_ENDPOINT_INEXACT : 0) | (hi_ternary ? MPFI_FLAGS_RIGHT_ENDPOINT_INEXACT : 0);
}

/* ---- Images of intervals ------------------------------------------------------------- */

/*
 * Does [lo, hi] hold a point halves/2 + period·k, for an integer k (period 1 or 2,
 * 0 ≤ halves/2 < period)? Exactly: k is first guessed from lo − halves/2 rounded down,
 * which may fall one period short, then corrected by an exact comparison. An interval
 * of MPFR numbers of p bits narrower than the period lies below 2^(p + 2), or is a
 * point (its ends' spacing is at least 8 past that): such a point is a multiple of 8.
 */
static bool holds_point(mpfr_srcptr lo, mpfr_srcptr hi, unsigned long period, long halves)
{
	mpfr_prec_t p = mpfr_get_prec(lo) > mpfr_get_prec(hi) ? mpfr_get_prec(lo) : mpfr_get_prec(hi);
	mpfr_t t;
	bool holds;

	mpfr_init2(t, p + 8);
	mpfr_sub(t, hi, lo, MPFR_RNDD);
	if (mpfr_cmp_ui(t, period) >= 0 || mpfr_get_exp(lo) > p + 2) {
		holds = mpfr_cmp_ui(t, period) >= 0 || halves == 0;
		mpfr_clear(t);
		return holds;
	}
	mpfr_set_si_2exp(t, halves, -1, MPFR_RNDN);
	mpfr_sub(t, lo, t, MPFR_RNDD);
	mpfr_div_ui(t, t, period, MPFR_RNDD); /* exact: period 1 or 2 */
	mpfr_ceil(t, t);
	mpfr_mul_ui(t, t, period, MPFR_RNDN);
	mpfr_add_d(t, t, halves / 2.0, MPFR_RNDN); /* exact: |t| < 2^(p + 4), in halves */
	if (mpfr_less_p(t, lo))
		mpfr_add_ui(t, t, period, MPFR_RNDN);
	holds = mpfr_lessequal_p(t, hi);
	mpfr_clear(t);
	return holds;
}

static int set_nan(mpfi_ptr out)
{
	mpfr_set_nan(&out->left);
	mpfr_set_nan(&out->right);
	return 0;
}

/* The smaller (larger) of fn at the two ends, rounded down (up); its ternary. */
static int end_extreme(mpfr_ptr out, mpfi_srcptr a, mpfr_unary *fn, mpfr_rnd_t rnd)
{
	mpfr_t other;
	int t, t_other;

	mpfr_init2(other, mpfr_get_prec(out));
	t = fn(out, &a->left, rnd);
	t_other = fn(other, &a->right, rnd);
	if (rnd == MPFR_RNDD ? mpfr_less_p(other, out) : mpfr_greater_p(other, out)) {
		mpfr_swap(out, other);
		t = t_other;
	}
	mpfr_clear(other);
	return t;
}

/* sinpi or cospi of a: the ends' values, widened to 1 (−1) where a maximum (minimum)
 * lies inside, at max_halves/2 + 2k (and one further). */
static int image_wave(mpfi_ptr out, mpfi_srcptr a, mpfr_unary *fn, long max_halves)
{
	mpfr_t lo, hi;
	int lo_ternary, hi_ternary;

	if (mpfi_nan_p(a))
		return set_nan(out);
	if (!mpfi_bounded_p(a))
		return mpfi_interv_si(out, -1, 1);
	mpfr_inits2(mpfi_get_prec(out), lo, hi, (mpfr_ptr)0);
	lo_ternary = end_extreme(lo, a, fn, MPFR_RNDD);
	hi_ternary = end_extreme(hi, a, fn, MPFR_RNDU);
	if (holds_point(&a->left, &a->right, 2, max_halves)) {
		mpfr_set_ui(hi, 1, MPFR_RNDN);
		hi_ternary = 0;
	}
	if (holds_point(&a->left, &a->right, 2, (max_halves + 2) % 4)) {
		mpfr_set_si(lo, -1, MPFR_RNDN);
		lo_ternary = 0;
	}
	mpfi_interv_fr(out, lo, hi);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
	return pi_rounded_ends(lo_ternary, hi_ternary);
}

int real_interval_sinpi(mpfi_ptr out, mpfi_srcptr a)
{
	return image_wave(out, a, mpfr_sinpi, 1); /* maxima at 1/2 + 2k */
}

int real_interval_cospi(mpfi_ptr out, mpfi_srcptr a)
{
	return image_wave(out, a, mpfr_cospi, 0); /* maxima at 2k */
}

/* tanpi grows between its poles at 1/2 + k: the ends' values, or everything when a
 * pole lies inside. */
int real_interval_tanpi(mpfi_ptr out, mpfi_srcptr a)
{
	mpfr_t lo, hi;
	int lo_ternary, hi_ternary;

	if (mpfi_nan_p(a))
		return set_nan(out);
	mpfr_inits2(mpfi_get_prec(out), lo, hi, (mpfr_ptr)0);
	if (!mpfi_bounded_p(a) || holds_point(&a->left, &a->right, 1, 1)) {
		mpfr_set_inf(lo, -1);
		mpfr_set_inf(hi, 1);
		lo_ternary = hi_ternary = 0;
	} else {
		lo_ternary = mpfr_tanpi(lo, &a->left, MPFR_RNDD);
		hi_ternary = mpfr_tanpi(hi, &a->right, MPFR_RNDU);
	}
	mpfi_interv_fr(out, lo, hi);
	mpfr_clears(lo, hi, (mpfr_ptr)0);
	return pi_rounded_ends(lo_ternary, hi_ternary);
}

/* atan2(y, x)/π by MPFI, 8 bits wider before the division. */
int real_interval_atan2pi(mpfi_ptr out, mpfi_srcptr y, mpfi_srcptr x)
{
	mpfi_t angle, pi;
	int rounded;

	mpfi_init2(angle, mpfi_get_prec(out) + 8);
	mpfi_init2(pi, mpfi_get_prec(out) + 8);
	mpfi_atan2(angle, y, x);
	mpfi_const_pi(pi);
	rounded = mpfi_div(out, angle, pi);
	mpfi_clear(angle);
	mpfi_clear(pi);
	return rounded;
}

/* ---- Rational values ------------------------------------------------------------------ */

/* den·x modulo m (0 ≤ *k < m), when den·x is an integer; false when it is not or x is
 * not a finite exact number. */
static bool residue(unsigned long *k, const struct num *x, unsigned long den, unsigned long m)
{
	mpz_srcptr q = mpq_denref(x->mag);
	mpz_t n;

	if (x->kind != NUM_FINITE || x->bound || mpz_cmp_ui(q, den) > 0 || den % mpz_get_ui(q) != 0)
		return false;
	mpz_init(n);
	mpz_mul_ui(n, mpq_numref(x->mag), den / mpz_get_ui(q));
	if (x->neg)
		mpz_neg(n, n);
	*k = mpz_fdiv_ui(n, m);
	mpz_clear(n);
	return true;
}

/* *out = halves/2, a zero signed as zero_neg says. */
static void set_halves(struct num *out, long halves, bool zero_neg)
{
	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	out->neg = halves < 0 || (halves == 0 && zero_neg);
	mpq_set_ui(out->mag, (unsigned long)(halves < 0 ? -halves : halves), 2);
	mpq_canonicalize(out->mag);
}

#define IRRATIONAL 9 /* a value of sin(kπ/6) that is not rational */

/* sin(kπ/6) and cos(kπ/6) in halves, k = 0 … 11 */
static const signed char sin_sixths[12] = { 0, 1, IRRATIONAL, 2, IRRATIONAL, 1, 0, -1, IRRATIONAL, -2, IRRATIONAL, -1 };
static const signed char cos_sixths[12] = { 2, IRRATIONAL, 1, 0, -1, IRRATIONAL, -2, IRRATIONAL, -1, 0, 1, IRRATIONAL };

/* sinpi(±n) = ±0 (C23 F.10.1): a zero takes x's sign. */
bool real_rational_sinpi(struct num *out, unsigned *flags, const struct num *x, const struct num *y,
			 enum special_rules rules)
{
	unsigned long k;

	(void)y;
	(void)rules;
	*flags = 0;
	if (!residue(&k, x, 6, 12) || sin_sixths[k] == IRRATIONAL)
		return false;
	set_halves(out, sin_sixths[k], x->neg);
	return true;
}

/* cospi(n + 1/2) = +0 (C23 F.10.1). */
bool real_rational_cospi(struct num *out, unsigned *flags, const struct num *x, const struct num *y,
			 enum special_rules rules)
{
	unsigned long k;

	(void)y;
	(void)rules;
	*flags = 0;
	if (!residue(&k, x, 6, 12) || cos_sixths[k] == IRRATIONAL)
		return false;
	set_halves(out, cos_sixths[k], false);
	return true;
}

/*
 * tanpi at multiples of 1/4, k = 4x mod 8: 0 at integers, +0 for even n ≥ 0 and odd
 * n < 0, else −0 (x's sign, flipped for odd n); ±1 at n ± 1/4; at n + 1/2 a pole,
 * +∞ for even n and −∞ for odd, divbyzero (C23 F.10.1), which P3109 makes NaN
 * (§4.10.12: "if cos(X × π) = 0 → NaN"), flagged invalid here.
 */
bool real_rational_tanpi(struct num *out, unsigned *flags, const struct num *x, const struct num *y,
			 enum special_rules rules)
{
	unsigned long k;

	(void)y;
	*flags = 0;
	if (!residue(&k, x, 4, 8))
		return false;
	if (k % 4 != 2) {
		set_halves(out, k % 4 == 0 ? 0 : k % 4 == 1 ? 2 : -2, x->neg != (k == 4));
		return true;
	}
	num_set_kind(out, rules == RULES_P3109 ? NUM_NAN : NUM_INF);
	out->bound = NUM_EXACT;
	out->neg = rules != RULES_P3109 && k == 6;
	mpq_set_ui(out->mag, 0, 1);
	*flags = rules == RULES_P3109 ? RND_INVALID : RND_DIVBYZERO;
	return true;
}

/* atan2pi(±y, ±y) for finite y ≠ 0: ±1/4 where x > 0, ±3/4 where x < 0, y's sign
 * (C23 F.10.1; P3109's §4.10.16 alike). */
bool real_rational_atan2pi(struct num *out, unsigned *flags, const struct num *y, const struct num *x,
			   enum special_rules rules)
{
	(void)rules;
	*flags = 0;
	if (x->kind != NUM_FINITE || y->kind != NUM_FINITE || x->bound || y->bound || mpq_sgn(x->mag) == 0 ||
	    !mpq_equal(x->mag, y->mag))
		return false;
	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	out->neg = y->neg;
	mpq_set_ui(out->mag, x->neg ? 3 : 1, 4);
	return true;
}
