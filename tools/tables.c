/*
 * tables.c — prints the tables that fpx's completions and man page list, from the
 * library itself, a record a line with tab-separated fields, for tools/regen.awk:
 *
 *   command NAME
 *   option  LETTER LONG ARGUMENT HELP    (LETTER, ARGUMENT empty when there is none)
 *   exclusive LONG LONG...               (at most one of them may be given)
 *   field   NAME HELP
 *   mode    NAME
 *   function NAME ARITY primitive|formula
 *
 * Each in the order of its table (that of fpx --help). Built and run by `make regen`
 * and by tests/generated.sh; never installed.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "real.h"
#include "render.h"
#include "round.h"

static void print_commands(void)
{
	for (size_t i = 0; i < cli_commands.count; i++)
		printf("command\t%s\n", cli_commands.rows[i].name);
}

static void print_options(void)
{
	const struct option_spec *o;

	for (size_t i = 0; (o = options_at(i)); i++)
		printf("option\t%.*s\t%s\t%s\t%s\n", o->short_name ? 1 : 0, &o->short_name, o->long_name,
		       o->argument ? o->argument : "", o->help);
}

static void print_exclusive(void)
{
	unsigned long group;

	for (size_t i = 0; options_exclusive_at(i, &group); i++) {
		printf("exclusive");
		for (size_t k = 0; options_at(k); k++)
			if (group & (1UL << k))
				printf("\t%s", options_at(k)->long_name);
		printf("\n");
	}
}

static void print_fields(void)
{
	for (int i = 0; i < FIELD_COUNT; i++)
		printf("field\t%s\t%s\n", render_field_name((enum field)i), render_field_help((enum field)i));
}

static void print_modes(void)
{
	for (enum rnd_mode m = 0; m < RND_MODE_COUNT; m++)
		printf("mode\t%s\n", rnd_mode_name(m));
}

/* A primitive (evaluated by MPFR and MPFI) or a formula over the primitives. */
static void print_functions(void)
{
	const char *name;

	for (size_t i = 0; (name = real_function_name(i)); i++) {
		const struct real_fn *fn = real_function(name, strlen(name));
		int arity = fn ? real_fn_arity(fn) : real_formula_arity(real_formula(name, strlen(name)));
		printf("function\t%s\t%d\t%s\n", name, arity, fn ? "primitive" : "formula");
	}
}

int main(void)
{
	print_commands();
	print_options();
	print_exclusive();
	print_fields();
	print_modes();
	print_functions();
	return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
