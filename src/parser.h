/*
 * parser.h — what parse.c and literal.c share while reading one input; nothing else
 * includes it.
 */
#ifndef FPX_PARSER_H
#define FPX_PARSER_H

#include <stdbool.h>
#include <stddef.h>

#include "num.h"
#include "parse.h"

struct operand;

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
	/* While a formula (real.c: gelu, pow ...) is read: its arguments, named x and y. */
	const struct operand *bound;
	bool variables; /* x, y and z are fpx map's variables (parse_function_of) */
	struct parse_error *err;
};

/* Records the first error (its column and byte) and returns its status. */
enum parse_status parser_fail(struct parser *p, enum parse_status s, size_t at);

static inline int peek(const struct parser *p)
{
	return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1;
}

/* A decimal from the current position; a hex float after its "0x" (start: where the
 * literal began). */
enum parse_status scan_decimal(struct parser *p, struct num *out);
enum parse_status scan_hexfloat(struct parser *p, struct num *out, size_t start);

#endif
