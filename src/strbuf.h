/*
 * strbuf.h — a growable string, for building output fields without fixed limits.
 */
#ifndef FPX_STRBUF_H
#define FPX_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *s;
	size_t len, cap;
};

void sb_init(struct strbuf *b);
void sb_free(struct strbuf *b);
void sb_clear(struct strbuf *b);
void sb_add(struct strbuf *b, const char *s, size_t n);
void sb_puts(struct strbuf *b, const char *s);
void sb_putc(struct strbuf *b, char c);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
