/*
 * testlib.h — the few helpers the C test programs share: counting checks and
 * printing the closing line "NAME: N passed, N failed".
 */
#ifndef FPX_TESTLIB_H
#define FPX_TESTLIB_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "round.h"

static long tests_passed, tests_failed;

/* Counts one check; on failure prints the message (at most 50 of them). */
__attribute__((format(printf, 2, 3))) static inline int check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		tests_passed++;
		return 1;
	}
	if (tests_failed++ < 50) {
		va_start(ap, fmt);
		fputs("FAIL: ", stdout);
		vprintf(fmt, ap);
		fputc('\n', stdout);
		va_end(ap);
	}
	return 0;
}

/* A xorshift generator: each test keeps its own state, so a failure repeats. */
static inline uint64_t test_rng(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/*
 * Reading text back (rne, not saturating) gives code, without overflowing: formats with
 * neither inf nor NaN clamp an overflow to max, but the interval that reads back to max
 * ends at the midpoint to the virtual value (fpx(1) OUTPUT).
 */
static inline bool reads_back(const struct fmt *f, const char *text, fpcode code)
{
	struct input in;
	struct parse_error err;
	struct rnd_result r;
	bool ok;

	parse_input_init(&in);
	ok = parse_input(&in, &err, text, strlen(text)) == PARSE_OK && in.kind == INPUT_VALUE &&
	     rnd_encode(&r, f, &in.value, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) == RND_OK && r.code == code &&
	     !(r.flags & RND_OVERFLOW);
	parse_input_clear(&in);
	return ok;
}

static int test_summary(const char *name)
{
	printf("%s: %ld passed, %ld failed\n", name, tests_passed, tests_failed);
	return tests_failed ? 1 : 0;
}

#endif
