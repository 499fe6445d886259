/*
 * parse_impl.h — what the three pieces of the parser share while reading one input: the
 * cursor (struct parser), the tokens literal.c reads from it, and the expression
 * grammar of parsexpr.c. The calls go one way: parse.c (whole inputs) calls the
 * grammar and the tokens, the grammar calls the tokens, and literal.c calls neither.
 * Nothing outside those three files includes it.
 */
#ifndef FPX_PARSE_IMPL_H
#define FPX_PARSE_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include "num.h"
#include "parse.h"

struct operand;
struct real;

/*
 * How far a literal or power inside a function's argument is built exactly, past the
 * 2^±NUM_LIMIT_EXP where a value alone becomes a bounded stand-in: sin(2^100000) is
 * MPFR's exact reduction of the integer (instant as one call). Inside a larger
 * expression the enclosures reduce it again at each precision, seconds at 2^17 and
 * minutes at 2^20, so further out the argument is refused.
 */
#define MAX_ARGUMENT_EXP (1L << 17)
#define MAX_ARGUMENT_EXP_TEXT "131072"

struct parser {
	const char *s;
	size_t len, pos;
	int depth;
	long work; /* the bits operated on so far (see MAX_WORK_BITS) */
	long real_nodes; /* the nodes of a real built so far (see MAX_REAL_NODES) */
	int calls;       /* the function calls the position is inside */
	/* While a formula (realfn.c: gelu, pow ...) is read: its arguments, named x and y. */
	const struct operand *bound;
	bool variables; /* x, y and z are fpx map's variables (parse_function_of) */
	struct parse_error *err;
};

/* ---- The cursor ---------------------------------------------------------------------- */

static inline int parser_peek(const struct parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

static inline bool parser_is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static inline void parser_skip_blanks(struct parser *p)
{
	while (parser_is_blank(parser_peek(p)))
		p->pos++;
}

/* ---- Tokens (literal.c) ---------------------------------------------------------------- */

/* Records the first error (its column and byte) and returns its status. */
enum parse_status parser_fail(struct parser *p, enum parse_status s, size_t at);
/* Does the word (lower case) stand at `at`, in any case, with no letter or digit after? */
bool parser_at_word(const struct parser *p, size_t at, const char *word);
/* The length of the name at the parser's position (letters, digits, _), 0 if none. */
size_t parser_name_length(const struct parser *p);

/* A decimal from the current position; a hex float after its "0x" (start: where the
 * literal began). */
enum parse_status literal_decimal(struct parser *p, struct num *out);
enum parse_status literal_hexfloat(struct parser *p, struct num *out, size_t start);
/* inf, nan or snan with a sign, into out->value (a NaN with more than its sign makes
 * an INPUT_NAN); *found false, and nothing read, when none stands here. */
enum parse_status literal_special(struct parser *p, struct input *out, bool *found);
/* 0x… or 0b… made only of digits of its base and underscores, up to the end: the code
 * into out. False, with nothing read, when that is not what stands here. */
bool literal_pattern(struct parser *p, mpz_t out);
/* A code that is not canonical as its class and the whole code, unnormal(0x3fff...),
 * up to the end: its name into *class, the code into out. */
bool literal_class_pattern(struct parser *p, mpz_t out, const char **class);

/* ---- The expression grammar (parsexpr.c) ------------------------------------------------ */

/* An expression from the current position: exact into out->value, or a real
 * (INPUT_REAL) into out->real. */
enum parse_status parse_expression(struct parser *p, struct input *out);
/* The rest of the input as a real (fpx map's function of x, y, z) into *out. */
enum parse_status parse_expression_real(struct parser *p, struct real **out);

#endif
