/*
 * code.h — a bit pattern of some format, as one unsigned integer of up to CODE_MAX_BITS.
 *
 * A code is one `unsigned __int128` (binary128 is then the widest format), or, in a build
 * with FPX_CODE_BITS=256 by a compiler with C23's _BitInt (Clang 16, GCC 14), one
 * `unsigned _BitInt(256)`, which makes room for binary256. The narrow build is the
 * default: the bulk paths run fastest on 128-bit codes. This header only moves codes in
 * and out of GMP integers and text; it knows nothing of what the bits mean.
 */
#ifndef FPX_CODE_H
#define FPX_CODE_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#ifndef FPX_CODE_BITS
#define FPX_CODE_BITS 128
#endif

#if FPX_CODE_BITS == 128
typedef unsigned __int128 fpcode;
#define CODE_MAX_BITS_TEXT "128"
#elif FPX_CODE_BITS == 256
#if !defined(__BITINT_MAXWIDTH__) || __BITINT_MAXWIDTH__ < 256
#error "FPX_CODE_BITS=256 needs unsigned _BitInt(256) (Clang 16 or later, GCC 14 or later)"
#endif
typedef unsigned _BitInt(256) fpcode;
#define CODE_MAX_BITS_TEXT "256"
#else
#error "FPX_CODE_BITS is 128 or 256"
#endif

#define CODE_MAX_BITS FPX_CODE_BITS
#define CODE_WORDS (CODE_MAX_BITS / 64)

/* The code with the low `bits` bits set. */
static inline fpcode code_mask(int bits)
{
	return bits >= CODE_MAX_BITS ? ~(fpcode)0 : ((fpcode)1 << bits) - 1;
}

/* How many bits n takes (0 for 0). */
static inline int code_bit_length(fpcode n)
{
#if CODE_WORDS == 2
	unsigned long long high = (unsigned long long)(n >> 64), low = (unsigned long long)n;

	return high ? 128 - __builtin_clzll(high) : low ? 64 - __builtin_clzll(low) : 0;
#else
	for (int top = CODE_MAX_BITS - 64; top >= 0; top -= 64) {
		unsigned long long word = (unsigned long long)(n >> top);
		if (word)
			return top + 64 - __builtin_clzll(word);
	}
	return 0;
#endif
}

void code_to_mpz(mpz_t out, fpcode c);
/* Returns false when z is negative or needs more than CODE_MAX_BITS. */
bool code_from_mpz(fpcode *out, const mpz_t z);
/* Writes "0x" and exactly `digits` lowercase hex digits; out holds digits + 3. */
void code_to_hex(char *out, fpcode c, int digits);
/* The same with as few digits as c needs (one for 0). */
static inline void code_to_hex_minimal(char *out, fpcode c)
{
	code_to_hex(out, c, c ? (code_bit_length(c) + 3) / 4 : 1);
}
/* The low `digits` (1 to 16) hex digits of v, lowercase, at out, which holds 16 bytes:
 * all 16 are written, the digits first (for writers with room to spare). */
void code_hex_digits(char *out, uint64_t v, int digits);
/* Writes "0b" and `bits` binary digits; out holds bits + 3. */
void code_to_bin(char *out, fpcode c, int bits);

#endif
