/*
 * main.c — fpx's entry point: one buffered stdout, GMP's allocations checked, then the
 * command line.
 *
 * src/README is the map of the source: its folders by layer, and where a change goes.
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
