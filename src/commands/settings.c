/*
 * settings.c — the checks every command makes of its settings.
 */
#include "settings.h"
#include "fmtfile.h"
#include "registry.h"

#include <stdio.h>
#include <string.h>

bool settings_check_policy(const struct settings *s)
{
	if (s->policy && s->policy->fixes_mode && s->mode_given) {
		usage_error(USAGE_POLICY_FIXES_MODE, s->policy->name);
		return false;
	}
	if (s->policy && s->policy->saturation != SATURATE_AS_ASKED && s->rounding.sat) {
		usage_error(USAGE_POLICY_FIXES_SATURATION, s->policy->name);
		return false;
	}
	return true;
}

const struct fmt *settings_target(const struct settings *s, const struct fmt *f)
{
	const struct fmt *wrapping;

	if (!s->wrap || !f)
		return f;
	if (s->policy)
		return usage_error(USAGE_POLICY_NO_WRAP, s->policy->name), NULL;
	if (!(wrapping = fmt_wrapping(f)))
		return usage_error(USAGE_CANNOT_WRAP, f->name), NULL;
	return wrapping;
}

bool settings_targets(const struct settings *s, struct format_list *list)
{
	for (int i = 0; i < list->count; i++)
		if (!(list->f[i] = settings_target(s, list->f[i])))
			return false;
	return true;
}

const struct fmt *settings_require_format(const char *name)
{
	const struct fmt *f = fmt_lookup(name);

	const char *why = f ? NULL : fmtfile_past_limits(name);
	char shown[FMT_NAME_MAX + 1]; /* a long name is cut at FMT_NAME_MAX bytes */

	if (f)
		return f;
	snprintf(shown, sizeof shown, "%s", name);
	if (why)
		usage_error_then(USAGE_NOT_FORMAT, shown, USAGE_TAIL_BECAUSE, why);
	else
		usage_error(USAGE_UNKNOWN_FORMAT, shown);
	return NULL;
}

static void add_builtin(const struct fmt *f, void *arg)
{
	struct format_list *list = arg;

	if (list->count < FORMATS_MAX)
		list->f[list->count++] = f;
}

/* The 8-bit P3109 formats, signed then unsigned, by precision, extended before finite:
 * every name the P3109 kind builds (kind_p3109.c decides which precisions exist). */
static void each_p3109_binary8(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	for (const char *sign = "su"; *sign; sign++)
		for (int p = 1; p <= 8; p++)
			for (const char *domain = "ef"; *domain; domain++) {
				char name[16];
				const struct fmt *f;
				snprintf(name, sizeof name, "binary8p%d%c%c", p, *sign, *domain);
				if ((f = fmt_lookup(name)))
					fn(f, arg);
			}
}

void settings_each_of_all(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	fmt_each_builtin(fn, arg);
	each_p3109_binary8(fn, arg);
}

bool settings_names_several_formats(const char *text)
{
	return strchr(text, ',') || strcmp(text, "all") == 0;
}

bool settings_require_formats(struct format_list *out, const char *text)
{
	char name[FMT_NAME_MAX];

	out->count = 0;
	if (strcmp(text, "all") == 0) {
		settings_each_of_all(add_builtin, out);
		return true;
	}
	for (const char *p = text;; p++) {
		size_t n = strcspn(p, ",");
		if (n == 0 || n >= sizeof name)
			return usage_error(USAGE_BAD_FORMAT_LIST, text), false;
		if (out->count == FORMATS_MAX)
			return usage_error(USAGE_TOO_MANY_FORMATS, text), false;
		memcpy(name, p, n);
		name[n] = '\0';
		if (!(out->f[out->count++] = settings_require_format(name)))
			return false;
		p += n;
		if (!*p)
			return true;
	}
}
