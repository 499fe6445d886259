/*
 * show.h — the explorer's readout of a value (a block of text for people, or one JSON
 * object), and a format's layout and limits (`fpx info`). Writes into a buffer; never
 * converts anything itself.
 */
#ifndef FPX_SHOW_H
#define FPX_SHOW_H

#include <stdbool.h>

#include "readout.h"
#include "strbuf.h"

struct show_style {
	bool color; /* ANSI colours for the fields */
	bool full;  /* never fold long numbers */
	int width;  /* a terminal's width: fold longer lines to it; 0 (piped): never */
};

/* Exact values past this many significant digits are folded in the human readout, and
 * the input echoed past this many characters (as the messages on stderr cut it). */
#define SHOW_FOLD_DIGITS 40
#define SHOW_ECHO_CHARS 60

/* What a positive value past the overflow threshold becomes: "inf", "nan" or "max"
 * (saturating, or a mode that never rounds up past it). */
const char *show_overflow_gives(const struct fmt *f, struct rnd_spec how);

void show_readout(struct strbuf *out, const struct readout *r, const struct show_style *style);
/* A decimal (or n/d, ~ before it), folded after SHOW_FOLD_DIGITS significant digits
 * unless full, with how many it has. */
void show_number(struct strbuf *out, const char *text, const struct show_style *style);
/* The input as typed, escaped, folded past SHOW_ECHO_CHARS characters unless full: the
 * readout's header and every other line of the human readout that echoes it. */
void show_input(struct strbuf *out, const char *text, const struct show_style *style);
void show_readout_json(struct strbuf *out, const struct readout *r);
/* The layout and limits of f, what overflow gives in that mode, saturating or not. */
void show_info(struct strbuf *out, const struct fmt *f, struct rnd_spec how, const struct show_style *style);
void show_info_json(struct strbuf *out, const struct fmt *f, struct rnd_spec how);

#endif
