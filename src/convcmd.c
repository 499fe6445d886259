/*
 * convcmd.c — the commands that convert values one by one: convert and cast (a row
 * each) and show (a readout each). They share one converter: the formats named, the
 * policy and --via, the loop over arguments or stdin lines, and the error report that
 * lets a batch go on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "fastdec.h"
#include "lines.h"
#include "parse.h"
#include "readout.h"

/* ---- convert --------------------------------------------------------------------------------- */

struct converter {
	struct settings *s;
	const struct fmt *f;
	struct strbuf line;
	struct conversion conv;
	int failures;
	bool cast;       /* the first argument is the source format, the second the target */
	int first_value; /* the index of the first value among the arguments */
	enum rnd_mode mode; /* what the policy rounds into the target with, given -r and -s */
	bool saturate;
	enum bulk_rows bulk; /* rows of the code alone (render_bulk_row()), or BULK_ROWS_NONE */
	struct show_style style;
	/* what to write for one converted input: a row, or a readout; and for one that failed */
	void (*emit)(struct converter *c, const char *text, fpcode code, const struct rnd_result *res);
	void (*emit_error)(struct converter *c, const char *text, const char *problem);
};

/* Converts one input and emits it; an error is reported (naming the argument or line)
 * and written in the input's place, and the batch goes on. */
static void convert_one(struct converter *c, const char *text, size_t len, struct inputs *in)
{
	enum problem problem = convert_text(&c->conv, c->f, text, len, c->s->mode, c->s->saturate);

	if (problem) {
		c->failures++;
		report_input(in ? inputs_where(in) : NULL, text, len, problem, &c->conv.err);
		c->emit_error(c, text, problem_message(problem, &c->conv.err));
	} else if (c->bulk)
		render_bulk_row(&c->line, c->f, c->conv.code, c->bulk, c->s->style);
	else
		c->emit(c, text, c->conv.code, c->conv.in.kind == INPUT_PATTERN ? NULL : &c->conv.result);
	write_out(&c->line, c->s->interactive);
}

/*
 * The lines of the reader's block from where it stands that the one pass takes (a
 * decimal and its newline), each straight from the block into the output; it stops at
 * the first line it does not take, or the end of what the block holds. Flattened:
 * every step the loop calls is compiled into it (a tenth of its instructions were
 * calls' own).
 */
__attribute__((flatten))
static void convert_block_in_one_pass(struct converter *c, struct inputs *in, const struct rnd_line *rl)
{
	const char *p, *end, *stop;
	long lines = 0;
	fpcode code;

	if (!inputs_unread(in, &p, &end))
		return;
	while (p < end && (stop = rnd_line_code(&code, rl, p)) && *stop == '\n') {
		render_bulk_row(&c->line, c->f, code, c->bulk, c->s->style);
		write_out(&c->line, false);
		p = stop + 1;
		lines++;
	}
	inputs_consume(in, p, lines);
}

/*
 * Rows of the code alone (hex; hex and shortest) of stdin's lines, the commonest bulk
 * job, without the row machinery: in one pass where the format allows; else a plain
 * decimal goes from the line reader through the fast path (the same functions
 * convert_text() calls first) into the output block; any other line as convert_one()
 * takes it.
 */
static void convert_lines_in_bulk(struct converter *c, struct inputs *in)
{
	struct rnd_line rl;
	bool one_pass = rnd_line_open(&rl, c->f, c->s->mode, c->s->saturate, 0);
	const char *text;
	size_t len;

	for (;;) {
		struct decimal d;
		struct rnd_result res;
		if (one_pass && !should_stop())
			convert_block_in_one_pass(c, in, &rl);
		if (!inputs_next(in, &text, &len))
			break;
		if (in->too_long) {
			c->failures++;
			c->emit_error(c, "", problem_message(PROBLEM_TOO_LONG, NULL));
			flush_line(&c->line);
		} else if (fastdec_scan(&d, text, len) && rnd_encode_decimal(&res, c->f, &d, c->s->mode, c->s->saturate)) {
			render_bulk_row(&c->line, c->f, res.code, c->bulk, c->s->style);
			write_out(&c->line, false);
		} else
			convert_one(c, text, len, in);
	}
}

/* Converts the values after the format, or else stdin's lines; false after a usage
 * error (no values, and stdin is not there to read). */
static bool convert_inputs(struct converter *c)
{
	struct inputs in;
	const char *text;
	size_t len;

	if (!inputs_open(&in, c->s, c->first_value))
		return false;
	if (c->bulk && in.reader && !c->s->interactive && convert_fast_path_open(&c->conv))
		convert_lines_in_bulk(c, &in);
	while (inputs_next(&in, &text, &len)) {
		if (in.too_long) {
			c->failures++;
			c->emit_error(c, "", problem_message(PROBLEM_TOO_LONG, NULL));
			flush_line(&c->line);
		} else
			convert_one(c, text, len, &in);
	}
	if (!inputs_close(&in))
		c->failures++;
	return true;
}

static void emit_row(struct converter *c, const char *text, fpcode code, const struct rnd_result *res);

/* The formats a conversion names: the target (and, for cast, the source; with --via,
 * the format rounded into first). Reports a usage error and returns false. */
static bool conversion_formats(struct converter *c)
{
	struct settings *s = c->s;

	if (c->cast && !(c->conv.source = require_format(s->args[0])))
		return false;
	if (!(c->f = require_format(s->args[c->first_value - 1])))
		return false;
	if (s->via && !(c->conv.via = require_format(s->via)))
		return false;
	return true;
}

static void converter_clear(struct converter *c)
{
	conversion_clear(&c->conv);
	sb_free(&c->line);
}

/* Sets the converter up for its settings; false after a usage error. */
static bool converter_open(struct converter *c)
{
	conversion_init(&c->conv);
	if (c->s->policy)
		c->conv.policy = c->s->policy;
	c->conv.max_precision = settings_max_precision(c->s);
	if (!settings_check_policy(c->s) || !conversion_formats(c)) {
		converter_clear(c);
		return false;
	}
	c->conv.need_value = c->emit != emit_row || render_needs_input(&c->s->fields);
	c->bulk = c->emit == emit_row ? render_bulk_rows(&c->s->fields, c->s->style) : BULK_ROWS_NONE;
	c->mode = policy_mode(c->conv.policy, c->s->mode);
	c->saturate = policy_saturates(c->conv.policy, c->f, c->s->saturate);
	return true;
}

/* Converts the values after the format, or stdin's lines when there are none. */
static int convert_all(struct converter *c)
{
	bool read;

	if (!converter_open(c))
		return EXIT_USAGE;
	read = convert_inputs(c);
	flush_line(&c->line);
	converter_clear(c);
	return !read ? EXIT_USAGE : c->failures ? EXIT_BAD_INPUT : EXIT_OK;
}

static void emit_error_row(struct converter *c, const char *text, const char *problem)
{
	render_error_row(&c->line, text, problem, &c->s->fields, c->s->style);
}

static void emit_row(struct converter *c, const char *text, fpcode code, const struct rnd_result *res)
{
	struct row row = { text, code, res, &c->conv.in.value, c->conv.approximate, c->mode, c->saturate };

	render_row(&c->line, c->f, &row, &c->s->fields, c->s->style);
}

static int convert_rows(struct settings *s, bool cast)
{
	struct converter c = { .s = s, .emit = emit_row, .emit_error = emit_error_row, .cast = cast,
			       .first_value = cast ? 2 : 1 };

	if (s->nargs < c.first_value)
		return usage_error("%s", cast ? "cast needs FROM and TO formats" : "convert needs a FORMAT");
	if (!s->fields_given)
		render_parse_fields(&s->fields, "hex,shortest");
	sb_init(&c.line);
	if (s->header && s->style != STYLE_JSON)
		render_header(&c.line, &s->fields, s->style);
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
		if (convert_route(&other, c->f, via, c->conv.policy, &c->conv.in.value, c->mode, c->saturate))
			readout_set_route(r, went_through ? c->conv.route : "binary32", went_through, other);
	}
}

static void emit_readout(struct converter *c, const char *text, fpcode code, const struct rnd_result *res)
{
	struct readout r;

	if (res) {
		readout_of_value(&r, c->f, text, &c->conv.in.value, c->mode, c->saturate, res, c->conv.approximate);
		readout_set_other_saturation(&r);
		readout_set_policy(&r, c->conv.policy);
		note_route(c, &r);
	} else
		readout_of_code(&r, c->f, text, code, c->mode, c->saturate);
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
	render_escaped(&c->line, text);
	sb_printf(&c->line, " -> error: %s\n\n", problem);
}

int cmd_show(struct settings *s)
{
	struct converter c = { .s = s, .emit = emit_readout, .emit_error = emit_readout_error,
			       .first_value = 1, .style = show_style_of(s) };

	if (s->nargs < 1)
		return usage_error("%s", "show needs a FORMAT");
	render_parse_fields(&s->fields, "input");
	sb_init(&c.line);
	return convert_all(&c);
}

int show_one(struct settings *s, const char *text, fpcode *shown)
{
	struct converter c = { .s = s, .emit = emit_readout, .emit_error = emit_readout_error,
			       .first_value = 1, .style = show_style_of(s) };

	render_parse_fields(&s->fields, "input");
	sb_init(&c.line);
	if (!converter_open(&c))
		return EXIT_USAGE;
	convert_one(&c, text, strlen(text), NULL);
	*shown = c.conv.code;
	flush_line(&c.line);
	converter_clear(&c);
	return c.failures ? EXIT_BAD_INPUT : EXIT_OK;
}
