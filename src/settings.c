/*
 * settings.c — the checks every command makes of its settings.
 */
#include "settings.h"

bool settings_check_policy(const struct settings *s)
{
	if (s->policy && s->policy->fixes_mode && s->mode_given) {
		usage_error("--policy %s fixes the rounding mode: leave out -r", s->policy->name);
		return false;
	}
	if (s->policy && s->policy->saturation != SATURATE_AS_ASKED && s->saturate_given) {
		usage_error("--policy %s fixes where it saturates: leave out -s", s->policy->name);
		return false;
	}
	return true;
}

const struct fmt *require_format(const char *name)
{
	const struct fmt *f = fmt_lookup(name);

	if (!f)
		usage_error("unknown format '%s' (see fpx formats)", name);
	return f;
}
