/*
 * code.c — conversions of codes to GMP integers and to hex/binary text.
 */
#include "code.h"
#include "strbuf.h"

#include <stdint.h>
#include <string.h>

/* The code's 64-bit words, least significant first. */
static void code_words(uint64_t words[CODE_WORDS], fpcode c)
{
	for (int i = 0; i < CODE_WORDS; i++)
		words[i] = (uint64_t)(c >> (64 * i));
}

void code_to_mpz(mpz_t out, fpcode c)
{
	uint64_t words[CODE_WORDS];

	code_words(words, c);
	mpz_import(out, CODE_WORDS, -1, sizeof words[0], 0, 0, words);
}

bool code_from_mpz(fpcode *out, const mpz_t z)
{
	uint64_t words[CODE_WORDS] = { 0 };

	if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > CODE_MAX_BITS)
		return false;
	mpz_export(words, NULL, -1, sizeof words[0], 0, 0, z);
	*out = 0;
	for (int i = CODE_WORDS - 1; i >= 0; i--)
		*out = *out << 64 | words[i];
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

#ifdef __SSE2__
#include <emmintrin.h>

/* The 16 hex digits of v, most significant first: each byte's two nibbles spread into
 * two bytes, all sixteen turned into ASCII at once. */
static void hex16(char *out, uint64_t v)
{
	__m128i bytes = _mm_cvtsi64_si128((long long)__builtin_bswap64(v)), nibble = _mm_set1_epi8(0x0f);
	__m128i digits = _mm_unpacklo_epi8(_mm_and_si128(_mm_srli_epi64(bytes, 4), nibble), _mm_and_si128(bytes, nibble));
	__m128i letters = _mm_and_si128(_mm_cmpgt_epi8(digits, _mm_set1_epi8(9)), _mm_set1_epi8('a' - '0' - 10));

	_mm_storeu_si128((__m128i *)(void *)out, _mm_add_epi8(digits, _mm_add_epi8(letters, _mm_set1_epi8('0'))));
}
#else
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

static void hex16(char *out, uint64_t v)
{
	hex8(out, v >> 32);
	hex8(out + 8, v & 0xffffffffu);
}
#endif

void code_hex_digits(char *out, uint64_t v, int digits)
{
	hex16(out, digits < 16 ? v << (4 * (16 - digits)) : v);
}

void code_to_hex(char *out, fpcode c, int digits)
{
	char block[16];
	int i = digits;

	out[0] = '0';
	out[1] = 'x';
	out[2 + digits] = '\0';
	for (; i > 16; i -= 2, c >>= 8) /* two digits (a byte) at a time, past 64 bits */
		memcpy(out + i, hex_pairs + 2 * (unsigned)(c & 0xff), 2);
	code_hex_digits(block, (uint64_t)c, i);
	if (i < 0 || i > 16) /* digits ≥ 0, and the loop left at most 16 */
		__builtin_unreachable();
	sb_copy(out + 2, block, (size_t)i); /* a few bytes: no call */
}

void code_to_bin(char *out, fpcode c, int bits)
{
	out[0] = '0';
	out[1] = 'b';
	for (int i = bits - 1; i >= 0; i--, c >>= 1)
		out[2 + i] = (char)('0' + (int)(c & 1));
	out[2 + bits] = '\0';
}
