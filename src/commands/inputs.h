/*
 * inputs.h — the inputs of a command: its arguments from the first value on, else
 * stdin's lines, bounded (on a terminal, after saying so on stderr); and reading one
 * value or count.
 *
 * The bulk rows, as one driver: a command gives inputs_each() what it does with one
 * input (its rows through render.h), and the loop is there alone. Its fast path, for
 * stdin's lines, is the command's taker (inputs_take_lines()): each line that is a plain
 * decimal goes straight from the reader's block into its row, the rest to the general
 * path in order; the two give the same bytes (tests/rows.sh, tests/cli.sh).
 */
#ifndef FPX_INPUTS_H
#define FPX_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "output.h"
#include "problem.h"
#include "report.h"
#include "settings.h"

struct line_reader;
struct strbuf;
struct inputs {
	struct settings *s;
	int first, next; /* the first value's index in s->args, and the next one's */
	struct line_reader *reader;
	long line;
	bool too_long; /* the last line was past PARSE_MAX_INPUT: reported already, text "" */
	struct strbuf *answers; /* see inputs_answer_into() */
	bool empty_rows;
	struct inputs_fast_path *fast; /* see inputs_take_lines() */
	long paths[2]; /* inputs that took the exact path [0] and a fast one [1] (inputs_count_path()) */
	char where[48];
};

/* The values are s->args from `first` on, or stdin's lines when there are none. False,
 * after a usage error, when there are no values and stdin may not be read (it is the
 * REPL's session). */
bool inputs_open(struct inputs *in, struct settings *s, int first);
/*
 * The command's output goes into answers: what it holds is written before a read of
 * stdin that would wait, so that whoever writes the lines gets each one's answer first
 * (a coprocess). With empty_rows, a blank line or a comment of stdin leaves an empty
 * row there (none in JSON), keeping a row per line; without, it leaves nothing.
 */
void inputs_answer_into(struct inputs *in, struct strbuf *answers, bool empty_rows);
/*
 * A command's fast path over stdin's lines: take(arg, p, end, &lines) reads the inputs
 * that start at p (whole lines in place before end, LINES_PADDING bytes readable past
 * it: lines.h), writes their rows into the answers, and returns where it stopped (just
 * past a newline; p itself when it takes nothing) and how many lines it took; it leaves
 * the input it stopped at to the row function inputs_each() was given. Each command's taker is
 * inputs_each_line() compiled with its own function for one input.
 */
typedef const char *inputs_taker(void *arg, const char *p, const char *end, long *lines);
struct inputs_fast_path {
	inputs_taker *take;
	void *arg;
	const long *held; /* or NULL: while *held is nonzero, the caller holds inputs of its
			   * own that come first (a block not yet whole), and take waits */
};
/* From now on, inputs_each() first gives stdin's lines to fast->take, and the first
 * line it leaves to the row function. Not for arguments, nor for a session answering line by line. */
void inputs_take_lines(struct inputs *in, struct inputs_fast_path *fast);
/*
 * The fast path's one loop: the inputs from p, each taken by take_one (the same
 * contract for one input: NULL when it does not take it), the answers written out as
 * they fill. Inline, so that a taker declared __attribute__((flatten)) has take_one
 * compiled into it: a call per line costs a twentieth of the time of the commonest ones.
 */
static inline __attribute__((always_inline)) const char *
inputs_each_line(void *arg, const char *p, const char *end, long *lines, struct strbuf *answers, inputs_taker *take_one)
{
	const char *next;
	long n, taken = 0;

	while (p < end && (next = take_one(arg, p, end, &n))) {
		output_write(answers, false);
		p = next;
		taken += n;
	}
	*lines = taken;
	return p;
}
/*
 * A command's rows, one input at a time: one(arg, in, text, len) converts the input and
 * writes its rows into the answers, reporting what fails (inputs_where(in)) and counting
 * it; too_long(arg) does the same for a line too long (reported already).
 */
struct inputs_rows {
	void (*one)(void *arg, struct inputs *in, const char *text, size_t len);
	void (*too_long)(void *arg);
	void *arg;
};
/* The one loop over a command's inputs: each through rows, stdin's lines the fast
 * path takes (inputs_take_lines()) first, the answers written out as they fill (at once
 * in a session). Closes the inputs; false, after reporting it, when reading stdin failed. */
bool inputs_each(struct inputs *in, const struct inputs_rows *rows);
/* For FPX_PATH_COUNTS: the command says whether an input (or a conversion of one)
 * took a fast word path or the exact one; the fast path's lines count as fast. */
static inline void inputs_count_path(struct inputs *in, bool fast)
{
	in->paths[fast]++;
}
/* When the environment variable FPX_PATH_COUNTS is set (not empty), the line
 * "fpx-paths: fast=N exact=M" of those counts on standard error (for bench/run.sh). */
void inputs_report_paths(const struct inputs *in);
/* Where the last input came from ("argument 2", "line 7"), put into words only when an
 * error is reported: valid until the next call. */
const char *inputs_where(struct inputs *in);

/* A value (not a bit pattern) from text: PROBLEM_NONE, or what is wrong (for
 * PROBLEM_PARSE, err says where). */
enum problem inputs_read_value(struct input *in, struct parse_error *err, const char *text, size_t len);
/*
 * The same, but a real (pi, exp(1)) is read too and replaced by its exact stand-in at
 * `bits` bits (real.h), so that every rounding to at most bits − 2 bits treats it as
 * the real itself: for a command that rounds only into such formats (mx). NaN outside a
 * function's domain; PROBLEM_UNDECIDED when max_precision does not decide it.
 * *approximate: the value is such a stand-in, not the real itself.
 */
enum problem inputs_read_value_or_real(struct input *in, bool *approximate, struct parse_error *err, const char *text,
				size_t len, long bits, long max_precision);
/* The cap on a real's working precision the settings ask for (--max-precision). */
long inputs_max_precision(const struct settings *s);
/* A:B in text[0..len), two codes of f (patterns or integers), A ≤ B. */
bool inputs_parse_code_range(const char *text, size_t len, const struct fmt *f, fpcode *first, fpcode *last);
/* A count from 1 to max, the whole text; false for anything else. */
bool inputs_parse_count(long *out, const char *text, long max);

#endif
