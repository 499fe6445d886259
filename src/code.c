/*
 * code.c — conversions of 128-bit codes to GMP integers and to hex/binary text.
 */
#include "code.h"

#include <stdint.h>
#include <string.h>

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

static const char hex_pairs[513] =
	"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	"202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
	"404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
	"606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
	"808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
	"a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
	"c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
	"e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

/* The 8 hex digits of a 32-bit v, most significant first, by spreading each nibble into
 * a byte and turning all eight bytes into ASCII at once. */
static void hex8(char *out, uint64_t v)
{
	uint64_t x = v, letters;

	x = (x | x << 16) & 0x0000ffff0000ffffu;
	x = (x | x << 8) & 0x00ff00ff00ff00ffu;
	x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;                          /* byte i (by value) holds nibble i */
	letters = ((x + 0x0606060606060606u) >> 4) & 0x0101010101010101u; /* nibble ≥ 10 */
	x += 0x3030303030303030u + letters * ('a' - '0' - 10);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	x = __builtin_bswap64(x); /* the highest nibble first in memory */
#endif
	memcpy(out, &x, 8);
}

void code_to_hex(char *out, fpcode c, int digits)
{
	char *p = out + 2 + digits;
	uint64_t low = (uint64_t)c;
	char word[16];
	int i = digits;

	out[0] = '0';
	out[1] = 'x';
	*p = '\0';
	if (digits == 16) { /* binary64 and its kin: straight in */
		hex8(out + 2, low >> 32);
		hex8(out + 10, low & 0xffffffffu);
		return;
	}
	for (; i > 16; i -= 2, c >>= 8) /* two digits (a byte) at a time, past 64 bits */
		memcpy(out + i, hex_pairs + 2 * (unsigned)(c & 0xff), 2);
	low = (uint64_t)c;
	if (i > 8) {
		hex8(word, low >> 32);
		hex8(word + 8, low & 0xffffffffu);
		memcpy(out + 2, word + 16 - i, (size_t)i);
	} else
		for (p = out + 2 + i; p > out + 2; low >>= 8) { /* from the last digit back */
			if (p - (out + 2) >= 2) {
				p -= 2;
				memcpy(p, hex_pairs + 2 * (unsigned)(low & 0xff), 2);
			} else
				*--p = hex_pairs[2 * (unsigned)(low & 0xf) + 1];
		}
}

void code_to_bin(char *out, fpcode c, int bits)
{
	out[0] = '0';
	out[1] = 'b';
	for (int i = bits - 1; i >= 0; i--, c >>= 1)
		out[2 + i] = (char)('0' + (int)(c & 1));
	out[2 + bits] = '\0';
}
