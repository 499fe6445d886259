/*
 * output.c — where the commands' output goes (see output.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "output.h"
#include "report.h"
#include "settings.h"
#include "decimal.h"
#include "num.h"

/* ---- Writing -------------------------------------------------------------------------------- */

/* The errno of the first write to stdout that failed (0 while none has), and whether
 * it has been reported: output stops there, and the message comes once. */
static int output_errno;
static bool output_reported;
static _Thread_local struct strbuf *taken; /* output_into()'s, or NULL: stdout */

struct strbuf *output_into(struct strbuf *out)
{
	struct strbuf *before = taken;

	taken = out;
	return before;
}

void output_write(struct strbuf *line, bool all)
{
	if (!all && line->len < (1u << 15))
		return;
	errno = 0;
	if (!taken && !output_errno && fflush(stdout) != 0) /* what went through stdio first comes first */
		output_errno = errno ? errno : EIO;
	output_write_direct(line);
}

void output_write_direct(struct strbuf *line)
{
	const char *p = line->s;
	size_t left = line->len;

	if (taken) {
		sb_add(taken, line->s, line->len);
		sb_clear(line);
		return;
	}
	while (!output_errno && left) {
		ssize_t n = write(STDOUT_FILENO, p, left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			output_errno = n < 0 ? errno : EIO;
		else {
			p += n;
			left -= (size_t)n;
		}
	}
	sb_clear(line);
}

void output_failed_elsewhere(void)
{
	if (!output_errno)
		output_errno = EIO;
	output_reported = true;
}

bool output_failed(void)
{
	return output_errno != 0;
}

static bool (*interrupted)(void);

void output_watch_interrupts(bool (*asked)(void))
{
	interrupted = asked;
}

bool output_should_stop(void)
{
	return output_errno != 0 || (interrupted && interrupted());
}

bool output_flush(void)
{
	errno = 0;
	if (!output_errno && (fflush(stdout) != 0 || ferror(stdout)))
		output_errno = errno ? errno : EIO;
	if (output_errno && !output_reported) {
		report("write error: %s", strerror(output_errno));
		output_reported = true;
	}
	return output_errno == 0;
}

void output_flush_line(struct strbuf *line)
{
	output_write(line, true);
}

/* ---- Styling ------------------------------------------------------------------------ */

/* The width of the terminal stdout is, from COLUMNS or the terminal itself; 0 when
 * stdout is no terminal (a pipe or a file is never folded). */
static int terminal_width(void)
{
	const char *columns = getenv("COLUMNS");
	struct winsize ws;
	long n;
	char *end;

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (columns && (n = strtol(columns, &end, 10)) > 0 && n < 10000 && !*end)
		return (int)n;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 0;
}

struct show_style output_show_style(const struct settings *s)
{
	const char *no_color = getenv("NO_COLOR");
	struct show_style style = { .full = s->show.full };

	style.color = s->show.color == COLOR_ALWAYS ||
		      (s->show.color == COLOR_AUTO && isatty(STDOUT_FILENO) && !(no_color && *no_color));
	style.width = terminal_width();
	return style;
}

/* ---- Exact values ------------------------------------------------------------------------------ */

void output_rational(struct strbuf *out, const mpq_t q)
{
	dec_marked(out, q, false);
}

void output_approximate(struct strbuf *out, const mpq_t q)
{
	dec_marked(out, q, true);
}

void output_signed_value(mpq_t out, const struct num *x)
{
	mpq_set(out, x->mag);
	if (x->neg)
		mpq_neg(out, out);
}
