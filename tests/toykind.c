/*
 * toykind.c — the format interface (src/kind.h) admits a kind that src/ knows nothing
 * of: a posit (Posit Standard 2022, any es), built here, outside src/, and run through
 * rounding, the readout and `show` with no edits to them. Its negative codes are the
 * two's complement of the positive ones, its midpoints are those of the bit string (the
 * value of the code one bit longer), and it never rounds a nonzero value to zero or to
 * NaR. The expected values are worked by hand from the standard's definition for
 * posit<6,1> (useed 4): 0b010000 is 1, 0b011111 is maxpos 4^4 = 256, 0b000001 is minpos
 * 1/256, 0b100000 is NaR.
 */
#include <stdlib.h>

#include "format.h"
#include "num.h"
#include "parse.h"
#include "readout.h"
#include "show.h"
#include "strbuf.h"
#include "testlib.h"

struct posit_params {
	int es;
};

static int es_of(const struct fmt *f)
{
	return ((const struct posit_params *)f->kind_data)->es;
}

/* The widths of a positive n-bit code's regime (with its terminator), exponent and
 * fraction, and the value 2^scale·(1 + fraction/2^fbits). */
struct posit_parts {
	int regime_bits, exp_bits, frac_bits;
	long scale;
	fpcode fraction;
};

static void split(struct posit_parts *p, int n, int es, fpcode mag)
{
	int top = n - 2, run = 0, left;
	int bit = (int)((mag >> top) & 1);
	long k, e = 0;

	while (run <= top && (int)((mag >> (top - run)) & 1) == bit)
		run++;
	k = bit ? run - 1 : -run;
	p->regime_bits = run + (run <= top); /* the terminating bit, when there is room */
	left = n - 1 - p->regime_bits;
	p->exp_bits = left < es ? left : es;
	e = (long)((mag >> (left - p->exp_bits)) & code_mask(p->exp_bits)) << (es - p->exp_bits);
	p->frac_bits = left - p->exp_bits;
	p->fraction = mag & code_mask(p->frac_bits);
	p->scale = k * (1L << es) + e;
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
	code_to_mpz(out->sig, p.fraction | (fpcode)1 << p.frac_bits);
	out->exp = out->ulp_exp = p.scale - p.frac_bits;
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
	return neg ? (-mag) & code_mask(f->bits) : mag;
}

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

static fpcode same_rank(const struct fmt *f, fpcode rank)
{
	(void)f;
	return rank;
}

/* Past maxpos, the virtual value is maxpos·useed (the next regime). */
static void posit_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	struct posit_parts p;

	if (rank == 0) {
		mpz_set_ui(sig, 0);
		*exp = 0;
		return;
	}
	split(&p, f->bits, es_of(f), rank > f->max_rank ? f->max_rank : rank);
	code_to_mpz(sig, p.fraction | (fpcode)1 << p.frac_bits);
	*exp = p.scale - p.frac_bits + (rank > f->max_rank ? 1L << es_of(f) : 0);
}

/* The value of a rank, or of the (n+1)-bit code 2·rank + 1 between two (its midpoint). */
static void rank_rational(mpq_t q, const struct fmt *f, fpcode rank, bool midpoint)
{
	struct posit_parts p;
	mpz_t sig;

	mpz_init(sig);
	if (midpoint) {
		split(&p, f->bits + 1, es_of(f), 2 * rank + 1);
		code_to_mpz(sig, p.fraction | (fpcode)1 << p.frac_bits);
		num_set_dyadic(q, sig, p.scale - p.frac_bits);
	} else {
		long exp;
		posit_rank_value(sig, &exp, f, rank);
		num_set_dyadic(q, sig, exp);
	}
	mpz_clear(sig);
}

static int posit_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	fpcode lo = 0, hi = f->max_rank + 1; /* value(lo) ≤ q < value(hi) */
	mpq_t v;
	int c;

	mpq_init(v);
	rank_rational(v, f, f->max_rank, false);
	if (mpq_cmp(q, v) > 0) {
		mpq_clear(v);
		*lower = f->max_rank + 1;
		*exact = false;
		return 1;
	}
	while (hi - lo > 1) {
		fpcode mid = lo + (hi - lo) / 2;
		rank_rational(v, f, mid, false);
		if (mpq_cmp(v, q) <= 0)
			lo = mid;
		else
			hi = mid;
	}
	rank_rational(v, f, lo, false);
	*lower = lo;
	*exact = mpq_equal(v, q);
	rank_rational(v, f, lo, lo < f->max_rank);
	c = lo < f->max_rank ? mpq_cmp(q, v) : 1;
	mpq_clear(v);
	return c > 0 ? 1 : c < 0 ? -1 : 0;
}

static void posit_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	struct posit_parts p;

	if (v->cls == FP_ZERO) {
		sb_putc(out, '0');
		return;
	}
	split(&p, f->bits, es_of(f), mag);
	sb_printf(out, "2^%ld", p.scale);
	kind_significand_text(out, p.fraction, p.frac_bits, true);
}

static void posit_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
				int field_kind)
{
	(void)f, (void)code, (void)v;
	sb_puts(out, field_kind == BITS_REGIME ? "a run of equal bits: k" : "exponent within the regime");
}

static void posit_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
			 const void *arg)
{
	(void)indent;
	name(out, BITS_SIGN, arg);
	sb_printf(out, " 1 (two's complement), then ");
	name(out, BITS_REGIME, arg);
	sb_printf(out, ", exponent %d, fraction\n", es_of(f));
}

static const char *posit_finish(struct fmt *f)
{
	struct posit_parts p;

	if (f->bits < 3 || f->bits > 32 || !f->kind_data)
		return "a toy posit is 3 to 32 bits wide";
	f->has_sign = true;
	f->sign_bit = f->nan_code = (fpcode)1 << (f->bits - 1);
	f->has_nan = f->has_zero = true;
	f->max_rank = f->nan_code - 1;
	f->min_normal_rank = 1;
	split(&p, f->bits, es_of(f), 1);
	f->emin = p.scale;
	split(&p, f->bits, es_of(f), f->max_rank);
	f->emax = p.scale;
	f->precision = f->bits - 2 - es_of(f) > 1 ? f->bits - 2 - es_of(f) : 1;
	f->saturates_always = f->keeps_nonzero = true;
	return NULL;
}

static const struct fmt_kind toy_posit = {
	.name = "posit",
	.finish = posit_finish,
	.magnitude = posit_magnitude,
	.with_sign = posit_with_sign,
	.decode = posit_decode,
	.fields = posit_fields,
	.code_of_rank = same_rank,
	.rank_of_code = same_rank,
	.rank_value = posit_rank_value,
	.place = posit_place,
	.formula = posit_formula,
	.explain_field = posit_explain_field,
	.layout = posit_layout,
};

static struct fmt *make_posit(int n, const struct posit_params *params)
{
	struct fmt *f = calloc(1, sizeof *f);

	if (!f)
		abort();
	snprintf(f->name, sizeof f->name, "posit%d", n);
	snprintf(f->description, sizeof f->description, "a toy posit");
	f->bits = n;
	f->kind = &toy_posit;
	f->kind_data = params;
	if (fmt_finish(f))
		abort();
	return f;
}

/* The code text rounds to under mode (not saturating: posits saturate anyway). */
static fpcode rounded(const struct fmt *f, const char *text, enum rnd_mode mode, unsigned *flags)
{
	struct input in;
	struct parse_error err;
	struct rnd_result r = { .code = 0 };

	input_init(&in);
	if (parse_input(&in, &err, text, strlen(text)) != PARSE_OK ||
	    rnd_encode(&r, f, &in.value, mode, false) != RND_OK)
		r.code = ~(fpcode)0;
	input_clear(&in);
	if (flags)
		*flags = r.flags;
	return r.code;
}

static void check_value(const struct fmt *f, fpcode code, const char *value)
{
	mpq_t q, want;

	mpq_inits(q, want, NULL);
	fmt_code_rational(q, f, code);
	mpq_set_str(want, value, 10);
	mpq_canonicalize(want);
	check(mpq_equal(q, want), "posit6 0x%02x is %s", (unsigned)code, value);
	mpq_clears(q, want, NULL);
}

static void check_values(const struct fmt *f)
{
	struct fmt_value v;

	check_value(f, 0x10, "1");
	check_value(f, 0x11, "5/4");
	check_value(f, 0x14, "2");
	check_value(f, 0x1f, "256");
	check_value(f, 0x1e, "64");
	check_value(f, 0x01, "1/256");
	check_value(f, 0x3f, "-1/256"); /* the two's complement of minpos, not -(0x1f) */
	check_value(f, 0x30, "-1");
	check_value(f, 0x21, "-256");
	fmt_value_init(&v);
	fmt_decode(&v, f, 0x20);
	check(v.cls == FP_NAN, "posit6 0x20 is NaR");
	fmt_value_clear(&v);
}

static void check_rounding(const struct fmt *f)
{
	unsigned flags;

	check(rounded(f, "1e-9", RND_NEAREST_EVEN, NULL) == 0x01, "1e-9 -> minpos, never 0");
	check(rounded(f, "-1e-9", RND_TOWARD_ZERO, NULL) == 0x3f, "-1e-9 under rtz -> -minpos");
	check(rounded(f, "1e9", RND_NEAREST_EVEN, &flags) == 0x1f && (flags & RND_SATURATED),
	      "1e9 -> maxpos, saturated, never NaR");
	check(rounded(f, "-1e9", RND_UP, NULL) == 0x21, "-1e9 -> -maxpos");
	check(rounded(f, "inf", RND_NEAREST_EVEN, NULL) == 0x20, "inf -> NaR");
	check(rounded(f, "nan", RND_NEAREST_EVEN, NULL) == 0x20, "nan -> NaR");
	check(rounded(f, "-0", RND_NEAREST_EVEN, NULL) == 0x00, "-0 -> the one zero");
	check(rounded(f, "0", RND_NEAREST_EVEN, NULL) == 0x00, "0 -> 0");
	/* Between 64 and 256 the bit string's midpoint is 128 (0b0111101), not 160. */
	check(rounded(f, "150", RND_NEAREST_EVEN, NULL) == 0x1f, "150 -> 256");
	check(rounded(f, "120", RND_NEAREST_EVEN, NULL) == 0x1e, "120 -> 64");
	check(rounded(f, "128", RND_NEAREST_EVEN, &flags) == 0x1e && (flags & RND_TIE), "128 ties to the even 0x1e");
	check(rounded(f, "-150", RND_NEAREST_EVEN, NULL) == 0x21, "-150 -> -256");
	check(rounded(f, "1.125", RND_NEAREST_EVEN, NULL) == 0x10, "1.125 ties to 1 (0x10)");
	check(rounded(f, "1.1", RND_UP, NULL) == 0x11, "1.1 under rup -> 1.25");
	check(rounded(f, "-1.1", RND_UP, NULL) == 0x30, "-1.1 under rup -> -1");
}

/* Every code's readout and `show` run, and its neighbours are the codes next in value. */
static void check_readouts(const struct fmt *f)
{
	struct show_style style = { false, true, 0 };

	for (fpcode code = 0; code <= code_mask(f->bits); code++) {
		struct readout r;
		struct strbuf text;
		readout_of_code(&r, f, "toy", code, RND_NEAREST_EVEN, false);
		sb_init(&text);
		show_readout(&text, &r, &style);
		if (code != 0x20 && code != 0x1f) /* NaR has none; maxpos nothing above */
			check(r.above.exists && r.above.code == ((code + 1) & 0x3f), "above 0x%02x", (unsigned)code);
		if (code != 0x20 && code != 0x21)
			check(r.below.exists && r.below.code == ((code - 1) & 0x3f), "below 0x%02x", (unsigned)code);
		if (code == 0x3f)
			check(strstr(text.s, "regime") && strstr(text.s, "-0.00390625") &&
			      strstr(text.s, "become max (the format always saturates)"), "show 0x3f:\n%s", text.s);
		sb_free(&text);
		readout_clear(&r);
	}
}

int main(void)
{
	static const struct posit_params es1 = { 1 };
	struct fmt *f = make_posit(6, &es1);

	check_values(f);
	check_rounding(f);
	check_readouts(f);
	fmt_free(f);
	return test_summary("toykind");
}
