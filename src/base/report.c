/*
 * report.c — the one writer of standard error (see report.h). It sits below
 * everything that reports, and includes nothing of theirs; an input's problems are
 * problem.c's words.
 */
#include "report.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *current_command;

void report_set_command(const char *name)
{
	current_command = name;
}

static const char *const usage_messages[] = {
#define USAGE_MESSAGE(name, message) [name] = message,
	USAGE_ERRORS(USAGE_MESSAGE)
#undef USAGE_MESSAGE
};

/* u's message, its %s (if any) filled by what made printable. */
static void put_usage(enum usage u, const char *what)
{
	const char *message = usage_messages[u], *slot = strstr(message, "%s");
	struct strbuf safe;

	if (!slot) {
		fputs(message, stderr);
		return;
	}
	sb_init(&safe);
	sb_put_escaped(&safe, what ? what : "");
	fprintf(stderr, "%.*s%s%s", (int)(slot - message), message, safe.s, slot + 2);
	sb_free(&safe);
}

static int usage_hint(void)
{
	if (current_command)
		fprintf(stderr, "\nTry 'fpx %s --help'.\n", current_command);
	else
		fprintf(stderr, "\nTry 'fpx --help'.\n");
	return EXIT_USAGE;
}

int usage_error(enum usage u, const char *what)
{
	fputs("fpx: ", stderr);
	put_usage(u, what);
	return usage_hint();
}

int usage_error_then(enum usage u, const char *what, enum usage tail, const char *more)
{
	fputs("fpx: ", stderr);
	put_usage(u, what);
	put_usage(tail, more);
	return usage_hint();
}

void report(const char *fmt, ...)
{
	va_list ap;

	fputs("fpx: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
