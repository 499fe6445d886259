/*
 * settings.h — what the command line (or a REPL line) asked a command for: options.c
 * fills a struct settings from the options, cmdline.c checks them against the command's
 * row, and the command reads it. Usage errors are reported through report.h.
 */
#ifndef FPX_SETTINGS_H
#define FPX_SETTINGS_H

#include <stdbool.h>
#include <stdint.h>

#include "arch.h"
#include "format.h"
#include "policy.h"
#include "render.h"
#include "report.h"
#include "round.h"

#define MAX_OPERAND_FIELDS 6

enum color_when { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

/* Each command's own options, apart from those every command shares. */
struct show_settings { /* show (and info, repl): how a readout looks */
	bool full;     /* --full: never fold long exact values */
	enum color_when color;
};
struct formats_settings {
	bool names; /* --names: every name and alias, one per line */
};
struct dump_settings {
	const char *endian, *offset, *count; /* as given, checked by dump */
};
struct plot_settings {
	const char *svg; /* --svg FILE */
};
struct quant_settings { /* quantize, dequantize, mx, block: as given, checked there */
	const char *scale, *zero_point, *block;
	const char *preset; /* mx --preset */
	const char *scale_format, *scale_round, *reduce; /* block */
};
struct map_settings {
	const char *in, *to;
	long random, jobs; /* --random N (0: every code), -j N (0: one process) */
	uint64_t seed;
	bool seed_given, finite, tininess_before, testfloat, quiet;
	bool exact; /* --exact (TestFloat's -exact): roundToInt and float->int flag inexact */
	bool check_nans; /* verify --check-nans: a NaN result matches its code alone */
	bool check_inv_ints; /* verify --check-inv-ints: so does an invalid integer result */
	int precision_control; /* --precision-control: x87's 24, 53, 64 bits; 0: not given */
	/* the operand fields where -o's list starts: 0, 1, 2 the code of x, y, z; 3, 4, 5
	 * their shortest values (xv yv zv) */
	int operand_field[MAX_OPERAND_FIELDS];
	int operand_fields;
};

struct settings {
	/* What every command that rounds or writes rows shares. */
	struct rnd_spec rounding; /* -r, --saturation (-s), --sr-bits, --sr-random */
	bool mode_given, sr_random_given;
	bool wrap;      /* --wrap: integers and fixed point wrap past their range */
	bool hex_input; /* -x: values are hex codes, 0x optional */
	enum style style;
	struct field_list fields;
	bool fields_given, header;
	const char *range; /* table, map: --range A:B, as given */
	const struct policy *policy;
	const struct arch *arch; /* --arch: NaNs, fma(0, inf, qNaN), tininess; NULL: ieee */
	const char *via;
	long max_precision; /* --max-precision, bits; 0: REAL_MAX_PRECISION */
	char **args;        /* positional arguments */
	int nargs;
	unsigned long given; /* the options given, a bit each (options.h's ids) */
	bool help;           /* --help: the command's help instead of running it */
	bool may_read_stdin; /* false inside the REPL: its stdin is the session */
	bool interactive;    /* stdin is a terminal: write each row at once */
	/* Each command's own. */
	struct show_settings show;
	struct formats_settings formats;
	struct dump_settings dump;
	struct plot_settings plot;
	struct quant_settings quant;
	struct map_settings map;
};

/* A policy that fixes the mode or the saturation cannot be told otherwise: false after
 * a usage error saying so. */
bool settings_check_policy(const struct settings *s);
/* The format a command rounds into, as the options ask: with --wrap, f's wrapping copy
 * (fmt_wrapping()). NULL after reporting a usage error (f cannot wrap, or -s or --policy
 * decides overflow too); NULL f stays NULL. */
const struct fmt *settings_target(const struct settings *s, const struct fmt *f);
/* Looks the format up; NULL after reporting a usage error. */
const struct fmt *settings_require_format(const char *name);

/* Where a command takes several formats: FORMAT,FORMAT,... or `all` (every format
 * `fpx formats` lists but the integer and fixed-point ones, in its order). */
#define FORMATS_MAX 64 /* usage.h's message says 64 */
struct format_list {
	const struct fmt *f[FORMATS_MAX];
	int count;
};
/* Calls fn with each format `all` names, in order: the built-in ones, then the 8-bit
 * P3109 ones. */
void settings_each_of_all(void (*fn)(const struct fmt *f, void *arg), void *arg);
/* Looks each format of the list up; false after reporting a usage error. */
bool settings_require_formats(struct format_list *out, const char *text);
/* settings_target() for each format of a list; false after a usage error. */
bool settings_targets(const struct settings *s, struct format_list *list);
/* Does text name more than one format (a list, or all)? Before looking them up. */
bool settings_names_several_formats(const char *text);

#endif
