/*
 * realnode.h — a real's expression tree (realnode.c): its nodes, made, copied, bound
 * to values and freed, and the functions and formulas a node may call, found by name
 * (realfn.c). What a real is and how it is rounded: real.h.
 */
#ifndef FPX_REALNODE_H
#define FPX_REALNODE_H

#include <stddef.h>

#include "num.h"
#include "special.h"

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
	/* The root's: whose special cases its operations follow (special.h), those of the
	 * format it is rounded into (real_set_rules()); copied with the node. */
	enum special_rules rules;
};

/* The function of that name (len bytes), or NULL; and how many arguments it takes. */
const struct real_fn *real_function(const char *name, size_t len);
int real_fn_arity(const struct real_fn *fn);
/* A function defined by a formula over the others, in x (and y), or NULL; its
 * arguments and its text. */
const struct real_formula *real_formula(const char *name, size_t len);
int real_formula_arity(const struct real_formula *f);
const char *real_formula_text(const struct real_formula *f);
/* The names of the functions, one by one (i from 0); NULL past the last. */
const char *real_function_name(size_t i);

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

#endif
