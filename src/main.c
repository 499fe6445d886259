/*
 * main.c — fpx's entry point: one buffered stdout, GMP's allocations checked, then the
 * command line.
 *
 * A map of the source, in the order a value goes through it (parse → round → render):
 *
 *   cli.c        the command table (name, arguments, options that apply, run function);
 *                cmdline.c runs a command line through it, options.c reads the
 *                options (one table: letter, name, reader, where it goes, help) into
 *                the settings a command is given (settings.h: the shared ones and each
 *                command's own). repl.c runs the same table's commands a line at a
 *                time beside its own words (replword.c); line.c edits the lines.
 *   inputs.c     a command's inputs: its arguments, else bounded stdin lines.
 *   parse.c      text → an exact rational (GMP), a bit pattern, inf or NaN.
 *   convert.c    one input into one format: the fast path (fastdec.c) or round.c,
 *                through --via and a policy's route (policy.c); one result per value.
 *   round.c      the one rounding; it asks the format where the value lies.
 *   format.h     what a format is; kind.h the interface every kind of format
 *                implements (kind_float.c, kind_tapered.c) — start there for a new
 *                format; registry.c finds formats, fmtfile.c reads their descriptions.
 *   readout.c    everything about one code and the rounding that made it, computed
 *                once; show.c and showjson.c write it for people and as JSON.
 *   render.c     output fields (one table in render.h), rows in TSV, CSV and JSON,
 *                and the JSON writer every command uses; output.c writes stdout.
 *   report.c     everything said on stderr.
 *   decimal.c    exact, shortest and rounded decimal digits (fastshort.c: the fast
 *                shortest digits).
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

/* GMP aborts (SIGABRT, a core) when memory runs out; fpx says so and exits 1 instead. */
static void out_of_memory(size_t size)
{
	char message[96];
	int n = snprintf(message, sizeof message, "fpx: out of memory (%zu byte%s more were needed)\n", size,
			 size == 1 ? "" : "s");

	fflush(stdout);
	(void)!write(STDERR_FILENO, message, (size_t)n);
	_exit(EXIT_BAD_INPUT);
}

static void *gmp_allocate(size_t size)
{
	void *p = malloc(size);

	if (!p)
		out_of_memory(size);
	return p;
}

static void *gmp_reallocate(void *old, size_t old_size, size_t size)
{
	void *p = realloc(old, size);

	(void)old_size;
	if (!p)
		out_of_memory(size);
	return p;
}

static void gmp_release(void *p, size_t size)
{
	(void)size;
	free(p);
}

int main(int argc, char **argv)
{
	static char outbuf[1 << 16];

	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	mp_set_memory_functions(gmp_allocate, gmp_reallocate, gmp_release);
	return cli_run(argc, argv);
}
