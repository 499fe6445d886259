/*
 * replword.c — a REPL session's own words, each a function in one table (format,
 * round, saturate, ... quit), and the showing of a value or code in the session's
 * format, as `fpx show` with the session's settings shows it. The code last shown is
 * the current one: flip, set, next and prev change it and show the result. Nothing
 * here reads lines or runs fpx's command lines (repl.c does).
 */
#include "replword.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "decimal.h"
#include "fmtfile.h"
#include "output.h"
#include "parse.h"
#include "policy.h"
#include "readout.h"
#include "registry.h"
#include "report.h"
#include "show.h"

typedef bool word_fn(struct repl_session *s, char **words, int n);

struct repl_word {
	const char *name, *alias, *args, *help;
	word_fn *run;
};

void repl_complain(struct repl_session *s, const char *message, const char *what)
{
	report(message, what);
	s->failed = true;
}

/* ---- Showing codes ---------------------------------------------------------------------- */

static void print_and_clear(struct strbuf *out)
{
	fwrite(out->s, 1, out->len, stdout);
	output_flush();
	sb_free(out);
}

struct rnd_spec repl_session_rounding(const struct repl_session *s)
{
	return policy_rounding(s->policy, s->f, s->rounding);
}

/* What a code's value re-rounds from: its exact decimal; a NaN as nan or -nan (its
 * payload and whether it signals belong to its own format). */
static void code_value(struct strbuf *out, const struct fmt *f, fpcode code)
{
	struct fmt_value v;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	if (v.cls == FP_NAN)
		sb_puts(out, v.neg ? "-nan" : "nan");
	else
		dec_code_exact(out, f, code);
	fmt_value_clear(&v);
}

/* The code shown becomes the current one, and its value what follows into another
 * format: the text itself when it was a value, else the code's value. */
static void remember(struct repl_session *s, const char *text, bool typed, fpcode code)
{
	s->has_code = true;
	s->code = code;
	if (text == s->value.s) /* the value shown again, in another format */
		return;
	sb_clear(&s->value);
	if (typed)
		sb_puts(&s->value, text);
	else
		code_value(&s->value, s->f, code);
}

/* A stochastic mode's bits and draw, both set and the draw below 2^N: true; else
 * false, said. */
static bool draw_is_set(struct repl_session *s)
{
	const struct rnd_spec *r = &s->rounding;

	if (!rnd_mode_is_stochastic(r->mode))
		return true;
	if (!r->sr_bits || !s->sr_random_given)
		repl_complain(s, "round %s rounds by a draw: sr-bits N and sr-random R first", rnd_mode_name(r->mode));
	else if (r->sr_bits < 64 && r->sr_random >> r->sr_bits)
		repl_complain(s, "sr-random is 2^N or more for the sr-bits set%s: set it anew", "");
	else
		return true;
	return false;
}

/*
 * Shows text (a value or a bit pattern) exactly as `fpx show` with the session's
 * settings would: the same options, through the same converter. A code shown becomes
 * the current one.
 */
static void show_text(struct repl_session *s, const char *text)
{
	char name[FMT_NAME_MAX], *args[1] = { name };
	struct settings set = {
		.rounding = s->rounding, .mode_given = s->mode_given, .sr_random_given = s->sr_random_given,
		.wrap = s->wrap, .style = s->json ? STYLE_JSON : STYLE_TSV,
		.show = { .full = s->style.full, .color = s->style.color ? COLOR_ALWAYS : COLOR_NEVER },
		.policy = s->policy == policy_default() ? NULL : s->policy, .via = s->via ? s->via->name : NULL,
		.args = args, .nargs = 1, .may_read_stdin = false, .interactive = true,
		.max_precision = s->max_precision, .arch = s->arch,
	};
	fpcode code = 0;
	bool typed = false;

	if (!draw_is_set(s))
		return;
	snprintf(name, sizeof name, "%s", s->f->name);
	if (cmd_show_one(&set, text, &code, &typed) == EXIT_OK)
		remember(s, text, typed, code);
	else
		s->failed = true;
	output_flush();
}

/* Shows a code that was not typed as a value: its input is its own pattern. */
static void show_code(struct repl_session *s, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(s->f));
	show_text(s, hex);
}

/* A word that is no value: a mistyped command, named as such (with a guess). A name
 * followed by "(" is a mistyped function, which the value's own error names. */
static bool is_stray_word(const char *text)
{
	struct input in;
	struct parse_error err;
	enum parse_status status;
	size_t start = strspn(text, " \t"), end = start;
	bool stray;

	while (isalnum((unsigned char)text[end]) || text[end] == '_')
		end++;
	parse_input_init(&in);
	status = parse_input(&in, &err, text, strlen(text));
	stray = (status == PARSE_UNEXPECTED || status == PARSE_UNKNOWN_NAME) && err.column == 1 + start &&
		isalpha((unsigned char)text[start]) && text[end + strspn(text + end, " \t")] != '(';
	parse_input_clear(&in);
	return stray;
}

static bool nearest_word(const struct repl_session *s, char *out, size_t size, const char *word);

void repl_show_value(struct repl_session *s, const char *text)
{
	char word[64], guess[FMT_NAME_MAX];
	struct strbuf safe;

	if (!is_stray_word(text)) {
		show_text(s, text);
		return;
	}
	snprintf(word, sizeof word, "%.*s", (int)strcspn(text + strspn(text, " \t"), " \t"),
		 text + strspn(text, " \t"));
	sb_init(&safe);
	sb_put_escaped(&safe, word);
	if (nearest_word(s, guess, sizeof guess, word))
		report("unknown command '%s' (did you mean '%s'? help lists them)", safe.s, guess);
	else
		report("unknown command '%s' (help lists them)", safe.s);
	sb_free(&safe);
	s->failed = true;
}

/* ---- Words --------------------------------------------------------------------------------- */

static bool word_format(struct repl_session *s, char **w, int n)
{
	const struct fmt *f;

	if (n != 2)
		return repl_complain(s, "%s", "format NAME"), true;
	if (strchr(w[1], ',') || strcmp(w[1], "all") == 0)
		return repl_complain(s, "a session is in one format: '%s' names several (show and convert take them)",
				w[1]), true;
	if (!(f = fmt_lookup(w[1]))) {
		const char *why = fmtfile_past_limits(w[1]);
		char message[FMT_NAME_MAX + 160];
		if (!why)
			return repl_complain(s, "unknown format '%s' (see formats)", w[1]), true;
		snprintf(message, sizeof message, "unknown format '%.*s': %s", FMT_NAME_MAX, w[1], why);
		return repl_complain(s, "%s", message), true;
	}
	if (s->wrap && !f->can_wrap) {
		report("%s cannot wrap: wrap on no longer applies", f->name);
		s->wrap = false;
	}
	s->f = f;
	s->has_code = false;
	if (s->value.len) /* the value follows, rounded anew */
		show_text(s, s->value.s);
	return true;
}

/* A policy that fixes the mode or the saturation takes over from round and saturate,
 * and says so; the prompt then shows what it rounds with. */
static bool word_policy(struct repl_session *s, char **w, int n)
{
	const struct policy *p = n == 2 ? policy_lookup(w[1]) : NULL;

	if (!p)
		return repl_complain(s, "%s", "policy NAME (see policies)"), true;
	s->policy = p;
	if (p->fixes_mode && s->mode_given && s->rounding.mode != p->mode)
		report("policy %s rounds %s: round %s no longer applies", p->name,
			rnd_mode_name(p->mode), rnd_mode_name(s->rounding.mode));
	if (p->fixes_mode) {
		s->rounding.mode = p->mode;
		s->mode_given = false;
	}
	if (s->wrap && p != policy_default()) {
		report("policy %s decides overflow itself: wrap on no longer applies", p->name);
		s->wrap = false;
	}
	if ((p->saturation != SATURATE_AS_ASKED || p != policy_default()) && s->rounding.sat == RND_SAT_PROPAGATE) {
		report("policy %s saturates or not: saturation propagate no longer applies", p->name);
		s->rounding.sat = RND_SAT_NONE;
	}
	if (p->saturation != SATURATE_AS_ASKED && s->rounding.sat) {
		report("policy %s decides where it saturates: saturate on no longer applies",
			p->name);
		s->rounding.sat = RND_SAT_NONE;
	}
	return true;
}

static bool word_round(struct repl_session *s, char **w, int n)
{
	enum rnd_mode mode;

	if (n != 2 || !rnd_mode_from_name(&mode, w[1]))
		repl_complain(s, "%s", "round MODE (" RND_MODE_NAMES ")");
	else if (s->policy->fixes_mode && mode != s->policy->mode)
		repl_complain(s, "policy %s fixes the rounding mode: policy fpx first", s->policy->name);
	else {
		s->rounding.mode = mode;
		s->mode_given = !s->policy->fixes_mode;
	}
	return true;
}

static bool word_via(struct repl_session *s, char **w, int n)
{
	const struct fmt *f = NULL;

	if (n != 2)
		return repl_complain(s, "%s", "via NAME|off"), true;
	if (strcmp(w[1], "off") && !(f = fmt_lookup(w[1])))
		return repl_complain(s, "unknown format '%s' (see formats)", w[1]), true;
	s->via = f;
	return true;
}

/* arch NAME: whose NaNs, as --arch NAME (ieee: fpx's own). */
static bool word_arch(struct repl_session *s, char **w, int n)
{
	const struct arch *a;

	if (n != 2 || !(a = arch_lookup(w[1])))
		return repl_complain(s, "%s", "arch NAME (" ARCH_NAMES ")"), true;
	s->arch = a == arch_lookup("ieee") ? NULL : a;
	return true;
}

/* on|off into *flag */
static bool set_switch(struct repl_session *s, bool *flag, char **w, int n, const char *usage)
{
	if (n == 2 && (strcmp(w[1], "on") == 0 || strcmp(w[1], "off") == 0))
		*flag = strcmp(w[1], "on") == 0;
	else
		repl_complain(s, "%s", usage);
	return true;
}

/* The saturation S (none, finite, propagate), as --saturation S sets it. */
static bool set_saturation(struct repl_session *s, enum rnd_sat sat)
{
	if (s->policy->saturation != SATURATE_AS_ASKED && sat != RND_SAT_NONE)
		return repl_complain(s, "policy %s fixes where it saturates: policy fpx first", s->policy->name), true;
	if (s->policy != policy_default() && sat == RND_SAT_PROPAGATE)
		return repl_complain(s, "policy %s saturates or not: policy fpx first", s->policy->name), true;
	if (sat != RND_SAT_NONE && s->wrap)
		return repl_complain(s, "%s", "wrap is on: wrap off first (-s and --wrap exclude each other)"), true;
	s->rounding.sat = sat;
	return true;
}

static bool word_saturate(struct repl_session *s, char **w, int n)
{
	if (n != 2 || (strcmp(w[1], "on") != 0 && strcmp(w[1], "off") != 0))
		return repl_complain(s, "%s", "saturate on|off"), true;
	return set_saturation(s, strcmp(w[1], "on") == 0 ? RND_SAT_FINITE : RND_SAT_NONE);
}

static bool word_saturation(struct repl_session *s, char **w, int n)
{
	enum rnd_sat sat;

	if (n != 2 || !rnd_sat_from_name(&sat, w[1]))
		return repl_complain(s, "%s", "saturation " RND_SAT_NAMES), true;
	return set_saturation(s, sat);
}

/* sr-bits N, sr-random R: the stochastic modes' bits and draw, as the options read them. */
static bool word_sr(struct repl_session *s, char **w, int n)
{
	bool bits = strcmp(w[0], "sr-bits") == 0;
	char *end;
	unsigned long long v = 0;

	errno = 0;
	if (n == 2 && w[1][0] != '-')
		v = strtoull(w[1], &end, bits ? 10 : 0);
	if (n != 2 || w[1][0] == '-' || errno || *end || end == w[1] || (bits && (v < 1 || v > RND_SR_MAX_BITS)))
		return repl_complain(s, "%s", bits ? "sr-bits N (1 to 64)" : "sr-random R (0 to 2^N-1)"), true;
	if (bits)
		s->rounding.sr_bits = (unsigned)v;
	else {
		s->rounding.sr_random = v;
		s->sr_random_given = true;
	}
	if (!rnd_mode_is_stochastic(s->rounding.mode))
		report("%s: kept for the stochastic modes (round sra, srb, src)", w[0]);
	return true;
}


static bool word_wrap(struct repl_session *s, char **w, int n)
{
	if (n == 2 && strcmp(w[1], "on") == 0) {
		if (!s->f->can_wrap)
			return repl_complain(s, "--wrap is for integer and fixed-point formats, not %s", s->f->name), true;
		if (s->rounding.sat)
			return repl_complain(s, "%s", "saturate is on: saturate off first (-s and --wrap exclude each other)"),
			       true;
		if (s->policy != policy_default())
			return repl_complain(s, "policy %s decides overflow itself: policy fpx first", s->policy->name), true;
	}
	return set_switch(s, &s->wrap, w, n, "wrap on|off");
}

static bool word_json(struct repl_session *s, char **w, int n)
{
	return set_switch(s, &s->json, w, n, "json on|off");
}

static bool need_code(struct repl_session *s)
{
	if (!s->has_code)
		repl_complain(s, "%s", "no current value: type one first");
	return s->has_code;
}

/* A bit number of the current format, 0 the least significant. */
static bool bit_number(struct repl_session *s, const char *word, int *bit)
{
	char *end;
	long v = strtol(word, &end, 10);

	if (*word == '\0' || *end || v < 0 || v >= s->f->bits) {
		repl_complain(s, "no bit '%s' here: bits are numbered 0 (least significant) up", word);
		return false;
	}
	*bit = (int)v;
	return true;
}

static bool word_flip(struct repl_session *s, char **w, int n)
{
	fpcode code;
	int bit;

	if (n < 2)
		return repl_complain(s, "%s", "flip N [N...]"), true;
	if (!need_code(s))
		return true;
	code = s->code;
	for (int i = 1; i < n; i++) {
		if (!bit_number(s, w[i], &bit))
			return true;
		code ^= (fpcode)1 << bit;
	}
	show_code(s, code);
	return true;
}

static bool word_set(struct repl_session *s, char **w, int n)
{
	int bit;

	if (n != 3 || (strcmp(w[2], "0") && strcmp(w[2], "1")))
		return repl_complain(s, "%s", "set N 0|1"), true;
	if (!need_code(s) || !bit_number(s, w[1], &bit))
		return true;
	show_code(s, w[2][0] == '1' ? s->code | (fpcode)1 << bit : s->code & ~((fpcode)1 << bit));
	return true;
}

/* next and prev: the neighbour in value order. */
static bool step(struct repl_session *s, bool up)
{
	struct readout r;
	const struct neighbour *nb;

	if (!need_code(s))
		return true;
	readout_of_code(&r, s->f, "", s->code, s->rounding);
	nb = up ? &r.above : &r.below;
	if (nb->exists)
		show_code(s, nb->code);
	else
		repl_complain(s, "%s", up ? "nothing above this value" : "nothing below this value");
	readout_clear(&r);
	return true;
}

static bool word_next(struct repl_session *s, char **w, int n)
{
	(void)w;
	(void)n;
	return step(s, true);
}

static bool word_prev(struct repl_session *s, char **w, int n)
{
	(void)w;
	(void)n;
	return step(s, false);
}

static bool word_bits(struct repl_session *s, char **w, int n)
{
	char hex[CODE_MAX_BITS / 4 + 3], bin[CODE_MAX_BITS + 3];

	(void)w;
	(void)n;
	if (!need_code(s))
		return true;
	code_to_hex(hex, s->code, fmt_hex_digits(s->f));
	code_to_bin(bin, s->code, s->f->bits);
	printf("%s %s\n", hex, bin);
	output_flush();
	return true;
}

static bool word_info(struct repl_session *s, char **w, int n)
{
	struct strbuf out;

	(void)w;
	sb_init(&out);
	if (n == 1) {
		if (s->json)
			show_info_json(&out, s->f, repl_session_rounding(s));
		else
			show_info(&out, s->f, repl_session_rounding(s), &s->style);
	}
	print_and_clear(&out);
	return true;
}

static bool word_quit(struct repl_session *s, char **w, int n)
{
	(void)s;
	(void)w;
	(void)n;
	return false;
}

static bool word_help(struct repl_session *s, char **w, int n);

static const struct repl_word own_words[] = {
	{ "format", "f", "NAME", "make NAME the current format (the value follows)", word_format },
	{ "round", NULL, "MODE", "rounding: " RND_MODE_NAMES, word_round },
	{ "saturate", NULL, "on|off", "overflow gives +-max instead of inf or NaN", word_saturate },
	{ "saturation", NULL, "S", "past the range: " RND_SAT_NAMES, word_saturation },
	{ "sr-bits", NULL, "N", "stochastic modes: N random bits, 1 to 64", word_sr },
	{ "sr-random", NULL, "R", "stochastic modes: the draw R, 0 to 2^N-1", word_sr },
	{ "wrap", NULL, "on|off", "integers, fixed point: wrap modulo 2^bits past the range", word_wrap },
	{ "policy", NULL, "NAME", "round as that stack does (fpx, ml_dtypes, onnx, ...)", word_policy },
	{ "via", NULL, "NAME|off", "round into NAME first (double rounding), or not", word_via },
	{ "arch", NULL, "NAME", "NaNs as " ARCH_NAMES " make them", word_arch },
	{ "flip", NULL, "N [N...]", "flip bit N of the current code (0 is the least significant)", word_flip },
	{ "set", NULL, "N 0|1", "set bit N of the current code", word_set },
	{ "next", NULL, "", "the next value up, in value order", word_next },
	{ "prev", NULL, "", "the next value down, in value order", word_prev },
	{ "bits", NULL, "", "the current code in hex and binary", word_bits },
	{ "json", NULL, "on|off", "readouts as JSON", word_json },
	{ "info", NULL, "[NAME]", "the layout and limits of the current format (or NAME)", word_info },
	{ "help", NULL, "", "this list", word_help },
	{ "quit", "exit", "", "leave (so does Ctrl-D)", word_quit },
};

#define WORD_COUNT (sizeof own_words / sizeof own_words[0])

static bool word_help(struct repl_session *s, char **w, int n)
{
	(void)s;
	(void)w;
	(void)n;
	printf("Type a value (1.5, 1/3, 464+2^-17, -inf) or a bit pattern (0x7e) to see it in the\n"
	       "current format. Commands:\n");
	for (size_t i = 0; i < WORD_COUNT; i++) {
		char left[40];
		snprintf(left, sizeof left, "%s%s%s %s", own_words[i].name, own_words[i].alias ? "|" : "",
			 own_words[i].alias ? own_words[i].alias : "", own_words[i].args);
		printf("  %-22s %s\n", left, own_words[i].help);
	}
	printf("  %-22s %s\n", "formats", "list the formats");
	printf("  %-22s %s\n", "convert, table, show", "any fpx command line, e.g. convert e5m2 1 2 3");
	output_flush();
	return true;
}

static const struct repl_word *find_word(const char *word)
{
	for (size_t i = 0; i < WORD_COUNT; i++)
		if (strcmp(word, own_words[i].name) == 0 || (own_words[i].alias && strcmp(word, own_words[i].alias) == 0))
			return &own_words[i];
	return NULL;
}

/* The word (the session's own, or a command or format name) nearest to a mistyped one. */
static bool nearest_word(const struct repl_session *s, char *out, size_t size, const char *word)
{
	const char *names[2 * WORD_COUNT + 1];
	size_t n = 0;

	for (size_t i = 0; i < WORD_COUNT; i++) {
		names[n++] = own_words[i].name;
		if (own_words[i].alias)
			names[n++] = own_words[i].alias;
	}
	names[n] = NULL;
	return cmdline_did_you_mean(s->commands, out, size, word, names);
}

bool repl_word_run(struct repl_session *s, char **words, int n, bool *go_on)
{
	const struct repl_word *w = find_word(words[0]);

	if (!w || (w->run == word_info && n > 1)) /* info NAME is fpx's info */
		return false;
	*go_on = w->run(s, words, n);
	return true;
}

const char *repl_word_name(size_t i)
{
	return i < WORD_COUNT ? own_words[i].name : NULL;
}
