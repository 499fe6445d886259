/*
 * convert.c — the conversion every command shares, and its error report.
 */
#include "convert.h"
#include "fastdec.h"
#include "num.h"
#include "real.h"

#include <stdio.h>
#include <string.h>

void conversion_init(struct conversion *c)
{
	input_init(&c->in);
	num_init(&c->through);
	c->code = 0;
	c->need_value = true;
	c->policy = policy_default();
	c->source = NULL;
	c->via = NULL;
	c->nsteps = 0;
	c->route[0] = '\0';
}

void conversion_clear(struct conversion *c)
{
	input_clear(&c->in);
	num_clear(&c->through);
}

/* The formats rounded into before f, into c->steps, and their names into c->route. */
static void plan_steps(struct conversion *c, const struct fmt *f)
{
	const char *names[2];
	int n = policy_route(names, c->policy, f, c->source, !c->source);

	c->nsteps = 0;
	c->route[0] = '\0';
	if (c->via)
		c->steps[c->nsteps++] = c->via;
	for (int i = 0; i < n; i++)
		if ((c->steps[c->nsteps] = fmt_lookup(names[i])))
			c->nsteps++;
	for (int i = 0; i < c->nsteps; i++) {
		size_t used = strlen(c->route);
		snprintf(c->route + used, sizeof c->route - used, "%s%s", i == 0 ? "" : i + 1 < c->nsteps ? ", " : " and ",
			 c->steps[i]->name);
	}
}

void convert_code_value(struct num *x, const struct fmt *f, fpcode code)
{
	struct fmt_value v;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	x->kind = v.cls == FP_NAN ? NUM_NAN : v.cls == FP_INF ? NUM_INF : NUM_FINITE;
	x->bound = NUM_EXACT;
	x->neg = v.neg;
	num_set_dyadic(x->mag, v.sig, v.exp);
	fmt_value_clear(&v);
}

/* Where the value of code in f lies against x: the ternary of a rounding to it. */
static int ternary_against(const struct fmt *f, fpcode code, const struct num *x)
{
	struct num v;
	int t;

	if (x->kind == NUM_NAN)
		return 0;
	num_init(&v);
	convert_code_value(&v, f, code);
	if (v.kind == NUM_NAN)
		t = 0;
	else if (v.kind == NUM_INF || x->kind == NUM_INF)
		t = v.kind == x->kind && v.neg == x->neg ? 0 : (v.kind == NUM_INF) != v.neg ? 1 : -1;
	else {
		mpq_t a, b;
		mpq_inits(a, b, NULL);
		mpq_set(a, v.mag);
		mpq_set(b, x->mag);
		if (v.neg)
			mpq_neg(a, a);
		if (x->neg)
			mpq_neg(b, b);
		t = mpq_cmp(a, b);
		t = (t > 0) - (t < 0);
		mpq_clears(a, b, NULL);
	}
	num_clear(&v);
	return t;
}

/* The flags that say how a value was changed, as opposed to what became of it. */
#define ROUNDING_FLAGS (RND_INEXACT | RND_TIE | RND_OVERFLOW | RND_UNDERFLOW)

/* x rounded into f as p says, through each of steps[] first (rne, not saturating), the
 * value in between left in *through; *before gathers the flags of those roundings.
 * PROBLEM_NONE or the problem. */
static enum problem round_route(struct rnd_result *out, unsigned *before, struct num *through, const struct fmt *f,
			       const struct fmt *const *steps, int nsteps, const struct policy *p, const struct num *x,
			       enum rnd_mode mode, bool saturate)
{
	struct rnd_result first;

	*before = 0;
	for (int i = 0; i < nsteps; i++) {
		if (!steps[i] || rnd_encode(&first, steps[i], x, RND_NEAREST_EVEN, false) != RND_OK)
			return PROBLEM_VIA_NO_NAN;
		convert_code_value(through, steps[i], first.code);
		*before |= first.flags;
		x = through;
	}
	return policy_encode(out, p, f, x, mode, saturate) == RND_OK ? PROBLEM_NONE : PROBLEM_NO_NAN;
}

/* Rounds c->in.value into f, through c->via and the policy's route when there are. */
static enum problem round_value(struct conversion *c, const struct fmt *f, enum rnd_mode mode, bool saturate)
{
	unsigned before;
	enum problem problem;

	plan_steps(c, f);
	problem = round_route(&c->result, &before, &c->through, f, c->steps, c->nsteps, c->policy, &c->in.value, mode,
			      saturate);
	if (problem)
		return problem;
	if (c->nsteps) {
		c->result.placed = false; /* what was placed is the value in between */
		c->result.flags |= before & ROUNDING_FLAGS;
		c->result.ternary = ternary_against(f, c->result.code, &c->in.value);
	}
	c->code = c->result.code;
	return PROBLEM_NONE;
}

/* The working precision past which a real is reported undecided (PROBLEM_UNDECIDED). */
#define REAL_MAX_PRECISION (1L << 14)

/* A real rounded once through its enclosures (real.c); NaN outside a function's domain. */
static enum problem round_real(struct conversion *c, const struct fmt *f, enum rnd_mode mode, bool saturate)
{
	if (c->via || c->policy != policy_default())
		return PROBLEM_REAL_ROUTE;
	switch (real_round(&c->result, f, c->in.real, mode, saturate, REAL_MAX_PRECISION)) {
	case REAL_DECIDED:
		break;
	case REAL_UNDECIDED:
		return PROBLEM_UNDECIDED;
	case REAL_DOMAIN:
		if (!f->has_nan)
			return PROBLEM_NO_NAN;
		c->result = (struct rnd_result){ .code = f->nan_code, .flags = RND_INVALID };
		break;
	}
	c->code = c->result.code;
	return PROBLEM_NONE;
}

/* cast: the text must be a bit pattern of the source format; its value is the input. */
static enum problem take_source_code(struct conversion *c)
{
	fpcode code;

	if (c->in.kind != INPUT_PATTERN)
		return PROBLEM_CAST_NEEDS_PATTERN;
	if (!fmt_code_from_pattern(&code, c->source, c->in.pattern))
		return PROBLEM_SOURCE_TOO_WIDE;
	convert_code_value(&c->in.value, c->source, code);
	c->in.kind = INPUT_VALUE;
	return PROBLEM_NONE;
}

enum problem convert_text(struct conversion *c, const struct fmt *f, const char *text, size_t len, enum rnd_mode mode,
			  bool saturate)
{
	struct decimal d;
	enum problem problem;

	if (!c->need_value && !c->source && !c->via && c->policy == policy_default() && fastdec_scan(&d, text, len) &&
	    rnd_encode_decimal(&c->result, f, &d, mode, saturate)) {
		c->in.kind = INPUT_VALUE;
		c->code = c->result.code;
		c->err.status = PARSE_OK;
		return PROBLEM_NONE;
	}
	c->nsteps = 0;
	c->err.status = PARSE_OK;
	c->err.column = 0;
	c->err.byte = -1;
	if (parse_input(&c->in, &c->err, text, len) != PARSE_OK)
		return PROBLEM_PARSE;
	if (c->source) {
		if ((problem = take_source_code(c)))
			return problem;
	} else if (c->in.kind == INPUT_PATTERN)
		return fmt_code_from_pattern(&c->code, f, c->in.pattern) ? PROBLEM_NONE : PROBLEM_TOO_WIDE;
	if (c->in.kind == INPUT_REAL)
		return round_real(c, f, mode, saturate);
	return round_value(c, f, mode, saturate);
}

bool convert_route(fpcode *out, const struct fmt *f, const struct fmt *via, const struct policy *p, const struct num *x,
		   enum rnd_mode mode, bool saturate)
{
	struct rnd_result r;
	struct num through;
	unsigned before;
	bool ok;

	num_init(&through);
	ok = round_route(&r, &before, &through, f, &via, via != NULL, p, x, mode, saturate) == PROBLEM_NONE;
	*out = r.code;
	num_clear(&through);
	return ok;
}
