/*
 * registry.h — finding a format by name (registry.c): the built-in ones, those loaded
 * from a file with -F, and those a kind builds from a name of its grammar (e5m10,
 * posit16es1, int8). The registry owns every format it hands out: callers hold
 * `const struct fmt *` and never free one.
 *
 * It never rounds and never prints (a built-in format file that does not parse is
 * fpx's bug, reported once and aborted on).
 */
#ifndef FPX_REGISTRY_H
#define FPX_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"

/* Finds a format by name or alias (case-insensitive): those loaded with fmt_load_file()
 * or fmt_load_text() first, then the built-in ones, then one a kind builds from the
 * name (e5m10, e4m3b11fnuz, posit12, q1.15). Returns NULL when there is none. */
const struct fmt *fmt_lookup(const char *name);
/* The format a kind builds from name (e5m10, posit16es1, int8; kind.h: from_name),
 * whatever -F loaded under that name; NULL when no kind's grammar takes it. */
const struct fmt *fmt_from_name(const char *name);
/* Loads every format in a file for fmt_lookup(); on error writes "FILE:LINE: message". */
bool fmt_load_file(const char *path, char *err, size_t errlen);
/* The same from text; origin names it in messages. */
bool fmt_load_text(const char *origin, const char *text, char *err, size_t errlen);
/* The same, all or nothing (the text parsed whole before any of it is loaded, under the
 * registry's lock), calling told(f, arg) with each format the text describes, in its
 * order, as it is now kept (an identical one already loaded stands for it). */
bool fmt_load_text_told(const char *origin, const char *text, void (*told)(const struct fmt *f, void *arg),
			void *arg, char *err, size_t errlen);
/* Calls fn for each format loaded from a file or text. */
void fmt_each_loaded(void (*fn)(const struct fmt *f, void *arg), void *arg);
/* Forgets every loaded format (for tests and fuzzing). */
void fmt_unload_all(void);

/* Calls fn for every name and alias of every format fmt_lookup() knows by name. */
void fmt_each_name(void (*fn)(const char *name, void *arg), void *arg);

/* Calls fn for each built-in format, in the order of `fpx formats`. */
void fmt_each_builtin(void (*fn)(const struct fmt *f, void *arg), void *arg);

/* The copy of f that wraps past its range (round.c), or NULL where f cannot wrap. */
const struct fmt *fmt_wrapping(const struct fmt *f);

#endif
