/*
 * convcmd.c — the commands that convert values one by one: convert and cast (a row
 * each) and show (a readout each). They share one converter: the formats named, the
 * policy and --via, the loop over arguments or stdin lines, and the error report that
 * lets a batch go on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "problem.h"
#include "registry.h"
#include "roundline.h"
#include "lines.h"
#include "parse.h"
#include "readout.h"

/* ---- convert --------------------------------------------------------------------------------- */

struct converter {
	struct settings *s;
	struct format_list targets; /* FORMAT, or FORMAT,FORMAT,... or all: each input goes into each */
	const struct fmt *f;        /* the one it is going into */
	struct strbuf line;
	struct conversion conv;
	int failures;
	bool cast;       /* the first argument is the source format, the second the target */
	int first_value; /* the index of the first value among the arguments */
	struct rnd_spec rounding; /* what the policy rounds into the target with, given -r and -s */
	enum bulk_rows bulk; /* rows of the code alone (render_code_row()), or BULK_ROWS_NONE */
	struct rnd_line one_pass; /* ... of stdin's lines, rounded in one pass */
	bool plain; /* ... and of plain decimals, through the fast path (convert_plain_line()) */
	struct show_style style;
	struct strbuf word;        /* -x: the text with its 0x */
	struct field_list compact; /* show into several targets: a line each of these fields */
	struct strbuf pending;     /* ... made for the current input, to align */
	/* what to write for one converted input: a row, or a readout; and for one that failed */
	void (*emit)(struct converter *c, const char *text, fpcode code, const struct rnd_result *res);
	void (*emit_error)(struct converter *c, const char *text, const char *problem);
	/* after an input went into several targets, or NULL */
	void (*emit_end)(struct converter *c, const char *text);
};

/* The target the next conversion goes into, and how the policy rounds into it. */
static void use_target(struct converter *c, const struct fmt *f)
{
	c->f = f;
	c->rounding = policy_rounding(c->conv.policy, f, c->s->rounding);
}

static enum problem convert_into(struct converter *c, const char *text, size_t len, struct inputs *in);

/* Converts one input into each target and emits it; an error is reported (naming the
 * argument or line, and the target where there are several) and written in the input's
 * place, and the batch goes on. Text that is no input is reported once. */
static void convert_one(struct converter *c, const char *text, size_t len, struct inputs *in)
{
	bool unparsed = false;

	if (c->targets.count == 1) {
		convert_into(c, text, len, in);
		return;
	}
	for (int i = 0; i < c->targets.count; i++) {
		use_target(c, c->targets.f[i]);
		if (unparsed)
			c->emit_error(c, text, problem_message(PROBLEM_PARSE, &c->conv.err));
		else
			unparsed = convert_into(c, text, len, in) == PROBLEM_PARSE;
	}
	if (c->emit_end)
		c->emit_end(c, text);
	output_write(&c->line, c->s->interactive);
}

/* "argument 2" or "line 7", and ", into e2m1" where the targets are several. */
static const char *where_into(char *buf, size_t size, const struct converter *c, struct inputs *in,
			      enum problem problem)
{
	const char *where = in ? inputs_where(in) : NULL;

	if (c->targets.count == 1 || problem == PROBLEM_PARSE)
		return where;
	snprintf(buf, size, "%s%sinto %s", where ? where : "", where ? ", " : "", c->f->name);
	return buf;
}

/* -x: "7fc00000" is the code 0x7fc00000 (the text keeps its own form in the rows). */
static enum problem convert_hex_word(struct converter *c, const char *text, size_t len)
{
	if (len > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) { /* 0x3f800000 is 3f800000 */
		text += 2;
		len -= 2;
	}
	if (len == 0 || strspn(text, "0123456789abcdefABCDEF_") < len)
		return PROBLEM_NOT_HEX_WORD;
	sb_clear(&c->word);
	sb_puts(&c->word, "0x");
	sb_add(&c->word, text, len);
	return convert_text(&c->conv, c->f, c->word.s, c->word.len, c->s->rounding);
}

static enum problem convert_into(struct converter *c, const char *text, size_t len, struct inputs *in)
{
	enum problem problem = c->s->hex_input ? convert_hex_word(c, text, len)
					       : convert_text(&c->conv, c->f, text, len, c->s->rounding);
	char where[FMT_NAME_MAX + 64];

	if (in) /* each conversion, into each target */
		inputs_count_path(in, c->conv.fast);
	if (problem) {
		c->failures++;
		problem_report(where_into(where, sizeof where, c, in, problem), text, len, problem, &c->conv.err);
		c->emit_error(c, text, problem_message(problem, &c->conv.err));
	} else if (c->bulk)
		render_code_row(&c->line, c->f, c->conv.code, 0, 0, c->bulk, c->s->style);
	else
		c->emit(c, text, c->conv.code, c->conv.in.kind == INPUT_PATTERN ? NULL : &c->conv.result);
	output_write(&c->line, c->s->interactive);
	return problem;
}

/*
 * The one pass (inputs.h's fast path): a line that is a decimal and its newline goes
 * straight from the block into its row; with line_digits, the shortest digits come from
 * the line where they can (rnd_line_code_digits()). Flattened: every step is compiled
 * into it (a tenth of its instructions were calls' own), once with the line's digits
 * and once without.
 */
static inline __attribute__((always_inline)) const char *take_line(struct converter *c, const char *p, long *lines,
								  bool line_digits)
{
	const struct rnd_line *rl = &c->one_pass;
	const char *stop;
	long pow10 = 0;
	fpcode code;
	uint64_t shortest = 0;

	stop = line_digits ? rnd_line_code_digits(&code, &shortest, &pow10, rl, p) : rnd_line_code(&code, rl, p);
	if (!stop || *stop != '\n')
		return NULL;
	render_code_row(&c->line, c->f, code, shortest, pow10, c->bulk, c->s->style);
	*lines = 1;
	return stop + 1;
}

static inline __attribute__((always_inline)) const char *take_line_digits(void *c, const char *p, const char *end,
									   long *lines)
{
	(void)end;
	return take_line(c, p, lines, true);
}

static inline __attribute__((always_inline)) const char *take_line_code(void *c, const char *p, const char *end,
									 long *lines)
{
	(void)end;
	return take_line(c, p, lines, false);
}

__attribute__((flatten)) static const char *take_lines_digits(void *c, const char *p, const char *end, long *lines)
{
	return inputs_each_line(c, p, end, lines, &((struct converter *)c)->line, take_line_digits);
}

__attribute__((flatten)) static const char *take_lines_code(void *c, const char *p, const char *end, long *lines)
{
	return inputs_each_line(c, p, end, lines, &((struct converter *)c)->line, take_line_code);
}

/* Rows of the code alone of a plain decimal, through the fast path (the same functions
 * convert_text() calls first, and for the code alone the ends of a long decimal's
 * first 19 digits) into the output; false when it does not take the text. */
static bool convert_plain_line(struct converter *c, const char *text, size_t len)
{
	struct decimal d;
	struct rnd_result res;
	uint64_t shortest = 0;
	long pow10 = 0;

	if (!fastdec_scan(&d, text, len))
		return false;
	if (!rnd_encode_decimal(&res, c->f, &d, c->s->rounding)) {
		if (!rnd_decimal_code_by_ends(&res.code, c->f, &d, c->s->rounding))
			return false;
	} else if (!bulk_rows_shortest(c->bulk) ||
		   !rnd_decimal_own_digits(&shortest, &pow10, c->f, &d, &res, c->s->rounding.mode))
		shortest = 0;
	render_code_row(&c->line, c->f, res.code, shortest, pow10, c->bulk, c->s->style);
	output_write(&c->line, false);
	return true;
}

static void emit_row(struct converter *c, const char *text, fpcode code, const struct rnd_result *res);

/* inputs_each()'s: an input, and a line too long. */
static void convert_input(void *arg, struct inputs *in, const char *text, size_t len)
{
	struct converter *c = arg;

	if (c->plain && convert_plain_line(c, text, len))
		inputs_count_path(in, true);
	else
		convert_one(c, text, len, in);
}

static void convert_too_long(void *arg)
{
	struct converter *c = arg;

	c->failures++;
	c->emit_error(c, "", problem_message(PROBLEM_TOO_LONG, NULL));
	output_flush_line(&c->line);
}

/* Converts the values after the format, or else stdin's lines; false after a usage
 * error (no values, and stdin is not there to read). */
static bool convert_inputs(struct converter *c)
{
	struct inputs in;
	struct inputs_fast_path one_pass = { bulk_rows_shortest(c->bulk) ? take_lines_digits : take_lines_code, c, NULL };
	if (!inputs_open(&in, c->s, c->first_value))
		return false;
	inputs_answer_into(&in, &c->line, c->emit == emit_row);
	/* rows of the code alone (hex; hex and shortest; shortest) of stdin's lines, the
	 * commonest bulk job: without the row machinery, in one pass where the format allows */
	c->plain = c->bulk && in.reader && !c->s->interactive && convert_fast_path_open(&c->conv);
	if (c->plain && rnd_line_open(&c->one_pass, c->f, c->s->rounding, 0))
		inputs_take_lines(&in, &one_pass);
	if (!inputs_each(&in, &(struct inputs_rows){ convert_input, convert_too_long, c }))
		c->failures++;
	inputs_report_paths(&in);
	return true;
}

/* The formats a conversion names: the target (and, for cast, the source; with --via,
 * the format rounded into first). Reports a usage error and returns false. */
static bool conversion_formats(struct converter *c)
{
	struct settings *s = c->s;

	if (c->cast && !(c->conv.source = settings_require_format(s->args[0])))
		return false;
	if (!settings_require_formats(&c->targets, s->args[c->first_value - 1]) || !settings_targets(s, &c->targets))
		return false;
	if (s->via && !(c->conv.via = settings_require_format(s->via)))
		return false;
	return true;
}

static void converter_clear(struct converter *c)
{
	conversion_clear(&c->conv);
	sb_free(&c->line);
	sb_free(&c->word);
}

/* Sets the converter up for its settings; false after a usage error. */
static bool converter_open(struct converter *c)
{
	conversion_init(&c->conv);
	sb_init(&c->word);
	if (c->s->policy)
		c->conv.policy = c->s->policy;
	c->conv.max_precision = inputs_max_precision(c->s);
	c->conv.arch = c->s->arch;
	if (!settings_check_policy(c->s) || !conversion_formats(c)) {
		converter_clear(c);
		return false;
	}
	c->conv.need_value = c->emit != emit_row || render_needs_input(&c->s->fields);
	c->bulk = c->emit == emit_row && c->targets.count == 1 && !c->s->hex_input
			  ? render_bulk_rows(&c->s->fields, c->s->style)
			  : BULK_ROWS_NONE;
	use_target(c, c->targets.f[0]);
	return true;
}

/* Converts the values after the format, or stdin's lines when there are none. */
static int convert_all(struct converter *c)
{
	bool read;

	if (!converter_open(c))
		return EXIT_USAGE;
	if (c->emit == emit_row && c->s->header && c->s->style != STYLE_JSON)
		render_header(&c->line, &c->s->fields, c->s->style);
	read = convert_inputs(c);
	output_flush_line(&c->line);
	converter_clear(c);
	return !read ? EXIT_USAGE : c->failures ? EXIT_BAD_INPUT : EXIT_OK;
}

static void emit_error_row(struct converter *c, const char *text, const char *problem)
{
	render_error_row(&c->line, c->f, text, problem, &c->s->fields, c->s->style);
}

static void emit_row(struct converter *c, const char *text, fpcode code, const struct rnd_result *res)
{
	struct row row = { text, code, res, &c->conv.in.value, c->conv.approximate, c->rounding };

	render_row(&c->line, c->f, &row, &c->s->fields, c->s->style);
}

static int convert_rows(struct settings *s, bool cast)
{
	struct converter c = { .s = s, .emit = emit_row, .emit_error = emit_error_row, .cast = cast,
			       .first_value = cast ? 2 : 1 };

	if (s->nargs < c.first_value)
		return usage_error(cast ? USAGE_CAST_NEEDS_FORMATS : USAGE_CONVERT_NEEDS_FORMAT, NULL);
	if (!s->fields_given) /* several targets: which input and which format each row is */
		render_parse_fields(&s->fields, settings_names_several_formats(s->args[c.first_value - 1])
							? "input,format,hex,shortest"
							: "hex,shortest");
	sb_init(&c.line);
	return convert_all(&c);
}

int cmd_convert(struct settings *s)
{
	return convert_rows(s, false);
}

/* Codes of one format rounded once into another. */
int cmd_cast(struct settings *s)
{
	return convert_rows(s, true);
}

/* ---- show ---------------------------------------------------------------------------------- */

/*
 * Does an IEEE-like format g hold x exactly (so that rounding into g first changes
 * nothing)? Zero, infinities and NaN go through unchanged too. A finite x must be
 * m·2^e with m odd of at most p bits, e ≥ emin − p + 1, and below 2^(emax+1).
 */
static bool held_exactly(const struct fmt *g, const struct num *x)
{
	mpz_srcptr num = mpq_numref(x->mag), den = mpq_denref(x->mag);
	long zeros, k, bits;

	if (x->kind != NUM_FINITE || mpq_sgn(x->mag) == 0)
		return true;
	k = (long)mpz_scan1(den, 0);
	if ((size_t)k + 1 != mpz_sizeinbase(den, 2)) /* not a power of two */
		return false;
	zeros = (long)mpz_scan1(num, 0);
	bits = (long)mpz_sizeinbase(num, 2);
	return bits - zeros <= g->precision && zeros - k >= g->emin - g->precision + 1 && bits - 1 - k <= g->emax;
}

/*
 * The other route a readout mentions: when the value went through --via or the
 * policy's route, rounding once; else, for a format narrower than binary32, going
 * through binary32 first (what ml_dtypes does, and numpy arrays cast by it), when that
 * gives another code (never when binary32 holds the value).
 */
static void note_route(struct converter *c, struct readout *r)
{
	bool went_through = c->conv.nsteps > 0;
	const struct fmt *via = went_through ? NULL : fmt_lookup("binary32");
	fpcode other;

	if (!went_through && held_exactly(via, &c->conv.in.value))
		return;
	if (went_through || c->f->precision < 24) {
		if (convert_route(&other, c->f, via, c->conv.policy, &c->conv.in.value, c->rounding))
			readout_set_route(r, went_through ? c->conv.route : "binary32", went_through, other);
	}
}

static void emit_readout(struct converter *c, const char *text, fpcode code, const struct rnd_result *res)
{
	struct readout r;

	if (res) {
		readout_of_value(&r, c->f, text, &c->conv.in.value, c->rounding, res, c->conv.approximate);
		readout_set_other_saturation(&r);
		readout_set_policy(&r, c->conv.policy);
		note_route(c, &r);
	} else
		readout_of_code(&r, c->f, text, code, c->rounding);
	if (c->s->style == STYLE_JSON)
		show_readout_json(&c->line, &r);
	else {
		show_readout(&c->line, &r, &c->style);
		sb_putc(&c->line, '\n');
	}
	readout_clear(&r);
}

static void emit_readout_error(struct converter *c, const char *text, const char *problem)
{
	if (c->s->style == STYLE_JSON) {
		emit_error_row(c, text, problem);
		return;
	}
	sb_printf(&c->line, "%s: ", c->f->name);
	show_input(&c->line, text, &c->style);
	sb_printf(&c->line, " -> error: %s\n\n", problem);
}

/* show into several targets: one line per target (its code, value, error in ulps and
 * flags), aligned under the input once all are made. */
static void emit_compact(struct converter *c, const char *text, fpcode code, const struct rnd_result *res)
{
	struct row row = { text, code, res, &c->conv.in.value, c->conv.approximate, c->rounding };
	struct strbuf cells;
	char *ulps, *end;

	sb_init(&cells);
	render_row(&cells, c->f, &row, &c->compact, STYLE_TSV);
	ulps = cells.s;
	for (int i = 0; i < 3; i++) /* past format, hex and digits */
		ulps += strcspn(ulps, "\t") + 1;
	end = ulps + strcspn(ulps, "\t");
	*end = '\0';
	sb_add(&c->pending, cells.s, (size_t)(ulps - cells.s));
	show_number(&c->pending, ulps, &c->style); /* folded as the readout's own numbers */
	sb_putc(&c->pending, '\t');
	sb_puts(&c->pending, end + 1);
	sb_free(&cells);
}

static void emit_compact_error(struct converter *c, const char *text, const char *problem)
{
	(void)text;
	sb_printf(&c->pending, "%s\terror: %s\n", c->f->name, problem);
}

static void emit_compact_end(struct converter *c, const char *text)
{
	struct strbuf table;

	sb_init(&table);
	sb_puts(&table, "format\tcode\tvalue\tulps\tflags\n");
	sb_add(&table, c->pending.s, c->pending.len);
	show_input(&c->line, text, &c->style);
	sb_puts(&c->line, "\n");
	render_aligned(&c->line, table.s, "  ");
	sb_putc(&c->line, '\n');
	sb_clear(&c->pending);
	sb_free(&table);
}

int cmd_show(struct settings *s)
{
	struct converter c = { .s = s, .emit = emit_readout, .emit_error = emit_readout_error,
			       .first_value = 1, .style = output_show_style(s) };
	int status;

	if (s->nargs < 1)
		return usage_error(USAGE_SHOW_NEEDS_FORMAT, NULL);
	render_parse_fields(&s->fields, "input");
	if (s->style != STYLE_JSON && settings_names_several_formats(s->args[0])) {
		c.emit = emit_compact;
		c.emit_error = emit_compact_error;
		c.emit_end = emit_compact_end;
		render_parse_fields(&c.compact, "format,hex,digits,ulps,flags");
	}
	sb_init(&c.line);
	sb_init(&c.pending);
	status = convert_all(&c);
	sb_free(&c.pending);
	return status;
}

int cmd_show_one(struct settings *s, const char *text, fpcode *shown, bool *typed)
{
	struct converter c = { .s = s, .emit = emit_readout, .emit_error = emit_readout_error,
			       .first_value = 1, .style = output_show_style(s) };

	render_parse_fields(&s->fields, "input");
	sb_init(&c.line);
	if (!converter_open(&c))
		return EXIT_USAGE;
	convert_one(&c, text, strlen(text), NULL);
	*shown = c.conv.code;
	*typed = c.conv.in.kind != INPUT_PATTERN;
	output_flush_line(&c.line);
	converter_clear(&c);
	return c.failures ? EXIT_BAD_INPUT : EXIT_OK;
}
