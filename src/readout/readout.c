/*
 * readout.c — computing what the explorer shows about one code.
 *
 * Neighbours are taken in value order, which is not code order: the step from a
 * positive value toward zero lowers its rank, from a negative one raises it, and zero's
 * neighbours are the smallest values of either sign. Errors, ulps and relative errors
 * are exact rationals, written as dec_marked() and dec_ratio() write them.
 */
#include "readout.h"
#include "policy.h"

#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "decwords.h"

static void neighbour_init(struct neighbour *n)
{
	n->exists = false;
	n->code = 0;
	sb_init(&n->exact);
	sb_init(&n->gap);
}

static void neighbour_clear(struct neighbour *n)
{
	sb_free(&n->exact);
	sb_free(&n->gap);
}

static void init(struct readout *r, const struct fmt *f, const char *input, struct rnd_spec how)
{
	memset(r, 0, sizeof *r);
	r->f = f;
	r->input = input;
	r->how = how;
	num_init(&r->x);
	fmt_value_init(&r->value);
	neighbour_init(&r->below);
	neighbour_init(&r->above);
}

void readout_clear(struct readout *r)
{
	struct strbuf *texts[] = {
		&r->input_exact, &r->input_ratio, &r->exact, &r->shortest, &r->digits, &r->hexfloat, &r->formula,
		&r->error, &r->ulps, &r->relative, &r->error_ratio, &r->ulps_ratio, &r->relative_ratio,
		&r->lower_exact, &r->upper_exact, &r->other_exact, &r->draw_nu, &r->draw_nu_decimal, &r->draw_away,
		&r->draw_stay, &r->draw_threshold, &r->draw_p_away, &r->draw_p_stay,
	};

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		sb_free(texts[i]);
	num_clear(&r->x);
	fmt_value_clear(&r->value);
	neighbour_clear(&r->below);
	neighbour_clear(&r->above);
}

/* ---- Values as text ------------------------------------------------------------------- */


/* A derived number: as dec_marked() writes it, and as dec_ratio() does into ratio (when
 * given) where it is exact. */
static void number_text(struct strbuf *out, struct strbuf *ratio, const mpq_t q, bool approximate)
{
	dec_marked(out, q, approximate);
	if (ratio && !approximate)
		dec_ratio(ratio, q);
}

static void input_text(struct strbuf *out, struct strbuf *ratio, const struct num *x, bool approximate)
{
	mpq_t q;

	if (x->kind != NUM_FINITE) {
		sb_puts(out, x->kind == NUM_NAN ? "nan" : x->neg ? "-inf" : "inf");
		return;
	}
	if (x->bound)
		return;
	if (mpq_sgn(x->mag) == 0) {
		sb_puts(out, x->neg ? "-0" : "0");
		sb_puts(ratio, x->neg ? "-0" : "0");
		return;
	}
	mpq_init(q);
	mpq_set(q, x->mag);
	if (x->neg)
		mpq_neg(q, q);
	number_text(out, ratio, q, approximate);
	mpq_clear(q);
}

/* ---- The formula its fields make ---------------------------------------------------------- */

static void formula_text(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	if (v->cls == FP_NAN || v->cls == FP_INF)
		return;
	bool neg;
	fpcode mag = fmt_magnitude(f, code, &neg);

	if (v->neg)
		sb_putc(out, '-');
	f->kind->formula(out, f, mag, v);
}

/* ---- Neighbours in value order ------------------------------------------------------------ */

static fpcode signed_code(const struct fmt *f, fpcode rank, bool neg)
{
	if (rank == 0 && f->has_zero)
		return fmt_zero_code(f, neg);
	return fmt_with_sign(f, fmt_code_of_rank(f, rank), neg);
}

/* One step from a finite or infinite code toward +inf (up) or −inf; false at the end. */
static bool step(fpcode *out, const struct fmt *f, fpcode code, const struct fmt_value *v, bool up)
{
	fpcode rank;
	bool away, neg; /* away: from zero */

	if (v->cls == FP_NAN || (v->cls == FP_INF && up != v->neg))
		return false;
	if (v->cls == FP_INF) {
		*out = signed_code(f, fmt_max_rank(f, v->neg), v->neg);
		return true;
	}
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &neg));
	if (v->cls == FP_ZERO) {
		*out = signed_code(f, 1, !up);
		return up ? f->max_rank > 0 : f->has_sign && f->max_rank_neg > 0;
	}
	away = up != v->neg;
	if (away && rank == fmt_max_rank(f, v->neg)) {
		*out = fmt_with_sign(f, f->inf_code, v->neg);
		return f->has_inf;
	}
	if (!away && rank == 0)
		return false; /* E8M0's smallest value: nothing below */
	*out = signed_code(f, away ? rank + 1 : rank - 1, v->neg);
	return true;
}

static void find_neighbour(struct neighbour *n, struct readout *r, bool up)
{
	struct fmt_value v;
	mpq_t a, b;

	n->exists = step(&n->code, r->f, r->code, &r->value, up);
	if (!n->exists)
		return;
	dec_code_exact(&n->exact, r->f, n->code);
	fmt_value_init(&v);
	fmt_decode(&v, r->f, n->code);
	if (v.cls == FP_INF || r->value.cls == FP_INF)
		sb_puts(&n->gap, "inf");
	else {
		mpq_inits(a, b, NULL);
		fmt_code_rational(a, r->f, n->code);
		fmt_code_rational(b, r->f, r->code);
		mpq_sub(a, a, b);
		mpq_abs(a, a);
		dec_rational(&n->gap, a, 0); /* a binary fraction: it ends */
		mpq_clears(a, b, NULL);
	}
	fmt_value_clear(&v);
}

/* ---- The code itself ------------------------------------------------------------------------ */

static void describe_code(struct readout *r)
{
	const struct fmt *f = r->f;
	struct fmt_value *v = &r->value;

	fmt_decode(v, f, r->code);
	dec_code_exact(&r->exact, f, r->code);
	if (v->cls == FP_NAN || v->cls == FP_INF) {
		sb_puts(&r->shortest, r->exact.s);
		sb_puts(&r->digits, r->exact.s);
		sb_puts(&r->hexfloat, r->exact.s);
	} else {
		dec_shortest(&r->shortest, f, r->code);
		dec_digits(&r->digits, v->neg, v->sig, v->exp, dec_max_digits10(f->precision));
		dec_hexfloat(&r->hexfloat, v->neg, v->sig, v->exp);
	}
	formula_text(&r->formula, f, r->code, v);
	find_neighbour(&r->below, r, false);
	find_neighbour(&r->above, r, true);
}

void readout_of_code(struct readout *r, const struct fmt *f, const char *input, fpcode code, struct rnd_spec how)
{
	init(r, f, input, how);
	r->code = code;
	describe_code(r);
}

/* ---- The rounding of a typed value ------------------------------------------------------- */

/* The two candidates around |x| and the gap between them (the virtual value past max
 * counts; below E8M0's smallest value, the gap reaches down to 0). */
static void find_candidates(struct readout *r, mpq_t gap)
{
	const struct fmt *f = r->f;
	fpcode lower, max = fmt_max_rank(f, r->x.neg);
	bool exact;
	mpq_t lo;

	mpq_init(lo);
	sb_clear(&r->lower_exact);
	sb_clear(&r->upper_exact);
	lower = FMT_NO_RANK;
	if (r->rounding.placed)
		lower = r->rounding.lower;
	else if (mpq_sgn(r->x.mag) != 0)
		fmt_place(&lower, &exact, f, r->x.mag);
	if (lower == FMT_NO_RANK) { /* below the smallest, no zero (E8M0) */
		fmt_rank_rational(gap, f, 0);
		r->upper = signed_code(f, 0, false);
		r->lower = r->upper;
	} else {
		if (lower > max)
			lower = max;
		fmt_rank_rational(lo, f, lower);
		fmt_rank_rational(gap, f, lower + 1);
		mpq_sub(gap, gap, lo);
		r->lower = signed_code(f, lower, r->x.neg);
		r->upper_is_virtual = lower + 1 > max;
		r->upper = r->upper_is_virtual ? 0 : signed_code(f, lower + 1, r->x.neg);
		mpq_add(lo, lo, gap);
		if (r->x.neg)
			mpq_neg(lo, lo);
		dec_rational(&r->upper_exact, lo, 0); /* a binary fraction: it ends */
	}
	dec_code_exact(&r->lower_exact, f, r->lower);
	mpq_clear(lo);
}

/* error = stored − typed, exactly; in ulps of the gap rounded across; relative to typed:
 * those of them `wanted` says (READOUT_ERROR, READOUT_ULPS, READOUT_REL). */
static void find_error(struct readout *r, unsigned wanted)
{
	mpq_t stored, typed, err, gap, ratio;
	bool exact_too = wanted & READOUT_RATIOS;

	if (wanted == READOUT_ERROR && !r->approximate && mpz_fits_ulong_p(r->value.sig) &&
	    dec_difference_in_words(&r->error, r->value.neg, mpz_get_ui(r->value.sig), r->value.exp, &r->x))
		return; /* the error alone, of a short decimal: in words */
	mpq_inits(stored, typed, err, gap, ratio, NULL);
	fmt_code_rational(stored, r->f, r->code);
	mpq_set(typed, r->x.mag);
	if (r->x.neg)
		mpq_neg(typed, typed);
	mpq_sub(err, stored, typed);
	if (wanted & READOUT_ERROR)
		number_text(&r->error, exact_too ? &r->error_ratio : NULL, err, r->approximate);
	if (wanted & READOUT_ULPS) {
		find_candidates(r, gap);
		mpq_div(ratio, err, gap);
		number_text(&r->ulps, exact_too ? &r->ulps_ratio : NULL, ratio, r->approximate);
	}
	if (mpq_sgn(typed) != 0 && (wanted & READOUT_REL)) {
		mpq_div(ratio, err, typed);
		number_text(&r->relative, exact_too ? &r->relative_ratio : NULL, ratio, r->approximate);
	}
	mpq_clears(stored, typed, err, gap, ratio, NULL);
}

static void put_mpz(struct strbuf *out, const mpz_t n)
{
	char *text = mpz_get_str(NULL, 10, n);

	sb_puts(out, text);
	free(text);
}

/* count/2^bits, exactly, as a decimal (a binary fraction: it ends). */
static void share_of_draws(struct strbuf *out, const mpz_t count, unsigned bits)
{
	mpq_t share;

	mpq_init(share);
	mpz_set(mpq_numref(share), count);
	mpz_set_ui(mpq_denref(share), 1);
	mpz_mul_2exp(mpq_denref(share), mpq_denref(share), bits);
	mpq_canonicalize(share);
	dec_rational(out, share, 0);
	mpq_clear(share);
}

/* The stochastic mode's draw for an inexact x below the virtual value (struct readout). */
static void find_draw(struct readout *r)
{
	mpq_t gap, nu;
	mpz_t away, draws;

	mpq_inits(gap, nu, NULL);
	mpz_inits(away, draws, NULL);
	find_candidates(r, gap);
	fmt_rank_rational(nu, r->f, fmt_rank_of_code(r->f, fmt_magnitude(r->f, r->lower, &(bool){ false })));
	mpq_sub(nu, r->x.mag, nu);
	mpq_div(nu, nu, gap);
	r->drawn = mpq_sgn(nu) > 0 && mpq_cmp_ui(nu, 1, 1) < 0 && r->lower != r->upper;
	if (r->drawn) {
		rnd_stochastic_count(away, r->how.mode, r->how.sr_bits, mpq_numref(nu), mpq_denref(nu));
		mpz_set_ui(draws, 1);
		mpz_mul_2exp(draws, draws, r->how.sr_bits);
		dec_ratio(&r->draw_nu, nu);
		dec_marked(&r->draw_nu_decimal, nu, false);
		share_of_draws(&r->draw_p_away, away, r->how.sr_bits);
		mpz_sub(draws, draws, away); /* the draws that stay, and T */
		share_of_draws(&r->draw_p_stay, draws, r->how.sr_bits);
		put_mpz(&r->draw_away, away);
		put_mpz(&r->draw_stay, draws);
		put_mpz(&r->draw_threshold, draws);
	}
	mpz_clears(away, draws, NULL);
	mpq_clears(gap, nu, NULL);
}

void readout_set_policy(struct readout *r, const struct policy *p)
{
	struct rnd_result plain;

	r->policy = p == policy_default() ? NULL : p->name;
	r->policy_decided = p->quirk && r->typed &&
			    (rnd_encode(&plain, r->f, &r->x, r->how) != RND_OK || plain.code != r->code);
	r->policy_note = r->typed ? policy_note(p, r->f, &r->x, r->how.sat) : NULL;
}

void readout_set_route(struct readout *r, const char *via, bool once, fpcode code)
{
	r->route_differs = code != r->code;
	r->route_is_once = once;
	r->route_via = via;
	r->route_code = code;
}

void readout_of_value(struct readout *r, const struct fmt *f, const char *input, const struct num *x,
		      struct rnd_spec how, const struct rnd_result *rounded, bool approximate)
{
	init(r, f, input, how);
	r->typed = true;
	r->approximate = approximate;
	num_set(&r->x, x);
	r->rounding = *rounded;
	r->code = rounded->code;
	input_text(&r->input_exact, &r->input_ratio, x, approximate);
	describe_code(r);
	r->has_error = x->kind == NUM_FINITE && !x->bound && (rounded->flags & RND_INEXACT) &&
		       r->value.cls != FP_NAN && r->value.cls != FP_INF;
	if (r->has_error)
		find_error(r, READOUT_ERROR | READOUT_ULPS | READOUT_REL | READOUT_RATIOS);
	if (rnd_mode_is_stochastic(how.mode) && x->kind == NUM_FINITE && !x->bound && !approximate &&
	    (rounded->flags & RND_INEXACT))
		find_draw(r);
	else if (x->kind == NUM_FINITE && !x->bound && mpq_sgn(x->mag) != 0 && (rounded->flags & RND_INEXACT)) {
		mpq_t gap;
		mpq_init(gap);
		find_candidates(r, gap);
		mpq_clear(gap);
	}
}

void readout_for_row(struct readout *r, const struct fmt *f, fpcode code, const struct num *x, struct rnd_spec how, const struct rnd_result *rounded, bool approximate, unsigned wanted)
{
	init(r, f, NULL, how);
	r->code = code;
	fmt_decode(&r->value, f, r->code);
	if (wanted & READOUT_NEIGHBOURS) {
		find_neighbour(&r->below, r, false);
		find_neighbour(&r->above, r, true);
	}
	if (!x || !rounded)
		return;
	r->typed = true;
	r->approximate = approximate;
	num_set(&r->x, x);
	r->rounding = *rounded;
	r->has_error = x->kind == NUM_FINITE && !x->bound && (rounded->flags & RND_INEXACT) &&
		       r->value.cls != FP_NAN && r->value.cls != FP_INF;
	if (r->has_error)
		find_error(r, wanted);
}

void readout_set_other_saturation(struct readout *r)
{
	struct rnd_result other;

	struct rnd_spec how = r->how;

	how.sat = how.sat == RND_SAT_NONE ? RND_SAT_FINITE : RND_SAT_NONE;
	if (r->typed && rnd_encode(&other, r->f, &r->x, how) == RND_OK && other.code != r->code) {
		r->other_differs = true;
		r->other_code = other.code;
		dec_code_exact(&r->other_exact, r->f, other.code);
	}
}

/* ---- Limits --------------------------------------------------------------------------------- */

static long log2_of_rank(const struct fmt *f, fpcode rank)
{
	mpz_t sig;
	long exp;

	mpz_init(sig);
	fmt_rank_value(sig, &exp, f, rank);
	exp += (long)mpz_sizeinbase(sig, 2) - 1;
	mpz_clear(sig);
	return exp;
}

static void limit_value(struct strbuf *out, fpcode *code, long *log2, const struct fmt *f, fpcode rank)
{
	*code = fmt_code_of_rank(f, rank);
	*log2 = log2_of_rank(f, rank);
	dec_code_exact(out, f, *code);
}

/* p·log10 2 to three decimals, with log10 2 = 0.301029995663981195… as an integer. */
static void precision_in_decimal(struct strbuf *out, int p)
{
	mpz_t t;

	mpz_init_set_str(t, "301029995663981195", 10);
	mpz_mul_ui(t, t, (unsigned long)p);
	mpz_add_ui(t, t, 500000000000000UL); /* round to thousandths */
	mpz_tdiv_q_ui(t, t, 1000000000000000UL);
	sb_printf(out, "%lu.%03lu", mpz_get_ui(t) / 1000, mpz_get_ui(t) % 1000);
	mpz_clear(t);
}

/*
 * Where overflow starts for values of one sign, whose magnitudes end at rank `max`: as
 * the mode picks between max and the virtual value just past it (rnd_mode_pick()). A
 * mode that picks the nearest overflows from their midpoint on (the midpoint included
 * when a tie goes to the virtual value); one that picks the upper whatever the
 * distance overflows just past max; one that picks the lower never goes past max, but
 * flags overflow from the virtual value itself on.
 */
/*
 * A stochastic mode's: for its draw R it rounds away from nu·gap past max on, where
 * its count reaches T = 2^N − R: A at nu = T/2^N, B at (T − 1/2)/2^N, C there too when
 * T is even (the tie goes to the even count), just past it when T is odd. Past the
 * virtual value it overflows whatever the draw.
 */
static void stochastic_threshold(mpq_t t, bool *inclusive, const struct fmt *f, struct rnd_spec how, fpcode max)
{
	mpq_t gap, nu;
	mpz_t draws;

	mpq_inits(gap, nu, NULL);
	mpz_init_set_ui(draws, 1);
	mpz_mul_2exp(draws, draws, how.sr_bits);
	mpz_sub_ui(draws, draws, how.sr_random); /* T */
	mpz_mul_2exp(mpq_numref(nu), draws, 1);
	if (how.mode != RND_STOCHASTIC_A)
		mpz_sub_ui(mpq_numref(nu), mpq_numref(nu), 1);
	mpz_set_ui(mpq_denref(nu), 1);
	mpz_mul_2exp(mpq_denref(nu), mpq_denref(nu), how.sr_bits + 1);
	mpq_canonicalize(nu);
	*inclusive = how.mode != RND_STOCHASTIC_C || mpz_even_p(draws);
	if (mpq_cmp_ui(nu, 1, 1) >= 0) { /* never before the virtual value */
		mpq_set_ui(nu, 1, 1);
		*inclusive = true;
	}
	fmt_rank_rational(t, f, max);
	fmt_rank_rational(gap, f, max + 1);
	mpq_sub(gap, gap, t);
	mpq_mul(gap, gap, nu);
	mpq_add(t, t, gap);
	mpz_clear(draws);
	mpq_clears(gap, nu, NULL);
}

static void overflow_threshold(struct strbuf *text, bool *inclusive, bool *never, const struct fmt *f,
			       struct rnd_spec how, fpcode max, bool neg)
{
	enum rnd_mode mode = how.mode;
	enum rnd_pick at_midpoint = rnd_mode_pick(mode, 0, neg);
	bool odd_max = fmt_rank_parity(f, max) != 0;
	mpq_t t;

	mpq_init(t);
	fmt_rank_rational(t, f, max);
	*inclusive = *never = false;
	if (rnd_mode_is_stochastic(mode)) {
		stochastic_threshold(t, inclusive, f, how, max);
	} else if (mode == RND_TO_ODD) { /* past an even max, or from the virtual value on */
		if (odd_max) {
			fmt_rank_rational(t, f, max + 1);
			*inclusive = true;
			*never = rnd_past_range(f, how, neg, false) == RND_PAST_ROUNDED;
		}
	} else if (rnd_mode_pick(mode, -1, neg) == RND_PICK_UPPER) {
		/* past max: t is max itself, not included */
	} else if (rnd_mode_pick(mode, 1, neg) == RND_PICK_UPPER) {
		fmt_rank_midpoint(t, f, max);
		*inclusive = at_midpoint == RND_PICK_UPPER ||
			     (at_midpoint == RND_PICK_EVEN && fmt_rank_parity(f, max + 1) == 0);
	} else {
		fmt_rank_rational(t, f, max + 1);
		*inclusive = *never = true;
	}
	if (neg)
		mpq_neg(t, t);
	dec_marked(text, t, false);
	mpq_clear(t);
}

static void lowest_limits(struct limits *l, const struct fmt *f, struct rnd_spec how)
{
	l->asymmetric = f->max_rank_neg != f->max_rank && f->max_rank_neg != FMT_NO_RANK;
	if (!l->asymmetric)
		return;
	l->lowest_code = f->max_rank_neg ? fmt_with_sign(f, fmt_code_of_rank(f, f->max_rank_neg), true)
					 : fmt_zero_code(f, true);
	dec_code_exact(&l->lowest, f, l->lowest_code);
	overflow_threshold(&l->overflow_threshold_neg, &l->threshold_neg_inclusive, &l->never_overflows_neg, f,
			   how, f->max_rank_neg, true);
}

void readout_limits_of(struct limits *l, const struct fmt *f, struct rnd_spec how)
{
	fpcode rank = f->min_normal_rank;

	memset(l, 0, sizeof *l);
	limit_value(&l->max, &l->max_code, &l->max_log2, f, f->max_rank);
	limit_value(&l->min_normal, &l->min_normal_code, &l->min_normal_log2, f, rank);
	if (rank > 1 || (rank == 1 && !f->has_zero))
		limit_value(&l->min_subnormal, &l->min_subnormal_code, &l->min_subnormal_log2, f,
			    f->has_zero ? 1 : 0);
	l->precision = f->precision;
	l->digits10 = f->precision > 1 ? dec_floor_log10_pow2(f->precision - 1) : 0;
	l->max_digits10 = dec_max_digits10(f->precision);
	precision_in_decimal(&l->precision_decimal, f->precision);
	l->emin = f->emin;
	l->emax = f->emax;
	overflow_threshold(&l->overflow_threshold, &l->threshold_inclusive, &l->never_overflows, f, how, f->max_rank,
			   false);
	lowest_limits(l, f, how);
}

void readout_limits_clear(struct limits *l)
{
	sb_free(&l->max);
	sb_free(&l->min_normal);
	sb_free(&l->min_subnormal);
	sb_free(&l->precision_decimal);
	sb_free(&l->overflow_threshold);
	sb_free(&l->lowest);
	sb_free(&l->overflow_threshold_neg);
}
