/*
 * posit.c — the posit kind (src/format/kind_posit.c) against definitions written here apart
 * from it:
 *  - every code's value, for every width 3..16 and es 0..3 and for random codes of
 *    posit32 and posit64, against the Posit Standard's closed formula on the raw bits
 *    of the code, two's complement and all: (1 − 3s + f) · 2^((1 − 2s)(2^es·r + e + s));
 *  - maxpos and minpos of posit8..posit64 against the standard's table (2^±24, 2^±56,
 *    2^±120, 2^±248);
 *  - rounding (every mode) of each code's value, of the midpoint between each two
 *    neighbours (the value of the code one bit longer, from the same formula) and of
 *    points just either side, against a search over the codes' formula values, for the
 *    widths 3..12 (es 0..3) and posit16 in full, and random points in posit32 and posit64; past maxpos and
 *    below minpos it saturates (SoftPosit's rule: round on the bits, never to 0 or NaR);
 *  - the hand-worked posit<6,1> values and roundings of the standard's definition, and
 *    the readout and neighbours of every posit<6,1> code.
 */
#include <stdlib.h>

#include "format.h"
#include "num.h"
#include "readout.h"
#include "registry.h"
#include "show.h"
#include "strbuf.h"
#include "testlib.h"

/* ---- The standard's formula, on the raw bits ---------------------------------------- */

/* The value of an n-bit code c of posit<n,es> by the closed formula; false for NaR. */
static bool formula_value(mpq_t out, int n, int es, fpcode c)
{
	int s = (int)((c >> (n - 1)) & 1), i = n - 2, run = 0, first, r, e = 0, ebits = 0, fbits = 0;
	mpz_t fraction;

	if (c == 0) {
		mpq_set_ui(out, 0, 1);
		return true;
	}
	if (c == (fpcode)1 << (n - 1))
		return false;
	first = (int)((c >> i) & 1);
	while (i >= 0 && (int)((c >> i) & 1) == first)
		run++, i--;
	r = first ? run - 1 : -run;
	i--; /* the terminating bit, if any */
	for (; i >= 0 && ebits < es; i--, ebits++)
		e = e << 1 | (int)((c >> i) & 1);
	e <<= es - ebits;
	mpz_init(fraction);
	for (; i >= 0; i--, fbits++)
		mpz_mul_2exp(fraction, fraction, 1), mpz_add_ui(fraction, fraction, (unsigned long)((c >> i) & 1));
	/* out = (1 − 3s + fraction/2^fbits) · 2^((1 − 2s)(2^es·r + e + s)) */
	mpq_set_z(out, fraction);
	mpq_div_2exp(out, out, (mp_bitcnt_t)fbits);
	{
		mpq_t lead;
		long scale = (long)(1 - 2 * s) * ((long)r * (1L << es) + e + s);
		mpq_init(lead);
		mpq_set_si(lead, 1 - 3 * s, 1);
		mpq_add(out, out, lead);
		if (scale >= 0)
			mpq_mul_2exp(out, out, (mp_bitcnt_t)scale);
		else
			mpq_div_2exp(out, out, (mp_bitcnt_t)-scale);
		mpq_clear(lead);
	}
	mpz_clear(fraction);
	return true;
}

static const struct fmt *posit(int n, int es)
{
	char name[32];
	const struct fmt *f;

	snprintf(name, sizeof name, es == 2 ? "posit%d" : "posit%des%d", n, es);
	f = fmt_lookup(name);
	if (!f) {
		printf("no format %s\n", name);
		exit(1);
	}
	return f;
}

static void check_code(const struct fmt *f, int es, fpcode c)
{
	mpq_t want, got;
	bool real;
	enum fp_class cls;

	mpq_inits(want, got, NULL);
	real = formula_value(want, f->bits, es, c);
	cls = fmt_code_rational(got, f, c);
	if (!real)
		check(cls == FP_NAN, "%s code 0x%llx is NaR", f->name, (unsigned long long)c);
	else if (!check(mpq_equal(want, got) && cls == (c ? FP_NORMAL : FP_ZERO), "%s code 0x%llx", f->name,
			(unsigned long long)c))
		gmp_printf("    is %Qd, the formula gives %Qd\n", got, want);
	mpq_clears(want, got, NULL);
}

static void check_values(void)
{
	uint64_t rng = 12345;

	const struct fmt *p32 = posit(32, 2), *p64 = posit(64, 2);

	for (int n = 3; n <= 16; n++)
		for (int es = 0; es <= 3; es++) {
			const struct fmt *f = posit(n, es);
			for (fpcode c = 0; c < (fpcode)1 << n; c++)
				check_code(f, es, c);
		}
	for (int i = 0; i < 20000; i++) {
		check_code(p32, 2, test_rng(&rng) & 0xffffffffu);
		check_code(p64, 2, test_rng(&rng));
	}
	check_code(p64, 2, (fpcode)1 << 63);
	check_code(p64, 2, ((fpcode)1 << 63) + 1);
	check_code(p64, 2, ((fpcode)1 << 63) - 1);
}

/* maxpos = useed^(n−2) = 2^(4(n−2)) for es = 2, the standard's table. */
static void check_limits(void)
{
	static const int widths[] = { 8, 16, 32, 64 }, maxpos_log2[] = { 24, 56, 120, 248 };

	for (int i = 0; i < 4; i++) {
		const struct fmt *f = posit(widths[i], 2);
		mpq_t q, want;
		mpq_inits(q, want, NULL);
		mpq_set_ui(want, 1, 1);
		mpq_mul_2exp(want, want, (mp_bitcnt_t)maxpos_log2[i]);
		fmt_code_rational(q, f, f->max_rank);
		check(mpq_equal(q, want) && f->max_rank == ((fpcode)1 << (widths[i] - 1)) - 1, "%s maxpos 2^%d", f->name,
		      maxpos_log2[i]);
		mpq_set_ui(want, 1, 1);
		mpq_div_2exp(want, want, (mp_bitcnt_t)maxpos_log2[i]);
		fmt_code_rational(q, f, 1);
		check(mpq_equal(q, want), "%s minpos 2^-%d", f->name, maxpos_log2[i]);
		check(f->emax == maxpos_log2[i] && f->emin == -maxpos_log2[i], "%s emin/emax", f->name);
		mpq_clears(q, want, NULL);
	}
}

/* ---- Rounding, by searching the formula's values -------------------------------------- */

static fpcode rounded_code(const struct fmt *f, const mpq_t q, enum rnd_mode mode, unsigned *flags)
{
	struct num x;
	struct rnd_result r;

	num_init(&x);
	x.neg = mpq_sgn(q) < 0;
	mpq_abs(x.mag, q);
	rnd_encode(&r, f, &x, rnd_spec(mode, RND_SAT_NONE));
	num_clear(&x);
	if (flags)
		*flags = r.flags;
	return r.code;
}

/* The positive code c of posit<n,es> with value(c) ≤ q < value(c + 1) (q > 0, codes up
 * to maxpos; q ≥ maxpos gives maxpos), by bisection on the formula. */
static fpcode code_below(int n, int es, const mpq_t q)
{
	fpcode lo = 0, hi = ((fpcode)1 << (n - 1)) - 1; /* value(lo) ≤ q */
	mpq_t v;

	mpq_init(v);
	formula_value(v, n, es, hi);
	if (mpq_cmp(q, v) >= 0)
		lo = hi;
	while (hi - lo > 1) {
		fpcode mid = lo + (hi - lo) / 2;
		formula_value(v, n, es, mid);
		if (mpq_cmp(v, q) <= 0)
			lo = mid;
		else
			hi = mid;
	}
	mpq_clear(v);
	return lo;
}

/* What q > 0 rounds to under mode, by the standard's rule: the nearest on the bit
 * string (ties to the even code), the directed modes to the neighbour their way,
 * never 0 and never past maxpos. */
static fpcode expected_positive(int n, int es, const mpq_t q, enum rnd_mode mode)
{
	fpcode maxpos = ((fpcode)1 << (n - 1)) - 1, c = code_below(n, es, q), up;
	mpq_t v, mid;
	int vs_mid;

	mpq_inits(v, mid, NULL);
	formula_value(v, n, es, c);
	if (mpq_equal(v, q) || c == maxpos) {
		mpq_clears(v, mid, NULL);
		return c;
	}
	formula_value(mid, n + 1, es, 2 * c + 1);
	vs_mid = mpq_cmp(q, mid);
	up = c + 1;
	switch (mode) {
	case RND_NEAREST_EVEN:
		c = vs_mid < 0 ? c : vs_mid > 0 ? up : (c & 1) ? up : c;
		break;
	case RND_NEAREST_AWAY:
		c = vs_mid < 0 ? c : up;
		break;
	case RND_UP:
		c = up;
		break;
	default:
		break;
	}
	mpq_clears(v, mid, NULL);
	return c ? c : 1;
}

static fpcode negated(int n, fpcode c)
{
	return (-c) & code_mask(n);
}

/* ±q in every mode against the expectation; the negative side's directed modes swap. */
static void check_rounding_of(const struct fmt *f, int es, const mpq_t q)
{
	static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };
	mpq_t neg;

	mpq_init(neg);
	mpq_neg(neg, q);
	for (int m = 0; m < 5; m++) {
		enum rnd_mode mode = modes[m], mirror = mode == RND_UP ? RND_DOWN : mode == RND_DOWN ? RND_UP : mode;
		fpcode want = expected_positive(f->bits, es, q, mode);
		fpcode want_neg = negated(f->bits, expected_positive(f->bits, es, q, mirror));
		fpcode got = rounded_code(f, q, mode, NULL), got_neg = rounded_code(f, neg, mode, NULL);
		if (!check(got == want && got_neg == want_neg, "%s %s: q -> 0x%llx, -q -> 0x%llx; want 0x%llx, 0x%llx",
			   f->name, rnd_mode_name(mode), (unsigned long long)got, (unsigned long long)got_neg,
			   (unsigned long long)want, (unsigned long long)want_neg)) {
			gmp_printf("    q = %Qd\n", q);
			break;
		}
	}
	mpq_clear(neg);
}

/* q·(1 ± 2^-k) */
static void nudged(mpq_t out, const mpq_t q, int sign, int k)
{
	mpq_t d;

	mpq_init(d);
	mpq_div_2exp(d, q, (mp_bitcnt_t)k);
	if (sign > 0)
		mpq_add(out, q, d);
	else
		mpq_sub(out, q, d);
	mpq_clear(d);
}

/* Each code's value and the midpoint above it, and just either side of both. */
static void check_rounding_around(const struct fmt *f, int es, fpcode c)
{
	int n = f->bits;
	mpq_t v, q;

	mpq_inits(v, q, NULL);
	formula_value(v, n, es, c);
	if (c)
		check_rounding_of(f, es, v);
	formula_value(v, n + 1, es, 2 * c + 1); /* the midpoint above c (past maxpos: maxpos·useed) */
	check_rounding_of(f, es, v);
	if (c < f->max_rank) { /* a tie, also between 0 and minpos */
		unsigned flags;
		rounded_code(f, v, RND_NEAREST_EVEN, &flags);
		check(flags & RND_TIE, "%s: the midpoint above 0x%llx is a tie", f->name, (unsigned long long)c);
	}
	nudged(q, v, 1, 3 * n);
	check_rounding_of(f, es, q);
	nudged(q, v, -1, 3 * n);
	check_rounding_of(f, es, q);
	mpq_clears(v, q, NULL);
}

static void check_rounding(void)
{
	uint64_t rng = 777;

	const struct fmt *p16 = posit(16, 2), *p32 = posit(32, 2), *p64 = posit(64, 2);

	for (int n = 3; n <= 12; n++)
		for (int es = 0; es <= 3; es++) {
			const struct fmt *f = posit(n, es);
			for (fpcode c = 0; c < (fpcode)1 << (n - 1); c++)
				check_rounding_around(f, es, c);
		}
	for (fpcode c = 0; c < (fpcode)1 << 15; c++)
		check_rounding_around(p16, 2, c);
	for (int i = 0; i < 3000; i++) {
		check_rounding_around(p32, 2, test_rng(&rng) & 0x7fffffffu);
		check_rounding_around(p64, 2, test_rng(&rng) >> 1);
	}
	/* beyond either end, and far beyond */
	for (int i = 0; i < 4; i++) {
		const struct fmt *f = posit(8 << i, 2);
		mpq_t q;
		unsigned flags;
		mpq_init(q);
		mpq_set_ui(q, 1, 1);
		mpq_mul_2exp(q, q, (mp_bitcnt_t)(f->emax + 1000));
		check(rounded_code(f, q, RND_NEAREST_EVEN, &flags) == f->max_rank && (flags & RND_SATURATED),
		      "%s: 2^(emax+1000) -> maxpos, saturated", f->name);
		mpq_set_ui(q, 1, 1);
		mpq_div_2exp(q, q, (mp_bitcnt_t)(-f->emin + 1000));
		check(rounded_code(f, q, RND_TOWARD_ZERO, &flags) == 1 && (flags & RND_UNDERFLOW),
		      "%s: 2^(emin-1000) under rtz -> minpos, never 0", f->name);
		mpq_neg(q, q);
		check(rounded_code(f, q, RND_UP, NULL) == negated(f->bits, 1), "%s: -2^(emin-1000) under rup -> -minpos",
		      f->name);
		mpq_clear(q);
	}
}

/* ---- posit<6,1>, worked by hand (useed 4) -------------------------------------------- */

static fpcode rounded_text(const struct fmt *f, const char *text, enum rnd_mode mode, unsigned *flags)
{
	struct input in;
	struct parse_error err;
	struct rnd_result r = { .code = 0 };

	parse_input_init(&in);
	if (parse_input(&in, &err, text, strlen(text)) != PARSE_OK ||
	    rnd_encode(&r, f, &in.value, rnd_spec(mode, RND_SAT_NONE)) != RND_OK)
		r.code = ~(fpcode)0;
	parse_input_clear(&in);
	if (flags)
		*flags = r.flags;
	return r.code;
}

static void check_value_text(const struct fmt *f, fpcode code, const char *value)
{
	mpq_t q, want;

	mpq_inits(q, want, NULL);
	fmt_code_rational(q, f, code);
	mpq_set_str(want, value, 10);
	mpq_canonicalize(want);
	check(mpq_equal(q, want), "posit6es1 0x%02x is %s", (unsigned)code, value);
	mpq_clears(q, want, NULL);
}

static void check_by_hand(const struct fmt *f)
{
	unsigned flags;

	check_value_text(f, 0x10, "1");
	check_value_text(f, 0x11, "5/4");
	check_value_text(f, 0x14, "2");
	check_value_text(f, 0x1f, "256");
	check_value_text(f, 0x1e, "64");
	check_value_text(f, 0x01, "1/256");
	check_value_text(f, 0x3f, "-1/256"); /* the two's complement of minpos, not -(0x1f) */
	check_value_text(f, 0x30, "-1");
	check_value_text(f, 0x21, "-256");
	check(rounded_text(f, "1e-9", RND_NEAREST_EVEN, NULL) == 0x01, "1e-9 -> minpos, never 0");
	check(rounded_text(f, "-1e-9", RND_TOWARD_ZERO, NULL) == 0x3f, "-1e-9 under rtz -> -minpos");
	check(rounded_text(f, "1e9", RND_NEAREST_EVEN, &flags) == 0x1f && (flags & RND_SATURATED),
	      "1e9 -> maxpos, saturated, never NaR");
	check(rounded_text(f, "-1e9", RND_UP, NULL) == 0x21, "-1e9 -> -maxpos");
	check(rounded_text(f, "inf", RND_NEAREST_EVEN, NULL) == 0x20, "inf -> NaR");
	check(rounded_text(f, "nan", RND_NEAREST_EVEN, NULL) == 0x20, "nan -> NaR");
	check(rounded_text(f, "-0", RND_NEAREST_EVEN, NULL) == 0x00, "-0 -> the one zero");
	/* Between 64 and 256 the bit string's midpoint is 128 (0b0111101), not 160. */
	check(rounded_text(f, "150", RND_NEAREST_EVEN, NULL) == 0x1f, "150 -> 256");
	check(rounded_text(f, "120", RND_NEAREST_EVEN, NULL) == 0x1e, "120 -> 64");
	check(rounded_text(f, "128", RND_NEAREST_EVEN, &flags) == 0x1e && (flags & RND_TIE), "128 ties to the even 0x1e");
	check(rounded_text(f, "1.125", RND_NEAREST_EVEN, NULL) == 0x10, "1.125 ties to 1 (0x10)");
	check(rounded_text(f, "1.1", RND_UP, NULL) == 0x11, "1.1 under rup -> 1.25");
	check(rounded_text(f, "-1.1", RND_UP, NULL) == 0x30, "-1.1 under rup -> -1");
}

/* Every code's readout and `show` run, and its neighbours are the codes next in value. */
static void check_readouts(const struct fmt *f)
{
	struct show_style style = { false, true, 0 };

	for (fpcode code = 0; code <= code_mask(f->bits); code++) {
		struct readout r;
		struct strbuf text;
		readout_of_code(&r, f, "posit6es1", code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
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
	check_values();
	check_limits();
	check_rounding();
	check_by_hand(posit(6, 1));
	check_readouts(posit(6, 1));
	return test_summary("posit");
}
