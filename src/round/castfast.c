/*
 * castfast.c — the straight rounding of castfast.h set up for a target and a source
 * format; everything it declines is the exact path's.
 */
#include "castfast.h"

/* Does the mode decide by the bits below the cut and the sign alone? rto (by the
 * parity of a code that may be past max) and the stochastic modes (a draw) do not. */
static bool decides_by_bits(enum rnd_mode mode)
{
	return mode == RND_NEAREST_EVEN || mode == RND_NEAREST_AWAY || mode == RND_TOWARD_ZERO || mode == RND_UP ||
	       mode == RND_DOWN;
}

/* What the mode rounds up of what lies below the cut, for a value of sign neg. */
static enum cast_fast_up rounding_up(enum rnd_mode mode, bool neg)
{
	if (mode == RND_NEAREST_EVEN)
		return UP_TIES_EVEN;
	if (mode == RND_NEAREST_AWAY)
		return UP_TIES_AWAY;
	return mode == (neg ? RND_DOWN : RND_UP) ? UP_ALL : UP_NONE; /* away from zero, or toward it */
}

bool cast_fast_open(struct cast_fast *k, const struct rnd_line *rl, int ebits, int fbits)
{
	const struct fastdec_line *g = &rl->grid;
	long source_bias = (1L << (ebits - 1)) - 1;
	enum rnd_mode mode = rl->rounding.mode;

	if (!decides_by_bits(mode) || g->e2 != 0 || g->frac_bits >= fbits || g->bias > source_bias ||
	    g->emin < 1 - source_bias || g->emax > source_bias || rl->f->bits > 64 || ebits + fbits >= 64)
		return false;
	k->shift = fbits - g->frac_bits;
	for (int neg = 0; neg < 2; neg++) {
		k->how[neg] = rounding_up(mode, neg);
		k->past_max[neg] = rl->past_max[neg];
		k->zero[neg] = fmt_zero_code(rl->f, neg);
	}
	k->up = cast_fast_up(k->how[0], k->shift);
	k->up_neg = cast_fast_up(k->how[1], k->shift);
	k->even = mode == RND_NEAREST_EVEN;
	k->low = (uint64_t)(g->emin + source_bias) << fbits;          /* 2^emin, the target's least normal */
	k->span = ((uint64_t)(g->emax + 1 + source_bias) << fbits) - k->low; /* up to 2^(emax + 1) */
	k->offset = (uint64_t)(source_bias - g->bias) << g->frac_bits;
	k->max_rank = g->max_rank;
	k->sign_from = UINT64_C(1) << (ebits + fbits);
	k->sign_to = g->has_sign ? UINT64_C(1) << (rl->f->bits - 1) : 0;
	k->edges = g->subnormals && rl->f->has_zero && !rl->f->keeps_nonzero;
	k->fbits = fbits;
	k->inf_bits = ((UINT64_C(1) << ebits) - 1) << fbits;
	return true;
}
