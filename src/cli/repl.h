/*
 * repl.h — the interactive session: values typed into a current format, bits flipped,
 * neighbours stepped through, and any one-shot command line run as it is.
 */
#ifndef FPX_REPL_H
#define FPX_REPL_H

#include <stdbool.h>

#include "policy.h"
#include "round.h"
#include "show.h"

struct command_table;

struct repl_options {
	const char *format; /* NULL: binary32 */
	struct rnd_spec rounding;
	bool mode_given, sr_random_given, json;
	bool wrap;                   /* --wrap (checked against the format when the session opens) */
	const struct policy *policy; /* NULL: fpx's own */
	const char *via;             /* NULL: none */
	const struct arch *arch;     /* --arch; NULL: ieee */
	struct show_style style;
	long max_precision;          /* 0: the default */
	/* fpx's commands, which a line may run as on the command line (cli.h's table);
	 * NULL: none. */
	const struct command_table *commands;
};

/* Runs the session until quit, exit or end of input. Returns 0, or 1 when some line
 * failed (so that a scripted session can tell). */
int repl_run(const struct repl_options *o);

/* The session without the terminal, for tests and fuzzing: open (NULL for an unknown
 * format), give it lines (false once it has ended), close (the exit status). */
struct repl_session *repl_open(const struct repl_options *o);
bool repl_line(struct repl_session *s, const char *line);
int repl_close(struct repl_session *s);

#endif
