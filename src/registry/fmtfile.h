/*
 * fmtfile.h — reading format descriptions, for the registry (registry.c) alone; the
 * rest of fpx finds formats through format.h.
 */
#ifndef FPX_FMTFILE_H
#define FPX_FMTFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"

typedef void fmtfile_keep(struct fmt *f, void *arg);

/* Parses the descriptions in text, calling keep() with each finished format (which keep
 * then owns); stops at the first error: false after writing "ORIGIN:LINE: message"
 * into err. */
bool fmtfile_parse(const char *origin, const char *text, fmtfile_keep *keep, void *arg, char *err, size_t errlen);

/* The format a name of some kind's grammar describes (kind.h: from_name; e5m10,
 * e4m3b11fnuz, posit16es1, q1.15), newly made and finished; NULL when no kind's grammar
 * takes the name. */
struct fmt *fmtfile_from_name(const char *name);
/* Why a name that has the shape of some kind's grammar (or is binary256) is not a
 * format: the limit it is past (kind.h: past_limits); NULL for any other name. */
const char *fmtfile_past_limits(const char *name);

/* A format file whole (at most 1 MiB, no NUL byte), to free; NULL after writing why into
 * err. */
char *fmtfile_read(const char *path, char *err, size_t errlen);

#endif
