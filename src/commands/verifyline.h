/*
 * verifyline.h — one line of fpx verify's input read, and what in it must match fpx's
 * result. A line holds the codes of the variables the expression uses (x, y, z in
 * order), the result a device gave, and optionally its flags, in one of two forms:
 *
 * - fpx's, as `fpx map -o x,y,hex,flags` writes it: codes in hex with 0x, apart by tabs
 *   (or blanks, commas), the flags as fpx names them (inexact|underflow, or -);
 * - TestFloat's, as testfloat_gen writes it: hex without 0x, apart by blanks, a boolean
 *   result as 0 or 1, the flags as its hex byte (1 inexact, 2 underflow, 4 overflow,
 *   8 infinite, 16 invalid).
 *
 * A line whose first field starts with 0x is fpx's; any other TestFloat's. Never
 * computes a result (mapping.h does) nor writes a report (verify.c does).
 */
#ifndef FPX_VERIFYLINE_H
#define FPX_VERIFYLINE_H

#include <stdbool.h>

#include "mapping.h"

/* The flags compared: IEEE 754's five exceptions (fpx's tie and saturated say how a
 * result was rounded, which no device reports). */
#define VERIFY_FLAGS (RND_INEXACT | RND_UNDERFLOW | RND_OVERFLOW | RND_DIVBYZERO | RND_INVALID)

/* A line as read. */
struct verify_line {
	fpcode operand[MAP_AXES]; /* the variables' codes (0 for those not used) */
	fpcode result;            /* the device's code, or its boolean (0, 1) in TestFloat's form */
	unsigned flags;           /* the device's flags, as rnd_flag bits (VERIFY_FLAGS of them) */
	bool has_flags;           /* the line gave them */
	bool testfloat;           /* the line is in TestFloat's form */
};

/* Reads text (NUL-terminated) into *l; only_testfloat refuses fpx's form. False when
 * it is not a line of either form for m's variables and result. */
bool verify_read_line(struct verify_line *l, const struct mapping *m, const char *text, bool only_testfloat);
/* Does the result of the line's kind stand for a truth value (a comparison, a predicate),
 * which TestFloat writes as 0 or 1? */
bool verify_result_is_boolean(const struct mapping *m);

/* The device's result against fpx's (m->outcome): whether the code matches and, when the
 * line has flags, whether they match. Without --check-nans any NaN that does not signal
 * matches a NaN; without --check-inv-ints, an invalid conversion into an integer may give
 * any architecture's integer (TestFloat's rules for -checkNaNs and -checkInvInts). */
struct verify_match {
	bool result, flags;
};
struct verify_match verify_compare(const struct verify_line *l, const struct mapping *m);
/* fpx's result as the line's kind has it: its code, or 0 and 1 for a boolean in
 * TestFloat's form. */
fpcode verify_expected(const struct verify_line *l, const struct mapping *m);

#endif
