/*
 * history.h — the REPL's history file: appended a line at a time, read back by its tail.
 * It knows nothing of libedit (line.c hands the lines over).
 */
#ifndef FPX_HISTORY_H
#define FPX_HISTORY_H

#define HISTORY_LINE_MAX 1024 /* longer lines are not kept */
#define HISTORY_LINES 1000    /* how many a session recalls */

/* Appends line to the file at path, in one write under a shared lock; nothing for a NULL
 * path, a line past HISTORY_LINE_MAX or one with a newline. */
void history_append(const char *path, const char *line);
/* The file's last lines (its tail, a line's start on), NUL-terminated, to free; NULL for
 * none. A file grown past its bound is cut back to that tail first. */
char *history_tail(const char *path);

#endif
