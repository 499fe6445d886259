/*
 * testlib.h — the few helpers the C test programs share: counting checks and
 * printing the closing line "NAME: N passed, N failed".
 */
#ifndef FPX_TESTLIB_H
#define FPX_TESTLIB_H

#include <stdarg.h>
#include <stdio.h>

static long tests_passed, tests_failed;

/* Counts one check; on failure prints the message (at most 50 of them). */
__attribute__((format(printf, 2, 3))) static int check(int ok, const char *fmt, ...)
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

static int test_summary(const char *name)
{
	printf("%s: %ld passed, %ld failed\n", name, tests_passed, tests_failed);
	return tests_failed ? 1 : 0;
}

#endif
