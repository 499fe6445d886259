/*
 * report.c — the one writer of standard error (see report.h). It sits below
 * everything that reports, and includes nothing of theirs; an input's problems are
 * problem.c's words. A thread may take its messages instead (report_into()).
 */
#include "report.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local const char *current_command;
static _Thread_local struct strbuf *taken; /* report_into()'s, or NULL: stderr */

void report_set_command(const char *name)
{
	current_command = name;
}

struct strbuf *report_into(struct strbuf *messages)
{
	struct strbuf *before = taken;

	taken = messages;
	return before;
}

/* What a message says, to stderr or where the thread takes them. */
__attribute__((format(printf, 1, 0))) static void put_v(const char *fmt, va_list ap)
{
	if (taken)
		sb_vprintf(taken, fmt, ap);
	else
		vfprintf(stderr, fmt, ap);
}

__attribute__((format(printf, 1, 2))) static void put(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	put_v(fmt, ap);
	va_end(ap);
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
		put("%s", message);
		return;
	}
	sb_init(&safe);
	sb_put_escaped(&safe, what ? what : "");
	put("%.*s%s%s", (int)(slot - message), message, safe.s, slot + 2);
	sb_free(&safe);
}

/* The end of a usage message: on stderr, where to read more; where a thread takes its
 * messages, the message alone. */
static int usage_hint(void)
{
	if (taken)
		return EXIT_USAGE;
	if (current_command)
		fprintf(stderr, "\nTry 'fpx %s --help'.\n", current_command);
	else
		fprintf(stderr, "\nTry 'fpx --help'.\n");
	return EXIT_USAGE;
}

/* "fpx: " before a message on stderr. */
static void put_name(void)
{
	if (!taken)
		fputs("fpx: ", stderr);
}

int usage_error(enum usage u, const char *what)
{
	put_name();
	put_usage(u, what);
	return usage_hint();
}

int usage_error_then(enum usage u, const char *what, enum usage tail, const char *more)
{
	put_name();
	put_usage(u, what);
	put_usage(tail, more);
	return usage_hint();
}

void report(const char *fmt, ...)
{
	va_list ap;

	put_name();
	va_start(ap, fmt);
	put_v(fmt, ap);
	va_end(ap);
	put("%s", taken ? "" : "\n");
}
