/*
 * libfpx.c — fpx.h's formats, options and errors, and its conversions: each element
 * through the conversion every command shares (convert_text()), so that the library
 * answers as fpx(1) does, byte for byte; the messages are fpx(1)'s, taken from the
 * thread's report (report_into()). Never prints, exits or keeps anything between calls
 * but the options it is given.
 */
#include "fpx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "convert.h"
#include "options.h"
#include "output.h"
#include "registry.h"
#include "render.h"
#include "roundline.h"
#include "report.h"
#include "settings.h"
#include "strbuf.h"

#define SAME_FLAG(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME_FLAG(FPX_FLAG_INEXACT, RND_INEXACT) && SAME_FLAG(FPX_FLAG_TIE, RND_TIE) &&
		       SAME_FLAG(FPX_FLAG_OVERFLOW, RND_OVERFLOW) && SAME_FLAG(FPX_FLAG_UNDERFLOW, RND_UNDERFLOW) &&
		       SAME_FLAG(FPX_FLAG_SATURATED, RND_SATURATED) && SAME_FLAG(FPX_FLAG_INVALID, RND_INVALID) &&
		       SAME_FLAG(FPX_FLAG_DIVBYZERO, RND_DIVBYZERO),
	       "fpx.h's flags are round.h's");

#define LIBFPX_MAX_OPTIONS 16

struct fpx_options {
	int count;
	char *given[LIBFPX_MAX_OPTIONS]; /* "--name=value", as fpx(1) reads them */
	struct settings s;               /* what they say */
};

const char *fpx_version(void)
{
	return FPX_VERSION;
}

/* ---- Errors ---- */

static fpx_status fail(fpx_error *err, fpx_status status, size_t index, const char *message)
{
	if (err) {
		err->status = status;
		err->index = index;
		snprintf(err->message, sizeof err->message, "%s", message);
	}
	return status;
}

/* A call's messages, taken from the thread's report while it runs. */
struct taken {
	struct strbuf messages, *before;
};

static void take_messages(struct taken *t)
{
	sb_init(&t->messages);
	t->before = report_into(&t->messages);
}

static void give_back(struct taken *t)
{
	report_into(t->before);
	sb_free(&t->messages);
}

/* ---- Formats ---- */

static const struct fmt *fmt_of(const fpx_format *f)
{
	return (const struct fmt *)f;
}

fpx_status fpx_format_lookup(const fpx_format **out, const char *name, fpx_error *err)
{
	struct taken t;
	const struct fmt *f;
	fpx_status status = FPX_OK;

	take_messages(&t);
	if (!(f = settings_require_format(name)))
		status = fail(err, FPX_USAGE, 0, t.messages.s);
	give_back(&t);
	*out = (const fpx_format *)f;
	return status;
}

const char *fpx_format_name(const fpx_format *f)
{
	return fmt_of(f)->name;
}

int fpx_format_bits(const fpx_format *f)
{
	return fmt_of(f)->bits;
}

size_t fpx_code_size(const fpx_format *f)
{
	int bits = fmt_of(f)->bits;

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

/* given[0..count) read into s as fpx(1) reads them; false after a usage message. */
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
	if (status == OPTIONS_GO_ON)
		status = options_check(s, ROUNDING_OPTIONS, "libfpx");
	return status == OPTIONS_GO_ON && settings_check_policy(s);
}

fpx_options *fpx_options_new(void)
{
	fpx_options *o = calloc(1, sizeof *o);

	if (!o)
		abort();
	settings_default(&o->s);
	return o;
}

void fpx_options_free(fpx_options *o)
{
	if (!o)
		return;
	for (int i = 0; i < o->count; i++)
		free(o->given[i]);
	free(o);
}

fpx_status fpx_options_set(fpx_options *o, const char *name, const char *value, fpx_error *err)
{
	struct taken t;
	struct strbuf option;
	struct settings s;
	fpx_status status = FPX_OK;

	if (!rounding_option(name)) {
		char message[256];
		snprintf(message, sizeof message, "libfpx takes no option '%s' (round, saturation, saturate, sr-bits, "
			 "sr-random, policy, arch, via, wrap, max-precision)", name);
		return fail(err, FPX_USAGE, 0, message);
	}
	if (o->count == LIBFPX_MAX_OPTIONS)
		return fail(err, FPX_USAGE, 0, "too many options set: make new options");
	sb_init(&option);
	sb_printf(&option, "--%s", name);
	if (value)
		sb_printf(&option, "=%s", value);
	o->given[o->count] = option.s;
	take_messages(&t);
	if (read_options(&s, o->given, o->count + 1)) {
		o->s = s;
		o->count++;
	} else {
		status = fail(err, FPX_USAGE, 0, t.messages.s);
		sb_free(&option);
	}
	give_back(&t);
	return status;
}

/* ---- Encoding ---- */

static void put_code(void *codes, size_t size, size_t i, fpcode code)
{
	unsigned char *p = (unsigned char *)codes + i * size;

	switch (size) {
	case 1: *p = (uint8_t)code; break;
	case 2: { uint16_t v = (uint16_t)code; memcpy(p, &v, 2); break; }
	case 4: { uint32_t v = (uint32_t)code; memcpy(p, &v, 4); break; }
	case 8: { uint64_t v = (uint64_t)code; memcpy(p, &v, 8); break; }
	default: memcpy(p, &code, size); break;
	}
}

static fpcode get_code(const void *codes, size_t size, size_t i)
{
	const unsigned char *p = (const unsigned char *)codes + i * size;
	fpcode code = 0;

	switch (size) {
	case 1: return *p;
	case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
	case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
	case 8: { uint64_t v; memcpy(&v, p, 8); return v; }
	default: memcpy(&code, p, size); return code;
	}
}

/* One encoding: the target as the options make it, the conversion they set up, and
 * where it is open, the rounding straight from ±n·2^e2 (direct_open()). */
struct encoding {
	const struct settings *s;
	const struct fmt *to;
	struct conversion conv;
	bool direct;
	struct rnd_line line;
	size_t size, failures;
	void *codes;
	uint8_t *flags;
	fpx_error *err;
	struct taken t;
};

static fpx_status encoding_open(struct encoding *e, void *codes, uint8_t *flags, const fpx_format *to,
				const fpx_options *o, const fpx_format *from, fpx_error *err)
{
	static const fpx_options defaults = { .s = { .rounding = { .mode = RND_NEAREST_EVEN }, .style = STYLE_TSV } };

	*e = (struct encoding){ .s = o ? &o->s : &defaults.s, .codes = codes, .flags = flags, .err = err };
	take_messages(&e->t);
	conversion_init(&e->conv);
	if (e->s->policy)
		e->conv.policy = e->s->policy;
	e->conv.arch = e->s->arch;
	e->conv.max_precision = e->s->max_precision ? e->s->max_precision : REAL_MAX_PRECISION;
	e->conv.source = from ? fmt_of(from) : NULL;
	if (!(e->to = settings_target(e->s, fmt_of(to))) || (e->s->via && !(e->conv.via = settings_require_format(e->s->via)))) {
		fpx_status status = fail(err, FPX_USAGE, 0, e->t.messages.s);
		conversion_clear(&e->conv);
		give_back(&e->t);
		return status;
	}
	e->size = fpx_code_size(to);
	return FPX_OK;
}

/* Binary values rounded straight from their bits where the conversion does nothing else
 * to them: fpx's own policy, no via, a mode that draws nothing, and a target the one
 * pass rounds into (rnd_line_open()). */
static void direct_open(struct encoding *e)
{
	e->direct = e->conv.policy == policy_default() && !e->conv.via && !rnd_mode_is_stochastic(e->s->rounding.mode) &&
		    rnd_line_open(&e->line, e->to, e->s->rounding, 0);
}

/* Element i, ±n·2^e2 (n nonzero, below 2^64), rounded straight; false where that
 * declines it (the conversion then takes it). */
static bool encode_direct(struct encoding *e, size_t i, bool neg, uint64_t n, long e2)
{
	struct rnd_result r;

	if (!e->flags) {
		if (!rnd_line_binary_code(&r.code, &e->line, neg, n, e2))
			return false;
	} else if (!rnd_encode_binary(&r, e->to, neg, n, e2, e->s->rounding))
		return false;
	else
		e->flags[i] = (uint8_t)r.flags;
	put_code(e->codes, e->size, i, r.code);
	return true;
}

/* A binary format's code (binary16, 32, 64: exponent bits ebits, significand bits
 * fbits) rounded straight where it is finite and not zero. */
static bool encode_ieee_direct(struct encoding *e, size_t i, fpcode code, int ebits, int fbits)
{
	uint64_t bits = (uint64_t)code, fraction = bits & ((UINT64_C(1) << fbits) - 1);
	long field = (long)(bits >> fbits & ((UINT64_C(1) << ebits) - 1)), bias = (1L << (ebits - 1)) - 1;
	bool neg = bits >> (ebits + fbits) & 1;

	if (!e->direct || field == (1L << ebits) - 1 || (field == 0 && fraction == 0))
		return false; /* inf, NaN and zeros: the conversion's (their codes and flags) */
	if (field)
		return encode_direct(e, i, neg, fraction | UINT64_C(1) << fbits, field - bias - fbits);
	return encode_direct(e, i, neg, fraction, 1 - bias - fbits);
}

/* Element i from its text: its code and flags, or the target's NaN and FAILED. */
static void encode_one(struct encoding *e, size_t i, const char *text, size_t len)
{
	enum problem p = convert_text(&e->conv, e->to, text, len, e->s->rounding);
	unsigned flags = 0;
	fpcode code;

	if (p == PROBLEM_NONE) {
		code = e->conv.code;
		flags = e->conv.in.kind == INPUT_VALUE ? e->conv.result.flags : 0;
	} else {
		code = e->to->has_nan ? e->to->nan_code : 0;
		flags = FPX_FLAG_FAILED;
		if (e->failures++ == 0) {
			sb_clear(&e->t.messages);
			problem_report(NULL, text, len, p, &e->conv.err);
			fail(e->err, FPX_INPUT, i, e->t.messages.s);
		}
	}
	put_code(e->codes, e->size, i, code);
	if (e->flags)
		e->flags[i] = (uint8_t)flags;
}

static fpx_status encoding_close(struct encoding *e)
{
	fpx_status status = e->failures ? FPX_INPUT : FPX_OK;

	conversion_clear(&e->conv);
	give_back(&e->t);
	return status;
}

fpx_status fpx_encode_text(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			   const char *const *text, const size_t *lens, size_t n, fpx_error *err)
{
	struct encoding e;
	fpx_status status = encoding_open(&e, codes, flags, to, o, NULL, err);

	if (status != FPX_OK)
		return status;
	for (size_t i = 0; i < n; i++)
		encode_one(&e, i, text[i], lens ? lens[i] : strlen(text[i]));
	return encoding_close(&e);
}

/* The exponent bits of binary16, binary32 and binary64 (whose codes encode_ieee_direct()
 * takes apart), else 0. */
static int ieee_exponent_bits(const struct fmt *f)
{
	static const char *const names[] = { "binary16", "binary32", "binary64" };
	static const int bits[] = { 5, 8, 11 };

	for (int k = 0; k < 3; k++)
		if (f == fmt_lookup(names[k]))
			return bits[k];
	return 0;
}

/* Codes of `from`, each given as the hex pattern fpx(1) casts; binary16, 32 and 64's
 * finite nonzero ones rounded straight where they can be. */
static fpx_status cast_codes(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			     const fpx_format *from, fpcode (*code_at)(const void *, size_t), const void *x, size_t n,
			     fpx_error *err)
{
	struct encoding e;
	fpx_status status = encoding_open(&e, codes, flags, to, o, from, err);
	char hex[CODE_MAX_BITS / 4 + 3];

	int ebits = ieee_exponent_bits(fmt_of(from));

	if (status != FPX_OK)
		return status;
	if (ebits)
		direct_open(&e);
	for (size_t i = 0; i < n; i++) {
		fpcode code = code_at(x, i);
		if (ebits && encode_ieee_direct(&e, i, code, ebits, fmt_of(from)->bits - 1 - ebits))
			continue;
		code_to_hex(hex, code, (fmt_of(from)->bits + 3) / 4); /* 0x and the digits */
		encode_one(&e, i, hex, strlen(hex));
	}
	return encoding_close(&e);
}

static fpcode double_code(const void *x, size_t i)
{
	uint64_t bits;

	memcpy(&bits, (const double *)x + i, sizeof bits);
	return bits;
}

static fpcode float_code(const void *x, size_t i)
{
	uint32_t bits;

	memcpy(&bits, (const float *)x + i, sizeof bits);
	return bits;
}

/* The binary format named: built in, so never missing. */
static const fpx_format *builtin(const char *name)
{
	return (const fpx_format *)fmt_lookup(name);
}

fpx_status fpx_encode_double(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			     const double *x, size_t n, fpx_error *err)
{
	return cast_codes(codes, flags, to, o, builtin("binary64"), double_code, x, n, err);
}

fpx_status fpx_encode_float(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			    const float *x, size_t n, fpx_error *err)
{
	return cast_codes(codes, flags, to, o, builtin("binary32"), float_code, x, n, err);
}

/* Integers, each as its decimal digits. */
static fpx_status encode_integers(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				  const void *x, bool is_signed, size_t n, fpx_error *err)
{
	struct encoding e;
	fpx_status status = encoding_open(&e, codes, flags, to, o, NULL, err);
	char text[24];

	if (status != FPX_OK)
		return status;
	direct_open(&e);
	for (size_t i = 0; i < n; i++) {
		int64_t v = is_signed ? ((const int64_t *)x)[i] : 0;
		uint64_t u = is_signed ? (v < 0 ? -(uint64_t)v : (uint64_t)v) : ((const uint64_t *)x)[i];
		if (e.direct && u && encode_direct(&e, i, v < 0, u, 0))
			continue;
		int len = is_signed ? snprintf(text, sizeof text, "%lld", (long long)((const int64_t *)x)[i])
				    : snprintf(text, sizeof text, "%llu", (unsigned long long)((const uint64_t *)x)[i]);
		encode_one(&e, i, text, (size_t)len);
	}
	return encoding_close(&e);
}

fpx_status fpx_encode_int64(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			    const int64_t *x, size_t n, fpx_error *err)
{
	return encode_integers(codes, flags, to, o, x, true, n, err);
}

fpx_status fpx_encode_uint64(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			     const uint64_t *x, size_t n, fpx_error *err)
{
	return encode_integers(codes, flags, to, o, x, false, n, err);
}

/* from's codes, at code size. */
struct code_array {
	const void *codes;
	size_t size;
};

static fpcode array_code(const void *x, size_t i)
{
	const struct code_array *a = x;

	return get_code(a->codes, a->size, i);
}

fpx_status fpx_cast(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o, const fpx_format *from,
		    const void *from_codes, size_t n, fpx_error *err)
{
	struct code_array a = { from_codes, fpx_code_size(from) };

	return cast_codes(codes, flags, to, o, from, array_code, &a, n, err);
}

/* ---- Decoding ---- */

fpx_status fpx_decode_double(double *x, const fpx_format *f, const void *codes, size_t n, int exact, fpx_error *err)
{
	size_t size = fpx_code_size(f);
	struct code_array a = { codes, size };
	uint64_t *bits = malloc((n ? n : 1) * sizeof *bits);
	uint8_t *flags = malloc(n ? n : 1);
	fpx_status status;

	if (!bits || !flags)
		abort();
	status = cast_codes(bits, flags, builtin("binary64"), NULL, f, array_code, &a, n, err);
	for (size_t i = 0; i < n && status == FPX_OK; i++) {
		memcpy(&x[i], &bits[i], sizeof x[i]);
		if (exact && (flags[i] & FPX_FLAG_INEXACT)) {
			char message[128];
			snprintf(message, sizeof message, "code %zu of %s is no double: its value rounds", i, fmt_of(f)->name);
			status = fail(err, FPX_INEXACT, i, message);
		}
	}
	free(bits);
	free(flags);
	return status;
}

fpx_status fpx_decode_text(const fpx_format *f, const void *codes, size_t n, const char *field, fpx_text_fn *fn,
			   void *arg, fpx_error *err)
{
	struct field_list fields;
	struct strbuf cell;
	const char *bad = render_parse_fields(&fields, field);
	size_t size = fpx_code_size(f);

	if (bad || fields.count != 1 || render_needs_input(&fields)) {
		char message[256];
		snprintf(message, sizeof message, "'%s' is not one field of a code alone (exact, shortest, hex, ...)", field);
		return fail(err, FPX_USAGE, 0, message);
	}
	sb_init(&cell);
	for (size_t i = 0; i < n; i++) {
		struct row r = { "", get_code(codes, size, i), NULL, NULL, false, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE) };
		sb_clear(&cell);
		render_row(&cell, fmt_of(f), &r, &fields, STYLE_TSV);
		if (cell.len && cell.s[cell.len - 1] == '\n')
			cell.s[--cell.len] = '\0';
		if (fn(arg, i, cell.s, cell.len))
			break;
	}
	sb_free(&cell);
	return FPX_OK;
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
	struct taken t;
	char *args[2] = { (char *)fmt_of(f)->name, NULL };
	fpcode shown;
	bool typed;
	int status;

	if (o)
		s = o->s;
	else
		settings_default(&s);
	s.style = STYLE_JSON;
	s.args = args;
	s.nargs = 1;
	sb_init(&out);
	take_messages(&t);
	out_before = output_into(&out);
	status = cmd_show_one(&s, value, &shown, &typed);
	output_into(out_before);
	*json = NULL;
	if (status != 0) {
		status = fail(err, status == EXIT_USAGE ? FPX_USAGE : FPX_INPUT, 0, t.messages.s);
		sb_free(&out);
	} else
		*json = handed_out(&out);
	give_back(&t);
	return (fpx_status)status;
}

/* The command's run with s, what it writes taken into *json, its messages into err. */
static fpx_status run_taken(char **json, int (*run)(struct settings *), struct settings *s, fpx_error *err)
{
	struct strbuf out, *out_before;
	struct taken t;
	int status;

	sb_init(&out);
	take_messages(&t);
	out_before = output_into(&out);
	status = run(s);
	output_into(out_before);
	*json = NULL;
	if (status == EXIT_USAGE) {
		fail(err, FPX_USAGE, 0, t.messages.s);
		sb_free(&out);
	} else {
		if (status != 0)
			fail(err, FPX_INPUT, 0, t.messages.s);
		*json = handed_out(&out);
	}
	give_back(&t);
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
	struct taken t;
	int count = o ? o->count : 0, status;
	fpx_status done;

	*json = NULL;
	for (size_t k = 0; k < sizeof rows_commands / sizeof rows_commands[0]; k++)
		if (strcmp(command, rows_commands[k]) == 0)
			c = cmdline_find(&cli_commands, command);
	if (!c)
		return fail(err, FPX_USAGE, 0, "rows come from table, map, convert or cast");
	if (nargs < 0 || noptions < 0 || !(argv = calloc((size_t)(1 + count + noptions + nargs + 1), sizeof *argv)))
		return fail(err, FPX_USAGE, 0, "no arguments");
	argv[0] = "fpx";
	for (int k = 0; k < count; k++)
		argv[1 + k] = o->given[k];
	for (int k = 0; k < noptions; k++)
		argv[1 + count + k] = (char *)row_options[k];
	argv[1 + count + noptions] = "--";
	for (int k = 0; k < nargs; k++)
		argv[2 + count + noptions + k] = (char *)args[k];
	settings_default(&s);
	take_messages(&t);
	status = options_parse(&s, 2 + count + noptions + nargs, argv);
	if (status == OPTIONS_GO_ON)
		status = options_check(&s, c->options & ~ROWS_REFUSED, c->name);
	if (status != OPTIONS_GO_ON)
		fail(err, FPX_USAGE, 0, t.messages.s);
	give_back(&t);
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
