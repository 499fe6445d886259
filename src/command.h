/*
 * command.h — what the commands share: the settings read from the command line, and
 * the helpers that report usage errors and write output. cli.c parses options and
 * dispatches from its table of commands; output.c writes; fmtcmd.c holds the commands
 * about formats (table, info, formats), convcmd.c the converting ones (convert, cast,
 * show), compare.c, quantize.c and mx.c the ML workflows, inputs.c their one input
 * loop.
 */
#ifndef FPX_COMMAND_H
#define FPX_COMMAND_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "policy.h"
#include "render.h"
#include "round.h"
#include "show.h"
#include "strbuf.h"

/* apply_option() and parse_options(): carry on (anything else is the exit status). */
#define GO_ON (-1)

enum color_when { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };

struct settings {
	enum rnd_mode mode;
	bool saturate, header, names, full;
	enum color_when color;
	enum style style;
	struct field_list fields;
	bool fields_given, mode_given, saturate_given;
	const char *range;
	const struct policy *policy;
	const char *via;
	const char *scale, *zero_point, *block; /* quantize, dequantize, mx */
	char **args; /* positional arguments */
	int nargs;
	unsigned long given; /* the options given, a bit each (cli.c's option ids) */
	bool help;           /* --help: the command's help instead of running it */
	bool may_read_stdin; /* false inside the REPL: its stdin is the session */
	bool interactive;    /* stdin is a terminal: write each row at once */
};

/* Reports a usage error ("fpx: " fmt, with what) and gives its status. */
int usage_error(const char *fmt, const char *what);
/* A policy that fixes the mode or the saturation cannot be told otherwise: GO_ON, or
 * EXIT_USAGE after saying so. */
int check_policy(const struct settings *s);
/* Looks the format up; NULL after reporting a usage error. */
const struct fmt *require_format(const char *name);
/* Writes what the buffer holds (all of it when `all`, else once it is large: rows are
 * gathered into blocks, and stdout's own buffer is the only other copy). */
void write_out(struct strbuf *line, bool all);
void flush_line(struct strbuf *line);
/* Has a write to stdout failed? Then every command stops producing output. */
bool output_failed(void);
/* Should a command stop producing? Output failed, or Ctrl-C was pressed in the REPL. */
bool should_stop(void);
/* Flushes stdout; false (after "fpx: write error: ...", said once) when any write failed. */
bool output_flush(void);
/* Colour is decided once: --color, else a terminal without NO_COLOR set. */
struct show_style show_style_of(const struct settings *s);

/* fmtcmd.c */
int cmd_table(struct settings *s);
int cmd_info(struct settings *s);
int cmd_formats(struct settings *s);

/* convcmd.c */
int cmd_convert(struct settings *s);
int cmd_cast(struct settings *s);
int cmd_show(struct settings *s);
/* The readout of one text, as `fpx show` writes it (s->args[0] is the format); the code
 * shown into *shown. The REPL's values go through here. */
int show_one(struct settings *s, const char *text, fpcode *shown);

/* inputs.c: the inputs of a command: its arguments from `first` on, else stdin's lines
 * (on a terminal, after saying so on stderr) */
struct line_reader;
struct inputs {
	struct settings *s;
	int next;
	struct line_reader *reader;
	long line;
	bool too_long; /* the last line was past PARSE_MAX_INPUT: reported already, text "" */
	char where[48];
};

/* False, after a usage error, when there are no values and stdin may not be read (it is
 * the REPL's session). */
bool inputs_open(struct inputs *in, struct settings *s, int first);
/* The next input; false at the end (or once output has failed, or Ctrl-C). */
bool inputs_next(struct inputs *in, const char **text, size_t *len);
/* Where the last input came from ("argument 2", "line 7"), put into words only when an
 * error is reported: valid until the next call. */
const char *inputs_where(struct inputs *in);
/* False, after reporting it, when reading stdin failed. */
bool inputs_close(struct inputs *in);
struct input;
/* A value (not a bit pattern) from text; NULL or what is wrong. */
const char *read_value(struct input *in, const char *text, size_t len);
/* A count from 1 to max, the whole text; false for anything else. */
bool parse_count(long *out, const char *text, long max);

/* output.c: the exact decimal of a rational, or ~ and 40 digits when it does not end */
void put_rational(struct strbuf *out, const mpq_t q);
/* The signed value of a finite num. */
struct num;
void signed_value(mpq_t out, const struct num *x);

/* compare.c */
int cmd_policies(struct settings *s);
int cmd_compare(struct settings *s);
/* quantize.c */
int cmd_quantize(struct settings *s);
int cmd_dequantize(struct settings *s);
/* mx.c */
int cmd_mx(struct settings *s);

#endif
