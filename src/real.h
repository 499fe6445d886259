/*
 * real.h — a real number fpx cannot hold exactly (π, exp(1), 2^0.5), known by
 * enclosures.
 *
 * A real is an expression over exact values, the constants π and e, and MPFR's
 * functions. It is evaluated with interval arithmetic (MPFI) at a working precision
 * that doubles until both ends of the enclosure round to the same result in the target
 * format, mode and saturation (Ziv's strategy). The rounding is round.c's own, applied
 * to the two ends, which are exact dyadic numbers; so a real goes through the one
 * rounding every other value does. A value known only by an enclosure is never claimed
 * to be a tie. Never prints.
 */
#ifndef FPX_REAL_H
#define FPX_REAL_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "num.h"
#include "round.h"

enum real_op {
	REAL_EXACT, /* a finite exact value */
	REAL_PI,
	REAL_E,
	REAL_NEG,
	REAL_ADD,
	REAL_SUB,
	REAL_MUL,
	REAL_DIV,
	REAL_POW,   /* any real exponent */
	REAL_CALL,  /* a function of the table in real.c */
};

struct real_fn;

struct real {
	enum real_op op;
	struct num exact;         /* REAL_EXACT */
	const struct real_fn *fn; /* REAL_CALL */
	struct real *arg[2];
};

/* The function of that name (len bytes), or NULL; and how many arguments it takes. */
const struct real_fn *real_function(const char *name, size_t len);
int real_fn_arity(const struct real_fn *fn);
const char *real_fn_name(const struct real_fn *fn);

/* New nodes; they own their arguments. */
struct real *real_exact(const struct num *x);
struct real *real_node(enum real_op op, struct real *a, struct real *b);
struct real *real_call(const struct real_fn *fn, struct real *a, struct real *b);
void real_free(struct real *r);

enum real_status {
	REAL_DECIDED,   /* *out is the result */
	REAL_UNDECIDED, /* the enclosure still straddles a rounding boundary at max_precision */
	REAL_DOMAIN,    /* outside a function's domain somewhere: the value is NaN */
};

/* Rounds r into f once. max_precision bounds the working precision, in bits. */
enum real_status real_round(struct rnd_result *out, const struct fmt *f, const struct real *r, enum rnd_mode mode,
			    bool saturate, long max_precision);

#endif
