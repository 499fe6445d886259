/*
 * lines.h — reading a stream line by line, in blocks of what it holds, with a bound on a line's
 * length: a longer line is skipped to its end and reported, never held whole, so
 * memory stays bounded whatever the input. NUL bytes are kept (the length says where
 * a line ends), a CR before the newline is dropped, and a last line needs no newline.
 */
#ifndef FPX_LINES_H
#define FPX_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct line_reader;

/* A reader of the file descriptor fd, read past stdio (nothing may have been read from
 * it through a FILE). */
struct line_reader *lines_open(int fd, size_t max);
/* Before a read that would wait (nothing is ready yet), on_wait(arg) is called: for a
 * caller answering line by line, to write what it has answered so far, since the writer
 * of the input may wait for it (a coprocess). */
void lines_on_wait(struct line_reader *r, void (*on_wait)(void *arg), void *arg);
/* The next line, NUL-terminated, valid until the next call; false at the end of the
 * stream. When the line was longer than max, *too_long is set and text holds only its
 * first bytes. The LINES_PADDING bytes from text + len on (the NUL and those after it)
 * may always be read, so that a scanner may load a line 8 bytes at a time. */
#define LINES_PADDING 8
bool lines_next(struct line_reader *r, const char **text, size_t *len, bool *too_long);
/* The bytes not read yet that the reader holds, [*begin, *end), LINES_PADDING zeros
 * after them: for the fast path of inputs.c, which takes whole lines itself (up to each
 * newline it finds there) and says how far with lines_consume(); the next lines_next()
 * goes on from there, reading more. */
void lines_unread(const struct line_reader *r, const char **begin, const char **end);
/* The bytes up to `upto` (within the unread ones, just past a newline) have been read. */
void lines_consume(struct line_reader *r, const char *upto);
/* The errno of a read that failed (the stream then ended there), or 0. */
int lines_error(const struct line_reader *r);
void lines_close(struct line_reader *r);

#endif
