/*
 * strbuf.h — a growable string, for building output fields without fixed limits.
 */
#ifndef FPX_STRBUF_H
#define FPX_STRBUF_H

#include <stddef.h>
#include <string.h>

struct strbuf {
	char *s;
	size_t len, cap;
};

void sb_init(struct strbuf *b);
void sb_free(struct strbuf *b);
void sb_clear(struct strbuf *b);
void sb_puts(struct strbuf *b, const char *s);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Makes room for n more bytes and the terminator (the slow part of sb_add). */
void sb_grow(struct strbuf *b, size_t n);

/* Appending is inline: output fields add a few bytes at a time, millions of times. */

/* Room for n more bytes and the terminator at b->s + b->len (for writing in place). */
static inline void sb_reserve(struct strbuf *b, size_t n)
{
	if (b->len + n + 1 > b->cap)
		sb_grow(b, n);
}

static inline void sb_add(struct strbuf *b, const char *s, size_t n)
{
	sb_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* sb_puts() for a text that is most often short (a field of a row): the first
 * SB_SHORT bytes copied one by one, no call; the rest, if any, by sb_puts(). */
#define SB_SHORT 32
static inline void sb_puts_short(struct strbuf *b, const char *s)
{
	size_t n = 0;
	char *p;

	sb_reserve(b, SB_SHORT);
	p = b->s + b->len;
	for (; n < SB_SHORT && s[n]; n++)
		p[n] = s[n];
	b->len += n;
	p[n] = '\0';
	if (s[n])
		sb_puts(b, s + n);
}

static inline void sb_putc(struct strbuf *b, char c)
{
	sb_reserve(b, 1);
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

#endif
