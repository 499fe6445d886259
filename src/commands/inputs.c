/*
 * inputs.c — the one input loop of the commands that take values: their arguments, or
 * else the lines of stdin, read in blocks with a bound on a line's length. A read
 * error is reported once; the loop stops as soon as output cannot be written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inputs.h"
#include "problem.h"
#include "real.h"
#include "report.h"
#include "output.h"
#include "convert.h"
#include "lines.h"
#include "parse.h"

bool inputs_open(struct inputs *in, struct settings *s, int first)
{
	in->s = s;
	in->first = in->next = first;
	in->reader = NULL;
	in->line = 0;
	in->too_long = false;
	in->answers = NULL;
	in->empty_rows = false;
	in->fast = NULL;
	in->paths[0] = in->paths[1] = 0;
	problem_set_precision_cap(inputs_max_precision(s)); /* what PROBLEM_UNDECIDED names */
	if (s->nargs != first)
		return true;
	if (!s->may_read_stdin) {
		usage_error(USAGE_STDIN_IN_REPL, NULL);
		return false;
	}
	if (isatty(STDIN_FILENO))
		report("reading values from standard input; Ctrl-D to end");
	in->reader = lines_open(STDIN_FILENO, PARSE_MAX_INPUT);
	return true;
}

static void write_answers(void *answers)
{
	output_flush_line(answers);
}

void inputs_answer_into(struct inputs *in, struct strbuf *answers, bool empty_rows)
{
	in->answers = answers;
	in->empty_rows = empty_rows;
	if (in->reader)
		lines_on_wait(in->reader, write_answers, answers);
}

/* Is a line of stdin no input at all: blank, or a comment (# first)? Not an error. */
static bool inputs_is_blank(const char *text, size_t len)
{
	size_t blanks = 0;

	while (blanks < len && (text[blanks] == ' ' || text[blanks] == '\t'))
		blanks++;
	return blanks == len || text[blanks] == '#';
}

/* The next line of stdin that is an input, past blank lines and comments. */
static bool next_line(struct inputs *in, const char **text, size_t *len, bool *too_long)
{
	for (;;) {
		if (!lines_next(in->reader, text, len, too_long))
			return false;
		in->line++;
		if (*too_long || !inputs_is_blank(*text, *len))
			return true;
		if (in->empty_rows && in->s->style != STYLE_JSON)
			sb_putc(in->answers, '\n');
	}
}

void inputs_take_lines(struct inputs *in, struct inputs_fast_path *fast)
{
	if (in->reader && in->answers && !in->s->interactive)
		in->fast = fast;
}

/* The fast path's lines from where the reader stands, until it leaves one or the
 * block ends (the next read makes a new one). */
static void take_lines(struct inputs *in)
{
	const char *p, *end;
	long lines;

	lines_unread(in->reader, &p, &end);
	lines_consume(in->reader, in->fast->take(in->fast->arg, p, end, &lines));
	in->line += lines;
	in->paths[1] += lines;
}

/* The next input; false at the end (or once output has failed, or Ctrl-C). Blank lines
 * and comments of stdin are passed over (see inputs_answer_into()). */
static bool inputs_next(struct inputs *in, const char **text, size_t *len)
{
	bool too_long;

	if (output_should_stop())
		return false;
	if (!in->reader) {
		if (in->next >= in->s->nargs)
			return false;
		*text = in->s->args[in->next++];
		*len = strlen(*text);
		return true;
	}
	if (in->fast && !(in->fast->held && *in->fast->held))
		take_lines(in);
	if (!next_line(in, text, len, &too_long))
		return false;
	in->too_long = too_long;
	if (too_long) { /* reported here; the caller counts it and keeps its place */
		problem_report(inputs_where(in), *text, *len, PROBLEM_TOO_LONG, NULL);
		*text = "";
		*len = 0;
	}
	return true;
}

/* False, after reporting it, when reading stdin failed. */
static bool inputs_close(struct inputs *in)
{
	int error = in->reader ? lines_error(in->reader) : 0;

	if (in->reader)
		lines_close(in->reader);
	if (error)
		report("standard input: %s", strerror(error));
	return error == 0;
}

bool inputs_each(struct inputs *in, const struct inputs_rows *rows)
{
	const char *text;
	size_t len;

	while (inputs_next(in, &text, &len)) {
		if (in->too_long)
			rows->too_long(rows->arg);
		else
			rows->one(rows->arg, in, text, len);
		if (in->answers)
			output_write(in->answers, in->s->interactive);
	}
	return inputs_close(in);
}

void inputs_report_paths(const struct inputs *in)
{
	const char *asked = getenv("FPX_PATH_COUNTS");

	if (asked && *asked) /* a line for scripts, not a report: no "fpx: " */
		fprintf(stderr, "fpx-paths: fast=%ld exact=%ld\n", in->paths[1], in->paths[0]);
}

const char *inputs_where(struct inputs *in)
{
	if (in->reader)
		snprintf(in->where, sizeof in->where, "line %ld", in->line);
	else
		snprintf(in->where, sizeof in->where, "argument %d", in->next - in->first); /* values count from 1 */
	return in->where;
}

/* ---- Reading a value and a count ---------------------------------------------------------- */

enum problem inputs_read_value(struct input *in, struct parse_error *err, const char *text, size_t len)
{
	if (parse_input(in, err, text, len) != PARSE_OK)
		return PROBLEM_PARSE;
	return in->kind == INPUT_VALUE ? PROBLEM_NONE : in->kind == INPUT_REAL ? PROBLEM_REAL_NOT_HERE : PROBLEM_NEEDS_VALUE;
}

enum problem inputs_read_value_or_real(struct input *in, bool *approximate, struct parse_error *err, const char *text,
				size_t len, long bits, long max_precision)
{
	enum problem problem = inputs_read_value(in, err, text, len);
	bool exact, pole;

	*approximate = false;
	if (problem != PROBLEM_REAL_NOT_HERE)
		return problem;
	switch (real_stand_in(&in->value, &exact, &pole, in->real, bits, max_precision)) {
	case REAL_DECIDED: break;
	case REAL_UNDECIDED: return PROBLEM_UNDECIDED;
	case REAL_DOMAIN:
	case REAL_NAN: num_set_kind(&in->value, NUM_NAN); break;
	}
	in->kind = INPUT_VALUE;
	*approximate = !exact && in->value.kind == NUM_FINITE;
	return PROBLEM_NONE;
}

long inputs_max_precision(const struct settings *s)
{
	return s->max_precision ? s->max_precision : REAL_MAX_PRECISION;
}

/* A code as a number: a bit pattern, or a nonnegative integer. */
static bool parse_code_number(const char *text, size_t len, fpcode *out)
{
	struct input in;
	struct parse_error err;
	bool ok;

	parse_input_init(&in);
	ok = parse_input(&in, &err, text, len) == PARSE_OK && in.kind != INPUT_REAL &&
	     code_from_mpz(out, in.kind == INPUT_PATTERN ? in.pattern : mpq_numref(in.value.mag)) &&
	     (in.kind == INPUT_PATTERN || (!in.value.neg && in.value.kind == NUM_FINITE && !in.value.bound &&
					   mpz_cmp_ui(mpq_denref(in.value.mag), 1) == 0));
	parse_input_clear(&in);
	return ok;
}

bool inputs_parse_code_range(const char *text, size_t len, const struct fmt *f, fpcode *first, fpcode *last)
{
	const char *colon = memchr(text, ':', len);

	return colon && parse_code_number(text, (size_t)(colon - text), first) &&
	       parse_code_number(colon + 1, len - (size_t)(colon - text) - 1, last) && *first <= *last &&
	       *last <= code_mask(f->bits);
}

bool inputs_parse_count(long *out, const char *text, long max)
{
	char *end;

	errno = 0;
	*out = strtol(text, &end, 10);
	return errno == 0 && end != text && *end == '\0' && *out >= 1 && *out <= max;
}
