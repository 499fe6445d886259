/*
 * report.h — everything fpx says on standard error, from one module, for the command
 * line and the REPL alike: usage errors (which end the command with exit status 2),
 * inputs that could not be converted (reported, written as an error row, and the batch
 * goes on: exit status 1 at the end), and other failures ("fpx: ...").
 *
 * What is wrong with an input is an enum problem with a message table, as parse.c
 * does for the text itself, and a usage error an enum usage (usage.h's list); callers
 * never compose the message.
 */
#ifndef FPX_REPORT_H
#define FPX_REPORT_H

#include <stddef.h>

#include "parse.h"
#include "usage.h"

/* fpx's exit statuses, the command line's and a scripted REPL's. */
enum exit_status { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

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
void report_set_precision_cap(long bits);

/* The command being run, named in "Try 'fpx NAME --help'" (NULL: none yet). */
void report_set_command(const char *name);

/* "fpx: " and u's message (`what`, made printable, for its %s; NULL when it has none),
 * then the help hint; returns the usage status, EXIT_USAGE. */
int usage_error(enum usage u, const char *what);
/* The same with a tail on the line: u's message with `what`, then tail's with `more`. */
int usage_error_then(enum usage u, const char *what, enum usage tail, const char *more);

/* "fpx: WHERE: 'TEXT': MESSAGE 'c' (column N)"; where may be NULL, err too. The text is
 * cut at 60 bytes and anything unprintable is written \xNN. */
void report_input(const char *where, const char *text, size_t len, enum problem p, const struct parse_error *err);

/* "fpx: " and the formatted message, on a line. */
__attribute__((format(printf, 1, 2))) void report(const char *fmt, ...);

#endif
