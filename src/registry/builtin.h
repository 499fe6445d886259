/*
 * builtin.h — the text of formats/NAME.fmt, embedded by the build (builtin.c is generated
 * by src/embed.awk; never edit it).
 */
#ifndef FPX_BUILTIN_H
#define FPX_BUILTIN_H

#include <stddef.h>

struct builtin_format {
	const char *file;  /* for messages */
	const char *names; /* the name and its aliases, space-separated */
	const char *text;
};

extern const struct builtin_format builtin_formats[];
extern const size_t builtin_format_count;

#endif
