/*
 * decimal.c — writing exact binary values in decimal and as hex floats.
 *
 * A decimal is built as an integer D and a power of ten k (value = D·10^k) and then
 * laid out: plainly when its leading digit sits between 10^−7 and 10^21, in
 * scientific notation otherwise. The shortest decimal follows FORMATS.md §4: the
 * fewest significant digits inside the interval that reads back to the code, and of
 * those the closest to the value.
 */
#include "decimal.h"
#include "num.h"

#include <stdlib.h>
#include <string.h>

/* ---- Layout ------------------------------------------------------------------------ */

/* Writes D·10^k; D ≥ 0. */
static void write_scaled(struct strbuf *out, bool neg, const mpz_t d, long k)
{
	char *digits = mpz_get_str(NULL, 10, d);
	long n = (long)strlen(digits), x;

	while (n > 1 && digits[n - 1] == '0')
		digits[--n] = '\0', k++;
	if (neg)
		sb_putc(out, '-');
	x = k + n - 1; /* the power of ten of the leading digit */
	if (mpz_sgn(d) == 0)
		sb_putc(out, '0');
	else if (x <= -7 || x >= 21) {
		sb_putc(out, digits[0]);
		if (n > 1) {
			sb_putc(out, '.');
			sb_add(out, digits + 1, (size_t)n - 1);
		}
		sb_printf(out, "e%+ld", x);
	} else if (k >= 0) {
		sb_add(out, digits, (size_t)n);
		for (long i = 0; i < k; i++)
			sb_putc(out, '0');
	} else if (x >= 0) {
		sb_add(out, digits, (size_t)x + 1);
		sb_putc(out, '.');
		sb_add(out, digits + x + 1, (size_t)(n - x - 1));
	} else {
		sb_puts(out, "0.");
		for (long i = 0; i < -x - 1; i++)
			sb_putc(out, '0');
		sb_add(out, digits, (size_t)n);
	}
	free(digits);
}

static void set_pow10(mpq_t q, long k)
{
	mpz_ui_pow_ui(mpq_numref(q), 10, (unsigned long)labs(k));
	mpz_set_ui(mpq_denref(q), 1);
	if (k < 0)
		mpq_inv(q, q);
}

/* ⌊log10 q⌋ for q > 0: estimated from the bit lengths, then corrected exactly. */
static long floor_log10(const mpq_t q)
{
	long bits = (long)mpz_sizeinbase(mpq_numref(q), 2) - (long)mpz_sizeinbase(mpq_denref(q), 2);
	long k = bits * 30103 / 100000;
	mpq_t p;

	mpq_init(p);
	for (set_pow10(p, k); mpq_cmp(p, q) > 0; set_pow10(p, --k))
		;
	for (set_pow10(p, k + 1); mpq_cmp(p, q) <= 0; set_pow10(p, ++k + 1))
		;
	mpq_clear(p);
	return k;
}

/* The integer nearest to q, ties to even. */
static void round_to_integer(mpz_t out, const mpq_t q)
{
	mpz_t rem;
	int c;

	mpz_init(rem);
	mpz_fdiv_qr(out, rem, mpq_numref(q), mpq_denref(q));
	mpz_mul_2exp(rem, rem, 1);
	c = mpz_cmp(rem, mpq_denref(q));
	if (c > 0 || (c == 0 && mpz_odd_p(out)))
		mpz_add_ui(out, out, 1);
	mpz_clear(rem);
}

/* ---- Exact and rounded --------------------------------------------------------------- */

void dec_exact(struct strbuf *out, bool neg, const mpz_t sig, long exp)
{
	mpz_t d;

	mpz_init(d);
	if (exp >= 0)
		mpz_mul_2exp(d, sig, (mp_bitcnt_t)exp);
	else {
		mpz_ui_pow_ui(d, 5, (unsigned long)-exp);
		mpz_mul(d, d, sig); /* sig/2^e = sig·5^e/10^e */
	}
	write_scaled(out, neg, d, exp < 0 ? exp : 0);
	mpz_clear(d);
}

/* Writes |q| rounded to n significant digits; q ≠ 0. */
static void rational_digits(struct strbuf *out, bool neg, const mpq_t q, int n)
{
	mpq_t v, scale;
	mpz_t d, limit;
	long k;

	mpq_inits(v, scale, NULL);
	mpz_inits(d, limit, NULL);
	mpq_abs(v, q);
	k = floor_log10(v) - n + 1;
	set_pow10(scale, k);
	mpq_div(scale, v, scale);
	round_to_integer(d, scale);
	mpz_ui_pow_ui(limit, 10, (unsigned long)n);
	if (mpz_cmp(d, limit) == 0) { /* 9.99… rounded up to 10.0… */
		mpz_divexact_ui(d, d, 10);
		k++;
	}
	write_scaled(out, neg, d, k);
	mpq_clears(v, scale, NULL);
	mpz_clears(d, limit, NULL);
}

bool dec_rational(struct strbuf *out, const mpq_t q, int n)
{
	mpz_t den, five, digits;
	long twos, fives;
	bool terminates;

	if (mpq_sgn(q) == 0) {
		sb_putc(out, '0');
		return true;
	}
	mpz_inits(den, five, digits, NULL);
	mpz_set(den, mpq_denref(q));
	twos = (long)mpz_scan1(den, 0);
	mpz_tdiv_q_2exp(den, den, (mp_bitcnt_t)twos);
	mpz_set_ui(five, 5);
	fives = (long)mpz_remove(den, den, five);
	terminates = mpz_cmp_ui(den, 1) == 0;
	if (terminates) { /* n / (2^a·5^b) = n·5^(k−b)·2^(k−a) / 10^k, k = max(a, b) */
		long k = twos > fives ? twos : fives;
		mpz_abs(digits, mpq_numref(q));
		mpz_ui_pow_ui(five, 5, (unsigned long)(k - fives));
		mpz_mul(digits, digits, five);
		mpz_mul_2exp(digits, digits, (mp_bitcnt_t)(k - twos));
		write_scaled(out, mpq_sgn(q) < 0, digits, -k);
	} else
		rational_digits(out, mpq_sgn(q) < 0, q, n);
	mpz_clears(den, five, digits, NULL);
	return terminates;
}

void dec_digits(struct strbuf *out, bool neg, const mpz_t sig, long exp, int n)
{
	mpq_t v;

	if (mpz_sgn(sig) == 0) {
		sb_puts(out, neg ? "-0" : "0");
		return;
	}
	mpq_init(v);
	num_set_dyadic(v, sig, exp);
	rational_digits(out, neg, v, n);
	mpq_clear(v);
}

/* ---- Shortest ---------------------------------------------------------------------------- */

struct interval {
	mpq_t lo, hi, v;
	bool lo_in, hi_in; /* are the ends themselves inside? */
};

struct candidate {
	bool found;
	mpz_t d;
	long k;
	mpq_t distance;
};

/*
 * The multiple of 10^k in [a, b] (ends included as told) closest to v, kept in *best if
 * closer than what it holds.
 */
static void best_on_grid(struct candidate *best, const mpq_t a, bool a_in, const mpq_t b, bool b_in,
			 const mpq_t v, long k)
{
	mpq_t g, t;
	mpz_t lo, hi, d;

	mpq_inits(g, t, NULL);
	mpz_inits(lo, hi, d, NULL);
	set_pow10(g, k);
	mpq_div(t, a, g);
	mpz_cdiv_q(lo, mpq_numref(t), mpq_denref(t));
	if (!a_in && mpz_cmp_ui(mpq_denref(t), 1) == 0)
		mpz_add_ui(lo, lo, 1);
	mpq_div(t, b, g);
	mpz_fdiv_q(hi, mpq_numref(t), mpq_denref(t));
	if (!b_in && mpz_cmp_ui(mpq_denref(t), 1) == 0)
		mpz_sub_ui(hi, hi, 1);
	if (mpz_cmp(lo, hi) <= 0) {
		mpq_div(t, v, g);
		round_to_integer(d, t);
		if (mpz_cmp(d, lo) < 0)
			mpz_set(d, lo);
		if (mpz_cmp(d, hi) > 0)
			mpz_set(d, hi);
		mpq_set_z(t, d);
		mpq_mul(t, t, g);
		mpq_sub(t, t, v);
		mpq_abs(t, t);
		if (!best->found || mpq_cmp(t, best->distance) < 0) {
			best->found = true;
			mpz_set(best->d, d);
			best->k = k;
			mpq_set(best->distance, t);
		}
	}
	mpq_clears(g, t, NULL);
	mpz_clears(lo, hi, d, NULL);
}

/*
 * With J = ⌊log10 hi⌋, numbers of at most n digits in [10^J, hi] are multiples of
 * 10^(J−n+1); below 10^J, multiples of 10^(J−n).
 */
static void shortest_in(struct strbuf *out, bool neg, struct interval *iv)
{
	long j = floor_log10(iv->hi);
	struct candidate best = { .found = false };
	mpq_t p;

	mpz_init(best.d);
	mpq_inits(best.distance, p, NULL);
	set_pow10(p, j);
	for (long n = 1; !best.found; n++) {
		int c = mpq_cmp(iv->lo, p);
		if (c >= 0)
			best_on_grid(&best, iv->lo, iv->lo_in, iv->hi, iv->hi_in, iv->v, j - n + 1);
		else {
			best_on_grid(&best, p, true, iv->hi, iv->hi_in, iv->v, j - n + 1);
			best_on_grid(&best, iv->lo, iv->lo_in, p, false, iv->v, j - n);
		}
	}
	write_scaled(out, neg, best.d, best.k);
	mpz_clear(best.d);
	mpq_clears(best.distance, p, NULL);
}

static void shortest_of_code(struct strbuf *out, struct fmt *f, fpcode code);

/* Formats of at most 16 bits keep each code's answer: a million values of binary16 then
 * cost at most 65 536 searches. */
void dec_shortest(struct strbuf *out, struct fmt *f, fpcode code)
{
	struct strbuf made;

	if (f->bits > 16) {
		shortest_of_code(out, f, code);
		return;
	}
	if (!f->shortest_memo && !(f->shortest_memo = calloc((size_t)code_mask(f->bits) + 1, sizeof(char *))))
		abort();
	if (!f->shortest_memo[code]) {
		sb_init(&made);
		shortest_of_code(&made, f, code);
		if (!(f->shortest_memo[code] = strdup(made.s)))
			abort();
		sb_free(&made);
	}
	sb_puts(out, f->shortest_memo[code]);
}

static void shortest_of_code(struct strbuf *out, struct fmt *f, fpcode code)
{
	struct fmt_value v;
	struct interval iv;
	fpcode rank;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN || v.cls == FP_INF || v.cls == FP_ZERO) {
		sb_puts(out, v.cls == FP_NAN ? "nan" : v.cls == FP_INF ? (v.neg ? "-inf" : "inf") : v.neg ? "-0" : "0");
		fmt_value_clear(&v);
		return;
	}
	mpq_inits(iv.lo, iv.hi, iv.v, NULL);
	rank = fmt_rank_of_code(f, code & ~f->sign_bit);
	num_set_dyadic(iv.v, v.sig, v.exp);
	iv.lo_in = iv.hi_in = fmt_rank_parity(f, rank) == 0;
	fmt_rank_rational(iv.hi, f, rank + 1);
	mpq_add(iv.hi, iv.hi, iv.v);
	mpq_div_2exp(iv.hi, iv.hi, 1);
	if (rank == 0)
		iv.lo_in = false; /* no zero below (E8M0): the interval reaches down to, not to, 0 */
	else {
		fmt_rank_rational(iv.lo, f, rank - 1);
		mpq_add(iv.lo, iv.lo, iv.v);
		mpq_div_2exp(iv.lo, iv.lo, 1);
	}
	shortest_in(out, v.neg, &iv);
	mpq_clears(iv.lo, iv.hi, iv.v, NULL);
	fmt_value_clear(&v);
}

/* ---- Hex float and digit counts ------------------------------------------------------------ */

void dec_hexfloat(struct strbuf *out, bool neg, const mpz_t sig, long exp)
{
	long frac_bits, pad, digits, len;
	mpz_t frac;
	char *hex;

	if (neg)
		sb_putc(out, '-');
	if (mpz_sgn(sig) == 0) {
		sb_puts(out, "0x0p+0");
		return;
	}
	mpz_init_set(frac, sig);
	frac_bits = (long)mpz_sizeinbase(sig, 2) - 1;
	mpz_clrbit(frac, (mp_bitcnt_t)frac_bits); /* the leading 1 is written as "0x1" */
	pad = (4 - frac_bits % 4) % 4;
	mpz_mul_2exp(frac, frac, (mp_bitcnt_t)pad);
	digits = (frac_bits + pad) / 4;
	sb_puts(out, "0x1");
	if (mpz_sgn(frac) != 0) {
		hex = mpz_get_str(NULL, 16, frac);
		len = (long)strlen(hex);
		sb_putc(out, '.');
		for (long i = len; i < digits; i++)
			sb_putc(out, '0');
		while (hex[len - 1] == '0')
			len--;
		sb_add(out, hex, (size_t)len);
		free(hex);
	}
	sb_printf(out, "p%+ld", exp + frac_bits);
	mpz_clear(frac);
}

int dec_floor_log10_pow2(int p)
{
	mpz_t two, ten;
	int k = 0;

	mpz_init(two);
	mpz_init_set_ui(ten, 10);
	mpz_setbit(two, (mp_bitcnt_t)p);
	while (mpz_cmp(ten, two) <= 0) {
		mpz_mul_ui(ten, ten, 10);
		k++;
	}
	mpz_clears(two, ten, NULL);
	return k;
}

int dec_max_digits10(int p)
{
	/* p·log10 2 is irrational for p > 0, so ⌈1 + p·log10 2⌉ = ⌊p·log10 2⌋ + 2 */
	return p == 0 ? 1 : dec_floor_log10_pow2(p) + 2;
}
