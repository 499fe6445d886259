/*
 * strbuf.h — a growable string, for building output fields without fixed limits.
 */
#ifndef FPX_STRBUF_H
#define FPX_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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
void sb_vprintf(struct strbuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* s with every control byte (below 0x20, and 0x7f) written \xNN: text a person reads. */
void sb_put_escaped(struct strbuf *b, const char *s);
/* Makes room for n more bytes and the terminator (the slow part of sb_add). */
void sb_grow(struct strbuf *b, size_t n);

/* The plural ending for a count of n: "1 bit", "0 bits", "2 bits". */
static inline const char *sb_plural(long long n)
{
	return n == 1 ? "" : "s";
}

/* Appending is inline: output fields add a few bytes at a time, millions of times. */

/* Room for n more bytes and the terminator at b->s + b->len (for writing in place). */
static inline void sb_reserve(struct strbuf *b, size_t n)
{
	if (b->len + n + 1 > b->cap)
		sb_grow(b, n);
}

/* memcpy() of n bytes, most often a few: up to 32 without a call, by two moves of a
 * power of two that overlap where n is not one. */
static inline void sb_copy(char *dst, const char *src, size_t n)
{
	struct bytes16 {
		char c[16];
	} x, y;
	uint64_t a, b;
	uint32_t c, d;

	if (n >= 16 && n <= 32) {
		memcpy(&x, src, 16);
		memcpy(&y, src + n - 16, 16);
		memcpy(dst, &x, 16);
		memcpy(dst + n - 16, &y, 16);
	} else if (n >= 8 && n < 16) {
		memcpy(&a, src, 8);
		memcpy(&b, src + n - 8, 8);
		memcpy(dst, &a, 8);
		memcpy(dst + n - 8, &b, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(&c, src, 4);
		memcpy(&d, src + n - 4, 4);
		memcpy(dst, &c, 4);
		memcpy(dst + n - 4, &d, 4);
	} else if (n > 32)
		memcpy(dst, src, n);
	else if (n) { /* 1, 2 or 3 */
		char first = src[0], middle = src[n / 2], last = src[n - 1];
		dst[0] = first;
		dst[n / 2] = middle;
		dst[n - 1] = last;
	}
}

/* 32 bytes from src to dst in two moves, for a caller that wants fewer of them and
 * knows that all 32 may be read and written. */
static inline void sb_copy32(char *dst, const char *src)
{
	struct bytes16 {
		char c[16];
	} a, b;

	memcpy(&a, src, 16);
	memcpy(&b, src + 16, 16);
	memcpy(dst, &a, 16);
	memcpy(dst + 16, &b, 16);
}

static inline void sb_add(struct strbuf *b, const char *s, size_t n)
{
	sb_reserve(b, n);
	sb_copy(b->s + b->len, s, n);
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
