/*
 * kind_x87.c — the x87's 80-bit extended format: sign, a 15-bit exponent (bias 16383),
 * an explicit integer bit and a 63-bit fraction. Its values are those of an IEEE-like
 * e15m63, so ranks, their values and rounding are kind_float's on the same description
 * (exponent 15, fraction 63); only the codes differ, by the integer bit, which a
 * canonical code sets exactly when its exponent field is not 0.
 *
 * The codes that are not canonical decode as the 387 and later take them (Intel SDM
 * vol. 1, §8.2.2 and table 8-3): a pseudo-denormal (exponent 0, integer bit 1) is read
 * as the value it spells, 2^-16382·1.f; an unnormal (exponent neither 0 nor all ones,
 * integer bit 0), a pseudo-infinity and a pseudo-NaN (exponent all ones, integer bit 0)
 * are invalid operands, which decode as NaN here. No rank maps to any of them, so
 * rounding never makes one.
 */
#include "format.h"
#include "kindbase.h"
#include "num.h"
#include "strbuf.h"

#define X87_FRACTION 63
#define X87_EXPONENT 15
#define X87_BIAS 16383
#define X87_INTEGER_BIT ((fpcode)1 << X87_FRACTION)

static long field_of(fpcode mag)
{
	return (long)(mag >> (X87_FRACTION + 1));
}

static bool integer_bit(fpcode mag)
{
	return (mag & X87_INTEGER_BIT) != 0;
}

static fpcode fraction_of(fpcode mag)
{
	return mag & code_mask(X87_FRACTION);
}

static fpcode x87_code_of_rank(const struct fmt *f, fpcode rank)
{
	fpcode field = rank >> X87_FRACTION;

	(void)f;
	return field << (X87_FRACTION + 1) | (field ? X87_INTEGER_BIT : 0) | fraction_of(rank);
}

/* A pseudo-denormal has the rank of the canonical code of its value (exponent 1). */
static fpcode x87_rank_of_code(const struct fmt *f, fpcode mag)
{
	long field = field_of(mag);

	(void)f;
	if (field == 0 && integer_bit(mag))
		field = 1;
	return (fpcode)field << X87_FRACTION | fraction_of(mag);
}

/* Its ranks are e15m63's, a grid (format.h) that the fast paths are not offered: its
 * codes are not its ranks. */
static const struct fmt_grid x87_grid = { true, X87_FRACTION, X87_BIAS, true };

static void x87_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	kind_grid_rank_value(sig, exp, f, &x87_grid, rank);
}

static int x87_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	return kind_grid_place(lower, exact, f, &x87_grid, q);
}

/* The kinds of code, canonical or not. */
enum x87_code { X87_CANONICAL, X87_PSEUDO_DENORMAL, X87_UNNORMAL, X87_PSEUDO_SPECIAL };

/* Intel's names for the codes that are not canonical (SDM vol. 1, §8.2.2). */
static const char *const noncanonical_names[] = { "unnormal", "pseudo-denormal", "pseudo-infinity", "pseudo-nan", NULL };

static const char *noncanonical_name(enum x87_code k, fpcode mag)
{
	switch (k) {
	case X87_PSEUDO_DENORMAL: return noncanonical_names[1];
	case X87_UNNORMAL: return noncanonical_names[0];
	case X87_PSEUDO_SPECIAL: return noncanonical_names[fraction_of(mag) ? 3 : 2];
	case X87_CANONICAL: break;
	}
	return NULL;
}

static enum x87_code kind_of_code(fpcode mag)
{
	long field = field_of(mag);

	if (field == 0)
		return integer_bit(mag) ? X87_PSEUDO_DENORMAL : X87_CANONICAL;
	if (integer_bit(mag))
		return X87_CANONICAL;
	return field == (long)code_mask(X87_EXPONENT) ? X87_PSEUDO_SPECIAL : X87_UNNORMAL;
}

static void x87_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	fpcode mag = code & ~f->sign_bit;
	long field = field_of(mag);

	out->neg = (code & f->sign_bit) != 0;
	mpz_set_ui(out->sig, 0);
	out->exp = out->ulp_exp = 0;
	out->precision = X87_FRACTION + 1;
	out->noncanonical = noncanonical_name(kind_of_code(mag), mag);
	switch (kind_of_code(mag)) {
	case X87_UNNORMAL:
	case X87_PSEUDO_SPECIAL:
		out->cls = FP_NAN;
		return;
	case X87_PSEUDO_DENORMAL: /* read as exponent 1 */
		code_to_mpz(out->sig, fraction_of(mag) | X87_INTEGER_BIT);
		out->exp = out->ulp_exp = f->emin - X87_FRACTION;
		out->cls = FP_NORMAL;
		return;
	case X87_CANONICAL:
		break;
	}
	if (field == (long)code_mask(X87_EXPONENT)) {
		out->cls = fraction_of(mag) ? FP_NAN : FP_INF;
		return;
	}
	x87_rank_value(out->sig, &out->exp, f, x87_rank_of_code(f, mag));
	out->ulp_exp = (field ? field - X87_BIAS : f->emin) - X87_FRACTION;
	out->cls = field ? FP_NORMAL : mpz_sgn(out->sig) ? FP_SUBNORMAL : FP_ZERO;
	if (out->cls == FP_SUBNORMAL)
		out->precision = (int)mpz_sizeinbase(out->sig, 2);
}

static int x87_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	int n = kind_add_field(out, 0, BITS_SIGN, 1, code, f->bits - 1);

	n = kind_add_field(out, n, BITS_EXPONENT, X87_EXPONENT, code, X87_FRACTION + 1);
	n = kind_add_field(out, n, BITS_INTEGER, 1, code, X87_FRACTION);
	return kind_add_field(out, n, BITS_FRACTION, X87_FRACTION, code, 0);
}

/* ---- Text -------------------------------------------------------------------------- */

static void x87_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	long field = field_of(mag);

	(void)f;
	(void)v;
	sb_printf(out, "2^(%ld - %d)", field ? field : 1, X87_BIAS);
	kind_significand_text(out, fraction_of(mag), X87_FRACTION, integer_bit(mag));
}

static void explain_integer_bit(struct strbuf *out, fpcode mag)
{
	static const char *const text[] = {
		[X87_PSEUDO_DENORMAL] = "1 under exponent 0: a pseudo-denormal, read as 2^-16382 * 1.f",
		[X87_UNNORMAL] = "0 under a nonzero exponent: an unnormal, an invalid operand since the 387",
		[X87_PSEUDO_SPECIAL] = "0 under the all-ones exponent: a pseudo-infinity or pseudo-NaN, invalid since the 387",
	};
	enum x87_code k = kind_of_code(mag);

	if (k != X87_CANONICAL)
		sb_puts(out, text[k]);
	else
		sb_puts(out, integer_bit(mag) ? "1: the leading 1, stored" : "0: no leading 1 (zero or denormal)");
}

static void x87_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
			      int field_kind)
{
	fpcode mag = code & ~f->sign_bit;
	long field = field_of(mag);

	if (field_kind == BITS_INTEGER) {
		explain_integer_bit(out, mag);
		return;
	}
	if (field == (long)code_mask(X87_EXPONENT))
		sb_puts(out, v->cls == FP_INF ? "all ones with fraction 0: infinity" : "all ones: infinity or NaN");
	else if (field == 0)
		sb_printf(out, "0: denormal, 2^(1 - %d) = 2^%ld", X87_BIAS, f->emin);
	else
		sb_printf(out, "%ld: 2^(%ld - %d) = 2^%ld", field, field, X87_BIAS, field - X87_BIAS);
}

static void x87_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
		       const void *arg)
{
	(void)f;
	name(out, BITS_SIGN, arg);
	sb_puts(out, " 1, ");
	name(out, BITS_EXPONENT, arg);
	sb_printf(out, " %d (bias %d), ", X87_EXPONENT, X87_BIAS);
	name(out, BITS_INTEGER, arg);
	sb_puts(out, " 1 (explicit), ");
	name(out, BITS_FRACTION, arg);
	sb_printf(out, " %d\n%*snot canonical, as the 387 reads them: pseudo-denormals (their value), unnormals,\n"
		  "%*spseudo-infinities and pseudo-NaNs (invalid operands: NaN)\n", X87_FRACTION, indent, "", indent, "");
}

/* ---- Deriving ----------------------------------------------------------------------- */

static const char *x87_finish(struct fmt *f)
{
	if (f->bits != 80)
		return "bits must be 80 in an x87 format";
	f->has_sign = f->has_zero = f->has_inf = f->has_nan = f->nan_signed = true;
	f->sign_bit = (fpcode)1 << 79;
	f->max_rank = (code_mask(X87_EXPONENT) << X87_FRACTION) - 1;
	f->inf_code = x87_code_of_rank(f, f->max_rank + 1);
	f->nan_code = f->inf_code | (fpcode)1 << (X87_FRACTION - 1); /* the quiet NaN strtold("nan") gives */
	f->min_normal_rank = (fpcode)1 << X87_FRACTION;
	f->emin = 1 - X87_BIAS;
	f->emax = (long)code_mask(X87_EXPONENT) - 1 - X87_BIAS;
	f->precision = X87_FRACTION + 1;
	f->quiet_bit = (fpcode)1 << (X87_FRACTION - 1);
	return NULL;
}

/* An x87 format file says `kind x87` and `bits 80`: the rest is the hardware's. */
static const struct kind_key x87_keys[] = {
	{ "bits", kind_apply_bits },
	{ NULL, NULL },
};

const struct fmt_kind fmt_kind_x87 = {
	.name = "x87",
	.sign_is_top_bit = true,
	.ranks_are_codes = false,
	.named_in_files = true,
	.noncanonical_names = noncanonical_names,
	.keys = x87_keys,
	.finish = x87_finish,
	.magnitude = kind_sign_bit_magnitude,
	.with_sign = kind_sign_bit_with_sign,
	.decode = x87_decode,
	.fields = x87_fields,
	.code_of_rank = x87_code_of_rank,
	.rank_of_code = x87_rank_of_code,
	.rank_value = x87_rank_value,
	.place = x87_place,
	.formula = x87_formula,
	.explain_field = x87_explain_field,
	.layout = x87_layout,
};
