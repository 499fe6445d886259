/*
 * exhaustive.c — every code of every format of at most 16 bits (the built-in ones and
 * custom IEEE-like names):
 *   - decode, re-encode the exact value in every mode, saturating or not: same code;
 *   - the exact, shortest, digits and hexfloat texts read back to the same code;
 *   - ranks are adjacent in value order and map back to their codes (HiF8 included);
 *   - for regular formats, the arithmetic placement and the table search agree on
 *     every value, midpoint, near-midpoint and out-of-range point.
 */
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "format.h"
#include "parse.h"
#include "readout.h"
#include "registry.h"
#include "round.h"
#include "testlib.h"

static const char *const formats[] = {
	"binary16", "bfloat16", "e4m3", "e5m2", "float8_e4m3", "float8_e3m4", "float8_e4m3fnuz",
	"float8_e5m2fnuz", "float8_e4m3b11fnuz", "e2m3", "e3m2", "e2m1", "e8m0", "ue4m3", "ue5m3", "hif8", "posit8", "posit16", "posit10es1",
	"int8", "uint8", "int2", "uint1", "q1.7", "uq0.8", "q4.4", "int16", "uint16", "q1.15", "q8.8", "uq8.8",
	/* custom names: odd widths, biases, no fraction, fn/fnuz */
	"e5m10", "e3m4fn", "e2m5", "e6m9", "e5m0", "e2m0fn", "e4m3b0", "e5m2b11fnuz", "e7m8", "e3m0fnuz",
};

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

static void set_value(struct num *x, const struct fmt_value *v)
{
	x->kind = v->cls == FP_NAN ? NUM_NAN : v->cls == FP_INF ? NUM_INF : NUM_FINITE;
	x->neg = v->neg;
	x->bound = NUM_EXACT;
	num_set_dyadic(x->mag, v->sig, v->exp);
}

/* ---- shortest: minimal, and the closest of its length ---------------------------- */

/* Significant digits of a decimal: leading and trailing zeros do not count. */
static int significant_digits(const char *text)
{
	int first = -1, last = -1, n = 0, i = 0;

	for (; text[i] && text[i] != 'e'; i++)
		if (text[i] >= '1' && text[i] <= '9') {
			if (first < 0)
				first = i;
			last = i;
		}
	for (i = first; first >= 0 && i <= last; i++)
		n += text[i] >= '0' && text[i] <= '9';
	return n;
}

/* ⌊log10 |value|⌋, read off its exact decimal. */
static long decimal_exponent(const struct fmt_value *v)
{
	struct strbuf e;
	long j;

	sb_init(&e);
	dec_exact(&e, false, v->sig, v->exp);
	if (strchr(e.s, 'e'))
		j = atol(strchr(e.s, 'e') + 1);
	else if (e.s[0] == '0')
		j = -(long)strspn(e.s + 2, "0") - 1; /* 0.000ddd */
	else
		j = (long)strcspn(e.s, ".") - 1;
	sb_free(&e);
	return j;
}

/* d·10^k as text, for reading back. */
static void scaled_text(struct strbuf *out, const mpz_t d, long k)
{
	char *digits = mpz_get_str(NULL, 10, d);

	sb_clear(out);
	sb_printf(out, "%se%ld", digits, k);
	free(digits);
}

/*
 * The multiples of 10^k just below and above |v|: if a decimal with fewer digits than
 * the shortest read back, one of these would (on the grid of its own magnitude), and
 * one of the same length that reads back must not be closer to v.
 */
static void check_grid(const struct fmt *f, fpcode code, const mpq_t v, long k, int digits, const mpq_t best)
{
	mpq_t g, t;
	mpz_t d;
	struct strbuf text;
	bool neg = mpq_sgn(v) < 0;

	mpq_inits(g, t, NULL);
	mpz_init(d);
	sb_init(&text);
	mpz_ui_pow_ui(mpq_numref(g), 10, (unsigned long)labs(k));
	if (k < 0)
		mpq_inv(g, g);
	mpq_div(t, v, g);
	mpq_abs(t, t);
	mpz_fdiv_q(d, mpq_numref(t), mpq_denref(t));
	for (int up = 0; up < 2; up++, mpz_add_ui(d, d, 1)) {
		int n;
		if (mpz_sgn(d) == 0)
			continue;
		if (neg)
			mpz_neg(d, d);
		scaled_text(&text, d, k);
		mpz_abs(d, d);
		n = significant_digits(text.s);
		if (!reads_back(f, text.s, code))
			continue;
		check(n >= digits, "%s 0x%x: %s reads back with %d digits, shortest has %d", f->name,
		      (unsigned)code, text.s, n, digits);
		if (n == digits) { /* as short: it must not be closer */
			mpq_set_z(t, d);
			mpq_mul(t, t, g);
			if (neg)
				mpq_neg(t, t);
			mpq_sub(t, t, v);
			mpq_abs(t, t);
			check(mpq_cmp(t, best) >= 0, "%s 0x%x: %s is as short and closer", f->name, (unsigned)code,
			      text.s);
		}
	}
	sb_free(&text);
	mpz_clear(d);
	mpq_clears(g, t, NULL);
}

static void check_shortest(const struct fmt *f, fpcode code, const struct fmt_value *v, const char *shortest)
{
	struct input in;
	struct parse_error err;
	mpq_t value, best;
	int digits = significant_digits(shortest);
	long j;

	mpq_inits(value, best, NULL);
	num_set_dyadic(value, v->sig, v->exp);
	if (v->neg)
		mpq_neg(value, value);
	parse_input_init(&in);
	parse_input(&in, &err, shortest, strlen(shortest));
	mpq_set(best, in.value.mag);
	if (in.value.neg)
		mpq_neg(best, best);
	mpq_sub(best, best, value);
	mpq_abs(best, best);
	j = decimal_exponent(v); /* then the grids of the magnitudes around it */
	for (long jj = j - 2; jj <= j + 1; jj++) {
		check_grid(f, code, value, jj - (digits - 1) + 1, digits, best);
		check_grid(f, code, value, jj - digits + 1, digits, best);
	}
	parse_input_clear(&in);
	mpq_clears(value, best, NULL);
}

/* ---- neighbours in value order -------------------------------------------------------- */

/* The code above is larger, and the one below it is this value again. */
static void check_neighbours(const struct fmt *f, fpcode code)
{
	struct readout r, up;
	mpq_t a, b;

	readout_of_code(&r, f, "", code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
	if (r.above.exists && r.value.cls != FP_INF) {
		mpq_inits(a, b, NULL);
		readout_of_code(&up, f, "", r.above.code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		fmt_code_rational(a, f, code);
		if (up.value.cls != FP_INF) {
			fmt_code_rational(b, f, r.above.code);
			check(mpq_cmp(a, b) < 0, "%s 0x%x: next above 0x%x is not larger", f->name, (unsigned)code,
			      (unsigned)r.above.code);
		}
		check(up.below.exists, "%s 0x%x: next above 0x%x has nothing below", f->name, (unsigned)code,
		      (unsigned)r.above.code);
		if (up.below.exists) {
			fmt_code_rational(b, f, up.below.code);
			check(mpq_equal(a, b), "%s 0x%x: above then below gives 0x%x", f->name, (unsigned)code,
			      (unsigned)up.below.code);
		}
		readout_clear(&up);
		mpq_clears(a, b, NULL);
	}
	readout_clear(&r);
}

/* For formats of at most 8 bits: no code's value lies strictly between a code and the
 * next one above (found by scanning every code). */
static void check_nothing_between(const struct fmt *f)
{
	struct readout r;
	mpq_t lo, hi, v;
	struct fmt_value d;

	mpq_inits(lo, hi, v, NULL);
	fmt_value_init(&d);
	for (fpcode code = 0; code <= code_mask(f->bits); code++) {
		readout_of_code(&r, f, "", code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		if (r.above.exists && r.value.cls != FP_NAN && r.value.cls != FP_INF) {
			fmt_decode(&d, f, r.above.code);
			if (d.cls != FP_INF) {
				fmt_code_rational(lo, f, code);
				fmt_code_rational(hi, f, r.above.code);
				for (fpcode other = 0; other <= code_mask(f->bits); other++) {
					fmt_decode(&d, f, other);
					if (d.cls == FP_NAN || d.cls == FP_INF)
						continue;
					fmt_code_rational(v, f, other);
					check(!(mpq_cmp(v, lo) > 0 && mpq_cmp(v, hi) < 0),
					      "%s: 0x%x lies between 0x%x and its next above", f->name, (unsigned)other,
					      (unsigned)code);
				}
			}
		}
		readout_clear(&r);
	}
	fmt_value_clear(&d);
	mpq_clears(lo, hi, v, NULL);
}

static void check_code(const struct fmt *f, fpcode code, struct num *x, struct fmt_value *v)
{
	struct rnd_result r;
	struct strbuf text;
	unsigned c = (unsigned)code;

	fmt_decode(v, f, code);
	set_value(x, v);
	if (v->cls == FP_NAN) {
		check(rnd_encode(&r, f, x, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) == RND_OK, "%s 0x%x: NaN refused", f->name, c);
		fmt_decode(v, f, r.code);
		check(v->cls == FP_NAN, "%s 0x%x: NaN re-encodes to a number", f->name, c);
		return;
	}
	for (int m = 0; m < 5; m++)
		for (int sat = 0; sat < 2; sat++) {
			if (v->cls == FP_INF && sat)
				continue;
			check(rnd_encode(&r, f, x, rnd_spec(modes[m], (enum rnd_sat)(sat))) == RND_OK && r.code == code && r.ternary == 0 &&
				      r.flags == 0,
			      "%s 0x%x %s%s: re-encodes to 0x%x flags %u", f->name, c, rnd_mode_name(modes[m]),
			      sat ? " sat" : "", (unsigned)r.code, r.flags);
		}
	if (v->cls == FP_INF)
		return;
	sb_init(&text);
	dec_exact(&text, v->neg, v->sig, v->exp);
	check(reads_back(f, text.s, code), "%s 0x%x: exact %s does not read back", f->name, c, text.s);
	sb_clear(&text);
	dec_shortest(&text, f, code);
	check(reads_back(f, text.s, code), "%s 0x%x: shortest %s does not read back", f->name, c, text.s);
	if (v->cls != FP_ZERO)
		check_shortest(f, code, v, text.s);
	sb_clear(&text);
	dec_digits(&text, v->neg, v->sig, v->exp, dec_max_digits10(f->precision));
	check(reads_back(f, text.s, code), "%s 0x%x: digits %s does not read back", f->name, c, text.s);
	sb_clear(&text);
	dec_hexfloat(&text, v->neg, v->sig, v->exp);
	check(reads_back(f, text.s, code), "%s 0x%x: hexfloat %s does not read back", f->name, c, text.s);
	sb_free(&text);
}

static void check_ranks(const struct fmt *f)
{
	mpq_t a, b;
	bool ordered = true, mapped = true;

	mpq_inits(a, b, NULL);
	for (fpcode r = 0; r <= f->max_rank; r++) {
		fmt_rank_rational(a, f, r);
		fmt_rank_rational(b, f, r + 1);
		ordered &= mpq_cmp(a, b) < 0;
		mapped &= fmt_rank_of_code(f, fmt_code_of_rank(f, r)) == r;
	}
	check(ordered, "%s: ranks not in increasing value order", f->name);
	check(mapped, "%s: rank and code do not map back", f->name);
	mpq_clears(a, b, NULL);
}

/* Both placement methods give the same result at q in every mode and sign. */
static void compare_methods(const struct fmt *f, struct num *x, const mpq_t q)
{
	struct rnd_result r1, r2;

	mpq_set(x->mag, q);
	x->kind = NUM_FINITE;
	for (int neg = 0; neg < 2; neg++)
		for (int m = 0; m < 5; m++)
			for (int sat = 0; sat < 2; sat++) {
				x->neg = neg;
				rnd_encode(&r1, f, x, rnd_spec(modes[m], (enum rnd_sat)(sat)));
				rnd_encode_by_table(&r2, f, x, rnd_spec(modes[m], (enum rnd_sat)(sat)));
				check(r1.code == r2.code && r1.ternary == r2.ternary && r1.flags == r2.flags,
				      "%s %s%s: arithmetic 0x%x/%d/%u, table 0x%x/%d/%u", f->name,
				      rnd_mode_name(modes[m]), sat ? " sat" : "", (unsigned)r1.code, r1.ternary,
				      r1.flags, (unsigned)r2.code, r2.ternary, r2.flags);
			}
}

static void check_methods(const struct fmt *f, struct num *x)
{
	mpq_t lo, hi, gap, q;
	fpcode step = f->max_rank > 4096 ? 7 : 1;

	mpq_inits(lo, hi, gap, q, NULL);
	for (fpcode r = 0; r <= f->max_rank; r++) {
		if (r % step && (r & 0x3ff) > 2 && r + 3 < f->max_rank)
			continue;
		fmt_rank_rational(lo, f, r);
		fmt_rank_rational(hi, f, r + 1);
		mpq_sub(gap, hi, lo);
		mpq_div_2exp(gap, gap, 6);
		compare_methods(f, x, lo);
		mpq_add(q, lo, hi);
		mpq_div_2exp(q, q, 1);
		compare_methods(f, x, q); /* the midpoint */
		mpq_add(q, q, gap);
		compare_methods(f, x, q);
		mpq_sub(q, q, gap);
		mpq_sub(q, q, gap);
		compare_methods(f, x, q);
	}
	fmt_rank_rational(q, f, f->max_rank + 1);
	compare_methods(f, x, q); /* the virtual value itself */
	mpq_mul_2exp(q, q, 1);
	compare_methods(f, x, q);
	fmt_rank_rational(q, f, f->has_zero ? 1 : 0);
	mpq_div_2exp(q, q, 3);
	compare_methods(f, x, q); /* below the smallest */
	mpq_clears(lo, hi, gap, q, NULL);
}

int main(void)
{
	struct num x;
	struct fmt_value v;

	num_init(&x);
	fmt_value_init(&v);
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const struct fmt *f = fmt_lookup(formats[i]);
		long before = tests_failed;
		if (!check(f != NULL, "format %s not found", formats[i]))
			continue;
		for (fpcode code = 0; code <= code_mask(f->bits); code++)
			check_code(f, code, &x, &v);
		check_ranks(f);
		for (fpcode code = 0; code <= code_mask(f->bits); code += f->bits > 12 ? 5 : 1)
			check_neighbours(f, code);
		if (f->bits <= 8)
			check_nothing_between(f);
		if (f->grid.present) /* arithmetic ranks: the table's placing agrees */
			check_methods(f, &x);
		printf("  %-20s %s\n", f->name, tests_failed == before ? "ok" : "FAILED");
	}
	fmt_value_clear(&v);
	num_clear(&x);
	return test_summary("exhaustive");
}
