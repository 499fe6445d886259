/*
 * dectext.c — the decimals as digits of mx's errors (src/digits/dectext.h) against
 * GMP's rationals, made here from the same inputs by GMP alone: random plain decimal
 * texts (signs, leading and trailing zeros, points, exponents), random ±n·2^k with n of
 * up to 128 bits, decimals in words, and their differences, with carry and borrow runs
 * made on purpose; each value, order by magnitude, power of two below, and text (the
 * text dec_rational() writes for the rational, and the value that text spells).
 * Usage: dectext [N]
 */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "dectext.h"
#include "testlib.h"

static uint64_t state = 0x9e3779b97f4a7c15u;

static long below(long n)
{
	return (long)(test_rng(&state) % (uint64_t)n);
}

/* GMP's value of a text [sign]digits[.digits][e[sign]digits], read here by hand. */
static void gmp_value(mpq_t q, const char *text)
{
	char digits[4096];
	long n = 0, frac = 0, exp = 0;
	const char *p = text;
	bool neg = false, point = false;
	mpz_t ten;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	for (; (*p >= '0' && *p <= '9') || *p == '.'; p++)
		if (*p == '.')
			point = true;
		else {
			digits[n++] = *p;
			frac += point;
		}
	digits[n] = '\0';
	if (*p == 'e' || *p == 'E')
		exp = strtol(p + 1, NULL, 10);
	mpz_init(ten);
	mpq_set_str(q, digits, 10);
	mpz_ui_pow_ui(ten, 10, (unsigned long)labs(exp - frac));
	if (exp - frac >= 0)
		mpz_mul(mpq_numref(q), mpq_numref(q), ten);
	else
		mpz_set(mpq_denref(q), ten);
	mpq_canonicalize(q);
	if (neg)
		mpq_neg(q, q);
	mpz_clear(ten);
}

/* A random plain decimal text: runs of zeros and nines likely, so that a difference
 * carries or borrows far. */
static void random_text(char *out)
{
	static const char *const signs[] = { "", "", "-", "+" };
	long whole = below(25), part = below(45);
	char *p = out + sprintf(out, "%s", signs[below(4)]);
	char fill = "0912345678"[below(10)];

	if (whole + part == 0)
		whole = 1;
	for (long i = 0; i < whole + part; i++) {
		if (i == whole)
			*p++ = '.';
		*p++ = below(3) ? fill : (char)('0' + below(10));
	}
	if (part == 0 && below(4) == 0)
		*p++ = '.';
	if (below(2))
		p += sprintf(p, "%c%s%ld", below(2) ? 'e' : 'E', below(2) ? "-" : below(2) ? "+" : "", below(60));
	*p = '\0';
}

/* A random ±n·2^k into t and q. */
static void random_binary(struct dec_text *t, mpq_t q)
{
	unsigned __int128 n = (unsigned __int128)test_rng(&state) << 64 | test_rng(&state);
	long k = below(400) - 250;
	bool neg = below(2);

	n >>= below(128);
	if (below(8) == 0)
		n = 0;
	check(dec_text_binary(t, neg, n, k), "binary declined");
	mpz_set_ui(mpq_numref(q), (unsigned long)(uint64_t)(n >> 64));
	mpz_mul_2exp(mpq_numref(q), mpq_numref(q), 64);
	mpz_add_ui(mpq_numref(q), mpq_numref(q), (unsigned long)(uint64_t)n);
	mpz_set_ui(mpq_denref(q), 1);
	if (k >= 0)
		mpq_mul_2exp(q, q, (mp_bitcnt_t)k);
	else
		mpq_div_2exp(q, q, (mp_bitcnt_t)-k);
	if (neg)
		mpq_neg(q, q);
}

/* t against q: its value, its text (dec_rational()'s, and the value it spells), and its
 * power of two below. */
static void check_value(const struct dec_text *t, const mpq_t q, const char *what)
{
	struct strbuf mine, theirs;
	mpq_t v, two;
	long l = dec_text_log2_over(t);

	mpq_inits(v, two, NULL);
	dec_text_rational(v, t);
	check(mpq_equal(v, q), "%s: value", what);
	sb_init(&mine);
	sb_init(&theirs);
	dec_text_write(&mine, t);
	dec_rational(&theirs, q, 25);
	check(strcmp(mine.s, theirs.s) == 0, "%s: text %s, dec_rational %s", what, mine.s, theirs.s);
	gmp_value(v, mine.s);
	check(mpq_equal(v, q), "%s: %s spells another value", what, mine.s);
	if (mpq_sgn(q)) {
		mpq_abs(v, q);
		mpq_set_ui(two, 1, 1);
		l >= 0 ? mpq_mul_2exp(two, two, (mp_bitcnt_t)l) : mpq_div_2exp(two, two, (mp_bitcnt_t)-l);
		check(mpq_cmp(two, v) <= 0, "%s: 2^%ld above", what, l);
		mpq_mul_2exp(two, two, 5);
		check(mpq_cmp(v, two) < 0, "%s: 2^(%ld + 5) not above", what, l);
	} else
		check(l == LONG_MIN, "%s: 0's power of two", what);
	sb_free(&mine);
	sb_free(&theirs);
	mpq_clears(v, two, NULL);
}

/* a − b and |a| against |b|, as GMP has them. */
static void check_pair(const struct dec_text *a, const mpq_t qa, const struct dec_text *b, const mpq_t qb)
{
	static struct dec_text diff;
	mpq_t want, x, y;

	mpq_inits(want, x, y, NULL);
	mpq_sub(want, qa, qb);
	check(dec_text_minus(&diff, a, b), "minus declined");
	check_value(&diff, want, "difference");
	mpq_abs(x, qa);
	mpq_abs(y, qb);
	check(dec_text_cmp_abs(a, b) == (mpq_cmp(x, y) > 0) - (mpq_cmp(x, y) < 0), "order");
	mpq_clears(want, x, y, NULL);
}

/* A byte that is no digit, at each place of runs of digits of each length up to 40
 * before and after a point: never a text (the runs are read eight bytes at a time). */
static void bad_bytes(struct dec_text *a)
{
	static const char bad[] = "/:x \x80\xb9\xff";
	char text[96];

	for (long whole = 1; whole <= 40; whole++)
		for (long part = 0; part <= 20; part += 5)
			for (long at = 0; at < whole + part + (part > 0); at++) {
				long len = whole + part + (part > 0);
				for (long j = 0; j < len; j++)
					text[j] = (char)('0' + (j * 7 + whole) % 10);
				if (part)
					text[whole] = '.';
				if (at == whole && part)
					continue;
				for (const char *c = bad; *c; c++) {
					text[at] = *c;
					check(!dec_text_read(a, text, (size_t)len), "read a byte %02x at %ld of %ld",
					      (unsigned char)*c, at, len);
				}
			}
}

/* dec_text_log2_over() of 10^(top − 1) for tops around those a word holds: GMP's
 * ⌊(top − 1)·c/10^15⌋, c log2 10 to 16 digits taken below it for a positive power and
 * above for a negative one. */
static void log2_over_tops(struct dec_text *a)
{
	mpz_t x, scale;
	char text[32];

	mpz_inits(x, scale, NULL);
	mpz_ui_pow_ui(scale, 10, 15);
	for (long top = -3200; top <= 3200; top++) {
		sprintf(text, "%se%ld", below(2) ? "1" : "9.99", top - 1);
		check(dec_text_read(a, text, strlen(text)), "read declined %s", text);
		mpz_set_si(x, top - 1);
		mpz_mul_ui(x, x, top > 1 ? 3321928094887362u : 3321928094887363u);
		mpz_fdiv_q(x, x, scale);
		check(dec_text_log2_over(a) == mpz_get_si(x), "log2 over %s: %ld, not %ld", text,
		      dec_text_log2_over(a), mpz_get_si(x));
	}
	mpz_clears(x, scale, NULL);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000;
	struct dec_text a = { 0 }, b = { 0 };
	mpq_t qa, qb;
	char text[256];

	mpq_inits(qa, qb, NULL);
	for (long i = 0; i < n; i++) {
		random_text(text);
		check(dec_text_read(&a, text, strlen(text)), "read declined %s", text);
		gmp_value(qa, text);
		check_value(&a, qa, text);
		if (below(2)) { /* a decimal against a binary value, as mx's errors are */
			random_binary(&b, qb);
			check_value(&b, qb, "binary");
		} else {
			random_text(text);
			check(dec_text_read(&b, text, strlen(text)), "read declined %s", text);
			gmp_value(qb, text);
		}
		check_pair(&a, qa, &b, qb);
		check_pair(&b, qb, &a, qa);
		check_pair(&a, qa, &a, qa);
	}
	for (long i = 0; i < n / 4; i++) { /* a binary value far below a decimal's last digit:
					      the borrow crosses the zeros laid between them */
		char *p = text + sprintf(text, "%s", below(2) ? "-" : "");
		for (long j = 0, digits = 1 + below(40); j < digits; j++)
			*p++ = (char)('0' + (j == digits - 1 ? 1 + below(9) : below(10)));
		sprintf(p, "e%ld", 90 + below(250));
		check(dec_text_read(&a, text, strlen(text)), "read declined %s", text);
		gmp_value(qa, text);
		random_binary(&b, qb);
		check_pair(&a, qa, &b, qb);
		check_pair(&b, qb, &a, qa);
	}
	{ /* the worst error of mx's edges: E4M3's max times 2^127 from binary64's max */
		const char *max = "1.797693134862315708145274237317043567980e308";
		check(dec_text_read(&a, max, strlen(max)), "read declined %s", max);
		gmp_value(qa, max);
		check(dec_text_binary(&b, false, 448, 127), "binary declined");
		mpq_set_ui(qb, 448, 1);
		mpq_mul_2exp(qb, qb, 127);
		check_pair(&a, qa, &b, qb);
		check_pair(&b, qb, &a, qa);
	}
	{ /* words: d·10^−k */
		struct dec_words w = { true, (unsigned __int128)UINT64_MAX << 64 | 12345, 40 };
		dec_text_words(&a, &w);
		mpz_set_ui(mpq_numref(qa), UINT64_MAX);
		mpz_mul_2exp(mpq_numref(qa), mpq_numref(qa), 64);
		mpz_add_ui(mpq_numref(qa), mpq_numref(qa), 12345);
		mpz_ui_pow_ui(mpq_denref(qa), 10, 40);
		mpq_canonicalize(qa);
		mpq_neg(qa, qa);
		check_value(&a, qa, "words");
	}
	{ /* not texts */
		static const char *const bad[] = { "", "-", ".", "1e", "1e+", "1x", " 1", "1.2.3", "e5", "1e1234567890" };
		for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
			check(!dec_text_read(&a, bad[i], strlen(bad[i])), "read %s", bad[i]);
	}
	bad_bytes(&a);
	log2_over_tops(&a);
	mpq_clears(qa, qb, NULL);
	dec_text_free(&a);
	dec_text_free(&b);
	return test_summary("dectext");
}
