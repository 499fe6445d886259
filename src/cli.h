/*
 * cli.h — one run of fpx's command line, as main() or a REPL line makes it.
 */
#ifndef FPX_CLI_H
#define FPX_CLI_H

#include <stdbool.h>
#include <stddef.h>

enum exit_status { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

/* Runs argv (argv[0] is the program name) and returns the exit status; never exits.
 * in_repl: stdin belongs to the session, so nothing reads it, and no REPL starts. */
int cli_run(int argc, char **argv, bool in_repl);
/* Calls fn with each command's name, in the order of fpx --help. */
void cli_each_command(void (*fn)(const char *name, void *arg), void *arg);
/* The command or format name (or word of extra, NULL-terminated; extra may be NULL)
 * nearest to a mistyped one, when one is near; else false. */
bool cli_did_you_mean(char *out, size_t size, const char *typed, const char *const *extra);

#endif
