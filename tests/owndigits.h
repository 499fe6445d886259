/*
 * owndigits.h — for the tests of rnd_line_code_digits() (fastpath.c, fastshort.c): the
 * digits it gave for a line, written as the bulk rows write them, must be what the
 * interval search finds for the code.
 */
#ifndef FPX_TESTS_OWNDIGITS_H
#define FPX_TESTS_OWNDIGITS_H

#include <string.h>

#include "decimal.h"
#include "round.h"
#include "testlib.h"

/* what: the line, for the message. */
static inline void check_own_digits(const struct rnd_line *rl, fpcode code, uint64_t digits, long pow10,
				    const char *what)
{
	struct strbuf own, searched;

	sb_init(&own);
	sb_init(&searched);
	dec_scaled_word(&own, (code & rl->f->sign_bit) != 0, digits, pow10);
	dec_shortest_search(&searched, rl->f, code);
	check(strcmp(own.s, searched.s) == 0, "%s %s '%s': own digits %s, shortest %s", rl->f->name,
	      rnd_mode_name(rl->mode), what, own.s, searched.s);
	sb_free(&own);
	sb_free(&searched);
}

#endif
