/*
 * history.c — the REPL's history file (history.h).
 *
 * Kept by fpx, not by libedit's H_LOAD and H_SAVE, which read the whole file and rewrite it
 * after every line. Several sessions may share the file, so nothing they write is lost:
 * each line entered is appended with one write(2) of the line and its newline (O_APPEND
 * makes that atomic against the other sessions' appends; two writes could interleave as
 * "1.52.5\n\n"), under a shared lock. At start only the file's last HISTORY_TAIL bytes
 * are read; a file that has grown past HISTORY_KEEP_BYTES is cut back to that tail in
 * place, under an exclusive lock, so an append waits for the cut instead of landing in a
 * file about to be replaced. Lines longer than HISTORY_LINE_MAX are not kept.
 */
#include "history.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define HISTORY_TAIL (256 * 1024)
#define HISTORY_KEEP_BYTES (1024 * 1024)

void history_append(const char *path, const char *line)
{
	char entry[HISTORY_LINE_MAX + 1];
	size_t len = strlen(line);
	int fd;

	if (!path || len > HISTORY_LINE_MAX || memchr(line, '\n', len))
		return;
	memcpy(entry, line, len);
	entry[len] = '\n';
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600)) < 0)
		return;
	(void)flock(fd, LOCK_SH);
	(void)!write(fd, entry, len + 1);
	close(fd); /* and the lock with it */
}

/* The last HISTORY_TAIL bytes of the open file, from a line's start, NUL-terminated, and
 * the file's size; NULL for none. */
static char *history_tail_of(int fd, off_t *size)
{
	struct stat st;
	char *text, *newline;
	ssize_t n;
	off_t from;

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !(text = malloc(HISTORY_TAIL + 1)))
		return NULL;
	*size = st.st_size;
	from = st.st_size > HISTORY_TAIL ? st.st_size - HISTORY_TAIL : 0;
	n = pread(fd, text, HISTORY_TAIL, from);
	text[n > 0 ? n : 0] = '\0';
	if (from > 0 && (newline = strchr(text, '\n'))) /* drop the partial first line */
		memmove(text, newline + 1, strlen(newline + 1) + 1);
	return text;
}

/* Cuts the open file back to TAIL, in place; the caller holds the exclusive lock. */
static void history_cut(int fd, const char *tail)
{
	size_t len = strlen(tail);

	if (pwrite(fd, tail, len, 0) == (ssize_t)len)
		(void)!ftruncate(fd, (off_t)len);
}

/* The history's tail, cutting a file grown past HISTORY_KEEP_BYTES back to it first. */
char *history_tail(const char *path)
{
	int fd = open(path, O_RDWR);
	off_t size = 0;
	char *tail;

	if (fd < 0 && (fd = open(path, O_RDONLY)) < 0)
		return NULL;
	(void)flock(fd, LOCK_SH);
	tail = history_tail_of(fd, &size);
	if (tail && size > HISTORY_KEEP_BYTES) {
		/* read again under the exclusive lock: another session may have cut or added */
		(void)flock(fd, LOCK_EX);
		free(tail);
		if ((tail = history_tail_of(fd, &size)) && size > HISTORY_KEEP_BYTES)
			history_cut(fd, tail);
	}
	close(fd);
	return tail;
}
