/*
 * report.h — everything fpx says on standard error, from one module, for the command
 * line and the REPL alike: usage errors (which end the command with exit status 2),
 * inputs that could not be converted (reported, written as an error row, and the batch
 * goes on: exit status 1 at the end), and other failures ("fpx: ...").
 *
 * A usage error is an enum usage (usage.h's list) and callers never compose its
 * message; what is wrong with an input is problem.h's, which reports through here.
 */
#ifndef FPX_REPORT_H
#define FPX_REPORT_H

#include <stddef.h>

#include "usage.h"

/* fpx's exit statuses, the command line's and a scripted REPL's. */
enum exit_status { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

/* The command being run, named in "Try 'fpx NAME --help'" (NULL: none yet). */
void report_set_command(const char *name);
struct strbuf;
/* The calling thread's messages go into messages from now on, each alone (no "fpx: ",
 * no hint), or to stderr again (NULL); returns where they went before. */
struct strbuf *report_into(struct strbuf *messages);

/* "fpx: " and u's message (`what`, made printable, for its %s; NULL when it has none),
 * then the help hint; returns the usage status, EXIT_USAGE. */
int usage_error(enum usage u, const char *what);
/* The same with a tail on the line: u's message with `what`, then tail's with `more`. */
int usage_error_then(enum usage u, const char *what, enum usage tail, const char *more);

/* "fpx: " and the formatted message, on a line. */
__attribute__((format(printf, 1, 2))) void report(const char *fmt, ...);

#endif
