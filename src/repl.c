/*
 * repl.c — the session. A line is a REPL command (a word from the table below), a
 * one-shot command line (convert, table, show, info NAME, formats), or else a value to
 * show in the current format. The code last shown is the current one: flip, set,
 * next and prev change it and show the result.
 */
#include "repl.h"
#include "fmtfile.h"
#include "real.h"
#include "registry.h"
#include "report.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "convert.h"
#include "decimal.h"
#include "line.h"
#include "policy.h"
#include "readout.h"
#include "words.h"

struct repl_session {
	const struct fmt *f;
	enum rnd_mode mode;
	bool mode_given, saturate, json;
	bool wrap;                   /* `wrap on`, as --wrap: only in formats that can wrap */
	const struct policy *policy; /* fpx's own unless `policy NAME` */
	const struct fmt *via;             /* round into this first, or NULL (`via NAME|off`) */
	struct show_style style;
	long max_precision;                /* --max-precision, 0 for the default */
	bool has_code;
	fpcode code;
	/* What the current value re-rounds from in another format (format NAME): the value
	 * typed, or the exact value of a code shown; "" when there is none. */
	struct strbuf value;
	bool failed;
};

typedef bool command_fn(struct repl_session *s, char **words, int n);

struct repl_word {
	const char *name, *alias, *args, *help;
	command_fn *run;
};

static void complain(struct repl_session *s, const char *message, const char *what)
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

/* What the session's policy rounds with, given its round and saturate settings. */
static enum rnd_mode session_mode(const struct repl_session *s)
{
	return policy_mode(s->policy, s->mode);
}

static bool session_saturates(const struct repl_session *s)
{
	return policy_saturates(s->policy, s->f, s->saturate);
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

/*
 * Shows text (a value or a bit pattern) exactly as `fpx show` with the session's
 * settings would: the same options, through the same converter. A code shown becomes
 * the current one.
 */
static void show_text(struct repl_session *s, const char *text)
{
	char name[FMT_NAME_MAX], *args[1] = { name };
	struct settings set = {
		.mode = s->mode, .mode_given = s->mode_given, .saturate = s->saturate,
		.saturate_given = s->saturate, .wrap = s->wrap, .style = s->json ? STYLE_JSON : STYLE_TSV,
		.color = s->style.color ? COLOR_ALWAYS : COLOR_NEVER, .full = s->style.full,
		.policy = s->policy == policy_default() ? NULL : s->policy, .via = s->via ? s->via->name : NULL,
		.args = args, .nargs = 1, .may_read_stdin = false, .interactive = true,
		.max_precision = s->max_precision,
	};
	fpcode code = 0;
	bool typed = false;

	snprintf(name, sizeof name, "%s", s->f->name);
	if (show_one(&set, text, &code, &typed) == EXIT_OK)
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
	input_init(&in);
	status = parse_input(&in, &err, text, strlen(text));
	stray = (status == PARSE_UNEXPECTED || status == PARSE_UNKNOWN_NAME) && err.column == 1 + start &&
		isalpha((unsigned char)text[start]) && text[end + strspn(text + end, " \t")] != '(';
	input_clear(&in);
	return stray;
}

static bool nearest_repl_word(char *out, size_t size, const char *word);

static void show_value(struct repl_session *s, const char *text)
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
	render_escaped(&safe, word);
	if (nearest_repl_word(guess, sizeof guess, word))
		report("unknown command '%s' (did you mean '%s'? help lists them)", safe.s, guess);
	else
		report("unknown command '%s' (help lists them)", safe.s);
	sb_free(&safe);
	s->failed = true;
}

/* ---- Commands ------------------------------------------------------------------------------ */

static bool word_format(struct repl_session *s, char **w, int n)
{
	const struct fmt *f;

	if (n != 2)
		return complain(s, "%s", "format NAME"), true;
	if (strchr(w[1], ',') || strcmp(w[1], "all") == 0)
		return complain(s, "a session is in one format: '%s' names several (show and convert take them)",
				w[1]), true;
	if (!(f = fmt_lookup(w[1]))) {
		const char *why = fmtfile_past_limits(w[1]);
		char message[FMT_NAME_MAX + 160];
		if (!why)
			return complain(s, "unknown format '%s' (see formats)", w[1]), true;
		snprintf(message, sizeof message, "unknown format '%.*s': %s", FMT_NAME_MAX, w[1], why);
		return complain(s, "%s", message), true;
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
		return complain(s, "%s", "policy NAME (see policies)"), true;
	s->policy = p;
	if (p->fixes_mode && s->mode_given && s->mode != p->mode)
		report("policy %s rounds %s: round %s no longer applies", p->name,
			rnd_mode_name(p->mode), rnd_mode_name(s->mode));
	if (p->fixes_mode) {
		s->mode = p->mode;
		s->mode_given = false;
	}
	if (s->wrap && p != policy_default()) {
		report("policy %s decides overflow itself: wrap on no longer applies", p->name);
		s->wrap = false;
	}
	if (p->saturation != SATURATE_AS_ASKED && s->saturate) {
		report("policy %s decides where it saturates: saturate on no longer applies",
			p->name);
		s->saturate = false;
	}
	return true;
}

static bool word_round(struct repl_session *s, char **w, int n)
{
	enum rnd_mode mode;

	if (n != 2 || !rnd_mode_from_name(&mode, w[1]))
		complain(s, "%s", "round rne|rna|rtz|rup|rdn");
	else if (s->policy->fixes_mode && mode != s->policy->mode)
		complain(s, "policy %s fixes the rounding mode: policy fpx first", s->policy->name);
	else {
		s->mode = mode;
		s->mode_given = !s->policy->fixes_mode;
	}
	return true;
}

static bool word_via(struct repl_session *s, char **w, int n)
{
	const struct fmt *f = NULL;

	if (n != 2)
		return complain(s, "%s", "via NAME|off"), true;
	if (strcmp(w[1], "off") && !(f = fmt_lookup(w[1])))
		return complain(s, "unknown format '%s' (see formats)", w[1]), true;
	s->via = f;
	return true;
}

/* on|off into *flag */
static bool set_switch(struct repl_session *s, bool *flag, char **w, int n, const char *usage)
{
	if (n == 2 && (strcmp(w[1], "on") == 0 || strcmp(w[1], "off") == 0))
		*flag = strcmp(w[1], "on") == 0;
	else
		complain(s, "%s", usage);
	return true;
}

static bool word_saturate(struct repl_session *s, char **w, int n)
{
	if (s->policy->saturation != SATURATE_AS_ASKED && n == 2 && strcmp(w[1], "on") == 0)
		return complain(s, "policy %s fixes where it saturates: policy fpx first", s->policy->name), true;
	if (n == 2 && strcmp(w[1], "on") == 0 && s->wrap)
		return complain(s, "%s", "wrap is on: wrap off first (-s and --wrap exclude each other)"), true;
	return set_switch(s, &s->saturate, w, n, "saturate on|off");
}

static bool word_wrap(struct repl_session *s, char **w, int n)
{
	if (n == 2 && strcmp(w[1], "on") == 0) {
		if (!s->f->can_wrap)
			return complain(s, "--wrap is for integer and fixed-point formats, not %s", s->f->name), true;
		if (s->saturate)
			return complain(s, "%s", "saturate is on: saturate off first (-s and --wrap exclude each other)"),
			       true;
		if (s->policy != policy_default())
			return complain(s, "policy %s decides overflow itself: policy fpx first", s->policy->name), true;
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
		complain(s, "%s", "no current value: type one first");
	return s->has_code;
}

/* A bit number of the current format, 0 the least significant. */
static bool bit_number(struct repl_session *s, const char *word, int *bit)
{
	char *end;
	long v = strtol(word, &end, 10);

	if (*word == '\0' || *end || v < 0 || v >= s->f->bits) {
		complain(s, "no bit '%s' here: bits are numbered 0 (least significant) up", word);
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
		return complain(s, "%s", "flip N [N...]"), true;
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
		return complain(s, "%s", "set N 0|1"), true;
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
	readout_of_code(&r, s->f, "", s->code, s->mode, s->saturate);
	nb = up ? &r.above : &r.below;
	if (nb->exists)
		show_code(s, nb->code);
	else
		complain(s, "%s", up ? "nothing above this value" : "nothing below this value");
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
			show_info_json(&out, s->f, session_mode(s), session_saturates(s));
		else
			show_info(&out, s->f, session_mode(s), session_saturates(s), &s->style);
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

static const struct repl_word commands[] = {
	{ "format", "f", "NAME", "make NAME the current format (the value follows)", word_format },
	{ "round", NULL, "MODE", "rounding: rne, rna, rtz, rup, rdn", word_round },
	{ "saturate", NULL, "on|off", "overflow gives +-max instead of inf or NaN", word_saturate },
	{ "wrap", NULL, "on|off", "integers, fixed point: wrap modulo 2^bits past the range", word_wrap },
	{ "policy", NULL, "NAME", "round as that stack does (fpx, ml_dtypes, onnx, ...)", word_policy },
	{ "via", NULL, "NAME|off", "round into NAME first (double rounding), or not", word_via },
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

static bool word_help(struct repl_session *s, char **w, int n)
{
	(void)s;
	(void)w;
	(void)n;
	printf("Type a value (1.5, 1/3, 464+2^-17, -inf) or a bit pattern (0x7e) to see it in the\n"
	       "current format. Commands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		char left[40];
		snprintf(left, sizeof left, "%s%s%s %s", commands[i].name, commands[i].alias ? "|" : "",
			 commands[i].alias ? commands[i].alias : "", commands[i].args);
		printf("  %-22s %s\n", left, commands[i].help);
	}
	printf("  %-22s %s\n", "formats", "list the formats");
	printf("  %-22s %s\n", "convert, table, show", "any fpx command line, e.g. convert e5m2 1 2 3");
	output_flush();
	return true;
}

static const struct repl_word *find_command(const char *word)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(word, commands[i].name) == 0 || (commands[i].alias && strcmp(word, commands[i].alias) == 0))
			return &commands[i];
	return NULL;
}

/* The REPL's own words, NULL-terminated, for guessing what a mistyped one meant. */
static bool nearest_repl_word(char *out, size_t size, const char *word)
{
	const char *names[2 * sizeof commands / sizeof commands[0] + 1];
	size_t n = 0;

	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		names[n++] = commands[i].name;
		if (commands[i].alias)
			names[n++] = commands[i].alias;
	}
	names[n] = NULL;
	return cli_did_you_mean(out, size, word, names);
}

struct word_match {
	const char *word;
	bool found;
};

static void match_word(const char *name, void *arg)
{
	struct word_match *m = arg;

	m->found |= strcmp(name, m->word) == 0;
}

/* A one-shot command line a session passes to cli_run(): any command of fpx's. */
static bool is_cli_command(const char *word, int n)
{
	struct word_match m = { word, false };

	cli_each_command(match_word, &m);
	if (strcmp(word, "info") == 0)
		return n > 1;
	return m.found || (word[0] == '-' && word[1] == '-') ||
	       (word[0] == '-' && isalpha((unsigned char)word[1]) && strcasecmp(word, "-inf") &&
		strcasecmp(word, "-infinity") && strcasecmp(word, "-nan"));
}

static void run_cli(struct repl_session *s, char **words, int n)
{
	char **argv = calloc((size_t)n + 2, sizeof *argv);

	if (!argv)
		abort();
	argv[0] = "fpx";
	for (int i = 0; i < n; i++)
		argv[i + 1] = words[i];
	if (cli_run(n + 1, argv, true) != EXIT_OK)
		s->failed = true;
	output_flush();
	free(argv);
}

/* ---- Lines ------------------------------------------------------------------------------ */

/* A line that is a value: as typed, blanks and all ("1 + 2"); one with quotes, a
 * backslash or a comment as its words, apart by a blank. */
static void show_line_value(struct repl_session *s, const char *text, const struct words *w)
{
	struct strbuf value;

	if (!strpbrk(text, "'\"\\#")) {
		show_value(s, text);
		return;
	}
	sb_init(&value);
	for (int i = 0; i < w->count; i++)
		sb_printf(&value, "%s%s", i ? " " : "", w->word[i]);
	show_value(s, value.s);
	sb_free(&value);
}

/* Handles one line, split into words as a shell would; false when the session ends. */
static bool handle(struct repl_session *s, const char *text)
{
	struct words w;
	enum words_status status = words_split(&w, text);
	const struct repl_word *cmd;
	bool go_on = true;

	if (status != WORDS_OK)
		complain(s, "%s: not run", words_problem(status));
	else if (w.count == 0) /* nothing, or a comment */
		;
	else if ((cmd = find_command(w.word[0])) && !(cmd->run == word_info && w.count > 1))
		go_on = cmd->run(s, w.word, w.count);
	else if (is_cli_command(w.word[0], w.count))
		run_cli(s, w.word, w.count);
	else
		show_line_value(s, text, &w);
	words_free(&w);
	return go_on;
}

/* ---- Completion and history ------------------------------------------------------------------ */

struct name_filter {
	const char *prefix;
	void (*add)(void *ctx, const char *word);
	void *ctx;
};

static void offer(const char *word, void *arg)
{
	struct name_filter *nf = arg;

	if (strncmp(word, nf->prefix, strlen(nf->prefix)) == 0)
		nf->add(nf->ctx, word);
}

static void offer_policy(const struct policy *p, void *arg)
{
	offer(p->name, arg);
}

static void offer_list(struct name_filter *nf, const char *const *list)
{
	for (; *list; list++)
		offer(*list, nf);
}

/*
 * The functions and constants, for the name the word being typed ends in: "exp(lo"
 * offers "exp(log(", "exp(log10(", "exp(log1p(", "exp(log2(" (each with its opening
 * parenthesis, which line.c follows with no space).
 */
static void offer_functions(struct name_filter *nf)
{
	const char *prefix = nf->prefix, *name;
	size_t head = strlen(prefix);
	char word[256];

	while (head > 0 && (isalnum((unsigned char)prefix[head - 1]) || prefix[head - 1] == '_'))
		head--;
	name = prefix + head;
	if (head >= sizeof word - 32)
		return;
	for (size_t i = 0; real_function_name(i); i++)
		if (strncmp(real_function_name(i), name, strlen(name)) == 0) {
			snprintf(word, sizeof word, "%.*s%s(", (int)head, prefix, real_function_name(i));
			nf->add(nf->ctx, word);
		}
	if (strncmp("pi", name, strlen(name)) == 0) {
		snprintf(word, sizeof word, "%.*spi", (int)head, prefix);
		nf->add(nf->ctx, word);
	}
}

/* Does the word being typed hold an expression ("2*exp(", "sqrt(1+")? */
static bool inside_expression(const char *prefix)
{
	return strpbrk(prefix, "()+-*/^,") != NULL;
}

/* Commands first; then what each command takes: a format, a mode, on|off; a function
 * name wherever a value is being typed. */
static void complete(const char *const *words, int n, const char *prefix, void (*add)(void *ctx, const char *word),
		     void *ctx)
{
	static const char *const modes[] = { "rne", "rna", "rtz", "rup", "rdn", NULL };
	static const char *const on_off[] = { "on", "off", NULL };
	struct name_filter nf = { prefix, add, ctx };
	const char *first = n ? words[0] : "";

	if (inside_expression(prefix))
		offer_functions(&nf);
	else if (n == 0) {
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
			offer(commands[i].name, &nf);
		cli_each_command(offer, &nf);
		if (*prefix)
			offer_functions(&nf);
	} else if (strcmp(first, "round") == 0 || strcmp(words[n - 1], "-r") == 0)
		offer_list(&nf, modes);
	else if (strcmp(first, "saturate") == 0 || strcmp(first, "wrap") == 0 || strcmp(first, "json") == 0)
		offer_list(&nf, on_off);
	else if ((strcmp(first, "policy") == 0 && n == 1) || strcmp(words[n - 1], "--policy") == 0)
		policy_each(offer_policy, &nf);
	else if (n == 1 && strcmp(first, "flip") && strcmp(first, "set"))
		fmt_each_name(offer, &nf);
	else if (*prefix)
		offer_functions(&nf);
}

struct repl_session *repl_open(const struct repl_options *o)
{
	struct repl_session *s = calloc(1, sizeof *s);

	if (!s)
		abort();
	s->policy = o->policy ? o->policy : policy_default();
	s->mode = policy_mode(s->policy, o->mode);
	s->mode_given = o->mode_given;
	s->saturate = o->saturate;
	s->wrap = o->wrap;
	s->json = o->json;
	s->style = o->style;
	s->max_precision = o->max_precision;
	sb_init(&s->value);
	if (!(s->f = fmt_lookup(o->format ? o->format : "binary32"))) {
		report("unknown format '%s' (see fpx formats)", o->format);
		repl_close(s);
		return NULL;
	}
	if (o->via && !(s->via = fmt_lookup(o->via))) {
		report("unknown format '%s' (see fpx formats)", o->via);
		repl_close(s);
		return NULL;
	}
	return s;
}

bool repl_line(struct repl_session *s, const char *line)
{
	return handle(s, line);
}

int repl_close(struct repl_session *s)
{
	int status = s->failed ? EXIT_BAD_INPUT : EXIT_OK;

	sb_free(&s->value);
	free(s);
	return status;
}

/* Ctrl-C stopped a command: the terminal has echoed ^C after whatever part of a row
 * was written, so on a terminal the message starts a line of its own. */
static void report_interrupted(void)
{
	if (isatty(STDERR_FILENO))
		fputc('\n', stderr);
	report("interrupted");
}

int repl_run(const struct repl_options *o)
{
	struct repl_session *s = repl_open(o);
	char *history, prompt[2 * FMT_NAME_MAX + 64];
	struct line_editor *ed;
	const char *line;
	size_t len;
	bool too_long;
	int status, error;

	if (!s)
		return EXIT_USAGE;
	history = line_history_path();
	ed = line_open(history, complete);
	for (;;) {
		snprintf(prompt, sizeof prompt, "fpx %s %s%s%s%s%s%s%s> ", s->f->name, rnd_mode_name(session_mode(s)),
			 session_saturates(s) ? " sat" : "", s->wrap ? " wrap" : "", s->policy != policy_default() ? " " : "",
			 s->policy != policy_default() ? s->policy->name : "", s->via ? " via " : "",
			 s->via ? s->via->name : "");
		if (!(line = line_read(ed, prompt, &len, &too_long)))
			break;
		if (too_long || memchr(line, '\0', len)) {
			complain(s, "%s", too_long ? "a line past 1 MiB: not run" : "a NUL byte in the line: not run");
			continue;
		}
		if (!repl_line(s, line) || !output_flush())
			break;
		if (line_interrupted())
			report_interrupted();
	}
	if ((error = line_error(ed)))
		report("standard input: %s", strerror(error));
	/* a person who mistyped a line and then quit has seen its message: a session at a
	 * terminal is not a batch, and ends 0 unless it could not read or write */
	if (line_is_interactive(ed))
		s->failed = false;
	line_close(ed);
	free(history);
	status = repl_close(s);
	return status == EXIT_OK && (error || output_failed()) ? EXIT_BAD_INPUT : status;
}
