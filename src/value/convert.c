/*
 * convert.c — the conversion every command shares, and its error report.
 */
#include "convert.h"
#include "problem.h"
#include "registry.h"
#include "roundline.h"
#include "num.h"
#include "real.h"

#include <stdio.h>
#include <string.h>

void conversion_init(struct conversion *c)
{
	parse_input_init(&c->in);
	num_init(&c->through);
	c->code = 0;
	c->need_value = true;
	c->policy = policy_default();
	c->arch = NULL;
	c->source = NULL;
	c->via = NULL;
	c->nsteps = 0;
	c->fast = false;
	c->route[0] = '\0';
	c->max_precision = REAL_MAX_PRECISION;
	c->approximate = false;
}

void conversion_clear(struct conversion *c)
{
	parse_input_clear(&c->in);
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
	x->signaling = false;
	x->payload = 0;
	if (x->kind == NUM_NAN)
		fmt_nan_identity(&x->signaling, &x->payload, f, code);
	if (x->kind == NUM_NAN && v.noncanonical)
		x->neg = false; /* an invalid operand: the NaN an invalid operation makes, as 0/0's */
	num_set_dyadic(x->mag, v.sig, v.exp);
	fmt_value_clear(&v);
}

/* Where the value of r's code in f lies against x: the ternary of a rounding to it. A
 * NaN made by an overflow on the way keeps the overflow's side, as round.c gives it. */
static int ternary_against(const struct fmt *f, const struct rnd_result *r, const struct num *x)
{
	struct num v;
	int t;

	if (x->kind == NUM_NAN)
		return 0;
	num_init(&v);
	convert_code_value(&v, f, r->code);
	if (v.kind == NUM_NAN)
		t = x->kind == NUM_FINITE && (r->flags & RND_OVERFLOW) ? (x->neg ? -1 : 1) : 0;
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
			       struct rnd_spec how)
{
	struct rnd_result first;

	*before = 0;
	for (int i = 0; i < nsteps; i++) {
		if (!steps[i] || rnd_encode(&first, steps[i], x, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) != RND_OK)
			return PROBLEM_VIA_NO_NAN;
		convert_code_value(through, steps[i], first.code);
		*before |= first.flags;
		x = through;
	}
	return convert_problem(policy_encode(out, p, f, x, how));
}

enum problem convert_problem(enum rnd_status status)
{
	return status == RND_OK ? PROBLEM_NONE : status == RND_BEYOND_LIMITS ? PROBLEM_BEYOND_LIMITS : PROBLEM_NO_NAN;
}

/* x rounded into f as the conversion says: through the steps plan_steps() chose, then
 * by the policy; along a route, the flags are those of every rounding and the ternary
 * compares the end with x. */
static enum problem round_along(struct conversion *c, struct rnd_result *out, const struct fmt *f,
				const struct num *x, struct rnd_spec how)
{
	unsigned before;
	enum problem problem =
		round_route(out, &before, &c->through, f, c->steps, c->nsteps, c->policy, x, how);

	if (!problem && c->nsteps) {
		out->placed = false; /* what was placed is the value in between */
		out->flags |= before & (ROUNDING_FLAGS | (x->signaling ? RND_INVALID : 0)); /* the first step quieted it */
		out->ternary = ternary_against(f, out, x);
	}
	return problem;
}

/* Rounds c->in.value into f, through c->via and the policy's route when there are. */
static enum problem round_value(struct conversion *c, const struct fmt *f, struct rnd_spec how)
{
	enum problem problem;

	plan_steps(c, f);
	problem = round_along(c, &c->result, f, &c->in.value, how);
	if (!problem && c->in.value.kind == NUM_NAN) /* the architecture's NaN conversion */
		arch_nan_converted(&c->result.code, c->arch, f);
	c->code = c->result.code;
	return problem;
}

/* ---- Reals ----------------------------------------------------------------------------- */

/* The rounding a real's enclosures go through (real.h's target): the conversion's own. */
struct real_rounding {
	struct conversion *c;
	const struct fmt *f;
	struct rnd_spec rounding;
};

static bool encode_as_converted(struct rnd_result *out, const struct num *x, const void *how)
{
	const struct real_rounding *r = how;

	return round_along(r->c, out, r->f, x, r->rounding) == PROBLEM_NONE;
}

/* The most significant bits a rounding along the route keeps, at least binary32's (the
 * readout's other route goes through it). */
static int route_precision(const struct conversion *c, const struct fmt *f)
{
	int p = f->precision > 24 ? f->precision : 24;

	for (int i = 0; i < c->nsteps; i++)
		if (c->steps[i]->precision > p)
			p = c->steps[i]->precision;
	return p;
}

/*
 * Bits beyond the route's precision in the stand-in a readout or an error field works
 * on at first: enough that its error, ulps and relative error are right to 25
 * significant digits unless the value lies within 2^-(EXTRA − 85) ulp of the code
 * (take_stand_in() then takes more).
 */
#define STAND_IN_EXTRA_BITS 128

/*
 * Is a stand-in s of `bits` bits, which lies within |s|·2^(1 − bits) of the real, too
 * near the code for the error stored − s to be right to 25 digits (2^-84)?
 */
static bool too_near_code(const struct num *s, const struct fmt *f, fpcode code, long bits)
{
	mpq_t stored, err;
	bool near;

	if (s->kind != NUM_FINITE || s->bound)
		return false;
	mpq_inits(stored, err, NULL);
	if (fmt_code_rational(stored, f, code) >= FP_INF) { /* an overflow: no error to give */
		mpq_clears(stored, err, NULL);
		return false;
	}
	mpq_set(err, s->mag);
	if (s->neg)
		mpq_neg(err, err);
	mpq_sub(err, stored, err);
	mpq_abs(err, err);
	mpq_mul_2exp(err, err, (mp_bitcnt_t)(bits - 85));
	near = mpq_cmp(err, s->mag) < 0;
	mpq_clears(stored, err, NULL);
	return near;
}

/*
 * What the readout and the fields work on for a real: an exact stand-in in c->in.value
 * (real.h) that every rounding they make treats as the real itself, with enough bits
 * for the error's 25 digits: more, up to the cap, where the real lies very near the
 * code (gelu(100) is within 2^-7000 of 100); PROBLEM_ERROR_UNDECIDED past the cap.
 */
static enum problem take_stand_in(struct conversion *c, const struct fmt *f)
{
	long bits = route_precision(c, f) + STAND_IN_EXTRA_BITS;
	bool exact, pole;
	enum real_status s;

	for (;; bits *= 2) {
		if (bits > c->max_precision)
			bits = c->max_precision;
		s = real_stand_in(&c->in.value, &exact, &pole, c->in.real, bits, c->max_precision);
		if (s != REAL_DECIDED || exact || !too_near_code(&c->in.value, f, c->code, bits))
			break;
		if (bits >= c->max_precision) {
			s = REAL_UNDECIDED;
			break;
		}
	}
	if (s == REAL_DOMAIN || s == REAL_NAN)
		num_set_kind(&c->in.value, NUM_NAN);
	c->approximate = !exact && c->in.value.kind == NUM_FINITE;
	if (s == REAL_UNDECIDED && c->in.value.kind == NUM_FINITE) {
		problem_set_precision_cap(c->max_precision);
		return PROBLEM_ERROR_UNDECIDED;
	}
	return PROBLEM_NONE;
}

/* A real rounded once through its enclosures (real.c), along the conversion's route;
 * NaN outside a function's domain. */
static enum problem round_real(struct conversion *c, const struct fmt *f, struct rnd_spec how)
{
	struct real_rounding along = { c, f, how };
	struct real_target target;
	struct num nan;
	enum problem problem;
	enum real_status status;

	plan_steps(c, f);
	real_set_rules(c->in.real, f);
	target = (struct real_target){ encode_as_converted, &along, route_precision(c, f) };
	status = real_round(&c->result, c->in.real, &target, c->max_precision);
	if (status == REAL_UNDECIDED) {
		problem_set_precision_cap(c->max_precision);
		return PROBLEM_UNDECIDED;
	}
	/* Inside the range the enclosures' round-to-odd decides a wrapping format as any;
	 * past it, the residue modulo 2^bits needs every bit of the integer part. */
	if (status == REAL_DECIDED && f->wraps && (c->result.flags & RND_OVERFLOW))
		return PROBLEM_REAL_WRAP;
	if (status != REAL_DECIDED) { /* NaN, which a format without one cannot take */
		unsigned raised = c->result.flags; /* invalid for a domain, divbyzero on the way */
		num_init(&nan);
		num_set_kind(&nan, NUM_NAN);
		problem = round_along(c, &c->result, f, &nan, how);
		num_clear(&nan);
		if (problem)
			return problem;
		arch_made_nan(&c->result.code, c->arch, f); /* 0/0's NaN, as the architecture makes it */
		c->result.flags |= raised;
	}
	c->code = c->result.code;
	return c->need_value ? take_stand_in(c, f) : PROBLEM_NONE;
}

/* A bit pattern's code in f (too_wide: the problem when it does not fit); one written
 * with its class (x87's unnormal(0x...)) must be a code of that class. */
static enum problem pattern_code(fpcode *code, const struct fmt *f, const struct input *in, enum problem too_wide)
{
	struct fmt_value v;
	bool same;

	if (!fmt_code_from_pattern(code, f, in->pattern))
		return too_wide;
	if (!in->code_class)
		return PROBLEM_NONE;
	fmt_value_init(&v);
	fmt_decode(&v, f, *code);
	same = v.noncanonical == in->code_class;
	fmt_value_clear(&v);
	return same ? PROBLEM_NONE : PROBLEM_NOT_THAT_CLASS;
}

/* cast: the text must be a bit pattern of the source format; its value is the input. */
static enum problem take_source_code(struct conversion *c)
{
	fpcode code;
	enum problem problem;

	if (c->in.kind != INPUT_PATTERN)
		return PROBLEM_CAST_NEEDS_PATTERN;
	if ((problem = pattern_code(&code, c->source, &c->in, PROBLEM_SOURCE_TOO_WIDE)))
		return problem;
	convert_code_value(&c->in.value, c->source, code);
	c->in.kind = INPUT_VALUE;
	return PROBLEM_NONE;
}

/* Rounding by fpx's own rule straight into the target, nothing in between: what the
 * fast decimal path does. */
static bool rounds_directly(const struct conversion *c)
{
	return !c->source && !c->via && c->policy == policy_default();
}

/* snan, nan(0x1): the NaN as typed, where the format's NaNs can be told apart. */
static enum problem encode_nan(struct conversion *c, const struct fmt *f)
{
	const struct nan_spec *n = &c->in.nan;

	if (!rounds_directly(c))
		return PROBLEM_NAN_ROUTE;
	switch (fmt_nan_code(&c->code, f, c->in.value.neg, n->signaling, n->has_payload, n->payload)) {
	case NAN_FITS: /* encoded, not rounded: exact, no flag */
		c->result = (struct rnd_result){ .code = c->code };
		return PROBLEM_NONE;
	case NAN_NO_ROOM:
		return f->has_nan ? PROBLEM_NAN_NO_ROOM : PROBLEM_NO_NAN;
	case NAN_TOO_WIDE:
		return PROBLEM_NAN_TOO_WIDE;
	default:
		return PROBLEM_SNAN_ZERO;
	}
}

bool convert_fast_path_open(const struct conversion *c)
{
	return !c->need_value && rounds_directly(c);
}

/* A plain decimal rounded by the fast path, with its exact value when c needs it. */
static bool convert_plain_decimal(struct conversion *c, const struct fmt *f, const char *text, size_t len,
				  struct rnd_spec how)
{
	struct decimal d;

	if (!rounds_directly(c) || !fastdec_scan(&d, text, len) || !rnd_encode_decimal(&c->result, f, &d, how))
		return false;
	if (c->need_value && !fastdec_value(&c->in.value, &d))
		return false;
	c->in.kind = INPUT_VALUE;
	c->code = c->result.code;
	c->nsteps = 0;
	c->approximate = false;
	c->err.status = PARSE_OK;
	return true;
}

enum problem convert_text(struct conversion *c, const struct fmt *f, const char *text, size_t len, struct rnd_spec how)
{
	enum problem problem;

	if ((c->fast = convert_plain_decimal(c, f, text, len, how)))
		return PROBLEM_NONE;
	c->nsteps = 0;
	c->approximate = false;
	c->err.status = PARSE_OK;
	c->err.column = 0;
	c->err.byte = -1;
	if (parse_input(&c->in, &c->err, text, len) != PARSE_OK)
		return PROBLEM_PARSE;
	if (c->source) {
		if ((problem = take_source_code(c)))
			return problem;
	} else if (c->in.kind == INPUT_PATTERN)
		return pattern_code(&c->code, f, &c->in, PROBLEM_TOO_WIDE);
	else if (c->in.kind == INPUT_NAN)
		return encode_nan(c, f);
	if (c->in.kind == INPUT_REAL)
		return round_real(c, f, how);
	return round_value(c, f, how);
}

enum problem convert_real(struct conversion *c, const struct fmt *f, struct real *r, struct rnd_spec how)
{
	real_free(c->in.real);
	c->in.real = r;
	c->in.kind = INPUT_REAL;
	c->nsteps = 0;
	c->approximate = false;
	return round_real(c, f, how);
}

bool convert_route(fpcode *out, const struct fmt *f, const struct fmt *via, const struct policy *p, const struct num *x,
		   struct rnd_spec how)
{
	struct rnd_result r;
	struct num through;
	unsigned before;
	bool ok;

	num_init(&through);
	ok = round_route(&r, &before, &through, f, &via, via != NULL, p, x, how) == PROBLEM_NONE;
	*out = r.code;
	num_clear(&through);
	return ok;
}
