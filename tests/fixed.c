/*
 * fixed.c — integers and fixed point (src/format/kind_fixed.c) against a definition written
 * here apart from it: an n-bit code c with N fraction bits stands for
 *     (c − 2^n·[signed and c ≥ 2^(n−1)]) / 2^N,
 * and rounding x into it is x·2^N rounded to an integer R by the mode (floor, ceiling,
 * truncation, nearest with ties to even or away), then
 *   - R in range: its two's complement (mod 2^n);
 *   - past it, saturating (the default and -s alike): the end of the range, flagged
 *     overflow, inexact and saturated (not saturated where the mode rounds toward zero
 *     at that end: the end is then the mode's own result, as for floats); wrapping (fmt_wrapping(), --wrap): R mod 2^n,
 *     flagged overflow (and inexact when x·2^N was not an integer);
 *   - tie when x·2^N lies halfway, but past the range only when wrapping (saturating,
 *     a tie is between two of the format's values, so the one toward zero must be in
 *     range); underflow when |x| < 2^-N and inexact.
 * For every width up to 16 bits that names build (intN, uintN, qM.N, uqM.N: every
 * split of the widths 1 to 10, and the common 16-bit ones), every code's value and
 * every multiple of 2^-(N+2) from beyond the lowest to beyond the max, in every mode;
 * random codes and points in the 32- and 64-bit formats.
 */
#include <stdlib.h>

#include "format.h"
#include "num.h"
#include "registry.h"
#include "testlib.h"

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

struct spec {
	bool is_signed;
	int bits, frac;
};

/* The name fpx knows the format by: int8, uint4, q1.15, uq8.8. */
static void spec_name(char *out, size_t size, const struct spec *s)
{
	if (s->frac == 0)
		snprintf(out, size, "%sint%d", s->is_signed ? "" : "u", s->bits);
	else
		snprintf(out, size, "%sq%d.%d", s->is_signed ? "" : "u", s->bits - s->frac, s->frac);
}

/* The integer a code stands for (before dividing by 2^N). */
static void code_integer(mpz_t out, const struct spec *s, fpcode c)
{
	code_to_mpz(out, c);
	if (s->is_signed && mpz_tstbit(out, (mp_bitcnt_t)s->bits - 1)) {
		mpz_t wrap;
		mpz_init(wrap);
		mpz_setbit(wrap, (mp_bitcnt_t)s->bits);
		mpz_sub(out, out, wrap);
		mpz_clear(wrap);
	}
}

static void range(mpz_t lo, mpz_t hi, const struct spec *s)
{
	mpz_set_ui(hi, 0);
	mpz_setbit(hi, (mp_bitcnt_t)(s->bits - s->is_signed));
	mpz_sub_ui(hi, hi, 1);
	if (s->is_signed) {
		mpz_add_ui(lo, hi, 1);
		mpz_neg(lo, lo);
	} else
		mpz_set_ui(lo, 0);
}

/* t = x·2^N rounded by the mode; *exact and *tie say where t was. */
static void round_integer(mpz_t r, const mpq_t t, enum rnd_mode mode, bool *exact, bool *tie)
{
	mpz_t fl, rest2;
	int c;

	mpz_inits(fl, rest2, NULL);
	mpz_fdiv_qr(fl, rest2, mpq_numref(t), mpq_denref(t)); /* t = fl + rest/den, 0 ≤ rest < den */
	*exact = mpz_sgn(rest2) == 0;
	mpz_mul_2exp(rest2, rest2, 1);
	c = mpz_cmp(rest2, mpq_denref(t));
	*tie = !*exact && c == 0;
	mpz_set(r, fl);
	if (!*exact) {
		bool up; /* toward +inf */
		switch (mode) {
		case RND_UP: up = true; break;
		case RND_DOWN: up = false; break;
		case RND_TOWARD_ZERO: up = mpq_sgn(t) < 0; break;
		case RND_NEAREST_AWAY: up = c > 0 || (c == 0 && mpq_sgn(t) > 0); break;
		default: up = c > 0 || (c == 0 && mpz_odd_p(fl)); break;
		}
		if (up)
			mpz_add_ui(r, r, 1);
	}
	mpz_clears(fl, rest2, NULL);
}

/* Does the mode round magnitudes toward zero at that end? There, as IEEE 754 §7.4 has
 * it for floats, the end of the range is the mode's own result: overflow, not saturation. */
static bool toward_zero_mode(enum rnd_mode mode, bool negative)
{
	return mode == RND_TOWARD_ZERO || mode == (negative ? RND_UP : RND_DOWN);
}

struct expected {
	fpcode code;
	unsigned flags;
};

static void expect_rounding(struct expected *e, const struct spec *s, const mpq_t x, enum rnd_mode mode, bool wrap)
{
	mpz_t r, lo, hi, toward_zero;
	mpq_t t, smallest;
	bool exact, tie, in_range, below;

	mpz_inits(r, lo, hi, toward_zero, NULL);
	mpq_inits(t, smallest, NULL);
	mpq_set(t, x);
	mpq_mul_2exp(t, t, (mp_bitcnt_t)s->frac);
	round_integer(r, t, mode, &exact, &tie);
	range(lo, hi, s);
	in_range = mpz_cmp(r, lo) >= 0 && mpz_cmp(r, hi) <= 0;
	mpz_tdiv_q(toward_zero, mpq_numref(t), mpq_denref(t));
	e->flags = exact ? 0 : RND_INEXACT;
	mpq_set_ui(smallest, 1, 1);
	mpq_div_2exp(smallest, smallest, (mp_bitcnt_t)s->frac);
	mpq_abs(t, x);
	if (!exact && mpq_cmp(t, smallest) < 0)
		e->flags |= RND_UNDERFLOW;
	if (tie && (in_range || wrap || (mpz_cmp(toward_zero, lo) >= 0 && mpz_cmp(toward_zero, hi) <= 0)))
		e->flags |= RND_TIE;
	if (!in_range) {
		e->flags |= RND_OVERFLOW;
		if (!wrap) {
			below = mpz_cmp(r, lo) < 0;
			mpz_set(r, below ? lo : hi);
			e->flags |= RND_INEXACT | (toward_zero_mode(mode, below) ? 0 : RND_SATURATED);
		}
	}
	mpz_fdiv_r_2exp(r, r, (mp_bitcnt_t)s->bits);
	code_from_mpz(&e->code, r);
	mpz_clears(r, lo, hi, toward_zero, NULL);
	mpq_clears(t, smallest, NULL);
}

static void check_point(const struct fmt *f, const struct fmt *wrapping, const struct spec *s, struct num *x,
			const mpq_t q)
{
	struct rnd_result got;
	struct expected want;

	x->kind = NUM_FINITE;
	x->neg = mpq_sgn(q) < 0;
	mpq_abs(x->mag, q);
	for (int m = 0; m < 5; m++)
		for (int variant = 0; variant < 3; variant++) { /* default, -s, --wrap */
			bool wrap = variant == 2;
			expect_rounding(&want, s, q, modes[m], wrap);
			if (!check(rnd_encode(&got, wrap ? wrapping : f, x, rnd_spec(modes[m], (enum rnd_sat)(variant == 1))) == RND_OK,
				   "%s: no result", f->name))
				continue;
			if (check(got.code == want.code && got.flags == want.flags, "%s", ""))
				continue;
			char *text = mpq_get_str(NULL, 10, q);
			printf("  (above: %s %s%s %s: 0x%llx flags %u, want 0x%llx flags %u)\n", f->name,
			       rnd_mode_name(modes[m]), variant == 1 ? " -s" : wrap ? " --wrap" : "", text,
			       (unsigned long long)got.code, got.flags, (unsigned long long)want.code, want.flags);
			free(text);
		}
}

static void check_value(const struct fmt *f, const struct spec *s, fpcode c)
{
	mpq_t got, want;
	mpz_t n;

	mpq_inits(got, want, NULL);
	mpz_init(n);
	code_integer(n, s, c);
	mpq_set_z(want, n);
	mpq_div_2exp(want, want, (mp_bitcnt_t)s->frac);
	if (!check(fmt_code_rational(got, f, c) == (mpz_sgn(n) ? FP_NORMAL : FP_ZERO) && mpq_equal(got, want),
		   "%s: code 0x%llx is not what it should be", f->name, (unsigned long long)c))
		gmp_printf("  (it should be %Qd)\n", want);
	mpz_clear(n);
	mpq_clears(got, want, NULL);
}

/* Infinities saturate to the ends (flagged saturated, not overflow), wrapping or not;
 * NaN has no code. */
static void check_specials(const struct fmt *f, const struct fmt *wrapping, const struct spec *s, struct num *x)
{
	struct rnd_result got;
	mpz_t lo, hi, end;

	mpz_inits(lo, hi, end, NULL);
	range(lo, hi, s);
	for (int neg = 0; neg < 2; neg++)
		for (int w = 0; w < 2; w++) {
			fpcode want;
			x->kind = NUM_INF;
			x->neg = neg;
			mpz_fdiv_r_2exp(end, neg ? lo : hi, (mp_bitcnt_t)s->bits);
			code_from_mpz(&want, end);
			check(rnd_encode(&got, w ? wrapping : f, x, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) == RND_OK && got.code == want &&
				      got.flags == RND_SATURATED,
			      "%s%s: %sinf gives 0x%llx flags %u", f->name, w ? " --wrap" : "", neg ? "-" : "",
			      (unsigned long long)got.code, got.flags);
		}
	x->kind = NUM_NAN;
	check(rnd_encode(&got, f, x, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE)) == RND_NO_NAN, "%s: NaN has a code", f->name);
	mpz_clears(lo, hi, end, NULL);
}

static const struct fmt *format_of(const struct spec *s)
{
	char name[32];
	const struct fmt *f;

	spec_name(name, sizeof name, s);
	f = fmt_lookup(name);
	if (!check(f && f->bits == s->bits && f->has_sign == s->is_signed, "%s: not found or not %d bits", name, s->bits))
		return NULL;
	return f;
}

/* Every code, and every multiple of 2^-(N+2) from 3 past the lowest to 3 past the max. */
static void check_all(const struct spec *s, struct num *x)
{
	const struct fmt *f = format_of(s), *wrapping;
	mpz_t lo, hi, k;
	mpq_t q;

	if (!f)
		return;
	wrapping = fmt_wrapping(f);
	if (!check(wrapping && wrapping != f && wrapping->wraps && !f->wraps, "%s: no wrapping copy", f->name))
		return;
	for (fpcode c = 0; c <= code_mask(s->bits); c++)
		check_value(f, s, c);
	mpz_inits(lo, hi, k, NULL);
	mpq_init(q);
	range(lo, hi, s);
	mpz_sub_ui(lo, lo, 3);
	mpz_add_ui(hi, hi, 3);
	mpz_mul_2exp(lo, lo, 2);
	mpz_mul_2exp(hi, hi, 2);
	for (mpz_set(k, lo); mpz_cmp(k, hi) <= 0; mpz_add_ui(k, k, 1)) {
		mpq_set_z(q, k);
		mpq_div_2exp(q, q, (mp_bitcnt_t)s->frac + 2);
		check_point(f, wrapping, s, x, q);
	}
	check_specials(f, wrapping, s, x);
	mpz_clears(lo, hi, k, NULL);
	mpq_clear(q);
}

/* Random codes, their values ± a quarter and half of 2^-N, and far points. */
static void check_random(const struct spec *s, struct num *x, uint64_t *rng)
{
	const struct fmt *f = format_of(s), *wrapping;
	mpq_t q, step;

	if (!f)
		return;
	wrapping = fmt_wrapping(f);
	mpq_inits(q, step, NULL);
	for (int i = 0; i < 3000; i++) {
		fpcode c = ((fpcode)test_rng(rng) << 64 | test_rng(rng)) & code_mask(s->bits);
		mpz_t n;
		if (i < 8) /* the ends and their neighbours */
			c = (i & 1 ? code_mask(s->bits - s->is_signed) : (fpcode)1 << (s->bits - s->is_signed)) - (fpcode)(i / 2);
		check_value(f, s, c);
		mpz_init(n);
		code_integer(n, s, c);
		for (int quarter = -3; quarter <= 3; quarter++) {
			mpq_set_z(q, n);
			mpq_set_si(step, quarter, 4);
			mpq_add(q, q, step);
			mpq_div_2exp(q, q, (mp_bitcnt_t)s->frac);
			check_point(f, wrapping, s, x, q);
		}
		mpz_clear(n);
	}
	mpq_set_str(q, "1000000000000000000000000000000000000001/3", 10);
	check_point(f, wrapping, s, x, q);
	mpq_neg(q, q);
	check_point(f, wrapping, s, x, q);
	check_specials(f, wrapping, s, x);
	mpq_clears(q, step, NULL);
}

/* Names that are not formats. */
static void check_names(void)
{
	static const char *const not_formats[] = { "int0", "int1", "uint0", "int65", "uint65", "q0.8", "q1.64",
						   "uq0.0", "q1.", "q.5", "int08", "q01.7", "int", "uq", "q1,7",
						   "int8x", "uq65.0" };
	for (size_t i = 0; i < sizeof not_formats / sizeof not_formats[0]; i++)
		check(fmt_lookup(not_formats[i]) == NULL, "%s is a format", not_formats[i]);
	check(fmt_lookup("INT8") == fmt_lookup("int8"), "INT8 is not int8");
	check(fmt_wrapping(fmt_lookup("e4m3")) == NULL, "e4m3 wraps");
	check(fmt_wrapping(fmt_lookup("int8")) == fmt_wrapping(fmt_lookup("int8")), "two wrapping copies of int8");
}

int main(void)
{
	struct num x;
	uint64_t rng = 0x9e3779b97f4a7c15u;
	static const struct spec wide[] = { { true, 16, 0 },  { false, 16, 0 }, { true, 16, 15 }, { true, 16, 8 },
					    { false, 16, 8 }, { false, 16, 16 }, { true, 16, 12 } };
	static const struct spec random[] = { { true, 32, 0 },  { false, 32, 0 },  { true, 64, 0 },  { false, 64, 0 },
					      { true, 32, 16 }, { true, 32, 31 }, { false, 64, 32 }, { true, 64, 63 } };

	num_init(&x);
	for (int bits = 1; bits <= 10; bits++)
		for (int frac = 0; frac <= bits; frac++)
			for (int is_signed = 0; is_signed < 2; is_signed++) {
				struct spec s = { is_signed, bits, frac };
				if ((is_signed && (bits < 2 || frac == bits)) || (!is_signed && frac == 0 && bits < 1))
					continue;
				check_all(&s, &x);
			}
	for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++)
		check_all(&wide[i], &x);
	for (size_t i = 0; i < sizeof random / sizeof random[0]; i++)
		check_random(&random[i], &x, &rng);
	check_names();
	num_clear(&x);
	return test_summary("fixed");
}
