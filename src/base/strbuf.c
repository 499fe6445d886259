/*
 * strbuf.c — a growable string. Allocation failure aborts: there is no useful way on.
 */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An empty buffer reads as "" before anything is added: s is never NULL. */
static char empty[1];

void sb_init(struct strbuf *b)
{
	b->s = empty;
	b->len = b->cap = 0;
}

void sb_free(struct strbuf *b)
{
	if (b->cap)
		free(b->s);
	sb_init(b);
}

void sb_clear(struct strbuf *b)
{
	b->len = 0;
	if (b->cap)
		b->s[0] = '\0';
}

void sb_grow(struct strbuf *b, size_t extra)
{
	size_t need = b->len + extra + 1;

	if (need <= b->cap)
		return;
	b->s = realloc(b->cap ? b->s : NULL, need < 64 ? 64 : need * 2);
	b->cap = need < 64 ? 64 : need * 2;
	if (!b->s)
		abort();
}

void sb_puts(struct strbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

void sb_vprintf(struct strbuf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	sb_grow(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, again);
	va_end(again);
	b->len += (size_t)n;
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

void sb_put_escaped(struct strbuf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20 || c == 0x7f)
			sb_printf(b, "\\x%02x", c);
		else
			sb_putc(b, (char)c);
	}
}
