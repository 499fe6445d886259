/*
 * castfast.c — the straight rounding of castfast.h set up for a target and a source
 * format; everything it declines is the exact path's.
 */
#include "castfast.h"

bool cast_fast_open(struct cast_fast *k, const struct rnd_line *rl, int ebits, int fbits)
{
	const struct fastdec_line *g = &rl->grid;
	long source_bias = (1L << (ebits - 1)) - 1;

	if (rl->rounding.mode != RND_NEAREST_EVEN || g->e2 != 0 || g->frac_bits >= fbits || g->bias > source_bias ||
	    g->emin < 1 - source_bias || g->emax > source_bias || rl->f->bits > 64 || ebits + fbits >= 64)
		return false;
	k->shift = fbits - g->frac_bits;
	k->low = (uint64_t)(g->emin + source_bias) << fbits;          /* 2^emin, the target's least normal */
	k->span = ((uint64_t)(g->emax + 1 + source_bias) << fbits) - k->low; /* up to 2^(emax + 1) */
	k->offset = (uint64_t)(source_bias - g->bias) << g->frac_bits;
	k->max_rank = g->max_rank;
	k->sign_from = UINT64_C(1) << (ebits + fbits);
	k->sign_to = g->has_sign ? UINT64_C(1) << (rl->f->bits - 1) : 0;
	return true;
}
