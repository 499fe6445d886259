/*
 * kind_float.c — IEEE-like formats: a sign bit, an exponent field with a bias, a
 * fraction field with an implicit leading 1 (none below the first normal field), and
 * what the top of the code space holds (enum float_specials): its description (struct
 * float_desc, in the format's kind_data). Any width up to CODE_MAX_BITS.
 *
 * Magnitude codes are already in value order, so a rank is the magnitude code itself,
 * and everything is arithmetic on the exponent and significand: this kind offers a
 * grid (format.h) to the fast paths.
 */
#include "format.h"
#include "kindbase.h"
#include "num.h"
#include "strbuf.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* What the top of the code space holds (fpx(1) FORMATS: specials). */
enum float_specials {
	SPECIALS_IEEE,   /* all-ones exponent: inf (fraction 0) or NaN */
	SPECIALS_FN,     /* only all-ones exponent and fraction: NaN; no inf */
	SPECIALS_FNUZ,   /* only sign-bit-alone (1000…0): NaN; one zero; no inf */
	SPECIALS_FINITE, /* every code is a number */
	SPECIALS_E8M0,   /* unsigned, no zero: 2^(code-bias); all ones is NaN */
};

/* What a `specials` line and `fpx info` call them. */
static const char *const specials_names[] = {
	[SPECIALS_IEEE] = "ieee", [SPECIALS_FN] = "fn", [SPECIALS_FNUZ] = "fnuz",
	[SPECIALS_FINITE] = "finite", [SPECIALS_E8M0] = "e8m0",
};

/* The description of an IEEE-like format, as its lines or its name give it: the
 * format's kind_data. */
struct float_desc {
	int exp_bits, frac_bits, bias;
	enum float_specials specials;
};
_Static_assert(sizeof(struct float_desc) <= FMT_KIND_DATA_BYTES, "an IEEE-like description fits in kind_data");

static const struct float_desc *desc_of(const struct fmt *f)
{
	return fmt_kind_data_of(f);
}

static struct float_desc *desc_in(struct fmt *f)
{
	return fmt_kind_data(f);
}

/* A bias not given yet: finish() sets the default. */
#define BIAS_DEFAULT INT32_MIN

static fpcode magnitude_mask(const struct fmt *f)
{
	return code_mask(f->has_sign ? f->bits - 1 : f->bits);
}

/* The exponent field at which normal numbers start: E8M0 has no subnormals. */
static int first_normal_field(const struct fmt *f)
{
	return desc_of(f)->specials == SPECIALS_E8M0 ? 0 : 1;
}

static void float_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	kind_grid_rank_value(sig, exp, f, &f->grid, rank);
}

static bool is_nan_or_inf(const struct fmt *f, fpcode code, fpcode mag, enum fp_class *cls)
{
	const struct float_desc *d = desc_of(f);
	fpcode all_ones = code_mask(d->exp_bits + d->frac_bits);

	switch (d->specials) {
	case SPECIALS_IEEE:
		if ((mag >> d->frac_bits) != code_mask(d->exp_bits))
			return false;
		*cls = (mag & code_mask(d->frac_bits)) ? FP_NAN : FP_INF;
		return true;
	case SPECIALS_FN:
	case SPECIALS_E8M0:
		*cls = FP_NAN;
		return mag == all_ones;
	case SPECIALS_FNUZ:
		*cls = FP_NAN;
		return code == f->sign_bit;
	case SPECIALS_FINITE:
		return false;
	}
	return false;
}

static void float_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	const struct float_desc *d = desc_of(f);
	fpcode mag = code & magnitude_mask(f);
	long field = (long)(mag >> d->frac_bits);

	out->neg = f->has_sign && (code & f->sign_bit);
	mpz_set_ui(out->sig, 0);
	out->exp = 0;
	out->precision = d->frac_bits + 1;
	if (is_nan_or_inf(f, code, mag, &out->cls))
		return;
	float_rank_value(out->sig, &out->exp, f, mag);
	kind_grid_classify(out, f, field, first_normal_field(f), d->bias, d->frac_bits);
}

static int float_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	const struct float_desc *d = desc_of(f);

	return kind_sign_exponent_fraction(out, f, code, d->exp_bits, d->frac_bits);
}

static int float_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	return kind_grid_place(lower, exact, f, &f->grid, q);
}

/* ---- Text ----------------------------------------------------------------------------- */

static void float_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	const struct float_desc *d = desc_of(f);
	long field = (long)(mag >> d->frac_bits);
	bool subnormal = field == 0 && d->specials != SPECIALS_E8M0;

	(void)v;
	sb_printf(out, "2^(%ld - %d)", subnormal ? 1 : field, d->bias);
	kind_significand_text(out, mag & code_mask(d->frac_bits), d->frac_bits, !subnormal);
}

static void explain_exponent(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	const struct float_desc *d = desc_of(f);
	long field = (long)((code & ~f->sign_bit) >> d->frac_bits);

	static const char *const nan_rule[] = {
		[SPECIALS_IEEE] = "all ones with a fraction not 0: NaN",
		[SPECIALS_FN] = "all ones, and the fraction all ones: the NaN code (other fractions are numbers)",
		[SPECIALS_FNUZ] = "the sign bit alone: the NaN code (there is no -0)",
		[SPECIALS_FINITE] = "",
		[SPECIALS_E8M0] = "all ones: NaN",
	};

	if (v->cls == FP_NAN || v->cls == FP_INF) {
		sb_puts(out, v->cls == FP_INF ? "all ones with fraction 0: infinity" : nan_rule[d->specials]);
		return;
	}
	if (field == 0 && d->specials != SPECIALS_E8M0) {
		sb_printf(out, "0: subnormal, 2^(1 - %d) = 2^%ld, no leading 1", d->bias, f->emin);
		return;
	}
	sb_printf(out, "%ld: 2^(%ld - %d) = 2^%ld", field, field, d->bias, field - d->bias);
}

static void float_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
				int field_kind)
{
	if (field_kind == BITS_EXPONENT)
		explain_exponent(out, f, code, v);
}

static void float_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
			 const void *arg)
{
	const struct float_desc *d = desc_of(f);

	(void)indent;
	if (f->has_sign) {
		name(out, BITS_SIGN, arg);
		sb_puts(out, " 1, ");
	}
	name(out, BITS_EXPONENT, arg);
	sb_printf(out, " %d (bias %d), ", d->exp_bits, d->bias);
	name(out, BITS_FRACTION, arg);
	sb_printf(out, " %d; specials %s\n", d->frac_bits, specials_names[d->specials]);
}

/* ---- Deriving what a description implies ------------------------------------------------ */

static const char *check_widths(const struct fmt *f)
{
	const struct float_desc *d = desc_of(f);

	if (d->exp_bits < 1 || d->exp_bits > FMT_MAX_EXP_BITS)
		return "exponent must be 1 to " FMT_MAX_EXP_BITS_TEXT " bits";
	if (d->frac_bits < 0 || d->frac_bits > FMT_MAX_FRAC_BITS)
		return "fraction must be 0 to " FMT_MAX_FRAC_BITS_TEXT " bits";
	if (d->specials == SPECIALS_IEEE && d->exp_bits < 2)
		return "exponent must be 2 bits or more with specials ieee";
	if (d->specials == SPECIALS_FNUZ && !f->has_sign)
		return "sign must be yes with specials fnuz";
	if (d->bias < -NUM_LIMIT_EXP || d->bias > NUM_LIMIT_EXP)
		return "bias must be within ±" NUM_LIMIT_EXP_TEXT;
	if (d->exp_bits + d->frac_bits + (f->has_sign ? 1 : 0) > CODE_MAX_BITS)
		return "a format is at most " CODE_MAX_BITS_TEXT " bits wide";
	return NULL;
}

/* Where the NaN and infinity are, and so which magnitude code is the largest finite. */
static void derive_specials(struct fmt *f, fpcode all_ones)
{
	const struct float_desc *d = desc_of(f);

	f->has_zero = d->specials != SPECIALS_E8M0;
	f->has_inf = d->specials == SPECIALS_IEEE;
	f->inf_code = code_mask(d->exp_bits) << d->frac_bits;
	f->nan_signed = d->specials == SPECIALS_IEEE || d->specials == SPECIALS_FN;
	switch (d->specials) {
	case SPECIALS_IEEE:
		f->max_rank = f->inf_code - 1;
		f->has_nan = d->frac_bits > 0;
		f->nan_code = f->inf_code | (f->has_nan ? (fpcode)1 << (d->frac_bits - 1) : 0);
		break;
	case SPECIALS_FN:
	case SPECIALS_E8M0:
		f->max_rank = all_ones - 1;
		f->has_nan = true;
		f->nan_code = all_ones;
		break;
	case SPECIALS_FNUZ:
		f->max_rank = all_ones;
		f->has_nan = true;
		f->nan_code = f->sign_bit;
		break;
	case SPECIALS_FINITE:
		f->max_rank = all_ones;
		f->has_nan = false;
		break;
	}
}

static void default_bias(struct fmt *f);

static const char *float_finish(struct fmt *f)
{
	struct float_desc *d = desc_in(f);
	int width = d->exp_bits + d->frac_bits;
	const char *why;

	if (d->bias == BIAS_DEFAULT)
		default_bias(f);
	why = check_widths(f);

	if (why)
		return why;
	f->bits = width + (f->has_sign ? 1 : 0);
	f->sign_bit = f->has_sign ? (fpcode)1 << width : 0;
	f->emin = d->specials == SPECIALS_E8M0 ? -d->bias : 1 - d->bias;
	derive_specials(f, code_mask(width));
	if ((long)(f->max_rank >> d->frac_bits) < first_normal_field(f))
		return "the format has no normal numbers";
	f->emax = (long)(f->max_rank >> d->frac_bits) - d->bias;
	f->precision = d->frac_bits + 1;
	f->min_normal_rank = (fpcode)first_normal_field(f) << d->frac_bits;
	f->grid.present = true; /* field by field: registry.c compares formats byte by byte */
	f->grid.frac_bits = d->frac_bits;
	f->grid.bias = d->bias;
	f->grid.subnormals = first_normal_field(f) == 1;
	/* IEEE 754 §6.2.1: the fraction's first bit, where there are infinities */
	f->quiet_bit = d->specials == SPECIALS_IEEE && d->frac_bits >= 2 ? (fpcode)1 << (d->frac_bits - 1) : 0;
	return NULL;
}

/* ---- Its lines in a format file, and its names ---------------------------------------- */

static void float_init(struct fmt *f)
{
	desc_in(f)->bias = BIAS_DEFAULT;
}

/* The default bias, for a width fmt_finish() will accept: 2^(E-1) - 1, or 2^(E-1) in
 * fnuz formats. */
static void default_bias(struct fmt *f)
{
	struct float_desc *d = desc_in(f);
	int half = d->exp_bits >= 1 && d->exp_bits <= FMT_MAX_EXP_BITS ? 1 << (d->exp_bits - 1) : 0;

	d->bias = d->specials == SPECIALS_FNUZ ? half : half - 1;
}

static bool apply_exponent(struct fmt *f, char *val, struct kind_why *why)
{
	return kind_key_integer(&desc_in(f)->exp_bits, "exponent", val, why);
}

static bool apply_fraction(struct fmt *f, char *val, struct kind_why *why)
{
	return kind_key_integer(&desc_in(f)->frac_bits, "fraction", val, why);
}

static bool apply_bias(struct fmt *f, char *val, struct kind_why *why)
{
	return kind_key_integer(&desc_in(f)->bias, "bias", val, why);
}

static bool apply_specials(struct fmt *f, char *val, struct kind_why *why)
{
	struct float_desc *d = desc_in(f);
	int specials = kind_word_index(specials_names, 5, val);

	if (specials < 0)
		return kind_fail(why, "specials is one of ieee, fn, fnuz, finite, e8m0, not '%.40s'", val);
	d->specials = (enum float_specials)specials;
	return true;
}

static const struct kind_key float_keys[] = {
	{ "exponent", apply_exponent },
	{ "fraction", apply_fraction },
	{ "bias", apply_bias },
	{ "specials", apply_specials },
	{ "bits", kind_apply_bits },
	{ NULL, NULL },
};

static bool float_same_shape(const struct fmt *a, const struct fmt *b)
{
	const struct float_desc *x = desc_of(a), *y = desc_of(b);

	return x->exp_bits == y->exp_bits && x->frac_bits == y->frac_bits;
}

static bool float_same_description(const struct fmt *a, const struct fmt *b)
{
	const struct float_desc *x = desc_of(a), *y = desc_of(b);

	return float_same_shape(a, b) && x->bias == y->bias && x->specials == y->specials;
}

extern const struct fmt_kind fmt_kind_float; /* defined at the end */

/*
 * e5m10, e4m3b11fnuz, e8m7fn: IEEE-like, exponent 2 to FMT_MAX_EXP_BITS bits, fraction
 * 0 to FMT_MAX_FRAC_BITS, a bias below 2^E when given, specials ieee unless fn or fnuz.
 */
static struct fmt *float_from_name(const char *lower)
{
	char suffix[8] = "";
	int e, m, bias = -1, used = 0;
	const char *rest;
	struct float_desc *d;
	struct fmt *f;

	if (sscanf(lower, "e%2dm%3d%n", &e, &m, &used) != 2 || !isdigit((unsigned char)lower[1]))
		return NULL;
	rest = lower + used;
	if (rest[0] == 'b' && sscanf(rest, "b%6d%n", &bias, &used) == 1 && isdigit((unsigned char)rest[1]))
		rest += used;
	if (strlen(rest) >= sizeof suffix || (*rest && strcmp(rest, "fn") && strcmp(rest, "fnuz")))
		return NULL;
	strcpy(suffix, rest);
	if (e < 2 || e > FMT_MAX_EXP_BITS || m < 0 || m > FMT_MAX_FRAC_BITS || (bias != -1 && bias > (1 << e) - 1))
		return NULL;
	f = fmt_new(lower, &fmt_kind_float);
	d = desc_in(f);
	d->exp_bits = e;
	d->frac_bits = m;
	d->specials = !*suffix ? SPECIALS_IEEE : strcmp(suffix, "fn") == 0 ? SPECIALS_FN : SPECIALS_FNUZ;
	if (bias >= 0)
		d->bias = bias;
	snprintf(f->description, sizeof f->description, "IEEE-like %d-bit format built from its name",
		 1 + e + m);
	if (fmt_finish(f))
		return fmt_free(f), NULL;
	return f;
}

/* The widest codes fpx holds (code.h's CODE_MAX_BITS) bound the grammar. */
static const char *float_past_limits(const char *lower)
{
	int a, b, used = 0;

#if CODE_MAX_BITS < 256
	if (strcmp(lower, "binary256") == 0 || strcmp(lower, "octuple") == 0)
		return "binary256 needs 256-bit codes, and this fpx holds 128 (binary128 is the widest IEEE format here; "
		       "make CC=clang-16 CODE_BITS=256 builds one with them)";
#endif
	if (sscanf(lower, "e%9dm%9d%n", &a, &b, &used) == 2 && isdigit((unsigned char)lower[1]))
		return "an eXmY[bN][fn|fnuz] name has " FMT_MAX_FIELDS_TEXT ", a bias below 2^E (codes of at most "
		       CODE_MAX_BITS_TEXT " bits)";
	return NULL;
}

const struct fmt_kind fmt_kind_float = {
	.name = "float",
	.noun = "IEEE-like",
	.sign_is_top_bit = true,
	.ranks_are_codes = true,
	.derives_bits = true,
	.keys = float_keys,
	.init = float_init,
	.from_name = float_from_name,
	.name_grammar = "eXmY[bN][fn|fnuz]",
	.past_limits = float_past_limits,
	.same_description = float_same_description,
	.same_shape = float_same_shape,
	.finish = float_finish,
	.magnitude = kind_sign_bit_magnitude,
	.with_sign = kind_sign_bit_with_sign,
	.decode = float_decode,
	.fields = float_fields,
	.code_of_rank = kind_same_rank,
	.rank_of_code = kind_same_rank,
	.rank_value = float_rank_value,
	.place = float_place,
	.formula = float_formula,
	.explain_field = float_explain_field,
	.layout = float_layout,
	.precision_lines = NULL,
};
