/*
 * owndigits.h — for the tests of rnd_line_code_digits() and rnd_decimal_own_digits()
 * (fastcompare.c, fastshort.c): the digits they gave for a line, written as the bulk rows
 * write them, must be what the interval search finds for the code.
 */
#ifndef FPX_TESTS_OWNDIGITS_H
#define FPX_TESTS_OWNDIGITS_H

#include <string.h>

#include "decimal.h"
#include "roundline.h"
#include "testlib.h"

/* what: the line, for the message. */
static inline void check_own_digits(const struct fmt *f, enum rnd_mode mode, fpcode code, uint64_t digits,
				    long pow10, const char *what)
{
	struct strbuf own, searched;

	sb_init(&own);
	sb_init(&searched);
	dec_scaled_word(&own, (code & f->sign_bit) != 0, digits, pow10);
	dec_shortest_search(&searched, f, code);
	check(strcmp(own.s, searched.s) == 0, "%s %s '%s': own digits %s, shortest %s", f->name, rnd_mode_name(mode),
	      what, own.s, searched.s);
	sb_free(&own);
	sb_free(&searched);
}

#endif
