/*
 * line.c — the one file that knows libedit.
 *
 * On a terminal, with libedit (loaded then, see load_libedit()): emacs-style editing, Up/Down and Ctrl-R through the
 * history, which is loaded from and saved to a file, Tab completion through the
 * caller's completer, and the user's ~/.editrc. Ctrl-C abandons the line being typed.
 * Otherwise (a pipe, a file, or a build without libedit) lines are read plainly, with
 * a prompt only on a terminal.
 */
#define _GNU_SOURCE /* ppoll() */
#include "line.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <poll.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <sys/stat.h>
#include <unistd.h>

#include "history.h"
#include "lines.h"
#include "words.h"

#ifdef HAVE_LIBEDIT
#include <dlfcn.h>
#include <histedit.h>

/*
 * libedit is loaded when an interactive session starts, not linked: with its own
 * libraries it would otherwise add a millisecond to every start-up of fpx, and only
 * the REPL on a terminal uses it. The table is filled once and only read after.
 */
static struct {
	EditLine *(*init)(const char *, FILE *, FILE *, FILE *);
	void (*end)(EditLine *);
	int (*set)(EditLine *, int, ...);
	int (*get)(EditLine *, int, ...);
	const char *(*gets)(EditLine *, int *);
	const LineInfo *(*line)(EditLine *);
	int (*insertstr)(EditLine *, const char *);
	void (*reset)(EditLine *);
	int (*source)(EditLine *, const char *);
	History *(*history_init)(void);
	void (*history_end)(History *);
	int (*history)(History *, HistEvent *, int, ...);
} edit;

static bool load_libedit(void)
{
	static const char *const names[] = { "libedit.so.2", "libedit.so.0", "libedit.so" };
	void *lib = NULL;

	if (edit.init)
		return true;
	for (size_t i = 0; i < sizeof names / sizeof names[0] && !lib; i++)
		lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (!lib)
		return false;
	*(void **)&edit.end = dlsym(lib, "el_end");
	*(void **)&edit.set = dlsym(lib, "el_set");
	*(void **)&edit.get = dlsym(lib, "el_get");
	*(void **)&edit.gets = dlsym(lib, "el_gets");
	*(void **)&edit.line = dlsym(lib, "el_line");
	*(void **)&edit.insertstr = dlsym(lib, "el_insertstr");
	*(void **)&edit.reset = dlsym(lib, "el_reset");
	*(void **)&edit.source = dlsym(lib, "el_source");
	*(void **)&edit.history_init = dlsym(lib, "history_init");
	*(void **)&edit.history_end = dlsym(lib, "history_end");
	*(void **)&edit.history = dlsym(lib, "history");
	*(void **)&edit.init = dlsym(lib, "el_init"); /* last: it says the table is whole */
	if (edit.end && edit.set && edit.get && edit.gets && edit.line && edit.insertstr && edit.reset &&
	    edit.source && edit.history_init && edit.history_end && edit.history && edit.init)
		return true;
	edit.init = NULL;
	return false;
}
#endif

struct line_editor {
	char *text; /* the plain reader's buffer on a terminal */
	size_t cap;
	struct line_reader *pipe; /* the reader of a pipe or file: bounded lines */
	bool terminal;
	line_completer *complete;
	void *complete_arg;
#ifdef HAVE_LIBEDIT
	EditLine *el;
	History *hist;
	HistEvent ev;
	char *history;
	const char *prompt;
	char *copy;   /* the line handed out, without its newline */
	FILE *screen; /* libedit's own stream to the terminal (see open_editline()) */
	int interrupt_key;   /* Ctrl-C's byte while a line is edited, -1 for none (read_key()) */
	bool key_taken_over; /* in this line: the terminal's interrupt key is read in line */
#endif
};

static volatile sig_atomic_t interrupted;

#ifdef HAVE_LIBEDIT
/* The editor of a session that has ended (see line_close()). */
static EditLine *volatile kept_editor;
static History *volatile kept_history;
#endif

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Ctrl-C interrupts the read (no SA_RESTART) instead of ending the process. */
static void catch_interrupts(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

/* A line from a pipe or a file, through the bounded block reader. */
static const char *read_piped(struct line_editor *ed, size_t *len, bool *too_long)
{
	const char *text;

	return lines_next(ed->pipe, &text, len, too_long) ? text : NULL;
}

static const char *read_plain(struct line_editor *ed, const char *prompt, size_t *length)
{
	ssize_t len;

	for (;;) {
		if (ed->terminal) {
			fputs(prompt, stdout);
			fflush(stdout);
		}
		interrupted = 0;
		errno = 0;
		len = getline(&ed->text, &ed->cap, stdin);
		if (len >= 0)
			break;
		if (!(errno == EINTR && interrupted))
			return NULL;
		clearerr(stdin);
		fputc('\n', stdout);
	}
	while (len > 0 && (ed->text[len - 1] == '\n' || ed->text[len - 1] == '\r'))
		ed->text[--len] = '\0';
	*length = (size_t)len;
	return ed->text;
}

#ifdef HAVE_LIBEDIT

static char *prompt_of(EditLine *el)
{
	struct line_editor *ed;

	edit.get(el, EL_CLIENTDATA, &ed);
	return (char *)ed->prompt;
}

/* ---- Completion ------------------------------------------------------------------------ */

struct candidates {
	char **word;
	int count;
	size_t prefix_len;
};

static void add_candidate(void *ctx, const char *word)
{
	struct candidates *c = ctx;
	char **grown;

	for (int i = 0; i < c->count; i++)
		if (strcmp(c->word[i], word) == 0)
			return;
	grown = realloc(c->word, (size_t)(c->count + 1) * sizeof *grown);
	if (!grown || !(grown[c->count] = strdup(word)))
		abort();
	c->word = grown;
	c->count++;
}

static size_t common_prefix(const struct candidates *c)
{
	size_t n = strlen(c->word[0]);

	for (int i = 1; i < c->count; i++) {
		size_t k = 0;
		while (k < n && c->word[i][k] == c->word[0][k])
			k++;
		n = k;
	}
	return n;
}

/* Splits the text before the cursor into the finished words and the one being typed
 * (unquoted, as the line will be run; an open quote is in the word being typed). */
static const char *split_words(struct words *w, const char *text)
{
	(void)words_split(w, text);
	return w->open ? w->word[--w->count] : "";
}

static void list_candidates(EditLine *el, const struct candidates *c)
{
	FILE *out;

	edit.get(el, EL_GETFP, 1, &out);
	fputc('\n', out);
	for (int i = 0; i < c->count; i++)
		fprintf(out, "%s%s", c->word[i], i + 1 < c->count ? "  " : "\n");
}

static unsigned char complete(EditLine *el, int ch)
{
	const LineInfo *li = edit.line(el);
	struct line_editor *ed;
	struct candidates c = { NULL, 0, 0 };
	struct words words;
	const char *prefix;
	char *before = strndup(li->buffer, (size_t)(li->cursor - li->buffer));
	unsigned char result = CC_REFRESH_BEEP;

	(void)ch;
	edit.get(el, EL_CLIENTDATA, &ed);
	if (!before)
		abort();
	prefix = split_words(&words, before);
	c.prefix_len = strlen(prefix);
	ed->complete(ed->complete_arg, (const char *const *)words.word, words.count, prefix, add_candidate, &c);
	if (c.count == 1) { /* the rest of the word and a space (none after a function's "("), in one insertion */
		size_t len = strlen(c.word[0] + c.prefix_len);
		char *rest = malloc(len + 2);
		if (!rest)
			abort();
		memcpy(rest, c.word[0] + c.prefix_len, len);
		rest[len] = len && c.word[0][c.prefix_len + len - 1] == '(' ? '\0' : ' ';
		rest[len + 1] = '\0';
		edit.insertstr(el, rest);
		free(rest);
		result = CC_REFRESH;
	} else if (c.count > 1 && common_prefix(&c) > c.prefix_len) {
		char *more = strndup(c.word[0] + c.prefix_len, common_prefix(&c) - c.prefix_len);
		edit.insertstr(el, more);
		free(more);
		result = CC_REFRESH;
	} else if (c.count > 1) {
		list_candidates(el, &c);
		result = CC_REDISPLAY;
	}
	for (int i = 0; i < c.count; i++)
		free(c.word[i]);
	free(c.word);
	words_free(&words);
	free(before);
	return result;
}

/* ---- Opening, reading, closing ------------------------------------------------------------- */

/* Older sessions saved the file with libedit's H_SAVE: a "_HiStOrY_V2_" header and
 * lines with octal escapes (\040 for a space). Those are read back decoded. */
static void decode_vis(char *line)
{
	char *out = line;

	for (char *p = line; *p; p++) {
		if (p[0] == '\\' && p[1] >= '0' && p[1] <= '3' && p[2] >= '0' && p[2] <= '7' && p[3] >= '0' &&
		    p[3] <= '7') {
			*out++ = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
			p += 3;
		} else
			*out++ = *p;
	}
	*out = '\0';
}

static void open_history(struct line_editor *ed, const char *path)
{
	char *tail, *save;

	ed->hist = edit.history_init();
	edit.history(ed->hist, &ed->ev, H_SETSIZE, HISTORY_LINES);
	edit.history(ed->hist, &ed->ev, H_SETUNIQUE, 1);
	if (path && (ed->history = strdup(path)) && (tail = history_tail(path))) {
		for (char *line = strtok_r(tail, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			if (strcmp(line, "_HiStOrY_V2_") == 0 || strlen(line) > HISTORY_LINE_MAX)
				continue;
			decode_vis(line);
			edit.history(ed->hist, &ed->ev, H_ENTER, line);
		}
		free(tail);
	}
	edit.set(ed->el, EL_HIST, edit.history, ed->hist);
}

static bool sigint_pending(void)
{
	sigset_t pending;

	return sigpending(&pending) == 0 && sigismember(&pending, SIGINT);
}

/* One byte from the terminal, with SIGINT blocked but while waiting for it (ppoll): 1, 0 at
 * the end of input, -1 on an error or when a Ctrl-C has come (errno EINTR). A Ctrl-C that
 * comes between the wait and the read empties the terminal's queue, so the byte is read
 * only while none is pending and the queue still holds one: it was typed after the last
 * Ctrl-C the handler saw, never before one still to come. */
static int read_byte_unless_interrupted(char *byte)
{
	struct pollfd in = { .fd = STDIN_FILENO, .events = POLLIN };
	sigset_t waiting;
	int queued;

	sigprocmask(SIG_SETMASK, NULL, &waiting);
	sigdelset(&waiting, SIGINT);
	for (;;) {
		if (interrupted || sigint_pending())
			break;
		if (ppoll(&in, 1, NULL, &waiting) < 0) {
			if (errno == EINTR)
				break;
			return -1;
		}
		if (sigint_pending())
			break;
		if (ioctl(STDIN_FILENO, FIONREAD, &queued) == 0 && queued == 0 && !(in.revents & (POLLHUP | POLLERR)))
			continue; /* a Ctrl-C emptied the queue since ppoll saw it */
		return (int)read(STDIN_FILENO, byte, 1);
	}
	errno = EINTR;
	return -1;
}

/*
 * The terminal's interrupt key (Ctrl-C) while libedit reads: taken in line, as a byte
 * among the others, not as SIGINT. The kernel sends SIGINT for it and empties the queue
 * when it processes the key, at a moment the reader cannot place among the bytes it has
 * read: a key typed after a Ctrl-C could be read before its signal came and go with the
 * abandoned line (300 typed-ahead "12" and Ctrl-C, then "1.5", read ".5" now and then).
 * So while a line is edited the key is switched off (VINTR disabled, ISIG kept for
 * Ctrl-Z and Ctrl-\) and recognised here; libedit puts the terminal's own settings back
 * when the line ends, and a Ctrl-C during a command interrupts it as before.
 */
static int interrupt_key_in_line(void)
{
	struct termios t;
	int key;

	if (tcgetattr(STDIN_FILENO, &t) != 0 || t.c_cc[VINTR] == _POSIX_VDISABLE)
		return -1;
	key = t.c_cc[VINTR];
	t.c_cc[VINTR] = _POSIX_VDISABLE;
	return tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0 ? key : -1;
}

/* libedit's character reader (EL_GETCFN): 1 and a character, 0 at the end of input, -1 on
 * an error or at a Ctrl-C (errno EINTR), the key or a SIGINT that came before it took
 * over the key. libedit's own reader went on reading after a Ctrl-C that came while it
 * was writing, not reading: the flag stayed set into the next command ("fpx:
 * interrupted" after it) and keys typed before the Ctrl-C could join the next line. */
static int read_key(EditLine *el, wchar_t *out)
{
	struct line_editor *ed;
	sigset_t sigint, old;
	mbstate_t state;
	char byte;
	int n;

	edit.get(el, EL_CLIENTDATA, &ed);
	memset(&state, 0, sizeof state);
	sigemptyset(&sigint);
	sigaddset(&sigint, SIGINT);
	sigprocmask(SIG_BLOCK, &sigint, &old);
	if (!ed->key_taken_over) /* libedit set the terminal again for this line */
		ed->interrupt_key = interrupt_key_in_line();
	ed->key_taken_over = true;
	while ((n = read_byte_unless_interrupted(&byte)) == 1) {
		size_t used;
		if ((unsigned char)byte == ed->interrupt_key) {
			interrupted = 1;
			n = -1;
			break;
		}
		used = mbrtowc(out, &byte, 1, &state);
		if (used == (size_t)-2)
			continue; /* more bytes of the character to come */
		if (used == (size_t)-1)
			*out = (wchar_t)(unsigned char)byte;
		break;
	}
	sigprocmask(SIG_SETMASK, &old, NULL); /* a pending Ctrl-C's handler runs here */
	if (n < 0 && interrupted)
		errno = EINTR;
	return n;
}

/* libedit writes the prompt, the echo and redraws through a stream of its own on a copy of
 * standard output's descriptor: a Ctrl-C that interrupts one of its writes sets that
 * stream's error flag, which is cleared after each line, and never stdout's, which would
 * end the session with "write error" (typed-ahead Ctrl-Cs did, now and then). */
static bool open_editline(struct line_editor *ed, const char *history_path)
{
	int fd = dup(STDOUT_FILENO);

	if (fd < 0 || !(ed->screen = fdopen(fd, "w"))) {
		if (fd >= 0)
			close(fd);
		return false;
	}
	ed->el = edit.init("fpx", stdin, ed->screen, stderr);
	if (!ed->el)
		return false;
	edit.set(ed->el, EL_CLIENTDATA, ed);
	edit.set(ed->el, EL_GETCFN, read_key);
	edit.set(ed->el, EL_EDITOR, "emacs");
	edit.set(ed->el, EL_PROMPT, prompt_of);
	edit.set(ed->el, EL_ADDFN, "fpx-complete", "complete a command, format or mode", complete);
	edit.set(ed->el, EL_BIND, "^I", "fpx-complete", NULL);
	open_history(ed, history_path);
	edit.source(ed->el, NULL); /* ~/.editrc */
	return true;
}

static const char *read_edited(struct line_editor *ed, const char *prompt, size_t *len)
{
	const char *line;
	int count;

	ed->prompt = prompt;
	fflush(stdout); /* what the last command wrote comes before the prompt */
	for (;;) {
		interrupted = 0;
		errno = 0;
		ed->key_taken_over = false;
		line = edit.gets(ed->el, &count);
		clearerr(ed->screen);
		/* a Ctrl-C that came while the flag was being reset still shows as EINTR */
		if (line || !(interrupted || (count < 0 && errno == EINTR)))
			break;
		fputc('\n', ed->screen); /* Ctrl-C: abandon the line, keep the session */
		fflush(ed->screen);
		clearerr(ed->screen);
		edit.reset(ed->el);
	}
	if (!line)
		return NULL;
	free(ed->copy);
	ed->copy = strdup(line);
	if (!ed->copy)
		abort();
	ed->copy[strcspn(ed->copy, "\r\n")] = '\0';
	for (size_t n = strlen(ed->copy); n && (ed->copy[n - 1] == ' ' || ed->copy[n - 1] == '\t');)
		ed->copy[--n] = '\0'; /* completion leaves a space behind */
	if (ed->copy[strspn(ed->copy, " \t")] && strlen(ed->copy) <= HISTORY_LINE_MAX) {
		edit.history(ed->hist, &ed->ev, H_ENTER, ed->copy);
		history_append(ed->history, ed->copy);
	}
	*len = strlen(ed->copy);
	return ed->copy;
}

#endif

bool line_interrupted(void)
{
	return interrupted != 0;
}

struct line_editor *line_open(const char *history, line_completer *completer, void *arg)
{
	struct line_editor *ed = calloc(1, sizeof *ed);

	if (!ed)
		abort();
	ed->terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	ed->complete = completer;
	ed->complete_arg = arg;
	if (!isatty(STDIN_FILENO))
		ed->pipe = lines_open(STDIN_FILENO, LINE_MAX_BYTES);
	if (ed->terminal)
		catch_interrupts();
#ifdef HAVE_LIBEDIT
	if (ed->terminal && !(load_libedit() && open_editline(ed, history)))
		ed->el = NULL;
#else
	(void)history;
#endif
	return ed;
}

const char *line_read(struct line_editor *ed, const char *prompt, size_t *len, bool *too_long)
{
	*too_long = false;
	if (ed->pipe)
		return read_piped(ed, len, too_long);
#ifdef HAVE_LIBEDIT
	if (ed->el)
		return read_edited(ed, prompt, len);
#endif
	return read_plain(ed, prompt, len);
}

int line_error(const struct line_editor *ed)
{
	return ed->pipe ? lines_error(ed->pipe) : ferror(stdin) ? EIO : 0;
}

bool line_is_interactive(const struct line_editor *ed)
{
	return ed->terminal;
}

void line_close(struct line_editor *ed)
{
#ifdef HAVE_LIBEDIT
	if (ed->el) {
		/* el_end() loses what EL_ADDFN allocated (192 bytes), a leak LeakSanitizer
		 * counts against every terminal session. The editor is left as it is instead,
		 * kept reachable (volatile: the stores must stay); el_gets() has put the
		 * terminal back already, and the process ends with the session. */
		kept_editor = ed->el;
		kept_history = ed->hist;
	}
	free(ed->history);
	free(ed->copy);
#endif
	if (ed->pipe)
		lines_close(ed->pipe);
	free(ed->text);
	free(ed);
}

/* $XDG_STATE_HOME/fpx/history, else ~/.local/state/fpx/history; the folders are made. */
char *line_history_path(void)
{
	const char *state = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	char *path;
	size_t size;

	if ((!state || !*state) && (!home || !*home))
		return NULL;
	size = strlen(state && *state ? state : home) + 40;
	path = malloc(size);
	if (!path)
		abort();
	if (state && *state)
		snprintf(path, size, "%s", state);
	else {
		snprintf(path, size, "%s/.local", home);
		mkdir(path, 0700);
		snprintf(path, size, "%s/.local/state", home);
	}
	mkdir(path, 0700);
	strcat(path, "/fpx");
	mkdir(path, 0700);
	strcat(path, "/history");
	return path;
}
