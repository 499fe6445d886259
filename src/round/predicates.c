/*
 * predicates.c — the predicates, the classifier and the next codes of a code (see
 * predicates.h): each from the code's decoded class and sign, by the format's own
 * standard; P3109's NextGreaterThan/NextLessThan as §4.16's rules on codes, in the
 * report's order, IEEE 754's nextUp/nextDown by the format's ranks.
 */
#include "num.h"
#include "predicates.h"

const char *pred_refusal(const struct fmt *f, bool needs_classes)
{
	if (needs_classes && f->can_wrap)
		return "an integer or fixed-point format has no normal, subnormal or next values in IEEE's sense";
	return NULL;
}

/* The code's class and sign (a NaN's where the format's NaNs have one), whether it is
 * 1, and x87's name for a code no rank maps to (format.h), else NULL. */
static enum fp_class class_of(const struct fmt *f, fpcode code, bool *neg, bool *one, const char **noncanonical)
{
	struct fmt_value v;
	enum fp_class cls;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	cls = v.cls;
	*neg = v.neg;
	*noncanonical = v.noncanonical;
	if (cls == FP_NAN) {
		fmt_magnitude(f, code, neg);
		*neg = *neg && f->nan_signed;
	}
	/* 1 = sig·2^exp: sig a power of two, 2^−exp */
	*one = (cls == FP_NORMAL || cls == FP_SUBNORMAL) && !v.neg && mpz_popcount(v.sig) == 1 &&
	       v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1 == 0;
	fmt_value_clear(&v);
	return cls;
}

bool pred_test(enum predicate p, const struct fmt *f, fpcode code)
{
	const char *noncanonical;
	bool neg, one;
	enum fp_class cls = class_of(f, code, &neg, &one, &noncanonical);

	switch (p) {
	case PRED_IS_ZERO: return cls == FP_ZERO;
	case PRED_IS_ONE: return one;
	case PRED_IS_NAN: return cls == FP_NAN;
	case PRED_IS_INFINITE: return cls == FP_INF;
	case PRED_IS_FINITE: return cls != FP_NAN && cls != FP_INF;
	case PRED_IS_SIGN_MINUS: return neg; /* P3109: NaN false (its NaN has no sign), −∞ true, X < 0 */
	case PRED_IS_NORMAL: return cls == FP_NORMAL;
	case PRED_IS_SIGNALING: return cls == FP_NAN && !f->p3109 && fmt_nan_is_signaling(f, code);
	case PRED_IS_CANONICAL: return noncanonical == NULL;
	default: return cls == FP_SUBNORMAL;
	}
}

/* ---- Class ---------------------------------------------------------------------------- */

/* Each class's name by sign (negative first), P3109 Table 2's and IEEE 754 §5.7.2's. */
static const char *const p3109_classes[][2] = {
	[FP_ZERO] = { "ClsZero", "ClsZero" },
	[FP_SUBNORMAL] = { "ClsNegativeSubnormal", "ClsPositiveSubnormal" },
	[FP_NORMAL] = { "ClsNegativeNormal", "ClsPositiveNormal" },
	[FP_INF] = { "ClsNegativeInfinity", "ClsPositiveInfinity" },
	[FP_NAN] = { "ClsNaN", "ClsNaN" },
};
static const char *const ieee_classes[][2] = {
	[FP_ZERO] = { "negativeZero", "positiveZero" },
	[FP_SUBNORMAL] = { "negativeSubnormal", "positiveSubnormal" },
	[FP_NORMAL] = { "negativeNormal", "positiveNormal" },
	[FP_INF] = { "negativeInfinity", "positiveInfinity" },
	[FP_NAN] = { "quietNaN", "quietNaN" },
};

const char *pred_class(const struct fmt *f, fpcode code)
{
	const char *noncanonical;
	bool neg, one;
	enum fp_class cls = class_of(f, code, &neg, &one, &noncanonical);

	if (noncanonical) /* as every field names it */
		return noncanonical;
	if (f->p3109)
		return p3109_classes[cls][!neg];
	if (cls == FP_NAN && fmt_nan_is_signaling(f, code))
		return "signalingNaN";
	return ieee_classes[cls][!neg];
}

/* ---- P3109 §4.16 ---------------------------------------------------------------------- */

/* The codes §4.16's rules name. */
struct p3109_codes {
	bool is_signed, extended;
	fpcode max_finite, min_finite, inf, negative_inf, smallest_negative;
};

static void p3109_codes(struct p3109_codes *c, const struct fmt *f)
{
	c->is_signed = f->has_sign;
	c->extended = f->has_inf;
	c->max_finite = fmt_code_of_rank(f, f->max_rank);
	c->min_finite = c->is_signed ? fmt_with_sign(f, c->max_finite, true) : 0; /* unsigned: 0 (§4.14) */
	c->inf = f->inf_code;
	c->negative_inf = c->is_signed ? fmt_with_sign(f, f->inf_code, true) : f->inf_code;
	c->smallest_negative = c->is_signed ? fmt_with_sign(f, fmt_code_of_rank(f, 1), true) : 0;
}

/* IsSignMinus of a code that is not NaN: its sign bit. */
static bool p3109_sign_minus(const struct fmt *f, fpcode x)
{
	return (x & f->sign_bit) != 0;
}

/* NextGreaterThanAux(Σ, ∆, x); false for NaN. */
static bool p3109_greater(fpcode *out, const struct fmt *f, fpcode x)
{
	struct p3109_codes c;

	p3109_codes(&c, f);
	if (x == f->nan_code)
		return false;
	if (c.extended && x == c.inf)
		return false;
	if (!c.extended && x == c.max_finite)
		return false;
	if (c.extended && x == c.max_finite)
		*out = c.inf;
	else if (c.is_signed && c.extended && x == c.negative_inf)
		*out = c.min_finite;
	else if (c.is_signed && x == c.smallest_negative)
		*out = 0;
	else if (c.is_signed && p3109_sign_minus(f, x))
		*out = x - 1;
	else
		*out = x + 1;
	return true;
}

/* NextLessThanAux(Σ, ∆, x); false for NaN. */
static bool p3109_less(fpcode *out, const struct fmt *f, fpcode x)
{
	struct p3109_codes c;

	p3109_codes(&c, f);
	if (x == f->nan_code)
		return false;
	if (!c.extended && x == c.min_finite)
		return false;
	if (!c.is_signed && x == 0)
		return false;
	if (c.is_signed && c.extended && x == c.negative_inf)
		return false;
	if (c.is_signed && c.extended && x == c.min_finite)
		*out = c.negative_inf;
	else if (c.extended && x == c.inf)
		*out = c.max_finite;
	else if (c.is_signed && x == 0)
		*out = c.smallest_negative;
	else if (c.is_signed && p3109_sign_minus(f, x))
		*out = x + 1;
	else
		*out = x - 1;
	return true;
}

/* ---- IEEE 754 §5.3.1 ------------------------------------------------------------------ */

/* The code of a magnitude rank with that sign; rank 0, where it is zero, that sign's zero. */
static fpcode signed_rank(const struct fmt *f, fpcode rank, bool neg)
{
	if (rank == 0 && f->has_zero)
		return fmt_zero_code(f, neg);
	return fmt_with_sign(f, fmt_code_of_rank(f, rank), neg);
}

/* The rank of a finite nonzero value's magnitude: where it is placed. */
static fpcode rank_of_value(const struct fmt *f, const struct fmt_value *v)
{
	fpcode rank;
	bool exact;
	mpq_t q;

	mpq_init(q);
	num_set_dyadic(q, v->sig, v->exp);
	fmt_place(&rank, &exact, f, q);
	mpq_clear(q);
	return rank;
}

/* One step away from zero (nextUp of a positive value, nextDown of a negative one). */
static bool step_away(fpcode *out, const struct fmt *f, const struct fmt_value *v, fpcode code)
{
	fpcode rank;

	if (v->cls == FP_INF) {
		*out = code; /* nextUp(+∞) = +∞ */
		return true;
	}
	rank = rank_of_value(f, v);
	if (rank < fmt_max_rank(f, v->neg)) {
		*out = signed_rank(f, rank + 1, v->neg);
		return true;
	}
	if (!f->has_inf)
		return false; /* no value past the largest: NaN */
	*out = fmt_with_sign(f, f->inf_code, v->neg);
	return true;
}

/* One step toward zero, and across it from the value nearest it. */
static bool step_toward(fpcode *out, const struct fmt *f, const struct fmt_value *v)
{
	fpcode rank;

	if (v->cls == FP_INF) {
		*out = signed_rank(f, fmt_max_rank(f, v->neg), v->neg);
		return true;
	}
	rank = rank_of_value(f, v);
	if (rank > 0) {
		*out = signed_rank(f, rank - 1, v->neg);
		return true;
	}
	if (!f->has_sign)
		return false; /* E8M0's smallest value downward */
	*out = signed_rank(f, 0, !v->neg);
	return true;
}

static bool ieee_next(fpcode *out, const struct fmt *f, fpcode code, bool up)
{
	struct fmt_value v;
	bool found;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN)
		found = false;
	else if (v.cls == FP_ZERO) /* either zero: the smallest value above or below */
		found = (up || f->has_sign) && (*out = signed_rank(f, 1, !up), true);
	else
		found = up != v.neg ? step_away(out, f, &v, code) : step_toward(out, f, &v);
	fmt_value_clear(&v);
	return found;
}

bool pred_next(fpcode *out, const struct fmt *f, fpcode code, bool up)
{
	if (f->p3109)
		return up ? p3109_greater(out, f, code) : p3109_less(out, f, code);
	return ieee_next(out, f, code, up);
}
