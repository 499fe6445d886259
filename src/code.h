/*
 * code.h — a bit pattern of some format, as one unsigned integer of up to 128 bits.
 *
 * Every format fpx knows fits in 128 bits (binary128 is the widest), so a code is
 * one `unsigned __int128`. This header only moves codes in and out of GMP
 * integers and text; it knows nothing of what the bits mean.
 */
#ifndef FPX_CODE_H
#define FPX_CODE_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

typedef unsigned __int128 fpcode;

#define CODE_MAX_BITS 128

/* The code with the low `bits` bits set. */
static inline fpcode code_mask(int bits)
{
	return bits >= CODE_MAX_BITS ? ~(fpcode)0 : ((fpcode)1 << bits) - 1;
}

/* How many bits n takes (0 for 0). */
static inline int code_bit_length(fpcode n)
{
	unsigned long long high = (unsigned long long)(n >> 64), low = (unsigned long long)n;

	return high ? 128 - __builtin_clzll(high) : low ? 64 - __builtin_clzll(low) : 0;
}

void code_to_mpz(mpz_t out, fpcode c);
/* Returns false when z is negative or needs more than 128 bits. */
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
