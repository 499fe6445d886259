/*
 * lines.c — a block reader. Unread bytes sit in buf[start, end); a line is found with
 * memchr and handed out in place. The buffer grows only as far as the longest line
 * allowed plus a block. Past cap it has LINES_PADDING more bytes, and the padding
 * bytes after the data read are zeros (lines.h's promise).
 */
#include "lines.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK (1 << 16)
#define SHOWN 64 /* bytes of an over-long line kept for the message */

struct line_reader {
	int fd;
	void (*on_wait)(void *arg); /* see lines_on_wait() */
	void *wait_arg;
	char *buf;
	size_t cap, start, end, max;
	bool eof;
	int error; /* the errno of a failed read, 0 when none */
	char shown[SHOWN + LINES_PADDING];
};

struct line_reader *lines_open(int fd, size_t max)
{
	struct line_reader *r = calloc(1, sizeof *r);

	if (!r || !(r->buf = calloc(1, BLOCK + LINES_PADDING)))
		abort();
	r->fd = fd;
	r->cap = BLOCK;
	r->max = max;
	return r;
}

void lines_close(struct line_reader *r)
{
	free(r->buf);
	free(r);
}

void lines_on_wait(struct line_reader *r, void (*on_wait)(void *arg), void *arg)
{
	struct stat st;

	if (fstat(r->fd, &st) == 0 && S_ISREG(st.st_mode))
		return; /* a file's reads never wait: no poll() before each */
	r->on_wait = on_wait;
	r->wait_arg = arg;
}

/* Would a read wait? Nothing is ready (a regular file, a full pipe and its end always are). */
static bool nothing_ready(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 0;
}

/*
 * One read of what the stream has, up to size bytes: a pipe or a terminal gives what was
 * written so far, not a full block, so each line is answered as it comes. -1 after an
 * error (errno set), 0 at the end.
 */
static ssize_t read_some(struct line_reader *r, char *to, size_t size)
{
	ssize_t n;

	if (r->on_wait && nothing_ready(r->fd))
		r->on_wait(r->wait_arg);
	for (;;) {
		struct pollfd p = { .fd = r->fd, .events = POLLIN };
		if ((n = read(r->fd, to, size)) >= 0 || (errno != EINTR && errno != EAGAIN))
			return n;
		if (errno == EAGAIN) /* a descriptor left non-blocking: wait until it has bytes */
			poll(&p, 1, -1);
	}
}

/* Moves the unread bytes to the front, makes room, reads what is there; false at the end. */
static bool fill(struct line_reader *r)
{
	ssize_t n;

	if (r->eof)
		return false;
	memmove(r->buf, r->buf + r->start, r->end - r->start);
	r->end -= r->start;
	r->start = 0;
	if (r->cap - r->end < BLOCK) {
		r->cap = r->end + BLOCK;
		if (!(r->buf = realloc(r->buf, r->cap + LINES_PADDING)))
			abort();
	}
	n = read_some(r, r->buf + r->end, r->cap - r->end - 1); /* a byte spare for the NUL */
	if (n < 0)
		r->error = errno;
	r->end += n > 0 ? (size_t)n : 0;
	memset(r->buf + r->end, 0, LINES_PADDING); /* within cap + LINES_PADDING: end < cap */
	r->eof = n <= 0;
	return n > 0;
}

/* Drops everything up to and including the next newline. */
static void skip_line(struct line_reader *r)
{
	for (;;) {
		char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
		if (nl) {
			r->start = (size_t)(nl - r->buf) + 1;
			return;
		}
		r->start = r->end;
		if (!fill(r))
			return;
	}
}

/* The line is terminated in place, where its newline (or CR) was, or in the spare byte. */
static void hand_out(struct line_reader *r, const char **text, size_t *len, size_t stop, size_t next)
{
	*text = r->buf + r->start;
	*len = stop - r->start;
	if (*len && (*text)[*len - 1] == '\r')
		(*len)--;
	r->buf[r->start + *len] = '\0';
	r->start = next;
}

bool lines_next(struct line_reader *r, const char **text, size_t *len, bool *too_long)
{
	*too_long = false;
	for (;;) {
		char *nl = memchr(r->buf + r->start, '\n', r->end - r->start);
		if (nl) {
			hand_out(r, text, len, (size_t)(nl - r->buf), (size_t)(nl - r->buf) + 1);
			return true;
		}
		if (r->end - r->start > r->max) {
			memcpy(r->shown, r->buf + r->start, SHOWN);
			skip_line(r);
			*text = r->shown;
			*len = SHOWN;
			*too_long = true;
			return true;
		}
		if (!fill(r)) {
			if (r->start == r->end)
				return false;
			hand_out(r, text, len, r->end, r->end);
			return true;
		}
	}
}

void lines_unread(const struct line_reader *r, const char **begin, const char **end)
{
	*begin = r->buf + r->start;
	*end = r->buf + r->end;
}

void lines_consume(struct line_reader *r, const char *upto)
{
	r->start = (size_t)(upto - r->buf);
}

int lines_error(const struct line_reader *r)
{
	return r->error;
}
