/*
 * literal.c — the numbers of an expression: decimals in every strtod spelling and hex
 * floats, each bounded from its digit count and exponent before any big integer is
 * built (see parse.c).
 */
#include "parser.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A decimal with this many digits before or after the point is past the limit:
 * log10(2^NUM_LIMIT_EXP), ≈ 19728.3 for 2^65536, and 2 more. */
#define DECIMAL_LIMIT (NUM_LIMIT_EXP * 30103 / 100000 + 2)
#define ARGUMENT_DECIMAL_LIMIT (MAX_ARGUMENT_EXP * 30103 / 100000 + 2) /* likewise inside a call */
#define EXPONENT_CAP 1000000000000000LL

/* Reads [eE|pP][+-]digits into *exp, saturating; the marker is already consumed. */
static enum parse_status scan_exponent(struct parser *p, long long *exp)
{
	bool neg = false;
	size_t digits = p->pos;

	if (peek(p) == '+' || peek(p) == '-')
		neg = p->s[p->pos++] == '-';
	digits = p->pos;
	*exp = 0;
	while (isdigit(peek(p))) {
		if (*exp < EXPONENT_CAP)
			*exp = *exp * 10 + (p->s[p->pos] - '0');
		p->pos++;
	}
	if (p->pos == digits)
		return parser_fail(p, PARSE_EXPONENT_DIGITS, p->pos);
	if (neg)
		*exp = -*exp;
	return PARSE_OK;
}

/*
 * The significant digits of a mantissa (leading zeros and the point dropped, trailing
 * zeros dropped and counted back into the exponent) in base 10 or 16.
 */
struct mantissa {
	char *digits;
	long long count;    /* significant digits */
	long long exponent; /* value = digits · base^exponent */
};

static bool is_digit_in(int c, int base)
{
	return base == 16 ? isxdigit(c) : isdigit(c);
}

static enum parse_status scan_mantissa(struct parser *p, struct mantissa *m, int base)
{
	size_t start = p->pos, seen = 0, n = 0, frac = 0, span;
	bool point = false;

	/* room for this number's digits only, not the rest of the line */
	for (span = 0; p->pos + span < p->len && (is_digit_in((unsigned char)p->s[p->pos + span], base) ||
						  p->s[p->pos + span] == '.'); span++)
		;
	m->digits = malloc(span + 1);
	if (!m->digits)
		abort();
	for (;; p->pos++) {
		int c = peek(p);
		if (c == '.' && !point) {
			point = true;
			continue;
		}
		if (!is_digit_in(c, base))
			break;
		seen++;
		frac += point;
		if (n || c != '0')
			m->digits[n++] = (char)c;
	}
	if (!seen)
		return parser_fail(p, PARSE_NO_DIGITS, start);
	m->exponent = -(long long)frac;
	while (n && m->digits[n - 1] == '0') {
		n--;
		m->exponent++;
	}
	m->digits[n] = '\0';
	m->count = (long long)n;
	return PARSE_OK;
}

/*
 * q = q / 10^k in lowest terms, for an integer q: the only common factors are the 2s and
 * 5s that q has, so they are counted and taken out instead of a gcd of big numbers
 * (which for a million digits costs more than everything else).
 */
static void divide_by_pow10(mpq_t q, unsigned long k)
{
	mpz_ptr num = mpq_numref(q), den = mpq_denref(q);
	mpz_t rest, five;
	unsigned long twos, fives;

	if (mpz_sgn(num) == 0)
		return;
	if (k <= 27 && mpz_fits_ulong_p(num)) { /* the same in machine words: 5^27 < 2^63 */
		unsigned long n = mpz_get_ui(num);
		twos = fives = 0;
		while (twos < k && !(n & 1))
			n >>= 1, twos++;
		while (fives < k && n % 5 == 0)
			n /= 5, fives++;
		mpz_set_ui(num, n);
		mpz_ui_pow_ui(den, 5, k - fives);
		mpz_mul_2exp(den, den, k - twos);
		return;
	}
	mpz_inits(rest, five, NULL);
	twos = mpz_scan1(num, 0);
	twos = twos < k ? twos : k;
	mpz_tdiv_q_2exp(num, num, twos);
	mpz_set_ui(five, 5);
	fives = mpz_remove(rest, num, five);
	if (fives > k) { /* more fives than the power takes: keep the rest of them */
		mpz_ui_pow_ui(five, 5, fives - k);
		mpz_mul(rest, rest, five);
		fives = k;
	}
	mpz_swap(num, rest);
	mpz_ui_pow_ui(den, 5, k - fives);
	mpz_mul_2exp(den, den, k - twos);
	mpz_clears(rest, five, NULL);
}

/* value = digits · base^exponent, with base^exponent = 2^(bits·exponent) or 10^exponent */
static void build_value(struct num *out, const struct mantissa *m, int base)
{
	mpz_t scale;

	mpz_set_str(mpq_numref(out->mag), m->digits, base);
	mpz_set_ui(mpq_denref(out->mag), 1);
	if (base == 16) {
		if (m->exponent >= 0)
			mpq_mul_2exp(out->mag, out->mag, (mp_bitcnt_t)m->exponent);
		else
			mpq_div_2exp(out->mag, out->mag, (mp_bitcnt_t)-m->exponent);
		return;
	}
	mpz_init(scale);
	if (m->exponent >= 0) {
		mpz_ui_pow_ui(scale, 10, (unsigned long)m->exponent);
		mpz_mul(mpq_numref(out->mag), mpq_numref(out->mag), scale);
	} else
		divide_by_pow10(out->mag, (unsigned long)-m->exponent);
	mpz_clear(scale);
}

/*
 * Sets out from a mantissa, bounding first: with D significant digits the value lies in
 * [base^(D−1+exp), base^(D+exp)); for hex, the exponent is already in bits and each digit
 * is 4 of them.
 */
static void set_literal(struct num *out, struct mantissa *m, int base, bool in_call)
{
	long long lo, hi, limit = in_call ? (base == 16 ? MAX_ARGUMENT_EXP : ARGUMENT_DECIMAL_LIMIT)
					  : (base == 16 ? NUM_LIMIT_EXP : DECIMAL_LIMIT);

	num_set_kind(out, NUM_FINITE);
	out->bound = NUM_EXACT;
	if (m->count == 0) {
		mpq_set_ui(out->mag, 0, 1);
		return;
	}
	lo = (base == 16 ? 4 * (m->count - 1) : m->count - 1) + m->exponent;
	hi = (base == 16 ? 4 * m->count : m->count) + m->exponent;
	if (lo >= limit)
		num_set_bound(out, NUM_HUGE);
	else if (hi <= -limit)
		num_set_bound(out, NUM_TINY);
	else
		build_value(out, m, base);
}

/* decimal := digits [. digits] [e exp] | . digits [e exp] */
enum parse_status scan_decimal(struct parser *p, struct num *out)
{
	struct mantissa m = { 0 };
	long long exp = 0;
	enum parse_status s = scan_mantissa(p, &m, 10);

	if (s == PARSE_OK && (peek(p) == 'e' || peek(p) == 'E')) {
		p->pos++;
		s = scan_exponent(p, &exp);
	}
	if (s == PARSE_OK) {
		m.exponent += exp;
		set_literal(out, &m, 10, p->calls > 0);
	}
	free(m.digits);
	return s;
}

/* hexfloat := 0x hexdigits [. hexdigits] p exp ("0x" already consumed) */
enum parse_status scan_hexfloat(struct parser *p, struct num *out, size_t start)
{
	struct mantissa m = { 0 };
	long long exp = 0;
	enum parse_status s = scan_mantissa(p, &m, 16);

	if (s == PARSE_OK && isalnum(peek(p)) && peek(p) != 'p' && peek(p) != 'P')
		s = parser_fail(p, PARSE_HEX_DIGIT, p->pos); /* 0x12g4 */
	if (s == PARSE_OK && peek(p) != 'p' && peek(p) != 'P')
		s = parser_fail(p, strchr(p->s + start, '.') ? PARSE_HEX_NEEDS_P : PARSE_PATTERN_IN_EXPRESSION, start);
	if (s == PARSE_OK) {
		p->pos++;
		s = scan_exponent(p, &exp);
	}
	if (s == PARSE_OK) {
		m.exponent = 4 * m.exponent + exp;
		set_literal(out, &m, 16, p->calls > 0);
	}
	free(m.digits);
	return s;
}
