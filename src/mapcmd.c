/*
 * mapcmd.c — fpx map: an expression of x, y and z evaluated on codes of formats and
 * rounded once into a format, a row per combination: golden vectors.
 *
 * Which combinations: every code of each variable the expression uses (all pairs for
 * two, all triples for three, x varying slowest, in code order), or those --range
 * names; --random N of them (within the --range), drawn reproducibly; or the combinations given as
 * arguments ("0x3c 0x40") or, after "-", as stdin's lines. --finite skips those with a
 * NaN or infinite operand. The numbered runs (every code, --random) go through
 * chunks.h, so -j N workers write exactly the bytes one process writes.
 *
 * How a row is computed (the one place for it, evaluate()):
 * - x op y (+ − · /) and x·y + z (fma) of variables or exact constants are IEEE 754's
 *   operations (ops.h) on the exact operands;
 * - a comparison A op B orders its sides, exactly or by enclosures (order_of_sides());
 * - anything else is a real (real.h) with the variables bound to the codes' values,
 *   rounded once as convert rounds it (sqrt, rem, fmod, min, max, exp, gelu, ...);
 * - then IEEE's rules about NaN operands (§6.2): a signaling one flags invalid; a NaN
 *   result is the first NaN operand made quiet, its payload kept where the result's
 *   format holds it (§6.2.3, as cast converts it); and underflow's tininess is
 *   detected after rounding unless --tininess before.
 */
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "cli.h"
#include "commands.h"
#include "convert.h"
#include "decimal.h"
#include "inputs.h"
#include "ops.h"
#include "output.h"
#include "parse.h"
#include "real.h"
#include "registry.h"

#define MAP_VARIABLES 3
#define MAP_MAX_ROWS_LOG2 32 /* every code, all pairs ...: at most 2^32 rows */
#define MAP_MAX_BOUNDARY 48  /* special and boundary codes --random favours, both signs */
#define COMPARE_START_BITS 64

static const char *const variable_names[MAP_VARIABLES] = { "x", "y", "z" };

/* One row's result. */
struct outcome {
	enum problem problem;
	struct rnd_result res;
	struct num value; /* the exact result before rounding, or a real's stand-in */
	bool has_value, approximate;
};

struct mapping {
	struct settings *s;
	const char *format;                  /* FORMAT as typed; NULL when left out */
	const char *expression;              /* EXPR as typed */
	int first_code;                      /* the argument the combinations start at */
	const struct fmt *in[MAP_VARIABLES]; /* each variable's format */
	const struct fmt *to;                /* the result's */
	struct real *expr;                   /* the expression, or a comparison's left side */
	struct real *right;                  /* a comparison's right side, else NULL */
	unsigned used;                       /* the variables used, a bit each */
	bool is_operation;                   /* an arithmetic operation of ops.h on exact operands */
	enum op op;                          /* that operation, or the comparison's */
	const struct real *operand[MAP_VARIABLES]; /* its operands: variables or exact constants */
	long max_precision;
	bool need_value;                     /* the fields need the exact result (error, ulps, ...) */
	bool fast;                           /* an operation of variables ops.h's fast path may take */
	fpcode first[MAP_VARIABLES], last[MAP_VARIABLES]; /* every code: what each variable runs over */
	fpcode boundary[MAP_VARIABLES][MAP_MAX_BOUNDARY];  /* --random: the codes it favours */
	int nboundary[MAP_VARIABLES];
	struct conversion conv;              /* the real path's */
	struct num values[MAP_VARIABLES];    /* a row's operands and result: kept from row to row */
	struct outcome outcome;
};


/* ---- The expression ------------------------------------------------------------------ */

static bool is_operand(const struct real *r)
{
	return r->op == REAL_VAR || r->op == REAL_EXACT;
}

/* Is the expression an arithmetic operation of ops.h (+ − · /, x·y + z) on variables and
 * exact constants? */
static bool find_operation(struct mapping *m)
{
	static const struct { enum real_op real; enum op op; } arithmetic[] = {
		{ REAL_ADD, OP_ADD }, { REAL_SUB, OP_SUB }, { REAL_MUL, OP_MUL }, { REAL_DIV, OP_DIV },
	};
	const struct real *r = m->expr;

	if (m->right) /* a comparison: compare_sides() */
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
static bool is_expression(const char *text)
{
	struct parse_error err;
	struct real *side;
	enum op op;
	size_t len, at = find_comparison(text, &len, &op);
	bool ok = parse_function_of(&side, &err, text, len ? at : strlen(text)) == PARSE_OK;

	real_free(side);
	if (ok && len) {
		ok = parse_function_of(&side, &err, text + at + len, strlen(text) - at - len) == PARSE_OK;
		real_free(side);
	}
	return ok;
}

/* EXPR, or A op B for a comparison. */
static bool parse_expression(struct mapping *m, const char *text)
{
	size_t len, at = find_comparison(text, &len, &m->op);

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
		signed_value(d, &va);
		signed_value(e, &vb);
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
		report_set_precision_cap(m->max_precision);
		return PROBLEM_UNDECIDED;
	}
	raised = op_compare_order(&o->value, m->op, order) | (invalid ? RND_INVALID : 0);
	o->has_value = true;
	if ((problem = convert_problem(rnd_encode(&o->res, m->to, &o->value, m->s->mode, m->s->saturate))))
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
	raised = op_exact(&o->value, m->op, args, m->s->mode);
	o->has_value = true;
	if ((problem = convert_problem(rnd_encode(&o->res, m->to, &o->value, m->s->mode, m->s->saturate))))
		return problem;
	o->res.flags |= raised;
	return PROBLEM_NONE;
}

/* Anything else: a real with the variables bound, converted as convert converts it. */
static enum problem evaluate_real(struct outcome *o, struct mapping *m, const struct num *values, bool need_value)
{
	enum problem problem;

	m->conv.need_value = need_value;
	problem = convert_real(&m->conv, m->to, real_bind(m->expr, values), m->s->mode, m->s->saturate);
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

static bool is_result_nan(const struct fmt *f, fpcode code)
{
	struct fmt_value v;
	bool nan;

	if (!f->has_nan)
		return false;
	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	nan = v.cls == FP_NAN;
	fmt_value_clear(&v);
	return nan;
}

/* IEEE 754 §6.2: a signaling NaN operand flags invalid; a NaN result carries the first
 * NaN operand, made quiet, converted into the result's format as cast converts it. */
static void apply_nan_rules(struct outcome *o, const struct mapping *m, const struct num *values)
{
	int first_nan = -1;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		if (!(m->used & 1u << v) || values[v].kind != NUM_NAN)
			continue;
		if (values[v].signaling)
			o->res.flags |= RND_INVALID;
		if (first_nan < 0)
			first_nan = v;
	}
	if (first_nan >= 0 && is_result_nan(m->to, o->res.code))
		o->res.code = fmt_nan_carrying(m->to, values[first_nan].neg, values[first_nan].payload);
}

/* The fast path of ops.h, where it applies: no rational. The exact path decides
 * tininess after rounding (it needs the exact value) and every special operand. */
static bool operate_on_codes(struct outcome *o, const struct mapping *m, const fpcode *codes)
{
	const struct fmt *in[MAP_VARIABLES];
	fpcode operand_codes[MAP_VARIABLES];

	for (int i = 0; i < op_arity(m->op); i++) {
		in[i] = m->in[m->operand[i]->var];
		operand_codes[i] = codes[m->operand[i]->var];
	}
	return op_round_codes(&o->res, m->to, m->op, in, operand_codes, m->s->mode, m->s->saturate) &&
	       (m->s->tininess_before || !(o->res.flags & RND_UNDERFLOW));
}

/* The row's result, or PROBLEM_... when it has none. */
static enum problem evaluate(struct outcome *o, struct mapping *m, const struct num *values)
{
	enum problem problem;

	problem = m->right ? compare_sides(o, m, values)
		  : m->is_operation ? operate(o, m, values) : evaluate_real(o, m, values, m->need_value);
	if (problem)
		return problem;
	if (!m->s->tininess_before && rnd_tininess_may_differ(&o->res, m->to)) {
		if (!o->has_value && (problem = evaluate_real(o, m, values, true)))
			return problem;
		rnd_tininess_after_rounding(&o->res, m->to, &o->value, m->s->mode);
	}
	apply_nan_rules(o, m, values);
	return PROBLEM_NONE;
}

/* ---- Writing a row -------------------------------------------------------------------- */

/* TestFloat's flags: bit 0 inexact, 1 underflow, 2 overflow, 3 infinite (divbyzero), 4 invalid. */
static unsigned testfloat_flags(unsigned flags)
{
	return (flags & RND_INEXACT ? 1u : 0) | (flags & RND_UNDERFLOW ? 2u : 0) | (flags & RND_OVERFLOW ? 4u : 0) |
	       (flags & RND_DIVBYZERO ? 8u : 0) | (flags & RND_INVALID ? 16u : 0);
}

/* A code as TestFloat writes it: upper-case hex, no 0x. */
static void put_testfloat_code(struct strbuf *out, const struct fmt *f, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	for (char *c = hex + 2; *c; c++)
		sb_putc(out, (char)(*c >= 'a' && *c <= 'f' ? *c - 'a' + 'A' : *c));
}

static void put_testfloat(struct strbuf *out, const struct mapping *m, const fpcode *codes, const struct outcome *o)
{
	for (int v = 0; v < MAP_VARIABLES; v++)
		if (m->used & 1u << v) {
			put_testfloat_code(out, m->in[v], codes[v]);
			sb_putc(out, ' ');
		}
	if (m->right)
		sb_putc(out, mpq_sgn(o->value.mag) ? '1' : '0');
	else
		put_testfloat_code(out, m->to, o->res.code);
	sb_printf(out, " %02X\n", testfloat_flags(o->res.flags));
}

/* The operand fields -o asks for (x y z: the codes; xv yv zv: their shortest values),
 * as cells that start the row (render_cells()); with lead, the result's fields follow. */
static void put_operands(struct strbuf *out, const struct mapping *m, const fpcode *codes, bool lead)
{
	const struct settings *s = m->s;
	char name[MAX_OPERAND_FIELDS][3], hex[MAX_OPERAND_FIELDS][CODE_MAX_BITS / 4 + 3];
	const char *names[MAX_OPERAND_FIELDS], *cells[MAX_OPERAND_FIELDS];
	struct strbuf value[MAX_OPERAND_FIELDS];

	for (int i = 0; i < s->operand_fields; i++) {
		int v = s->operand_field[i] % MAP_VARIABLES;
		bool is_value = s->operand_field[i] >= MAP_VARIABLES;
		snprintf(name[i], sizeof name[i], "%s%s", variable_names[v], is_value ? "v" : "");
		names[i] = name[i];
		sb_init(&value[i]);
		if (is_value)
			dec_shortest(&value[i], m->in[v], codes[v]);
		else
			code_to_hex(hex[i], codes[v], fmt_hex_digits(m->in[v]));
		cells[i] = is_value ? value[i].s : hex[i];
	}
	render_cells(out, names, cells, s->operand_fields, s->style, lead);
	for (int i = 0; i < s->operand_fields; i++)
		sb_free(&value[i]);
}

/* One row: the operands, then the result's fields (or `error` in each, and a report).
 * False when it failed. */
static bool map_row(struct mapping *m, const fpcode *codes, struct strbuf *out)
{
	const struct settings *s = m->s;
	struct num *values = m->values;
	struct outcome *o = &m->outcome;
	char input[MAP_VARIABLES * (CODE_MAX_BITS / 4 + 3)] = "", *end = input;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		if (m->used & 1u << v) {
			code_to_hex(end, codes[v], fmt_hex_digits(m->in[v]));
			end += strlen(end);
			*end++ = ' ';
		}
	}
	if (end > input)
		end[-1] = '\0'; /* the last blank; an expression of no variable has none */
	o->has_value = o->approximate = false;
	if (!(m->fast && operate_on_codes(o, m, codes))) {
		for (int v = 0; v < MAP_VARIABLES; v++)
			if (m->used & 1u << v)
				convert_code_value(&values[v], m->in[v], codes[v]);
		o->problem = evaluate(o, m, values);
	} else
		o->problem = PROBLEM_NONE;
	if (o->problem) {
		report_input(NULL, input, strlen(input), o->problem, NULL);
		if (!s->testfloat) {
			put_operands(out, m, codes, true);
			if (s->style == STYLE_JSON) {
				render_json_text(out, "error", problem_message(o->problem, NULL));
				sb_puts(out, "}\n");
			} else
				render_error_row(out, m->to, input, problem_message(o->problem, NULL), &s->fields, s->style);
		}
	} else if (s->testfloat)
		put_testfloat(out, m, codes, o);
	else {
		struct row row = { .input = input, .code = o->res.code, .rounding = &o->res,
				   .value = o->has_value ? &o->value : NULL, .approximate = o->approximate,
				   .mode = s->mode, .saturate = s->saturate };
		bool fields = s->fields.count || s->style == STYLE_JSON;
		put_operands(out, m, codes, fields); /* operand fields alone: the row ends with them */
		if (s->style == STYLE_JSON) {
			render_row_members(out, m->to, &row, &s->fields);
			sb_puts(out, "}\n");
		} else if (fields)
			render_row(out, m->to, &row, &s->fields, s->style);
	}
	return o->problem == PROBLEM_NONE;
}

/* --finite: does any operand stand for NaN or an infinity? */
static bool has_special_operand(const struct mapping *m, const fpcode *codes)
{
	for (int v = 0; v < MAP_VARIABLES; v++) {
		struct fmt_value value;
		bool special;
		if (!(m->used & 1u << v))
			continue;
		fmt_value_init(&value);
		fmt_decode(&value, m->in[v], codes[v]);
		special = value.cls == FP_NAN || value.cls == FP_INF;
		fmt_value_clear(&value);
		if (special)
			return true;
	}
	return false;
}

/* ---- Which combinations --------------------------------------------------------------- */

/* Every code: row i's codes, the last variable used varying fastest. */
static void codes_of_row(fpcode *codes, const struct mapping *m, uint64_t i)
{
	for (int v = MAP_VARIABLES - 1; v >= 0; v--) {
		fpcode n;
		codes[v] = m->first[v];
		if (!(m->used & 1u << v))
			continue;
		n = m->last[v] - m->first[v] + 1;
		codes[v] += i % n;
		i /= n;
	}
}

/*
 * --random: SplitMix64 (Steele, Lea and Flood, 2014), its output function `mix`. Row i's
 * variable v draws from the stream that starts at mix(S ^ mix(3i + v + 1)) for the seed
 * S; a quarter of the draws (those ≡ 0 mod 4) pick one of the format's special and
 * boundary codes, by the rest of the draw, the others a code of uniformly random bits
 * (two draws for a code wider than 62 bits). Within a --range, every draw is a code of
 * the range, the draw (two for a code wider than 64 bits) modulo its size. The same
 * seed gives the same rows on every machine and with any -j.
 */
static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static uint64_t next_draw(uint64_t *state)
{
	return mix(*state += 0x9e3779b97f4a7c15u);
}

static fpcode random_code(const struct mapping *m, int v, uint64_t *state)
{
	uint64_t r = next_draw(state);
	const struct fmt *f = m->in[v];
	fpcode code;

	if (m->s->range) { /* uniformly within it */
		fpcode span = m->last[v] - m->first[v] + 1;
		code = r;
		if (f->bits > 64)
			code = code << 64 | next_draw(state);
		return span ? m->first[v] + code % span : code;
	}
	if (r % 4 == 0)
		return m->boundary[v][(r >> 2) % (uint64_t)m->nboundary[v]];
	code = r >> 2;
	if (f->bits > 62)
		code = code << 62 | next_draw(state) >> 2;
	if (f->bits > 124)
		code = code << 4 | (next_draw(state) & 15);
	return code & code_mask(f->bits);
}

static void random_codes(fpcode *codes, const struct mapping *m, uint64_t i)
{
	for (int v = 0; v < MAP_VARIABLES; v++) {
		uint64_t state = mix(m->s->seed ^ mix(3 * i + (uint64_t)v + 1));
		codes[v] = 0;
		if (m->used & 1u << v)
			codes[v] = random_code(m, v, &state);
	}
}

/* The codes --random favours: zeros, the smallest subnormals, both sides of the
 * smallest normal, 1 and its neighbours, the largest finite values, infinities, NaNs
 * (a signaling one too), each of both signs. */
static void find_boundary_codes(struct mapping *m, int v)
{
	const struct fmt *f = m->in[v];
	fpcode ranks[12], codes[16], lower;
	int nranks = 0, ncodes = 0;
	bool exact;
	mpq_t one;

	mpq_init(one);
	mpq_set_ui(one, 1, 1);
	fmt_place(&lower, &exact, f, one);
	mpq_clear(one);
	ranks[nranks++] = 0;
	ranks[nranks++] = 1;
	ranks[nranks++] = 2;
	ranks[nranks++] = f->min_normal_rank ? f->min_normal_rank - 1 : 0;
	ranks[nranks++] = f->min_normal_rank;
	ranks[nranks++] = f->min_normal_rank + 1;
	if (lower <= f->max_rank) {
		ranks[nranks++] = lower ? lower - 1 : 0;
		ranks[nranks++] = lower;
		ranks[nranks++] = lower + 1;
	}
	ranks[nranks++] = f->max_rank - 1;
	ranks[nranks++] = f->max_rank;
	for (int i = 0; i < nranks; i++)
		if (ranks[i] <= f->max_rank)
			codes[ncodes++] = fmt_code_of_rank(f, ranks[i]);
	if (f->has_inf)
		codes[ncodes++] = f->inf_code;
	if (f->has_nan)
		codes[ncodes++] = f->nan_code;
	if (f->has_nan && f->has_inf && fmt_nan_is_signaling(f, f->inf_code + 1))
		codes[ncodes++] = f->inf_code + 1;
	m->nboundary[v] = 0;
	for (int i = 0; i < ncodes; i++) {
		m->boundary[v][m->nboundary[v]++] = codes[i];
		if (f->has_sign)
			m->boundary[v][m->nboundary[v]++] = fmt_with_sign(f, codes[i], true);
	}
	if (f->has_sign && f->max_rank_neg > f->max_rank) /* two's complement's lowest value */
		m->boundary[v][m->nboundary[v]++] = fmt_with_sign(f, fmt_code_of_rank(f, f->max_rank_neg), true);
}

/* chunks.h's producer for the numbered runs: rows [first, end). */
static long produce_rows(void *arg, uint64_t first, uint64_t end, struct strbuf *out)
{
	struct mapping *m = arg;
	fpcode codes[MAP_VARIABLES];
	long failed = 0;

	for (uint64_t i = first; i < end; i++) {
		if (m->s->random)
			random_codes(codes, m, i);
		else
			codes_of_row(codes, m, i);
		if (m->s->finite && has_special_operand(m, codes)) {
			if (!m->s->random)
				continue;
			for (uint64_t redraw = 1; has_special_operand(m, codes); redraw++)
				random_codes(codes, m, i + redraw * ((uint64_t)1 << 48));
		}
		failed += !map_row(m, codes, out);
	}
	return failed;
}

static int run_numbered(struct mapping *m)
{
	struct chunk_run run = { .rows = 1, .jobs = m->s->jobs ? (int)m->s->jobs : 1, .progress = !m->s->quiet,
				 .produce = produce_rows, .arg = m };
	unsigned __int128 rows = 1;

	if (m->s->random)
		run.rows = (uint64_t)m->s->random;
	else {
		for (int v = 0; v < MAP_VARIABLES; v++)
			if (m->used & 1u << v && rows <= (unsigned __int128)1 << MAP_MAX_ROWS_LOG2)
				rows *= (unsigned __int128)(m->last[v] - m->first[v]) + 1;
		if (rows > (unsigned __int128)1 << MAP_MAX_ROWS_LOG2)
			return usage_error("map stops at 2^32 rows; give --range, --random N or the combinations (%s)",
					   m->to->name);
		run.rows = (uint64_t)rows;
	}
	return chunks_run(&run) ? EXIT_BAD_INPUT : EXIT_OK;
}

/* One combination as typed: the codes of the variables used, in order, apart by blanks
 * or commas ("0x3c 0x40"). False when it is not that. */
static bool parse_combination(fpcode *codes, const struct mapping *m, struct input *in, const char *text)
{
	struct parse_error err;
	const char *p = text;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		size_t len;
		codes[v] = 0;
		if (!(m->used & 1u << v))
			continue;
		p += strspn(p, " \t,");
		len = strcspn(p, " \t,");
		if (!len || parse_input(in, &err, p, len) != PARSE_OK || in->kind != INPUT_PATTERN ||
		    !fmt_code_from_pattern(&codes[v], m->in[v], in->pattern))
			return false;
		p += len;
	}
	return !p[strspn(p, " \t,")];
}

/* What map holds while it reads the combinations given: the mapping, the rows, the failures. */
struct given {
	struct mapping *m;
	struct input in;
	struct strbuf out;
	int failures;
};

/* inputs_each()'s: a combination's row, and a line too long. */
static void given_input(void *arg, struct inputs *inputs, const char *text, size_t len)
{
	struct given *g = arg;
	fpcode codes[MAP_VARIABLES];

	(void)len;
	if (!parse_combination(codes, g->m, &g->in, text)) {
		g->failures++;
		report("%s: '%s': give a code (0x..., 0b...) for each of the expression's variables", inputs_where(inputs),
		       text);
	} else if (!(g->m->s->finite && has_special_operand(g->m, codes)))
		g->failures += !map_row(g->m, codes, &g->out);
}

static void given_too_long(void *arg)
{
	((struct given *)arg)->failures++;
}

/* The combinations given as arguments, or as stdin's lines after "-". */
static int run_given(struct mapping *m)
{
	struct settings *s = m->s;
	struct given g = { .m = m };
	struct inputs inputs;
	bool from_stdin = s->nargs == m->first_code + 1 && strcmp(s->args[m->first_code], "-") == 0;

	if (from_stdin && !s->may_read_stdin)
		return usage_error("%s", "map -: stdin is the session here; give the combinations as arguments");
	if (!inputs_open(&inputs, s, from_stdin ? s->nargs : m->first_code))
		return EXIT_USAGE;
	input_init(&g.in);
	sb_init(&g.out);
	inputs_answer_into(&inputs, &g.out, true);
	if (!inputs_each(&inputs, &(struct inputs_rows){ given_input, given_too_long, &g }))
		g.failures++;
	flush_line(&g.out);
	sb_free(&g.out);
	input_clear(&g.in);
	return g.failures ? EXIT_BAD_INPUT : EXIT_OK;
}

/* ---- Setting up ----------------------------------------------------------------------- */

/* FORMAT EXPR [CODES...], or EXPR [CODES...] when --in and --to name every format and
 * the first argument is no format's name but an expression. */
static bool find_arguments(struct mapping *m)
{
	const struct settings *s = m->s;
	bool left_out = s->in && s->to && s->nargs >= 1 && !fmt_lookup(s->args[0]) && is_expression(s->args[0]);

	m->first_code = left_out ? 1 : 2;
	if (!left_out && s->nargs >= 1 && !fmt_lookup(s->args[0]) && is_expression(s->args[0])) {
		usage_error("'%s' is an expression: map needs a FORMAT first (or both --in and --to)", s->args[0]);
		return false;
	}
	if (s->nargs < m->first_code) {
		usage_error("%s", s->in && s->to ? "map needs an expression of x, y, z"
						 : "map needs a FORMAT and an expression of x, y, z");
		return false;
	}
	m->format = left_out ? NULL : s->args[0];
	m->expression = s->args[m->first_code - 1];
	return true;
}

/* --in F or --in F,G,H: each variable's format (one for all). FORMAT, when given, is
 * looked up once, whatever else names formats. */
static bool find_formats(struct mapping *m)
{
	const struct settings *s = m->s;
	const struct fmt *format = m->format ? require_format(m->format) : NULL;
	const char *p = s->in;
	int n = 0;

	if (m->format && !format)
		return false;
	if (!(m->to = settings_target(s, s->to ? require_format(s->to) : format)))
		return false;
	for (int v = 0; v < MAP_VARIABLES; v++)
		m->in[v] = s->to ? format : m->to;
	while (p && *p) {
		char name[FMT_NAME_MAX];
		size_t len = strcspn(p, ",");
		if (n == MAP_VARIABLES || len >= sizeof name) {
			usage_error("--in takes one to three formats, not '%s'", s->in);
			return false;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (!(m->in[n++] = require_format(name)))
			return false;
		p += len + (p[len] == ',');
	}
	for (int v = n; n && v < MAP_VARIABLES; v++) {
		if (n > 1 && m->used & 1u << v) {
			usage_error("--in names too few formats: the expression uses %s", variable_names[v]);
			return false;
		}
		m->in[v] = m->in[0]; /* one format for all; or a variable not used */
	}
	return true;
}

/* --range: A:B for every variable, or x=A:B,y=C:D for each; by default every code. */
static bool find_ranges(struct mapping *m)
{
	const char *range = m->s->range, *p = range;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		m->first[v] = 0;
		m->last[v] = code_mask(m->in[v]->bits);
	}
	while (p && *p) {
		size_t len = strcspn(p, ",");
		int v = len > 2 && p[1] == '=' && strchr("xyz", p[0]) ? p[0] - 'x' : -1;
		for (int w = 0; w < MAP_VARIABLES; w++) {
			if (v >= 0 && w != v)
				continue;
			if (!parse_code_range(v < 0 ? p : p + 2, v < 0 ? len : len - 2, m->in[w], &m->first[w], &m->last[w])) {
				usage_error("bad --range '%s': A:B, or x=A:B,y=C:D, codes of the format, A <= B", range);
				return false;
			}
		}
		p += len + (p[len] == ',');
	}
	return true;
}

/* The options that do not go together, and the fields by default: the variables' codes,
 * then hex and flags. False after a usage error. */
static bool check_settings(struct mapping *m)
{
	struct settings *s = m->s;
	bool listed = s->nargs > m->first_code;

	const char *conflict = listed && (s->random || s->range || s->jobs > 1)
				       ? "--random, --range and -j are for every code, not for combinations listed"
			       : s->seed_given && !s->random ? "--seed goes with --random N" : NULL;

	if (conflict) {
		usage_error("%s", conflict);
		return false;
	}
	if (!s->fields_given) {
		render_parse_fields(&s->fields, "hex,flags");
		s->operand_fields = 0;
		for (int v = 0; v < MAP_VARIABLES; v++)
			if (m->used & 1u << v)
				s->operand_field[s->operand_fields++] = v;
	}
	for (int i = 0; i < s->operand_fields; i++)
		if (!(m->used & 1u << (s->operand_field[i] % MAP_VARIABLES))) {
			usage_error("-o names an operand field of %s, which the expression does not use",
				    variable_names[s->operand_field[i] % MAP_VARIABLES]);
			return false;
		}
	m->need_value = render_needs_input(&s->fields);
	return true;
}

static void put_header(const struct mapping *m)
{
	const struct settings *s = m->s;
	char name[MAX_OPERAND_FIELDS][3];
	const char *names[MAX_OPERAND_FIELDS];
	struct strbuf line;

	if (!s->header || s->style == STYLE_JSON)
		return;
	sb_init(&line);
	for (int i = 0; i < s->operand_fields; i++) {
		snprintf(name[i], sizeof name[i], "%s%s", variable_names[s->operand_field[i] % MAP_VARIABLES],
			 s->operand_field[i] >= MAP_VARIABLES ? "v" : "");
		names[i] = name[i];
	}
	render_cells(&line, NULL, names, s->operand_fields, s->style, s->fields.count > 0);
	if (s->fields.count)
		render_header(&line, &s->fields, s->style);
	flush_line(&line);
	sb_free(&line);
}

int cmd_map(struct settings *s)
{
	struct mapping m = { .s = s, .max_precision = settings_max_precision(s) };
	int status = EXIT_USAGE;

	if (!find_arguments(&m))
		return EXIT_USAGE;
	conversion_init(&m.conv);
	num_init(&m.outcome.value);
	for (int v = 0; v < MAP_VARIABLES; v++)
		num_init(&m.values[v]);
	m.conv.max_precision = m.max_precision;
	if (!parse_expression(&m, m.expression))
		goto done;
	m.used = real_variables(m.expr) | real_variables(m.right);
	m.is_operation = find_operation(&m);
	if (!find_formats(&m) || !find_ranges(&m) || !check_settings(&m))
		goto done;
	m.fast = m.is_operation && !m.right && !m.need_value;
	for (int i = 0; m.fast && i < op_arity(m.op); i++)
		m.fast = m.operand[i]->op == REAL_VAR;
	for (int v = 0; v < MAP_VARIABLES; v++)
		find_boundary_codes(&m, v);
	put_header(&m);
	status = s->nargs > m.first_code ? run_given(&m) : run_numbered(&m);
done:
	conversion_clear(&m.conv);
	num_clear(&m.outcome.value);
	for (int v = 0; v < MAP_VARIABLES; v++)
		num_clear(&m.values[v]);
	real_free(m.expr);
	real_free(m.right);
	return status;
}
