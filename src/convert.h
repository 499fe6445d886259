/*
 * convert.h — one input text through parse → round (or, for a bit pattern, straight to
 * its code), and the one way fpx reports an input it could not convert.
 */
#ifndef FPX_CONVERT_H
#define FPX_CONVERT_H

#include <stddef.h>

#include "format.h"
#include "parse.h"
#include "round.h"

struct conversion {
	bool need_value;          /* in.value must hold the exact input (readouts, error fields) */
	struct input in;          /* what the text was: value or pattern */
	struct parse_error err;
	fpcode code;
	struct rnd_result result; /* meaningful when in.kind is INPUT_VALUE */
};

void conversion_init(struct conversion *c);
void conversion_clear(struct conversion *c);

/* Converts text[0..len) into f; returns NULL, or what is wrong with it. A plain decimal
 * takes the fast path (fastdec.h), bit-identical to the exact one, unless need_value. */
const char *convert_text(struct conversion *c, struct fmt *f, const char *text, size_t len, enum rnd_mode mode,
			 bool saturate);

/* "fpx: WHERE: 'TEXT': MESSAGE 'c' (column N)" on stderr; where may be NULL. The text is
 * cut at 60 bytes and anything unprintable is written \xNN. */
void report_input_error(const char *where, const char *text, size_t len, const char *message,
			const struct parse_error *err);

#endif
