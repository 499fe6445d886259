/*
 * cmdline.c — a command line through a table of commands (see cmdline.h): dispatch,
 * --help, and the messages for a command that is not there. Every command is the same
 * flow with different ends (parse → round → render); this file only wires them, and
 * knows no command but by its row. Nothing here exits: every error is reported and
 * returned as the exit status, 0 success, 1 some input could not be converted, 2 usage
 * error.
 */
#include "cmdline.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fmtfile.h"
#include "kinds.h"
#include "mapfn.h"
#include "options.h"
#include "output.h"
#include "realnode.h"
#include "registry.h"
#include "render.h"
#include "testfloat.h"

/* ---- Help ------------------------------------------------------------------------------------- */

static void print_fields(void)
{
	printf("\nFields (-o):\n");
	for (int i = 0; i < FIELD_COUNT; i++)
		printf("  %-11s %s\n", render_field_name((enum field)i), render_field_help((enum field)i));
}

static const char value_syntax[] =
	"VALUE: decimal (-1.25e-3, .5), hex float (0x1.8p3), exact expressions\n"
	"(1/3, 464+2^-17, (1+2^-24)*2^10), inf, nan, -0; a bare 0x7e or 0b0111_1110\n"
	"is a bit pattern of FORMAT.\n";

/* "FORMAT: a name from 'fpx formats', " and the kinds' name grammars. */
static const char *format_syntax(void)
{
	static char text[256];
	size_t n;

	if (!text[0]) {
		n = (size_t)snprintf(text, sizeof text, "FORMAT: a name from 'fpx formats', ");
		kind_name_grammars(text + n, sizeof text - n - 2);
		strcat(text, ".\n");
	}
	return text;
}

/* "EXPR: ..." and the functions of realfn.c's table, folded. */
static void print_functions(void)
{
	const char *name;
	size_t column = 0;

	printf("EXPR: x, y, z and values with + - * / ^, pi, e and these functions (or A < B, a comparison):\n");
	for (size_t i = 0; (name = real_function_name(i)); i++) {
		if (column && column + strlen(name) + 1 > 86) {
			printf("\n");
			column = 0;
		}
		column += (size_t)printf("%s%s", column ? " " : "  ", name);
	}
	printf("\n");
}

static const char exit_statuses[] = "\nExit status: 0 success, 1 some input could not be converted (or output not written),\n"
				    "2 usage error.\n";

/* The left column of the command list: "convert FORMAT [VALUE...]". */
#define HELP_COLUMN 37

static void print_help(const struct command_table *t)
{
	char left[64];

	printf("Usage: fpx [-F FILE] COMMAND [OPTIONS] ARGUMENTS\n"
	       "       fpx [OPTIONS] FORMAT [VALUE...]        the same as fpx show\n"
	       "       fpx COMMAND --help                     that command's usage and options\n\nCommands:\n");
	for (size_t i = 0; i < t->count; i++) {
		snprintf(left, sizeof left, "%s %s", t->rows[i].name, t->rows[i].args);
		printf("  %-*s %s\n", HELP_COLUMN, left, t->rows[i].summary);
	}
	printf("\n%s%s\nOptions (a command takes those its --help lists):\n", value_syntax, format_syntax());
	options_print(OPTIONS_ALL);
	print_fields();
	printf("%s", exit_statuses);
}

static void print_command_help(const struct command *c)
{
	printf("Usage: fpx %s%s%s%s\n  %s\n\n", c->name, c->options ? " [OPTIONS]" : "", *c->args ? " " : "", c->args,
	       c->summary);
	/* the paragraphs of the words its usage line has */
	if (strstr(c->args, "VALUE"))
		printf("%s", value_syntax);
	if (strstr(c->args, "FORMAT"))
		printf("%s", format_syntax());
	if (strstr(c->args, "EXPR"))
		print_functions();
	if (strstr(c->args, "VALUE") || strstr(c->args, "FORMAT") || strstr(c->args, "EXPR"))
		printf("\n");
	printf("Options:\n");
	options_print(c->options | OPTIONS_EVERYWHERE);
	if (c->options & OPTION_BIT(FIELDS))
		print_fields();
	if (c->options & OPTIONS_OPERAND_FIELDS)
		printf("  x y z       the operands' codes (first in the list)\n"
		       "  xv yv zv    the operands' shortest values (first in the list)\n");
	if (c->options & OPTIONS_OPERAND_FIELDS) /* map's */
		mapfn_print_help();
	if (c->options & OPTION_BIT(TESTFLOAT))
		testfloat_print_help();
	printf("%s", exit_statuses);
}

/* ---- A name that is not there ------------------------------------------------------------- */

const struct command *cmdline_find(const struct command_table *t, const char *name)
{
	for (size_t i = 0; i < t->count; i++)
		if (strcmp(name, t->rows[i].name) == 0)
			return &t->rows[i];
	return NULL;
}

/* The edit distance of a and b, capped: enough to tell a typo. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (la >= 63 || lb >= 63)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

struct nearest {
	const char *typed;
	char best[FMT_NAME_MAX];
	size_t best_distance;
};

static void consider(const char *name, void *arg)
{
	struct nearest *n = arg;
	size_t d = distance(n->typed, name);

	if (d < n->best_distance) {
		n->best_distance = d;
		snprintf(n->best, sizeof n->best, "%s", name);
	}
}

bool cmdline_did_you_mean(const struct command_table *t, char *out, size_t size, const char *typed,
			  const char *const *extra)
{
	struct nearest n = { typed, "", 3 };

	for (; extra && *extra; extra++)
		consider(*extra, &n);
	for (size_t i = 0; i < t->count; i++)
		consider(t->rows[i].name, &n);
	fmt_each_name(consider, &n);
	if (!n.best[0] || n.best_distance > (strlen(typed) > 4 ? 2u : 1u))
		return false;
	snprintf(out, size, "%s", n.best);
	return true;
}

static int unknown_command(const struct command_table *t, const char *name)
{
	char guess[FMT_NAME_MAX];
	const char *past_limits = fmtfile_past_limits(name);

	if (past_limits) /* binary256 in a 128-bit build, e16m3, posit99: say which limit */
		return usage_error_then(USAGE_NOT_COMMAND_OR_FORMAT, name, USAGE_TAIL_BECAUSE, past_limits);
	if (!cmdline_did_you_mean(t, guess, sizeof guess, name, NULL))
		return usage_error(USAGE_UNKNOWN_COMMAND, name);
	return usage_error_then(USAGE_NOT_COMMAND_OR_FORMAT, name, USAGE_TAIL_DID_YOU_MEAN, guess);
}

/* "no command (show, convert, ...)", the names from the table. */
static int no_command(const struct command_table *t)
{
	char names[256] = "";

	for (size_t i = 0; i < t->count; i++) {
		size_t used = strlen(names);
		snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", t->rows[i].name);
	}
	return usage_error(USAGE_NO_COMMAND, names);
}

/* ---- Dispatch ----------------------------------------------------------------------------------- */

/* The command's options checked, then the command run, the reporter naming it. */
static int run_command(struct settings *s, const struct command *c)
{
	int status;

	report_set_command(c->name);
	status = options_check(s, c->options, c->name);
	if (status == OPTIONS_GO_ON)
		status = c->run(s);
	report_set_command(NULL);
	return status;
}

/* fpx alone on a terminal: the REPL, with the options repl takes (a usage error of its
 * own names no command). */
static int start_repl(struct settings *s, const struct command *repl)
{
	int status;

	report_set_command(repl->name);
	status = options_check(s, repl->options, repl->name);
	report_set_command(NULL);
	return status == OPTIONS_GO_ON ? repl->run(s) : status;
}

static int dispatch(const struct command_table *t, struct settings *s, bool repl_allowed)
{
	const struct command *cmd;

	if (s->nargs == 0 && s->help) {
		print_help(t);
		return EXIT_OK;
	}
	if (s->nargs == 0 && repl_allowed && s->may_read_stdin && isatty(STDIN_FILENO))
		return start_repl(s, cmdline_find(t, "repl"));
	if (s->nargs == 0)
		return no_command(t);
	if (!(cmd = cmdline_find(t, s->args[0])) && !fmt_lookup(s->args[0]))
		return unknown_command(t, s->args[0]);
	if (cmd) {
		s->args++;
		s->nargs--;
	} else
		cmd = cmdline_find(t, "show");
	if (s->help) {
		print_command_help(cmd);
		return EXIT_OK;
	}
	if (strcmp(cmd->name, "repl") == 0 && !repl_allowed)
		return usage_error(USAGE_ALREADY_IN_REPL, NULL);
	return run_command(s, cmd);
}

int cmdline_run(const struct command_table *t, int argc, char **argv, bool in_repl)
{
	struct settings s = { .rounding = { .mode = RND_NEAREST_EVEN }, .style = STYLE_TSV, .map.seed = 1, .may_read_stdin = !in_repl,
			      .interactive = in_repl || isatty(STDIN_FILENO) };
	char **spelled; /* TestFloat's options as fpx's */
	int n = testfloat_options(argc, argv, &spelled);
	int status = options_parse(&s, n, spelled ? spelled : argv);
	char **args = s.args;

	if (status == OPTIONS_GO_ON)
		status = dispatch(t, &s, !in_repl);
	free(args);
	free(spelled);
	if (!output_flush() && status == EXIT_OK)
		status = EXIT_BAD_INPUT;
	return status;
}
