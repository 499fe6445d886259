/*
 * fastdecscan.c — reading a plain decimal for the fast path (fastdec.h): its first 19
 * significant digits and their power of ten, all of up to 38 digits in two words, in
 * one pass over the text, 8 digits a load where they come in blocks; and its exact
 * value as a rational. Declines (false) whatever is not a plain decimal, inf, nan or
 * 2^k, for parse.c's full grammar to read. Never prints.
 */
#include "fastdec.h"
#include "fastdec_impl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "num.h"
#include "pow5.h"

#define MAX_DIGITS 38 /* all the digits are kept, in two words, up to here */
#define MAX_EXPONENT 400

/* ---- Scanning ------------------------------------------------------------------------- */

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Are the 8 bytes of v all ASCII digits? (each byte 0x30…0x39: high nibble 3, and
 * adding 6 does not carry into it) */
static bool eight_digits(uint64_t v)
{
	return ((v & 0xf0f0f0f0f0f0f0f0u) | (((v + 0x0606060606060606u) & 0xf0f0f0f0f0f0f0f0u) >> 4)) ==
	       0x3333333333333333u;
}

/* The value of 8 ASCII digits, the first in the lowest byte. */
static uint64_t eight_digit_value(uint64_t v)
{
	return digit_bytes_value(v - ASCII_ZEROS);
}

/* The significant digits as they are read: the first 19 in a word, up to 38 in two,
 * and whether any past the 19th is not 0. */
struct digits {
	uint64_t head;
	unsigned __int128 all;
	int significant;
	bool sticky;
};

/* Digits [p, end) while they last, into *g; leading zeros are not significant. Returns
 * how many digits were read. */
static long digit_run(struct digits *g, const char **p, const char *end)
{
	const char *start = *p, *s = *p;
	uint64_t word = g->head;
	int n = g->significant;

	while (n == 0 && s < end && *s == '0') /* leading zeros; after them a digit is nonzero */
		s++;
	while (LITTLE_ENDIAN_WORDS && n + 8 <= 19 && end - s >= 8) { /* blocks of 8 digits */
		uint64_t v;
		memcpy(&v, s, 8);
		if (!eight_digits(v))
			break;
		word = word * 100000000u + eight_digit_value(v);
		n += 8;
		s += 8;
	}
	for (; s < end && (unsigned)(*s - '0') < 10; s++) {
		unsigned digit = (unsigned)(*s - '0');
		if (++n <= 19) {
			word = word * 10 + digit;
			continue;
		}
		if (n <= MAX_DIGITS)
			g->all = (n == 20 ? (unsigned __int128)word : g->all) * 10 + digit;
		g->sticky |= digit != 0;
	}
	g->head = word;
	g->significant = n;
	*p = s;
	return (long)(s - start);
}

/* The digits of the mantissa into *g; *after_point: how many came after the point. */
static bool scan_digits(struct digits *g, const char **p, const char *end, long *after_point)
{
	long seen;

	*g = (struct digits){ 0, 0, 0, false };
	seen = digit_run(g, p, end);
	*after_point = 0;
	if (*p < end && **p == '.') {
		(*p)++;
		*after_point = digit_run(g, p, end);
		seen += *after_point;
	}
	return seen > 0;
}

/* d from the digits g and the exponent of their last, q: the head's exponent, and all
 * the digits where the head leaves some out. False when |q| is past the tables. */
static bool set_decimal(struct decimal *d, const struct digits *g, long q)
{
	long dropped = g->significant > 19 ? g->significant - 19 : 0;

	d->kind = DECIMAL_FINITE;
	d->e2 = 0;
	d->head = g->head;
	d->q = q + dropped;
	d->sticky = g->sticky;
	d->w[0] = d->w[1] = 0;
	d->limbs = 0;
	d->wq = q;
	if (g->sticky && g->significant <= MAX_DIGITS && q >= -MAX_EXPONENT) {
		d->w[0] = (mp_limb_t)g->all;
		d->w[1] = (mp_limb_t)(g->all >> 64);
		d->limbs = d->w[1] ? 2 : 1;
	}
	return d->head == 0 || (d->q >= -MAX_EXPONENT && d->q <= MAX_EXPONENT);
}

/* [sign]digits, the value held at NUM_LIMIT_EXP or up to ten times past it (beyond every
 * table, and far enough that 2^k past the limit is seen to be). */
static bool scan_exponent_digits(const char **p, const char *end, long *exp)
{
	bool neg = false;
	int digits = 0;

	*exp = 0;
	if (*p < end && (**p == '+' || **p == '-'))
		neg = *(*p)++ == '-';
	for (; *p < end && **p >= '0' && **p <= '9'; (*p)++, digits++)
		if (*exp < NUM_LIMIT_EXP)
			*exp = *exp * 10 + (**p - '0');
	if (neg)
		*exp = -*exp;
	return digits > 0;
}

static bool scan_exponent(const char **p, const char *end, long *exp)
{
	*exp = 0;
	if (*p == end || (**p != 'e' && **p != 'E'))
		return true;
	(*p)++;
	return scan_exponent_digits(p, end, exp);
}

/* inf, infinity or nan, in any case, and nothing after. */
static bool scan_special(struct decimal *d, const char *p, const char *end)
{
	size_t n = (size_t)(end - p);
	enum decimal_kind kind;

	if ((n == 3 && strncasecmp(p, "inf", 3) == 0) || (n == 8 && strncasecmp(p, "infinity", 8) == 0))
		kind = DECIMAL_INF;
	else if (n == 3 && strncasecmp(p, "nan", 3) == 0)
		kind = DECIMAL_NAN;
	else
		return false;
	*d = (struct decimal){ kind, 0, 0, 0, false, { 0, 0 }, 0, 0, d->neg, NULL, 0 };
	return true;
}

/* 2^k: head 1 and e2 = k, for |k| up to NUM_LIMIT_EXP (past every format). */
static bool scan_power_of_two(struct decimal *d, const char *p, const char *end)
{
	long k;

	if (end - p < 3 || p[0] != '2' || p[1] != '^')
		return false;
	p += 2;
	if (!scan_exponent_digits(&p, end, &k) || p != end)
		return false;
	*d = (struct decimal){ DECIMAL_FINITE, 1, 0, k, false, { 0, 0 }, 0, 0, d->neg, NULL, 0 };
	return true;
}

/* Digits while they last, 8 at a time where it can, into *w (wrapping past 19 digits:
 * the caller counts them and scans again). */
static const char *plain_digits(uint64_t *w, const char *p, const char *end)
{
	uint64_t v;

	while (LITTLE_ENDIAN_WORDS && end - p >= 8 && (memcpy(&v, p, 8), eight_digits(v))) {
		*w = *w * 100000000u + eight_digit_value(v);
		p += 8;
	}
	for (; p < end && (unsigned)(*p - '0') < 10; p++)
		*w = *w * 10 + (unsigned)(*p - '0');
	return p;
}

/*
 * The commonest decimal in one pass: at most 19 digits in all (leading zeros included),
 * the exponent, and nothing after. False when it is not that (more digits, no digit, a
 * word): scan_digits() and the others then read it with all their care.
 */
static bool scan_short(struct decimal *d, const char *p, const char *end)
{
	const char *start = p;
	uint64_t w = 0;
	long after_point = 0, exp = 0, digits;

	p = plain_digits(&w, p, end);
	digits = p - start;
	if (p < end && *p == '.') {
		const char *fraction = ++p;
		p = plain_digits(&w, p, end);
		after_point = p - fraction;
		digits += after_point;
	}
	if (digits == 0 || digits > 19)
		return false;
	if (p < end && (*p | 0x20) == 'e') {
		p++;
		if (!scan_exponent_digits(&p, end, &exp))
			return false;
	}
	if (p != end)
		return false;
	exp -= after_point;
	*d = (struct decimal){ DECIMAL_FINITE, w, exp, 0, false, { 0, 0 }, 0, exp, d->neg, NULL, 0 };
	return w == 0 || (exp >= -MAX_EXPONENT && exp <= MAX_EXPONENT);
}

bool fastdec_scan(struct decimal *d, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *digits;
	struct digits g;
	long after_point, exp;

	while (p < end && (unsigned char)*p <= ' ' && is_blank(*p))
		p++;
	while (end > p && (unsigned char)end[-1] <= ' ' && is_blank(end[-1]))
		end--;
	d->neg = false;
	d->text = NULL;
	d->len = 0;
	if (p < end && (*p == '+' || *p == '-'))
		d->neg = *p++ == '-';
	if (scan_short(d, p, end))
		return true;
	digits = p;
	if (!scan_digits(&g, &p, end, &after_point) || !scan_exponent(&p, end, &exp) || p != end)
		return scan_special(d, digits, end) || scan_power_of_two(d, digits, end);
	if (!set_decimal(d, &g, exp - after_point))
		return false;
	if (d->sticky && d->limbs == 0) {
		d->text = digits;
		d->len = (size_t)(end - digits);
	}
	return true;
}
/* ---- The exact value, as a rational ------------------------------------------------------- */

/* z = z·5^k, from the table. */
static void times_pow5(mpz_t z, long k)
{
	mpz_t p;

	mpz_mul(z, z, mpz_roinit_n(p, pow5_limbs + pow5_table[k].offset, (mp_size_t)pow5_table[k].size));
}

/* How many times (up to k) the integer z divides by 5, dividing it. */
static long strip_fives(mpz_t z, long k)
{
	long n = 0;

	if (mpz_fits_ulong_p(z)) { /* in a word, as almost always */
		unsigned long v = mpz_get_ui(z);
		for (; n < k && v % 5 == 0; n++)
			v /= 5;
		mpz_set_ui(z, v);
		return n;
	}
	while (n < k && mpz_divisible_ui_p(z, 5)) {
		mpz_divexact_ui(z, z, 5);
		n++;
	}
	return n;
}

bool fastdec_value(struct num *x, const struct decimal *d)
{
	mpz_ptr num = mpq_numref(x->mag), den = mpq_denref(x->mag);
	mp_limb_t head[1] = { d->head };
	mpz_t w;
	long q = d->q, twos;

	x->neg = d->neg;
	x->bound = NUM_EXACT;
	num_set_kind(x, d->kind == DECIMAL_INF ? NUM_INF : d->kind == DECIMAL_NAN ? NUM_NAN : NUM_FINITE);
	mpq_set_ui(x->mag, 0, 1);
	if (d->kind != DECIMAL_FINITE || d->head == 0)
		return true;
	if ((d->sticky && d->limbs == 0) || labs(d->e2) >= NUM_LIMIT_EXP)
		return false;
	if (d->sticky) {
		mpz_set(num, mpz_roinit_n(w, d->w, d->limbs));
		q = d->wq;
	} else {
		for (; q < 0 && head[0] % 10 == 0; q++) /* trailing zeros after the point (1.50) */
			head[0] /= 10;
		mpz_set(num, mpz_roinit_n(w, head, 1));
	}
	if (q >= 0) { /* w·5^q·2^q */
		times_pow5(num, q);
		mpz_mul_2exp(num, num, (mp_bitcnt_t)q);
	} else { /* w / (5^k·2^k), the common factors of w with 10^k taken out first */
		long k = -q, fives = strip_fives(num, k);
		twos = (long)mpz_scan1(num, 0);
		twos = twos < k ? twos : k;
		mpz_tdiv_q_2exp(num, num, (mp_bitcnt_t)twos);
		mpz_set_ui(den, 1);
		times_pow5(den, k - fives);
		mpz_mul_2exp(den, den, (mp_bitcnt_t)(k - twos));
	}
	if (d->e2 > 0) /* 2^k: head 1 and q 0, so 1 and 1 */
		mpz_mul_2exp(num, num, (mp_bitcnt_t)d->e2);
	else if (d->e2 < 0)
		mpz_mul_2exp(den, den, (mp_bitcnt_t)-d->e2);
	return true;
}
