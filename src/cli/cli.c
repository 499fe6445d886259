/*
 * cli.c — fpx's commands, one table: each row the command's name, what it takes, what
 * it does, the options that apply to it, and the function that runs it (commands.h).
 * Help, dispatch and the REPL read it through cmdline.h; the row for repl is the one
 * way from here into the REPL.
 */
#include "cli.h"

#include "commands.h"
#include "options.h"
#include "output.h"
#include "registry.h"
#include "repl.h"

/* ---- repl ---------------------------------------------------------------------------------- */

static int cmd_repl(struct settings *s)
{
	struct repl_options o = { .format = s->nargs ? s->args[0] : NULL, .rounding = s->rounding,
				  .mode_given = s->mode_given, .sr_random_given = s->sr_random_given, .wrap = s->wrap,
				  .json = s->style == STYLE_JSON, .policy = s->policy, .via = s->via, .arch = s->arch,
				  .style = output_show_style(s), .max_precision = s->max_precision,
				  .commands = &cli_commands };
	const struct fmt *f = fmt_lookup(o.format ? o.format : "binary32");

	if (s->nargs > 1)
		return usage_error(USAGE_REPL_ARGUMENTS, NULL);
	if (!settings_check_policy(s) || (f && !settings_target(s, f)))
		return EXIT_USAGE;
	return repl_run(&o);
}

/* ---- The commands ------------------------------------------------------------------------- */

#define OPT(id) OPTION_BIT(id)
#define ROWS (OPT(FIELDS) | OPT(TSV) | OPT(CSV) | OPT(JSON) | OPT(HEADER))
#define ROUTES (OPT(POLICY) | OPT(VIA))
#define SATURATION (OPT(SATURATE) | OPT(SATURATION))
#define ROUNDING (OPT(ROUND) | SATURATION | OPT(SR_BITS) | OPT(SR_RANDOM))
#define READOUT (ROUNDING | OPT(WRAP) | OPT(JSON) | OPT(FULL) | OPT(COLOR) | ROUTES | OPT(MAX_PRECISION) | OPT(ARCH))

static const struct command commands[] = {
	{ "show", cmd_show, "FORMAT [VALUE...]", "the readout of each value or stdin line", READOUT | OPT(HEX_INPUT) },
	{ "convert", cmd_convert, "FORMAT [VALUE...]", "one row per value or stdin line",
	  ROUNDING | OPT(WRAP) | ROWS | ROUTES | OPT(MAX_PRECISION) | OPT(HEX_INPUT) | OPT(ARCH) },
	{ "table", cmd_table, "FORMAT", "one row per code of the format", ROWS | OPT(RANGE) },
	{ "dump", cmd_dump, "FORMAT FILE", "a row per code packed in a binary file",
	  ROWS | OPT(ENDIAN) | OPT(OFFSET) | OPT(COUNT) },
	{ "plot", cmd_plot, "FORMAT[,FORMAT...]", "significant bits per binade, a picture", OPT(SVG) },
	{ "info", cmd_info, "FORMAT", "a format's layout and limits",
	  ROUNDING | OPT(WRAP) | OPT(JSON) | OPT(COLOR) | OPT(POLICY) },
	{ "formats", cmd_formats, "", "the formats: kinds, widths, aliases", OPT(NAMES) | OPT(JSON) },
	{ "repl", cmd_repl, "[FORMAT]", "an interactive session (also: fpx alone)", READOUT },
	{ "cast", cmd_cast, "FROM TO [PATTERN...]", "codes of FROM rounded once into TO",
	  ROUNDING | OPT(WRAP) | ROWS | ROUTES | OPT(HEX_INPUT) | OPT(ARCH) },
	{ "policies", cmd_policies, "", "the stacks' conventions --policy names", 0 },
	{ "compare", cmd_compare, "FORMAT [VALUE...]", "what every policy gives, side by side",
	  SATURATION | OPT(JSON) | OPT(MAX_PRECISION) },
	{ "quantize", cmd_quantize, "--scale S TO [VALUE...]", "quantizeLinear, exact, saturating",
	  OPT(ROUND) | ROWS | OPT(SCALE) | OPT(ZERO_POINT) | OPT(BLOCK) | OPT(MAX_PRECISION) },
	{ "dequantize", cmd_dequantize, "--scale S FROM [CODE...]", "dequantizeLinear: (code - zero point)*S",
	  ROWS | OPT(SCALE) | OPT(ZERO_POINT) | OPT(BLOCK) },
	{ "mx", cmd_mx, "ELEM|--preset nvfp4 [VALUE...]", "OCP MX blocks, or NVFP4",
	  OPT(BLOCK) | OPT(PRESET) | OPT(FIELDS) | OPT(TSV) | OPT(CSV) | OPT(JSON) | OPT(HEADER) | OPT(MAX_PRECISION) },
	{ "block", cmd_block, "FR [VALUE...|CODE...]", "IEEE P3109 blocks, scales, reductions",
	  ROUNDING | OPT(SCALE) | OPT(SCALE_FORMAT) | OPT(SCALE_ROUND) | OPT(IN) | OPT(REDUCE) |
		  OPT(BLOCK) | ROWS },
	{ "map", cmd_map, "[FORMAT] EXPR [CODES...|-]", "x, y, z on every code: golden vectors",
	  ROUNDING | OPT(WRAP) | ROWS | OPT(MAX_PRECISION) | OPT(RANGE) | OPT(IN) | OPT(TO) |
		  OPT(RANDOM) | OPT(SEED) | OPT(FINITE) | OPT(TININESS) | OPT(ARCH) | OPT(TESTFLOAT) | OPT(EXACT) | OPT(PRECISION_CONTROL) |
		  OPT(JOBS) | OPT(QUIET) |
		  OPTIONS_OPERAND_FIELDS | OPTIONS_VARIABLE_DRAW },
	{ "verify", cmd_verify, "[FORMAT] EXPR [-]", "check a device's results against map's",
	  ROUNDING | OPT(WRAP) | OPT(MAX_PRECISION) | OPT(IN) | OPT(TO) | OPT(TININESS) | OPT(ARCH) | OPT(TESTFLOAT) | OPT(EXACT) | OPT(PRECISION_CONTROL) |
		  OPT(CHECK_NANS) | OPT(CHECK_INV_INTS) | OPT(JOBS) | OPT(QUIET) },
};

const struct command_table cli_commands = { commands, sizeof commands / sizeof commands[0] };

int cli_run(int argc, char **argv)
{
	return cmdline_run(&cli_commands, argc, argv, false);
}
