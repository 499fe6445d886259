/*
 * mapcmd.c — fpx map: an expression of x, y and z evaluated on codes of formats and
 * rounded once into a format, a row per combination: golden vectors.
 *
 * Which combinations: every code of each variable the expression uses (all pairs for
 * two, all triples for three, x varying slowest, in code order), or those --range
 * names; --random N of them (within the --range), drawn reproducibly (mapcodes.c); or
 * the combinations given as arguments ("0x3c 0x40") or, after "-", as stdin's lines.
 * --finite skips those with a NaN or infinite operand. The numbered runs (every code, --random) go through
 * chunks.h, so -j N workers write exactly the bytes one process writes.
 *
 * How a row is computed (the one place for it, map_evaluate() in mapeval.c):
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
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "commands.h"
#include "convert.h"
#include "decimal.h"
#include "inputs.h"
#include "mapfn.h"
#include "ops.h"
#include "output.h"
#include "mapping.h"
#include "parse.h"
#include "problem.h"
#include "real.h"
#include "registry.h"
#include "testfloat.h"

static const char *const variable_names[MAP_VARIABLES] = { "x", "y", "z" };

/* ---- Writing a row -------------------------------------------------------------------- */

/* TestFloat's flags: bit 0 inexact, 1 underflow, 2 overflow, 3 infinite (divbyzero), 4 invalid. */
unsigned map_testfloat_flags(unsigned flags)
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
	if (m->right || mapfn_is_boolean(m->fn))
		sb_putc(out, mpq_sgn(o->value.mag) ? '1' : '0');
	else
		put_testfloat_code(out, m->to, o->res.code);
	sb_printf(out, " %02X\n", map_testfloat_flags(o->res.flags));
}

/* The operand fields -o asks for (x y z: the codes; xv yv zv: their shortest values),
 * as cells that start the row (render_cells()); with lead, the result's fields follow. */
static void put_operands(struct strbuf *out, const struct mapping *m, const fpcode *codes, bool lead)
{
	const struct settings *s = m->s;
	char name[MAX_OPERAND_FIELDS][3], hex[MAX_OPERAND_FIELDS][CODE_MAX_BITS / 4 + 3];
	const char *names[MAX_OPERAND_FIELDS + 1], *cells[MAX_OPERAND_FIELDS + 1];
	struct strbuf value[MAX_OPERAND_FIELDS];
	int n = s->map.operand_fields;

	for (int i = 0; i < s->map.operand_fields; i++) {
		int v = s->map.operand_field[i] % MAP_VARIABLES;
		bool is_value = s->map.operand_field[i] >= MAP_VARIABLES;
		snprintf(name[i], sizeof name[i], "%s%s", variable_names[v], is_value ? "v" : "");
		names[i] = name[i];
		sb_init(&value[i]);
		if (is_value)
			dec_shortest(&value[i], m->in[v], codes[v]);
		else
			code_to_hex(hex[i], codes[v], fmt_hex_digits(m->in[v]));
		cells[i] = is_value ? value[i].s : hex[i];
	}
	n += mapfn_cell(&names[n], &cells[n], m, codes); /* class(x): the class's name */
	render_cells(out, names, cells, n, s->style, lead);
	for (int i = 0; i < s->map.operand_fields; i++)
		sb_free(&value[i]);
}

/* A row's result into m->outcome, from its codes (and r's draw): PROBLEM_NONE, or what
 * it has instead. */
enum problem map_compute(struct mapping *m, const fpcode *codes)
{
	struct outcome *o = &m->outcome;

	m->how = m->s->rounding;
	if (m->used & 1u << MAP_DRAW)
		m->how.sr_random = (uint64_t)codes[MAP_DRAW];
	o->has_value = o->approximate = false;
	if (!(m->fast && map_operate_on_codes(o, m, codes))) {
		for (int v = 0; v < MAP_VARIABLES; v++)
			if (m->used & 1u << v)
				convert_code_value(&m->values[v], m->in[v], codes[v]);
		o->problem = map_evaluate(o, m, codes, m->values);
	} else
		o->problem = PROBLEM_NONE;
	return o->problem;
}

/* One row: the operands, then the result's fields (or `error` in each, and a report).
 * False when it failed. */
static bool map_row(struct mapping *m, const fpcode *codes, struct strbuf *out)
{
	const struct settings *s = m->s;
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
	if (map_compute(m, codes)) {
		problem_report(NULL, input, strlen(input), o->problem, NULL);
		if (!s->map.testfloat) {
			put_operands(out, m, codes, true);
			if (s->style == STYLE_JSON) {
				render_json_text(out, "error", problem_message(o->problem, NULL));
				sb_puts(out, "}\n");
			} else
				render_error_row(out, m->to, input, problem_message(o->problem, NULL), &s->fields, s->style);
		}
	} else if (s->map.testfloat)
		put_testfloat(out, m, codes, o);
	else {
		struct row row = { .input = input, .code = o->res.code, .rounding = &o->res,
				   .value = o->has_value ? &o->value : NULL, .approximate = o->approximate,
				   .how = m->how };
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

/* ---- The runs --------------------------------------------------------------------------- */

/* chunks.h's producer for the numbered runs: rows [first, end). */
static long produce_rows(void *arg, uint64_t first, uint64_t end, struct strbuf *out)
{
	struct mapping *m = arg;
	fpcode codes[MAP_AXES];
	long failed = 0;

	for (uint64_t i = first; i < end; i++) {
		if (m->s->map.random)
			map_random_codes(codes, m, i);
		else
			map_codes_of_row(codes, m, i);
		if (m->s->map.finite && has_special_operand(m, codes)) {
			if (!m->s->map.random)
				continue;
			for (uint64_t redraw = 1; has_special_operand(m, codes); redraw++)
				map_random_codes(codes, m, i + redraw * ((uint64_t)1 << 48));
		}
		failed += !map_row(m, codes, out);
	}
	return failed;
}

static int run_numbered(struct mapping *m)
{
	struct chunk_run run = { .name = "map", .rows = 1, .jobs = m->s->map.jobs ? (int)m->s->map.jobs : 1, .progress = !m->s->map.quiet,
				 .produce = produce_rows, .arg = m };
	unsigned __int128 rows = 1;

	if (m->s->map.random)
		run.rows = (uint64_t)m->s->map.random;
	else {
		for (int v = 0; v < MAP_AXES; v++)
			if (m->used & 1u << v && rows <= (unsigned __int128)1 << MAP_MAX_ROWS_LOG2)
				rows *= (unsigned __int128)(m->last[v] - m->first[v]) + 1;
		if (rows > (unsigned __int128)1 << MAP_MAX_ROWS_LOG2)
			return usage_error(USAGE_MAP_TOO_MANY_ROWS, m->to->name);
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
	fpcode codes[MAP_AXES];

	(void)len;
	if (!(g->m->s->map.testfloat && testfloat_read_operands(codes, g->m, text)) &&
	    !parse_combination(codes, g->m, &g->in, text)) {
		g->failures++;
		report("%s: '%s': give a code (0x..., 0b...) for each of the expression's variables", inputs_where(inputs),
		       text);
	} else if (!(g->m->s->map.finite && has_special_operand(g->m, codes))) {
		codes[MAP_DRAW] = g->m->first[MAP_DRAW]; /* every r, where it varies */
		do
			g->failures += !map_row(g->m, codes, &g->out);
		while (g->m->used & 1u << MAP_DRAW && codes[MAP_DRAW]++ < g->m->last[MAP_DRAW]);
	}
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
		return usage_error(USAGE_MAP_STDIN_IN_REPL, NULL);
	if (!inputs_open(&inputs, s, from_stdin ? s->nargs : m->first_code))
		return EXIT_USAGE;
	parse_input_init(&g.in);
	sb_init(&g.out);
	inputs_answer_into(&inputs, &g.out, true);
	if (!inputs_each(&inputs, &(struct inputs_rows){ given_input, given_too_long, &g }))
		g.failures++;
	output_flush_line(&g.out);
	sb_free(&g.out);
	parse_input_clear(&g.in);
	return g.failures ? EXIT_BAD_INPUT : EXIT_OK;
}

/* ---- Setting up ----------------------------------------------------------------------- */

/* FORMAT EXPR [CODES...], or EXPR [CODES...] when --in and --to name every format and
 * the first argument is no format's name but an expression. */
static bool find_arguments(struct mapping *m)
{
	const struct settings *s = m->s;
	bool left_out = s->map.in && s->map.to && s->nargs >= 1 && !fmt_lookup(s->args[0]) && map_is_expression(s->args[0]);

	m->first_code = left_out ? 1 : 2;
	if (!left_out && s->nargs >= 1 && !fmt_lookup(s->args[0]) && map_is_expression(s->args[0])) {
		usage_error(USAGE_MAP_EXPRESSION_FIRST, s->args[0]);
		return false;
	}
	if (s->nargs < m->first_code) {
		usage_error(s->map.in && s->map.to ? USAGE_MAP_NEEDS_EXPRESSION : USAGE_MAP_NEEDS_FORMAT, NULL);
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
	const struct fmt *format = m->format ? settings_require_format(m->format) : NULL;
	const char *p = s->map.in;
	int n = 0;

	if (m->format && !format)
		return false;
	if (!(m->to = settings_target(s, s->map.to ? settings_require_format(s->map.to) : format)))
		return false;
	for (int v = 0; v < MAP_VARIABLES; v++)
		m->in[v] = s->map.to ? format : m->to;
	while (p && *p) {
		char name[FMT_NAME_MAX];
		size_t len = strcspn(p, ",");
		if (n == MAP_VARIABLES || len >= sizeof name) {
			usage_error(USAGE_MAP_BAD_IN, s->map.in);
			return false;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (!(m->in[n++] = settings_require_format(name)))
			return false;
		p += len + (p[len] == ',');
	}
	for (int v = n; n && v < MAP_VARIABLES; v++) {
		if (n > 1 && m->used & 1u << v) {
			usage_error(USAGE_MAP_IN_TOO_FEW, variable_names[v]);
			return false;
		}
		m->in[v] = m->in[0]; /* one format for all; or a variable not used */
	}
	return true;
}

/* r=A:B: a stochastic mode's draws from A to B, 0 <= A <= B < 2^N, decimal or 0x hex. */
static bool read_draw_range(struct mapping *m, const char *p, size_t len)
{
	char text[48], *end;
	unsigned long long a, b;

	if (len >= sizeof text || !(m->used & 1u << MAP_DRAW))
		return false;
	memcpy(text, p, len);
	text[len] = '\0';
	errno = 0;
	a = strtoull(text, &end, 0);
	if (errno || end == text || *end != ':' || text[0] == '-' || end[1] == '-')
		return false;
	b = strtoull(end + 1, &end, 0);
	if (errno || *end || a > b || b > m->last[MAP_DRAW])
		return false;
	m->first[MAP_DRAW] = a;
	m->last[MAP_DRAW] = b;
	return true;
}

/* --range: A:B for every variable, or x=A:B,y=C:D for each, and r=A:B for a stochastic
 * mode's draws; by default every code, and every draw. */
static bool find_ranges(struct mapping *m)
{
	const char *range = m->s->range, *p = range;
	unsigned bits = m->s->rounding.sr_bits;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		m->first[v] = 0;
		m->last[v] = code_mask(m->in[v]->bits);
	}
	m->first[MAP_DRAW] = 0;
	m->last[MAP_DRAW] = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
	while (p && *p) {
		size_t len = strcspn(p, ",");
		int v = len > 2 && p[1] == '=' && strchr("xyz", p[0]) ? p[0] - 'x' : -1;
		if (len > 2 && p[0] == 'r' && p[1] == '=') {
			if (!read_draw_range(m, p + 2, len - 2))
				return usage_error(USAGE_MAP_BAD_RANGE, range), false;
			p += len + (p[len] == ',');
			continue;
		}
		for (int w = 0; w < MAP_VARIABLES; w++) {
			if (v >= 0 && w != v)
				continue;
			if (!inputs_parse_code_range(v < 0 ? p : p + 2, v < 0 ? len : len - 2, m->in[w], &m->first[w], &m->last[w])) {
				usage_error(USAGE_MAP_BAD_RANGE, range);
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

	if (listed && (s->map.random || s->range || s->map.jobs > 1))
		return usage_error(USAGE_MAP_LISTED, NULL), false;
	if (s->map.seed_given && !s->map.random)
		return usage_error(USAGE_SEED_NEEDS_RANDOM, NULL), false;
	if (!s->fields_given) {
		render_parse_fields(&s->fields, "hex,flags");
		s->map.operand_fields = 0;
		for (int v = 0; v < MAP_VARIABLES; v++)
			if (m->used & 1u << v)
				s->map.operand_field[s->map.operand_fields++] = v;
	}
	for (int i = 0; i < s->map.operand_fields; i++)
		if (!(m->used & 1u << (s->map.operand_field[i] % MAP_VARIABLES))) {
			usage_error(USAGE_MAP_OPERAND_UNUSED, variable_names[s->map.operand_field[i] % MAP_VARIABLES]);
			return false;
		}
	if (!mapfn_check(m))
		return false;
	m->need_value = render_needs_input(&s->fields);
	return true;
}

static void put_header(const struct mapping *m)
{
	const struct settings *s = m->s;
	char name[MAX_OPERAND_FIELDS][3];
	const char *names[MAX_OPERAND_FIELDS + 1], *cell;
	struct strbuf line;
	int n = s->map.operand_fields;

	if (!s->header || s->style == STYLE_JSON)
		return;
	sb_init(&line);
	for (int i = 0; i < s->map.operand_fields; i++) {
		snprintf(name[i], sizeof name[i], "%s%s", variable_names[s->map.operand_field[i] % MAP_VARIABLES],
			 s->map.operand_field[i] >= MAP_VARIABLES ? "v" : "");
		names[i] = name[i];
	}
	n += mapfn_cell(&cell, &names[n], m, NULL); /* class(x)'s column */
	render_cells(&line, NULL, names, n, s->style, s->fields.count > 0);
	if (s->fields.count)
		render_header(&line, &s->fields, s->style);
	output_flush_line(&line);
	sb_free(&line);
}

/* Everything but the rows: the arguments, the expression, the formats, the ranges and
 * the settings read into m (m->s given). False after a usage error; map_close() either way. */
bool map_open(struct mapping *m, struct settings *s)
{
	*m = (struct mapping){ .s = s, .max_precision = inputs_max_precision(s) };
	conversion_init(&m->conv);
	num_init(&m->outcome.value);
	for (int v = 0; v < MAP_VARIABLES; v++)
		num_init(&m->values[v]);
	m->conv.max_precision = m->max_precision;
	m->conv.arch = s->arch;
	if ((s->map.testfloat && !testfloat_take_name(s)) || !find_arguments(m) ||
	    !map_parse_expression(m, m->expression))
		return false;
	m->used = real_variables(m->expr) | real_variables(m->right);
	if (rnd_mode_is_stochastic(s->rounding.mode) && !s->sr_random_given)
		m->used |= 1u << MAP_DRAW; /* r varies */
	m->is_operation = map_find_operation(m);
	if (!find_formats(m) || !find_ranges(m) || !check_settings(m))
		return false;
	m->testfloat_int = testfloat_is_to_int(m);
	if (!map_find_rounding_format(m))
		return false;
	m->fast = m->is_operation && !m->right && !m->need_value && m->rounds_in == m->to;
	for (int i = 0; m->fast && i < op_arity(m->op); i++)
		m->fast = m->operand[i]->op == REAL_VAR;
	for (int v = 0; v < MAP_VARIABLES; v++)
		map_find_boundary_codes(m, v);
	return true;
}

void map_close(struct mapping *m)
{
	conversion_clear(&m->conv);
	num_clear(&m->outcome.value);
	for (int v = 0; v < MAP_VARIABLES; v++)
		num_clear(&m->values[v]);
	real_free(m->expr);
	real_free(m->right);
}

int cmd_map(struct settings *s)
{
	struct mapping m;
	int status = EXIT_USAGE;

	if (map_open(&m, s)) {
		put_header(&m);
		status = s->nargs > m.first_code ? run_given(&m) : run_numbered(&m);
	}
	map_close(&m);
	return status;
}
