/*
 * format.c — decoding codes, ordering values by rank, and placing an exact value
 * between two ranks.
 *
 * Regular formats do all of this by arithmetic on the exponent and significand, for
 * any width up to 128 bits: their magnitude codes are already in value order, so a
 * rank is the magnitude code itself. Tapered formats decode class by class and keep
 * a sorted table of their values, built on first use. The table method also works for
 * regular formats of at most 16 bits, which is how the tests check one against the
 * other.
 */
#include "format.h"
#include "num.h"
#include "table.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void fmt_value_init(struct fmt_value *v)
{
	memset(v, 0, sizeof *v);
	mpz_init(v->sig);
}

void fmt_value_clear(struct fmt_value *v)
{
	mpz_clear(v->sig);
}

static fpcode magnitude_mask(const struct fmt *f)
{
	return code_mask(f->has_sign ? f->bits - 1 : f->bits);
}

/* ---- Regular formats ---------------------------------------------------------- */

/* The exponent field at which normal numbers start: E8M0 has no subnormals. */
static int first_normal_field(const struct fmt *f)
{
	return f->specials == SPECIALS_E8M0 ? 0 : 1;
}

static void regular_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	long field = (long)(rank >> f->frac_bits);
	fpcode frac = rank & code_mask(f->frac_bits);

	code_to_mpz(sig, frac);
	if (field < first_normal_field(f)) {
		*exp = f->emin - f->frac_bits;
		return;
	}
	mpz_setbit(sig, (mp_bitcnt_t)f->frac_bits);
	*exp = field - f->bias - f->frac_bits;
}

static bool regular_is_nan_or_inf(const struct fmt *f, fpcode code, fpcode mag, enum fp_class *cls)
{
	fpcode all_ones = code_mask(f->exp_bits + f->frac_bits);

	switch (f->specials) {
	case SPECIALS_IEEE:
		if ((mag >> f->frac_bits) != code_mask(f->exp_bits))
			return false;
		*cls = (mag & code_mask(f->frac_bits)) ? FP_NAN : FP_INF;
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

static void regular_decode(struct fmt_value *out, struct fmt *f, fpcode code)
{
	fpcode mag = code & magnitude_mask(f);
	long field = (long)(mag >> f->frac_bits);

	out->neg = f->has_sign && (code & f->sign_bit);
	mpz_set_ui(out->sig, 0);
	out->exp = 0;
	out->precision = f->frac_bits + 1;
	if (regular_is_nan_or_inf(f, code, mag, &out->cls))
		return;
	regular_rank_value(out->sig, &out->exp, f, mag);
	out->ulp_exp = (field < first_normal_field(f) ? f->emin : field - f->bias) - f->frac_bits;
	if (field >= first_normal_field(f))
		out->cls = FP_NORMAL;
	else if (mpz_sgn(out->sig) == 0)
		out->cls = FP_ZERO;
	else {
		out->cls = FP_SUBNORMAL;
		out->precision = (int)mpz_sizeinbase(out->sig, 2);
	}
}

/*
 * m = ⌊q / 2^scale⌋; returns the remainder against half of 2^scale (−1, 0, +1) and
 * sets *exact when there is none.
 */
static int divide_by_power_of_two(mpz_t m, bool *exact, const mpq_t q, long scale)
{
	mpz_t rem, divisor;
	int vs_half;

	mpz_inits(rem, divisor, NULL);
	if (scale >= 0) {
		mpz_mul_2exp(divisor, mpq_denref(q), (mp_bitcnt_t)scale);
		mpz_tdiv_qr(m, rem, mpq_numref(q), divisor);
	} else {
		mpz_mul_2exp(m, mpq_numref(q), (mp_bitcnt_t)-scale);
		mpz_set(divisor, mpq_denref(q));
		mpz_tdiv_qr(m, rem, m, divisor);
	}
	*exact = mpz_sgn(rem) == 0;
	mpz_mul_2exp(rem, rem, 1);
	vs_half = mpz_cmp(rem, divisor);
	mpz_clears(rem, divisor, NULL);
	return vs_half > 0 ? 1 : vs_half < 0 ? -1 : 0;
}

/*
 * Regular placement. With E = max(⌊log2 q⌋, emin), the significand m = ⌊q / 2^(E−f)⌋
 * and the code (E + bias − 1)·2^f + m are the lower neighbour, normal or subnormal
 * alike; the remainder against half a unit decides the midpoint comparison.
 */
static int regular_place(fpcode *lower, bool *exact, struct fmt *f, const mpq_t q)
{
	long e = num_floor_log2_ratio(mpq_numref(q), mpq_denref(q));
	long binade = e > f->emin ? e : f->emin;
	mpz_t m, field;
	int vs_half;

	*exact = false;
	*lower = f->max_rank + 1;
	if (e > f->emax)
		return 1;
	if (e < f->emin && f->specials == SPECIALS_E8M0) {
		*lower = ~(fpcode)0;
		return 1;
	}
	mpz_inits(m, field, NULL);
	vs_half = divide_by_power_of_two(m, exact, q, binade - f->frac_bits);
	mpz_set_si(field, binade + f->bias - 1); /* ≥ −1: E8M0's field 0 is normal */
	mpz_mul_2exp(field, field, (mp_bitcnt_t)f->frac_bits);
	mpz_add(m, m, field);
	if (!code_from_mpz(lower, m) || *lower > f->max_rank) { /* at or past the virtual value */
		*lower = f->max_rank + 1;
		*exact = false;
		vs_half = 1;
	}
	mpz_clears(m, field, NULL);
	return vs_half;
}

/* ---- Tapered formats ---------------------------------------------------------- */

static bool class_matches(const struct fmt_class *c, fpcode mag, int width)
{
	return (mag >> (width - c->prefix_len)) == c->prefix;
}

long fmt_class_exponent(const struct fmt_class *c, unsigned field)
{
	unsigned magnitude;

	if (c->encoding == EXP_OFFSET)
		return (long)field - c->exp_offset;
	if (c->exp_bits == 0)
		return 0;
	magnitude = 1u << (c->exp_bits - 1) | (field & ((1u << (c->exp_bits - 1)) - 1));
	return (field >> (c->exp_bits - 1)) ? -(long)magnitude : (long)magnitude;
}

static const struct fmt_special *find_special(const struct fmt *f, fpcode code)
{
	for (int i = 0; i < f->nspecials; i++)
		if (f->special[i].code == code)
			return &f->special[i];
	return NULL;
}

static void tapered_decode(struct fmt_value *out, struct fmt *f, fpcode code)
{
	int width = f->has_sign ? f->bits - 1 : f->bits;
	fpcode mag = code & magnitude_mask(f);
	const struct fmt_special *s = find_special(f, code);

	out->neg = f->has_sign && (code & f->sign_bit);
	mpz_set_ui(out->sig, 0);
	out->exp = out->ulp_exp = 0;
	out->precision = 0;
	if (s) {
		out->cls = s->cls;
		return;
	}
	for (int i = 0; i < f->nclasses; i++) {
		const struct fmt_class *c = &f->classes[i];
		unsigned field, mant;

		if (!class_matches(c, mag, width))
			continue;
		field = (unsigned)(mag >> c->mant_bits) & ((1u << c->exp_bits) - 1);
		mant = (unsigned)mag & ((1u << c->mant_bits) - 1);
		mpz_set_ui(out->sig, 1u << c->mant_bits | mant);
		out->exp = out->ulp_exp = fmt_class_exponent(c, field) - c->mant_bits;
		out->precision = c->mant_bits + 1;
		out->cls = c->cls;
		return;
	}
	assert(!"fmt_finish checked that the classes cover every code");
}

const struct fmt_class *fmt_class_of(const struct fmt *f, fpcode code)
{
	int width = f->has_sign ? f->bits - 1 : f->bits;
	fpcode mag = code & magnitude_mask(f);

	for (int i = 0; i < f->nclasses; i++)
		if (class_matches(&f->classes[i], mag, width))
			return &f->classes[i];
	return NULL;
}

static int add_field(struct fmt_field *out, int n, enum bit_field kind, int width, fpcode code, int shift)
{
	static const char *const names[BIT_FIELD_COUNT] = {
		[BITS_SIGN] = "sign", [BITS_EXPONENT] = "exponent", [BITS_FRACTION] = "fraction",
		[BITS_DOT] = "dot", [BITS_MANTISSA] = "mantissa",
	};

	if (width == 0)
		return n;
	out[n].kind = kind;
	out[n].name = names[kind];
	out[n].width = width;
	out[n].bits = (code >> shift) & code_mask(width);
	return n + 1;
}

int fmt_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	int n = 0, below;

	if (f->has_sign)
		n = add_field(out, n, BITS_SIGN, 1, code, f->bits - 1);
	if (!f->tapered) {
		n = add_field(out, n, BITS_EXPONENT, f->exp_bits, code, f->frac_bits);
		return add_field(out, n, BITS_FRACTION, f->frac_bits, code, 0);
	}
	const struct fmt_class *c = fmt_class_of(f, code);
	below = c->exp_bits + c->mant_bits;
	n = add_field(out, n, BITS_DOT, c->prefix_len, code, below);
	n = add_field(out, n, BITS_EXPONENT, c->exp_bits, code, c->mant_bits);
	return add_field(out, n, BITS_MANTISSA, c->mant_bits, code, 0);
}

/* ---- The operations every format offers ---------------------------------------- */

void fmt_decode(struct fmt_value *out, struct fmt *f, fpcode code)
{
	if (f->tapered)
		tapered_decode(out, f, code);
	else
		regular_decode(out, f, code);
}

fpcode fmt_code_of_rank(struct fmt *f, fpcode rank)
{
	return f->tapered ? table_get(f)->entry[rank].code : rank;
}

fpcode fmt_rank_of_code(struct fmt *f, fpcode magcode)
{
	return f->tapered ? table_get(f)->rank_of[magcode] : magcode;
}

void fmt_rank_value(mpz_t sig, long *exp, struct fmt *f, fpcode rank)
{
	const mpq_t *v;

	if (!f->tapered) {
		regular_rank_value(sig, exp, f, rank);
		return;
	}
	v = table_value(table_get(f), rank);
	/* table values are dyadic: sig / 2^k */
	mpz_set(sig, mpq_numref(*v));
	*exp = -(long)mpz_scan1(mpq_denref(*v), 0);
}

enum fp_class fmt_code_rational(mpq_t q, struct fmt *f, fpcode code)
{
	struct fmt_value v;
	enum fp_class cls;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	num_set_dyadic(q, v.sig, v.exp);
	if (v.neg)
		mpq_neg(q, q);
	cls = v.cls;
	fmt_value_clear(&v);
	return cls;
}

void fmt_rank_rational(mpq_t q, struct fmt *f, fpcode rank)
{
	mpz_t sig;
	long exp;

	mpz_init(sig);
	fmt_rank_value(sig, &exp, f, rank);
	num_set_dyadic(q, sig, exp);
	mpz_clear(sig);
}

int fmt_rank_parity(struct fmt *f, fpcode rank)
{
	if (rank > f->max_rank)
		return (int)(~fmt_code_of_rank(f, f->max_rank) & 1);
	return (int)(fmt_code_of_rank(f, rank) & 1);
}

int fmt_place(fpcode *lower, bool *exact, struct fmt *f, const mpq_t q)
{
	if (f->tapered)
		return fmt_place_by_table(lower, exact, f, q);
	return regular_place(lower, exact, f, q);
}

fpcode fmt_zero_code(struct fmt *f, bool neg)
{
	fpcode zero = fmt_code_of_rank(f, 0);
	struct fmt_value v;
	bool signed_zero;

	if (!neg || !f->has_sign)
		return zero;
	fmt_value_init(&v);
	fmt_decode(&v, f, zero | f->sign_bit);
	signed_zero = v.cls == FP_ZERO;
	fmt_value_clear(&v);
	return signed_zero ? zero | f->sign_bit : zero;
}

bool fmt_code_from_pattern(fpcode *out, const struct fmt *f, const mpz_t pattern)
{
	return mpz_sizeinbase(pattern, 2) <= (size_t)f->bits && code_from_mpz(out, pattern);
}

void fmt_free(struct fmt *f)
{
	if (!f)
		return;
	table_free(f->table);
	if (f->shortest_memo)
		for (fpcode c = 0; c <= code_mask(f->bits); c++)
			free(f->shortest_memo[c]);
	free(f->shortest_memo);
	if (f->shortest_work)
		f->free_shortest_work(f->shortest_work);
	free(f);
}

/* ---- Deriving what a description implies ---------------------------------------- */

static const char *finish_regular(struct fmt *f)
{
	int width = f->exp_bits + f->frac_bits;
	fpcode all_ones;

	if (f->exp_bits < 1 || f->exp_bits > 15)
		return "exponent must be 1 to 15 bits";
	if (f->frac_bits < 0 || f->frac_bits > 112)
		return "fraction must be 0 to 112 bits";
	if (f->specials == SPECIALS_IEEE && f->exp_bits < 2)
		return "an ieee format needs at least 2 exponent bits";
	if (f->specials == SPECIALS_FNUZ && !f->has_sign)
		return "an fnuz format needs a sign bit";
	if (f->bias < -(1 << 16) || f->bias > (1 << 16))
		return "bias must be within ±65536";
	f->bits = width + (f->has_sign ? 1 : 0);
	if (f->bits > CODE_MAX_BITS)
		return "a format is at most 128 bits wide";
	all_ones = code_mask(width); /* only now that the widths are known to be sane */
	f->sign_bit = f->has_sign ? (fpcode)1 << width : 0;
	f->emin = f->specials == SPECIALS_E8M0 ? -f->bias : 1 - f->bias;
	f->has_zero = f->specials != SPECIALS_E8M0;
	f->has_inf = f->specials == SPECIALS_IEEE;
	f->inf_code = code_mask(f->exp_bits) << f->frac_bits;
	f->nan_signed = f->specials == SPECIALS_IEEE || f->specials == SPECIALS_FN;
	switch (f->specials) {
	case SPECIALS_IEEE:
		f->max_rank = f->inf_code - 1;
		f->has_nan = f->frac_bits > 0;
		f->nan_code = f->inf_code | (f->has_nan ? (fpcode)1 << (f->frac_bits - 1) : 0);
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
	if ((long)(f->max_rank >> f->frac_bits) < first_normal_field(f))
		return "the format has no normal numbers";
	f->emax = (long)(f->max_rank >> f->frac_bits) - f->bias;
	f->precision = f->frac_bits + 1;
	return NULL;
}

/* Every magnitude code must match exactly one class, and the widths must add up. */
static const char *check_classes(const struct fmt *f, int width)
{
	for (int i = 0; i < f->nclasses; i++) {
		const struct fmt_class *c = &f->classes[i];
		if (c->prefix_len + c->exp_bits + c->mant_bits != width)
			return "a class's prefix, exponent and mantissa must fill the bits after the sign";
		if (c->exp_bits > 16 || c->mant_bits > 16)
			return "a class field is too wide";
	}
	for (fpcode mag = 0; mag <= code_mask(width); mag++) {
		int matches = 0;
		for (int i = 0; i < f->nclasses; i++)
			matches += class_matches(&f->classes[i], mag, width);
		if (matches != 1)
			return matches ? "class prefixes overlap" : "class prefixes leave codes undescribed";
	}
	return NULL;
}

static bool is_number(enum fp_class c)
{
	return c == FP_NORMAL || c == FP_SUBNORMAL;
}

/* With a sign bit, every negative number must mirror a positive one, and back. */
static const char *check_symmetry(struct fmt *f, int width)
{
	struct fmt_value p, n;
	const char *why = NULL;

	if (!f->has_sign)
		return NULL;
	fmt_value_init(&p);
	fmt_value_init(&n);
	for (fpcode mag = 0; mag <= code_mask(width) && !why; mag++) {
		tapered_decode(&p, f, mag);
		tapered_decode(&n, f, mag | f->sign_bit);
		if (is_number(p.cls) != is_number(n.cls) ||
		    (is_number(p.cls) && (mpz_cmp(p.sig, n.sig) || p.exp != n.exp || !n.neg || p.neg)))
			why = "a code and its negative (the sign bit flipped) must be a number and its negative";
	}
	fmt_value_clear(&p);
	fmt_value_clear(&n);
	return why;
}

static bool is_nan_special(const struct fmt *f, fpcode code)
{
	const struct fmt_special *s = find_special(f, code);

	return s && s->cls == FP_NAN;
}

static void derive_specials(struct fmt *f)
{
	bool zero_seen = false;

	for (int i = f->nspecials - 1; i >= 0; i--) {
		const struct fmt_special *s = &f->special[i];
		if (s->cls == FP_NAN) {
			f->has_nan = true;
			f->nan_code = s->code;
		} else if (s->cls == FP_INF && !s->neg) {
			f->has_inf = true;
			f->inf_code = s->code;
		} else if (s->cls == FP_ZERO)
			zero_seen = true;
	}
	f->has_zero = zero_seen;
	f->nan_signed = f->has_nan && f->has_sign && is_nan_special(f, f->nan_code & ~f->sign_bit) &&
			is_nan_special(f, f->nan_code | f->sign_bit);
	if (f->nan_signed)
		f->nan_code &= ~f->sign_bit;
}

static const char *finish_tapered(struct fmt *f)
{
	int width = f->has_sign ? f->bits - 1 : f->bits;
	const char *why;
	struct fmt_table *t;
	struct fmt_value v;

	if (f->bits < 2 || f->bits > 16)
		return "a tapered format is 2 to 16 bits wide";
	if (f->nclasses == 0)
		return "a tapered format needs class lines";
	if ((why = check_classes(f, width)))
		return why;
	f->sign_bit = f->has_sign ? (fpcode)1 << width : 0;
	f->precision = 0;
	for (int i = 0; i < f->nclasses; i++)
		if (f->classes[i].mant_bits + 1 > f->precision)
			f->precision = f->classes[i].mant_bits + 1;
	for (int i = 0; i < f->nspecials; i++) {
		if (f->special[i].code > code_mask(f->bits))
			return "a special code has more bits than the format";
		f->special[i].neg = f->has_sign && (f->special[i].code & f->sign_bit);
	}
	derive_specials(f);
	if ((why = check_symmetry(f, width)))
		return why;
	t = table_get(f);
	if (t->count < 2)
		return "a tapered format needs at least two finite values";
	for (size_t r = 0; r + 1 < t->count; r++)
		if (mpq_equal(t->entry[r].value, t->entry[r + 1].value))
			return "two codes stand for the same value: the classes' exponents overlap";
	f->max_rank = t->count - 1;
	fmt_value_init(&v);
	f->emin = 0;
	for (size_t r = 0; r < t->count; r++) {
		fmt_decode(&v, f, t->entry[r].code);
		if (v.cls == FP_NORMAL) {
			f->emin = v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1;
			break;
		}
	}
	fmt_decode(&v, f, t->entry[t->count - 1].code);
	f->emax = v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1;
	fmt_value_clear(&v);
	return NULL;
}

const char *fmt_finish(struct fmt *f)
{
	if (f->name[0] == '\0')
		return "the format has no name";
	return f->tapered ? finish_tapered(f) : finish_regular(f);
}
