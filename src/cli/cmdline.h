/*
 * cmdline.h — one command line run through a table of commands: its options read
 * (options.h), its command found (or FORMAT alone, which is show), its options checked
 * against the command's row, its --help printed or the command run. The table is the
 * caller's (cli.c's), so the REPL, which runs the same lines, needs no more than it.
 */
#ifndef FPX_CMDLINE_H
#define FPX_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "settings.h"

/* A command: its name, what it takes, what it does, and the options that apply to it
 * (OPTION_BIT()s, and OPTIONS_OPERAND_FIELDS: any other is refused). */
struct command {
	const char *name;
	int (*run)(struct settings *s);
	const char *args, *summary;
	unsigned long options;
};

/* The commands, in the order of fpx --help. The row named show runs FORMAT [VALUE...];
 * the one named repl runs when fpx is alone on a terminal, and never inside a REPL. */
struct command_table {
	const struct command *rows;
	size_t count;
};

/* Runs argv (argv[0] is the program name) through the table and returns the exit
 * status; never exits. in_repl: stdin belongs to the session, so nothing reads it, and
 * no REPL starts. */
int cmdline_run(const struct command_table *t, int argc, char **argv, bool in_repl);
/* The row of that name, or NULL. */
const struct command *cmdline_find(const struct command_table *t, const char *name);
/* The command or format name (or word of extra, NULL-terminated; extra may be NULL)
 * nearest to a mistyped one, when one is near; else false. */
bool cmdline_did_you_mean(const struct command_table *t, char *out, size_t size, const char *typed,
			  const char *const *extra);

#endif
