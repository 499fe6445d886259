/*
 * realnode.c — a real's nodes (realnode.h): made, copied, bound to values, measured and
 * freed. It only builds trees; evaluating them is enclose.c's, settling their special
 * cases realfold.c's, rounding them real.c's.
 */
#include "realnode.h"

#include <stdlib.h>

static struct real *new_node(enum real_op op)
{
	struct real *r = calloc(1, sizeof *r);

	if (!r)
		abort();
	r->op = op;
	num_init(&r->exact);
	return r;
}

struct real *real_exact(const struct num *x)
{
	struct real *r = new_node(REAL_EXACT);

	num_set(&r->exact, x);
	return r;
}

struct real *real_node(enum real_op op, struct real *a, struct real *b)
{
	struct real *r = new_node(op);

	r->arg[0] = a;
	r->arg[1] = b;
	return r;
}

struct real *real_call(const struct real_fn *fn, struct real *a, struct real *b)
{
	struct real *r = real_node(REAL_CALL, a, b);

	r->fn = fn;
	return r;
}

struct real *real_copy(const struct real *r)
{
	struct real *c;

	if (!r)
		return NULL;
	c = real_node(r->op, real_copy(r->arg[0]), real_copy(r->arg[1]));
	c->fn = r->fn;
	c->formula = r->formula;
	c->var = r->var;
	c->rules = r->rules;
	num_set(&c->exact, &r->exact);
	return c;
}

struct real *real_var(int var)
{
	struct real *r = new_node(REAL_VAR);

	r->var = var;
	return r;
}

struct real *real_bind(const struct real *r, const struct num *values)
{
	struct real *c;

	if (!r)
		return NULL;
	if (r->op == REAL_VAR)
		return real_exact(&values[r->var]);
	c = real_node(r->op, real_bind(r->arg[0], values), real_bind(r->arg[1], values));
	c->fn = r->fn;
	c->formula = r->formula;
	c->rules = r->rules;
	num_set(&c->exact, &r->exact);
	return c;
}

unsigned real_variables(const struct real *r)
{
	if (!r)
		return 0;
	return (r->op == REAL_VAR ? 1u << r->var : 0) | real_variables(r->arg[0]) | real_variables(r->arg[1]);
}

long real_size(const struct real *r)
{
	return r ? 1 + real_size(r->arg[0]) + real_size(r->arg[1]) : 0;
}

void real_free(struct real *r)
{
	if (!r)
		return;
	real_free(r->arg[0]);
	real_free(r->arg[1]);
	num_clear(&r->exact);
	free(r);
}
