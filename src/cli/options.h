/*
 * options.h — fpx's options, one table: each option's letter, long name, argument, how
 * its value is read and where in struct settings it goes, and its help line. The
 * parser, the option lines of --help and tools/tables (the completions, the man page)
 * are made from it. It knows no command: which options a command takes is its row's
 * (cmdline.h), checked here against what was given.
 */
#ifndef FPX_OPTIONS_H
#define FPX_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "settings.h"

/*
 * X(id, letter, long name, argument, read, into, help). read names how the value is
 * read (options.c's read_NAME: flag sets a bool, text keeps the argument as given, the
 * others check it); into is AT(member of struct settings), or NOWHERE for an option
 * that acts at once (-F loads its file, -V prints the version).
 */
/*      id               letter long             argument   read       into                      help */
#define OPTION_LIST(X) \
	X(ROUND,         'r', "round",         "MODE",    mode,      AT(rounding.mode),        "rounding: " RND_MODE_NAMES_HELP) \
	X(SATURATE,      's', "saturate",      NULL,      saturate,  AT(rounding.sat),         "overflow and +-inf give +-max: --saturation finite") \
	X(SATURATION,    0,   "saturation",    "S",       saturation, AT(rounding.sat),        "past the range: none (default), finite, propagate") \
	X(SR_BITS,       0,   "sr-bits",       "N",       sr_bits,   AT(rounding.sr_bits),     "stochastic modes: N random bits, 1 to 64") \
	X(SR_RANDOM,     0,   "sr-random",     "R",       sr_random, AT(rounding.sr_random),   "stochastic modes: the draw R, 0 to 2^N-1") \
	X(WRAP,          0,   "wrap",          NULL,      flag,      AT(wrap),                 "integers, fixed point: wrap modulo 2^bits past the range") \
	X(FIELDS,        'o', "fields",        "LIST",    fields,    AT(fields),               "output fields, comma-separated (see FIELDS)") \
	X(TSV,           0,   "tsv",           NULL,      tsv,       AT(style),                "tab-separated fields (the default)") \
	X(CSV,           0,   "csv",           NULL,      csv,       AT(style),                "comma-separated fields, quoted where needed") \
	X(JSON,          0,   "json",          NULL,      json,      AT(style),                "one JSON object per line") \
	X(HEADER,        0,   "header",        NULL,      flag,      AT(header),               "print the field names first (tsv, csv)") \
	X(FULL,          0,   "full",          NULL,      flag,      AT(show.full),            "show: never fold long exact values") \
	X(HEX_INPUT,     'x', "hex-input",     NULL,      flag,      AT(hex_input),            "show, convert, cast: values are hex codes, 0x optional (7fc00000)") \
	X(COLOR,         0,   "color",         "WHEN",    color,     AT(show.color),           "show: colour the fields: auto (default), always, never") \
	X(RANGE,         0,   "range",         "A:B",     text,      AT(range),                "table, map: only codes A to B (map: x=A:B,y=C:D too)") \
	X(POLICY,        0,   "policy",        "P",       policy,    AT(policy),               "round as stack P does (see fpx policies)") \
	X(ARCH,          0,   "arch",          "NAME",    arch,      AT(arch),                 "NaNs, tininess as NAME does: " ARCH_NAMES_HELP) \
	X(VIA,           0,   "via",           "FORMAT",  text,      AT(via),                  "round into FORMAT first (rne), then into the target") \
	X(MAX_PRECISION, 0,   "max-precision", "BITS",    precision, AT(max_precision),        "functions, constants: undecided past BITS bits (3072)") \
	X(IN,            0,   "in",            "F[,G,H]", text,      AT(map.in),               "map, verify: x (y, z) are codes of these formats; block: FS,FX") \
	X(TO,            0,   "to",            "FORMAT",  text,      AT(map.to),               "map, verify: the result's format (with --in: no FORMAT argument)") \
	X(RANDOM,        0,   "random",        "N",       random,    AT(map.random),           "map: N random combinations, weighted to special codes") \
	X(SEED,          0,   "seed",          "S",       seed,      AT(map.seed),             "map: the random generator's seed (0 to 2^64-1; 1)") \
	X(FINITE,        0,   "finite",        NULL,      flag,      AT(map.finite),           "map: skip combinations with a NaN or infinite operand") \
	X(TININESS,      0,   "tininess",      "WHEN",    tininess,  AT(map.tininess_before),  "map, verify: underflow's tininess: after (default) or before rounding") \
	X(TESTFLOAT,     0,   "testfloat",     NULL,      flag,      AT(map.testfloat),        "map, verify: Berkeley TestFloat's lines: operands, result, flags") \
	X(PRECISION_CONTROL, 0, "precision-control", "N", precision_control, AT(map.precision_control), "map, verify: x87's + - * / sqrt round to 24, 53 or 64 bits") \
	X(EXACT,         0,   "exact",         NULL,      flag,      AT(map.exact),            "map: roundToInt, float to int flag inexact (TestFloat -exact)") \
	X(JOBS,          'j', "jobs",          "N",       jobs,      AT(map.jobs),             "map, verify: N worker processes, same output (1)") \
	X(QUIET,         'q', "quiet",         NULL,      flag,      AT(map.quiet),            "map, verify: no progress line on stderr") \
	X(CHECK_NANS,    0,   "check-nans",    NULL,      flag,      AT(map.check_nans),       "verify: NaN results must match bit for bit") \
	X(CHECK_INV_INTS, 0,  "check-inv-ints", NULL,     flag,      AT(map.check_inv_ints),   "verify: invalid integer results must match bit for bit") \
	X(SCALE,         0,   "scale",         "S,...",   text,      AT(quant.scale),          "quantize, dequantize, block: the scale, or one per block") \
	X(ZERO_POINT,    0,   "zero-point",    "Z,...",   text,      AT(quant.zero_point),     "quantize, dequantize: the zero point, or one per block") \
	X(BLOCK,         0,   "block",         "N",       text,      AT(quant.block),          "values per block (mx, block: 32 by default)") \
	X(PRESET,        0,   "preset",        "P",       text,      AT(quant.preset),         "mx: nvfp4, NVIDIA's blocks of 16 e2m1 with E4M3 scales") \
	X(SCALE_FORMAT,  0,   "scale-format",  "FORMAT",  text,      AT(quant.scale_format),   "block: the scale's format (P3109 blocks of values)") \
	X(SCALE_ROUND,   0,   "scale-round",   "MODE",    text,      AT(quant.scale_round),    "block: the scale's rounding (rne by default)") \
	X(REDUCE,        0,   "reduce",        "OP",      text,      AT(quant.reduce),         "block: sum, product or dot of each block of codes") \
	X(SVG,           0,   "svg",           "FILE",    text,      AT(plot.svg),             "plot: write the picture as an SVG image to FILE") \
	X(ENDIAN,        0,   "endian",        "E",       text,      AT(dump.endian),          "dump: byte order, little (default) or big") \
	X(OFFSET,        0,   "offset",        "N",       text,      AT(dump.offset),          "dump: skip N bytes first") \
	X(COUNT,         0,   "count",         "N",       text,      AT(dump.count),           "dump: read at most N codes") \
	X(FORMAT_FILE,   'F', "format-file",   "FILE",    format_file, NOWHERE,                "load format descriptions from FILE") \
	X(NAMES,         0,   "names",         NULL,      flag,      AT(formats.names),        "formats: every name and alias, one per line") \
	X(HELP,          'h', "help",          NULL,      flag,      AT(help),                 "show this help") \
	X(VERSION,       'V', "version",       NULL,      version,   NOWHERE,                  "show the version")

enum option_id {
#define OPTION_ENUM(id, letter, name, argument, read, into, help) OPT_##id,
	OPTION_LIST(OPTION_ENUM)
#undef OPTION_ENUM
	OPTION_COUNT
};

/* A set of options, a bit each: OPTION_BIT(ROUND) | OPTION_BIT(SATURATE). */
#define OPTION_BIT(id) (1UL << OPT_##id)
#define OPTIONS_ALL ((1UL << OPTION_COUNT) - 1)
/* Not an option: the command's -o list may start with map's operand fields (x y z xv
 * yv zv). */
#define OPTIONS_OPERAND_FIELDS (1UL << OPTION_COUNT)
/* Not an option: a stochastic mode's draw may be left out, the command makes r a
 * variable (map). */
#define OPTIONS_VARIABLE_DRAW (1UL << (OPTION_COUNT + 1))
/* The options every command takes. */
#define OPTIONS_EVERYWHERE (OPTION_BIT(FORMAT_FILE) | OPTION_BIT(HELP) | OPTION_BIT(VERSION))

/* An option as --help lists it: its letter (0 for none), long name, the placeholder of
 * its argument (NULL when it takes none) and its help line. */
struct option_spec {
	char short_name;
	const char *long_name, *argument, *help;
};

/* options_parse() and options_check(): carry on (anything else is the exit status to
 * finish with). */
#define OPTIONS_GO_ON (-1)

/* Reads argv's options into s, anywhere among the arguments ("--" ends them), and keeps
 * the positional ones in order in s->args (to free). Returns OPTIONS_GO_ON, or the
 * status to finish with (--version, a usage error). */
int options_parse(struct settings *s, int argc, char **argv);
/* Every option given is among those allowed, or the first that is not is named (as
 * not applying to command); map's operand fields only where allowed says so; and no
 * two of a group that excludes each other. OPTIONS_GO_ON, or the usage status. */
int options_check(const struct settings *s, unsigned long allowed, const char *command);
/* The option lines of --help, for the options in the set which. */
void options_print(unsigned long which);

/* The i-th option of the table, in the order of fpx --help; NULL past the last. */
const struct option_spec *options_at(size_t i);
/* The i-th group of options of which at most one may be given (bit k: the k-th option);
 * false past the last. */
bool options_exclusive_at(size_t i, unsigned long *group);

#endif
