/*
 * kind.c — what the kinds of format share: the sign bit of sign-magnitude kinds,
 * fields cut from a code, and the text of a significand.
 */
#include "kind.h"
#include "format.h"
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KINDS_MAX 16

/* Every built-in kind, one line each (kind_NAME.c defines fmt_kind_NAME). The first is
 * what a format file describes when no line names another kind; the order is the one
 * in which format-file messages list the kinds' keys and names. */
#define BUILTIN_KINDS(X) \
	X(float)         \
	X(posit)         \
	X(tapered)       \
	X(x87)           \
	X(fixed)

#define DECLARE_KIND(name) extern const struct fmt_kind fmt_kind_##name;
#define KIND_ENTRY(name) &fmt_kind_##name,
BUILTIN_KINDS(DECLARE_KIND)

const struct fmt_kind *fmt_kinds[KINDS_MAX + 1] = { BUILTIN_KINDS(KIND_ENTRY) };

bool kind_register(const struct fmt_kind *kind)
{
	size_t n = 0;

	while (fmt_kinds[n])
		if (fmt_kinds[n++] == kind)
			return true;
	if (n == KINDS_MAX)
		return false;
	fmt_kinds[n] = kind;
	return true;
}

const struct fmt_kind *kind_named(const char *name)
{
	for (size_t i = 0; fmt_kinds[i]; i++)
		if (fmt_kinds[i]->named_in_files && strcmp(fmt_kinds[i]->name, name) == 0)
			return fmt_kinds[i];
	return NULL;
}

bool kind_fail(struct kind_why *why, const char *message, ...)
{
	va_list ap;

	va_start(ap, message);
	vsnprintf(why->text, why->size, message, ap);
	va_end(ap);
	return false;
}

bool kind_parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool kind_key_integer(int *field, const char *key, const char *val, struct kind_why *why)
{
	long v;

	if (!kind_parse_int(val, -(1L << 20), 1L << 20, &v))
		return kind_fail(why, "%s needs an integer (at most 2^20 in size), not '%.40s'", key, val);
	*field = (int)v;
	return true;
}

bool kind_apply_bits(struct fmt *f, char *val, struct kind_why *why)
{
	return kind_key_integer(&f->bits, "bits", val, why);
}

int kind_word_index(const char *const *words, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (words[i] && strcmp(words[i], word) == 0)
			return i;
	return -1;
}

fpcode kind_sign_bit_magnitude(const struct fmt *f, fpcode code, bool *neg)
{
	*neg = (code & f->sign_bit) != 0;
	return code & ~f->sign_bit;
}

fpcode kind_sign_bit_with_sign(const struct fmt *f, fpcode magnitude, bool neg)
{
	return neg ? magnitude | f->sign_bit : magnitude;
}

fpcode kind_same_rank(const struct fmt *f, fpcode rank)
{
	(void)f;
	return rank;
}

int kind_add_field(struct fmt_field *out, int n, int field_kind, int width, fpcode code, int shift)
{
	if (width == 0)
		return n;
	out[n].kind = (enum bit_field)field_kind;
	out[n].name = fmt_field_name((enum bit_field)field_kind);
	out[n].width = width;
	out[n].bits = (code >> shift) & code_mask(width);
	return n + 1;
}

void kind_power_of_two_text(struct strbuf *out, int bits)
{
	mpz_t p;
	char *text;

	mpz_init(p);
	mpz_setbit(p, (mp_bitcnt_t)bits);
	text = mpz_get_str(NULL, 10, p);
	sb_puts(out, text);
	free(text);
	mpz_clear(p);
}

void kind_significand_text(struct strbuf *out, fpcode bits, int width, bool leading_one)
{
	char *text;
	mpz_t m;

	if (width == 0)
		return;
	mpz_init(m);
	code_to_mpz(m, bits);
	text = mpz_get_str(NULL, 10, m);
	sb_printf(out, " * (%d + %s/", leading_one ? 1 : 0, text);
	kind_power_of_two_text(out, width);
	sb_putc(out, ')');
	free(text);
	mpz_clear(m);
}
