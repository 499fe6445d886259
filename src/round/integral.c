/*
 * integral.c — roundToIntegral, scaleB and logB on exact values (see integral.h): the
 * integer below |x| and the rest, and the mode's pick between it and the next one, as
 * round.h's rnd_mode_pick() picks between two codes.
 */
#include "integral.h"

/* Does the mode take whole + 1 for |x| = whole + rest/den (0 < rest < den)? Parity
 * picks the even (rne's tie) or the odd one (rto) of the two integers. */
static bool takes_upper(struct rnd_spec how, const mpz_t whole, const mpz_t rest, const mpz_t den, bool neg)
{
	mpz_t twice;
	int vs_mid;
	enum rnd_pick pick;

	mpz_init(twice);
	mpz_mul_2exp(twice, rest, 1);
	vs_mid = mpz_cmp(twice, den);
	mpz_clear(twice);
	if (rnd_mode_is_stochastic(how.mode))
		vs_mid = rnd_stochastic_away(how, rest, den) ? 1 : -1;
	pick = rnd_mode_pick(how.mode, vs_mid, neg);
	if (pick == RND_PICK_EVEN || pick == RND_PICK_ODD)
		return mpz_odd_p(whole) == (pick == RND_PICK_EVEN);
	return pick == RND_PICK_UPPER;
}

unsigned integral_round(struct num *out, const struct num *x, struct rnd_spec how, bool exact)
{
	mpz_t whole, rest;

	num_set(out, x);
	if (x->kind == NUM_NAN)
		num_set_kind(out, NUM_NAN);
	if (x->kind != NUM_FINITE || mpz_cmp_ui(mpq_denref(x->mag), 1) == 0)
		return 0; /* ±∞, NaN and integers, ±0 and a huge bound among them, as they are */
	mpz_inits(whole, rest, NULL);
	mpz_fdiv_qr(whole, rest, mpq_numref(x->mag), mpq_denref(x->mag));
	if (takes_upper(how, whole, rest, mpq_denref(x->mag), x->neg))
		mpz_add_ui(whole, whole, 1);
	mpq_set_z(out->mag, whole); /* a zero keeps x's sign */
	out->bound = NUM_EXACT;
	mpz_clears(whole, rest, NULL);
	return exact ? RND_INEXACT : 0;
}

void integral_scaleb(struct num *out, const struct num *x, long n)
{
	long e;

	num_set(out, x);
	if (x->kind == NUM_NAN)
		num_set_kind(out, NUM_NAN);
	if (x->kind != NUM_FINITE || x->bound || mpq_sgn(x->mag) == 0)
		return; /* ±∞, ±0 and NaN as they are; a bound stays past the limit */
	e = num_floor_log2_ratio(mpq_numref(x->mag), mpq_denref(x->mag));
	if (n > 4 * NUM_LIMIT_EXP || n < -4 * NUM_LIMIT_EXP)
		n = n > 0 ? 4 * NUM_LIMIT_EXP : -4 * NUM_LIMIT_EXP; /* past every format either way */
	if (e + n >= NUM_LIMIT_EXP || e + n < -NUM_LIMIT_EXP) {
		num_set_bound(out, e + n > 0 ? NUM_HUGE : NUM_TINY);
		out->neg = x->neg;
		return;
	}
	num_scale_pow2(out->mag, x->mag, n);
}

unsigned integral_logb(struct num *out, const struct num *x)
{
	long e;

	num_set_kind(out, x->kind == NUM_NAN ? NUM_NAN : NUM_INF);
	out->bound = NUM_EXACT;
	out->neg = false;
	if (x->kind != NUM_FINITE)
		return 0; /* NaN; logB(±∞) = +∞ */
	if (mpq_sgn(x->mag) == 0) {
		out->neg = true; /* logB(±0) = −∞ */
		return RND_DIVBYZERO;
	}
	e = num_floor_log2_ratio(mpq_numref(x->mag), mpq_denref(x->mag));
	num_set_kind(out, NUM_FINITE);
	mpq_set_ui(out->mag, (unsigned long)(e < 0 ? -e : e), 1);
	out->neg = e < 0;
	return 0;
}
