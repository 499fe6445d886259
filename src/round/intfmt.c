/*
 * intfmt.c — rounding into the integer formats of quantization in machine words: a
 * rational, or a decimal's digits times a power of two, to an integer, clamped.
 */
#include "intfmt.h"

#include <stdint.h>
#include <strings.h>

#include "num.h"
#include "scratch.h"
#include "registry.h"

static const char *const quantization_ints[] = { "int2", "int4", "int8", "int16", "uint2", "uint4", "uint8", "uint16" };

const struct fmt *intfmt_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof quantization_ints / sizeof quantization_ints[0]; i++)
		if (strcasecmp(quantization_ints[i], name) == 0)
			return fmt_from_name(quantization_ints[i]);
	return NULL;
}

/*
 * Does the mode take ⌊q⌋ + 1 rather than ⌊q⌋? vs_half: 2·(q − ⌊q⌋) against 1. Asked
 * of the mode on magnitudes: for q ≥ 0, ⌊q⌋ is the lower candidate; for q < 0 it is
 * the upper one (|⌊q⌋| > |q|), ⌊q⌋ + 1 the lower, and the side of the midpoint turns.
 */
static bool rounds_up(enum rnd_mode mode, int vs_half, bool floor_odd, bool neg)
{
	enum rnd_pick pick = rnd_mode_pick(mode, neg ? -vs_half : vs_half, neg);

	if (pick == RND_PICK_EVEN || pick == RND_PICK_ODD) /* ⌊q⌋ + 1 has the other parity */
		return floor_odd == (pick == RND_PICK_EVEN);
	return (pick == RND_PICK_UPPER) != neg;
}

/* ⌊q⌋ (plus one where the mode rounds up) into f: clamped, with the flags. */
static unsigned clamp_into(long *out, const struct fmt *f, __int128 v, unsigned flags)
{
	if (v > intfmt_max(f) || v < intfmt_min(f)) {
		*out = v > 0 ? intfmt_max(f) : intfmt_min(f);
		return flags | RND_OVERFLOW | RND_SATURATED | RND_INEXACT;
	}
	*out = (long)v;
	return flags;
}

unsigned intfmt_round(long *out, const struct fmt *f, const mpq_t q, enum rnd_mode mode)
{
	static _Thread_local mpz_t floor, rem; /* kept from one value to the next (scratch.h) */
	static _Thread_local bool ready;
	unsigned flags = 0;

	if (!ready) {
		mpz_inits(floor, rem, NULL);
		scratch_at_thread_end(scratch_clear_mpz, floor);
		scratch_at_thread_end(scratch_clear_mpz, rem);
		ready = true;
	}
	mpz_fdiv_qr(floor, rem, mpq_numref(q), mpq_denref(q));
	if (mpz_sgn(rem) != 0) {
		int vs_half;
		mpz_mul_2exp(rem, rem, 1);
		vs_half = mpz_cmp(rem, mpq_denref(q));
		flags |= RND_INEXACT | (vs_half == 0 ? RND_TIE : 0);
		if (rounds_up(mode, vs_half, mpz_odd_p(floor), mpq_sgn(q) < 0))
			mpz_add_ui(floor, floor, 1);
	}
	if (mpz_cmp_si(floor, intfmt_max(f)) > 0) /* far past: clamped before it leaves a word */
		return clamp_into(out, f, (__int128)intfmt_max(f) + 1, flags);
	if (mpz_cmp_si(floor, intfmt_min(f)) < 0)
		return clamp_into(out, f, (__int128)intfmt_min(f) - 1, flags);
	return clamp_into(out, f, mpz_get_si(floor), flags);
}

/* q = n/d in words (d > 0, |n| and d below 2^126), as intfmt_round() rounds. */
static unsigned intfmt_round_words(long *out, const struct fmt *f, __int128 n, unsigned __int128 d, enum rnd_mode mode)
{
	__int128 floor, rem; /* toward zero, then down */
	unsigned flags = 0;

	if (n >= INT64_MIN && n <= INT64_MAX && d <= INT64_MAX) { /* most: in one word */
		floor = (int64_t)n / (int64_t)d;
		rem = (int64_t)n % (int64_t)d;
	} else {
		floor = n / (__int128)d;
		rem = n % (__int128)d;
	}

	if (rem < 0) {
		floor--;
		rem += (__int128)d;
	}
	if (rem != 0) {
		unsigned __int128 twice = 2 * (unsigned __int128)rem;
		int vs_half = twice > d ? 1 : twice < d ? -1 : 0;
		flags |= RND_INEXACT | (vs_half == 0 ? RND_TIE : 0);
		if (rounds_up(mode, vs_half, floor & 1, n < 0))
			floor++;
	}
	return clamp_into(out, f, floor, flags);
}

bool intfmt_round_digits(long *out, unsigned *flags, const struct fmt *f, unsigned __int128 n, long e10,
			 bool neg, long k, long zero, enum rnd_mode mode)
{
	unsigned __int128 den = 1;
	__int128 signed_n;

	if (e10 > 38 || e10 < -38 || (e10 > 0 && __builtin_mul_overflow(n, num_pow10_words((int)e10), &n)))
		return false;
	if (e10 < 0)
		den = num_pow10_words((int)-e10); /* |x| = n/den */
	if (code_bit_length(n) + (k > 0 ? k : 0) > 125 || code_bit_length(den) + (k < 0 ? -k : 0) > 108)
		return false;
	if (k > 0)
		n <<= k;
	else
		den <<= -k;
	signed_n = neg ? -(__int128)n : (__int128)n;
	/* |zero| < 2^16 and den < 2^108: |zero·den| < 2^124, and the sum stays below 2^126 */
	signed_n += (__int128)zero * (__int128)den;
	*flags = intfmt_round_words(out, f, signed_n, den, mode);
	return true;
}

fpcode intfmt_code(const struct fmt *f, long v)
{
	return (fpcode)(unsigned long)v & code_mask(f->bits);
}

bool intfmt_from_code(long *out, const struct fmt *f, fpcode code)
{
	if (code > code_mask(f->bits))
		return false;
	*out = (long)code;
	if (f->has_sign && code >> (f->bits - 1))
		*out -= 1L << f->bits;
	return true;
}
