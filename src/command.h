/*
 * command.h — what the commands share: the settings read from the command line, and
 * the helpers that report usage errors and write output. cli.c parses and dispatches;
 * the commands live there and in mlcmd.c (the ML workflows).
 */
#ifndef FPX_COMMAND_H
#define FPX_COMMAND_H

#include <stdbool.h>

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
	bool may_read_stdin; /* false inside the REPL: its stdin is the session */
	bool interactive;    /* stdin is a terminal: write each row at once */
};

/* Reports a usage error ("fpx: " fmt, with what) and gives its status. */
int usage_error(const char *fmt, const char *what);
/* Looks the format up; NULL after reporting a usage error. */
struct fmt *require_format(const char *name);
/* Writes what the buffer holds (all of it when `all`, else once it is large: rows are
 * gathered into blocks, and stdout's own buffer is the only other copy). */
void write_out(struct strbuf *line, bool all);
void flush_line(struct strbuf *line);
/* Colour is decided once: --color, else a terminal without NO_COLOR set. */
struct show_style show_style_of(const struct settings *s);

/* mlcmd.c */
int cmd_policies(struct settings *s);
int cmd_compare(struct settings *s);
int cmd_quantize(struct settings *s);
int cmd_dequantize(struct settings *s);
int cmd_mx(struct settings *s);

#endif
