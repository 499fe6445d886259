/*
 * cli.c — options, commands and the reporting of errors: one run of the command line,
 * from main() or from a REPL line.
 *
 * Every command is the same flow with different ends (parse → round → render); this
 * file only wires them. One table of options drives parsing and --help. Nothing here
 * exits: every error is reported and returned as the exit status, 0 success, 1 some
 * input could not be converted, 2 usage error.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"
#include "registry.h"
#include "report.h"
#include "chunks.h"
#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "decimal.h"
#include "format.h"
#include "fmtfile.h"
#include "intfmt.h"
#include "line.h"
#include "lines.h"
#include "parse.h"
#include "policy.h"
#include "readout.h"
#include "repl.h"
#include "render.h"
#include "show.h"
#include "round.h"

#ifndef FPX_VERSION
#define FPX_VERSION "0.1.0"
#endif


/*      id            short long           argument  help */
#define OPTION_LIST(X) \
	X(ROUND,       'r', "round",       "MODE",  "rounding: rne (default), rna, rtz, rup, rdn") \
	X(SATURATE,    's', "saturate",    NULL,    "overflow and +-inf give +-max instead of inf or NaN") \
	X(WRAP,        0,   "wrap",        NULL,    "integers, fixed point: wrap modulo 2^bits past the range") \
	X(FIELDS,      'o', "fields",      "LIST",  "output fields, comma-separated (see FIELDS)") \
	X(TSV,         0,   "tsv",         NULL,    "tab-separated fields (the default)") \
	X(CSV,         0,   "csv",         NULL,    "comma-separated fields, quoted where needed") \
	X(JSON,        0,   "json",        NULL,    "one JSON object per line") \
	X(HEADER,      0,   "header",      NULL,    "print the field names first (tsv, csv)") \
	X(FULL,        0,   "full",        NULL,    "show: never fold long exact values") \
	X(HEX_INPUT,   'x', "hex-input",   NULL,    "show, convert, cast: values are hex codes, 0x optional (7fc00000)") \
	X(COLOR,       0,   "color",       "WHEN",  "show: colour the fields: auto (default), always, never") \
	X(RANGE,       0,   "range",       "A:B",   "table, map: only codes A to B (map: x=A:B,y=C:D too)") \
	X(POLICY,      0,   "policy",      "P",     "round as stack P does (see fpx policies)") \
	X(VIA,         0,   "via",         "FORMAT", "round into FORMAT first (rne), then into the target") \
	X(MAX_PRECISION, 0, "max-precision", "BITS", "functions, constants: undecided past BITS bits (3072)") \
	X(IN,          0,   "in",          "F[,G,H]", "map: x (y, z) are codes of these formats, not FORMAT's") \
	X(TO,          0,   "to",          "FORMAT", "map: the result's format (with --in: no FORMAT argument)") \
	X(RANDOM,      0,   "random",      "N",     "map: N random combinations, weighted to special codes") \
	X(SEED,        0,   "seed",        "S",     "map: the random generator's seed (0 to 2^64-1; 1)") \
	X(FINITE,      0,   "finite",      NULL,    "map: skip combinations with a NaN or infinite operand") \
	X(TININESS,    0,   "tininess",    "WHEN",  "map: underflow's tininess: after (default) or before rounding") \
	X(TESTFLOAT,   0,   "testfloat",   NULL,    "map: Berkeley TestFloat's lines: operands, result, flags") \
	X(JOBS,        'j', "jobs",        "N",     "map: N worker processes, same output (1)") \
	X(QUIET,       'q', "quiet",       NULL,    "map: no progress line on stderr") \
	X(SCALE,       0,   "scale",       "S,...", "quantize, dequantize: the scale, or one per block") \
	X(ZERO_POINT,  0,   "zero-point",  "Z,...", "quantize, dequantize: the zero point, or one per block") \
	X(BLOCK,       0,   "block",       "N",     "values per block (mx: 32 by default)") \
	X(PRESET,      0,   "preset",      "P",     "mx: nvfp4, NVIDIA's blocks of 16 e2m1 with E4M3 scales") \
	X(SVG,         0,   "svg",         "FILE",  "plot: write the picture as an SVG image to FILE") \
	X(ENDIAN,      0,   "endian",      "E",     "dump: byte order, little (default) or big") \
	X(OFFSET,      0,   "offset",      "N",     "dump: skip N bytes first") \
	X(COUNT,       0,   "count",       "N",     "dump: read at most N codes") \
	X(FORMAT_FILE, 'F', "format-file", "FILE",  "load format descriptions from FILE") \
	X(NAMES,       0,   "names",       NULL,    "formats: every name and alias, one per line") \
	X(HELP,        'h', "help",        NULL,    "show this help") \
	X(VERSION,     'V', "version",     NULL,    "show the version")

enum option_id {
#define OPTION_ENUM(id, s, l, a, h) OPT_##id,
	OPTION_LIST(OPTION_ENUM)
#undef OPTION_ENUM
	OPTION_COUNT
};

static const struct cli_option options[] = {
#define OPTION_SPEC(id, s, l, a, h) { s, l, a, h },
	OPTION_LIST(OPTION_SPEC)
#undef OPTION_SPEC
};

/* apply_option(), parse_options() and check_options(): carry on (anything else is the
 * exit status to finish with). */
#define GO_ON (-1)

/* ---- Options ------------------------------------------------------------------------ */

/* "-1.5", "-.5", "-snan(5)", "-pi/2", "-(1)" are values, not options: what follows the
 * dash begins as a value does (the parser's grammar says); so is a lone "-" (which then
 * fails as a value, with a message). */
static bool looks_like_value(const char *arg)
{
	if (arg[0] != '-' || !arg[1])
		return true;
	return arg[1] != '-' && parse_begins_value(arg + 1);
}

/* --seed: 0 to 2^64 − 1, in decimal or 0x hex. */
static bool parse_seed(uint64_t *out, const char *text)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(text, &end, 0);
	if (errno || end == text || *end || *text == '-')
		return false;
	*out = v;
	return true;
}

/* map's operand field at the start of text (x y z xv yv zv: 0 … 5), or −1. */
static int operand_field(const char *text)
{
	size_t len = strcspn(text, ",");

	if (!*text || !strchr("xyz", *text) || (len != 1 && (len != 2 || text[1] != 'v')))
		return -1;
	return *text - 'x' + (len == 2 ? 3 : 0);
}

static bool is_operand_field(const char *text)
{
	return operand_field(text) >= 0;
}

/* map's operand fields (x y z xv yv zv) where -o's list starts; the rest of the list,
 * or NULL when there are too many. */
static const char *take_operand_fields(struct settings *s, const char *list)
{
	s->operand_fields = 0;
	for (;;) {
		size_t len = strcspn(list, ",");
		int field = operand_field(list);
		if (field < 0)
			return list;
		if (s->operand_fields == MAX_OPERAND_FIELDS)
			return NULL;
		s->operand_field[s->operand_fields++] = field;
		list += len + (list[len] == ',');
	}
}

/* --max-precision: bits of working precision, 64 to 2^20. */
static bool parse_max_precision(long *out, const char *text)
{
	char *end;
	long bits;

	errno = 0;
	bits = strtol(text, &end, 10);
	if (errno || end == text || *end || bits < 64 || bits > 1L << 20)
		return false;
	*out = bits;
	return true;
}

static int apply_option(struct settings *s, enum option_id id, const char *value)
{
	const char *bad;
	char err[300];

	s->given |= 1UL << id;
	switch (id) {
	case OPT_ROUND:
		if (!rnd_mode_from_name(&s->mode, value))
			return usage_error("unknown rounding mode '%s' (rne, rna, rtz, rup, rdn)", value);
		s->mode_given = true;
		break;
	case OPT_SATURATE: s->saturate = s->saturate_given = true; break;
	case OPT_WRAP: s->wrap = true; break;
	case OPT_POLICY:
		if (!(s->policy = policy_lookup(value)))
			return usage_error("unknown policy '%s' (see fpx policies)", value);
		break;
	case OPT_VIA: s->via = value; break;
	case OPT_MAX_PRECISION:
		if (!parse_max_precision(&s->max_precision, value))
			return usage_error("--max-precision takes a number of bits from 64 to 1048576, not '%s'", value);
		break;
	case OPT_IN: s->in = value; break;
	case OPT_TO: s->to = value; break;
	case OPT_RANDOM:
		if (!parse_count(&s->random, value, 1L << 40))
			return usage_error("--random takes a count of combinations from 1 to 2^40, not '%s'", value);
		break;
	case OPT_SEED:
		if (!parse_seed(&s->seed, value))
			return usage_error("--seed takes a number from 0 to 2^64-1, not '%s'", value);
		s->seed_given = true;
		break;
	case OPT_FINITE: s->finite = true; break;
	case OPT_TININESS:
		if (strcmp(value, "after") != 0 && strcmp(value, "before") != 0)
			return usage_error("--tininess takes after or before, not '%s'", value);
		s->tininess_before = strcmp(value, "before") == 0;
		break;
	case OPT_TESTFLOAT: s->testfloat = true; break;
	case OPT_JOBS:
		if (!parse_count(&s->jobs, value, CHUNKS_MAX_JOBS))
			return usage_error("--jobs takes a number of processes from 1 to 256, not '%s'", value);
		break;
	case OPT_QUIET: s->quiet = true; break;
	case OPT_SCALE: s->scale = value; break;
	case OPT_ZERO_POINT: s->zero_point = value; break;
	case OPT_BLOCK: s->block = value; break;
	case OPT_PRESET: s->preset = value; break;
	case OPT_FIELDS:
		if (!(value = take_operand_fields(s, value)))
			return usage_error("%s", "more than 6 operand fields (x y z xv yv zv) in -o");
		s->fields.count = 0;
		if ((*value || !s->operand_fields) && (bad = render_parse_fields(&s->fields, value)))
			return usage_error(is_operand_field(bad) ? "output field at '%s': map's operand fields come first in -o"
								 : "unknown output field at '%s' (see fpx --help)",
					   bad);
		s->fields_given = true;
		break;
	case OPT_TSV: s->style = STYLE_TSV; break;
	case OPT_CSV: s->style = STYLE_CSV; break;
	case OPT_JSON: s->style = STYLE_JSON; break;
	case OPT_HEADER: s->header = true; break;
	case OPT_FULL: s->full = true; break;
	case OPT_HEX_INPUT: s->hex_input = true; break;
	case OPT_COLOR:
		if (strcmp(value, "auto") == 0)
			s->color = COLOR_AUTO;
		else if (strcmp(value, "always") == 0)
			s->color = COLOR_ALWAYS;
		else if (strcmp(value, "never") == 0)
			s->color = COLOR_NEVER;
		else
			return usage_error("--color takes auto, always or never, not '%s'", value);
		break;
	case OPT_RANGE: s->range = value; break;
	case OPT_ENDIAN: s->endian = value; break;
	case OPT_SVG: s->svg = value; break;
	case OPT_OFFSET: s->offset = value; break;
	case OPT_COUNT: s->count = value; break;
	case OPT_FORMAT_FILE:
		if (!fmt_load_file(value, err, sizeof err)) {
			report("%s", err);
			return EXIT_USAGE;
		}
		break;
	case OPT_NAMES: s->names = true; break;
	case OPT_HELP: s->help = true; break;
	case OPT_VERSION: printf("fpx %s\n", FPX_VERSION); return EXIT_OK;
	case OPTION_COUNT: break;
	}
	return GO_ON;
}

static int find_option(const char *arg, const char **inline_value)
{
	*inline_value = NULL;
	for (int i = 0; i < OPTION_COUNT; i++) {
		size_t n = strlen(options[i].long_name);
		if (arg[1] == '-' && strncmp(arg + 2, options[i].long_name, n) == 0 &&
		    (arg[2 + n] == '\0' || (arg[2 + n] == '=' && options[i].argument))) {
			*inline_value = arg[2 + n] ? arg + 3 + n : NULL;
			return i;
		}
		if (arg[1] != '-' && arg[1] != '\0' && arg[1] == options[i].short_name) {
			*inline_value = arg[2] ? arg + 2 : NULL;
			if (*inline_value && !options[i].argument)
				return -1;
			return i;
		}
	}
	return -1;
}

/* Options may stand anywhere; "--" ends them. Positional arguments keep their order.
 * Returns GO_ON, or the status to finish with (--help, --version, a usage error). */
static int parse_options(struct settings *s, int argc, char **argv)
{
	bool only_args = false;

	s->args = calloc((size_t)argc + 1, sizeof *s->args);
	if (!s->args)
		abort();
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *value;
		int id, status;

		if (only_args || looks_like_value(arg)) {
			s->args[s->nargs++] = argv[i];
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			only_args = true;
			continue;
		}
		if ((id = find_option(arg, &value)) < 0)
			return usage_error("unknown option '%s'", arg);
		if (options[id].argument && !value) {
			if (i + 1 >= argc)
				return usage_error("option '%s' needs an argument", arg);
			value = argv[++i];
		}
		if ((status = apply_option(s, (enum option_id)id, value)) != GO_ON)
			return status;
	}
	return GO_ON;
}

/* ---- repl ---------------------------------------------------------------------------------- */

static int cmd_repl(struct settings *s)
{
	struct repl_options o = { .format = s->nargs ? s->args[0] : NULL, .mode = s->mode,
				  .mode_given = s->mode_given, .saturate = s->saturate, .wrap = s->wrap,
				  .json = s->style == STYLE_JSON, .policy = s->policy, .via = s->via,
				  .style = show_style_of(s), .max_precision = s->max_precision };
	const struct fmt *f = fmt_lookup(o.format ? o.format : "binary32");

	if (s->nargs > 1)
		return usage_error("%s", "repl takes at most one FORMAT");
	if (!settings_check_policy(s) || (f && !settings_target(s, f)))
		return EXIT_USAGE;
	return repl_run(&o);
}

/* ---- Commands ---------------------------------------------------------------------------- */

#define OPT(id) (1UL << OPT_##id)
/* Options every command takes. */
#define EVERYWHERE (OPT(FORMAT_FILE) | OPT(HELP) | OPT(VERSION))
#define ROWS (OPT(FIELDS) | OPT(TSV) | OPT(CSV) | OPT(JSON) | OPT(HEADER))
#define ROUTES (OPT(POLICY) | OPT(VIA))
#define READOUT (OPT(ROUND) | OPT(SATURATE) | OPT(WRAP) | OPT(JSON) | OPT(FULL) | OPT(COLOR) | ROUTES | OPT(MAX_PRECISION))

/* A command: its name, what it takes, what it does, and the options that apply to it
 * (any other is refused). The one list that help, dispatch and the REPL read. */
struct command {
	const char *name;
	int (*run)(struct settings *s);
	const char *args, *summary;
	unsigned long options;
};

static const struct command commands[] = {
	{ "show", cmd_show, "FORMAT [VALUE...]", "the readout of each value or stdin line", READOUT | OPT(HEX_INPUT) },
	{ "convert", cmd_convert, "FORMAT [VALUE...]", "one row per value or stdin line",
	  OPT(ROUND) | OPT(SATURATE) | OPT(WRAP) | ROWS | ROUTES | OPT(MAX_PRECISION) | OPT(HEX_INPUT) },
	{ "table", cmd_table, "FORMAT", "one row per code of the format", ROWS | OPT(RANGE) },
	{ "dump", cmd_dump, "FORMAT FILE", "a row per code packed in a binary file",
	  ROWS | OPT(ENDIAN) | OPT(OFFSET) | OPT(COUNT) },
	{ "plot", cmd_plot, "FORMAT[,FORMAT...]", "significant bits per binade, a picture", OPT(SVG) },
	{ "info", cmd_info, "FORMAT", "a format's layout and limits",
	  OPT(ROUND) | OPT(SATURATE) | OPT(WRAP) | OPT(JSON) | OPT(COLOR) | OPT(POLICY) },
	{ "formats", cmd_formats, "", "the formats: kinds, widths, aliases", OPT(NAMES) | OPT(JSON) },
	{ "repl", cmd_repl, "[FORMAT]", "an interactive session (also: fpx alone)", READOUT },
	{ "cast", cmd_cast, "FROM TO [PATTERN...]", "codes of FROM rounded once into TO",
	  OPT(ROUND) | OPT(SATURATE) | OPT(WRAP) | ROWS | ROUTES | OPT(HEX_INPUT) },
	{ "policies", cmd_policies, "", "the stacks' conventions --policy names", 0 },
	{ "compare", cmd_compare, "FORMAT [VALUE...]", "what every policy gives, side by side",
	  OPT(SATURATE) | OPT(JSON) | OPT(MAX_PRECISION) },
	{ "quantize", cmd_quantize, "--scale S TO [VALUE...]", "quantizeLinear, exact, saturating",
	  OPT(ROUND) | ROWS | OPT(SCALE) | OPT(ZERO_POINT) | OPT(BLOCK) | OPT(MAX_PRECISION) },
	{ "dequantize", cmd_dequantize, "--scale S FROM [CODE...]", "dequantizeLinear: (code - zero point)*S",
	  ROWS | OPT(SCALE) | OPT(ZERO_POINT) | OPT(BLOCK) },
	{ "mx", cmd_mx, "ELEM|--preset nvfp4 [VALUE...]", "OCP MX blocks, or NVFP4",
	  OPT(BLOCK) | OPT(PRESET) | OPT(FIELDS) | OPT(TSV) | OPT(CSV) | OPT(JSON) | OPT(HEADER) | OPT(MAX_PRECISION) },
	{ "map", cmd_map, "[FORMAT] EXPR [CODES...|-]", "x, y, z on every code: golden vectors",
	  OPT(ROUND) | OPT(SATURATE) | OPT(WRAP) | ROWS | OPT(MAX_PRECISION) | OPT(RANGE) | OPT(IN) | OPT(TO) |
		  OPT(RANDOM) |
		  OPT(SEED) | OPT(FINITE) | OPT(TININESS) | OPT(TESTFLOAT) | OPT(JOBS) | OPT(QUIET) },
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

void cli_each_command(void (*fn)(const char *name, void *arg), void *arg)
{
	for (size_t i = 0; i < COMMAND_COUNT; i++)
		fn(commands[i].name, arg);
}

const struct cli_option *cli_option_at(size_t i)
{
	return i < OPTION_COUNT ? &options[i] : NULL;
}

/* ---- Help ------------------------------------------------------------------------------------- */

static void print_option(const struct cli_option *o)
{
	char left[64];

	snprintf(left, sizeof left, "%c%c%s--%s%s%s", o->short_name ? '-' : ' ', o->short_name ? o->short_name : ' ',
		 o->short_name ? ", " : "  ", o->long_name, o->argument ? " " : "", o->argument ? o->argument : "");
	printf("  %-26s %s\n", left, o->help);
}

static void print_options(unsigned long which)
{
	printf("Options:\n");
	for (int i = 0; i < OPTION_COUNT; i++)
		if (which & (1UL << i))
			print_option(&options[i]);
}

static void print_fields(void)
{
	printf("\nFields (-o):\n");
	for (int i = 0; i < FIELD_COUNT; i++)
		printf("  %-11s %s\n", render_field_name((enum field)i), render_field_help((enum field)i));
}

static const char value_syntax[] =
	"VALUE: decimal (-1.25e-3, .5), hex float (0x1.8p3), exact expressions\n"
	"(1/3, 464+2^-17, (1+2^-24)*2^10), inf, nan, -0; a bare 0x7e or 0b0111_1110\n"
	"is a bit pattern of FORMAT.\n";
static const char format_syntax[] = "FORMAT: a name from 'fpx formats', eXmY[bN][fn|fnuz] or positN[esK].\n";

/* The left column of the command list: "convert FORMAT [VALUE...]". */
#define HELP_COLUMN 37

static void print_help(void)
{
	char left[64];

	printf("Usage: fpx [-F FILE] COMMAND [OPTIONS] ARGUMENTS\n"
	       "       fpx [OPTIONS] FORMAT [VALUE...]        the same as fpx show\n"
	       "       fpx COMMAND --help                     that command's usage and options\n\nCommands:\n");
	for (size_t i = 0; i < COMMAND_COUNT; i++) {
		snprintf(left, sizeof left, "%s %s", commands[i].name, commands[i].args);
		printf("  %-*s %s\n", HELP_COLUMN, left, commands[i].summary);
	}
	printf("\n%s%s\nOptions (a command takes those its --help lists):\n", value_syntax, format_syntax);
	for (int i = 0; i < OPTION_COUNT; i++)
		print_option(&options[i]);
	print_fields();
	printf("\nExit status: 0 success, 1 some input could not be converted (or output not written),\n"
	       "2 usage error.\n");
}

static void print_command_help(const struct command *c)
{
	printf("Usage: fpx %s%s%s%s\n  %s\n\n", c->name, c->options ? " [OPTIONS]" : "", *c->args ? " " : "", c->args,
	       c->summary);
	/* the paragraphs of the words its usage line has */
	if (strstr(c->args, "VALUE"))
		printf("%s", value_syntax);
	if (strstr(c->args, "FORMAT"))
		printf("%s", format_syntax);
	if (strstr(c->args, "VALUE") || strstr(c->args, "FORMAT"))
		printf("\n");
	print_options(c->options | EVERYWHERE);
	if (c->options & OPT(FIELDS))
		print_fields();
	if (c->run == cmd_map)
		printf("  x y z       the operands' codes (first in the list)\n"
		       "  xv yv zv    the operands' shortest values (first in the list)\n");
	printf("\nExit status: 0 success, 1 some input could not be converted (or output not written),\n"
	       "2 usage error.\n");
}

/* ---- Dispatch ----------------------------------------------------------------------------------- */

/* The edit distance of a and b, capped: enough to tell a typo. */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[64];

	if (la >= 63 || lb >= 63)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

struct nearest {
	const char *typed;
	char best[FMT_NAME_MAX];
	size_t best_distance;
};

static void consider(const char *name, void *arg)
{
	struct nearest *n = arg;
	size_t d = distance(n->typed, name);

	if (d < n->best_distance) {
		n->best_distance = d;
		snprintf(n->best, sizeof n->best, "%s", name);
	}
}

bool cli_did_you_mean(char *out, size_t size, const char *typed, const char *const *extra)
{
	struct nearest n = { typed, "", 3 };

	for (; extra && *extra; extra++)
		consider(*extra, &n);
	cli_each_command(consider, &n);
	fmt_each_name(consider, &n);
	if (!n.best[0] || n.best_distance > (strlen(typed) > 4 ? 2u : 1u))
		return false;
	snprintf(out, size, "%s", n.best);
	return true;
}

static int unknown_command(const char *name)
{
	char guess[FMT_NAME_MAX], message[320];
	const char *past_limits = fmtfile_past_limits(name);

	if (past_limits) { /* binary256 in a 128-bit build, e16m3, posit99: say which limit */
		snprintf(message, sizeof message, "unknown command or format '%%s': %s", past_limits);
		return usage_error(message, name);
	}
	if (!cli_did_you_mean(guess, sizeof guess, name, NULL))
		return usage_error("unknown command or format '%s' (see fpx --help, fpx formats)", name);
	snprintf(message, sizeof message, "unknown command or format '%%s'; did you mean '%s'?", guess);
	return usage_error(message, name);
}

static bool is_format_name(const char *name)
{
	const struct fmt *f = fmt_lookup(name);

	return f != NULL;
}

/* Options that contradict each other: at most one of each group may be given, whatever
 * the command (and why, where the names do not say it). */
static const struct {
	unsigned long group;
	const char *why;
} exclusive[] = {
	{ OPT(TSV) | OPT(CSV) | OPT(JSON), "one output style" },
	{ OPT(HEADER) | OPT(JSON), "JSON names each field in each object" },
	{ OPT(SATURATE) | OPT(WRAP), "past the range, a value saturates or wraps" },
	{ OPT(NAMES) | OPT(JSON), "--names writes one name a line" },
	{ OPT(TESTFLOAT) | OPT(FIELDS), "--testfloat writes its own lines" },
	{ OPT(TESTFLOAT) | OPT(TSV), "--testfloat writes its own lines" },
	{ OPT(TESTFLOAT) | OPT(CSV), "--testfloat writes its own lines" },
	{ OPT(TESTFLOAT) | OPT(JSON), "--testfloat writes its own lines" },
	{ OPT(TESTFLOAT) | OPT(HEADER), "--testfloat writes its own lines" },
};

bool cli_exclusive_at(size_t i, unsigned long *group)
{
	if (i >= sizeof exclusive / sizeof exclusive[0])
		return false;
	*group = exclusive[i].group;
	return true;
}

/* The option as its help names it first: -s, or --wrap when it has no letter. */
static void option_name(char *out, size_t size, int id)
{
	if (options[id].short_name)
		snprintf(out, size, "-%c", options[id].short_name);
	else
		snprintf(out, size, "--%s", options[id].long_name);
}

/* The lowest option id in a set of options. */
static int first_option(unsigned long set)
{
	int i = 0;

	while (!(set & (1UL << i)))
		i++;
	return i;
}

/* No two options of an exclusive group, or the first two given are named. */
static int check_exclusive(const struct settings *s)
{
	for (size_t k = 0; k < sizeof exclusive / sizeof exclusive[0]; k++) {
		unsigned long both = s->given & exclusive[k].group;
		char a[32], b[32], message[160];
		if (!both || !(both & (both - 1)))
			continue;
		option_name(a, sizeof a, first_option(both));
		option_name(b, sizeof b, first_option(both & (both - 1)));
		snprintf(message, sizeof message, "give %s or %s, not both: %%s", a, b);
		return usage_error(message, exclusive[k].why);
	}
	return GO_ON;
}

/* Every option given applies to the command, or the first that does not is named; and
 * none contradicts another. (The caller has set the command for the reporter.) */
static int check_options(const struct settings *s, const struct command *c)
{
	unsigned long stray = s->given & ~(c->options | EVERYWHERE);
	char message[96];

	if (s->operand_fields && c->run != cmd_map)
		return usage_error("%s", "the operand fields (x y z xv yv zv) are map's, not this command's");
	if (stray) {
		snprintf(message, sizeof message, "option --%%s does not apply to %s", c->name);
		return usage_error(message, options[first_option(stray)].long_name);
	}
	return check_exclusive(s);
}

/* fpx alone on a terminal: the REPL, with the options repl takes. */
static int start_repl(struct settings *s)
{
	int status;

	report_set_command("repl");
	status = check_options(s, find_command("repl"));
	report_set_command(NULL);
	return status == GO_ON ? cmd_repl(s) : status;
}

/* "no command (show, convert, ...)", the names from the table. */
static int no_command(void)
{
	char names[256] = "";

	for (size_t i = 0; i < COMMAND_COUNT; i++) {
		size_t used = strlen(names);
		snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", commands[i].name);
	}
	return usage_error("no command (%s)", names);
}

static int dispatch(struct settings *s, bool repl_allowed)
{
	const struct command *cmd;
	int status;

	if (s->nargs == 0 && s->help) {
		print_help();
		return EXIT_OK;
	}
	if (s->nargs == 0 && repl_allowed && s->may_read_stdin && isatty(STDIN_FILENO))
		return start_repl(s);
	if (s->nargs == 0)
		return no_command();
	if (!(cmd = find_command(s->args[0])) && !is_format_name(s->args[0]))
		return unknown_command(s->args[0]);
	if (cmd) {
		s->args++;
		s->nargs--;
	} else
		cmd = find_command("show");
	if (s->help) {
		print_command_help(cmd);
		return EXIT_OK;
	}
	if (cmd->run == cmd_repl && !repl_allowed)
		return usage_error("%s", "already in the REPL");
	report_set_command(cmd->name);
	status = check_options(s, cmd);
	if (status == GO_ON)
		status = cmd->run(s);
	report_set_command(NULL);
	return status;
}

int cli_run(int argc, char **argv, bool in_repl)
{
	struct settings s = { .mode = RND_NEAREST_EVEN, .style = STYLE_TSV, .seed = 1, .may_read_stdin = !in_repl,
			      .interactive = in_repl || isatty(STDIN_FILENO) };
	int status = parse_options(&s, argc, argv);
	char **args = s.args;

	if (status == GO_ON)
		status = dispatch(&s, !in_repl);
	free(args);
	if (!output_flush() && status == EXIT_OK)
		status = EXIT_BAD_INPUT;
	return status;
}
