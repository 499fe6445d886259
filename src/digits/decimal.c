/*
 * decimal.c — writing exact binary values in decimal and as hex floats.
 *
 * A decimal is built as an integer D and a power of ten k (value = D·10^k) and then
 * laid out: plainly when its leading digit sits between 10^−7 and 10^21, in
 * scientific notation otherwise. Here: the layout, exact values, rationals to n
 * digits, hex floats. The shortest decimal of a code is decshort.c's; decimals in
 * machine words (mx's errors) are decwords.c's. Never rounds into a format.
 */
#include "decimal.h"
#include "decimal_impl.h"
#include "num.h"
#include "scratch.h"

#include <stdlib.h>
#include <string.h>

/* ---- Layout ------------------------------------------------------------------------ */

/* The decimal digits of d, written so that they end at `end`, 8 at a time (each group
 * of 8 made apart from the others): the 24 bytes before end may be written. Returns
 * where the digits start. Static here, so that it is inlined where it is hot
 * (dec_scaled_word(), convert's shortest rows); the rarer uses, exponents past 99
 * and decwords.c's wide values, call dec_word_digits(). */
static char *word_digits(char *end, uint64_t d)
{
	const uint64_t e8 = 100000000, e16 = e8 * e8;
	uint64_t first;
	int groups;

	if (d < e8) {
		first = eight_digit_bytes((uint32_t)d);
		groups = 1;
	} else if (d < e16) {
		uint64_t high = d / e8;
		store_digit_bytes(end - 8, eight_digit_bytes((uint32_t)(d - high * e8)));
		first = eight_digit_bytes((uint32_t)high);
		groups = 2;
	} else { /* d < 2^64 < 1845·10^16 */
		uint64_t top = d / e16, rest = d - top * e16, high = rest / e8;
		store_digit_bytes(end - 8, eight_digit_bytes((uint32_t)(rest - high * e8)));
		store_digit_bytes(end - 16, eight_digit_bytes((uint32_t)high));
		first = eight_digit_bytes((uint32_t)top);
		groups = 3;
	}
	store_digit_bytes(end - 8 * groups, first);
	/* the first nonzero digit's byte (d = 0: the last) */
	return end - 8 * groups + (d ? __builtin_ctzll(first - ASCII_ZEROS) >> 3 : 7);
}

char *dec_word_digits(char *end, uint64_t d)
{
	return word_digits(end, d);
}

/* The most put_digits() writes besides the digits: a sign, "0." and the zeros before a
 * small value's digits (5 at most), the zeros after a large one's (20) or a point,
 * an exponent. */
#define DIGITS_SLACK 48

static char *put_zeros(char *p, long n)
{
	memset(p, '0', (size_t)n);
	return p + n;
}

/* D·10^k at p, D given by its n digits (no leading zero unless D = 0): at most
 * n + DIGITS_SLACK bytes. Returns the end. */
static char *put_digits(char *p, bool neg, const char *digits, long n, long k)
{
	long x;

	while (n > 1 && digits[n - 1] == '0')
		n--, k++;
	if (neg)
		*p++ = '-';
	x = k + n - 1; /* the power of ten of the leading digit */
	if (digits[0] == '0')
		*p++ = '0';
	else if (x <= -7 || x >= 21) {
		*p++ = digits[0];
		if (n > 1) {
			*p++ = '.';
			sb_copy(p, digits + 1, (size_t)n - 1);
			p += n - 1;
		}
		p = put_exponent(p, x);
	} else if (k >= 0) {
		sb_copy(p, digits, (size_t)n);
		p = put_zeros(p + n, k);
	} else if (x >= 0) { /* x + 1 digits, the point, the last −k */
		sb_copy(p, digits, (size_t)x + 1);
		p += x + 1;
		*p++ = '.';
		sb_copy(p, digits + x + 1, (size_t)-k);
		p += -k;
	} else {
		*p++ = '0';
		*p++ = '.';
		p = put_zeros(p, -x - 1);
		sb_copy(p, digits, (size_t)n);
		p += n;
	}
	return p;
}

/* Writes D·10^k, D given by its n digits (no leading zero unless D = 0). */
static void write_digits(struct strbuf *out, bool neg, const char *digits, long n, long k)
{
	sb_reserve(out, (size_t)n + DIGITS_SLACK);
	out->len = (size_t)(put_digits(out->s + out->len, neg, digits, n, k) - out->s);
	out->s[out->len] = '\0';
}

void dec_write_digits(struct strbuf *out, bool neg, const char *digits, long n, long k)
{
	write_digits(out, neg, digits, n, k);
}

void dec_write_scaled(struct strbuf *out, bool neg, const mpz_t d, long k)
{
	char small[64]; /* most values: no allocation for their digits */
	char *digits = mpz_sizeinbase(d, 10) + 2 <= sizeof small ? mpz_get_str(small, 10, d) : mpz_get_str(NULL, 10, d);

	write_digits(out, neg, digits, (long)strlen(digits), k);
	if (digits != small)
		free(digits);
}

void dec_scaled_word(struct strbuf *out, bool neg, uint64_t d, long k)
{
	char text[24], *end = text + sizeof text, *p = word_digits(end, d);

	write_digits(out, neg, p, (long)(end - p), k);
}

char *dec_long(char buf[DEC_LONG_MAX], long v)
{
	char *end = buf + DEC_LONG_MAX - 1, *p;

	*end = '\0';
	p = word_digits(end, v < 0 ? 0ul - (unsigned long)v : (unsigned long)v);
	if (v < 0)
		*--p = '-';
	return p;
}

void dec_set_pow10(mpq_t q, long k)
{
	mpz_ui_pow_ui(mpq_numref(q), 10, (unsigned long)labs(k));
	mpz_set_ui(mpq_denref(q), 1);
	if (k < 0)
		mpq_inv(q, q);
}

long dec_floor_log10(const mpq_t q)
{
	long bits = (long)mpz_sizeinbase(mpq_numref(q), 2) - (long)mpz_sizeinbase(mpq_denref(q), 2);
	long k = bits * 30103 / 100000;
	mpq_t p;

	mpq_init(p);
	for (dec_set_pow10(p, k); mpq_cmp(p, q) > 0; dec_set_pow10(p, --k))
		;
	for (dec_set_pow10(p, k + 1); mpq_cmp(p, q) <= 0; dec_set_pow10(p, ++k + 1))
		;
	mpq_clear(p);
	return k;
}

void dec_round_to_integer(mpz_t out, const mpq_t q)
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

/* A code no rank maps to (v->noncanonical), as it reads back: unnormal(0x3fff0000000000000000).
 * dec_special() writes it so too. */
static void dec_noncanonical(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	sb_printf(out, "%s(%s)", v->noncanonical, hex);
}

void dec_special(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	char hex[CODE_MAX_BITS / 4 + 3];
	fpcode payload;
	bool signaling;

	if (v->noncanonical) {
		dec_noncanonical(out, f, code, v);
		return;
	}
	if (v->cls == FP_INF) {
		sb_puts(out, v->neg ? "-inf" : "inf");
		return;
	}
	if (v->neg && f->nan_signed)
		sb_putc(out, '-');
	if (!fmt_nan_payload(f, code, &payload)) {
		sb_puts(out, "nan");
		return;
	}
	signaling = fmt_nan_is_signaling(f, code);
	sb_puts(out, signaling ? "snan" : "nan");
	if (payload || signaling) {
		code_to_hex_minimal(hex, payload);
		sb_printf(out, "(%s)", hex);
	}
}

void dec_code_exact(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct fmt_value v;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN || v.cls == FP_INF)
		dec_special(out, f, code, &v);
	else
		dec_exact(out, v.neg, v.sig, v.exp);
	fmt_value_clear(&v);
}

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
	dec_write_scaled(out, neg, d, exp < 0 ? exp : 0);
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
	k = dec_floor_log10(v) - n + 1;
	dec_set_pow10(scale, k);
	mpq_div(scale, v, scale);
	dec_round_to_integer(d, scale);
	mpz_ui_pow_ui(limit, 10, (unsigned long)n);
	if (mpz_cmp(d, limit) == 0) { /* 9.99… rounded up to 10.0… */
		mpz_divexact_ui(d, d, 10);
		k++;
	}
	dec_write_scaled(out, neg, d, k);
	mpq_clears(v, scale, NULL);
	mpz_clears(d, limit, NULL);
}

static mpz_srcptr five_as_mpz(mpz_t five)
{
	static const mp_limb_t limb = 5;

	return mpz_roinit_n(five, &limb, 1);
}

/* The twos and fives of den (> 0), taken out: true when nothing else is left (the
 * decimal of something over den ends). In machine words where den fits one. */
static bool only_twos_and_fives(long *twos, long *fives, const mpz_t den, mpz_t work)
{
	if (mpz_fits_ulong_p(den)) {
		unsigned long d = mpz_get_ui(den);
		*twos = __builtin_ctzl(d);
		d >>= *twos;
		for (*fives = 0; d % 5 == 0; ++*fives)
			d /= 5;
		return d == 1;
	}
	*twos = (long)mpz_scan1(den, 0);
	mpz_tdiv_q_2exp(work, den, (mp_bitcnt_t)*twos);
	mpz_t five;

	*fives = (long)mpz_remove(work, work, five_as_mpz(five)); /* by squares of 5: 10^1000000 too */
	return mpz_cmp_ui(work, 1) == 0;
}

bool dec_rational(struct strbuf *out, const mpq_t q, int n)
{
	static _Thread_local mpz_t work, digits; /* kept from one value to the next (scratch.h) */
	static _Thread_local bool ready;
	long twos, fives, k;

	if (mpq_sgn(q) == 0) {
		sb_putc(out, '0');
		return true;
	}
	if (!ready) {
		mpz_inits(work, digits, NULL);
		scratch_at_thread_end(scratch_clear_mpz, work);
		scratch_at_thread_end(scratch_clear_mpz, digits);
		ready = true;
	}
	if (!only_twos_and_fives(&twos, &fives, mpq_denref(q), work)) {
		rational_digits(out, mpq_sgn(q) < 0, q, n);
		return false;
	}
	/* n / (2^a·5^b) = n·5^(k−b)·2^(k−a) / 10^k, k = max(a, b) */
	k = twos > fives ? twos : fives;
	mpz_abs(digits, mpq_numref(q));
	if (k > fives) {
		mpz_ui_pow_ui(work, 5, (unsigned long)(k - fives));
		mpz_mul(digits, digits, work);
	}
	mpz_mul_2exp(digits, digits, (mp_bitcnt_t)(k - twos));
	if (mpz_fits_ulong_p(digits))
		dec_scaled_word(out, mpq_sgn(q) < 0, mpz_get_ui(digits), -k);
	else
		dec_write_scaled(out, mpq_sgn(q) < 0, digits, -k);
	return true;
}

/* A signed rational to n significant digits (ties to even), whether or not its decimal ends. */
static void dec_rational_digits(struct strbuf *out, const mpq_t q, int n)
{
	if (mpq_sgn(q) == 0)
		sb_putc(out, '0');
	else
		rational_digits(out, mpq_sgn(q) < 0, q, n);
}

bool dec_marked(struct strbuf *out, const mpq_t q, bool approximate)
{
	size_t at = out->len;

	if (!approximate) {
		if (dec_rational(out, q, DEC_APPROX_DIGITS))
			return true;
		out->len = at; /* the digits dec_rational() wrote come again after the ~ */
		out->s[at] = '\0';
	}
	sb_putc(out, '~');
	dec_rational_digits(out, q, DEC_APPROX_DIGITS);
	return false;
}

void dec_ratio(struct strbuf *out, const mpq_t q)
{
	char *text = mpq_get_str(NULL, 10, q);

	sb_puts(out, text);
	free(text);
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
