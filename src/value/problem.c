/*
 * problem.c — the messages of an input's problems and the line that reports one
 * (problem.h). Never decides what is wrong: its callers do.
 */
#include "problem.h"
#include "num.h"
#include "report.h"
#include "strbuf.h"

#include <stdbool.h>
#include <stdio.h>

static const char *const problem_messages[] = {
	[PROBLEM_NONE] = "no problem",
	[PROBLEM_PARSE] = "not a value or a bit pattern",
	[PROBLEM_VIA_NO_NAN] = "a format rounded into first (--via) has no NaN",
	[PROBLEM_NO_NAN] = "the format has no NaN",
	[PROBLEM_NAN_NO_ROOM] = "the format's NaNs carry no payload and none signals (the IEEE-like formats with infinities, x87 among them, have them)",
	[PROBLEM_NAN_TOO_WIDE] = "the payload has more bits than the format's NaN holds below its quiet bit",
	[PROBLEM_SNAN_ZERO] = "a signaling NaN's payload is not 0 (that code is infinity)",
	[PROBLEM_NOT_THAT_CLASS] = "the code is not of the class named before it (unnormal, pseudo-denormal, pseudo-infinity and pseudo-nan are x87 codes that are not canonical)",
	[PROBLEM_NOT_HEX_WORD] = "with -x, a value is a hex code: hex digits, 0x optional (7fc00000)",
	[PROBLEM_NAN_ROUTE] = "a NaN with a payload or snan is encoded as typed: not through --via, a policy or cast",
	[PROBLEM_CAST_NEEDS_PATTERN] = "cast takes bit patterns of the source format (0x..., 0b...)",
	[PROBLEM_SOURCE_TOO_WIDE] = "bit pattern has more bits than the source format",
	[PROBLEM_TOO_WIDE] = "bit pattern has more bits than the format",
	[PROBLEM_NEEDS_VALUE] = "a value, not a bit pattern, is needed here",
	[PROBLEM_NAN_NO_INTEGER] = "NaN has no integer",
	[PROBLEM_OUT_OF_RANGE] = "too large or too small to quantize",
	[PROBLEM_NO_SCALE] = "no scale or zero point for this value's block",
	[PROBLEM_NEEDS_FLOAT_PATTERN] = "dequantize takes bit patterns of a float format (0x..., 0b...)",
	[PROBLEM_NOT_AN_INTEGER] = "not an integer of the format",
	[PROBLEM_TOO_LONG] = NULL, /* parse.c's own words */
	[PROBLEM_BEYOND_LIMITS] = "too large or too small (past " NUM_LIMIT_TEXT ", where it would be needed exactly)",
	[PROBLEM_BLOCK_TOO_BIG] = "the block would hold more than 64 MiB of values: give a smaller --block",
	[PROBLEM_TENSOR_TOO_BIG] = "the tensor would hold more than 64 MiB of values (nvfp4 holds it whole for its amax)",
	[PROBLEM_NOT_FLOAT32] = "nvfp4 quantizes a float32 tensor: this is NaN, infinite or past float32's max",
	[PROBLEM_UNDECIDED] = NULL, /* names the precision: undecided_message() */
	[PROBLEM_REAL_WRAP] = "a function or constant past the range does not wrap: --wrap takes exact values there",
	[PROBLEM_ERROR_UNDECIDED] = NULL,
	[PROBLEM_REAL_NOT_HERE] = "functions and constants are not read here yet: give an exact value",
};

static _Thread_local long precision_cap = REAL_MAX_PRECISION; /* each thread's own */

void problem_set_precision_cap(long bits)
{
	precision_cap = bits;
}

static const char *undecided_message(void)
{
	static _Thread_local char text[400];

	snprintf(text, sizeof text,
		 "not decided: at %ld bits of working precision the value still lies within about 2^-%ld (relative) "
		 "of a rounding boundary or a value of the format, and may be exactly on it (as exp(log(3)) is on "
		 "3), which no precision decides (--max-precision)",
		 precision_cap, precision_cap);
	return text;
}

static const char *error_undecided_message(void)
{
	static _Thread_local char text[400];

	snprintf(text, sizeof text,
		 "rounded, but its error is not decided: at %ld bits of working precision the value still lies "
		 "within about 2^-%ld (relative) of the code it rounds to, too near for the error's 25 digits "
		 "(--max-precision; fields other than error, ulps, rel, below and above need no more)",
		 precision_cap, precision_cap);
	return text;
}

const char *problem_message(enum problem p, const struct parse_error *err)
{
	if (p == PROBLEM_UNDECIDED)
		return undecided_message();
	if (p == PROBLEM_ERROR_UNDECIDED)
		return error_undecided_message();
	if (p == PROBLEM_PARSE && err)
		return parse_message(err->status);
	if (p == PROBLEM_TOO_LONG)
		return parse_message(PARSE_TOO_LONG);
	return problem_messages[p];
}

static void put_escaped(struct strbuf *m, const char *text, size_t len)
{
	size_t shown = len > 60 ? 60 : len;

	for (size_t i = 0; i < shown; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			sb_putc(m, (char)c);
		else
			sb_printf(m, "\\x%02x", c);
	}
	if (shown < len)
		sb_puts(m, "...");
}

/* Does the message end where the byte at fault is to be named? */
static bool names_byte(const struct parse_error *err)
{
	return err && (err->status == PARSE_UNEXPECTED || err->status == PARSE_BINARY_DIGIT ||
		       err->status == PARSE_HEX_DIGIT);
}

void problem_report(const char *where, const char *text, size_t len, enum problem p, const struct parse_error *err)
{
	struct strbuf m;

	if (p != PROBLEM_PARSE)
		err = NULL;
	sb_init(&m);
	if (where)
		sb_printf(&m, "%s: ", where);
	sb_putc(&m, '\'');
	put_escaped(&m, text, len);
	sb_printf(&m, "': %s", problem_message(p, err));
	if (names_byte(err) && err->byte >= 0x20 && err->byte < 0x7f)
		sb_printf(&m, " '%c'", err->byte);
	else if (names_byte(err) && err->byte >= 0)
		sb_printf(&m, " (byte 0x%02x)", err->byte);
	if (err && err->status != PARSE_OK && err->column)
		sb_printf(&m, " (column %zu)", err->column);
	report("%s", m.s);
	sb_free(&m);
}
