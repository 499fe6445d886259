/*
 * mapeval.c — fpx map's expression read, and one row's result computed from it (the one
 * place for it, map_evaluate(); mapcmd.c says how). Never writes a row nor chooses the
 * codes.
 */
#include <string.h>

#include "mapfn.h"
#include "mapping.h"
#include "output.h"
#include "parse.h"
#include "problem.h"
#include "registry.h"
#include "report.h"
#include "testfloat.h"

#define COMPARE_START_BITS 64

static bool is_operand(const struct real *r)
{
	return r->op == REAL_VAR || r->op == REAL_EXACT;
}

/* Is the expression an arithmetic operation of ops.h (+ − · /, x·y + z) on variables and
 * exact constants? */
bool map_find_operation(struct mapping *m)
{
	static const struct { enum real_op real; enum op op; } arithmetic[] = {
		{ REAL_ADD, OP_ADD }, { REAL_SUB, OP_SUB }, { REAL_MUL, OP_MUL }, { REAL_DIV, OP_DIV },
	};
	const struct real *r = m->expr;

	if (m->right || m->fn) /* a comparison: compare_sides(); a call of mapfn.h */
		return false;
	if (r->op == REAL_ADD && r->arg[0]->op == REAL_MUL && is_operand(r->arg[0]->arg[0]) &&
	    is_operand(r->arg[0]->arg[1]) && is_operand(r->arg[1])) { /* x*y + z: fma */
		m->op = OP_FMA;
		m->operand[0] = r->arg[0]->arg[0];
		m->operand[1] = r->arg[0]->arg[1];
		m->operand[2] = r->arg[1];
		return true;
	}
	if (!r->arg[0] || !r->arg[1] || !is_operand(r->arg[0]) || !is_operand(r->arg[1]))
		return false;
	m->operand[0] = r->arg[0];
	m->operand[1] = r->arg[1];
	for (size_t i = 0; i < sizeof arithmetic / sizeof arithmetic[0]; i++)
		if (r->op == arithmetic[i].real) {
			m->op = arithmetic[i].op;
			return true;
		}
	return false;
}

/* Is the expression sqrt(x) of a variable? */
static bool is_square_root(const struct real *r)
{
	return r->op == REAL_CALL && r->fn == real_function("sqrt", 4) && r->arg[0]->op == REAL_VAR;
}

/* x87's precision control (Intel SDM vol. 1 §8.1.5.2) rounds the results of + − · / and
 * sqrt to 24 or 53 bits in x87's exponent range: the values of e15m23 and e15m52, whose
 * exponents are x87's. 64 bits is x87's own rounding, nothing to change. */
bool map_find_rounding_format(struct mapping *m)
{
	int bits = m->s->map.precision_control;
	bool applies = strcmp(m->to->kind->name, "x87") == 0 &&
		       ((m->is_operation && m->op != OP_FMA) || (!m->right && !m->fn && is_square_root(m->expr)));

	m->rounds_in = m->to;
	if (!bits || bits == 64)
		return true;
	if (!applies)
		return usage_error(USAGE_PRECISION_CONTROL, NULL), false;
	m->rounds_in = fmt_lookup(bits == 24 ? "e15m23" : "e15m52");
	return true;
}

/* A result rounded in m->rounds_in, written as m->to's code of the same value: its
 * ternary and flags stay the rounding's. A NaN becomes m->to's (apply_nan_rules()). */
static enum problem write_in_result_format(struct outcome *o, const struct mapping *m)
{
	struct rnd_result rounded = o->res;
	struct num x;
	enum problem problem;

	num_init(&x);
	convert_code_value(&x, m->rounds_in, rounded.code);
	problem = convert_problem(rnd_encode(&o->res, m->to, &x, m->how));
	rounded.code = o->res.code;
	rounded.placed = false;
	o->res = rounded;
	num_clear(&x);
	return problem;
}

/* Where a comparison operator stands outside parentheses: its offset and length (0
 * when there is none), and which. */
static size_t find_comparison(const char *text, size_t *len, enum op *op)
{
	static const struct { const char *name; enum op op; } names[] = {
		{ "<=", OP_LE }, { ">=", OP_GE }, { "==", OP_EQ }, { "!=", OP_NE }, { "<", OP_LT }, { ">", OP_GT },
	};
	int depth = 0;

	for (size_t i = 0; text[i]; i++) {
		depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
		for (size_t k = 0; depth == 0 && k < sizeof names / sizeof names[0]; k++)
			if (strncmp(text + i, names[k].name, strlen(names[k].name)) == 0) {
				*len = strlen(names[k].name);
				*op = names[k].op;
				return i;
			}
	}
	*len = 0;
	return 0;
}

static bool parse_side(struct real **out, const char *whole, size_t at, size_t len)
{
	struct parse_error err;

	if (parse_function_of(out, &err, whole + at, len) == PARSE_OK)
		return true;
	report("'%s': %s (column %zu)", whole, parse_message(err.status), err.column + at);
	return false;
}

/* Does text read as map's expression (EXPR, or A op B)? Silent: for telling an
 * expression from a FORMAT. */
bool map_is_expression(const char *text)
{
	struct parse_error err;
	struct real *side;
	enum op op;
	enum mapfn_parsed call = mapfn_parse(NULL, text);
	size_t len, at = find_comparison(text, &len, &op);
	bool ok;

	if (call != MAPFN_NOT_A_CALL)
		return call == MAPFN_PARSED;
	ok = parse_function_of(&side, &err, text, len ? at : strlen(text)) == PARSE_OK;
	real_free(side);
	if (ok && len) {
		ok = parse_function_of(&side, &err, text + at + len, strlen(text) - at - len) == PARSE_OK;
		real_free(side);
	}
	return ok;
}

/* EXPR, or A op B for a comparison. */
bool map_parse_expression(struct mapping *m, const char *text)
{
	enum mapfn_parsed call = mapfn_parse(m, text);
	size_t len, at = find_comparison(text, &len, &m->op);

	if (call != MAPFN_NOT_A_CALL)
		return call == MAPFN_PARSED;
	if (!len)
		return parse_side(&m->expr, text, 0, strlen(text));
	return parse_side(&m->expr, text, 0, at) && parse_side(&m->right, text, at + len, strlen(text) - at - len);
}

/* ---- One row -------------------------------------------------------------------------- */

static const struct num *operand_value(const struct real *r, const struct num *values)
{
	return r->op == REAL_VAR ? &values[r->var] : &r->exact;
}

#define ORDER_UNDECIDED 3

/*
 * The order of a comparison's sides (op_order()'s −1, 0, 1 or OP_UNORDERED; or
 * ORDER_UNDECIDED), from their stand-ins (real.h) at more and more bits, each within
 * |stand-in|·2^(2−bits) of its real, until the difference is wider than both errors or
 * both are exact (a variable, a constant). *invalid: a side is NaN from outside a domain.
 */
static int order_of_sides(const struct mapping *m, const struct real *a, const struct real *b, bool *invalid)
{
	struct num va, vb;
	mpq_t d, err, e;
	int order = ORDER_UNDECIDED;

	num_init(&va);
	num_init(&vb);
	mpq_inits(d, err, e, NULL);
	for (long bits = COMPARE_START_BITS; bits <= m->max_precision && order == ORDER_UNDECIDED; bits *= 2) {
		bool exact_a, exact_b, pole;
		enum real_status sa = real_stand_in(&va, &exact_a, &pole, a, bits, m->max_precision);
		enum real_status sb = real_stand_in(&vb, &exact_b, &pole, b, bits, m->max_precision);
		if (sa == REAL_DOMAIN || sa == REAL_NAN || sb == REAL_DOMAIN || sb == REAL_NAN) {
			*invalid = sa == REAL_DOMAIN || sb == REAL_DOMAIN;
			order = OP_UNORDERED;
			break;
		}
		if (sa == REAL_UNDECIDED || sb == REAL_UNDECIDED)
			break;
		if (va.kind != NUM_FINITE || vb.kind != NUM_FINITE || (exact_a && exact_b)) {
			order = op_order(&va, &vb);
			break;
		}
		output_signed_value(d, &va);
		output_signed_value(e, &vb);
		mpq_sub(d, d, e);
		mpq_set_ui(err, 0, 1);
		if (!exact_a)
			mpq_div_2exp(err, va.mag, (mp_bitcnt_t)bits - 2);
		if (!exact_b) {
			mpq_div_2exp(e, vb.mag, (mp_bitcnt_t)bits - 2);
			mpq_add(err, err, e);
		}
		mpq_abs(e, d);
		if (mpq_cmp(e, err) > 0)
			order = mpq_sgn(d);
	}
	mpq_clears(d, err, e, NULL);
	num_clear(&va);
	num_clear(&vb);
	return order;
}

/* A comparison (§5.11, ops.h): 1 or 0 as a value of the result's format. */
static enum problem compare_sides(struct outcome *o, const struct mapping *m, const struct num *values)
{
	struct real *a = real_bind(m->expr, values), *b = real_bind(m->right, values);
	bool invalid = false;
	int order = order_of_sides(m, a, b, &invalid);
	unsigned raised;
	enum problem problem;

	real_free(a);
	real_free(b);
	if (order == ORDER_UNDECIDED) {
		problem_set_precision_cap(m->max_precision);
		return PROBLEM_UNDECIDED;
	}
	raised = op_compare_order(&o->value, m->op, order) | (invalid ? RND_INVALID : 0);
	o->has_value = true;
	if ((problem = convert_problem(rnd_encode(&o->res, m->to, &o->value, m->how))))
		return problem;
	o->res.flags |= raised;
	return PROBLEM_NONE;
}

/* An operation of ops.h on the operands' exact values. */
static enum problem operate(struct outcome *o, const struct mapping *m, const struct num *values)
{
	const struct num *args[MAP_VARIABLES];
	unsigned raised;
	enum problem problem;

	for (int i = 0; i < op_arity(m->op); i++)
		args[i] = operand_value(m->operand[i], values);
	raised = op_exact(&o->value, m->op, args, m->how.mode);
	o->has_value = true;
	if ((problem = convert_problem(rnd_encode(&o->res, m->rounds_in, &o->value, m->how))))
		return problem;
	o->res.flags |= raised;
	return PROBLEM_NONE;
}

/* Anything else: a real with the variables bound, converted as convert converts it. */
static enum problem evaluate_real(struct outcome *o, struct mapping *m, const struct num *values, bool need_value)
{
	enum problem problem;

	m->conv.need_value = need_value;
	problem = convert_real(&m->conv, m->rounds_in, real_bind(m->expr, values), m->how);
	if (problem)
		return problem;
	o->res = m->conv.result;
	if (need_value) {
		num_set(&o->value, &m->conv.in.value);
		o->has_value = true;
		o->approximate = m->conv.approximate;
	}
	return PROBLEM_NONE;
}

/* The NaN operands the architecture looks at, into ops: the operation's a, b, c, or
 * the variables used, in order (fpx's own); how many. */
static int nan_operands(const struct num **ops, const struct mapping *m, const struct num *values)
{
	int n = 0;

	if (m->is_operation && arch_operation_order(m->s->arch)) {
		for (int i = 0; i < op_arity(m->op); i++)
			ops[n++] = operand_value(m->operand[i], values);
		return n;
	}
	for (int v = 0; v < MAP_VARIABLES; v++)
		if (m->used & 1u << v)
			ops[n++] = &values[v];
	return n;
}

/* fma(0, ∞, NaN) (either factor order), where the architecture makes 0·∞ an invalid
 * operation of its own (arch.h)? */
static bool is_fma_inf_zero(const struct mapping *m, const struct num *const *ops, int n)
{
	if (!m->is_operation || m->op != OP_FMA || n != 3 || ops[2]->kind != NUM_NAN ||
	    !arch_fma_inf_zero_invalid(m->s->arch))
		return false;
	const struct num *a = ops[0], *b = ops[1];
	return (a->kind == NUM_INF && b->kind == NUM_FINITE && mpq_sgn(b->mag) == 0) ||
	       (b->kind == NUM_INF && a->kind == NUM_FINITE && mpq_sgn(a->mag) == 0);
}

/* IEEE 754 §6.2: a signaling NaN operand flags invalid; a NaN result is the NaN the
 * architecture picks from the NaN operands (fpx's own: the first, made quiet, converted
 * into the result's format as cast converts it), or its default NaN when none is. */
static void apply_nan_rules(struct outcome *o, const struct mapping *m, const struct num *values)
{
	const struct num *ops[MAP_VARIABLES];
	int n = nan_operands(ops, m, values);
	bool any_nan = false, converted = false, inf_zero = is_fma_inf_zero(m, ops, n);

	for (int v = 0; v < MAP_VARIABLES; v++)
		if (m->used & 1u << v) {
			converted |= m->in[v] != m->to;
			if (values[v].kind == NUM_NAN && values[v].signaling)
				o->res.flags |= RND_INVALID;
		}
	for (int i = 0; i < n; i++)
		any_nan |= ops[i]->kind == NUM_NAN;
	o->res.flags |= inf_zero ? RND_INVALID : 0;
	if (!fmt_is_nan(m->to, o->res.code))
		return;
	if (any_nan)
		o->res.code = arch_nan_result(m->s->arch, m->to, ops, n, inf_zero, converted);
	else
		arch_made_nan(&o->res.code, m->s->arch, m->to);
}

/* The fast path of ops.h, where it applies: no rational. The exact path decides
 * tininess after rounding (it needs the exact value) and every special operand. */
bool map_operate_on_codes(struct outcome *o, const struct mapping *m, const fpcode *codes)
{
	const struct fmt *in[MAP_VARIABLES];
	fpcode operand_codes[MAP_VARIABLES];

	for (int i = 0; i < op_arity(m->op); i++) {
		in[i] = m->in[m->operand[i]->var];
		operand_codes[i] = codes[m->operand[i]->var];
	}
	return op_round_codes(&o->res, m->to, m->op, in, operand_codes, m->how) &&
	       (m->s->map.tininess_before || !(o->res.flags & RND_UNDERFLOW));
}

/* The row's result, or PROBLEM_... when it has none. */
enum problem map_evaluate(struct outcome *o, struct mapping *m, const fpcode *codes, const struct num *values)
{
	enum problem problem;
	/* P3109's Divide(x, 0) is NaN: its rows are the real path's (special.h) */
	bool operation = m->is_operation && !(m->op == OP_DIV && m->to->p3109);

	if (m->testfloat_int)
		return testfloat_to_int(o, m, &values[m->expr->var]);
	problem = m->right ? compare_sides(o, m, values)
		  : m->fn ? mapfn_evaluate(o, m, codes, values)
		  : operation ? operate(o, m, values) : evaluate_real(o, m, values, m->need_value);
	if (problem)
		return problem;
	if (!m->s->map.tininess_before && rnd_tininess_may_differ(&o->res, m->rounds_in)) {
		if (!o->has_value && (problem = evaluate_real(o, m, values, true)))
			return problem;
		rnd_tininess_after_rounding(&o->res, m->rounds_in, &o->value, m->how);
	}
	if (m->rounds_in != m->to && (problem = write_in_result_format(o, m)))
		return problem;
	if (!m->fn || mapfn_signals(m->fn)) /* the predicates, class and totalorder are quiet */
		apply_nan_rules(o, m, values);
	return PROBLEM_NONE;
}

