/*
 * testfloat.h — fpx map --testfloat as Berkeley TestFloat's counterpart: its function
 * names (f32_add, extF80_div, f16_to_i32, ui64_to_f128 ...) taken in place of FORMAT and
 * EXPR, its single-dash options (-tininessbefore, -exact), its operand lines read as
 * testfloat_gen writes them, and SoftFloat's conversions into integers (invalid, never
 * overflow, for NaN, ±inf and what does not fit; inexact only with -exact). mapcmd.c
 * and mapeval.c call these where --testfloat changes what they do; the lines written
 * are mapcmd.c's. Never writes a row.
 */
#ifndef FPX_TESTFLOAT_H
#define FPX_TESTFLOAT_H

#include <stdbool.h>

#include "mapping.h"
#include "settings.h"

/*
 * argv's TestFloat spellings, when "--testfloat" is among the options, as fpx's: a new
 * vector in *out (the caller frees it; NULL when argv has no --testfloat, and argv
 * stands). -tininessbefore, -tininessafter as --tininess=before, =after; -precision32,
 * 64, 80 as --precision-control=24, 53, 64; and first among the options --exact when
 * the last of -exact and -notexact is -exact, --check-nans for -checkNaNs,
 * --check-inv-ints for -checkInvInts, both for -checkAll. Returns the new argc.
 */
int testfloat_options(int argc, char **argv, char ***out);
/*
 * With --testfloat and a TestFloat function's name as the first argument: --in, --to
 * and the expression in its place, as if given. True when done or when the first
 * argument is no such name; false after reporting (a name TestFloat lacks, --in or --to
 * given too, or an operation fpx does not have yet).
 */
bool testfloat_take_name(struct settings *s);
/*
 * A line as testfloat_gen writes it: the variables' codes in hex (either case, as
 * many digits as the format's width at most, 0x allowed), apart by single blanks; a
 * result and flags after them (testfloat_gen's full lines) are left out. False when
 * the line is not that.
 */
bool testfloat_read_operands(fpcode *codes, const struct mapping *m, const char *text);
/* Is the row a conversion into TestFloat's integers (int32 int64 uint32 uint64) of a
 * variable of another format, under --testfloat? Then testfloat_to_int() computes it. */
bool testfloat_is_to_int(const struct mapping *m);
/* x converted as SoftFloat converts it (DIGEST.md §2): rounded by the mode; NaN, ±inf
 * and a value that does not fit give invalid and the integer indefinite; inexact only
 * with --exact. */
enum problem testfloat_to_int(struct outcome *o, const struct mapping *m, const struct num *x);
/* The names, for fpx map --help. */
void testfloat_print_help(void);

#endif
