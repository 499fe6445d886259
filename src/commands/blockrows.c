/*
 * blockrows.c — the rows of one of `fpx block`'s blocks: computed by blockcalc.c,
 * projected once there, and written as -o's fields. A block made of values has its
 * scale's row (the lead cell "scale") and an element's row each (the lead cell its place,
 * from 1), in JSON one object {"scale":{...},"elements":[...]}; a block of codes, a row
 * per element (ConvertFromBlock) or one row (a reduction), whose input is the exact
 * value projected. Never reads an input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blockrun.h"
#include "output.h"
#include "problem.h"
#include "render.h"

/* An exact value as the input of a row (a scale's maximum, a reduction's result); one
 * past 2^±NUM_LIMIT_EXP as the interval it lies in. */
static void value_text(struct strbuf *out, const struct num *x)
{
	mpq_t q;

	if (x->kind == NUM_FINITE && x->bound == NUM_HUGE)
		sb_puts(out, x->neg ? "<-2^" NUM_LIMIT_EXP_TEXT : ">2^" NUM_LIMIT_EXP_TEXT);
	else if (x->kind == NUM_FINITE && x->bound == NUM_TINY)
		sb_puts(out, x->neg ? "(-2^-" NUM_LIMIT_EXP_TEXT ",0)" : "(0,2^-" NUM_LIMIT_EXP_TEXT ")");
	else if (x->kind != NUM_FINITE)
		sb_puts(out, x->kind == NUM_NAN ? "nan" : x->neg ? "-inf" : "inf");
	else {
		mpq_init(q);
		output_signed_value(q, x);
		output_rational(out, q);
		mpq_clear(q);
	}
}

/* A row's TSV/CSV lead cell (the scale's or an element's place in its block), or in
 * JSON the opening of its object; NULL for none. */
static void row_start(struct strbuf *out, const struct settings *s, const char *lead)
{
	if (s->style == STYLE_JSON) {
		render_json_item(out);
		sb_putc(out, '{');
	} else if (lead)
		render_cells(out, NULL, (const char *const[]){ lead }, 1, s->style, true);
}

/* x projected into f, written as a row of -o's fields (in JSON, the members of an object
 * the caller opened), its code into *code; false after reporting that f has no NaN for it. */
static bool put_projected(fpcode *code, struct block_run *r, const char *lead, const struct fmt *f, const char *input,
			  const struct num *x, const struct rnd_spec *rho)
{
	struct rnd_result res;
	struct row row = { .input = input, .value = x, .rounding = &res, .how = *rho };
	enum style style = r->s->style;
	char where[48];

	if (block_project(&res, f, x, rho) == RND_NO_NAN) {
		snprintf(where, sizeof where, "block %ld", r->number + 1);
		problem_report(where, input, strlen(input), PROBLEM_NO_NAN, NULL);
		r->failures++;
		if (style == STYLE_JSON) {
			render_json_text(r->out, "input", input);
			render_json_text(r->out, "error", problem_message(PROBLEM_NO_NAN, NULL));
		} else {
			row_start(r->out, r->s, lead);
			render_error_row(r->out, f, input, problem_message(PROBLEM_NO_NAN, NULL), &r->s->fields, style);
		}
		return false;
	}
	row.code = *code = res.code;
	if (style == STYLE_JSON)
		render_row_members(r->out, f, &row, &r->s->fields);
	else {
		row_start(r->out, r->s, lead);
		render_row(r->out, f, &row, &r->s->fields, style);
	}
	return true;
}

/* An error row, the message in place of each field but the input (and the lead cell);
 * in JSON an object, on a line of its own or as an item of a block's list (or the
 * scale's member). */
static void put_error(struct block_run *r, const char *lead, const char *input, const char *message, bool own_line)
{
	if (r->s->style == STYLE_JSON) {
		if (lead && strcmp(lead, "scale") == 0)
			render_json_key(r->out, "scale");
		else
			render_json_item(r->out);
		sb_putc(r->out, '{');
		render_json_text(r->out, "input", input);
		render_json_text(r->out, "error", message);
		sb_puts(r->out, own_line ? "}\n" : "}");
		return;
	}
	row_start(r->out, r->s, lead);
	render_error_row(r->out, NULL, input, message, &r->s->fields, r->s->style);
}

/* A code given, not rounded, as a row (in JSON, the members of an object opened). */
static void put_code(struct block_run *r, const char *lead, const struct fmt *f, const char *input, fpcode code)
{
	struct row row = { .input = input, .code = code };

	if (r->s->style == STYLE_JSON)
		render_row_members(r->out, f, &row, &r->s->fields);
	else {
		row_start(r->out, r->s, lead);
		render_row(r->out, f, &row, &r->s->fields, r->s->style);
	}
}

/* The end of a row opened by row_start() in JSON: its object, and a newline when it
 * is a row of its own. */
static void row_end(const struct block_run *r, bool own_line)
{
	if (r->s->style == STYLE_JSON)
		sb_puts(r->out, own_line ? "}\n" : "}");
}

/* ---- ConvertToBlock, ConvertToBlockMaxAbsFinite ----------------------------------------- */

/* The block's scale: the code --scale gives for it, or ωProject_FS,ρs of the largest
 * finite |x|; its row; its value into *scale. False when there is none (reported). */
static bool to_block_scale(struct block_run *r, struct num *scale)
{
	const struct block_scales *given = &r->scales;
	long k = given->count > 1 ? r->number : 0;
	struct strbuf text;
	struct num max;
	fpcode code;
	bool ok;

	if (given->count && k >= given->count) {
		put_error(r, "scale", "", problem_message(PROBLEM_NO_SCALE, NULL), false);
		report("block %ld: no scale for it (--scale gives %ld)", r->number + 1, given->count);
		r->failures++;
		return false;
	}
	if (r->s->style == STYLE_JSON)
		render_json_key(r->out, "scale"), sb_putc(r->out, '{');
	if (given->count) {
		block_decode_code(scale, r->fs, given->code[k]);
		put_code(r, "scale", r->fs, given->text[k], given->code[k]);
		row_end(r, false);
		return true;
	}
	num_init(&max);
	sb_init(&text);
	block_max_abs_finite(&max, r->g.x, r->g.count);
	value_text(&text, &max);
	if ((ok = put_projected(&code, r, "scale", r->fs, text.s, &max, &r->rho_s)))
		block_decode_code(scale, r->fs, code);
	row_end(r, false);
	sb_free(&text);
	num_clear(&max);
	return ok;
}

static void emit_to_block(struct block_run *r)
{
	struct num scale, z;
	fpcode code;
	char lead[24];
	bool json = r->s->style == STYLE_JSON, ok;

	num_init(&scale);
	num_init(&z);
	if (json)
		sb_putc(r->out, '{');
	ok = to_block_scale(r, &scale);
	if (json)
		render_json_key(r->out, "elements"), sb_putc(r->out, '[');
	for (long i = 0; i < r->g.count; i++) {
		snprintf(lead, sizeof lead, "%ld", i + 1);
		if (!ok) {
			put_error(r, lead, r->g.text[i], "no scale for this block", false);
			continue;
		}
		if (json)
			row_start(r->out, r->s, lead);
		block_scaled(&z, &scale, &r->g.x[i]);
		put_projected(&code, r, lead, r->fr, r->g.text[i], &z, &r->rho);
		row_end(r, false);
	}
	if (json)
		sb_puts(r->out, "]}\n");
	num_clear(&scale);
	num_clear(&z);
}

/* ---- ConvertFromBlock and the reductions -------------------------------------------------- */

/* Does the block of codes hold an input that could not be read? */
static bool group_bad(const struct block_group *g, long first, long n)
{
	for (long i = first; i < first + n; i++)
		if (g->bad[i])
			return true;
	return false;
}

/* Each element decoded, s·x (ωBlockDecode), and projected into FR: a row each. */
static void emit_from_block(struct block_run *r)
{
	struct num z;
	fpcode code;
	bool bad_scale = r->g.bad[0];

	num_init(&z);
	for (long i = 1; i < r->g.count; i++) {
		if (bad_scale || r->g.bad[i]) {
			put_error(r, NULL, r->g.text[i], "not read", true);
			continue;
		}
		row_start(r->out, r->s, NULL);
		block_decoded(&z, &r->g.x[0], &r->g.x[i]);
		put_projected(&code, r, NULL, r->fr, r->g.text[i], &z, &r->rho);
		row_end(r, true);
	}
	num_clear(&z);
}

/* The decoded elements of the block of codes from `first` (its scale), n of them. */
static void decode_block(struct num *z, const struct block_group *g, long first, long n)
{
	for (long i = 0; i < n; i++)
		block_decoded(&z[i], &g->x[first], &g->x[first + 1 + i]);
}

/* The reduction's exact result, projected into FR: one row. */
static void emit_reduction(struct block_run *r)
{
	long n = r->op == BLOCK_DOT ? r->size : r->g.count - 1;
	struct num *z, result;
	struct strbuf text;
	fpcode code;

	if (group_bad(&r->g, 0, r->g.count)) {
		put_error(r, NULL, "block", "not read", true);
		return;
	}
	if (!(z = malloc(2 * (size_t)n * sizeof *z)))
		abort();
	for (long i = 0; i < 2 * n; i++)
		num_init(&z[i]);
	num_init(&result);
	sb_init(&text);
	decode_block(z, &r->g, 0, n);
	if (r->op == BLOCK_DOT)
		decode_block(z + n, &r->g, n + 1, n);
	if (r->op == BLOCK_SUM)
		block_sum(&result, z, n);
	else if (r->op == BLOCK_PRODUCT)
		block_product(&result, z, n);
	else
		block_dot(&result, z, z + n, n);
	value_text(&text, &result);
	row_start(r->out, r->s, NULL);
	put_projected(&code, r, NULL, r->fr, text.s, &result, &r->rho);
	row_end(r, true);
	for (long i = 0; i < 2 * n; i++)
		num_clear(&z[i]);
	free(z);
	num_clear(&result);
	sb_free(&text);
}

/* The block read so far, written out: its rows. */
void block_emit(struct block_run *r)
{
	if (r->g.count == 0)
		return;
	if (r->op == BLOCK_TO)
		emit_to_block(r);
	else if (r->op == BLOCK_FROM)
		emit_from_block(r);
	else
		emit_reduction(r);
}

/* The last block, short: values may end a block early, codes after their scale and at
 * least one element (a dot product's blocks are whole). */
