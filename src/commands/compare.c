/*
 * compare.c — the other stacks' conventions: `fpx policies` lists them, `fpx compare`
 * gives what each of them (and the double roundings of ml_dtypes and numpy) makes of a
 * value, side by side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "decimal.h"
#include "intfmt.h"
#include "num.h"
#include "parse.h"
#include "problem.h"
#include "registry.h"

/* ---- policies and compare ------------------------------------------------------------------ */

/* A policy's name and summary, the summary folded at spaces to 80 columns. */
static void print_policy(const struct policy *p, void *arg)
{
	const char *text = p->summary;
	int column = 12, room = 80 - column;

	(void)arg;
	printf("%-11s", p->name);
	while (*text) {
		int len = (int)strlen(text), cut = len;
		if (len > room) {
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = room;
		}
		printf(" %.*s\n", cut, text);
		text += cut;
		text += strspn(text, " ");
		if (*text)
			printf("%*s", column - 1, "");
	}
}

int cmd_policies(struct settings *s)
{
	if (s->nargs)
		return usage_error(USAGE_POLICIES_ARGUMENTS, NULL);
	policy_each(print_policy, NULL);
	return EXIT_OK;
}

struct comparison {
	const struct fmt *f;
	struct settings *s;
	const char *input;
	struct strbuf *out;
	int failed; /* the routes whose row is an error */
};

/* One row of compare: what a route gives, as hex, exact value and flags, or its error
 * (counted in c->failed). */
static void compare_row(struct comparison *c, const char *name, const struct policy *p, const struct fmt *via)
{
	struct conversion conv;
	struct field_list fl;
	struct row row;
	enum problem problem;

	conversion_init(&conv);
	conv.policy = p;
	conv.via = via;
	conv.max_precision = inputs_max_precision(c->s);
	problem = convert_text(&conv, c->f, c->input, strlen(c->input), c->s->rounding);
	render_parse_fields(&fl, "hex,exact,flags");
	row = (struct row){ c->input, conv.code, &conv.result, &conv.in.value, conv.approximate, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE) };
	if (c->s->style == STYLE_JSON) {
		render_json_item(c->out);
		sb_putc(c->out, '{');
		render_json_text(c->out, "route", name);
		if (problem)
			render_json_text(c->out, "error", problem_message(problem, &conv.err));
		else
			render_row_members(c->out, c->f, &row, &fl);
		sb_putc(c->out, '}');
	} else {
		sb_printf(c->out, "  %-22s ", name);
		if (problem)
			sb_printf(c->out, "error: %s\n", problem_message(problem, &conv.err));
		else
			render_row(c->out, c->f, &row, &fl, STYLE_TSV);
	}
	c->failed += problem != PROBLEM_NONE;
	conversion_clear(&conv);
}

static void compare_policy(const struct policy *p, void *arg)
{
	compare_row(arg, p->name, p, NULL);
}

/* Every policy's answer for one value, and the answers through binary32 (ml_dtypes from
 * a float64 array) and binary64 (numpy, or a JavaScript number). False when a route's
 * row is an error. */
static bool compare_value(struct settings *s, const struct fmt *f, const char *text, struct strbuf *out)
{
	struct comparison c = { f, s, text, out, 0 };
	const struct fmt *b32 = fmt_lookup("binary32"), *b64 = fmt_lookup("binary64");

	if (s->style == STYLE_JSON) {
		sb_putc(out, '{');
		render_json_text(out, "format", f->name);
		render_json_text(out, "input", text);
		render_json_key(out, "routes");
		sb_putc(out, '[');
	} else
		sb_printf(out, "%s: %s\n", f->name, text);
	policy_each(compare_policy, &c);
	compare_row(&c, "ml_dtypes via binary32", policy_lookup("ml_dtypes"), b32);
	compare_row(&c, "fpx via binary64", policy_default(), b64);
	sb_puts(out, s->style == STYLE_JSON ? "]}\n" : "\n");
	return c.failed == 0;
}

/* What compare holds while it reads: the format, the rows, the failures. */
struct compare_run {
	struct settings *s;
	const struct fmt *f;
	struct strbuf out;
	struct input value;
	int failures;
};

/* inputs_each()'s: a value (a real too: each route rounds it itself), and a line too long. */
static void compare_input(void *arg, struct inputs *in, const char *text, size_t len)
{
	struct compare_run *c = arg;
	struct parse_error err;
	enum problem problem = inputs_read_value(&c->value, &err, text, len);

	if (problem == PROBLEM_REAL_NOT_HERE)
		problem = PROBLEM_NONE;
	if (problem) {
		problem_report(inputs_where(in), text, len, problem, &err);
		c->failures++;
	} else
		c->failures += !compare_value(c->s, c->f, text, &c->out);
}

static void compare_too_long(void *arg)
{
	((struct compare_run *)arg)->failures++;
}

int cmd_compare(struct settings *s)
{
	struct compare_run c = { .s = s };
	struct inputs in;

	if (s->nargs < 1)
		return usage_error(USAGE_COMPARE_NEEDS_FORMAT, NULL);
	if (!(c.f = settings_require_format(s->args[0])))
		return EXIT_USAGE;
	if (!inputs_open(&in, s, 1))
		return EXIT_USAGE;
	sb_init(&c.out);
	inputs_answer_into(&in, &c.out, false); /* an input's answer is a block, not a row */
	parse_input_init(&c.value);
	if (!inputs_each(&in, &(struct inputs_rows){ compare_input, compare_too_long, &c }))
		c.failures++;
	output_flush_line(&c.out);
	sb_free(&c.out);
	parse_input_clear(&c.value);
	return c.failures ? EXIT_BAD_INPUT : EXIT_OK;
}
