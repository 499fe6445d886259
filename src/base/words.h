/*
 * words.h — a command line split into words as the POSIX shell quotes them, so that a
 * line typed in the REPL gives the arguments the same line gives in a shell: blanks
 * part words; '...' keeps everything in it; "..." too, but for a backslash before
 * " \ $ ` (which it keeps) or a newline (dropped); a backslash elsewhere keeps the
 * character after it. Nothing else of the shell: no variables, globs or ~ (a value has
 * no use for them, and $ or * there is fpx's own).
 */
#ifndef FPX_WORDS_H
#define FPX_WORDS_H

#include <stdbool.h>

enum words_status { WORDS_OK, WORDS_OPEN_QUOTE, WORDS_OPEN_BACKSLASH };

struct words {
	char **word; /* count words, then NULL */
	int count;
	bool open;   /* the last word runs to the end of the line (none follows a blank) */
	char *text;  /* where the words are kept */
};

/* Splits line into w's words (to free with words_free()). Past an unterminated quote
 * or a last backslash, the status says so, and the words hold what there is (the last
 * one open): what completion needs. */
enum words_status words_split(struct words *w, const char *line);
void words_free(struct words *w);
/* What a status other than WORDS_OK says, for a message. */
const char *words_problem(enum words_status status);

#endif
