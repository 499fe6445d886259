/*
 * registry.c — finding a format by name: the built-in ones (embedded as text by the
 * build, builtin.c, and parsed only when asked for, so a run pays for the formats it
 * uses), those loaded with -F, and IEEE-like ones described by their names.
 */
#include "builtin.h"
#include "fmtfile.h"
#include "format.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * The registry. Every format fpx hands out is made once and kept here until
 * fmt_unload_all() or the end of the run, so callers hold `const struct fmt *` and never
 * free one: built-ins as parsed, formats built from their names, and formats loaded
 * with -F (searched first). A load under a name already loaded takes its place in the
 * search; the old one is kept (a REPL session may still hold it) unless the new one is
 * the same description, which is then dropped: loading a file on every REPL line holds
 * one copy.
 */
static struct fmt **loaded, **retired, **named, **wrapping;
static size_t nloaded, nretired, nnamed, nwrapping;

static void push(struct fmt ***list, size_t *n, struct fmt *f)
{
	struct fmt **grown = realloc(*list, (*n + 1) * sizeof *grown);

	if (!grown)
		abort();
	*list = grown;
	(*list)[(*n)++] = f;
}

static void free_all(struct fmt ***list, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		fmt_free((*list)[i]);
	free(*list);
	*list = NULL;
	*n = 0;
}

static bool name_in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (len == n && strncasecmp(p, name, n) == 0)
			return true;
		p += len;
		p += strspn(p, " ");
	}
	return false;
}

static void keep_first(struct fmt *f, void *arg)
{
	struct fmt **slot = arg;

	if (*slot)
		fmt_free(f);
	else
		*slot = f;
}

/* The built-in formats as parsed, each once per run, on first use. */
#define MAX_BUILTINS 64
static struct fmt *parsed_builtins[MAX_BUILTINS];

static struct fmt *parsed_builtin(size_t i)
{
	const struct builtin_format *b = &builtin_formats[i];
	char err[256];

	if (i >= MAX_BUILTINS)
		abort();
	if (!parsed_builtins[i] && !fmtfile_parse(b->file, b->text, keep_first, &parsed_builtins[i], err, sizeof err)) {
		report("built-in format broken: %s", err);
		abort();
	}
	return parsed_builtins[i];
}

/* Names the built-in formats a format built from its name is easily taken for: those
 * with the same exponent and fraction widths but another bias or other specials (e4m3b7
 * is not OCP's e4m3, e2m1b1 not MX's e2m1). */
static void note_lookalike(struct fmt *f)
{
	for (size_t i = 0; i < builtin_format_count; i++) {
		const struct fmt *b = parsed_builtin(i);
		bool same_widths = b->kind == f->kind && b->exp_bits == f->exp_bits && b->frac_bits == f->frac_bits &&
				   b->has_sign == f->has_sign;
		if (same_widths && (b->bias != f->bias || b->specials != f->specials) && !f->note[0])
			snprintf(f->note, sizeof f->note, "not the built-in %s, %.180s", b->name, b->description);
		else if (same_widths && !f->note[0])
			snprintf(f->note, sizeof f->note, "the same layout as the built-in %s", b->name);
	}
}

/* e5m10 and the like, described once per run (names are kept lowercase). */
static struct fmt *made_from_name(const char *name)
{
	struct fmt *f;

	for (size_t i = 0; i < nnamed; i++)
		if (strcasecmp(named[i]->name, name) == 0)
			return named[i];
	if (!(f = fmtfile_from_name(name)))
		return NULL;
	note_lookalike(f);
	push(&named, &nnamed, f);
	return f;
}

const struct fmt *fmt_lookup(const char *name)
{
	for (size_t i = nloaded; i-- > 0;)
		if (strcasecmp(loaded[i]->name, name) == 0 || name_in_list(loaded[i]->aliases, name))
			return loaded[i];
	for (size_t i = 0; i < builtin_format_count; i++)
		if (name_in_list(builtin_formats[i].names, name))
			return parsed_builtin(i);
	return made_from_name(name);
}

/* Wrapping copies are made once per run, like formats built from their names. */
const struct fmt *fmt_wrapping(const struct fmt *f)
{
	struct fmt want, *copy;

	if (!f->can_wrap)
		return NULL;
	memcpy(&want, f, sizeof want);
	want.wraps = true;
	for (size_t i = 0; i < nwrapping; i++)
		if (memcmp(wrapping[i], &want, sizeof want) == 0)
			return wrapping[i];
	copy = malloc(sizeof *copy);
	if (!copy)
		abort();
	*copy = want;
	push(&wrapping, &nwrapping, copy);
	return copy;
}

/* A format loaded under a name already loaded takes that one's place (see above). */
static void keep_loaded(struct fmt *f, void *arg)
{
	(void)arg;
	for (size_t i = 0; i < nloaded; i++)
		if (strcasecmp(loaded[i]->name, f->name) == 0) {
			if (memcmp(loaded[i], f, sizeof *f) == 0) {
				fmt_free(f);
				return;
			}
			push(&retired, &nretired, loaded[i]);
			loaded[i] = f;
			return;
		}
	push(&loaded, &nloaded, f);
}

bool fmt_load_file(const char *path, char *err, size_t errlen)
{
	char *text = fmtfile_read(path, err, errlen);
	bool ok;

	if (!text)
		return false;
	ok = fmtfile_parse(path, text, keep_loaded, NULL, err, errlen);
	free(text);
	return ok;
}

bool fmt_load_text(const char *origin, const char *text, char *err, size_t errlen)
{
	return fmtfile_parse(origin, text, keep_loaded, NULL, err, errlen);
}

void fmt_each_loaded(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	for (size_t i = 0; i < nloaded; i++)
		fn(loaded[i], arg);
}

void fmt_unload_all(void)
{
	free_all(&loaded, &nloaded);
	free_all(&retired, &nretired);
}

void fmt_each_builtin(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	for (size_t i = 0; i < builtin_format_count; i++)
		fn(parsed_builtin(i), arg);
}

static void each_word(const char *list, void (*fn)(const char *name, void *arg), void *arg)
{
	char word[FMT_NAME_MAX];

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (len < sizeof word) {
			memcpy(word, p, len);
			word[len] = '\0';
			fn(word, arg);
		}
		p += len;
		p += strspn(p, " ");
	}
}

void fmt_each_name(void (*fn)(const char *name, void *arg), void *arg)
{
	for (size_t i = 0; i < nloaded; i++) {
		fn(loaded[i]->name, arg);
		each_word(loaded[i]->aliases, fn, arg);
	}
	for (size_t i = 0; i < builtin_format_count; i++)
		each_word(builtin_formats[i].names, fn, arg);
}
