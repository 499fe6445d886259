/*
 * parse.c — reading what the user typed into an exact value.
 *
 * Grammar (case-insensitive; blanks allowed between tokens):
 *     input   := blank* (special | pattern | expr) blank*
 *     special := [+-] ("inf" | "infinity" | ("nan" | "snan") ["(" payload ")"])
 *     payload := "0x" hex+ | digit+   (C's integer constants: 0… is octal; < 2^127)
 *     pattern := "0x" hex-or-_ + | "0b" bit-or-_ +          (a code, not a value)
 *              | class "(" payload ")"     (x87: unnormal, pseudo-denormal, pseudo-infinity, pseudo-nan)
 *     expr    := term (("+" | "-") term)*
 *     term    := unary (("*" | "/") unary)*
 *     unary   := ("+" | "-") unary | power
 *     power   := primary ("^" unary)?                       (right-associative)
 *     primary := decimal | hexfloat | "(" expr ")"
 * A literal (literal.c) is bounded from its digit count and exponent before any big
 * integer is built; one beyond 2^±NUM_LIMIT_EXP becomes a bounded stand-in (num.h),
 * which may stand alone or be negated but not combined.
 *
 * Here: whole inputs (a plain decimal by fastdec.h, else a pattern, a special or an
 * expression), the messages, and what begins a value. The grammar is parsexpr.c's,
 * the tokens literal.c's; neither calls back here. Never prints.
 */
#include "parse.h"
#include "fastdec.h"
#include "parse_impl.h"
#include "real.h"

#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
	[PARSE_FRACTIONAL_POWER] = "a power must have an integer exponent",
	[PARSE_TOO_LARGE] = "too large to evaluate exactly",
	[PARSE_TOO_MUCH_WORK] = "too much arithmetic on huge numbers to evaluate exactly (the whole expression)",
	[PARSE_TOO_DEEP] = "nested too deeply",
	[PARSE_PATTERN_IN_EXPRESSION] = "a bit pattern stands alone; in arithmetic write a hex float (0x7ep0)",
	[PARSE_SPECIAL_IN_EXPRESSION] = "inf and nan stand alone, with at most a sign",
	[PARSE_BOUND_IN_EXPRESSION] = "a value this far out of range cannot be combined exactly",
	[PARSE_ARGUMENT_TOO_LARGE] = "a function's argument is held exactly only within 2^-" MAX_ARGUMENT_EXP_TEXT
				     " to 2^" MAX_ARGUMENT_EXP_TEXT,
	[PARSE_UNKNOWN_NAME] = NULL, /* names the functions: unknown_name_message() */
	[PARSE_CALL_NEEDS_PARENTHESES] = "a function takes its arguments in parentheses: sqrt(2)",
	[PARSE_ARGUMENTS] = "the wrong number of arguments for this function",
	[PARSE_REAL_TOO_LARGE] = "an expression with functions or constants may hold at most 1000 operations",
	[PARSE_NAN_PAYLOAD] = "a NaN's payload is nan(0xHEX), nan(DECIMAL) or nan(0OCTAL), of at most 127 bits",
	[PARSE_BINARY_DIGIT] = "a binary pattern 0b... has only the digits 0 and 1 (and _), not",
	[PARSE_HEX_DIGIT] = "a hex pattern 0x... has only the digits 0-9 and a-f (and _), not",
};

/* "not a function or constant fpx knows (pi, e, sqrt, ...)", from realfn.c's table,
 * written once (by the first thread to ask). */
static char unknown_name_text[640];
static pthread_once_t unknown_name_written = PTHREAD_ONCE_INIT;

static void write_unknown_name_message(void)
{
	char *text = unknown_name_text;
	size_t used = (size_t)snprintf(text, sizeof unknown_name_text, "not a function or constant fpx knows (pi, e");

	for (size_t i = 0; real_function_name(i) && used < sizeof unknown_name_text; i++)
		used += (size_t)snprintf(text + used, sizeof unknown_name_text - used, ", %s", real_function_name(i));
	if (used < sizeof unknown_name_text)
		snprintf(text + used, sizeof unknown_name_text - used, ")");
}

static const char *unknown_name_message(void)
{
	pthread_once(&unknown_name_written, write_unknown_name_message);
	return unknown_name_text;
}

const char *parse_message(enum parse_status s)
{
	return s == PARSE_UNKNOWN_NAME ? unknown_name_message() : messages[s];
}

void parse_input_init(struct input *in)
{
	in->kind = INPUT_VALUE;
	in->real = NULL;
	in->code_class = NULL;
	num_init(&in->value);
	mpz_init(in->pattern);
}

void parse_input_clear(struct input *in)
{
	real_free(in->real);
	in->real = NULL;
	num_clear(&in->value);
	mpz_clear(in->pattern);
}

/* ---- Whole inputs ------------------------------------------------------------------ */

/* A word of the grammar that names a value where it starts: a special (inf, nan(5)), a
 * function or formula before its '(' (sin(x)), or pi or e before an operator or the end. */
static bool starts_with_value_word(struct parser *p)
{
	static const char *const specials[] = { "inf", "infinity", "nan", "snan" };
	size_t name = parser_name_length(p);
	int next = p->pos + name < p->len ? (unsigned char)p->s[p->pos + name] : -1;

	for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
		if (parser_at_word(p, p->pos, specials[i]))
			return true;
	if (next == '(')
		return real_function(p->s + p->pos, name) || real_formula(p->s + p->pos, name);
	return (next < 0 || strchr("+-*/^ ", next)) &&
	       ((name == 2 && strncasecmp(p->s + p->pos, "pi", 2) == 0) ||
		(name == 1 && tolower((unsigned char)p->s[p->pos]) == 'e'));
}

bool parse_begins_value(const char *text)
{
	struct parse_error err;
	struct parser p = { .s = text, .len = strlen(text), .err = &err };

	return !isalpha((unsigned char)text[0]) || starts_with_value_word(&p);
}

/* The start of every whole input: no error yet, not too long, blanks around it
 * dropped, not empty. */
static enum parse_status begin_input(struct parser *p)
{
	p->err->status = PARSE_OK;
	p->err->column = 0;
	p->err->byte = -1;
	if (p->len > PARSE_MAX_INPUT)
		return parser_fail(p, PARSE_TOO_LONG, PARSE_MAX_INPUT);
	while (p->len > 0 && parser_is_blank((unsigned char)p->s[p->len - 1]))
		p->len--;
	parser_skip_blanks(p);
	return p->pos == p->len ? parser_fail(p, PARSE_EMPTY, p->pos) : PARSE_OK;
}

enum parse_status parse_function_of(struct real **out, struct parse_error *err, const char *text, size_t len)
{
	struct parser p = { .s = text, .len = len, .err = err, .variables = true };
	enum parse_status s;

	*out = NULL;
	if ((s = begin_input(&p)))
		return s;
	return parse_expression_real(&p, out);
}

enum parse_status parse_input(struct input *out, struct parse_error *err, const char *text, size_t len)
{
	struct parser p = { .s = text, .len = len, .err = err };
	enum parse_status s;
	bool special;
	struct decimal d;

	if ((s = begin_input(&p)))
		return s;
	out->kind = INPUT_VALUE;
	real_free(out->real);
	out->real = NULL;
	if (fastdec_scan(&d, p.s + p.pos, p.len - p.pos) && fastdec_value(&out->value, &d))
		return PARSE_OK; /* a plain decimal, read without the grammar */
	num_set_kind(&out->value, NUM_FINITE);
	out->value.neg = false;
	out->value.bound = NUM_EXACT;
	out->code_class = NULL;
	if (literal_pattern(&p, out->pattern) || literal_class_pattern(&p, out->pattern, &out->code_class)) {
		out->kind = INPUT_PATTERN;
		return PARSE_OK;
	}
	if ((s = literal_special(&p, out, &special)))
		return s;
	if (special) {
		parser_skip_blanks(&p);
		s = p.pos < p.len ? parser_fail(&p, PARSE_SPECIAL_IN_EXPRESSION, p.pos) : PARSE_OK;
	} else
		s = parse_expression(&p, out);
	if (s == PARSE_OK && p.pos < p.len)
		s = parser_fail(&p, PARSE_UNEXPECTED, p.pos);
	return s;
}
