/*
 * properties.c — properties that must hold everywhere, checked where exhaustion is out
 * of reach (the formats of at most 16 bits are checked code by code in exhaustive.c):
 *   - random codes of wide formats: decode → exact → encode gives the code back in
 *     every mode; shortest and digits read back; the neighbours are adjacent;
 *   - random decimals, sorted: rounding is monotone (x ≤ y ⇒ value(x) ≤ value(y)) in
 *     every mode and format;
 *   - every mode brackets the exact value as its ternary says, and no value of the
 *     format lies between the exact value and the result.
 * Deterministic: a fixed seed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "format.h"
#include "parse.h"
#include "readout.h"
#include "registry.h"
#include "round.h"
#include "testlib.h"

static uint64_t rng_state = 0x2545f4914f6cdd1du;

static uint64_t rng(void)
{
	return test_rng(&rng_state);
}

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

/* ---- random codes of wide formats ------------------------------------------------------- */

static fpcode random_code(const struct fmt *f)
{
	return ((fpcode)rng() << 64 | rng()) & code_mask(f->bits);
}

static void check_code(const struct fmt *f, fpcode code)
{
	struct fmt_value v;
	struct num x;
	struct rnd_result r;
	struct strbuf text;
	struct readout rd;
	mpq_t a, b;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN || v.cls == FP_INF) {
		fmt_value_clear(&v);
		return;
	}
	num_init(&x);
	x.neg = v.neg;
	num_set_dyadic(x.mag, v.sig, v.exp);
	for (int m = 0; m < 5; m++)
		check(rnd_encode(&r, f, &x, rnd_spec(modes[m], (enum rnd_sat)(m & 1))) == RND_OK && r.code == code && r.flags == 0,
		      "%s: a code does not re-encode to itself", f->name);
	sb_init(&text);
	dec_shortest(&text, f, code);
	check(reads_back(f, text.s, code), "%s: shortest %s does not read back", f->name, text.s);
	sb_clear(&text);
	dec_digits(&text, v.neg, v.sig, v.exp, dec_max_digits10(f->precision));
	check(reads_back(f, text.s, code), "%s: digits %s does not read back", f->name, text.s);
	sb_free(&text);
	readout_of_code(&rd, f, "", code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
	mpq_inits(a, b, NULL);
	if (rd.above.exists && fmt_code_rational(b, f, rd.above.code) != FP_INF) {
		struct readout up;
		fmt_code_rational(a, f, code);
		check(mpq_cmp(a, b) < 0, "%s: next above is not larger", f->name);
		readout_of_code(&up, f, "", rd.above.code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		check(up.below.exists && fmt_code_rational(b, f, up.below.code) != FP_NAN && mpq_equal(a, b),
		      "%s: next above, then next below, is not the same value", f->name);
		readout_clear(&up);
	}
	mpq_clears(a, b, NULL);
	readout_clear(&rd);
	num_clear(&x);
	fmt_value_clear(&v);
}

/* ---- random decimals: monotone, and bracketed as the ternary says ---------------------- */

struct sample {
	struct num x;
	char text[64];
};

static int compare_samples(const void *a, const void *b)
{
	const struct num *x = &((const struct sample *)a)->x, *y = &((const struct sample *)b)->x;
	mpq_t p, q;
	int c;

	mpq_inits(p, q, NULL);
	mpq_set(p, x->mag);
	mpq_set(q, y->mag);
	if (x->neg)
		mpq_neg(p, p);
	if (y->neg)
		mpq_neg(q, q);
	c = mpq_cmp(p, q);
	mpq_clears(p, q, NULL);
	return c;
}

/* A decimal around the format's range: up to 25 digits, an exponent from 10^(emin−6)
 * to 10^(emax+2) in decimal terms. */
static void random_decimal(struct sample *s, const struct fmt *f)
{
	long lo = (f->emin - f->precision) * 3 / 10 - 3, hi = f->emax * 3 / 10 + 2;
	int digits = 1 + (int)(rng() % 25), n = 0;
	struct parse_error err;
	struct input in;

	if (rng() & 1)
		s->text[n++] = '-';
	for (int i = 0; i < digits; i++)
		s->text[n++] = (char)('0' + (i ? rng() % 10 : 1 + rng() % 9));
	snprintf(s->text + n, sizeof s->text - (size_t)n, "e%ld", lo + (long)(rng() % (uint64_t)(hi - lo + 1)) - digits);
	parse_input_init(&in);
	parse_input(&in, &err, s->text, strlen(s->text));
	num_init(&s->x);
	s->x.neg = in.value.neg;
	s->x.bound = in.value.bound;
	mpq_set(s->x.mag, in.value.mag);
	parse_input_clear(&in);
}

/* The value a result stands for, inf as ±2^(NUM_LIMIT_EXP+2), past any input, so that
 * it orders; false for NaN. */
static bool result_value(mpq_t q, const struct fmt *f, fpcode code)
{
	enum fp_class cls = fmt_code_rational(q, f, code);

	if (cls == FP_INF) {
		bool neg = (code & f->sign_bit) != 0;
		mpq_set_ui(q, 1, 1);
		mpq_mul_2exp(q, q, (mp_bitcnt_t)(NUM_LIMIT_EXP + 2));
		if (neg)
			mpq_neg(q, q);
	}
	return cls != FP_NAN;
}

/*
 * The mode's own direction: rup never below the input, rdn never above, rtz never away
 * from zero; rne and rna never farther than the candidate on the other side. Saturation
 * overrides the direction, and so does E8M0's smallest value, with no zero below it.
 */
static void check_direction(const struct fmt *f, const struct sample *s, enum rnd_mode mode, const struct rnd_result *r,
			    int c, const mpq_t stored, const mpq_t exact)
{
	struct readout rd;
	mpq_t other, d1, d2;
	bool ok = true;

	if ((r->flags & RND_SATURATED) || (!f->has_zero && (r->code & ~f->sign_bit) == fmt_code_of_rank(f, 0)))
		return;
	if (mode == RND_UP)
		ok = c >= 0;
	else if (mode == RND_DOWN)
		ok = c <= 0;
	else if (mode == RND_TOWARD_ZERO)
		ok = s->x.neg ? c >= 0 : c <= 0;
	else if (c != 0 && !(r->flags & RND_OVERFLOW)) {
		mpq_inits(other, d1, d2, NULL);
		readout_of_code(&rd, f, "", r->code, rnd_spec(mode, RND_SAT_NONE));
		const struct neighbour *n = c > 0 ? &rd.below : &rd.above;
		if (n->exists && result_value(other, f, n->code)) {
			mpq_sub(d1, stored, exact);
			mpq_abs(d1, d1);
			mpq_sub(d2, other, exact);
			mpq_abs(d2, d2);
			ok = mpq_cmp(d1, d2) <= 0;
		}
		readout_clear(&rd);
		mpq_clears(other, d1, d2, NULL);
	}
	check(ok, "%s %s %s: the result lies on the wrong side or is not the nearest", f->name, rnd_mode_name(mode),
	      s->text);
}

/* The ternary is the sign of stored − exact, and nothing of f lies strictly between. */
static void check_bracket(const struct fmt *f, const struct sample *s, enum rnd_mode mode, bool sat, const struct rnd_result *r)
{
	mpq_t stored, exact, between;
	struct readout rd;
	int c;

	mpq_inits(stored, exact, between, NULL);
	mpq_set(exact, s->x.mag);
	if (s->x.neg)
		mpq_neg(exact, exact);
	if (result_value(stored, f, r->code)) {
		c = mpq_cmp(stored, exact);
		check((c > 0) - (c < 0) == r->ternary, "%s %s %s: ternary %d is not the side of the stored value",
		      f->name, rnd_mode_name(mode), s->text, r->ternary);
		check_direction(f, s, mode, r, c, stored, exact);
		readout_of_code(&rd, f, "", r->code, rnd_spec(mode, (enum rnd_sat)(sat)));
		const struct neighbour *toward = c > 0 ? &rd.below : &rd.above;
		if (c != 0 && toward->exists && !(r->flags & RND_SATURATED) && result_value(between, f, toward->code))
			check(c > 0 ? mpq_cmp(between, exact) < 0 || (mode != RND_UP && mode != RND_DOWN && mode != RND_TOWARD_ZERO)
				    : mpq_cmp(between, exact) > 0 || (mode != RND_UP && mode != RND_DOWN && mode != RND_TOWARD_ZERO),
			      "%s %s %s: a value of the format lies between the input and the result", f->name,
			      rnd_mode_name(mode), s->text);
		readout_clear(&rd);
	}
	mpq_clears(stored, exact, between, NULL);
}

/* A readout takes the candidates from the rounding's own placement: the same as placing
 * the input again (the readout's fallback, for results that did not place it). */
static void check_candidates(const struct fmt *f, const struct sample *s, enum rnd_mode mode, bool sat,
			     const struct rnd_result *r)
{
	struct rnd_result unplaced = *r;
	struct readout a, b;

	unplaced.placed = false;
	readout_of_value(&a, f, s->text, &s->x, rnd_spec(mode, (enum rnd_sat)(sat)), r, false);
	readout_of_value(&b, f, s->text, &s->x, rnd_spec(mode, (enum rnd_sat)(sat)), &unplaced, false);
	check(r->placed || mpq_sgn(s->x.mag) == 0 || (s->x.neg && !f->has_sign), "%s %s: the rounding placed it",
	      f->name, s->text);
	check(a.lower == b.lower && a.upper == b.upper && a.upper_is_virtual == b.upper_is_virtual &&
	      strcmp(a.error.s ? a.error.s : "", b.error.s ? b.error.s : "") == 0 &&
	      strcmp(a.ulps.s ? a.ulps.s : "", b.ulps.s ? b.ulps.s : "") == 0,
	      "%s %s %s: candidates from the rounding differ from placing again", f->name, rnd_mode_name(mode), s->text);
	readout_clear(&a);
	readout_clear(&b);
}

static void check_samples(const struct fmt *f, struct sample *s, int n)
{
	mpq_t prev, cur;

	qsort(s, (size_t)n, sizeof s[0], compare_samples);
	mpq_inits(prev, cur, NULL);
	for (int m = 0; m < 5; m++)
		for (int sat = 0; sat < 2; sat++) {
			bool have_prev = false;
			for (int i = 0; i < n; i++) {
				struct rnd_result r;
				rnd_encode(&r, f, &s[i].x, rnd_spec(modes[m], (enum rnd_sat)(sat)));
				check_bracket(f, &s[i], modes[m], sat, &r);
				check_candidates(f, &s[i], modes[m], sat, &r);
				if (!result_value(cur, f, r.code))
					continue;
				if (have_prev)
					check(mpq_cmp(prev, cur) <= 0, "%s %s: not monotone at %s", f->name,
					      rnd_mode_name(modes[m]), s[i].text);
				mpq_set(prev, cur);
				have_prev = true;
			}
		}
	mpq_clears(prev, cur, NULL);
}

/* The registry hands out one format per name: a built-in twice is the same one, an
 * identical reload keeps the one loaded, and a changed one takes its place while the
 * old stays valid for whoever holds it. */
static void check_registry(void)
{
	static const char *const one = "name regtest\nexponent 4\nfraction 3\n";
	static const char *const other = "name regtest\nexponent 4\nfraction 3\nbias 8\n";
	const struct fmt *first, *again, *changed;
	char err[128];

	check(fmt_lookup("e4m3") == fmt_lookup("E4M3") && fmt_lookup("e5m10") == fmt_lookup("e5m10"),
	      "a format is made once per name");
	check(fmt_load_text("test", one, err, sizeof err), "load: %s", err);
	first = fmt_lookup("regtest");
	check(fmt_load_text("test", one, err, sizeof err) && fmt_lookup("regtest") == first,
	      "an identical reload keeps the format loaded");
	check(fmt_load_text("test", other, err, sizeof err), "load: %s", err);
	changed = fmt_lookup("regtest");
	again = first;
	check(changed != first && changed->grid.bias == 8 && again->grid.bias == 7, "a changed reload takes the old one's place");
	fmt_unload_all();
	check(fmt_lookup("regtest") == NULL, "unloaded");
}

int main(void)
{
	check_registry();
	static const char *const wide[] = { "binary32", "binary64", "binary128", "tf32", "e8m23fn", "e11m4", "e15m63" };
	static const char *const all[] = {
		"binary16", "binary32", "binary64", "binary128", "bfloat16", "tf32", "e4m3", "e5m2", "float8_e4m3",
		"float8_e3m4", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz", "e2m3", "e3m2", "e2m1",
		"e8m0", "hif8",
	};
	static struct sample samples[600];

	for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
		const struct fmt *f = fmt_lookup(wide[i]);
		for (int k = 0; k < 1500; k++)
			check_code(f, random_code(f));
	}
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		const struct fmt *f = fmt_lookup(all[i]);
		int n = (int)(sizeof samples / sizeof samples[0]);
		for (int k = 0; k < n; k++)
			random_decimal(&samples[k], f);
		check_samples(f, samples, n);
		for (int k = 0; k < n; k++)
			num_clear(&samples[k].x);
	}
	return test_summary("properties");
}
