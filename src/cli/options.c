/*
 * options.c — the command line's options into struct settings, by options.h's table:
 * each row's reader checks the value and puts it where the row says. Then the options
 * given are checked against a command's (its row's set) and against each other. It
 * never runs a command.
 */
#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunks.h"
#include "fmtfile.h"
#include "inputs.h"
#include "parse.h"
#include "registry.h"
#include "render.h"

#ifndef FPX_VERSION
#define FPX_VERSION "0.1.0"
#endif

/* ---- Reading each option's value ------------------------------------------------------- */

/* Reads value (NULL for an option without one) into *into, a member of s; returns
 * OPTIONS_GO_ON, or the status to finish with. */
typedef int option_reader(struct settings *s, void *into, const char *value);

static int read_flag(struct settings *s, void *into, const char *value)
{
	(void)s, (void)value;
	*(bool *)into = true;
	return OPTIONS_GO_ON;
}

/* Kept as given: the command checks it. */
static int read_text(struct settings *s, void *into, const char *value)
{
	(void)s;
	*(const char **)into = value;
	return OPTIONS_GO_ON;
}

static int read_mode(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (!rnd_mode_from_name(into, value))
		return usage_error_then(USAGE_BAD_MODE, value, USAGE_TAIL_NAMES, RND_MODE_NAMES);
	return OPTIONS_GO_ON;
}

/* -s: --saturation finite. */
static int read_saturate(struct settings *s, void *into, const char *value)
{
	(void)s, (void)value;
	*(enum rnd_sat *)into = RND_SAT_FINITE;
	return OPTIONS_GO_ON;
}

static int read_saturation(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (!rnd_sat_from_name(into, value))
		return usage_error_then(USAGE_BAD_SATURATION, value, USAGE_TAIL_NAMES, RND_SAT_NAMES);
	return OPTIONS_GO_ON;
}

static int read_sr_bits(struct settings *s, void *into, const char *value)
{
	char *end;
	long bits;

	(void)s;
	errno = 0;
	bits = strtol(value, &end, 10);
	if (errno || end == value || *end || bits < 1 || bits > RND_SR_MAX_BITS)
		return usage_error(USAGE_BAD_SR_BITS, value);
	*(unsigned *)into = (unsigned)bits;
	return OPTIONS_GO_ON;
}

/* --sr-random: 0 to 2^64 − 1 here, decimal or 0x hex; below 2^N is checked with N. */
static int read_sr_random(struct settings *s, void *into, const char *value)
{
	char *end;
	unsigned long long v;

	(void)s;
	errno = 0;
	v = strtoull(value, &end, 0);
	if (errno || end == value || *end || *value == '-' || (value[0] == '0' && value[1] && value[1] != 'x' &&
							     value[1] != 'X'))
		return usage_error(USAGE_BAD_SR_RANDOM, value);
	*(uint64_t *)into = v;
	return OPTIONS_GO_ON;
}

static int read_policy(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (!(*(const struct policy **)into = policy_lookup(value)))
		return usage_error(USAGE_BAD_POLICY, value);
	return OPTIONS_GO_ON;
}

/* --max-precision: bits of working precision, 64 to 2^20. */
static int read_precision(struct settings *s, void *into, const char *value)
{
	char *end;
	long bits;

	(void)s;
	errno = 0;
	bits = strtol(value, &end, 10);
	if (errno || end == value || *end || bits < 64 || bits > 1L << 20)
		return usage_error(USAGE_BAD_MAX_PRECISION, value);
	*(long *)into = bits;
	return OPTIONS_GO_ON;
}

static int read_random(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (!inputs_parse_count(into, value, 1L << 40))
		return usage_error(USAGE_BAD_RANDOM, value);
	return OPTIONS_GO_ON;
}

/* --seed: 0 to 2^64 − 1, in decimal or 0x hex. */
static int read_seed(struct settings *s, void *into, const char *value)
{
	char *end;
	unsigned long long v;

	(void)s;
	errno = 0;
	v = strtoull(value, &end, 0);
	if (errno || end == value || *end || *value == '-')
		return usage_error(USAGE_BAD_SEED, value);
	*(uint64_t *)into = v;
	return OPTIONS_GO_ON;
}

/* --arch: a row of arch.c's table. */
static int read_arch(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (!(*(const struct arch **)into = arch_lookup(value)))
		return usage_error(USAGE_BAD_ARCH, value);
	return OPTIONS_GO_ON;
}

static int read_tininess(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (strcmp(value, "after") != 0 && strcmp(value, "before") != 0)
		return usage_error(USAGE_BAD_TININESS, value);
	*(bool *)into = strcmp(value, "before") == 0;
	return OPTIONS_GO_ON;
}

/* --precision-control: the bits x87's precision control field rounds to. */
static int read_precision_control(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (strcmp(value, "24") != 0 && strcmp(value, "53") != 0 && strcmp(value, "64") != 0)
		return usage_error(USAGE_BAD_PRECISION_CONTROL, value);
	*(int *)into = atoi(value);
	return OPTIONS_GO_ON;
}

static int read_jobs(struct settings *s, void *into, const char *value)
{
	(void)s;
	if (!inputs_parse_count(into, value, CHUNKS_MAX_JOBS))
		return usage_error(USAGE_BAD_JOBS, value);
	return OPTIONS_GO_ON;
}

static int read_style(void *into, enum style style)
{
	*(enum style *)into = style;
	return OPTIONS_GO_ON;
}

static int read_tsv(struct settings *s, void *into, const char *value)
{
	(void)s, (void)value;
	return read_style(into, STYLE_TSV);
}

static int read_csv(struct settings *s, void *into, const char *value)
{
	(void)s, (void)value;
	return read_style(into, STYLE_CSV);
}

static int read_json(struct settings *s, void *into, const char *value)
{
	(void)s, (void)value;
	return read_style(into, STYLE_JSON);
}

static int read_color(struct settings *s, void *into, const char *value)
{
	static const char *const names[] = { [COLOR_AUTO] = "auto", [COLOR_ALWAYS] = "always", [COLOR_NEVER] = "never" };

	(void)s;
	for (enum color_when c = COLOR_AUTO; c <= COLOR_NEVER; c++)
		if (strcmp(value, names[c]) == 0) {
			*(enum color_when *)into = c;
			return OPTIONS_GO_ON;
		}
	return usage_error(USAGE_BAD_COLOR, value);
}

static int read_format_file(struct settings *s, void *into, const char *value)
{
	char err[300];

	(void)s, (void)into;
	if (!fmt_load_file(value, err, sizeof err)) {
		report("%s", err);
		return EXIT_USAGE;
	}
	return OPTIONS_GO_ON;
}

static int read_version(struct settings *s, void *into, const char *value)
{
	(void)s, (void)into, (void)value;
	printf("fpx %s\n", FPX_VERSION);
	return EXIT_OK;
}

/* ---- -o: map's operand fields, then the output fields ------------------------------------- */

/* map's operand field at the start of text (x y z xv yv zv: 0 … 5), or −1. */
static int operand_field(const char *text)
{
	size_t len = strcspn(text, ",");

	if (!*text || !strchr("xyz", *text) || (len != 1 && (len != 2 || text[1] != 'v')))
		return -1;
	return *text - 'x' + (len == 2 ? 3 : 0);
}

/* map's operand fields (x y z xv yv zv) where -o's list starts; the rest of the list,
 * or NULL when there are too many. */
static const char *take_operand_fields(struct map_settings *m, const char *list)
{
	m->operand_fields = 0;
	for (;;) {
		size_t len = strcspn(list, ",");
		int field = operand_field(list);
		if (field < 0)
			return list;
		if (m->operand_fields == MAX_OPERAND_FIELDS)
			return NULL;
		m->operand_field[m->operand_fields++] = field;
		list += len + (list[len] == ',');
	}
}

static int read_fields(struct settings *s, void *into, const char *value)
{
	struct field_list *fields = into;
	const char *bad;

	if (!(value = take_operand_fields(&s->map, value)))
		return usage_error(USAGE_TOO_MANY_OPERAND_FIELDS, NULL);
	fields->count = 0;
	if ((*value || !s->map.operand_fields) && (bad = render_parse_fields(fields, value)))
		return usage_error(operand_field(bad) >= 0 ? USAGE_OPERAND_FIELD_LATE : USAGE_BAD_FIELD, bad);
	return OPTIONS_GO_ON;
}

/* ---- The table ------------------------------------------------------------------------------ */

#define AT(member) offsetof(struct settings, member)
#define NOWHERE ((size_t)-1)

static const struct option_row {
	struct option_spec spec;
	option_reader *read;
	size_t into;
} options[] = {
#define OPTION_ROW(id, letter, name, argument, reader, at, help) { { letter, name, argument, help }, read_##reader, at },
	OPTION_LIST(OPTION_ROW)
#undef OPTION_ROW
};

const struct option_spec *options_at(size_t i)
{
	return i < OPTION_COUNT ? &options[i].spec : NULL;
}

static int apply_option(struct settings *s, enum option_id id, const char *value)
{
	const struct option_row *o = &options[id];

	s->given |= 1UL << id;
	return o->read(s, o->into == NOWHERE ? NULL : (char *)s + o->into, value);
}

/* What the commands ask of an option beyond its value: was it given? */
static void note_given(struct settings *s)
{
	s->mode_given = s->given & OPTION_BIT(ROUND);
	s->sr_random_given = s->given & OPTION_BIT(SR_RANDOM);
	s->fields_given = s->given & OPTION_BIT(FIELDS);
	s->map.seed_given = s->given & OPTION_BIT(SEED);
	if (!(s->given & OPTION_BIT(TININESS))) /* --tininess wins over --arch's */
		s->map.tininess_before = arch_tininess_before(s->arch);
}

/* ---- Parsing ------------------------------------------------------------------------------- */

/* "-1.5", "-.5", "-snan(5)", "-pi/2", "-(1)" are values, not options: what follows the
 * dash begins as a value does (the parser's grammar says); so is a lone "-" (which then
 * fails as a value, with a message). */
static bool looks_like_value(const char *arg)
{
	if (arg[0] != '-' || !arg[1])
		return true;
	return arg[1] != '-' && parse_begins_value(arg + 1);
}

static int find_option(const char *arg, const char **inline_value)
{
	*inline_value = NULL;
	for (int i = 0; i < OPTION_COUNT; i++) {
		const struct option_spec *o = &options[i].spec;
		size_t n = strlen(o->long_name);
		if (arg[1] == '-' && strncmp(arg + 2, o->long_name, n) == 0 &&
		    (arg[2 + n] == '\0' || (arg[2 + n] == '=' && o->argument))) {
			*inline_value = arg[2 + n] ? arg + 3 + n : NULL;
			return i;
		}
		if (arg[1] != '-' && arg[1] != '\0' && arg[1] == o->short_name) {
			*inline_value = arg[2] ? arg + 2 : NULL;
			if (*inline_value && !o->argument)
				return -1;
			return i;
		}
	}
	return -1;
}

int options_parse(struct settings *s, int argc, char **argv)
{
	bool only_args = false;

	s->args = calloc((size_t)argc + 1, sizeof *s->args);
	if (!s->args)
		abort();
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *value;
		int id, status;

		if (only_args || looks_like_value(arg)) {
			s->args[s->nargs++] = argv[i];
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			only_args = true;
			continue;
		}
		if ((id = find_option(arg, &value)) < 0)
			return usage_error(USAGE_UNKNOWN_OPTION, arg);
		if (options[id].spec.argument && !value) {
			if (i + 1 >= argc)
				return usage_error(USAGE_OPTION_NEEDS_ARGUMENT, arg);
			value = argv[++i];
		}
		if ((status = apply_option(s, (enum option_id)id, value)) != OPTIONS_GO_ON)
			return status;
	}
	note_given(s);
	return OPTIONS_GO_ON;
}

/* ---- Checking ------------------------------------------------------------------------------ */

/* Options that contradict each other: at most one of each group may be given, whatever
 * the command (and why, where the names do not say it). */
static const struct {
	unsigned long group;
	const char *why;
} exclusive[] = {
	{ OPTION_BIT(TSV) | OPTION_BIT(CSV) | OPTION_BIT(JSON), "one output style" },
	{ OPTION_BIT(HEADER) | OPTION_BIT(JSON), "JSON names each field in each object" },
	{ OPTION_BIT(SATURATE) | OPTION_BIT(WRAP), "past the range, a value saturates or wraps" },
	{ OPTION_BIT(SATURATION) | OPTION_BIT(WRAP), "past the range, a value saturates or wraps" },
	{ OPTION_BIT(SATURATE) | OPTION_BIT(SATURATION), "-s is --saturation finite" },
	{ OPTION_BIT(NAMES) | OPTION_BIT(JSON), "--names writes one name a line" },
	{ OPTION_BIT(TESTFLOAT) | OPTION_BIT(FIELDS), "--testfloat writes its own lines" },
	{ OPTION_BIT(TESTFLOAT) | OPTION_BIT(TSV), "--testfloat writes its own lines" },
	{ OPTION_BIT(TESTFLOAT) | OPTION_BIT(CSV), "--testfloat writes its own lines" },
	{ OPTION_BIT(TESTFLOAT) | OPTION_BIT(JSON), "--testfloat writes its own lines" },
	{ OPTION_BIT(TESTFLOAT) | OPTION_BIT(HEADER), "--testfloat writes its own lines" },
};

bool options_exclusive_at(size_t i, unsigned long *group)
{
	if (i >= sizeof exclusive / sizeof exclusive[0])
		return false;
	*group = exclusive[i].group;
	return true;
}

/* The option as its help names it first: -s, or --wrap when it has no letter. */
static void option_name(char *out, size_t size, int id)
{
	if (options[id].spec.short_name)
		snprintf(out, size, "-%c", options[id].spec.short_name);
	else
		snprintf(out, size, "--%s", options[id].spec.long_name);
}

/* The lowest option id in a set of options. */
static int first_option(unsigned long set)
{
	int i = 0;

	while (!(set & (1UL << i)))
		i++;
	return i;
}

/* No two options of an exclusive group, or the first two given are named. */
static int check_exclusive(const struct settings *s)
{
	for (size_t k = 0; k < sizeof exclusive / sizeof exclusive[0]; k++) {
		unsigned long both = s->given & exclusive[k].group;
		char a[32], b[32], pair[72];
		if (!both || !(both & (both - 1)))
			continue;
		option_name(a, sizeof a, first_option(both));
		option_name(b, sizeof b, first_option(both & (both - 1)));
		snprintf(pair, sizeof pair, "%s or %s", a, b);
		return usage_error_then(USAGE_NOT_BOTH, pair, USAGE_TAIL_BECAUSE, exclusive[k].why);
	}
	return OPTIONS_GO_ON;
}

/* The stochastic modes' bits and draw: given with such a mode alone, N always, R
 * below 2^N, and R unless the command makes r a variable (map). */
static int check_stochastic(const struct settings *s, unsigned long allowed)
{
	const struct rnd_spec *r = &s->rounding;
	const char *mode = rnd_mode_name(r->mode);
	char shown[24];

	if (!rnd_mode_is_stochastic(r->mode)) {
		if (s->given & OPTION_BIT(SR_BITS))
			return usage_error(USAGE_SR_NOT_STOCHASTIC, "--sr-bits");
		if (s->given & OPTION_BIT(SR_RANDOM))
			return usage_error(USAGE_SR_NOT_STOCHASTIC, "--sr-random");
		return OPTIONS_GO_ON;
	}
	if (!(s->given & OPTION_BIT(SR_BITS)))
		return usage_error(USAGE_SR_NEEDS_BITS, mode);
	if (r->sr_bits < 64 && r->sr_random >> r->sr_bits) {
		snprintf(shown, sizeof shown, "%llu", (unsigned long long)r->sr_random);
		return usage_error(USAGE_BAD_SR_RANDOM, shown);
	}
	if (!(s->given & OPTION_BIT(SR_RANDOM)) && !(allowed & OPTIONS_VARIABLE_DRAW))
		return usage_error(USAGE_SR_NEEDS_RANDOM, mode);
	return OPTIONS_GO_ON;
}

int options_check(const struct settings *s, unsigned long allowed, const char *command)
{
	unsigned long stray = s->given & ~(allowed | OPTIONS_EVERYWHERE);

	if (s->map.operand_fields && !(allowed & OPTIONS_OPERAND_FIELDS))
		return usage_error(USAGE_OPERAND_FIELDS_MAP_ONLY, NULL);
	if (stray)
		return usage_error_then(USAGE_STRAY_OPTION, options[first_option(stray)].spec.long_name,
					USAGE_TAIL_FOR_COMMAND, command);
	int status = check_exclusive(s);

	return status != OPTIONS_GO_ON ? status : check_stochastic(s, allowed);
}

/* ---- Help ---------------------------------------------------------------------------------- */

void options_print(unsigned long which)
{
	for (int i = 0; i < OPTION_COUNT; i++) {
		const struct option_spec *o = &options[i].spec;
		char left[64];
		if (!(which & (1UL << i)))
			continue;
		snprintf(left, sizeof left, "%c%c%s--%s%s%s", o->short_name ? '-' : ' ', o->short_name ? o->short_name : ' ',
			 o->short_name ? ", " : "  ", o->long_name, o->argument ? " " : "", o->argument ? o->argument : "");
		printf("  %-26s %s\n", left, o->help);
	}
}
