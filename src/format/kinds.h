/*
 * kinds.h — the table of kinds (kinds.c): which kinds of format there are, found by
 * name, and how a kind from outside fpx's binary (a test's, a library caller's) joins
 * them. What a kind is: kind.h.
 */
#ifndef FPX_KINDS_H
#define FPX_KINDS_H

#include <stdbool.h>

#include "kind.h"

/* The kinds, first the one a format file describes when no line says otherwise; NULL
 * after the last. kinds.c's table holds the built-in ones; kind_register() adds one. */
extern const struct fmt_kind *fmt_kinds[];
/* Adds a kind after the built-in ones (a test's, a caller's); false when the table is full. */
bool kind_register(const struct fmt_kind *kind);
/* The kinds' name grammars as help lists them: "eXmY[bN][fn|fnuz] or positN[esK]",
 * into out (size bytes, cut there). */
void kind_name_grammars(char *out, size_t size);
/* The kind named NAME that files may name, or NULL. */
const struct fmt_kind *kind_named(const char *name);

#endif
