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
	REAL_CALL,  /* a function of realfn.c's table */
	REAL_VAR,   /* x, y or z of fpx map, to be bound (real_bind) before rounding */
	REAL_FORMULA, /* an activation: arg[0] its argument, arg[1] its formula's expansion */
};

struct real_fn;
struct real_formula;

struct real {
	enum real_op op;
	struct num exact;         /* REAL_EXACT */
	const struct real_fn *fn; /* REAL_CALL */
	const struct real_formula *formula; /* REAL_FORMULA */
	int var;                  /* REAL_VAR: 0, 1, 2 for x, y, z */
	struct real *arg[2];
};

/* The function of that name (len bytes), or NULL; and how many arguments it takes. */
const struct real_fn *real_function(const char *name, size_t len);
int real_fn_arity(const struct real_fn *fn);
/* A function defined by a formula over the others, in x (and y), or NULL; its
 * arguments and its text. */
const struct real_formula *real_formula(const char *name, size_t len);
int real_formula_arity(const struct real_formula *f);
const char *real_formula_text(const struct real_formula *f);

/* New nodes; they own their arguments. */
struct real *real_exact(const struct num *x);
struct real *real_node(enum real_op op, struct real *a, struct real *b);
struct real *real_call(const struct real_fn *fn, struct real *a, struct real *b);
struct real *real_copy(const struct real *r);
struct real *real_var(int var);
/* f applied to arg, as its formula expands (expansion): at ±inf and NaN, f's limits
 * (special.h) rather than IEEE arithmetic on the expansion; expansion itself when f has
 * none. */
struct real *real_formula_node(const struct real_formula *f, struct real *arg, struct real *expansion);
/* A copy of r with each variable replaced by its value, values[var]. */
struct real *real_bind(const struct real *r, const struct num *values);
/* Which variables r uses: bit var set for each. */
unsigned real_variables(const struct real *r);
long real_size(const struct real *r); /* its nodes */
void real_free(struct real *r);

enum real_status {
	REAL_DECIDED,   /* *out is the result */
	REAL_UNDECIDED, /* the enclosure still straddles a rounding boundary at max_precision */
	REAL_DOMAIN,    /* NaN, and an invalid operation on the way (log(-1), 0/0, inf-inf) */
	REAL_NAN,       /* NaN from a NaN argument, with no invalid operation (sin(nan)) */
};

/*
 * How a real is to be rounded: by encode, a monotone rounding of exact values (into one
 * format, or along a route of several), which keeps at most `precision` significant
 * bits at any step. False from encode: that value cannot be rounded (NaN into a format
 * without one).
 */
struct real_target {
	bool (*encode)(struct rnd_result *out, const struct num *x, const void *how);
	const void *how;
	int precision;
};

/* The target of one format, mode and saturation, rounded straight into (rnd_encode). */
struct real_format_target {
	struct real_target target;
	const struct fmt *f;
	enum rnd_mode mode;
	bool saturate;
};
const struct real_target *real_target_format(struct real_format_target *t, const struct fmt *f, enum rnd_mode mode,
					     bool saturate);

/*
 * Rounds r once as t says. max_precision bounds the working precision, in bits. The
 * special cases of special.h's table are settled first (real_fold()): a pole (log(0),
 * 1/0) decides ±inf with RND_DIVBYZERO among the flags, and the flags raised on the
 * way stay with the result (exp(log(0)) is +0, divbyzero). REAL_DOMAIN, REAL_NAN:
 * out->flags holds only those flags (RND_INVALID for a domain).
 */
enum real_status real_round(struct rnd_result *out, const struct real *r, const struct real_target *t,
			    long max_precision);

/*
 * An exact stand-in for r: its round-to-odd value at `bits` significant bits, which
 * every rounding to at most bits − 2 bits (any mode, any format, any route through
 * such formats) rounds exactly as it rounds r; or r itself when that is exact (*exact).
 * REAL_UNDECIDED when max_precision does not decide it, with the midpoint of the last
 * enclosure in *out. *pole: r is ±inf at a pole. REAL_DOMAIN or REAL_NAN when r is NaN.
 */
enum real_status real_stand_in(struct num *out, bool *exact, bool *pole, const struct real *r, long bits,
			       long max_precision);

/* The names of the functions, one by one (i from 0); NULL past the last. */
const char *real_function_name(size_t i);

#endif
