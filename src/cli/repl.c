/*
 * repl.c — the session's loop. A line is one of the session's own words (replword.c),
 * a one-shot command line of fpx's (convert, table, show, info NAME, formats), run
 * through the command table the session was given, or else a value to show in the
 * current format. Also what Tab completes. It never calls cli.c: the table is all it
 * knows of fpx's commands.
 */
#include "repl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cmdline.h"
#include "line.h"
#include "output.h"
#include "policy.h"
#include "real.h"
#include "registry.h"
#include "replword.h"
#include "report.h"
#include "words.h"

/* ---- fpx's command lines ----------------------------------------------------------------- */

/* A no-table session (repl_options.commands NULL) runs no command line. */
static const struct command_table no_commands = { NULL, 0 };

/* A one-shot command line a session runs through the table: any command of fpx's. */
static bool is_command_line(const struct repl_session *s, const char *word, int n)
{
	if (strcmp(word, "info") == 0)
		return n > 1;
	return cmdline_find(s->commands, word) || (word[0] == '-' && word[1] == '-') ||
	       (word[0] == '-' && isalpha((unsigned char)word[1]) && strcasecmp(word, "-inf") &&
		strcasecmp(word, "-infinity") && strcasecmp(word, "-nan"));
}

static void run_command_line(struct repl_session *s, char **words, int n)
{
	char **argv = calloc((size_t)n + 2, sizeof *argv);

	if (!argv)
		abort();
	argv[0] = "fpx";
	for (int i = 0; i < n; i++)
		argv[i + 1] = words[i];
	if (cmdline_run(s->commands, n + 1, argv, true) != EXIT_OK)
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
		repl_show_value(s, text);
		return;
	}
	sb_init(&value);
	for (int i = 0; i < w->count; i++)
		sb_printf(&value, "%s%s", i ? " " : "", w->word[i]);
	repl_show_value(s, value.s);
	sb_free(&value);
}

/* Handles one line, split into words as a shell would; false when the session ends. */
static bool handle(struct repl_session *s, const char *text)
{
	struct words w;
	enum words_status status = words_split(&w, text);
	bool go_on = true;

	if (status != WORDS_OK)
		repl_complain(s, "%s: not run", words_problem(status));
	else if (w.count == 0) /* nothing, or a comment */
		;
	else if (repl_word_run(s, w.word, w.count, &go_on))
		;
	else if (is_command_line(s, w.word[0], w.count))
		run_command_line(s, w.word, w.count);
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
static void complete(void *session, const char *const *words, int n, const char *prefix,
		     void (*add)(void *ctx, const char *word), void *ctx)
{
	const struct repl_session *s = session;
	static const char *const on_off[] = { "on", "off", NULL };
	static const char *const saturations[] = { "none", "finite", "propagate", NULL };
	struct name_filter nf = { prefix, add, ctx };
	const char *first = n ? words[0] : "";

	if (inside_expression(prefix))
		offer_functions(&nf);
	else if (n == 0) {
		for (size_t i = 0; repl_word_name(i); i++)
			offer(repl_word_name(i), &nf);
		for (size_t i = 0; i < s->commands->count; i++)
			offer(s->commands->rows[i].name, &nf);
		if (*prefix)
			offer_functions(&nf);
	} else if (strcmp(first, "round") == 0 || strcmp(words[n - 1], "-r") == 0) {
		for (int m = 0; m < RND_MODE_COUNT; m++)
			offer(rnd_mode_name((enum rnd_mode)m), &nf);
	} else if (strcmp(first, "saturation") == 0 || strcmp(words[n - 1], "--saturation") == 0)
		offer_list(&nf, saturations);
	else if (strcmp(first, "saturate") == 0 || strcmp(first, "wrap") == 0 || strcmp(first, "json") == 0)
		offer_list(&nf, on_off);
	else if ((strcmp(first, "policy") == 0 && n == 1) || strcmp(words[n - 1], "--policy") == 0)
		policy_each(offer_policy, &nf);
	else if ((strcmp(first, "arch") == 0 && n == 1) || strcmp(words[n - 1], "--arch") == 0)
		for (int i = 0; arch_at(i); i++)
			offer(arch_name(arch_at(i)), &nf);
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
	s->rounding = o->rounding;
	s->rounding.mode = policy_mode(s->policy, o->rounding.mode);
	s->mode_given = o->mode_given;
	s->sr_random_given = o->sr_random_given;
	s->wrap = o->wrap;
	s->json = o->json;
	s->style = o->style;
	s->max_precision = o->max_precision;
	s->arch = o->arch;
	s->commands = o->commands ? o->commands : &no_commands;
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
	char *history, prompt[2 * FMT_NAME_MAX + 80];
	struct line_editor *ed;
	const char *line;
	size_t len;
	bool too_long;
	int status, error;

	if (!s)
		return EXIT_USAGE;
	history = line_history_path();
	ed = line_open(history, complete, s);
	output_watch_interrupts(line_interrupted);
	for (;;) {
		struct rnd_spec how = repl_session_rounding(s);

		snprintf(prompt, sizeof prompt, "fpx %s %s%s%s%s%s%s%s%s%s> ", s->f->name, rnd_mode_name(how.mode),
			 how.sat == RND_SAT_FINITE ? " sat" : how.sat == RND_SAT_PROPAGATE ? " propagate" : "", s->wrap ? " wrap" : "", s->policy != policy_default() ? " " : "",
			 s->policy != policy_default() ? s->policy->name : "", s->via ? " via " : "",
			 s->via ? s->via->name : "", s->arch ? " " : "", s->arch ? arch_name(s->arch) : "");
		if (!(line = line_read(ed, prompt, &len, &too_long)))
			break;
		if (too_long || memchr(line, '\0', len)) {
			repl_complain(s, "%s", too_long ? "a line past 1 MiB: not run" : "a NUL byte in the line: not run");
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