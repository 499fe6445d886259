/*
 * oracle.c — fpx's rounding against independent references:
 *   - binary64 and binary32 against glibc's correctly rounded strtod and strtof, in all
 *     four IEEE rounding modes (fesetround), on random decimals and on decimals at and
 *     next to exact midpoints between neighbouring values;
 *   - other IEEE-like formats against MPFR with precision p, emin/emax and
 *     mpfr_subnormalize, on random rationals and near-midpoints, comparing the value,
 *     the sign of zero and the ternary (binary256 and e19m236 too, with 256-bit codes);
 *   - x87 (80-bit extended) against the host's long double, where it is that format:
 *     strtold in all four modes on random decimals, and the value and class glibc gives
 *     every code, random and not canonical (pseudo-denormals, unnormals, pseudo-NaNs);
 *   - NaNs typed with payloads (nan(0x1f), nan(31), nan(037), signed) against glibc's
 *     strtof, strtod and strtold, and snan against GCC's __builtin_nans[fl].
 * Deterministic: a fixed seed, so a failure repeats.
 */
#include <fenv.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "format.h"
#include "parse.h"
#include "registry.h"
#include "round.h"
#include "testlib.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rng(void)
{
	return test_rng(&rng_state);
}

static long rng_range(long lo, long hi)
{
	return lo + (long)(rng() % (uint64_t)(hi - lo + 1));
}

static const struct {
	int fe;
	enum rnd_mode fpx;
	mpfr_rnd_t mpfr;
} modes[] = {
	{ FE_TONEAREST, RND_NEAREST_EVEN, MPFR_RNDN },
	{ FE_TOWARDZERO, RND_TOWARD_ZERO, MPFR_RNDZ },
	{ FE_UPWARD, RND_UP, MPFR_RNDU },
	{ FE_DOWNWARD, RND_DOWN, MPFR_RNDD },
};

static bool fpx_round(fpcode *code, int *ternary, const struct fmt *f, const char *text, enum rnd_mode mode)
{
	struct input in;
	struct parse_error err;
	struct rnd_result r = { .code = 0 };
	bool ok;

	parse_input_init(&in);
	ok = parse_input(&in, &err, text, strlen(text)) == PARSE_OK && in.kind == INPUT_VALUE &&
	     rnd_encode(&r, f, &in.value, rnd_spec(mode, RND_SAT_NONE)) == RND_OK;
	*code = r.code;
	*ternary = r.ternary;
	parse_input_clear(&in);
	return ok;
}

/* ---- Decimal inputs ------------------------------------------------------------------ */

/* A random decimal: 1–25 digits, a point somewhere or none, an exponent. */
static void random_decimal(char *out, long exp_lo, long exp_hi)
{
	int digits = (int)rng_range(1, 25), point = (int)rng_range(0, digits), n = 0;

	if (rng() & 1)
		out[n++] = '-';
	for (int i = 0; i < digits; i++) {
		if (i == point && i)
			out[n++] = '.';
		out[n++] = (char)('0' + (i == 0 ? rng_range(1, 9) : rng_range(0, 9)));
	}
	sprintf(out + n, "e%ld", rng_range(exp_lo, exp_hi));
}

/*
 * The exact midpoint above a random finite value of a binary format with `frac` fraction
 * bits and exponents emin..emax, written as digits·10^k; then, by `variant`, cut to
 * 17–25 significant digits (just below) or with a 1 appended far down (just above).
 */
static void near_midpoint(char *out, size_t size, int frac, long emin, long emax, int variant)
{
	mpz_t m;
	long e = rng_range(emin - frac, emax - frac), len;
	char *digits;

	mpz_init(m);
	mpz_set_ui(m, rng());
	mpz_mul_2exp(m, m, 64);
	mpz_add_ui(m, m, rng());
	mpz_fdiv_r_2exp(m, m, (mp_bitcnt_t)frac + 1);
	if (e > emin - frac)
		mpz_setbit(m, (mp_bitcnt_t)frac); /* normal */
	mpz_mul_2exp(m, m, 1);
	mpz_add_ui(m, m, 1); /* (2m + 1)·2^(e−1): the midpoint */
	e -= 1;
	if (e < 0) {
		mpz_t five;
		mpz_init(five);
		mpz_ui_pow_ui(five, 5, (unsigned long)-e);
		mpz_mul(m, m, five);
		mpz_clear(five);
	} else
		mpz_mul_2exp(m, m, (mp_bitcnt_t)e), e = 0;
	digits = mpz_get_str(NULL, 10, m);
	len = (long)strlen(digits);
	if (variant == 1 && len > 25) { /* truncated: just below the midpoint */
		long keep = rng_range(17, 25);
		e += len - keep;
		digits[keep] = '\0';
	}
	snprintf(out, size, "%s%s%se%ld", rng() & 1 ? "-" : "", digits, variant == 2 ? "00000000001" : "",
		 variant == 2 ? e - 11 : e);
	free(digits);
	mpz_clear(m);
}

static void compare_strtod(const struct fmt *f64, const struct fmt *f32, const char *text)
{
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		fpcode code = 0;
		int ternary;
		double d;
		float s;
		uint64_t dbits;
		uint32_t sbits;

		fesetround(modes[m].fe);
		d = strtod(text, NULL);
		s = strtof(text, NULL);
		fesetround(FE_TONEAREST);
		memcpy(&dbits, &d, sizeof d);
		memcpy(&sbits, &s, sizeof s);
		check(fpx_round(&code, &ternary, f64, text, modes[m].fpx) && code == dbits,
		      "binary64 %s %s: fpx 0x%016llx, strtod 0x%016llx", rnd_mode_name(modes[m].fpx), text,
		      (unsigned long long)code, (unsigned long long)dbits);
		check(fpx_round(&code, &ternary, f32, text, modes[m].fpx) && code == sbits,
		      "binary32 %s %s: fpx 0x%08x, strtof 0x%08x", rnd_mode_name(modes[m].fpx), text,
		      (unsigned)code, (unsigned)sbits);
	}
}

static void check_against_strtod(int count)
{
	const struct fmt *f64 = fmt_lookup("binary64"), *f32 = fmt_lookup("binary32");
	static char text[2000];

	for (int i = 0; i < count; i++) {
		random_decimal(text, -340, 310);
		compare_strtod(f64, f32, text);
		random_decimal(text, -50, 40);
		compare_strtod(f64, f32, text);
		near_midpoint(text, sizeof text, 52, -1022, 1023, i % 3);
		compare_strtod(f64, f32, text);
		near_midpoint(text, sizeof text, 23, -126, 127, i % 3);
		compare_strtod(f64, f32, text);
	}
}

/* ---- MPFR ----------------------------------------------------------------------------- */

/* The value of a code, its class and sign. */
static void value_of(mpq_t q, const struct fmt *f, fpcode code, int *cls, bool *neg)
{
	*cls = (int)fmt_code_rational(q, f, code);
	*neg = (code & f->sign_bit) != 0;
}

/* Rounds q (signed) with MPFR in f's precision and range, and compares with fpx. */
static void compare_mpfr(const struct fmt *f, const mpq_t q, size_t m)
{
	mpfr_t x;
	mpq_t got;
	struct num in;
	struct rnd_result r;
	int t, cls;
	bool neg;

	mpfr_set_emin(2 - f->grid.bias - f->grid.frac_bits);
	mpfr_set_emax(f->emax + 1);
	mpfr_init2(x, f->grid.frac_bits + 1);
	t = mpfr_set_q(x, q, modes[m].mpfr);
	t = mpfr_subnormalize(x, t, modes[m].mpfr);
	num_init(&in);
	mpq_abs(in.mag, q);
	in.neg = mpq_sgn(q) < 0;
	rnd_encode(&r, f, &in, rnd_spec(modes[m].fpx, RND_SAT_NONE));
	mpq_init(got);
	value_of(got, f, r.code, &cls, &neg);
	if (mpfr_inf_p(x))
		check(cls == FP_INF && neg == (mpfr_sgn(x) < 0), "%s %s: mpfr inf, fpx code 0x%llx", f->name,
		      rnd_mode_name(modes[m].fpx), (unsigned long long)r.code);
	else
		check(cls != FP_INF && cls != FP_NAN && mpfr_cmp_q(x, got) == 0 &&
			      (!mpfr_zero_p(x) || neg == (mpfr_signbit(x) != 0)),
		      "%s %s: value differs from mpfr (fpx code 0x%llx)", f->name, rnd_mode_name(modes[m].fpx),
		      (unsigned long long)r.code);
	check((t > 0) == (r.ternary > 0) && (t < 0) == (r.ternary < 0), "%s %s: ternary %d, mpfr %d", f->name,
	      rnd_mode_name(modes[m].fpx), r.ternary, t);
	mpq_clear(got);
	num_clear(&in);
	mpfr_clear(x);
	mpfr_set_emin(mpfr_get_emin_min());
	mpfr_set_emax(mpfr_get_emax_max());
}

/* A random rational over the format's whole range and a little past it. */
static void random_rational(mpq_t q, const struct fmt *f)
{
	long shift = rng_range(f->emin - f->grid.frac_bits - 3, f->emax + 2);

	mpz_set_ui(mpq_numref(q), rng() | 1);
	mpz_set_ui(mpq_denref(q), (rng() >> rng_range(0, 63)) | 1);
	mpq_canonicalize(q);
	if (shift >= 0)
		mpq_mul_2exp(q, q, (mp_bitcnt_t)shift);
	else
		mpq_div_2exp(q, q, (mp_bitcnt_t)-shift);
	if (rng() & 1)
		mpq_neg(q, q);
}

/* A random code of every width, as many random words as a code holds. */
static fpcode random_code(void)
{
	fpcode code = 0;

	for (int i = 0; i < CODE_WORDS; i++)
		code = code << 64 | rng();
	return code;
}

/* The midpoint above a random code's value, nudged by none, +tiny or −tiny. */
static void random_midpoint(mpq_t q, const struct fmt *f, int nudge)
{
	fpcode code = random_code() % (f->max_rank + 1);
	mpq_t next, tiny;
	int cls;
	bool neg;

	mpq_inits(next, tiny, NULL);
	value_of(q, f, code, &cls, &neg);
	if (code == f->max_rank) {
		mpq_set_ui(next, 1, 1);
		mpq_mul_2exp(next, next, (mp_bitcnt_t)(f->emax + 1)); /* the virtual value of IEEE formats */
	} else
		value_of(next, f, code + 1, &cls, &neg);
	mpq_add(q, q, next);
	mpq_div_2exp(q, q, 1);
	mpq_set_ui(tiny, 1, 1);
	mpq_div_2exp(tiny, tiny, (mp_bitcnt_t)(f->grid.frac_bits + f->grid.bias + 200));
	if (nudge == 1)
		mpq_add(q, q, tiny);
	if (nudge == 2)
		mpq_sub(q, q, tiny);
	if (rng() & 1)
		mpq_neg(q, q);
	mpq_clears(next, tiny, NULL);
}

static void check_against_mpfr(const char *name, int count)
{
	const struct fmt *f = fmt_lookup(name);
	mpq_t q;

	if (!check(f && f->grid.present && f->has_inf, "%s: not an IEEE format", name))
		return;
	mpq_init(q);
	for (int i = 0; i < count; i++) {
		random_rational(q, f);
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
			compare_mpfr(f, q, m);
		random_midpoint(q, f, i % 3);
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
			compare_mpfr(f, q, m);
	}
	mpq_clear(q);
}

static fpcode nan_code_of(const char *format, const char *text);

#if defined(__x86_64__) || defined(__i386__)
/* glibc's classification of a long double, which takes the codes that are not
 * canonical as the 387 does (math.h's names clash with fpx's enum fp_class). */
int __fpclassifyl(long double x);
enum { HOST_NAN, HOST_INFINITE, HOST_ZERO, HOST_SUBNORMAL, HOST_NORMAL };

/* The 80 bits of a long double, as a code. */
static fpcode code_of_long_double(long double x)
{
	unsigned char b[sizeof(long double)];
	fpcode code = 0;

	memcpy(b, &x, sizeof b);
	for (int i = 9; i >= 0; i--)
		code = code << 8 | b[i];
	return code;
}

static long double long_double_of_code(fpcode code)
{
	unsigned char b[sizeof(long double)] = { 0 };
	long double x;

	for (int i = 0; i < 10; i++, code >>= 8)
		b[i] = (unsigned char)code;
	memcpy(&x, b, sizeof x);
	return x;
}

static void check_x87_strtold(int count)
{
	static const int host_modes[] = { FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD };
	static const enum rnd_mode x87_modes[] = { RND_NEAREST_EVEN, RND_TOWARD_ZERO, RND_UP, RND_DOWN };
	const struct fmt *f = fmt_lookup("x87");
	char text[96];

	for (int i = 0; i < count; i++) {
		int digits = 1 + (int)(rng() % 30), e = (int)(rng() % 9900) - 4950 - digits;
		char *p = text;
		if (rng() & 1)
			*p++ = '-';
		for (int d = 0; d < digits; d++)
			*p++ = (char)('0' + (d == 0 ? 1 + rng() % 9 : rng() % 10));
		snprintf(p, sizeof text - (size_t)(p - text), "e%d", e);
		for (int m = 0; m < 4; m++) {
			struct input in;
			struct parse_error err;
			struct rnd_result r;
			fpcode want;
			fesetround(host_modes[m]);
			want = code_of_long_double(strtold(text, NULL));
			fesetround(FE_TONEAREST);
			parse_input_init(&in);
			parse_input(&in, &err, text, strlen(text));
			rnd_encode(&r, f, &in.value, rnd_spec(x87_modes[m], RND_SAT_NONE));
			parse_input_clear(&in);
			check(r.code == want, "x87 %s %s: 0x%016llx%04x, strtold 0x%016llx%04x", rnd_mode_name(x87_modes[m]), text,
			      (unsigned long long)(r.code >> 16), (unsigned)(r.code & 0xffff),
			      (unsigned long long)(want >> 16), (unsigned)(want & 0xffff));
		}
	}
}

/* A code's value and class against glibc's reading of the same 80 bits. */
static void check_x87_code(const struct fmt *f, fpcode code)
{
	long double x = long_double_of_code(code);
	int host = __fpclassifyl(x);
	mpq_t q, want;
	mpfr_t m;
	enum fp_class cls;

	mpq_inits(q, want, NULL);
	mpfr_init2(m, 64);
	cls = fmt_code_rational(q, f, code);
	if (host == HOST_NAN || host == HOST_INFINITE)
		check(cls == (host == HOST_NAN ? FP_NAN : FP_INF), "x87 0x%016llx%04x: class", (unsigned long long)(code >> 16),
		      (unsigned)(code & 0xffff));
	else {
		mpfr_set_ld(m, x, MPFR_RNDN); /* exact: 64 bits */
		mpfr_get_q(want, m);
		check(mpq_equal(q, want) && (cls == FP_ZERO) == (host == HOST_ZERO) &&
			      (cls == FP_SUBNORMAL) == (host == HOST_SUBNORMAL),
		      "x87 0x%016llx%04x: value or class", (unsigned long long)(code >> 16), (unsigned)(code & 0xffff));
	}
	mpfr_clear(m);
	mpq_clears(q, want, NULL);
}

/* NaN payloads: strtold's codes, and GCC's signaling one. */
static void check_x87_nans(int count)
{
	long double s = __builtin_nansl("0x5");
	char text[64];

	for (int i = 0; i < count; i++) {
		unsigned long long p = rng() & 0x3fffffffffffffffULL;
		snprintf(text, sizeof text, i & 1 ? "-nan(0x%llx)" : "nan(%llu)", p);
		check(nan_code_of("x87", text) == code_of_long_double(strtold(text, NULL)), "x87 %s: strtold's code", text);
	}
	check(nan_code_of("x87", "snan(0x5)") == code_of_long_double(s), "x87 snan(0x5): GCC's code");
}

static void check_x87_codes(int count)
{
	const struct fmt *f = fmt_lookup("x87");

	for (int i = 0; i < count; i++) {
		fpcode code = (fpcode)rng() | (fpcode)(rng() & 0xffff) << 64;
		int shape = i % 4;
		if (shape == 1) /* exponent 0: denormals and pseudo-denormals */
			code &= ~((fpcode)0x7fff << 64);
		else if (shape == 2) /* all-ones exponent: inf, NaNs, pseudo-inf and pseudo-NaNs */
			code |= (fpcode)0x7fff << 64;
		else if (shape == 3) /* no integer bit: unnormals */
			code &= ~((fpcode)1 << 63);
		check_x87_code(f, code);
	}
}
#endif

/* The code fpx gives text in f (through the converter), or ~0 when it refuses it. */
static fpcode nan_code_of(const char *format, const char *text)
{
	struct conversion c;
	fpcode code;

	conversion_init(&c);
	code = convert_text(&c, fmt_lookup(format), text, strlen(text), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) ? ~(fpcode)0 : c.code;
	conversion_clear(&c);
	return code;
}

static void check_nan_payloads(int count)
{
	static const char *const shapes[] = { "%snan(0x%llx)", "%snan(%llu)", "%snan(0%llo)" };

	for (int i = 0; i < count; i++) {
		unsigned long long p32 = rng() & 0x3fffff, p64 = rng() & 0x7ffffffffffffULL;
		const char *sign = i & 1 ? "-" : "";
		char text[64];
		float f;
		double d;
		uint32_t b32;
		uint64_t b64;
		snprintf(text, sizeof text, shapes[i % 3], sign, p32);
		f = strtof(text, NULL);
		memcpy(&b32, &f, sizeof b32);
		check(nan_code_of("binary32", text) == b32, "binary32 %s: strtof gives 0x%08x", text, (unsigned)b32);
		snprintf(text, sizeof text, shapes[i % 3], sign, p64);
		d = strtod(text, NULL);
		memcpy(&b64, &d, sizeof b64);
		check(nan_code_of("binary64", text) == b64, "binary64 %s: strtod gives 0x%016llx", text,
		      (unsigned long long)b64);
	}
}

/* GCC's signaling NaNs are constants: a few, with their texts. */
static void check_signaling_nans(void)
{
	const struct {
		const char *text;
		float f;
		double d;
	} cases[] = {
		{ "snan", __builtin_nansf(""), __builtin_nans("") },
		{ "snan(0x1)", __builtin_nansf("0x1"), __builtin_nans("0x1") },
		{ "snan(12345)", __builtin_nansf("12345"), __builtin_nans("12345") },
		{ "snan(0x3fffff)", __builtin_nansf("0x3fffff"), __builtin_nans("0x3fffff") },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		uint32_t b32;
		uint64_t b64;
		memcpy(&b32, &cases[i].f, sizeof b32);
		memcpy(&b64, &cases[i].d, sizeof b64);
		check(nan_code_of("binary32", cases[i].text) == b32, "binary32 %s: GCC gives 0x%08x", cases[i].text,
		      (unsigned)b32);
		check(nan_code_of("binary64", cases[i].text) == b64, "binary64 %s: GCC gives 0x%016llx", cases[i].text,
		      (unsigned long long)b64);
	}
}

int main(int argc, char **argv)
{
	int count = argc > 1 ? atoi(argv[1]) : 20000;
	static const char *const mpfr_formats[] = {
		"binary16", "bfloat16", "tf32", "binary32", "binary64", "binary128", "e5m2", "float8_e4m3",
		"float8_e3m4", "e8m10", "e11m4", "e6m20", "e15m63", "e3m1", "e2m112",
#if CODE_MAX_BITS >= 256 /* the widest formats, and a wide fraction under a narrow exponent */
		"binary256", "e19m236", "e17m150", "e4m200",
#endif
	};

	check_against_strtod(count);
	check_nan_payloads(count);
#if defined(__x86_64__) || defined(__i386__)
	check_x87_strtold(count / 4);
	check_x87_codes(count);
	check_x87_nans(count / 4);
#endif
	check_signaling_nans();
	for (size_t i = 0; i < sizeof mpfr_formats / sizeof mpfr_formats[0]; i++)
		check_against_mpfr(mpfr_formats[i], count / 4);
	return test_summary("oracle");
}
