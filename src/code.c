/*
 * code.c — conversions of 128-bit codes to GMP integers and to hex/binary text.
 */
#include "code.h"

#include <stdint.h>

void code_to_mpz(mpz_t out, fpcode c)
{
	uint64_t words[2] = { (uint64_t)c, (uint64_t)(c >> 64) };

	mpz_import(out, 2, -1, sizeof words[0], 0, 0, words);
}

bool code_from_mpz(fpcode *out, const mpz_t z)
{
	uint64_t words[2] = { 0, 0 };

	if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > CODE_MAX_BITS)
		return false;
	mpz_export(words, NULL, -1, sizeof words[0], 0, 0, z);
	*out = (fpcode)words[1] << 64 | words[0];
	return true;
}

void code_to_hex(char *out, fpcode c, int digits)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '0';
	out[1] = 'x';
	for (int i = digits - 1; i >= 0; i--, c >>= 4)
		out[2 + i] = hex[c & 15];
	out[2 + digits] = '\0';
}

void code_to_bin(char *out, fpcode c, int bits)
{
	out[0] = '0';
	out[1] = 'b';
	for (int i = bits - 1; i >= 0; i--, c >>= 1)
		out[2 + i] = (char)('0' + (int)(c & 1));
	out[2 + bits] = '\0';
}
