/*
 * mapcmd.c — fpx map: an expression of x, y and z evaluated on codes of a format and
 * rounded once into it, a row per combination: golden vectors. By default every code
 * of the format for each variable the expression uses (all pairs for two, x varying
 * slowest, in code order), or those --range names; or the combinations given as
 * arguments ("0x3c 0x40").
 *
 * x op y for + − · / on two variables is IEEE 754's operation (ops.h: NaN, ∞ − ∞,
 * 0·∞, x/0, signed zeros); anything else is a real (real.h) with the variables bound to
 * the codes' values, rounded once as convert rounds it.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "convert.h"
#include "inputs.h"
#include "ops.h"
#include "output.h"
#include "parse.h"
#include "real.h"

#define MAP_VARIABLES 3
#define MAP_MAX_ROWS_LOG2 32 /* every code, all pairs ...: at most 2^32 rows */

static const char *const variable_names[MAP_VARIABLES] = { "x", "y", "z" };

struct mapping {
	struct settings *s;
	const struct fmt *f;
	struct real *expr;
	unsigned used;        /* the variables the expression uses, a bit each */
	bool is_operation;    /* x op y on two variables: IEEE's operation */
	enum op op;
	int operands[2];      /* ... and which variables, in order */
	long max_precision;
	fpcode first[MAP_VARIABLES], last[MAP_VARIABLES]; /* the codes each variable runs over */
	struct strbuf line;
	int failures;
};

/* Is r an operation of IEEE 754 (+ − · /) on two variables? */
static bool ieee_operation(struct mapping *m)
{
	static const struct { enum real_op real; enum op op; } ops[] = {
		{ REAL_ADD, OP_ADD }, { REAL_SUB, OP_SUB }, { REAL_MUL, OP_MUL }, { REAL_DIV, OP_DIV },
	};
	const struct real *r = m->expr;

	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (r->op == ops[i].real && r->arg[0]->op == REAL_VAR && r->arg[1]->op == REAL_VAR) {
			m->op = ops[i].op;
			m->operands[0] = r->arg[0]->var;
			m->operands[1] = r->arg[1]->var;
			return true;
		}
	return false;
}

/* The expression rounded into f for one combination of values: PROBLEM_NONE, or why not. */
static enum problem evaluate(struct rnd_result *out, const struct mapping *m, const struct num *values)
{
	const struct settings *s = m->s;
	struct real_format_target target;
	struct real *bound;
	struct num nan;
	enum real_status status;

	if (m->is_operation)
		return op_round(out, m->f, m->op, &values[m->operands[0]], &values[m->operands[1]], s->mode,
				s->saturate) == RND_OK ? PROBLEM_NONE : PROBLEM_NO_NAN;
	bound = real_bind(m->expr, values);
	status = real_round(out, bound, real_target_format(&target, m->f, s->mode, s->saturate), m->max_precision);
	real_free(bound);
	if (status == REAL_UNDECIDED) {
		report_set_precision_cap(m->max_precision);
		return PROBLEM_UNDECIDED;
	}
	if (status == REAL_DECIDED)
		return PROBLEM_NONE;
	num_init(&nan);
	nan.kind = NUM_NAN;
	status = rnd_encode(out, m->f, &nan, s->mode, s->saturate) == RND_OK ? status : REAL_UNDECIDED;
	num_clear(&nan);
	if (status == REAL_UNDECIDED)
		return PROBLEM_NO_NAN;
	if (status == REAL_DOMAIN)
		out->flags |= RND_INVALID;
	return PROBLEM_NONE;
}

/* The operand columns: each variable used, its code in hex. */
static void put_operands(struct strbuf *out, const struct mapping *m, const fpcode *codes)
{
	enum style style = m->s->style;
	bool first = true;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		char hex[CODE_MAX_BITS / 4 + 3];
		if (!(m->used & 1u << v))
			continue;
		code_to_hex(hex, codes[v], fmt_hex_digits(m->f));
		if (style == STYLE_JSON) {
			sb_putc(out, first ? '{' : ',');
			sb_printf(out, "\"%s\":\"%s\"", variable_names[v], hex);
		} else
			sb_printf(out, "%s%c", hex, style == STYLE_CSV ? ',' : '\t');
		first = false;
	}
}

/* One row: the operands, then the result's fields (or `error` in each, and a report). */
static void map_row(struct mapping *m, const fpcode *codes)
{
	struct num values[MAP_VARIABLES];
	struct rnd_result res;
	enum problem problem;
	char input[64] = "";

	for (int v = 0; v < MAP_VARIABLES; v++) {
		num_init(&values[v]);
		if (m->used & 1u << v) {
			convert_code_value(&values[v], m->f, codes[v]);
			code_to_hex(input + strlen(input), codes[v], fmt_hex_digits(m->f));
			strcat(input, " ");
		}
	}
	if (*input)
		input[strlen(input) - 1] = '\0'; /* the last blank; an expression of no variable has none */
	problem = evaluate(&res, m, values);
	put_operands(&m->line, m, codes);
	if (problem) {
		m->failures++;
		report_input(NULL, input, strlen(input), problem, NULL);
		if (m->s->style == STYLE_JSON)
			sb_printf(&m->line, ",\"error\":\"%s\"}\n", problem_message(problem, NULL));
		else
			render_error_row(&m->line, input, problem_message(problem, NULL), &m->s->fields, m->s->style);
	} else {
		struct row row = { .input = input, .code = res.code, .rounding = &res, .value = NULL,
				   .mode = m->s->mode, .saturate = m->s->saturate };
		if (m->s->style == STYLE_JSON) {
			render_row_members(&m->line, m->f, &row, &m->s->fields);
			sb_puts(&m->line, "}\n");
		} else
			render_row(&m->line, m->f, &row, &m->s->fields, m->s->style);
	}
	flush_line(&m->line);
	for (int v = 0; v < MAP_VARIABLES; v++)
		num_clear(&values[v]);
}

/*
 * --range: A:B for every variable, or x=A:B,y=C:D for each; by default every code.
 * False after a usage error.
 */
static bool map_ranges(struct mapping *m, const char *range)
{
	const char *p = range;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		m->first[v] = 0;
		m->last[v] = code_mask(m->f->bits);
	}
	while (p && *p) {
		size_t len = strcspn(p, ",");
		int v = -1;
		fpcode first, last;
		if (len > 2 && p[1] == '=' && strchr("xyz", p[0]))
			v = p[0] - 'x';
		if (!parse_code_range(v < 0 ? p : p + 2, v < 0 ? len : len - 2, m->f, &first, &last)) {
			usage_error("bad --range '%s': A:B, or x=A:B,y=C:D, codes of the format, A <= B", range);
			return false;
		}
		for (int w = 0; w < MAP_VARIABLES; w++)
			if (v < 0 || w == v) {
				m->first[w] = first;
				m->last[w] = last;
			}
		p += len + (p[len] == ',');
	}
	return true;
}

/* Every combination of codes of the variables used, the first variable slowest. */
static int map_every_code(struct mapping *m)
{
	fpcode codes[MAP_VARIABLES];
	unsigned __int128 rows = 1;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		codes[v] = m->first[v];
		if (m->used & 1u << v && rows <= (unsigned __int128)1 << MAP_MAX_ROWS_LOG2)
			rows *= (unsigned __int128)(m->last[v] - m->first[v]) + 1;
	}
	if (rows > (unsigned __int128)1 << MAP_MAX_ROWS_LOG2)
		return usage_error("map stops at 2^32 rows; for %s, give --range or the combinations as arguments",
				   m->f->name);
	for (;;) {
		int v;
		map_row(m, codes);
		if (should_stop())
			break;
		for (v = MAP_VARIABLES - 1; v >= 0; v--) { /* the last variable used varies fastest */
			if (!(m->used & 1u << v))
				continue;
			if (codes[v] < m->last[v]) {
				codes[v]++;
				break;
			}
			codes[v] = m->first[v];
		}
		if (v < 0)
			break;
	}
	return m->failures ? EXIT_BAD_INPUT : EXIT_OK;
}

/* The combinations given as arguments: each the codes of the variables used, in order,
 * apart by blanks or commas ("0x3c 0x40"). */
static int map_given(struct mapping *m, char **args, int nargs)
{
	struct input in;
	struct parse_error err;

	input_init(&in);
	for (int a = 0; a < nargs; a++) {
		fpcode codes[MAP_VARIABLES] = { 0 };
		const char *p = args[a];
		bool ok = true;
		for (int v = 0; v < MAP_VARIABLES && ok; v++) {
			size_t len;
			if (!(m->used & 1u << v))
				continue;
			p += strspn(p, " \t,");
			len = strcspn(p, " \t,");
			ok = len && parse_input(&in, &err, p, len) == PARSE_OK && in.kind == INPUT_PATTERN &&
			     fmt_code_from_pattern(&codes[v], m->f, in.pattern);
			p += len;
		}
		if (!ok || p[strspn(p, " \t,")]) {
			m->failures++;
			report("argument %d: '%s': give a code of %s (0x..., 0b...) for each of the expression's variables",
			       a + 1, args[a], m->f->name);
			continue;
		}
		map_row(m, codes);
	}
	input_clear(&in);
	return m->failures ? EXIT_BAD_INPUT : EXIT_OK;
}

int cmd_map(struct settings *s)
{
	struct mapping m = { .s = s, .max_precision = settings_max_precision(s) };
	struct parse_error err;
	int status;

	if (s->nargs < 2)
		return usage_error("%s", "map needs a FORMAT and an expression of x, y, z");
	if (!(m.f = require_format(s->args[0])))
		return EXIT_USAGE;
	if (parse_function_of(&m.expr, &err, s->args[1], strlen(s->args[1])) != PARSE_OK) {
		report("'%s': %s (column %zu)", s->args[1], parse_message(err.status), err.column);
		return EXIT_USAGE;
	}
	if (!s->fields_given)
		render_parse_fields(&s->fields, "hex,flags");
	if (!map_ranges(&m, s->range)) {
		real_free(m.expr);
		return EXIT_USAGE;
	}
	m.used = real_variables(m.expr);
	m.is_operation = ieee_operation(&m);
	sb_init(&m.line);
	if (s->header && s->style != STYLE_JSON) {
		for (int v = 0; v < MAP_VARIABLES; v++)
			if (m.used & 1u << v)
				sb_printf(&m.line, "%s%c", variable_names[v], s->style == STYLE_CSV ? ',' : '\t');
		render_header(&m.line, &s->fields, s->style);
	}
	status = s->nargs > 2 ? map_given(&m, s->args + 2, s->nargs - 2) : map_every_code(&m);
	flush_line(&m.line);
	sb_free(&m.line);
	real_free(m.expr);
	return status;
}
