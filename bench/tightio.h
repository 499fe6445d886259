/*
 * tightio.h — the tightest line loop the bench knows, shared by its C and C++ reference
 * programs: stdin read in 1 MiB blocks with read(2), each line NUL-terminated in place
 * (its newline overwritten), and the output gathered in one 64 KiB buffer written with
 * write(2) when it fills. A line's converter writes at most TIGHT_ROOM bytes.
 */
#ifndef FPX_BENCH_TIGHTIO_H
#define FPX_BENCH_TIGHTIO_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TIGHT_BLOCK (1 << 20)
#define TIGHT_OUT (1 << 16)
#define TIGHT_ROOM 128

/* Writes the conversion of line (len bytes, NUL after them) at out; returns its bytes. */
typedef size_t tight_line_fn(char *out, const char *line, size_t len);

static void tight_write(const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(1, p, n);
		if (w <= 0)
			exit(1);
		p += w;
		n -= (size_t)w;
	}
}

static void tight_loop(tight_line_fn *convert)
{
	static char in[TIGHT_BLOCK + 1], out[TIGHT_OUT];
	size_t kept = 0, used = 0;
	ssize_t n;

	while ((n = read(0, in + kept, TIGHT_BLOCK - kept)) > 0 || kept) {
		size_t end = kept + (n > 0 ? (size_t)n : 0), start = 0;
		char *nl;
		while ((nl = (char *)memchr(in + start, '\n', end - start)) || (n <= 0 && start < end)) {
			size_t stop = nl ? (size_t)(nl - in) : end;
			in[stop] = '\0';
			if (used > TIGHT_OUT - TIGHT_ROOM) {
				tight_write(out, used);
				used = 0;
			}
			used += convert(out + used, in + start, stop - start);
			start = stop + 1;
		}
		if (n <= 0)
			break;
		kept = end - start;
		memmove(in, in + start, kept);
	}
	tight_write(out, used);
}

#endif
