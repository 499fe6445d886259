/*
 * real.h — a real number fpx cannot hold exactly (π, exp(1), 2^0.5), known by
 * enclosures.
 *
 * A real is an expression over exact values, the constants π and e, and MPFR's
 * functions. It is evaluated with interval arithmetic (MPFI) at a working precision
 * that doubles until both ends of the enclosure round to the same result in the target
 * format, mode and saturation (Ziv's strategy). The rounding is round.c's own, applied
 * to the two ends, which are exact dyadic numbers; so a real goes through the one
 * rounding every other value does. A value known only by an enclosure is never claimed
 * to be a tie. Never prints.
 */
#ifndef FPX_REAL_H
#define FPX_REAL_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "num.h"
#include "realnode.h"
#include "round.h"

enum real_status {
	REAL_DECIDED,   /* *out is the result */
	REAL_UNDECIDED, /* the enclosure still straddles a rounding boundary at max_precision */
	REAL_DOMAIN,    /* NaN, and an invalid operation on the way (log(-1), 0/0, inf-inf) */
	REAL_NAN,       /* NaN from a NaN argument, with no invalid operation (sin(nan)) */
};

/*
 * How a real is to be rounded: by encode, a monotone rounding of exact values (into one
 * format, or along a route of several), which keeps at most `precision` significant
 * bits at any step. False from encode: that value cannot be rounded (NaN into a format
 * without one).
 */
struct real_target {
	bool (*encode)(struct rnd_result *out, const struct num *x, const void *how);
	const void *how;
	int precision;
};

/* The target of one format, mode and saturation, rounded straight into (rnd_encode). */
struct real_format_target {
	struct real_target target;
	const struct fmt *f;
	struct rnd_spec rounding;
};
const struct real_target *real_target_format(struct real_format_target *t, const struct fmt *f, struct rnd_spec how);

/* r is to be rounded into f: its operations follow f's special cases, IEEE P3109's
 * where f->p3109 (one zero, Divide(x, 0) = NaN, ...; special.h), else IEEE 754's. */
void real_set_rules(struct real *r, const struct fmt *f);

/*
 * Rounds r once as t says. max_precision bounds the working precision, in bits. The
 * special cases of special.h's table are settled first (real_fold()): a pole (log(0),
 * 1/0) decides ±inf with RND_DIVBYZERO among the flags, and the flags raised on the
 * way stay with the result (exp(log(0)) is +0, divbyzero). REAL_DOMAIN, REAL_NAN:
 * out->flags holds only those flags (RND_INVALID for a domain).
 */
enum real_status real_round(struct rnd_result *out, const struct real *r, const struct real_target *t,
			    long max_precision);

/*
 * An exact stand-in for r: its round-to-odd value at `bits` significant bits, which
 * every rounding to at most bits − 2 bits (any mode, any format, any route through
 * such formats) rounds exactly as it rounds r; or r itself when that is exact (*exact).
 * REAL_UNDECIDED when max_precision does not decide it, with the midpoint of the last
 * enclosure in *out. *pole: r is ±inf at a pole. REAL_DOMAIN or REAL_NAN when r is NaN.
 */
enum real_status real_stand_in(struct num *out, bool *exact, bool *pole, const struct real *r, long bits,
			       long max_precision);

#endif
