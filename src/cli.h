/*
 * cli.h — one run of fpx's command line, as main() or a REPL line makes it.
 */
#ifndef FPX_CLI_H
#define FPX_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h" /* enum exit_status */

/* Runs argv (argv[0] is the program name) and returns the exit status; never exits.
 * in_repl: stdin belongs to the session, so nothing reads it, and no REPL starts. */
int cli_run(int argc, char **argv, bool in_repl);
/* An option as --help lists it: its letter (0 for none), long name, the placeholder of
 * its argument (NULL when it takes none) and its help line. */
struct cli_option {
	char short_name;
	const char *long_name, *argument, *help;
};

/* The i-th option of the table, in the order of fpx --help; NULL past the last. */
const struct cli_option *cli_option_at(size_t i);
/* The i-th group of options of which at most one may be given (bit k: the k-th option);
 * false past the last. */
bool cli_exclusive_at(size_t i, unsigned long *group);
/* Calls fn with each command's name, in the order of fpx --help. */
void cli_each_command(void (*fn)(const char *name, void *arg), void *arg);
/* The command or format name (or word of extra, NULL-terminated; extra may be NULL)
 * nearest to a mistyped one, when one is near; else false. */
bool cli_did_you_mean(char *out, size_t size, const char *typed, const char *const *extra);

#endif
