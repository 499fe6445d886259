/*
 * parse.c — reading what the user typed into an exact value.
 *
 * Grammar (case-insensitive; blanks allowed between tokens):
 *     input   := blank* (special | pattern | expr) blank*
 *     special := [+-] ("inf" | "infinity" | "nan")
 *     pattern := "0x" hex-or-_ + | "0b" bit-or-_ +          (a code, not a value)
 *     expr    := term (("+" | "-") term)*
 *     term    := unary (("*" | "/") unary)*
 *     unary   := ("+" | "-") unary | power
 *     power   := primary ("^" unary)?                       (right-associative)
 *     primary := decimal | hexfloat | "(" expr ")"
 * A literal (literal.c) is bounded from its digit count and exponent before any big
 * integer is built; one beyond 2^±NUM_LIMIT_EXP becomes a bounded stand-in (num.h),
 * which may stand alone or be negated but not combined.
 */
#include "parse.h"
#include "parser.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_DEPTH 200
#define MAX_EXACT_BITS (1L << 23)
/* The bits all the operations of one expression may handle together: each is bounded by
 * MAX_EXACT_BITS, and this bounds their number, so that no line takes more than about a
 * second whatever it chains. */
#define MAX_WORK_BITS (1L << 25)

static const char *const messages[] = {
	[PARSE_OK] = "ok",
	[PARSE_EMPTY] = "empty input",
	[PARSE_TOO_LONG] = "input longer than 1 MiB",
	[PARSE_UNEXPECTED] = "unexpected character",
	[PARSE_EXPECTED_VALUE] = "a number was expected",
	[PARSE_NO_DIGITS] = "a number needs at least one digit",
	[PARSE_EXPONENT_DIGITS] = "the exponent has no digits",
	[PARSE_HEX_NEEDS_P] = "a hex float needs a p exponent (0x1.8p3); a bare 0x... is a bit pattern",
	[PARSE_UNCLOSED] = "unclosed parenthesis",
	[PARSE_DIVISION_BY_ZERO] = "division by zero",
	[PARSE_FRACTIONAL_POWER] = "a power must have an integer exponent",
	[PARSE_TOO_LARGE] = "too large to evaluate exactly",
	[PARSE_TOO_MUCH_WORK] = "too much arithmetic on huge numbers to evaluate exactly (the whole expression)",
	[PARSE_TOO_DEEP] = "nested too deeply",
	[PARSE_PATTERN_IN_EXPRESSION] = "a bit pattern stands alone; in arithmetic write a hex float (0x7ep0)",
	[PARSE_SPECIAL_IN_EXPRESSION] = "inf and nan stand alone, with at most a sign",
	[PARSE_BOUND_IN_EXPRESSION] = "a value this far out of range cannot be combined exactly",
};

const char *parse_message(enum parse_status s)
{
	return messages[s];
}

void input_init(struct input *in)
{
	in->kind = INPUT_VALUE;
	num_init(&in->value);
	mpz_init(in->pattern);
}

void input_clear(struct input *in)
{
	num_clear(&in->value);
	mpz_clear(in->pattern);
}

enum parse_status parser_fail(struct parser *p, enum parse_status s, size_t at)
{
	if (p->err->status == PARSE_OK) {
		p->err->status = s;
		p->err->column = s == PARSE_EMPTY || s == PARSE_TOO_LONG ? 0 : at + 1;
		p->err->byte = at < p->len ? (unsigned char)p->s[at] : -1;
	}
	return s;
}

static bool is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static void skip_blanks(struct parser *p)
{
	while (is_blank(peek(p)))
		p->pos++;
}

static bool starts_with_word(const struct parser *p, size_t at, const char *word)
{
	size_t n = strlen(word);

	return at + n <= p->len && strncasecmp(p->s + at, word, n) == 0 &&
	       (at + n == p->len || !isalnum((unsigned char)p->s[at + n]));
}

/* ---- Arithmetic on exact values ------------------------------------------------- */

static void to_signed(mpq_t out, const struct num *x)
{
	if (x->neg)
		mpq_neg(out, x->mag);
	else
		mpq_set(out, x->mag);
}

/* A zero result of + or − is +0; of * and /, the sign follows the operands. */
static void from_signed(struct num *x, const mpq_t v, bool zero_neg)
{
	x->neg = mpq_sgn(v) < 0 || (mpq_sgn(v) == 0 && zero_neg);
	mpq_abs(x->mag, v);
}

static long sizes(const struct num *x)
{
	return (long)(mpz_sizeinbase(mpq_numref(x->mag), 2) + mpz_sizeinbase(mpq_denref(x->mag), 2));
}

static enum parse_status combine(struct parser *p, struct num *acc, const struct num *b, int op, size_t at)
{
	mpq_t x, y;
	bool zero_neg = acc->neg != b->neg;

	if (acc->bound || b->bound)
		return parser_fail(p, PARSE_BOUND_IN_EXPRESSION, at);
	if (sizes(acc) + sizes(b) > MAX_EXACT_BITS)
		return parser_fail(p, PARSE_TOO_LARGE, at);
	if ((p->work += sizes(acc) + sizes(b)) > MAX_WORK_BITS)
		return parser_fail(p, PARSE_TOO_MUCH_WORK, at);
	if (op == '/' && mpq_sgn(b->mag) == 0)
		return parser_fail(p, PARSE_DIVISION_BY_ZERO, at);
	mpq_inits(x, y, NULL);
	to_signed(x, acc);
	to_signed(y, b);
	switch (op) {
	case '+': mpq_add(x, x, y); zero_neg = false; break;
	case '-': mpq_sub(x, x, y); zero_neg = false; break;
	case '*': mpq_mul(x, x, y); break;
	default: mpq_div(x, x, y); break;
	}
	from_signed(acc, x, zero_neg);
	mpq_clears(x, y, NULL);
	return PARSE_OK;
}

/* base^k where base is 0 or ±1: no size concern, only the sign and 0^−k. */
static enum parse_status power_of_unit(struct parser *p, struct num *base, const struct num *expo, size_t at)
{
	bool zero_power = mpq_sgn(expo->mag) == 0;

	if (zero_power) {
		mpq_set_ui(base->mag, 1, 1);
		base->neg = false;
		return PARSE_OK;
	}
	if (mpq_sgn(base->mag) == 0 && expo->neg)
		return parser_fail(p, PARSE_DIVISION_BY_ZERO, at);
	base->neg = base->neg && mpz_odd_p(mpq_numref(expo->mag));
	return PARSE_OK;
}

/*
 * base^k, exactly; or, when the magnitude is surely past 2^±NUM_LIMIT_EXP, the bounded
 * stand-in; or a refusal when the exact value would be too big to build. A bounded base
 * stays bounded (flipped by a negative power).
 */
static enum parse_status power(struct parser *p, struct num *base, const struct num *expo, size_t at)
{
	mpz_srcptr k = mpq_numref(expo->mag);
	long strength, n;
	bool huge_k, above_one;

	if (expo->bound)
		return parser_fail(p, PARSE_BOUND_IN_EXPRESSION, at);
	if (mpz_cmp_ui(mpq_denref(expo->mag), 1) != 0)
		return parser_fail(p, PARSE_FRACTIONAL_POWER, at);
	if (base->bound && mpq_sgn(expo->mag) != 0) {
		base->neg = base->neg && mpz_odd_p(k);
		num_set_bound(base, expo->neg ? (enum num_bound)-base->bound : base->bound);
		return PARSE_OK;
	}
	if (base->bound)
		base->bound = NUM_EXACT; /* x^0 = 1, set below */
	if (mpq_sgn(base->mag) == 0 || mpq_cmp_ui(base->mag, 1, 1) == 0 || mpq_sgn(expo->mag) == 0)
		return power_of_unit(p, base, expo, at);
	/* |base| ≥ 2^strength or ≤ 2^−strength, so |result| is past 2^±(strength·k) */
	above_one = mpz_cmp(mpq_numref(base->mag), mpq_denref(base->mag)) > 0;
	strength = above_one ? num_floor_log2_ratio(mpq_numref(base->mag), mpq_denref(base->mag))
			     : num_floor_log2_ratio(mpq_denref(base->mag), mpq_numref(base->mag));
	huge_k = !mpz_fits_slong_p(k) || mpz_get_si(k) > MAX_EXACT_BITS;
	if (strength >= 1 && (huge_k || mpz_get_si(k) * strength > NUM_LIMIT_EXP)) {
		base->neg = base->neg && mpz_odd_p(k);
		num_set_bound(base, above_one != expo->neg ? NUM_HUGE : NUM_TINY);
		return PARSE_OK;
	}
	if (huge_k || sizes(base) * mpz_get_si(k) > MAX_EXACT_BITS)
		return parser_fail(p, PARSE_TOO_LARGE, at);
	if ((p->work += sizes(base) * mpz_get_si(k)) > MAX_WORK_BITS)
		return parser_fail(p, PARSE_TOO_MUCH_WORK, at);
	n = mpz_get_si(k);
	base->neg = base->neg && (n & 1);
	mpz_pow_ui(mpq_numref(base->mag), mpq_numref(base->mag), (unsigned long)n);
	mpz_pow_ui(mpq_denref(base->mag), mpq_denref(base->mag), (unsigned long)n);
	if (expo->neg)
		mpq_inv(base->mag, base->mag);
	return PARSE_OK;
}

/* ---- The expression grammar ------------------------------------------------------ */

static enum parse_status parse_expr(struct parser *p, struct num *out);
static enum parse_status parse_unary(struct parser *p, struct num *out);

static enum parse_status parse_primary(struct parser *p, struct num *out)
{
	size_t at = p->pos;
	int c = peek(p);
	enum parse_status s;

	if (c == '(') {
		p->pos++;
		if ((s = parse_expr(p, out)))
			return s;
		skip_blanks(p);
		if (peek(p) != ')')
			return parser_fail(p, PARSE_UNCLOSED, at);
		p->pos++;
		return PARSE_OK;
	}
	if (c == '0' && p->pos + 1 < p->len && tolower((unsigned char)p->s[p->pos + 1]) == 'x') {
		p->pos += 2;
		return scan_hexfloat(p, out, at);
	}
	if (c == '0' && p->pos + 1 < p->len && tolower((unsigned char)p->s[p->pos + 1]) == 'b')
		return parser_fail(p, PARSE_PATTERN_IN_EXPRESSION, at);
	if (isdigit(c) || c == '.')
		return scan_decimal(p, out);
	if (starts_with_word(p, at, "inf") || starts_with_word(p, at, "infinity") ||
	    starts_with_word(p, at, "nan"))
		return parser_fail(p, PARSE_SPECIAL_IN_EXPRESSION, at);
	return parser_fail(p, c < 0 ? PARSE_EXPECTED_VALUE : PARSE_UNEXPECTED, at);
}

static enum parse_status parse_power(struct parser *p, struct num *out)
{
	enum parse_status s = parse_primary(p, out);
	struct num expo;
	size_t at;

	if (s)
		return s;
	skip_blanks(p);
	if (peek(p) != '^')
		return PARSE_OK;
	at = p->pos++;
	num_init(&expo);
	s = parse_unary(p, &expo);
	if (!s)
		s = power(p, out, &expo, at);
	num_clear(&expo);
	return s;
}

static enum parse_status parse_unary(struct parser *p, struct num *out)
{
	enum parse_status s;
	int c;

	if (++p->depth > MAX_DEPTH)
		return parser_fail(p, PARSE_TOO_DEEP, p->pos);
	skip_blanks(p);
	c = peek(p);
	if (c == '+' || c == '-') {
		p->pos++;
		s = parse_unary(p, out);
		if (!s && c == '-')
			out->neg = !out->neg;
	} else
		s = parse_power(p, out);
	p->depth--;
	return s;
}

/* A left-associative chain of one precedence level: term or expr. */
static enum parse_status parse_chain(struct parser *p, struct num *out, const char *ops,
				     enum parse_status (*operand)(struct parser *, struct num *))
{
	enum parse_status s = operand(p, out);
	struct num rhs;

	num_init(&rhs);
	while (!s) {
		size_t at;
		int op;
		skip_blanks(p);
		op = peek(p);
		if (op <= 0 || !strchr(ops, op)) /* strchr would find the NUL terminator */
			break;
		at = p->pos++;
		s = operand(p, &rhs);
		if (!s)
			s = combine(p, out, &rhs, op, at);
	}
	num_clear(&rhs);
	return s;
}

static enum parse_status parse_term(struct parser *p, struct num *out)
{
	return parse_chain(p, out, "*/", parse_unary);
}

static enum parse_status parse_expr(struct parser *p, struct num *out)
{
	return parse_chain(p, out, "+-", parse_term);
}

/* ---- Whole inputs ------------------------------------------------------------------ */

static bool parse_special(struct parser *p, struct num *out)
{
	size_t at = p->pos;
	bool neg = false;

	if (peek(p) == '+' || peek(p) == '-')
		neg = p->s[at++] == '-';
	if (starts_with_word(p, at, "nan"))
		out->kind = NUM_NAN, at += 3;
	else if (starts_with_word(p, at, "infinity"))
		out->kind = NUM_INF, at += 8;
	else if (starts_with_word(p, at, "inf"))
		out->kind = NUM_INF, at += 3;
	else
		return false;
	out->neg = neg;
	p->pos = at;
	return true;
}

/* 0x… or 0b… made only of digits of its base and underscores, up to the end. */
static bool parse_pattern(struct parser *p, mpz_t out)
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

enum parse_status parse_input(struct input *out, struct parse_error *err, const char *text, size_t len)
{
	struct parser p = { .s = text, .len = len, .err = err };
	enum parse_status s;

	err->status = PARSE_OK;
	err->column = 0;
	err->byte = -1;
	if (len > PARSE_MAX_INPUT)
		return parser_fail(&p, PARSE_TOO_LONG, PARSE_MAX_INPUT);
	while (p.len > 0 && is_blank((unsigned char)text[p.len - 1]))
		p.len--;
	skip_blanks(&p);
	if (p.pos == p.len)
		return parser_fail(&p, PARSE_EMPTY, p.pos);
	out->kind = INPUT_VALUE;
	out->value.kind = NUM_FINITE;
	out->value.neg = false;
	out->value.bound = NUM_EXACT;
	if (parse_pattern(&p, out->pattern)) {
		out->kind = INPUT_PATTERN;
		return PARSE_OK;
	}
	if (parse_special(&p, &out->value)) {
		skip_blanks(&p);
		s = p.pos < p.len ? parser_fail(&p, PARSE_SPECIAL_IN_EXPRESSION, p.pos) : PARSE_OK;
	} else
		s = parse_expr(&p, &out->value);
	if (s == PARSE_OK && p.pos < p.len)
		s = parser_fail(&p, PARSE_UNEXPECTED, p.pos);
	return s;
}
