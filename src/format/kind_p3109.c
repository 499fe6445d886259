/*
 * kind_p3109.c — the formats of IEEE P3109 (interim report 4.0, §3.1–§3.2, §4.7.2,
 * §4.7.6): Binary{K}p{P}{s|u}{e|f}, K bits (3 to 16), precision P (0 < P < K signed,
 * 0 < P ≤ K unsigned), signed or unsigned, extended (with infinities) or finite. Made
 * from their names only (binary8p3se, case aside); no format file describes one.
 *
 * Encoding (§4.7.6): sign-magnitude where signed, with one zero (code 0) and one NaN,
 * the code a −0 would have (2^(K−1)); unsigned, the NaN is the last code (2^K − 1).
 * Extended formats have +∞ just below the NaN's place: 2^(K−1) − 1 signed (and −∞ at
 * 2^K − 1), 2^K − 2 unsigned. The bias is 2^(K−P−1) signed, 2^(K−P) unsigned; the
 * exponent field is K−P bits signed, K−P+1 unsigned; the fraction P−1 bits.
 *
 * Magnitude codes are in value order, so a rank is the magnitude code itself and the
 * ranks form a grid (format.h) with subnormals below the first exponent field: P = 1
 * has no fraction, so its field 0 holds zero alone and every other code c is 2^(c−B),
 * as eXm0's grid already says. This file never rounds: P3109's projections (its
 * saturation modes) are round.c's business.
 */
#include "format.h"
#include "kindbase.h"
#include "strbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The widths of P3109's value tables, which fpx's codes hold. */
#define P3109_MIN_BITS 3
#define P3109_MAX_BITS 16

/* The description of a P3109 format, as its name gives it: the format's kind_data. */
struct p3109_desc {
	int precision; /* P */
	bool extended; /* has infinities (domain Extended) */
	int exp_bits, frac_bits, bias;
};
_Static_assert(sizeof(struct p3109_desc) <= FMT_KIND_DATA_BYTES, "a P3109 description fits in kind_data");

static const struct p3109_desc *desc_of(const struct fmt *f)
{
	return fmt_kind_data_of(f);
}

static struct p3109_desc *desc_in(struct fmt *f)
{
	return fmt_kind_data(f);
}

static fpcode magnitude_mask(const struct fmt *f)
{
	return code_mask(f->has_sign ? f->bits - 1 : f->bits);
}

/* NaN or an infinity: the codes §4.7.2's ωDecodeAux takes first. */
static bool is_nan_or_inf(const struct fmt *f, fpcode code, enum fp_class *cls)
{
	if (code == f->nan_code) {
		*cls = FP_NAN;
		return true;
	}
	*cls = FP_INF;
	return f->has_inf && (code & magnitude_mask(f)) == f->inf_code;
}

static void p3109_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	kind_grid_rank_value(sig, exp, f, &f->grid, rank);
}

static void p3109_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	const struct p3109_desc *d = desc_of(f);
	fpcode mag = code & magnitude_mask(f);
	long field = (long)(mag >> d->frac_bits);

	out->neg = f->has_sign && (code & f->sign_bit) && code != f->nan_code;
	mpz_set_ui(out->sig, 0);
	out->exp = 0;
	out->precision = d->precision;
	if (is_nan_or_inf(f, code, &out->cls))
		return;
	p3109_rank_value(out->sig, &out->exp, f, mag);
	kind_grid_classify(out, f, field, 1, d->bias, d->frac_bits);
}

static int p3109_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	const struct p3109_desc *d = desc_of(f);

	return kind_sign_exponent_fraction(out, f, code, d->exp_bits, d->frac_bits);
}

static int p3109_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	return kind_grid_place(lower, exact, f, &f->grid, q);
}

/* ---- Text ----------------------------------------------------------------------------- */

static void p3109_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	const struct p3109_desc *d = desc_of(f);
	long field = (long)(mag >> d->frac_bits);

	if (v->cls == FP_ZERO) {
		sb_puts(out, "0");
		return;
	}
	sb_printf(out, "2^(%ld - %d)", field == 0 ? 1 : field, d->bias);
	kind_significand_text(out, mag & code_mask(d->frac_bits), d->frac_bits, field != 0);
}

/* What the NaN's and the infinities' codes are, in words (the exponent's line). */
static const char *special_text(const struct fmt *f, enum fp_class cls)
{
	bool fraction = desc_of(f)->frac_bits > 0;

	if (cls == FP_NAN && f->has_sign)
		return "the sign bit alone: the NaN code (there is no -0)";
	if (cls == FP_NAN)
		return fraction ? "all ones, and the fraction all ones: the NaN code" : "all ones: the NaN code";
	if (f->has_sign)
		return fraction ? "all ones, and the fraction all ones: infinity" : "all ones: infinity";
	return fraction ? "all ones, and the fraction all ones but its last bit: +infinity"
			: "all ones but the last bit: +infinity";
}

static void explain_exponent(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	const struct p3109_desc *d = desc_of(f);
	long field = (long)((code & magnitude_mask(f)) >> d->frac_bits);

	if (v->cls == FP_NAN || v->cls == FP_INF) {
		sb_puts(out, special_text(f, v->cls));
		return;
	}
	if (field == 0 && d->frac_bits == 0) {
		sb_puts(out, "0: zero (P = 1: no subnormals)");
		return;
	}
	if (field == 0) {
		sb_printf(out, "0: subnormal, 2^(1 - %d) = 2^%ld, no leading 1", d->bias, f->emin);
		return;
	}
	sb_printf(out, "%ld: 2^(%ld - %d) = 2^%ld", field, field, d->bias, field - d->bias);
}

static void p3109_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
				int field_kind)
{
	if (field_kind == BITS_EXPONENT)
		explain_exponent(out, f, code, v);
}

/* The codes of the specials, in hex as the readout writes codes. */
static void specials_text(struct strbuf *out, const struct fmt *f)
{
	int digits = fmt_hex_digits(f);

	sb_printf(out, "NaN 0x%0*llx", digits, (unsigned long long)f->nan_code);
	if (!f->has_inf)
		return;
	sb_printf(out, ", +inf 0x%0*llx", digits, (unsigned long long)f->inf_code);
	if (f->has_sign)
		sb_printf(out, ", -inf 0x%0*llx", digits, (unsigned long long)(f->inf_code | f->sign_bit));
}

static void p3109_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
			 const void *arg)
{
	const struct p3109_desc *d = desc_of(f);

	(void)indent;
	if (f->has_sign) {
		name(out, BITS_SIGN, arg);
		sb_puts(out, " 1, ");
	}
	name(out, BITS_EXPONENT, arg);
	sb_printf(out, " %d (bias %d), ", d->exp_bits, d->bias);
	name(out, BITS_FRACTION, arg);
	sb_printf(out, " %d; P3109 %s %s: ", d->frac_bits, f->has_sign ? "signed" : "unsigned",
		  d->extended ? "extended" : "finite");
	specials_text(out, f);
	sb_puts(out, "\n");
}

/* ---- Deriving what a description implies ------------------------------------------------ */

/* Where the NaN and the infinity are (§4.7.6), and so the largest finite rank. */
static void derive_specials(struct fmt *f)
{
	const struct p3109_desc *d = desc_of(f);
	fpcode all = code_mask(f->bits);

	f->has_zero = true;
	f->has_nan = true;
	f->has_inf = d->extended;
	f->nan_signed = false;
	f->quiet_bit = 0;
	f->nan_code = f->has_sign ? f->sign_bit : all;
	f->inf_code = f->has_sign ? f->sign_bit - 1 : all - 1;
	/* the largest finite magnitude: just below +∞, or the last one before the NaN's */
	if (f->has_sign)
		f->max_rank = d->extended ? f->sign_bit - 2 : f->sign_bit - 1;
	else
		f->max_rank = d->extended ? all - 2 : all - 1;
}

static const char *p3109_finish(struct fmt *f)
{
	struct p3109_desc *d = desc_in(f);
	int k = f->bits, p = d->precision;

	if (k < P3109_MIN_BITS || k > P3109_MAX_BITS || k > CODE_MAX_BITS)
		return "a P3109 format is 3 to 16 bits wide";
	if (p < 1 || p > k || (f->has_sign && p == k))
		return "a P3109 format's precision is 1 to K - 1 (signed) or 1 to K (unsigned)";
	d->exp_bits = f->has_sign ? k - p : k - p + 1;
	d->frac_bits = p - 1;
	d->bias = 1 << (f->has_sign ? k - p - 1 : k - p);
	f->sign_bit = f->has_sign ? (fpcode)1 << (k - 1) : 0;
	f->emin = 1 - d->bias;
	derive_specials(f);
	f->emax = (long)(f->max_rank >> d->frac_bits) - d->bias;
	f->precision = p;
	f->min_normal_rank = (fpcode)1 << d->frac_bits;
	f->grid.present = true; /* field by field: registry.c compares formats byte by byte */
	f->grid.frac_bits = d->frac_bits;
	f->grid.bias = d->bias;
	f->grid.subnormals = true; /* P = 1: field 0 holds zero alone */
	return NULL;
}

/* ---- Its names -------------------------------------------------------------------------- */

/* A decimal number of 1 to 3 digits, no leading zero, at *s; advances *s. */
static bool read_number(const char **s, int *out)
{
	const char *p = *s;
	int n = 0, digits = 0;

	if (*p == '0' && isdigit((unsigned char)p[1]))
		return false;
	while (isdigit((unsigned char)*p) && digits < 4) {
		n = 10 * n + (*p++ - '0');
		digits++;
	}
	if (digits == 0 || digits > 3)
		return false;
	*s = p;
	*out = n;
	return true;
}

/* binaryKpP{s|u}{e|f}, whatever K and P: the grammar's shape. */
static bool parse_name(const char *lower, int *k, int *p, bool *is_signed, bool *extended)
{
	const char *s = lower;

	if (strncmp(s, "binary", 6) != 0)
		return false;
	s += 6;
	if (!read_number(&s, k) || *s++ != 'p' || !read_number(&s, p))
		return false;
	if ((s[0] != 's' && s[0] != 'u') || (s[1] != 'e' && s[1] != 'f') || s[2] != '\0')
		return false;
	*is_signed = s[0] == 's';
	*extended = s[1] == 'e';
	return true;
}

static bool within_limits(int k, int p, bool is_signed)
{
	return k >= P3109_MIN_BITS && k <= P3109_MAX_BITS && k <= CODE_MAX_BITS && p >= 1 &&
	       (is_signed ? p < k : p <= k);
}

extern const struct fmt_kind fmt_kind_p3109; /* defined at the end */

static struct fmt *p3109_from_name(const char *lower)
{
	int k, p;
	bool is_signed, extended;
	struct p3109_desc *d;
	struct fmt *f;

	if (!parse_name(lower, &k, &p, &is_signed, &extended) || !within_limits(k, p, is_signed))
		return NULL;
	f = fmt_new(lower, &fmt_kind_p3109);
	d = desc_in(f);
	d->precision = p;
	d->extended = extended;
	f->bits = k;
	f->has_sign = is_signed;
	snprintf(f->description, sizeof f->description, "IEEE P3109 Binary%dp%d%c%c: %s, %s, precision %d", k, p,
		 is_signed ? 's' : 'u', extended ? 'e' : 'f', is_signed ? "signed" : "unsigned",
		 extended ? "extended (with infinities)" : "finite", p);
	if (fmt_finish(f))
		return fmt_free(f), NULL;
	return f;
}

static const char *p3109_past_limits(const char *lower)
{
	int k, p;
	bool is_signed, extended;

	if (!parse_name(lower, &k, &p, &is_signed, &extended) || within_limits(k, p, is_signed))
		return NULL;
	return "a binaryKpP{s|u}{e|f} name (IEEE P3109) has 3 <= K <= 16 bits and precision 0 < P < K signed, "
	       "0 < P <= K unsigned";
}

static bool p3109_same_shape(const struct fmt *a, const struct fmt *b)
{
	return desc_of(a)->precision == desc_of(b)->precision;
}

static bool p3109_same_description(const struct fmt *a, const struct fmt *b)
{
	return p3109_same_shape(a, b) && desc_of(a)->extended == desc_of(b)->extended;
}

const struct fmt_kind fmt_kind_p3109 = {
	.name = "p3109",
	.noun = "P3109",
	.sign_is_top_bit = true,
	.ranks_are_codes = true,
	.named_in_files = false,
	.derives_bits = true,
	.keys = NULL,
	.init = NULL,
	.from_name = p3109_from_name,
	.name_grammar = "binaryKpP{s|u}{e|f}",
	.past_limits = p3109_past_limits,
	.same_description = p3109_same_description,
	.same_shape = p3109_same_shape,
	.finish = p3109_finish,
	.magnitude = kind_sign_bit_magnitude,
	.with_sign = kind_sign_bit_with_sign,
	.decode = p3109_decode,
	.fields = p3109_fields,
	.code_of_rank = kind_same_rank,
	.rank_of_code = kind_same_rank,
	.rank_value = p3109_rank_value,
	.place = p3109_place,
	.formula = p3109_formula,
	.explain_field = p3109_explain_field,
	.layout = p3109_layout,
	.precision_lines = NULL,
};
