/*
 * problem.h — what can be wrong with one input, as an enum with a message table (as
 * parse.c's own errors are), and the one line on standard error that says so: the
 * input goes on as an error row and the batch goes on (exit status 1 at the end).
 * Callers never compose the message.
 */
#ifndef FPX_PROBLEM_H
#define FPX_PROBLEM_H

#include <stddef.h>

#include "parse.h"

enum problem {
	PROBLEM_NONE,
	PROBLEM_PARSE,              /* the text is no input: the parse_error says why and where */
	PROBLEM_VIA_NO_NAN,         /* a format gone through first has no NaN for a NaN */
	PROBLEM_NO_NAN,             /* the target has no NaN for a NaN (or a negative into E8M0) */
	PROBLEM_NAN_NO_ROOM,        /* snan or a payload, into a format whose NaNs have neither */
	PROBLEM_NAN_TOO_WIDE,       /* a payload wider than the format's NaN holds */
	PROBLEM_SNAN_ZERO,          /* snan(0), which would be infinity */
	PROBLEM_NOT_THAT_CLASS,     /* unnormal(0x...) of a code that is not one */
	PROBLEM_NOT_HEX_WORD,       /* -x: not a hex code */
	PROBLEM_NAN_ROUTE,          /* snan or a payload, through --via, a policy or cast */
	PROBLEM_CAST_NEEDS_PATTERN, /* cast takes codes of its source format */
	PROBLEM_SOURCE_TOO_WIDE,    /* ... and this one has more bits than it */
	PROBLEM_TOO_WIDE,           /* a bit pattern with more bits than the format */
	PROBLEM_NEEDS_VALUE,        /* a value is needed, and a bit pattern was given */
	PROBLEM_NAN_NO_INTEGER,     /* quantize into integers: NaN */
	PROBLEM_OUT_OF_RANGE,       /* quantize: past what can be computed exactly */
	PROBLEM_NO_SCALE,           /* quantize: no scale or zero point for the value's block */
	PROBLEM_NEEDS_FLOAT_PATTERN,/* dequantize takes codes of a float format */
	PROBLEM_NOT_AN_INTEGER,     /* dequantize: not an integer of the integer format */
	PROBLEM_TOO_LONG,           /* a line past the input limit */
	PROBLEM_BEYOND_LIMITS,      /* a value past 2^±NUM_LIMIT_EXP, where it is needed exactly */
	PROBLEM_BLOCK_TOO_BIG,      /* mx: a block past its byte bound */
	PROBLEM_TENSOR_TOO_BIG,     /* mx --preset nvfp4: the whole input past that bound */
	PROBLEM_NOT_FLOAT32,        /* mx --preset nvfp4: not a finite float32 value */
	PROBLEM_UNDECIDED,          /* a real too near a rounding boundary to decide */
	PROBLEM_REAL_WRAP,          /* --wrap: a real past the range, whose residue is not computed */
	PROBLEM_ERROR_UNDECIDED,    /* rounded, but too near its code for the error's digits */
	PROBLEM_REAL_NOT_HERE,      /* a real where a command reads exact values only */
};

/* The message for a problem; for PROBLEM_PARSE, err's (NULL: a generic one). */
const char *problem_message(enum problem p, const struct parse_error *err);
/* The working precision PROBLEM_UNDECIDED's message names (the conversion's cap). */
void problem_set_precision_cap(long bits);
/* "fpx: WHERE: 'TEXT': MESSAGE 'c' (column N)"; where may be NULL, err too. The text is
 * cut at 60 bytes and anything unprintable is written \xNN. */
void problem_report(const char *where, const char *text, size_t len, enum problem p, const struct parse_error *err);

#endif
