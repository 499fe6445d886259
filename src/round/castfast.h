/*
 * castfast.h — a binary format's code (binary16, 32 or 64) rounded into a grid format
 * straight from its bits, where both are normal, in the modes that decide by the bits
 * below the cut alone (rne, rna, rtz, rup, rdn): what the mode rounds up is added below
 * the cut and the bits shifted right, the exponents' biases told apart by one
 * subtraction (the carry of a rounding up into the exponent is the next binade's rank;
 * under rne a tie goes to the even rank). Of what it declines, cast_fast_edge() gives
 * the code alone of a value past max or below the target's normals; anything else —
 * zeros, inf, NaN, flags there — is rnd_line_binary_code()'s and the conversion's to
 * take. Never allocates.
 */
#ifndef FPX_CASTFAST_H
#define FPX_CASTFAST_H

#include <stdbool.h>
#include <stdint.h>

#include "roundline.h"

/* How much of what lies below the cut a mode rounds up, for one sign. */
enum cast_fast_up { UP_NONE, UP_TIES_EVEN, UP_TIES_AWAY, UP_ALL };

/* That as a number to add below a cut of `shift` bits (UP_TIES_EVEN: the lower rank's
 * parity too, added apart). */
static inline uint64_t cast_fast_up(enum cast_fast_up how, int shift)
{
	uint64_t half = UINT64_C(1) << (shift - 1);

	return how == UP_TIES_EVEN ? half - 1 : how == UP_TIES_AWAY ? half : how == UP_ALL ? 2 * half - 1 : 0;
}

struct cast_fast {
	int shift;          /* the source's fraction bits less the target's */
	uint64_t low, span; /* normal in both: low <= magnitude bits < low + span */
	uint64_t offset;    /* (the source's bias − the target's) << target fraction bits: odd
			     * where the target has none (p = 1), and then it flips the parity of
			     * the rank that ties are rounded to (even codes) */
	uint64_t up, up_neg; /* added below the cut, + and −: how much of it the mode rounds up */
	uint64_t even;      /* 1 under rne: the lower rank's parity added too (a tie to even) */
	uint64_t max_rank, sign_from, sign_to; /* the sign bits of source and target */
	/* cast_fast_edge(): whether it may take a value (the grid has subnormals and zero,
	 * which no value below it keeps from), the source's fraction bits and its inf's
	 * magnitude bits, and the codes past max and of zero, + and − */
	bool edges;
	enum cast_fast_up how[2];
	int fbits;
	uint64_t inf_bits, past_max[2], zero[2];
};

/* False where rl's rounding or format is none the kernel makes (then no code is fast). */
bool cast_fast_open(struct cast_fast *k, const struct rnd_line *rl, int ebits, int fbits);

/* The rank of the magnitude bits of a value of sign neg, rounded as k's mode does (by
 * arithmetic, not a branch or a load by the sign, so that the loops vectorize). */
static inline uint64_t cast_fast_rank(const struct cast_fast *k, uint64_t magnitude, bool neg)
{
	uint64_t up = k->up + ((k->up_neg - k->up) & -(uint64_t)neg);

	return ((magnitude + up + (k->even & ((magnitude >> k->shift ^ k->offset) & 1))) >> k->shift) - k->offset;
}

/* The flags of the source's code `bits` where the kernel takes it: RND_INEXACT and
 * RND_TIE (a normal value rounded to a normal one raises no other). */
static inline unsigned cast_fast_flags(const struct cast_fast *k, uint64_t bits)
{
	uint64_t half = UINT64_C(1) << k->shift >> 1, rest = bits & (2 * half - 1);

	return (rest != 0 ? RND_INEXACT : 0) | (rest == half ? RND_TIE : 0);
}

/* The code of the source's code `bits` and its flags (cast_fast_flags()), or false
 * where the kernel declines it. */
static inline bool cast_fast_code(uint64_t *code, unsigned *flags, const struct cast_fast *k, uint64_t bits)
{
	uint64_t magnitude = bits & (k->sign_from - 1), rank;

	if (magnitude - k->low >= k->span)
		return false;
	rank = cast_fast_rank(k, magnitude, bits & k->sign_from);
	if (rank > k->max_rank || (bits & k->sign_from && !k->sign_to))
		return false;
	*code = rank | (bits & k->sign_from ? k->sign_to : 0);
	*flags = cast_fast_flags(k, bits);
	return true;
}

/* The same without a branch: *code, and nonzero where the kernel declines it (*code
 * then meaningless). */
static inline uint64_t cast_fast_unless(uint64_t *code, const struct cast_fast *k, uint64_t bits)
{
	uint64_t magnitude = bits & (k->sign_from - 1), neg = bits & k->sign_from;
	uint64_t rank = cast_fast_rank(k, magnitude, neg != 0);

	*code = rank | (neg ? k->sign_to : 0);
	return (uint64_t)(magnitude - k->low >= k->span) | (uint64_t)(rank > k->max_rank) | (uint64_t)(neg && !k->sign_to);
}

/*
 * The code alone of a finite nonzero value that the kernel declined for its magnitude:
 * past max, the code there (every mode gives it to any value whose rank is past max);
 * below the target's normals, its subnormal rank, the significand shifted by as much
 * more as the value lies binades below (at most 63: further below, the shift still
 * leaves 0, or 1 where the mode rounds away). False for anything else: a negative into
 * an unsigned format, zero, inf, NaN, or where k->edges is not set.
 */
static inline bool cast_fast_edge(uint64_t *code, const struct cast_fast *k, uint64_t bits)
{
	uint64_t magnitude = bits & (k->sign_from - 1), field = magnitude >> k->fbits, low_field = k->low >> k->fbits;
	uint64_t significand = magnitude & ((UINT64_C(1) << k->fbits) - 1), up, rank;
	bool neg = bits & k->sign_from;
	int shift;

	if (!k->edges || magnitude == 0 || magnitude >= k->inf_bits || (neg && !k->sign_to))
		return false;
	if (magnitude >= k->low) { /* normal: declined past max */
		*code = k->past_max[neg];
		return true;
	}
	shift = k->shift + (int)(low_field - (field ? field : 1));
	shift = shift < 63 ? shift : 63;
	significand |= field ? UINT64_C(1) << k->fbits : 0;
	up = cast_fast_up(k->how[neg], shift) + (k->even & ((significand >> shift) & 1));
	rank = (significand + up) >> shift;
	*code = rank ? rank | (neg ? k->sign_to : 0) : k->zero[neg];
	return true;
}

#endif
