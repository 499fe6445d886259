/*
 * chunks.h — a long run of numbered rows (fpx map) produced in chunks, by this process
 * or by N worker processes, and written to stdout in order: the same bytes whichever.
 * The N workers (this process and N − 1 children) take the next chunk number from a
 * counter they share, so a slower worker makes fewer; each writes its own chunks to
 * stdout once those before them are out, and makes its next chunks meanwhile, so no
 * worker idles while another writes and nothing is copied between them. A progress
 * line (rows, rows/s, time left) goes to stderr when it is a terminal, unless told to be
 * quiet.
 */
#ifndef FPX_CHUNKS_H
#define FPX_CHUNKS_H

#include <stdbool.h>
#include <stdint.h>

#include "strbuf.h"

#define CHUNKS_MAX_JOBS 256 /* -j; usage.h's USAGE_BAD_JOBS says so */

struct chunk_run {
	const char *name; /* the command, for the progress line and reports ("map") */
	uint64_t rows;   /* rows 0 … rows − 1 */
	uint64_t before; /* rows made by earlier runs of the same command: the progress counts them */
	int jobs;        /* processes to make them (1: this one) */
	bool progress;   /* a progress line on stderr (when it is a terminal) */
	/* Appends rows [first, end) to out; returns how many of them failed. */
	long (*produce)(void *arg, uint64_t first, uint64_t end, struct strbuf *out);
	void *arg;
};

/* Runs every chunk: 0 when every row was made, else nonzero (the failed rows, or the
 * workers that had some; −1 when a worker could not be started or died, reported).
 * Stops early once output fails (output_should_stop()). */
long chunks_run(const struct chunk_run *run);

#endif
