/*
 * kinds.c — the table of the kinds of format: the built-in ones, one line each, and
 * those a caller registers. It sits above every kind's file (it names them) and below
 * the format files' reader (fmtfile.c), which asks it for a kind by name; it never
 * describes or reads a format itself.
 */
#include "kinds.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define KINDS_MAX 16

/* Every built-in kind, one line each (kind_NAME.c defines fmt_kind_NAME): adding a
 * kind is adding its line. The first is what a format file describes when no line
 * names another kind; the order is the one in which format-file messages list the
 * kinds' keys and names. */
#define BUILTIN_KINDS(X) \
	X(float)         \
	X(posit)         \
	X(tapered)       \
	X(x87)           \
	X(fixed)         \
	X(p3109)         \
	/* end of the kinds */

#define DECLARE_KIND(name) extern const struct fmt_kind fmt_kind_##name;
#define KIND_ENTRY(name) &fmt_kind_##name,
BUILTIN_KINDS(DECLARE_KIND)

const struct fmt_kind *fmt_kinds[KINDS_MAX + 1] = { BUILTIN_KINDS(KIND_ENTRY) };

bool kind_register(const struct fmt_kind *kind)
{
	size_t n = 0;

	while (fmt_kinds[n])
		if (fmt_kinds[n++] == kind)
			return true;
	if (n == KINDS_MAX)
		return false;
	fmt_kinds[n] = kind;
	return true;
}

const struct fmt_kind *kind_named(const char *name)
{
	for (size_t i = 0; fmt_kinds[i]; i++)
		if (fmt_kinds[i]->named_in_files && strcmp(fmt_kinds[i]->name, name) == 0)
			return fmt_kinds[i];
	return NULL;
}

void kind_name_grammars(char *out, size_t size)
{
	size_t used = 0, shown = 0, count = 0;

	for (size_t i = 0; fmt_kinds[i]; i++)
		count += fmt_kinds[i]->name_grammar != NULL;
	out[0] = '\0';
	for (size_t i = 0; fmt_kinds[i] && used < size; i++) {
		const char *g = fmt_kinds[i]->name_grammar;
		if (!g)
			continue;
		shown++;
		used += (size_t)snprintf(out + used, size - used, "%s%s",
					 shown == 1 ? "" : shown == count ? " or " : ", ", g);
	}
}
