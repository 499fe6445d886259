/*
 * kind_fixed.c — integers and fixed point: an n-bit code is an integer c, two's
 * complement or unsigned, standing for c/2^N, where N (its description, in the
 * format's kind_data) counts the fraction bits. int8 is N = 0; q1.15 is 16 bits,
 * N = 15, from −1 to 1 − 2^-15; uq8.8 is 16 unsigned bits, N = 8.
 *
 * Ranks are magnitudes in units of 2^-N, so rank r stands for r/2^N, the virtual value
 * past max included, and rounding is arithmetic. A two's-complement format has one
 * more negative value than positive ones (int8's −128), so its max_rank_neg is
 * max_rank + 1; an unsigned one takes negative values as 0 at most (max_rank_neg 0),
 * so that they round or saturate to 0 like anything else past its range. There is no
 * NaN and no infinity: overflow saturates (round.c, as in every format with neither),
 * or wraps modulo 2^n in a wrapping copy (fmt_wrapping(), --wrap).
 */
#include "format.h"
#include "kindbase.h"
#include "num.h"
#include "strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The description of an integer or fixed-point format beyond its width and sign: the
 * format's kind_data. */
struct fixed_desc {
	int frac_bits; /* N: the code counts units of 2^-N */
};
_Static_assert(sizeof(struct fixed_desc) <= FMT_KIND_DATA_BYTES, "a fixed-point description fits in kind_data");

static struct fixed_desc *desc_in(struct fmt *f)
{
	return fmt_kind_data(f);
}

static int fraction_bits(const struct fmt *f)
{
	return ((const struct fixed_desc *)fmt_kind_data_of(f))->frac_bits;
}

/* The integer bits: those before the binary point, the sign's included. */
static int integer_bits(const struct fmt *f)
{
	return f->bits - fraction_bits(f);
}

static fpcode fixed_magnitude(const struct fmt *f, fpcode code, bool *neg)
{
	*neg = f->has_sign && (code & f->sign_bit);
	return *neg ? (-code) & code_mask(f->bits) : code;
}

static fpcode fixed_with_sign(const struct fmt *f, fpcode mag, bool neg)
{
	return neg && f->has_sign ? (-mag) & code_mask(f->bits) : mag;
}

static void fixed_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	fpcode mag = fixed_magnitude(f, code, &out->neg);

	code_to_mpz(out->sig, mag);
	out->exp = out->ulp_exp = -fraction_bits(f);
	out->precision = (int)mpz_sizeinbase(out->sig, 2);
	out->cls = mag ? FP_NORMAL : FP_ZERO;
	if (!mag)
		out->precision = 0;
}

/* Sign (weighing −2^(M−1)), integer and fraction bits as stored. */
static int fixed_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	int n = 0, whole = integer_bits(f) - f->has_sign;

	if (f->has_sign)
		n = kind_add_field(out, n, BITS_SIGN, 1, code, f->bits - 1);
	n = kind_add_field(out, n, BITS_INTEGER, whole, code, fraction_bits(f));
	return kind_add_field(out, n, BITS_FRACTION, fraction_bits(f), code, 0);
}

static void fixed_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	code_to_mpz(sig, rank);
	*exp = rank ? -fraction_bits(f) : 0;
}

/* q·2^N split into its floor and the rest, against half a unit. */
static int fixed_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	fpcode past = fmt_largest_rank(f) + 1;
	mpz_t whole, rest;
	mpq_t t;
	int c;

	mpq_init(t);
	mpz_inits(whole, rest, NULL);
	num_scale_pow2(t, q, fraction_bits(f));
	mpz_fdiv_qr(whole, rest, mpq_numref(t), mpq_denref(t));
	if (mpz_sizeinbase(whole, 2) > (size_t)f->bits || !code_from_mpz(lower, whole) || *lower >= past) {
		*lower = past;
		*exact = false;
		c = 1;
	} else {
		*exact = mpz_sgn(rest) == 0;
		mpz_mul_2exp(rest, rest, 1);
		c = mpz_cmp(rest, mpq_denref(t));
		c = *exact ? -1 : c > 0 ? 1 : c < 0 ? -1 : 0;
	}
	mpz_clears(whole, rest, NULL);
	mpq_clear(t);
	return c;
}

/* ---- Text for the readout ------------------------------------------------------------- */

/* 384/2^8, or the integer itself */
static void fixed_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	char digits[48];
	mpz_t m;

	mpz_init(m);
	code_to_mpz(m, mag);
	sb_puts(out, mpz_get_str(digits, 10, m));
	if (fraction_bits(f) && v->cls != FP_ZERO)
		sb_printf(out, " / 2^%d", fraction_bits(f));
	mpz_clear(m);
}

/* The integer field: its bits as an unsigned number, then what the sign's weight adds. */
static void fixed_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
				int field_kind)
{
	int whole = integer_bits(f) - f->has_sign;
	char digits[48];
	mpz_t part;

	(void)v;
	(void)field_kind;
	mpz_init(part);
	code_to_mpz(part, (code >> fraction_bits(f)) & code_mask(whole));
	sb_puts(out, mpz_get_str(digits, 10, part));
	if (f->has_sign && (code & f->sign_bit)) {
		mpz_t weight;
		mpz_init(weight);
		mpz_setbit(weight, (mp_bitcnt_t)whole);
		mpz_sub(part, part, weight);
		mpz_clear(weight);
		sb_printf(out, ", after the sign's -2^%d: %s", whole, mpz_get_str(digits, 10, part));
	}
	mpz_clear(part);
}

static void fixed_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
			 const void *arg)
{
	int whole = integer_bits(f) - f->has_sign;

	if (f->has_sign) {
		name(out, BITS_SIGN, arg);
		sb_printf(out, " 1 (weighs -2^%d: two's complement), ", whole);
	}
	name(out, BITS_INTEGER, arg);
	sb_printf(out, " %d, ", whole);
	name(out, BITS_FRACTION, arg);
	sb_printf(out, " %d\n%*s%s code / 2^%d; no NaN, no infinity\n", fraction_bits(f), indent, "",
		  f->has_sign ? "two's complement:" : "unsigned:", fraction_bits(f));
}

/* ---- Deriving what a description implies ---------------------------------------------- */

/* Values stay inside NUM_LIMIT_EXP and every code in a word with room to spare. */
#define FIXED_MAX_BITS 64

static const char *fixed_finish(struct fmt *f)
{
	if (f->bits < 1 + f->has_sign || f->bits > FIXED_MAX_BITS)
		return "bits must be 1 to 64 in an integer or fixed-point format (2 or more when signed)";
	if (fraction_bits(f) < 0 || integer_bits(f) < f->has_sign)
		return "fraction must be 0 or more, and leave room for the sign";
	f->sign_bit = f->has_sign ? (fpcode)1 << (f->bits - 1) : 0;
	f->has_zero = true;
	f->has_nan = f->has_inf = f->nan_signed = false;
	f->nan_code = f->inf_code = 0;
	f->max_rank = code_mask(f->bits - f->has_sign);
	f->max_rank_neg = f->has_sign ? f->max_rank + 1 : 0;
	f->min_normal_rank = 1;
	f->emin = -fraction_bits(f);
	f->emax = (long)(f->bits - f->has_sign) - 1 - fraction_bits(f);
	f->precision = f->bits - f->has_sign;
	f->saturates_always = f->keeps_nonzero = false;
	f->can_wrap = true;
	return NULL;
}

extern const struct fmt_kind fmt_kind_fixed; /* defined at the end */

/* ---- Its lines in a format file, and its names ---------------------------------------- */

static bool apply_fraction(struct fmt *f, char *val, struct kind_why *why)
{
	return kind_key_integer(&desc_in(f)->frac_bits, "fraction", val, why);
}

static const struct kind_key fixed_keys[] = {
	{ "bits", kind_apply_bits },
	{ "fraction", apply_fraction },
	{ NULL, NULL },
};

static bool fixed_same_description(const struct fmt *a, const struct fmt *b)
{
	return fraction_bits(a) == fraction_bits(b);
}

/* A name's number: 1 to 3 digits, no sign, no leading zero but 0 itself; false otherwise. */
static bool name_number(const char **text, int *out)
{
	const char *p = *text;
	int n = 0, digits = 0;

	while (isdigit((unsigned char)p[digits]) && digits < 3)
		n = n * 10 + (p[digits++] - '0');
	if (!digits || isdigit((unsigned char)p[digits]) || (p[0] == '0' && digits > 1))
		return false;
	*out = n;
	*text = p + digits;
	return true;
}

/*
 * int8, uint16, q1.15, uq8.8: integers and fixed point (kind_fixed.c). qM.N has M
 * integer bits, the sign's among them (ARM's Q notation: q1.15 is 16 bits), and N
 * fraction bits; uqM.N is unsigned.
 */
static struct fmt *fixed_from_name(const char *lower)
{
	bool is_unsigned = lower[0] == 'u';
	const char *p = lower + is_unsigned;
	int whole, fraction = 0;
	struct fmt *f;

	if (strncmp(p, "int", 3) == 0) {
		p += 3;
		if (!name_number(&p, &whole) || *p)
			return NULL;
	} else if (*p == 'q') {
		p++;
		if (!name_number(&p, &whole) || *p++ != '.' || !name_number(&p, &fraction) || *p)
			return NULL;
	} else
		return NULL;
	f = fmt_new(lower, &fmt_kind_fixed);
	f->has_sign = !is_unsigned;
	f->bits = whole + fraction;
	desc_in(f)->frac_bits = fraction;
	if (fraction)
		snprintf(f->description, sizeof f->description, "%s fixed point: %d integer bit%s%s, %d fraction bit%s",
			 is_unsigned ? "unsigned" : "two's complement", whole, whole == 1 ? "" : "s",
			 is_unsigned ? "" : " (the sign's included)", fraction, fraction == 1 ? "" : "s");
	else
		snprintf(f->description, sizeof f->description, "%s %d-bit integer",
			 is_unsigned ? "unsigned" : "two's complement", whole);
	if (fmt_finish(f))
		return fmt_free(f), NULL;
	return f;
}

static const char *fixed_past_limits(const char *lower)
{
	int a, b, used = 0;

	if ((sscanf(lower, "int%9d%n", &a, &used) == 1 && isdigit((unsigned char)lower[3])) ||
	    (sscanf(lower, "uint%9d%n", &a, &used) == 1 && isdigit((unsigned char)lower[4])) ||
	    (sscanf(lower, "q%9d.%9d%n", &a, &b, &used) == 2 && isdigit((unsigned char)lower[1])) ||
	    (sscanf(lower, "uq%9d.%9d%n", &a, &b, &used) == 2 && isdigit((unsigned char)lower[2])))
		return "intN is 2 to 64 bits, uintN 1 to 64, qM.N and uqM.N 64 in all (M at least 1 in q)";
	return NULL;
}

const struct fmt_kind fmt_kind_fixed = {
	.name = "fixed",
	.sign_is_top_bit = false,
	.ranks_are_codes = true,
	.named_in_files = true,
	.keys = fixed_keys,
	.from_name = fixed_from_name,
	.past_limits = fixed_past_limits,
	.same_description = fixed_same_description,
	.same_shape = fixed_same_description,
	.finish = fixed_finish,
	.magnitude = fixed_magnitude,
	.with_sign = fixed_with_sign,
	.decode = fixed_decode,
	.fields = fixed_fields,
	.code_of_rank = kind_same_rank,
	.rank_of_code = kind_same_rank,
	.rank_value = fixed_rank_value,
	.place = fixed_place,
	.formula = fixed_formula,
	.explain_field = fixed_explain_field,
	.layout = fixed_layout,
};
