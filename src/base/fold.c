/*
 * fold.c — folding text to a terminal's width: a line too long is broken at its last
 * space that fits (or inside a word that does not), and each piece after the first is
 * indented to the readout's value column. ANSI colour codes take no columns, a UTF-8
 * character (≈, …) takes one and is never cut, nor is the "..." of a folded number.
 */
#include "fold.h"

#include <stdbool.h>
#include <string.h>

/* ---- Folding to a terminal's width ----------------------------------------------------------- */

/* The bytes of line[0..len) that fit in `columns` visible columns (colour codes and
 * UTF-8 continuation bytes take none). */
static size_t fitting(const char *line, size_t len, int columns)
{
	size_t i = 0;
	int seen = 0;

	while (i < len) {
		if (line[i] == '\033') {
			while (i < len && line[i] != 'm')
				i++;
			i++;
			continue;
		}
		if (((unsigned char)line[i] & 0xc0) == 0x80) {
			i++;
			continue;
		}
		if (seen == columns)
			break;
		seen++;
		i++;
	}
	return i < len ? i : len;
}

/* Where a word too long for the line is cut: where the room ends, or before the run of
 * dots that would be split there (when something stands before it). */
static size_t cut_in_word(const char *line, size_t take)
{
	size_t cut = take;

	while (cut > 0 && line[cut] == '.' && line[cut - 1] == '.')
		cut--;
	return cut > 0 ? cut : take;
}

/* One line, folded: broken at the last space that fits, or where it must, and each
 * piece after the first indented to the value column. */
static void fold_line(struct strbuf *out, const char *line, size_t len, int width)
{
	int room = width;

	for (bool first = true; len; first = false) {
		size_t take = fitting(line, len, room), cut = take, end;
		if (take < len) {
			while (cut > 0 && line[cut - 1] != ' ')
				cut--;
			if (cut <= (first ? (size_t)VALUE_COLUMN : 0) || strspn(line, " ") >= cut)
				cut = cut_in_word(line, take); /* no word to break after: break inside one */
		}
		for (end = cut; end > 0 && line[end - 1] == ' ';)
			end--;
		if (!first)
			sb_printf(out, "%*s", VALUE_COLUMN, "");
		sb_add(out, line, end);
		sb_putc(out, '\n');
		while (cut < len && line[cut] == ' ')
			cut++;
		line += cut;
		len -= cut;
		room = width - VALUE_COLUMN;
	}
}

void fold_to_width(struct strbuf *text, int width)
{
	struct strbuf folded;

	if (width <= VALUE_COLUMN + 8)
		return;
	sb_init(&folded);
	for (const char *p = text->s, *end = text->s + text->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (fitting(p, len, width) < len)
			fold_line(&folded, p, len, width);
		else {
			sb_add(&folded, p, len);
			if (nl)
				sb_putc(&folded, '\n');
		}
		p += len + (nl != NULL);
	}
	sb_clear(text);
	sb_add(text, folded.s, folded.len);
	sb_free(&folded);
}
