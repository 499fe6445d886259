/*
 * libfpx.c — fpx.h's formats, options, errors, readouts and rows (libfpxcode.c its
 * arrays): the options read by fpx(1)'s own parser, the readouts and rows made by its
 * own commands with their output and messages taken (output_into(), report_into()),
 * so that the library answers as fpx(1) does, byte for byte, in fpx(1)'s words. Never
 * prints, exits or keeps anything between calls but the options it is given and the
 * formats fpx_format_load() gives the registry, as -F gives it a file's.
 */
#include "fpx.h"
#include "libfpx_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "options.h"
#include "output.h"
#include "registry.h"
#include "render.h"
#include "report.h"
#include "settings.h"
#include "strbuf.h"

#define SAME_FLAG(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME_FLAG(FPX_FLAG_INEXACT, RND_INEXACT) && SAME_FLAG(FPX_FLAG_TIE, RND_TIE) &&
		       SAME_FLAG(FPX_FLAG_OVERFLOW, RND_OVERFLOW) && SAME_FLAG(FPX_FLAG_UNDERFLOW, RND_UNDERFLOW) &&
		       SAME_FLAG(FPX_FLAG_SATURATED, RND_SATURATED) && SAME_FLAG(FPX_FLAG_INVALID, RND_INVALID) &&
		       SAME_FLAG(FPX_FLAG_DIVBYZERO, RND_DIVBYZERO),
	       "fpx.h's flags are round.h's");

const char *fpx_version(void)
{
	return FPX_VERSION;
}

/* ---- Errors ---- */

fpx_status libfpx_fail(fpx_error *err, fpx_status status, size_t index, const char *message)
{
	if (err) {
		err->status = status;
		err->index = index;
		snprintf(err->message, sizeof err->message, "%s", message);
	}
	return status;
}

void libfpx_take_messages(struct libfpx_taken *t)
{
	sb_init(&t->messages);
	t->before = report_into(&t->messages);
}

void libfpx_give_back(struct libfpx_taken *t)
{
	report_into(t->before);
	sb_free(&t->messages);
}

/* ---- Formats ---- */

const struct fmt *libfpx_fmt(const fpx_format *f)
{
	return (const struct fmt *)f;
}

fpx_status fpx_format_lookup(const fpx_format **out, const char *name, fpx_error *err)
{
	struct libfpx_taken t;
	const struct fmt *f;
	fpx_status status = FPX_OK;

	libfpx_take_messages(&t);
	if (!(f = settings_require_format(name)))
		status = libfpx_fail(err, FPX_USAGE, 0, t.messages.s);
	libfpx_give_back(&t);
	*out = (const fpx_format *)f;
	return status;
}

/* The formats a load describes: the first `room` of them kept, all of them counted. */
struct loaded_formats {
	const fpx_format **out;
	size_t room, count;
};

static void note_loaded(const struct fmt *f, void *arg)
{
	struct loaded_formats *l = arg;

	if (l->count < l->room)
		l->out[l->count] = (const fpx_format *)f;
	l->count++;
}

fpx_status fpx_format_load(const fpx_format **out, size_t nout, size_t *count, const char *origin,
			   const char *text, fpx_error *err)
{
	struct loaded_formats l = { out, nout, 0 };
	char message[sizeof err->message];

	if (count)
		*count = 0;
	if (!text)
		return libfpx_fail(err, FPX_USAGE, 0, "no format text");
	if (!fmt_load_text_told(origin ? origin : "<text>", text, note_loaded, &l, message, sizeof message))
		return libfpx_fail(err, FPX_USAGE, 0, message);
	if (count)
		*count = l.count;
	return FPX_OK;
}

const char *fpx_format_name(const fpx_format *f)
{
	return libfpx_fmt(f)->name;
}

int fpx_format_bits(const fpx_format *f)
{
	return libfpx_fmt(f)->bits;
}

size_t fpx_code_size(const fpx_format *f)
{
	int bits = libfpx_fmt(f)->bits;

	return bits <= 8 ? 1 : bits <= 16 ? 2 : bits <= 32 ? 4 : bits <= 64 ? 8 : bits <= 128 ? 16 : 32;
}

/* ---- Options ---- */

/* The options the library takes: how values are rounded. */
static const char *const rounding_options[] = {
	"round", "saturate", "saturation", "sr-bits", "sr-random", "policy", "arch", "via", "wrap", "max-precision",
};
#define ROUNDING_OPTIONS (OPTION_BIT(ROUND) | OPTION_BIT(SATURATE) | OPTION_BIT(SATURATION) | OPTION_BIT(SR_BITS) | \
			  OPTION_BIT(SR_RANDOM) | OPTION_BIT(POLICY) | OPTION_BIT(ARCH) | OPTION_BIT(VIA) |            \
			  OPTION_BIT(WRAP) | OPTION_BIT(MAX_PRECISION))

static bool rounding_option(const char *name)
{
	for (size_t i = 0; i < sizeof rounding_options / sizeof rounding_options[0]; i++)
		if (strcmp(name, rounding_options[i]) == 0)
			return true;
	return false;
}

static void settings_default(struct settings *s)
{
	*s = (struct settings){ .rounding = { .mode = RND_NEAREST_EVEN }, .style = STYLE_TSV, .map.seed = 1 };
}

/* given[0..count) read into s as fpx(1) reads them, each value checked; false after a
 * usage message. */
static bool read_options(struct settings *s, char *const *given, int count)
{
	char *argv[LIBFPX_MAX_OPTIONS + 1] = { "fpx" };
	int status;

	memcpy(argv + 1, given, (size_t)count * sizeof *given);
	settings_default(s);
	status = options_parse(s, count + 1, argv);
	free(s->args);
	s->args = NULL;
	s->nargs = 0;
	return status == OPTIONS_GO_ON;
}

/* Whether the options read go together as fpx(1) checks them (sra with its sr-bits and
 * sr-random, a policy with its formats); false after a usage message. */
static bool options_go_together(const struct settings *s)
{
	return options_check(s, ROUNDING_OPTIONS, "libfpx") == OPTIONS_GO_ON && settings_check_policy(s);
}

fpx_status libfpx_options_check(const fpx_options *o, fpx_error *err)
{
	return o && o->unsettled ? libfpx_fail(err, FPX_USAGE, 0, o->unsettled) : FPX_OK;
}

/* FPX_USAGE where o asks for threads a readout or rows cannot use. */
static fpx_status refuse_threads(const fpx_options *o, fpx_error *err)
{
	if (o && o->threads != 1)
		return libfpx_fail(err, FPX_USAGE, 0, "threads shares the elements of an encode or cast among threads; "
				   "a readout and rows run on one (threads 1)");
	return FPX_OK;
}

fpx_options *fpx_options_new(void)
{
	fpx_options *o = calloc(1, sizeof *o);

	if (!o)
		abort();
	settings_default(&o->s);
	o->threads = 1;
	return o;
}

void fpx_options_free(fpx_options *o)
{
	if (!o)
		return;
	for (int i = 0; i < o->count; i++)
		free(o->given[i]);
	free(o->unsettled);
	free(o);
}

/* "threads": the library's own option (fpx(1) runs on one thread): 0 to 64. */
static fpx_status threads_option(fpx_options *o, const char *value, fpx_error *err)
{
	char *end;
	long threads = value ? strtol(value, &end, 10) : -1;

	if (!value || end == value || *end || threads < 0 || threads > 64) {
		char message[128];
		snprintf(message, sizeof message, "threads takes 0 (one a processor) to 64, not '%s'", value ? value : "");
		return libfpx_fail(err, FPX_USAGE, 0, message);
	}
	o->threads = (int)threads;
	return FPX_OK;
}

fpx_status fpx_options_set(fpx_options *o, const char *name, const char *value, fpx_error *err)
{
	struct libfpx_taken t;
	struct strbuf option;
	struct settings s;
	fpx_status status = FPX_OK;

	if (strcmp(name, "threads") == 0)
		return threads_option(o, value, err);
	if (!rounding_option(name)) {
		char message[256];
		snprintf(message, sizeof message, "libfpx takes no option '%s' (round, saturation, saturate, sr-bits, "
			 "sr-random, policy, arch, via, wrap, max-precision, threads)", name);
		return libfpx_fail(err, FPX_USAGE, 0, message);
	}
	if (o->count == LIBFPX_MAX_OPTIONS)
		return libfpx_fail(err, FPX_USAGE, 0, "too many options set: make new options");
	sb_init(&option);
	sb_printf(&option, "--%s", name);
	if (value)
		sb_printf(&option, "=%s", value);
	o->given[o->count] = option.s;
	libfpx_take_messages(&t);
	if (read_options(&s, o->given, o->count + 1)) {
		o->s = s;
		o->count++;
		free(o->unsettled);
		o->unsettled = NULL;
		sb_clear(&t.messages);
		if (!options_go_together(&o->s) && !(o->unsettled = strdup(t.messages.s)))
			abort();
	} else {
		status = libfpx_fail(err, FPX_USAGE, 0, t.messages.s);
		sb_free(&option);
	}
	libfpx_give_back(&t);
	return status;
}

/* The text a command wrote into out, handed out (never NULL). */
static char *handed_out(struct strbuf *out)
{
	char *text = out->cap ? out->s : strdup("");

	if (!text)
		abort();
	return text;
}

/* ---- Readouts ---- */

fpx_status fpx_show_json(char **json, const fpx_format *f, const fpx_options *o, const char *value, fpx_error *err)
{
	struct settings s;
	struct strbuf out, *out_before;
	struct libfpx_taken t;
	char *args[2] = { (char *)libfpx_fmt(f)->name, NULL };
	fpcode shown;
	bool typed;
	int status;

	*json = NULL;
	if (libfpx_options_check(o, err) != FPX_OK || refuse_threads(o, err) != FPX_OK)
		return FPX_USAGE;
	if (o)
		s = o->s;
	else
		settings_default(&s);
	s.style = STYLE_JSON;
	s.args = args;
	s.nargs = 1;
	sb_init(&out);
	libfpx_take_messages(&t);
	out_before = output_into(&out);
	status = cmd_show_one(&s, value, &shown, &typed);
	output_into(out_before);
	*json = NULL;
	if (status != 0) {
		status = libfpx_fail(err, status == EXIT_USAGE ? FPX_USAGE : FPX_INPUT, 0, t.messages.s);
		sb_free(&out);
	} else
		*json = handed_out(&out);
	libfpx_give_back(&t);
	return (fpx_status)status;
}

/* The command's run with s, what it writes taken into *json, its messages into err. */
static fpx_status run_taken(char **json, int (*run)(struct settings *), struct settings *s, fpx_error *err)
{
	struct strbuf out, *out_before;
	struct libfpx_taken t;
	int status;

	sb_init(&out);
	libfpx_take_messages(&t);
	out_before = output_into(&out);
	status = run(s);
	output_into(out_before);
	*json = NULL;
	if (status == EXIT_USAGE) {
		libfpx_fail(err, FPX_USAGE, 0, t.messages.s);
		sb_free(&out);
	} else {
		if (status != 0)
			libfpx_fail(err, FPX_INPUT, 0, t.messages.s);
		*json = handed_out(&out);
	}
	libfpx_give_back(&t);
	return status == 0 ? FPX_OK : status == EXIT_USAGE ? FPX_USAGE : FPX_INPUT;
}

fpx_status fpx_formats_json(char **json, fpx_error *err)
{
	struct settings s;

	settings_default(&s);
	s.style = STYLE_JSON;
	return run_taken(json, cmd_formats, &s, err);
}

/* The rows' options the library takes: those of the rows, never a process's (-j), a
 * file's (-F, --svg) or the terminal's. */
#define ROWS_REFUSED (OPTION_BIT(JOBS) | OPTION_BIT(FORMAT_FILE) | OPTION_BIT(SVG) | OPTION_BIT(HELP) | \
		      OPTION_BIT(VERSION) | OPTION_BIT(COLOR) | OPTION_BIT(TSV) | OPTION_BIT(CSV) | OPTION_BIT(HEADER))

fpx_status fpx_rows_json(char **json, const char *command, const char *const *args, int nargs, const fpx_options *o,
			 const char *const *row_options, int noptions, fpx_error *err)
{
	static const char *const rows_commands[] = { "table", "map", "convert", "cast" };
	const struct command *c = NULL;
	char **argv;
	struct settings s;
	struct libfpx_taken t;
	int count = o ? o->count : 0, status;
	fpx_status done;

	*json = NULL;
	if (refuse_threads(o, err) != FPX_OK)
		return FPX_USAGE;
	for (size_t k = 0; k < sizeof rows_commands / sizeof rows_commands[0]; k++)
		if (strcmp(command, rows_commands[k]) == 0)
			c = cmdline_find(&cli_commands, command);
	if (!c)
		return libfpx_fail(err, FPX_USAGE, 0, "rows come from table, map, convert or cast");
	if (nargs < 0 || noptions < 0 || !(argv = calloc((size_t)(1 + count + noptions + nargs + 1), sizeof *argv)))
		return libfpx_fail(err, FPX_USAGE, 0, "no arguments");
	argv[0] = "fpx";
	for (int k = 0; k < count; k++)
		argv[1 + k] = o->given[k];
	for (int k = 0; k < noptions; k++)
		argv[1 + count + k] = (char *)row_options[k];
	argv[1 + count + noptions] = "--";
	for (int k = 0; k < nargs; k++)
		argv[2 + count + noptions + k] = (char *)args[k];
	settings_default(&s);
	libfpx_take_messages(&t);
	status = options_parse(&s, 2 + count + noptions + nargs, argv);
	if (status == OPTIONS_GO_ON)
		status = options_check(&s, c->options & ~ROWS_REFUSED, c->name);
	if (status != OPTIONS_GO_ON)
		libfpx_fail(err, FPX_USAGE, 0, t.messages.s);
	libfpx_give_back(&t);
	free(argv);
	if (status != OPTIONS_GO_ON) {
		free(s.args);
		return FPX_USAGE;
	}
	s.style = STYLE_JSON;
	s.map.quiet = true;
	done = run_taken(json, c->run, &s, err);
	free(s.args);
	return done;
}

void fpx_free(void *p)
{
	free(p);
}
