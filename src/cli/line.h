/*
 * line.h — reading the REPL's lines: with libedit on a terminal (editing, history kept
 * in a file, Tab completion, ~/.editrc), or plainly from a pipe or file, or when built
 * without libedit. Three calls: open, read a line, close.
 */
#ifndef FPX_LINE_H
#define FPX_LINE_H

#include <stdbool.h>
#include <stddef.h>

/* A piped line longer than this is refused, never held whole. */
#define LINE_MAX_BYTES (1 << 20)

struct line_editor;

/* Offers completions: words[0..nwords) stand before the word being typed, which
 * begins with prefix; add() each candidate that fits. arg is line_open()'s. */
typedef void line_completer(void *arg, const char *const *words, int nwords, const char *prefix,
			    void (*add)(void *ctx, const char *word), void *ctx);

/* Where the REPL keeps its history: $XDG_STATE_HOME/fpx/history, else
 * ~/.local/state/fpx/history, the folders made; NULL without either variable. To free. */
char *line_history_path(void);
/* history: the file to load and keep history in (NULL: none); completer is called
 * with arg. */
struct line_editor *line_open(const char *history, line_completer *completer, void *arg);
/* The next line without its newline, or NULL at the end of input (or a read error:
 * line_error()). *len is its length: a NUL byte may stand inside. *too_long: the line
 * was past LINE_MAX_BYTES and was skipped; the text is its start. Ctrl-C abandons the
 * line being typed and gives "". The text is valid until the next call. History is
 * bounded: see line.c. */
const char *line_read(struct line_editor *ed, const char *prompt, size_t *len, bool *too_long);
/* Has Ctrl-C been pressed in a session on a terminal since its last line was read? The
 * commands a line runs stop their loops then (cli_should_stop()). */
bool line_interrupted(void);
/* The errno of a failed read of the session's input, or 0. */
int line_error(const struct line_editor *ed);
/* Whether lines come from a person at a terminal (stdin and stdout both terminals). */
bool line_is_interactive(const struct line_editor *ed);
void line_close(struct line_editor *ed);

#endif
