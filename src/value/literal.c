/*
 * literal.c — the tokens of an input, read from the parser's cursor (parse_impl.h):
 * decimals in every strtod spelling and hex floats, each bounded from its digit count
 * and exponent before any big integer is built; inf and nan with their payloads; bit
 * patterns; names; and the first error's place. It calls nothing of the grammar
 * (parsexpr.c) or of whole inputs (parse.c), which call it.
 */
#include "parse_impl.h"
#include "format.h"
#include "kinds.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A decimal with this many digits before or after the point is past the limit:
 * log10(2^NUM_LIMIT_EXP), ≈ 19728.3 for 2^65536, and 2 more. */
#define DECIMAL_LIMIT (NUM_LIMIT_EXP * 30103 / 100000 + 2)
#define ARGUMENT_DECIMAL_LIMIT (MAX_ARGUMENT_EXP * 30103 / 100000 + 2) /* likewise inside a call */
#define EXPONENT_CAP 1000000000000000LL

/* ---- The cursor ---------------------------------------------------------------------- */

enum parse_status parser_fail(struct parser *p, enum parse_status s, size_t at)
{
	if (p->err->status == PARSE_OK) {
		p->err->status = s;
		p->err->column = s == PARSE_EMPTY || s == PARSE_TOO_LONG ? 0 : at + 1;
		p->err->byte = at < p->len ? (unsigned char)p->s[at] : -1;
	}
	return s;
}

bool parser_at_word(const struct parser *p, size_t at, const char *word)
{
	size_t n;

	if (at >= p->len || tolower((unsigned char)p->s[at]) != word[0]) /* most words: at once */
		return false;
	n = strlen(word);
	return at + n <= p->len && strncasecmp(p->s + at, word, n) == 0 &&
	       (at + n == p->len || !isalnum((unsigned char)p->s[at + n]));
}

size_t parser_name_length(const struct parser *p)
{
	size_t n = 0;

	while (p->pos + n < p->len &&
	       (isalpha((unsigned char)p->s[p->pos + n]) || p->s[p->pos + n] == '_' ||
		(n && isdigit((unsigned char)p->s[p->pos + n]))))
		n++;
	return n;
}

/* ---- Numbers ---------------------------------------------------------------------------- */

/* Reads [eE|pP][+-]digits into *exp, saturating; the marker is already consumed. */
static enum parse_status scan_exponent(struct parser *p, long long *exp)
{
	bool neg = false;
	size_t digits = p->pos;

	if (parser_peek(p) == '+' || parser_peek(p) == '-')
		neg = p->s[p->pos++] == '-';
	digits = p->pos;
	*exp = 0;
	while (isdigit(parser_peek(p))) {
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
		int c = parser_peek(p);
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
enum parse_status literal_decimal(struct parser *p, struct num *out)
{
	struct mantissa m = { 0 };
	long long exp = 0;
	enum parse_status s = scan_mantissa(p, &m, 10);

	if (s == PARSE_OK && (parser_peek(p) == 'e' || parser_peek(p) == 'E')) {
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
enum parse_status literal_hexfloat(struct parser *p, struct num *out, size_t start)
{
	struct mantissa m = { 0 };
	long long exp = 0;
	enum parse_status s = scan_mantissa(p, &m, 16);

	if (s == PARSE_OK && isalnum(parser_peek(p)) && parser_peek(p) != 'p' && parser_peek(p) != 'P')
		s = parser_fail(p, PARSE_HEX_DIGIT, p->pos); /* 0x12g4 */
	if (s == PARSE_OK && parser_peek(p) != 'p' && parser_peek(p) != 'P')
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

/* ---- Specials and patterns ----------------------------------------------------------- */

/* "(0x1f)", "(31)" or "(037)" from at (a C integer constant, as glibc's strtod reads
 * nan(...)): the payload into *payload; where it ends, or 0. */
static size_t nan_payload(const struct parser *p, size_t at, fpcode *payload)
{
	bool hex = at + 3 < p->len && p->s[at + 1] == '0' && tolower((unsigned char)p->s[at + 2]) == 'x';
	int base = hex ? 16 : at + 2 < p->len && p->s[at + 1] == '0' ? 8 : 10;
	size_t i = at + 1 + (hex ? 2 : 0), first = i;
	fpcode v = 0;

	for (; i < p->len && isxdigit((unsigned char)p->s[i]); i++) {
		int d = isdigit((unsigned char)p->s[i]) ? p->s[i] - '0' : tolower((unsigned char)p->s[i]) - 'a' + 10;
		if (d >= base || v >= ((fpcode)1 << 127) / (fpcode)base)
			return 0;
		v = v * (fpcode)base + (fpcode)d;
	}
	if (i == first || i >= p->len || p->s[i] != ')' || v >> 127)
		return 0;
	*payload = v;
	return i + 1;
}

enum parse_status literal_special(struct parser *p, struct input *out, bool *found)
{
	size_t at = p->pos, end;
	struct num *x = &out->value;
	bool neg = false;

	*found = true;
	if (parser_peek(p) == '+' || parser_peek(p) == '-')
		neg = p->s[at++] == '-';
	if (parser_at_word(p, at, "nan") || parser_at_word(p, at, "snan")) {
		num_set_kind(x, NUM_NAN);
		out->nan = (struct nan_spec){ .signaling = tolower((unsigned char)p->s[at]) == 's' };
		at += out->nan.signaling ? 4 : 3;
		if (at < p->len && p->s[at] == '(') {
			if (!(end = nan_payload(p, at, &out->nan.payload)))
				return parser_fail(p, PARSE_NAN_PAYLOAD, at);
			out->nan.has_payload = true;
			at = end;
		}
		if (out->nan.signaling || out->nan.has_payload)
			out->kind = INPUT_NAN;
	} else if (parser_at_word(p, at, "infinity"))
		x->kind = NUM_INF, at += 8;
	else if (parser_at_word(p, at, "inf"))
		x->kind = NUM_INF, at += 3;
	else
		return *found = false, PARSE_OK;
	x->neg = neg;
	p->pos = at;
	return PARSE_OK;
}

bool literal_class_pattern(struct parser *p, mpz_t out, const char **class)
{
	size_t at = p->pos, end;
	int first = at < p->len ? tolower((unsigned char)p->s[at]) : -1;
	fpcode code;

	for (size_t k = 0; fmt_kinds[k]; k++)
		for (const char *const *name = fmt_kinds[k]->noncanonical_names; name && *name; name++) {
			size_t n;
			if (first != (*name)[0]) /* every line that is not a bit pattern comes here */
				continue;
			n = strlen(*name);
			if (!parser_at_word(p, at, *name) || at + n >= p->len || p->s[at + n] != '(')
				continue;
			if (!(end = nan_payload(p, at + n, &code)) || end != p->len)
				return false;
			code_to_mpz(out, code);
			*class = *name;
			p->pos = end;
			return true;
		}
	return false;
}

bool literal_pattern(struct parser *p, mpz_t out)
{
	size_t at = p->pos, n = 0;
	int base;
	char *digits;

	if (p->len - at < 3 || p->s[at] != '0')
		return false;
	base = tolower((unsigned char)p->s[at + 1]) == 'x' ? 16 : tolower((unsigned char)p->s[at + 1]) == 'b' ? 2 : 0;
	if (!base)
		return false;
	for (size_t i = at + 2; i < p->len; i++) {
		int c = (unsigned char)p->s[i];
		if (c != '_' && !(base == 16 ? isxdigit(c) : (c == '0' || c == '1')))
			return false;
		n += c != '_';
	}
	if (n == 0)
		return false;
	digits = malloc(n + 1);
	if (!digits)
		abort();
	n = 0;
	for (size_t i = at + 2; i < p->len; i++)
		if (p->s[i] != '_')
			digits[n++] = p->s[i];
	digits[n] = '\0';
	mpz_set_str(out, digits, base);
	free(digits);
	p->pos = p->len;
	return true;
}
