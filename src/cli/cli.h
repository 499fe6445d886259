/*
 * cli.h — fpx's command line: its table of commands, run from main() (and handed to
 * the REPL, which runs the same command lines).
 */
#ifndef FPX_CLI_H
#define FPX_CLI_H

#include "cmdline.h"
#include "report.h" /* enum exit_status */

/* Every command of fpx's, in the order of fpx --help. */
extern const struct command_table cli_commands;

/* Runs argv (argv[0] is the program name) and returns the exit status; never exits. */
int cli_run(int argc, char **argv);

#endif
