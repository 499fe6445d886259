/*
 * parse.h — text to exact value. Decimal (every strtod spelling), hex float with a p
 * exponent, inf/infinity/nan with a sign, and exact expressions with + − * / ^ (or **)
 * and parentheses; or a bare 0x…/0b… bit pattern, which is a code of the target format.
 * An expression with pi, e, a function (sqrt(2)) or a fractional power is a real.
 * x87's codes that are not canonical are written as their class and the code:
 * pseudo-nan(0x7fff0000000000000001), a bit pattern that must be of that class.
 *
 * No double, strtod or locale is involved. Magnitudes are bounded before big integers
 * are built, so no input makes this slow or large. Never prints.
 */
#ifndef FPX_PARSE_H
#define FPX_PARSE_H

#include <stddef.h>

#include "code.h"
#include "num.h"

/* Longest input accepted, in bytes: far above the ~11 500 digits of the longest exact
 * binary128 value. */
#define PARSE_MAX_INPUT (1u << 20)

enum parse_status {
	PARSE_OK,
	PARSE_EMPTY,
	PARSE_TOO_LONG,
	PARSE_UNEXPECTED,     /* a character that cannot stand here */
	PARSE_EXPECTED_VALUE, /* the input ended where a number was due */
	PARSE_NO_DIGITS,
	PARSE_EXPONENT_DIGITS,
	PARSE_HEX_NEEDS_P,
	PARSE_UNCLOSED,
	PARSE_FRACTIONAL_POWER,
	PARSE_TOO_LARGE,
	PARSE_TOO_MUCH_WORK,
	PARSE_TOO_DEEP,
	PARSE_PATTERN_IN_EXPRESSION,
	PARSE_SPECIAL_IN_EXPRESSION,
	PARSE_BOUND_IN_EXPRESSION,
	PARSE_ARGUMENT_TOO_LARGE,
	PARSE_UNKNOWN_NAME,
	PARSE_CALL_NEEDS_PARENTHESES,
	PARSE_ARGUMENTS,
	PARSE_REAL_TOO_LARGE,
	PARSE_NAN_PAYLOAD,
	PARSE_BINARY_DIGIT, /* 0b102: a character no binary pattern has (the byte names it) */
	PARSE_HEX_DIGIT,    /* 0x12g4: likewise in hex */
};

/* A value, a bit pattern, or a real: an expression with a function, π, e or a
 * fractional power, known only by enclosures (real.h). */
enum input_kind { INPUT_VALUE, INPUT_PATTERN, INPUT_REAL, INPUT_NAN };

/* A NaN typed with more than its sign (snan, nan(0x1)): encoded as given, not rounded. */
struct nan_spec {
	bool signaling;
	bool has_payload;
	fpcode payload;
};

struct real;
struct input {
	enum input_kind kind;
	struct num value;  /* INPUT_VALUE */
	mpz_t pattern;     /* INPUT_PATTERN */
	/* INPUT_PATTERN written as a class of codes that are not canonical, with the whole
	 * code: unnormal(0x3fff0000000000000000) (a kind's noncanonical_names); else NULL. */
	const char *code_class;
	struct real *real; /* INPUT_REAL, owned */
	struct nan_spec nan; /* INPUT_NAN (value is then that NaN, with its sign) */
};

struct parse_error {
	enum parse_status status;
	size_t column; /* 1-based, in bytes; 0 when no place applies */
	int byte;      /* the byte at that column, or -1 past the end */
};

void parse_input_init(struct input *in);
void parse_input_clear(struct input *in);

/* Parses text[0..len) (NUL bytes inside are errors). */
enum parse_status parse_input(struct input *out, struct parse_error *err, const char *text, size_t len);
/* An expression in the variables x, y, z (fpx map), as a real with REAL_VAR leaves. */
enum parse_status parse_function_of(struct real **out, struct parse_error *err, const char *text, size_t len);

/* Does text begin as a value may (a digit, a point, a parenthesis, inf, nan, snan(5),
 * pi, e, sin(...))? What follows a '-' on the command line: "-snan" is a value, "-s" an
 * option. A word the grammar does not know as a value is not one. */
bool parse_begins_value(const char *text);
/* What a status means, as a phrase for "fpx: line 3: …". */
const char *parse_message(enum parse_status s);

#endif
