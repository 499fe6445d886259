/*
 * block.c — `fpx block`: IEEE P3109's blocks (interim report 4.0, §5), exactly. A block
 * is a scale s in a format FS and B elements; what each form computes is blockcalc.c's,
 * each result projected once (block_project()), and blockrows.c writes the rows:
 *
 *   fpx block --scale-format FS [--scale-round M] FR     values, in blocks of B:
 *       ConvertToBlockMaxAbsFinite (§5.2.3): s = ωProject_FS(max finite |x|), rounded
 *       by M; r = ωBlockProject(s, [x]) into FR. With --scale S[,S...] (a value FS
 *       holds, or its code; one, or one per block): ConvertToBlock (§5.2.2).
 *   fpx block --in FS,FX FR                blocks of codes, s then B elements:
 *       ConvertFromBlock (§5.2.1), each s·x projected into FR;
 *   ... --reduce sum|product               BlockReduceAdd, BlockReduceMultiply (§5.3.1);
 *   fpx block --in FS,FX[,FSY,FY] --reduce dot FR   sx, x1..xB, sy, y1..yB:
 *       BlockDotProduct (§5.3.2).
 *
 * Values are read exactly (a function or constant is refused); codes are bit patterns
 * of their format or values it holds exactly. A value that cannot be read is reported
 * and left out of its block (as mx does); a code keeps its place, and its block's rows
 * are error rows. Never rounds but through blockcalc.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockrun.h"
#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "problem.h"
#include "registry.h"
#include "render.h"

#define BLOCK_DEFAULT_SIZE 32
#define BLOCK_MAX_SIZE 65536

/* What block holds while it reads: the run, and the reader's work areas. */
struct block_reader {
	struct block_run run;
	struct input value;
	struct parse_error err;
};

/* ---- A block's inputs ------------------------------------------------------------------ */

static void group_add(struct block_group *g, const struct num *x, fpcode code, const char *text, size_t len, bool bad)
{
	if (g->count == g->cap) {
		long cap = g->cap ? 2 * g->cap : 32;
		g->x = realloc(g->x, (size_t)cap * sizeof *g->x);
		g->code = realloc(g->code, (size_t)cap * sizeof *g->code);
		g->text = realloc(g->text, (size_t)cap * sizeof *g->text);
		g->bad = realloc(g->bad, (size_t)cap * sizeof *g->bad);
		if (!g->x || !g->code || !g->text || !g->bad)
			abort();
		for (long i = g->cap; i < cap; i++)
			num_init(&g->x[i]);
		g->cap = cap;
	}
	if (!(g->text[g->count] = malloc(len + 1)))
		abort();
	memcpy(g->text[g->count], text, len);
	g->text[g->count][len] = '\0';
	num_set(&g->x[g->count], x);
	g->code[g->count] = code;
	g->bad[g->count++] = bad;
}

static void group_empty(struct block_group *g)
{
	for (long i = 0; i < g->count; i++)
		free(g->text[i]);
	g->count = 0;
}

static void group_free(struct block_group *g)
{
	group_empty(g);
	for (long i = 0; i < g->cap; i++)
		num_clear(&g->x[i]);
	free(g->x);
	free(g->code);
	free(g->text);
	free(g->bad);
}

/* The block read so far: its rows, and the next one begins. */
static void next_block(struct block_run *r)
{
	block_emit(r);
	r->number++;
	group_empty(&r->g);
}

/* ---- Reading values and codes ------------------------------------------------------------ */

/* A value, exactly: a decimal, rational, hex float, inf or nan (any NaN the one NaN). */
static enum problem read_value(struct num *x, struct input *in, struct parse_error *err, const char *text, size_t len)
{
	if (parse_input(in, err, text, len) != PARSE_OK)
		return PROBLEM_PARSE;
	if (in->kind == INPUT_REAL)
		return PROBLEM_REAL_NOT_HERE;
	if (in->kind == INPUT_PATTERN)
		return PROBLEM_NEEDS_VALUE;
	if (in->value.bound)
		return PROBLEM_BEYOND_LIMITS;
	num_set(x, &in->value);
	block_as_datum(x);
	return PROBLEM_NONE;
}

/* A datum of f: a bit pattern of f, or a value f holds exactly (*held false when it does
 * not); its code and its value. */
static enum problem read_datum(fpcode *code, struct num *x, bool *held, const struct fmt *f, struct input *in,
			       struct parse_error *err, const char *text, size_t len)
{
	static const struct rnd_spec exactly = { RND_NEAREST_EVEN, RND_SAT_NONE, 0, 0 };
	const unsigned changed = RND_INEXACT | RND_OVERFLOW | RND_SATURATED | RND_INVALID;
	struct rnd_result r;
	enum problem problem;

	*held = true;
	if (parse_input(in, err, text, len) == PARSE_OK && in->kind == INPUT_PATTERN) {
		if (!code_from_mpz(code, in->pattern) || !fmt_code_from_pattern(code, f, in->pattern))
			return PROBLEM_TOO_WIDE;
	} else if ((problem = read_value(x, in, err, text, len)))
		return problem;
	else if (block_project(&r, f, x, &exactly) != RND_OK || (r.flags & changed))
		*held = false;
	else
		*code = r.code;
	if (*held)
		block_decode_code(x, f, *code);
	return PROBLEM_NONE;
}

/* What is wrong with an input, on stderr: a problem, or not being a datum of f. */
static void report_input(const char *where, const char *text, size_t len, enum problem problem,
			 const struct parse_error *err, const struct fmt *f)
{
	if (problem)
		problem_report(where, text, len, problem, err);
	else
		report("%s: '%.*s': not a value of %s (give one it holds, or its code)", where, (int)(len > 60 ? 60 : len),
		       text, f->name);
}

/* The format of the input at place pos of a block of codes. */
static const struct fmt *format_at(const struct block_run *r, long pos)
{
	if (r->op != BLOCK_DOT || pos <= r->size)
		return pos == 0 ? r->in[0] : r->in[1];
	return pos == r->size + 1 ? r->in[2] : r->in[3];
}

/* inputs_each()'s: an input into the block, the block's rows once it is whole. */
static void block_input(void *arg, struct inputs *in, const char *text, size_t len)
{
	struct block_reader *b = arg;
	struct block_run *r = &b->run;
	const struct fmt *f = r->op == BLOCK_TO ? NULL : format_at(r, r->g.count);
	enum problem problem;
	struct num x;
	fpcode code = 0;
	bool held = true;

	num_init(&x);
	if (!f)
		problem = read_value(&x, &b->value, &b->err, text, len);
	else
		problem = read_datum(&code, &x, &held, f, &b->value, &b->err, text, len);
	if (problem || !held) {
		report_input(inputs_where(in), text, len, problem, &b->err, f);
		r->failures++;
	}
	if (f || (!problem && held))
		group_add(&r->g, &x, code, text, len, problem || !held);
	if (r->g.count == r->group_size)
		next_block(r);
	num_clear(&x);
}

/* A line too long (reported already): a code keeps its place. */
static void block_too_long(void *arg)
{
	struct block_run *r = &((struct block_reader *)arg)->run;
	struct num x;

	r->failures++;
	if (r->op == BLOCK_TO)
		return;
	num_init(&x);
	group_add(&r->g, &x, 0, "", 0, true);
	if (r->g.count == r->group_size)
		next_block(r);
	num_clear(&x);
}

/* The last block, short: values may end a block early; codes after their scale and at
 * least one element; a dot product's blocks are whole. */
static void last_block(struct block_run *r)
{
	long n = r->g.count;

	if (n == 0)
		return;
	if (r->op != BLOCK_TO && (n < 2 || (r->op == BLOCK_DOT && n != r->group_size))) {
		report("the last block has %ld code%s: it needs %s", n, n == 1 ? "" : "s",
		       r->op == BLOCK_DOT ? "2 scales and 2 x --block elements" : "a scale and an element");
		r->failures++;
		group_empty(&r->g);
		return;
	}
	next_block(r);
}

/* ---- The arguments -------------------------------------------------------------------------- */

/* --reduce: the operation, or false after a usage error. */
static bool block_operation(enum block_op *op, const struct settings *s)
{
	static const struct {
		const char *name;
		enum block_op op;
	} reductions[] = { { "sum", BLOCK_SUM }, { "product", BLOCK_PRODUCT }, { "dot", BLOCK_DOT } };

	*op = s->map.in ? BLOCK_FROM : BLOCK_TO;
	if (!s->quant.reduce)
		return true;
	for (size_t i = 0; i < sizeof reductions / sizeof reductions[0]; i++)
		if (strcmp(s->quant.reduce, reductions[i].name) == 0) {
			*op = reductions[i].op;
			return s->map.in || (usage_error(USAGE_BLOCK_REDUCE_NEEDS_IN, NULL), false);
		}
	return usage_error(USAGE_BLOCK_BAD_REDUCE, s->quant.reduce), false;
}

/* --in FS,FX (a dot product: FSX,FX,FSY,FY, or FS,FX for both blocks). */
static bool block_in_formats(struct block_run *r, const char *list)
{
	char name[FMT_NAME_MAX];
	int n = 0;

	for (const char *p = list;; p++) {
		size_t len = strcspn(p, ",");
		if (len == 0 || len >= sizeof name || n == 4)
			return usage_error(USAGE_BLOCK_BAD_IN, list), false;
		memcpy(name, p, len);
		name[len] = '\0';
		if (!(r->in[n++] = settings_require_format(name)))
			return false;
		p += len;
		if (!*p)
			break;
	}
	if (n != 2 && !(n == 4 && r->op == BLOCK_DOT))
		return usage_error(USAGE_BLOCK_BAD_IN, list), false;
	if (n == 2)
		r->in[2] = r->in[0], r->in[3] = r->in[1];
	return true;
}

/* One scale of --scale's list into r->scales: its code and text. */
static enum problem add_scale(struct block_reader *b, bool *held, const char *text, size_t len)
{
	struct block_scales *sc = &b->run.scales;
	struct num x;
	enum problem problem;

	sc->code = realloc(sc->code, (size_t)(sc->count + 1) * sizeof *sc->code);
	sc->text = realloc(sc->text, (size_t)(sc->count + 1) * sizeof *sc->text);
	if (!sc->code || !sc->text || !(sc->text[sc->count] = strndup(text, len)))
		abort();
	num_init(&x);
	problem = read_datum(&sc->code[sc->count++], &x, held, b->run.fs, &b->value, &b->err, text, len);
	num_clear(&x);
	return problem;
}

/* --scale S[,S...]: each a code of FS or a value it holds. */
static bool block_given_scales(struct block_reader *b, const char *list)
{
	enum problem problem = PROBLEM_NONE;
	bool held = true;

	for (const char *p = list; !problem && held; p++) {
		size_t len = strcspn(p, ",");
		problem = add_scale(b, &held, p, len);
		p += len;
		if (!*p)
			break;
	}
	if (!problem && held)
		return true;
	usage_error_then(USAGE_BAD_SCALE, list, USAGE_TAIL_BECAUSE,
			 problem ? problem_message(problem, &b->err) : "not a value or code of the scale's format");
	return false;
}

/* The scale's format and projection (ρs), for blocks made of values; --in's formats
 * for blocks of codes. */
static bool block_scale_settings(struct block_reader *b, const struct settings *s)
{
	struct block_run *r = &b->run;

	if (s->map.in && (s->quant.scale_format || s->quant.scale_round || s->quant.scale))
		return usage_error(USAGE_NOT_BOTH, "--in (blocks of codes) or a scale"), false;
	if (s->map.in)
		return block_in_formats(r, s->map.in);
	if (!s->quant.scale_format)
		return usage_error(USAGE_BLOCK_NEEDS_SCALE_FORMAT, NULL), false;
	if (s->quant.scale && s->quant.scale_round)
		return usage_error(USAGE_NOT_BOTH, "--scale or --scale-round"), false;
	if (!(r->fs = settings_require_format(s->quant.scale_format)))
		return false;
	r->rho_s = s->rounding; /* the elements' saturation, and their draw for a stochastic mode */
	r->rho_s.mode = RND_NEAREST_EVEN;
	if (s->quant.scale_round && !rnd_mode_from_name(&r->rho_s.mode, s->quant.scale_round))
		return usage_error_then(USAGE_BAD_MODE, s->quant.scale_round, USAGE_TAIL_NAMES, RND_MODE_NAMES), false;
	if (rnd_mode_is_stochastic(r->rho_s.mode) && !rnd_mode_is_stochastic(s->rounding.mode))
		return usage_error(USAGE_SR_NEEDS_BITS, rnd_mode_name(r->rho_s.mode)), false;
	return !s->quant.scale || block_given_scales(b, s->quant.scale);
}

static bool block_arguments(struct block_reader *b, struct settings *s)
{
	struct block_run *r = &b->run;

	if (!block_operation(&r->op, s))
		return false;
	if (s->nargs < 1)
		return usage_error(USAGE_NEEDS_FORMAT, "block"), false;
	if (!(r->fr = settings_require_format(s->args[0])) || !block_scale_settings(b, s))
		return false;
	r->rho = s->rounding;
	r->size = BLOCK_DEFAULT_SIZE;
	if (s->quant.block && !inputs_parse_count(&r->size, s->quant.block, BLOCK_MAX_SIZE))
		return usage_error(USAGE_MX_BAD_BLOCK, s->quant.block), false;
	r->group_size = r->op == BLOCK_TO ? r->size : r->op == BLOCK_DOT ? 2 * r->size + 2 : r->size + 1;
	if (!s->fields_given)
		render_parse_fields(&s->fields, "input,hex,exact");
	return true;
}

static void block_free(struct block_reader *b)
{
	parse_input_clear(&b->value);
	group_free(&b->run.g);
	for (long i = 0; i < b->run.scales.count; i++)
		free(b->run.scales.text[i]);
	free(b->run.scales.code);
	free(b->run.scales.text);
}

int cmd_block(struct settings *s)
{
	struct strbuf out;
	struct block_reader b = { .run = { .s = s, .out = &out } };
	struct block_run *r = &b.run;
	struct inputs in;
	bool ok;

	parse_input_init(&b.value);
	if ((ok = block_arguments(&b, s) && inputs_open(&in, s, 1))) {
		sb_init(&out);
		if (s->header && s->style != STYLE_JSON) {
			if (r->op == BLOCK_TO)
				render_cells(&out, NULL, (const char *const[]){ "element" }, 1, s->style, true);
			render_header(&out, &s->fields, s->style);
		}
		inputs_answer_into(&in, &out, false); /* a block's rows are not the lines' */
		if (!inputs_each(&in, &(struct inputs_rows){ block_input, block_too_long, &b }))
			r->failures++;
		last_block(r);
		output_flush_line(&out);
		sb_free(&out);
	}
	block_free(&b);
	return !ok ? EXIT_USAGE : r->failures ? EXIT_BAD_INPUT : EXIT_OK;
}
