/*
 * kind.c — what the kinds of format share: the sign bit of sign-magnitude kinds,
 * fields cut from a code, and the text of a significand.
 */
#include "kind.h"
#include "format.h"
#include "strbuf.h"

#include <stdlib.h>

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
