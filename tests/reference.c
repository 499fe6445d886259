/*
 * reference.c — fpx's rounding against a reference written straight from fpx(1) ROUNDING,
 * sharing none of round.c's or the rank machinery's logic: for every format of at most
 * 8 bits (built-in and custom), the candidates are found by scanning every decoded code,
 * the nearest is chosen by comparing distances, ties by the code's last bit, and
 * overflow is picking the virtual value past max. Checked at every value, midpoint,
 * near-midpoint and out-of-range point, both signs, every mode, saturating or not.
 */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "registry.h"
#include "round.h"
#include "testlib.h"

static const char *const formats[] = {
	"e4m3", "e5m2", "float8_e4m3", "float8_e3m4", "float8_e4m3fnuz", "float8_e5m2fnuz",
	"float8_e4m3b11fnuz", "e2m3", "e3m2", "e2m1", "e8m0", "hif8",
	"e3m4fn", "e2m5", "e5m0", "e2m0fn", "e4m3b0", "e5m2b11fnuz", "e3m0fnuz", "e6m1",
};

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

struct code_value {
	fpcode code;
	enum fp_class cls;
	bool neg;
	mpq_t value; /* signed */
};

struct model {
	const struct fmt *f;
	struct code_value all[256];
	int n;
	mpq_t virtual_value; /* max + the spacing of max's binade */
	fpcode max_code;
};

static void model_build(struct model *m, const struct fmt *f)
{
	struct fmt_value v;
	int imax = -1;

	fmt_value_init(&v);
	m->f = f;
	m->n = 0;
	for (fpcode c = 0; c <= code_mask(f->bits); c++, m->n++) {
		struct code_value *cv = &m->all[m->n];
		fmt_decode(&v, f, c);
		cv->code = c;
		cv->cls = v.cls;
		cv->neg = v.neg;
		mpq_init(cv->value);
		num_set_dyadic(cv->value, v.sig, v.exp);
		if (v.neg)
			mpq_neg(cv->value, cv->value);
		if ((v.cls == FP_NORMAL || v.cls == FP_SUBNORMAL) &&
		    (imax < 0 || mpq_cmp(cv->value, m->all[imax].value) > 0))
			imax = m->n;
	}
	m->max_code = m->all[imax].code;
	fmt_decode(&v, f, m->max_code);
	mpz_set_ui(v.sig, 1);
	mpq_init(m->virtual_value);
	num_set_dyadic(m->virtual_value, v.sig, v.ulp_exp);
	mpq_add(m->virtual_value, m->virtual_value, m->all[imax].value);
	fmt_value_clear(&v);
}

static bool is_number(const struct code_value *cv)
{
	return cv->cls != FP_NAN && cv->cls != FP_INF;
}

/* The code of a value: for zero, the zero of x's sign where there is one. */
static int find_code(const struct model *m, const mpq_t value, bool neg_zero)
{
	int found = -1;

	for (int i = 0; i < m->n; i++)
		if (is_number(&m->all[i]) && mpq_equal(m->all[i].value, value) &&
		    (found < 0 || (mpq_sgn(value) == 0 && m->all[i].neg == neg_zero)))
			found = i;
	return found;
}

static int find_class(const struct model *m, enum fp_class cls, bool neg)
{
	int found = -1;

	for (int i = 0; i < m->n; i++)
		if (m->all[i].cls == cls && (found < 0 || m->all[i].neg == neg))
			found = i;
	return found;
}

/* Past max (or below −max): inf, else NaN, else ±max; saturating: ±max. */
static fpcode overflow_code(const struct model *m, bool neg, bool saturate)
{
	int inf = find_class(m, FP_INF, neg), nan = find_class(m, FP_NAN, neg);
	mpq_t max;
	int i;

	if (!saturate && inf >= 0 && m->all[inf].neg == neg)
		return m->all[inf].code;
	if (!saturate && nan >= 0)
		return m->all[nan].code;
	mpq_init(max);
	mpq_set(max, m->all[find_code(m, m->all[0].value, false)].value);
	for (i = 0; i < m->n; i++)
		if (is_number(&m->all[i]) && (neg ? mpq_cmp(m->all[i].value, max) < 0 : mpq_cmp(m->all[i].value, max) > 0))
			mpq_set(max, m->all[i].value);
	i = find_code(m, max, neg);
	mpq_clear(max);
	return m->all[i].code;
}

/* The reference rounding of a nonzero signed x. */
static fpcode reference(const struct model *m, const mpq_t x, enum rnd_mode mode, bool saturate)
{
	bool neg = mpq_sgn(x) < 0, lower_virtual = false, upper_virtual = false, take_upper;
	int lo = -1, hi = -1, exact;
	mpq_t dlo, dhi, vlo, vhi;
	int lo_parity, hi_parity;
	fpcode result;

	if ((exact = find_code(m, x, neg)) >= 0)
		return m->all[exact].code;
	for (int i = 0; i < m->n; i++) {
		const struct code_value *cv = &m->all[i];
		if (!is_number(cv))
			continue;
		if (mpq_cmp(cv->value, x) < 0 && (lo < 0 || mpq_cmp(cv->value, m->all[lo].value) > 0))
			lo = i;
		if (mpq_cmp(cv->value, x) > 0 && (hi < 0 || mpq_cmp(cv->value, m->all[hi].value) < 0))
			hi = i;
	}
	if (!m->f->has_zero && lo < 0 && !neg) /* E8M0 below its smallest value */
		return m->all[hi].code;
	if (!m->f->has_sign && neg)
		return m->all[find_class(m, FP_NAN, false)].code;
	mpq_inits(dlo, dhi, vlo, vhi, NULL);
	upper_virtual = hi < 0;
	lower_virtual = lo < 0;
	if (upper_virtual)
		mpq_set(vhi, m->virtual_value);
	else
		mpq_set(vhi, m->all[hi].value);
	if (lower_virtual)
		mpq_neg(vlo, m->virtual_value);
	else
		mpq_set(vlo, m->all[lo].value);
	/* the zero candidate on x's side has x's sign */
	if (!upper_virtual && mpq_sgn(vhi) == 0)
		hi = find_code(m, vhi, neg);
	if (!lower_virtual && mpq_sgn(vlo) == 0)
		lo = find_code(m, vlo, neg);
	lo_parity = lower_virtual ? (int)(~m->max_code & 1) : (int)(m->all[lo].code & 1);
	hi_parity = upper_virtual ? (int)(~m->max_code & 1) : (int)(m->all[hi].code & 1);
	mpq_sub(dlo, x, vlo);
	mpq_sub(dhi, vhi, x);
	switch (mode) {
	case RND_NEAREST_EVEN:
		take_upper = mpq_cmp(dhi, dlo) < 0 || (mpq_equal(dhi, dlo) && hi_parity == 0 && lo_parity != 0);
		break;
	case RND_NEAREST_AWAY:
		take_upper = mpq_cmp(dhi, dlo) < 0 || (mpq_equal(dhi, dlo) && !neg);
		break;
	case RND_TOWARD_ZERO: take_upper = neg; break;
	case RND_UP: take_upper = true; break;
	default: take_upper = false; break;
	}
	if (take_upper ? upper_virtual : lower_virtual)
		result = overflow_code(m, neg, saturate || (!m->f->has_inf && !m->f->has_nan));
	else
		result = m->all[take_upper ? hi : lo].code;
	mpq_clears(dlo, dhi, vlo, vhi, NULL);
	return result;
}

static void compare_at(const struct model *m, const mpq_t x)
{
	struct num in;
	struct rnd_result r;

	if (mpq_sgn(x) == 0)
		return;
	num_init(&in);
	mpq_abs(in.mag, x);
	in.neg = mpq_sgn(x) < 0;
	for (int k = 0; k < 5; k++)
		for (int sat = 0; sat < 2; sat++) {
			fpcode want = reference(m, x, modes[k], sat);
			rnd_encode(&r, m->f, &in, rnd_spec(modes[k], (enum rnd_sat)(sat)));
			if (r.code == want) {
				check(true, "%s", "");
				continue;
			}
			char *text = mpq_get_str(NULL, 10, x);
			check(false, "%s %s%s %s: fpx 0x%x, reference 0x%x", m->f->name, rnd_mode_name(modes[k]),
			      sat ? " sat" : "", text, (unsigned)r.code, (unsigned)want);
			free(text);
		}
	num_clear(&in);
}

static int compare_values(const void *a, const void *b)
{
	return mpq_cmp(*(const mpq_t *)a, *(const mpq_t *)b);
}

/* Every value, midpoint and near-midpoint between consecutive values, both signs. */
static void check_format(struct model *m)
{
	mpq_t points[260], q, gap;
	int n = 0;

	for (int i = 0; i < m->n; i++)
		if (is_number(&m->all[i]) && mpq_sgn(m->all[i].value) >= 0) {
			mpq_init(points[n]);
			mpq_set(points[n++], m->all[i].value);
		}
	mpq_init(points[n]);
	mpq_set(points[n++], m->virtual_value);
	qsort(points, (size_t)n, sizeof points[0], compare_values);
	mpq_inits(q, gap, NULL);
	for (int i = 0; i + 1 < n; i++)
		for (int k = 0; k < 5; k++) {
			static const int offset[] = { 0, 32, 31, 33, 64 }; /* in 64ths of the gap */
			mpq_sub(gap, points[i + 1], points[i]);
			mpz_mul_si(mpq_numref(q), mpq_numref(gap), offset[k]);
			mpz_mul_2exp(mpq_denref(q), mpq_denref(gap), 6);
			mpq_canonicalize(q);
			mpq_add(q, q, points[i]);
			compare_at(m, q);
			mpq_neg(q, q);
			compare_at(m, q);
		}
	mpq_mul_2exp(q, points[n - 1], 1); /* twice the virtual value */
	compare_at(m, q);
	mpq_neg(q, q);
	compare_at(m, q);
	mpq_div_2exp(q, points[m->f->has_zero ? 1 : 0], 5); /* far below the smallest */
	compare_at(m, q);
	mpq_neg(q, q);
	compare_at(m, q);
	for (int i = 0; i < n; i++)
		mpq_clear(points[i]);
	mpq_clears(q, gap, NULL);
}

int main(void)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		struct model m;
		const struct fmt *f = fmt_lookup(formats[i]);
		if (!check(f && f->bits <= 8, "%s: no such 8-bit format", formats[i]))
			continue;
		model_build(&m, f);
		check_format(&m);
		for (int k = 0; k < m.n; k++)
			mpq_clear(m.all[k].value);
		mpq_clear(m.virtual_value);
	}
	return test_summary("reference");
}
