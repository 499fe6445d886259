/*
 * replword.h — a REPL session's state and its own words (format, round, saturate, wrap,
 * policy, via, arch, flip, set, next, prev, bits, json, info, help, quit), and how a value
 * typed is shown in it: what repl.c's loop hands a line to. Nothing here reads a line
 * or runs one of fpx's command lines.
 */
#ifndef FPX_REPLWORD_H
#define FPX_REPLWORD_H

#include <stdbool.h>
#include <stddef.h>

#include "arch.h"
#include "cmdline.h"
#include "policy.h"
#include "round.h"
#include "show.h"
#include "strbuf.h"

struct repl_session {
	const struct fmt *f;
	struct rnd_spec rounding;    /* `round MODE`, `saturation S`, `sr-bits N`, `sr-random R` */
	bool mode_given, sr_random_given, json;
	bool wrap;                   /* `wrap on`, as --wrap: only in formats that can wrap */
	const struct policy *policy; /* fpx's own unless `policy NAME` */
	const struct fmt *via;       /* round into this first, or NULL (`via NAME|off`) */
	const struct arch *arch;     /* whose NaNs (`arch NAME`), NULL: ieee */
	struct show_style style;
	long max_precision;          /* --max-precision, 0 for the default */
	bool has_code;
	fpcode code;
	/* What the current value re-rounds from in another format (format NAME): the value
	 * typed, or the exact value of a code shown; "" when there is none. */
	struct strbuf value;
	bool failed;
	const struct command_table *commands; /* fpx's, for the one-shot command lines */
};

/* Runs words[0..n) when words[0] is one of the session's own words (not `info NAME`,
 * which is fpx's info): true, and *go_on false when the session is to end. */
bool repl_word_run(struct repl_session *s, char **words, int n, bool *go_on);
/* The name of the i-th word, in the order of help; NULL past the last. */
const char *repl_word_name(size_t i);
/* Shows text in the current format as `fpx show` would; a word that is no value is
 * reported as a mistyped command. */
void repl_show_value(struct repl_session *s, const char *text);
/* Reports the message (with what for its %s) and marks the session as failed. */
void repl_complain(struct repl_session *s, const char *message, const char *what);
/* What the session rounds with, its policy's mode and saturation applied. */
struct rnd_spec repl_session_rounding(const struct repl_session *s);

#endif
