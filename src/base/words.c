/*
 * words.c — shell words (see words.h). The words are written, unquoted, into one
 * buffer as long as the line plus one: a word never comes out longer than it went in,
 * and its NUL takes the place of the blank after it (or of the spare byte at the end).
 */
#include "words.h"

#include <stdlib.h>
#include <string.h>

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* '...' from *p: everything up to the next quote. False when there is none. */
static bool single_quoted(const char **p, char **out)
{
	const char *from = *p + 1, *end = strchr(from, '\'');
	size_t len = end ? (size_t)(end - from) : strlen(from);

	memcpy(*out, from, len);
	*out += len;
	*p = from + len + (end != NULL);
	return end != NULL;
}

/* "..." from *p: up to the next quote not after a backslash; a backslash keeps the
 * " \ $ ` after it and drops a newline, and is kept before anything else. */
static bool double_quoted(const char **p, char **out)
{
	const char *s = *p + 1;

	for (; *s && *s != '"'; s++) {
		if (s[0] == '\\' && s[1] && strchr("\"\\$`\n", s[1]) && *++s == '\n')
			continue;
		*(*out)++ = *s;
	}
	*p = *s ? s + 1 : s;
	return *s == '"';
}

/* A backslash outside quotes at *p: the character after it, kept (a newline dropped).
 * False when none follows. */
static bool escaped(const char **p, char **out)
{
	if (!(*p)[1]) {
		(*p)++;
		return false;
	}
	if ((*p)[1] != '\n')
		*(*out)++ = (*p)[1];
	*p += 2;
	return true;
}

/* One word from *p (not a blank), up to an unquoted blank or the end. */
static enum words_status take_word(const char **p, char **out)
{
	while (**p && !is_blank(**p)) {
		switch (**p) {
		case '\'':
			if (!single_quoted(p, out))
				return WORDS_OPEN_QUOTE;
			break;
		case '"':
			if (!double_quoted(p, out))
				return WORDS_OPEN_QUOTE;
			break;
		case '\\':
			if (!escaped(p, out))
				return WORDS_OPEN_BACKSLASH;
			break;
		default:
			*(*out)++ = *(*p)++;
		}
	}
	return WORDS_OK;
}

enum words_status words_split(struct words *w, const char *line)
{
	size_t len = strlen(line);
	enum words_status status = WORDS_OK;
	const char *p = line;
	char *out;

	w->text = out = malloc(len + 1);
	w->word = malloc((len / 2 + 2) * sizeof *w->word);
	if (!w->text || !w->word)
		abort();
	w->count = 0;
	w->open = false;
	/* as in the shell, an unquoted # that begins a word begins a comment */
	while (status == WORDS_OK && *(p += strspn(p, " \t")) && *p != '#') {
		w->word[w->count++] = out;
		status = take_word(&p, &out);
		*out++ = '\0';
		w->open = *p == '\0';
	}
	w->word[w->count] = NULL;
	return status;
}

void words_free(struct words *w)
{
	free(w->text);
	free(w->word);
}

const char *words_problem(enum words_status status)
{
	static const char *const problems[] = {
		[WORDS_OK] = "",
		[WORDS_OPEN_QUOTE] = "a quote is not closed",
		[WORDS_OPEN_BACKSLASH] = "a backslash ends the line",
	};

	return problems[status];
}
