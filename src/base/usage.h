/*
 * usage.h — every usage error fpx reports, in one list: a name saying what went wrong
 * and the message, which report.c writes (usage_error in report.h). Never prints, and
 * holds no state: the list, and the enum made from it.
 *
 * A message has at most one %s and no other '%': the one text that varies (a value as
 * typed, a format's or a field's name, a list of names), which usage_error fills, made
 * printable. A message that names two things is a head and a tail (USAGE_TAIL_...),
 * each with its own %s, written on one line by usage_error_then; the tails carry the
 * part another module words (a kind's limits, an input's problem, why two options
 * clash) or a second name. tests/cli.sh checks the '%' rule.
 */
#ifndef FPX_USAGE_H
#define FPX_USAGE_H

/* X(NAME, MESSAGE), grouped by the command or option that reports them. */
#define USAGE_ERRORS(X) \
	/* naming a command or a format */ \
	X(USAGE_NO_COMMAND, "no command (%s)") \
	X(USAGE_UNKNOWN_COMMAND, "unknown command or format '%s' (see fpx --help, fpx formats)") \
	X(USAGE_NOT_COMMAND_OR_FORMAT, "unknown command or format '%s'") \
	X(USAGE_UNKNOWN_FORMAT, "unknown format '%s' (see fpx formats)") \
	X(USAGE_NOT_FORMAT, "unknown format '%s'") \
	X(USAGE_BAD_FORMAT_LIST, "bad format list '%s': FORMAT,FORMAT,... or all") \
	X(USAGE_TOO_MANY_FORMATS, "more than 64 formats in '%s'") \
	X(USAGE_ALREADY_IN_REPL, "already in the REPL") \
	X(USAGE_STDIN_IN_REPL, "give the values after the format (stdin is the session here)") \
	/* options every command reads */ \
	X(USAGE_UNKNOWN_OPTION, "unknown option '%s'") \
	X(USAGE_OPTION_NEEDS_ARGUMENT, "option '%s' needs an argument") \
	X(USAGE_STRAY_OPTION, "option --%s") \
	X(USAGE_NOT_BOTH, "give %s, not both") \
	X(USAGE_BAD_MODE, "unknown rounding mode '%s'") \
	X(USAGE_BAD_POLICY, "unknown policy '%s' (see fpx policies)") \
	X(USAGE_BAD_MAX_PRECISION, "--max-precision takes a number of bits from 64 to 1048576, not '%s'") \
	X(USAGE_BAD_PRECISION_CONTROL, "--precision-control takes 24, 53 or 64 (bits), not '%s'") \
	X(USAGE_PRECISION_CONTROL, "--precision-control 24 or 53 needs x87 results of + - * / or sqrt (x87's precision control)") \
	X(USAGE_BAD_ARCH, "--arch takes ieee, x86, arm, arm-dn or riscv, not '%s'") \
	X(USAGE_BAD_TININESS, "--tininess takes after or before, not '%s'") \
	X(USAGE_BAD_COLOR, "--color takes auto, always or never, not '%s'") \
	X(USAGE_BAD_FIELD, "unknown output field at '%s' (see fpx --help)") \
	X(USAGE_OPERAND_FIELD_LATE, "output field at '%s': map's operand fields come first in -o") \
	X(USAGE_TOO_MANY_OPERAND_FIELDS, "more than 6 operand fields (x y z xv yv zv) in -o") \
	X(USAGE_OPERAND_FIELDS_MAP_ONLY, "the operand fields (x y z xv yv zv) are map's, not this command's") \
	X(USAGE_POLICY_FIXES_MODE, "--policy %s fixes the rounding mode: leave out -r") \
	X(USAGE_POLICY_FIXES_SATURATION, "--policy %s fixes where it saturates: leave out -s") \
	X(USAGE_POLICY_SATURATES_OR_NOT, "--policy %s saturates or not: --saturation propagate is fpx's own") \
	X(USAGE_BAD_SATURATION, "unknown saturation '%s'") \
	X(USAGE_BAD_SR_BITS, "--sr-bits takes a number of random bits from 1 to 64, not '%s'") \
	X(USAGE_BAD_SR_RANDOM, "--sr-random takes a draw from 0 to 2^N - 1 (decimal or 0x hex), not '%s'") \
	X(USAGE_SR_NOT_STOCHASTIC, "%s is for the stochastic modes (-r sra, srb, src)") \
	X(USAGE_SR_NEEDS_BITS, "-r %s draws N random bits: give --sr-bits N (1 to 64)") \
	X(USAGE_SR_NEEDS_RANDOM, "-r %s rounds by a draw R: give --sr-random R (fpx map makes r a variable)") \
	X(USAGE_POLICY_NO_WRAP, "--policy %s decides overflow itself: leave out --wrap") \
	X(USAGE_CANNOT_WRAP, "--wrap is for integer and fixed-point formats, not %s") \
	/* the commands' arguments */ \
	X(USAGE_REPL_ARGUMENTS, "repl takes at most one FORMAT") \
	X(USAGE_POLICIES_ARGUMENTS, "policies takes no arguments") \
	X(USAGE_FORMATS_ARGUMENTS, "formats takes no arguments, not '%s'") \
	X(USAGE_CONVERT_NEEDS_FORMAT, "convert needs a FORMAT") \
	X(USAGE_CAST_NEEDS_FORMATS, "cast needs FROM and TO formats") \
	X(USAGE_SHOW_NEEDS_FORMAT, "show needs a FORMAT") \
	X(USAGE_COMPARE_NEEDS_FORMAT, "compare needs a FORMAT") \
	X(USAGE_INFO_NEEDS_FORMAT, "info needs one FORMAT (or FORMAT,FORMAT,... or all)") \
	X(USAGE_TABLE_NEEDS_FORMAT, "table needs one FORMAT (or FORMAT,FORMAT,... or all)") \
	X(USAGE_PLOT_NEEDS_FORMAT, "plot needs one FORMAT (or FORMAT,FORMAT,... or all)") \
	X(USAGE_TOO_MANY_CODES, "%s has more than 2^20 codes; give --range A:B") \
	X(USAGE_BAD_RANGE, "bad --range '%s': A:B, two codes of the format, A <= B") \
	/* dump */ \
	X(USAGE_DUMP_NEEDS_FILE, "dump needs a FORMAT and a FILE") \
	X(USAGE_DUMP_STDIN_IN_REPL, "dump - reads standard input, which is the session's here") \
	X(USAGE_BAD_ENDIAN, "--endian takes little or big, not '%s'") \
	X(USAGE_BAD_OFFSET, "--offset takes a number of bytes, not '%s'") \
	X(USAGE_BAD_COUNT, "--count takes a number of codes, not '%s'") \
	/* map */ \
	X(USAGE_MAP_NEEDS_EXPRESSION, "map needs an expression of x, y, z") \
	X(USAGE_MAP_NEEDS_FORMAT, "map needs a FORMAT and an expression of x, y, z") \
	X(USAGE_MAP_EXPRESSION_FIRST, "'%s' is an expression: map needs a FORMAT first (or both --in and --to)") \
	X(USAGE_MAP_STDIN_IN_REPL, "map -: stdin is the session here; give the combinations as arguments") \
	X(USAGE_MAP_TOO_MANY_ROWS, "map stops at 2^32 rows; give --range, --random N or the combinations (%s)") \
	X(USAGE_MAP_BAD_RANGE, "bad --range '%s': A:B, or x=A:B,y=C:D, codes of the format, A <= B (r=A:B: draws below 2^N, with -r sra, srb or src)") \
	X(USAGE_MAP_BAD_IN, "--in takes one to three formats, not '%s'") \
	X(USAGE_MAP_IN_TOO_FEW, "--in names too few formats: the expression uses %s") \
	X(USAGE_MAP_OPERAND_UNUSED, "-o names an operand field of %s, which the expression does not use") \
	X(USAGE_MAP_LISTED, "--random, --range and -j are for every code, not for combinations listed") \
	X(USAGE_SEED_NEEDS_RANDOM, "--seed goes with --random N") \
	X(USAGE_BAD_RANDOM, "--random takes a count of combinations from 1 to 2^40, not '%s'") \
	X(USAGE_BAD_SEED, "--seed takes a number from 0 to 2^64-1, not '%s'") \
	X(USAGE_BAD_JOBS, "--jobs takes a number of processes from 1 to 256, not '%s'") \
	/* verify */ \
	X(USAGE_VERIFY_NEEDS_FORMAT, "verify needs a FORMAT and an expression of x, y, z (the lines come on stdin)") \
	X(USAGE_VERIFY_ARGUMENTS, "verify reads its lines from stdin: after EXPR give - or nothing, not '%s'") \
	X(USAGE_VERIFY_STDIN_IN_REPL, "verify reads stdin, which is the session here") \
	X(USAGE_VERIFY_DRAW, "verify: a stochastic mode needs --sr-random R (the lines carry no draw)") \
	/* quantize, dequantize */ \
	X(USAGE_QUANTIZE_NOT_STOCHASTIC, "quantize rounds in one way: -r %s is for convert, show, cast and map") \
	X(USAGE_NEEDS_FORMAT, "%s needs a FORMAT") \
	X(USAGE_QUANTIZE_FIELD, "quantize has the fields input, hex, exact, shortest and flags, not '%s'") \
	X(USAGE_DEQUANTIZE_FIELD, "dequantize has the fields input, hex, exact, shortest and flags, not '%s'") \
	X(USAGE_NOT_QUANTIZE_INTEGER, "'%s' is not one of quantize's integer formats") \
	X(USAGE_NEEDS_SCALE, "give --scale S[,S...]") \
	X(USAGE_BAD_SCALE, "--scale '%s'") \
	X(USAGE_BAD_ZERO_POINT, "--zero-point '%s'") \
	X(USAGE_ZERO_SCALE, "--scale: a scale of 0 divides by zero") \
	X(USAGE_ZERO_POINT_NOT_INTEGER, "--zero-point: each must be an integer of %s") \
	X(USAGE_BAD_BLOCK, "bad --block '%s': a count from 1 up") \
	X(USAGE_SEVERAL_NEED_BLOCK, "several scales or zero points need --block N") \
	/* mx */ \
	X(USAGE_MX_NEEDS_ELEMENT, "mx needs an element format (e2m1, e2m3, e3m2, e4m3, e5m2, int8)") \
	X(USAGE_NOT_MX_ELEMENT, "'%s' is no MX element format (e2m1, e2m3, e3m2, e4m3, e5m2, int8)") \
	X(USAGE_MX_FIELD, "mx has the fields input, hex, exact and error, not '%s'") \
	X(USAGE_MX_BAD_BLOCK, "bad --block '%s': a count from 1 to 65536") \
	X(USAGE_BAD_PRESET, "--preset is nvfp4 (NVIDIA's NVFP4), not '%s'") \
	X(USAGE_PRESET_BLOCK, "--preset nvfp4 has blocks of 16: leave out --block") \
	X(USAGE_PRESET_ELEMENT, "mx --preset nvfp4 takes no ELEM: its elements are e2m1") \
	/* block */ \
	X(USAGE_BLOCK_NEEDS_SCALE_FORMAT, "block needs --scale-format FS, or --in FS,FX for blocks of codes") \
	X(USAGE_BLOCK_BAD_REDUCE, "--reduce takes sum, product or dot, not '%s'") \
	X(USAGE_BLOCK_REDUCE_NEEDS_IN, "--reduce takes blocks of codes: give --in FS,FX") \
	X(USAGE_BLOCK_BAD_IN, "block --in takes FS,FX (dot: FS,FX or FSX,FX,FSY,FY), not '%s'") \
	/* tails, after a head by usage_error_then */ \
	X(USAGE_TAIL_BECAUSE, ": %s") \
	X(USAGE_TAIL_NAMES, " (%s)") \
	X(USAGE_TAIL_DID_YOU_MEAN, "; did you mean '%s'?") \
	X(USAGE_TAIL_FOR_COMMAND, " does not apply to %s") \
	X(USAGE_TAIL_FLOAT_OR_INTEGER, ": a float format (see fpx formats) or %s")

enum usage {
#define USAGE_NAME(name, message) name,
	USAGE_ERRORS(USAGE_NAME)
#undef USAGE_NAME
};

#endif
