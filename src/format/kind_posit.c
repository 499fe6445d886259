/*
 * kind_posit.c — posits (Posit Standard 2022; es = 2 there, any es here). After the
 * sign bit, an n-bit code holds a regime (a run of equal bits ended by the opposite
 * bit, or by the end of the code), es exponent bits and the fraction; the bits the
 * regime leaves no room for are 0. A positive code stands for
 *     useed^k · 2^e · (1 + fraction),   useed = 2^(2^es),
 * where a run of r ones gives k = r − 1 and a run of r zeros k = −r. A negative code is
 * the two's complement of the positive one; 100…0 is NaR (not a real), 0 the one zero.
 *
 * Positive codes are in value order, so a rank is the magnitude code. Rounding is on
 * the bit string: the midpoint of two neighbours is the value of the code one bit
 * longer between them, which is the arithmetic midpoint only where both share a
 * regime and all es exponent bits. round.c saturates to ±maxpos and never rounds a
 * nonzero value to zero (saturates_always, keeps_nonzero).
 */
#include "format.h"
#include "kindbase.h"
#include "num.h"
#include "strbuf.h"

#include <ctype.h>
#include <stdio.h>

/* The description of a posit beyond its width: the format's kind_data. */
struct posit_desc {
	int es; /* exponent bits: useed = 2^(2^es) */
};
_Static_assert(sizeof(struct posit_desc) <= FMT_KIND_DATA_BYTES, "a posit's description fits in kind_data");

static int es_of(const struct fmt *f)
{
	return ((const struct posit_desc *)fmt_kind_data_of(f))->es;
}

/* The parts of a positive code of n bits: the regime's width (with its terminator,
 * when there is room), k, the exponent bits kept, e (with the bits cut off as 0), the
 * fraction's width and bits; the value is 2^scale · (1 + fraction/2^frac_bits). */
struct posit_parts {
	int regime_bits, exp_bits, frac_bits;
	long k, e, scale;
	fpcode fraction;
};

static void split(struct posit_parts *p, int n, int es, fpcode mag)
{
	int top = n - 2, run = 0, left;
	int bit = (int)((mag >> top) & 1);

	while (run <= top && (int)((mag >> (top - run)) & 1) == bit)
		run++;
	p->k = bit ? run - 1 : -run;
	p->regime_bits = run + (run <= top);
	left = n - 1 - p->regime_bits;
	p->exp_bits = left < es ? left : es;
	p->e = (long)((mag >> (left - p->exp_bits)) & code_mask(p->exp_bits)) << (es - p->exp_bits);
	p->frac_bits = left - p->exp_bits;
	p->fraction = mag & code_mask(p->frac_bits);
	p->scale = p->k * (1L << es) + p->e;
}

/* The value of split parts: sig·2^exp. */
static void parts_value(mpz_t sig, long *exp, const struct posit_parts *p)
{
	code_to_mpz(sig, p->fraction | (fpcode)1 << p->frac_bits);
	*exp = p->scale - p->frac_bits;
}

static void posit_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	struct posit_parts p;
	fpcode mag;

	out->neg = false;
	mpz_set_ui(out->sig, 0);
	out->exp = out->ulp_exp = 0;
	out->precision = 0;
	if (code == 0 || code == f->nan_code) {
		out->cls = code ? FP_NAN : FP_ZERO;
		return;
	}
	mag = fmt_magnitude(f, code, &out->neg);
	split(&p, f->bits, es_of(f), mag);
	parts_value(out->sig, &out->exp, &p);
	out->ulp_exp = out->exp; /* the last fraction bit's weight (the implicit 1's where there is none) */
	out->precision = p.frac_bits + 1;
	out->cls = FP_NORMAL;
}

static fpcode posit_magnitude(const struct fmt *f, fpcode code, bool *neg)
{
	*neg = code > f->nan_code;
	return *neg ? (-code) & code_mask(f->bits) : code;
}

static fpcode posit_with_sign(const struct fmt *f, fpcode mag, bool neg)
{
	return neg && mag ? (-mag) & code_mask(f->bits) : mag;
}

/* The fields of the code as stored: a negative code's bits are drawn as they are, and
 * its regime, exponent and fraction are those of its two's complement. */
static int posit_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	struct posit_parts p;
	bool neg;
	fpcode mag = fmt_magnitude(f, code, &neg);
	int n = kind_add_field(out, 0, BITS_SIGN, 1, code, f->bits - 1);

	split(&p, f->bits, es_of(f), mag);
	n = kind_add_field(out, n, BITS_REGIME, p.regime_bits, mag, p.exp_bits + p.frac_bits);
	n = kind_add_field(out, n, BITS_EXPONENT, p.exp_bits, mag, p.frac_bits);
	return kind_add_field(out, n, BITS_FRACTION, p.frac_bits, mag, 0);
}

/* Past maxpos, the virtual value is maxpos·useed: the value of the all-ones code one
 * bit longer, the bit string's midpoint rule continued. */
static void posit_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	struct posit_parts p;

	if (rank == 0) {
		mpz_set_ui(sig, 0);
		*exp = 0;
		return;
	}
	if (rank > f->max_rank) {
		mpz_set_ui(sig, 1);
		*exp = f->emax + (1L << es_of(f));
		return;
	}
	split(&p, f->bits, es_of(f), rank);
	parts_value(sig, exp, &p);
}

/* The value of the code one bit longer between rank and rank + 1: 2·rank + 1 in n + 1 bits. */
static void posit_midpoint(mpq_t mid, const struct fmt *f, fpcode rank)
{
	struct posit_parts p;
	mpz_t sig;
	long exp;

	mpz_init(sig);
	split(&p, f->bits + 1, es_of(f), 2 * rank + 1);
	parts_value(sig, &exp, &p);
	num_set_dyadic(mid, sig, exp);
	mpz_clear(sig);
}

/* Whether q is a power of two (q canonical, so its numerator or denominator is 1). */
static bool is_power_of_two(const mpq_t q)
{
	return mpz_popcount(mpq_numref(q)) == 1 && mpz_popcount(mpq_denref(q)) == 1;
}

/* Where a remainder r of d lies against half of d: -1, 0 or 1. */
static int against_half(const mpz_t r, const mpz_t d)
{
	mpz_t twice;
	int c;

	mpz_init(twice);
	mpz_mul_2exp(twice, r, 1);
	c = mpz_cmp(twice, d);
	mpz_clear(twice);
	return c > 0 ? 1 : c < 0 ? -1 : 0;
}

/*
 * q's bit string in units of the last bit of an n-bit code, for minpos ≤ q < maxpos:
 * its regime and exponent from scale = ⌊log2 q⌋, then q's fraction in binary,
 *     X = (prefix + q/2^scale − 1) · 2^shift,
 * where the prefix is the regime's bits then all es bits of e, and shift = the code's
 * bits left for the fraction (negative where the exponent is cut). ⌊X⌋ is the code at
 * or below q; the rest of X against 1/2 is q against the code one bit longer.
 */
static int place_by_bits(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q, long scale)
{
	long useed_log2 = 1L << es_of(f);
	long k = scale >= 0 ? scale / useed_log2 : -((-scale + useed_log2 - 1) / useed_log2);
	long e = scale - k * useed_log2;
	int regime_bits = (int)(k >= 0 ? k + 2 : -k + 1);
	int shift = f->bits - 1 - regime_bits - es_of(f);
	mpq_t x;
	mpz_t whole, rest;
	int c;

	mpq_init(x);
	mpz_inits(whole, rest, NULL);
	num_scale_pow2(x, q, -scale);
	code_to_mpz(whole, k >= 0 ? code_mask((int)k + 1) << 1 : 1); /* the regime's bits */
	mpz_mul_2exp(whole, whole, (mp_bitcnt_t)es_of(f));
	mpz_add_ui(whole, whole, (unsigned long)e);
	mpz_sub_ui(whole, whole, 1);
	mpz_addmul(mpq_numref(x), whole, mpq_denref(x));
	num_scale_pow2(x, x, shift);
	mpz_fdiv_qr(whole, rest, mpq_numref(x), mpq_denref(x));
	code_from_mpz(lower, whole);
	*exact = mpz_sgn(rest) == 0;
	c = against_half(rest, mpq_denref(x));
	mpz_clears(whole, rest, NULL);
	mpq_clear(x);
	return c;
}

/*
 * Where q > 0 lies (fmt_place). Below minpos the code below is 0 and the midpoint
 * minpos/useed (the shortest code one bit longer); from maxpos to the virtual value
 * maxpos·useed, which is also the midpoint, the code below is maxpos.
 */
static int posit_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	long scale = num_floor_log2_ratio(mpq_numref(q), mpq_denref(q));
	long useed_log2 = 1L << es_of(f);

	*exact = false;
	if (scale >= f->emax + useed_log2) {
		*lower = f->max_rank + 1;
		return 1;
	}
	if (scale >= f->emax) {
		*lower = f->max_rank;
		*exact = scale == f->emax && is_power_of_two(q);
		return -1;
	}
	if (scale < f->emin) {
		*lower = 0;
		if (scale != f->emin - useed_log2)
			return scale < f->emin - useed_log2 ? -1 : 1;
		return is_power_of_two(q) ? 0 : 1;
	}
	return place_by_bits(lower, exact, f, q, scale);
}

/* ---- Text for the readout ------------------------------------------------------------- */

/* 16^k * 2^e * (1 + 5/8), the standard's useed^k · 2^e · (1 + f) */
static void posit_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	struct posit_parts p;

	if (v->cls == FP_ZERO) {
		sb_putc(out, '0');
		return;
	}
	split(&p, f->bits, es_of(f), mag);
	kind_power_of_two_text(out, 1 << es_of(f));
	sb_printf(out, "^%ld * 2^%ld", p.k, p.e);
	kind_significand_text(out, p.fraction, p.frac_bits, true);
}

static void posit_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
				int field_kind)
{
	struct posit_parts p;
	bool neg;

	if (v->cls == FP_ZERO || v->cls == FP_NAN) {
		sb_puts(out, v->cls == FP_ZERO ? "all 0: the one zero" : "all 0 after a 1: NaR, not a real");
		return;
	}
	split(&p, f->bits, es_of(f), fmt_magnitude(f, code, &neg));
	if (field_kind == BITS_REGIME)
		sb_printf(out, "a run of %ld %s%s: k = %ld, useed^k", p.k >= 0 ? p.k + 1 : -p.k, p.k >= 0 ? "one" : "zero",
			  sb_plural(p.k >= 0 ? p.k + 1 : -p.k), p.k);
	else if (p.exp_bits < es_of(f))
		sb_printf(out, "e = %ld (%d of %d bit%s; the rest are 0)", p.e, p.exp_bits, es_of(f), sb_plural(es_of(f)));
	else
		sb_printf(out, "e = %ld", p.e);
	if (neg)
		sb_puts(out, ", of the two's complement");
}

static void posit_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
			 const void *arg)
{
	char nar[40];

	name(out, BITS_SIGN, arg);
	sb_puts(out, " 1 (two's complement), ");
	name(out, BITS_REGIME, arg);
	sb_puts(out, ", ");
	name(out, BITS_EXPONENT, arg);
	sb_printf(out, " %d, ", es_of(f));
	name(out, BITS_FRACTION, arg);
	code_to_hex(nar, f->nan_code, fmt_hex_digits(f));
	sb_printf(out, " (what is left)\n%*sa regime is a run of equal bits and the opposite bit\n", indent, "");
	sb_printf(out, "%*sposit<%d,%d>: useed = 2^%ld; 0 is zero, %s NaR (not a real)\n", indent, "", f->bits, es_of(f),
		  1L << es_of(f), nar);
}

/* The fraction bits of the codes whose regime is k. */
static int fraction_bits_at(const struct fmt *f, long k)
{
	int left = f->bits - 1 - (int)(k >= 0 ? k + 2 : -k + 1) - es_of(f);

	return left > 0 ? left : 0;
}

/* "2^-24..2^-13: 1 bit" for each run of regimes with the same precision. */
static void posit_precision_lines(struct strbuf *out, const struct fmt *f)
{
	long useed_log2 = 1L << es_of(f), kmin = -(long)(f->bits - 2), kmax = f->bits - 3;

	sb_printf(out, "useed 2^%ld; maxpos useed^%d = 2^%ld, minpos 2^%ld", useed_log2, f->bits - 2, f->emax, f->emin);
	for (long k = kmin; k <= kmax;) {
		int bits = fraction_bits_at(f, k) + 1;
		long last = k;
		while (last < kmax && fraction_bits_at(f, last + 1) + 1 == bits)
			last++;
		sb_printf(out, "\n2^%ld..2^%ld (k %ld", k * useed_log2, last * useed_log2 + useed_log2 - 1, k);
		if (last != k)
			sb_printf(out, "..%ld", last);
		sb_printf(out, "): %d bit%s", bits, sb_plural(bits));
		k = last + 1;
	}
}

/* ---- Deriving what a description implies ---------------------------------------------- */

/* The limit keeps every value inside NUM_LIMIT_EXP (num.h) with room to spare. */
#define POSIT_MAX_BITS 64
#define POSIT_MAX_SCALE 32768L

static const char *posit_finish(struct fmt *f)
{
	if (f->bits < 3 || f->bits > POSIT_MAX_BITS)
		return "bits must be 3 to 64 in a posit";
	if (es_of(f) < 0 || es_of(f) > 12 || (long)(f->bits - 1) << es_of(f) > POSIT_MAX_SCALE)
		return "es must be 0 to 12 in a posit, with (bits - 1)·2^es at most 32768";
	f->has_sign = true;
	f->sign_bit = f->nan_code = (fpcode)1 << (f->bits - 1);
	f->has_nan = f->has_zero = true;
	f->has_inf = f->nan_signed = false;
	f->max_rank = f->nan_code - 1;
	f->min_normal_rank = 1;
	f->emax = (long)(f->bits - 2) << es_of(f);
	f->emin = -f->emax;
	f->precision = fraction_bits_at(f, 0) + 1;
	f->saturates_always = f->keeps_nonzero = true;
	f->nan_word = "NaR";
	return NULL;
}

extern const struct fmt_kind fmt_kind_posit; /* defined at the end */

/* ---- Its lines in a format file, and its names ---------------------------------------- */

/* `es 2`, once the format is a posit. */
static bool apply_es(struct fmt *f, char *val, struct kind_why *why)
{
	if (f->kind != &fmt_kind_posit)
		return kind_fail(why, "es is a posit's: `kind posit` comes first");
	return kind_key_integer(&((struct posit_desc *)fmt_kind_data(f))->es, "es", val, why);
}

/* A posit's description beyond its width is its es; its shape is its width alone. */
static bool posit_same_description(const struct fmt *a, const struct fmt *b)
{
	return es_of(a) == es_of(b);
}

static const struct kind_key posit_keys[] = {
	{ "bits", kind_apply_bits },
	{ "es", apply_es },
	{ NULL, NULL },
};

/* posit12, posit16es1: the bits, then es (2, the standard's, unless given). */
static struct fmt *posit_from_name(const char *lower)
{
	int bits, es = 2, used = 0;
	const char *rest;
	struct fmt *f;

	if (sscanf(lower, "posit%2d%n", &bits, &used) != 1 || !isdigit((unsigned char)lower[5]))
		return NULL;
	rest = lower + used;
	if (*rest && (sscanf(rest, "es%2d%n", &es, &used) != 1 || !isdigit((unsigned char)rest[2]) || rest[used]))
		return NULL;
	f = fmt_new(lower, &fmt_kind_posit);
	f->bits = bits;
	((struct posit_desc *)fmt_kind_data(f))->es = es;
	snprintf(f->description, sizeof f->description, "posit<%d,%d> built from its name", bits, es);
	if (fmt_finish(f))
		return fmt_free(f), NULL;
	return f;
}

static const char *posit_past_limits(const char *lower)
{
	int a, used = 0;

	if (sscanf(lower, "posit%9d%n", &a, &used) == 1 && isdigit((unsigned char)lower[5]))
		return "a positN[esK] name is 3 to 64 bits, es 0 to 12 with (N-1)*2^es at most 32768";
	return NULL;
}

const struct fmt_kind fmt_kind_posit = {
	.name = "posit",
	.sign_is_top_bit = false,
	.ranks_are_codes = true,
	.named_in_files = true,
	.keys = posit_keys,
	.from_name = posit_from_name,
	.name_grammar = "positN[esK]",
	.past_limits = posit_past_limits,
	.same_description = posit_same_description,
	.finish = posit_finish,
	.magnitude = posit_magnitude,
	.with_sign = posit_with_sign,
	.decode = posit_decode,
	.fields = posit_fields,
	.code_of_rank = kind_same_rank,
	.rank_of_code = kind_same_rank,
	.rank_value = posit_rank_value,
	.place = posit_place,
	.midpoint = posit_midpoint,
	.formula = posit_formula,
	.explain_field = posit_explain_field,
	.layout = posit_layout,
	.precision_lines = posit_precision_lines,
};
