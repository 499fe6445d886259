/*
 * round.h — one rounding of an exact value into a format (fpx(1) ROUNDING).
 *
 * The result is a code, a ternary (the stored value is below, equal to or above the
 * exact one, as in MPFR) and flags. Overflow is decided by the same rule as every other
 * rounding, against the virtual value just past the largest finite one. Never prints.
 */
#ifndef FPX_ROUND_H
#define FPX_ROUND_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"
#include "num.h"

/*
 * The rounding modes, a row each: the enum's name, the name options take, IEEE P3109's
 * name for it (§4.2; options take it too, in any case), and how the readout says a tie
 * is decided. What a mode does is rnd_mode_pick()'s, below: the one place that tells the
 * modes apart (round.c, the integers of intfmt.c and the readout's overflow thresholds
 * all ask it). The stochastic modes (P3109 §4.7.4) are decided by a count of random
 * values instead (rnd_stochastic_count()), before the pick.
 */
#define RND_MODE_LIST(X) \
	X(NEAREST_EVEN, "rne", "NearestTiesToEven", "rne takes the candidate whose code is even") \
	X(NEAREST_AWAY, "rna", "NearestTiesToAway", "rna takes the one farther from zero")        \
	X(TOWARD_ZERO,  "rtz", "TowardZero",        "rtz rounds toward zero, tie or not")         \
	X(UP,           "rup", "TowardPositive",    "rup rounds up, tie or not")                  \
	X(DOWN,         "rdn", "TowardNegative",    "rdn rounds down, tie or not")                \
	X(TO_ODD,       "rto", "ToOdd",             "rto takes the candidate whose code is odd")  \
	X(STOCHASTIC_A, "sra", "StochasticA",       "sra rounds away as R's draw says")           \
	X(STOCHASTIC_B, "srb", "StochasticB",       "srb rounds away as R's draw says")           \
	X(STOCHASTIC_C, "src", "StochasticC",       "src rounds away as R's draw says")

enum rnd_mode {
#define RND_MODE_ENUM(id, name, p3109, tie) RND_##id,
	RND_MODE_LIST(RND_MODE_ENUM)
#undef RND_MODE_ENUM
};
#define RND_MODE_ONE(id, name, p3109, tie) +1
#define RND_MODE_COUNT (0 RND_MODE_LIST(RND_MODE_ONE))
/* The names as help and messages list them, the first the default (tests/generated.sh
 * holds them to the list above). */
#define RND_MODE_NAMES "rne, rna, rtz, rup, rdn, rto, sra, srb, src"
#define RND_MODE_NAMES_HELP "rne (default), rna, rtz, rup, rdn, rto, sra, srb, src"

static inline bool rnd_mode_is_stochastic(enum rnd_mode mode)
{
	return mode == RND_STOCHASTIC_A || mode == RND_STOCHASTIC_B || mode == RND_STOCHASTIC_C;
}

/*
 * What happens past the range (P3109 §4.7.5's saturation modes): none (SatNone: IEEE
 * 754's overflow, inf or NaN where the format has one), finite (SatFinite, -s: ±max),
 * propagate (SatPropagate: ±inf stays where the format has it, finite overflow clamps).
 */
#define RND_SAT_LIST(X) \
	X(NONE,      "none",      "SatNone")   \
	X(FINITE,    "finite",    "SatFinite") \
	X(PROPAGATE, "propagate", "SatPropagate")

enum rnd_sat {
#define RND_SAT_ENUM(id, name, p3109) RND_SAT_##id,
	RND_SAT_LIST(RND_SAT_ENUM)
#undef RND_SAT_ENUM
};
#define RND_SAT_NAMES "none, finite, propagate"

/* The most random bits a stochastic mode draws (--sr-bits). */
#define RND_SR_MAX_BITS 64

/*
 * How to round: a projection in P3109's words (§4.2), the mode and the saturation, and
 * for a stochastic mode its N random bits and the draw R, 0 <= R < 2^N.
 */
struct rnd_spec {
	enum rnd_mode mode;
	enum rnd_sat sat;
	unsigned sr_bits;
	uint64_t sr_random;
};

/* A deterministic mode with a saturation. */
static inline struct rnd_spec rnd_spec(enum rnd_mode mode, enum rnd_sat sat)
{
	return (struct rnd_spec){ mode, sat, 0, 0 };
}

/* How a mode picks between two candidates for an inexact value. */
enum rnd_pick { RND_PICK_LOWER, RND_PICK_UPPER, RND_PICK_EVEN, RND_PICK_ODD };

/*
 * Which of two candidates the mode takes for a value of sign neg, the lower (the
 * smaller magnitude) or the upper, or the one whose code is even (a tie under rne) or
 * odd (rto)? vs_mid: the value against their midpoint. A stochastic mode's draw is
 * turned into a side of the midpoint before (round.c), and picks as rne.
 */
static inline enum rnd_pick rnd_mode_pick(enum rnd_mode mode, int vs_mid, bool neg)
{
	switch (mode) {
	case RND_NEAREST_EVEN:
	case RND_STOCHASTIC_A:
	case RND_STOCHASTIC_B:
	case RND_STOCHASTIC_C:
		return vs_mid > 0 ? RND_PICK_UPPER : vs_mid < 0 ? RND_PICK_LOWER : RND_PICK_EVEN;
	case RND_NEAREST_AWAY:
		return vs_mid >= 0 ? RND_PICK_UPPER : RND_PICK_LOWER;
	case RND_TOWARD_ZERO:
		return RND_PICK_LOWER;
	case RND_UP:
		return neg ? RND_PICK_LOWER : RND_PICK_UPPER;
	case RND_DOWN:
		return neg ? RND_PICK_UPPER : RND_PICK_LOWER;
	case RND_TO_ODD:
		return RND_PICK_ODD;
	}
	return RND_PICK_LOWER;
}

/* Does it take the upper candidate? lower_odd(arg): is the lower one's code odd, asked
 * only when the mode picks by parity. */
static inline bool rnd_mode_takes_upper(enum rnd_mode mode, int vs_mid, bool neg, bool (*lower_odd)(const void *),
					const void *arg)
{
	enum rnd_pick pick = rnd_mode_pick(mode, vs_mid, neg);

	if (pick == RND_PICK_EVEN || pick == RND_PICK_ODD)
		return lower_odd(arg) == (pick == RND_PICK_EVEN);
	return pick == RND_PICK_UPPER;
}

/*
 * A stochastic mode's count (P3109 §4.7.4): of the 2^N draws R, how many round away
 * from zero, for a value at fraction nu = num/den (0 <= nu < 1) of the way from the
 * lower candidate to the upper: A floor(nu·2^N), B nu·2^N rounded half up, C rounded half
 * to even. It rounds away when R >= 2^N − count. As an mpz, since it reaches 2^64.
 */
void rnd_stochastic_count(mpz_t count, enum rnd_mode mode, unsigned bits, const mpz_t num, const mpz_t den);
/* Does how's draw R round that value away (R >= 2^N − count)? */
bool rnd_stochastic_away(struct rnd_spec how, const mpz_t num, const mpz_t den);

enum rnd_flag {
	RND_INEXACT = 1 << 0,
	RND_TIE = 1 << 1,       /* exactly halfway between two candidates */
	RND_OVERFLOW = 1 << 2,  /* past the largest finite value */
	RND_UNDERFLOW = 1 << 3, /* inexact and below the smallest normal value */
	RND_SATURATED = 1 << 4, /* clamped to ±max instead of inf or NaN */
	RND_INVALID = 1 << 5,   /* a NaN made from a number (negative into unsigned E8M0) */
	RND_DIVBYZERO = 1 << 6, /* an infinity made from finite numbers at a pole (log(0)) */
};
#define RND_FLAG_COUNT 7

/* RND_BEYOND_LIMITS: past a wrapping format's range, x's magnitude is past
 * 2^±NUM_LIMIT_EXP (num.h), where its residue modulo 2^bits is not known. */
enum rnd_status { RND_OK, RND_NO_NAN, RND_BEYOND_LIMITS };

struct rnd_result {
	fpcode code;
	int ternary; /* −1: stored < exact, 0: equal, +1: stored > exact */
	unsigned flags;
	/* Where |x| lay, when this is one rounding of x that placed it (placed): the rank
	 * just below it, as fmt_place() gives it. A readout takes the candidates from here
	 * instead of placing x again. */
	bool placed;
	fpcode lower;
};

/* What the saturation makes of a value past the range, finite or ±inf itself (round.c
 * says the rules, P3109 §4.7.5's for every format). */
enum rnd_past {
	RND_PAST_INF,     /* ±inf */
	RND_PAST_NAN,     /* NaN, where the format has no inf (OCP's E4M3, not saturating) */
	RND_PAST_CLAMPED, /* ±max by saturation */
	RND_PAST_ROUNDED, /* ±max because the mode rounds toward it (rtz; rup below, rdn above) */
};
enum rnd_past rnd_past_range(const struct fmt *f, struct rnd_spec how, bool neg, bool infinite);

/* Rounds x into f. RND_NO_NAN: x is NaN and f has no NaN to give. */
enum rnd_status rnd_encode(struct rnd_result *out, const struct fmt *f, const struct num *x, struct rnd_spec how);
/* Where placing |x| (nonzero) among f's values found it (fmt_place()): the rank at or
 * below it (FMT_NO_RANK: none, below E8M0's smallest), whether it is that rank's value,
 * below the smallest normal, and against the midpoint above. */
struct rnd_placement {
	fpcode lower;
	bool exact, tiny;
	int vs_mid;
	int drawn; /* a stochastic mode's draw, as a side of the midpoint (round.c);
		    * 0 for the other modes. Only the exact path draws: the fast ones refuse. */
};
/* The one decision, whichever method placed |x|: out (zeroed by the caller) for ±|x|. */
void rnd_decide(struct rnd_result *out, const struct fmt *f, bool neg, const struct rnd_placement *p,
		struct rnd_spec how);
/* The same for what needs no placing: a quiet NaN (NUM_NAN), ±inf, or ±0 (NUM_FINITE). */
void rnd_decide_special(struct rnd_result *out, const struct fmt *f, enum num_kind kind, bool neg, struct rnd_spec how);
/* Does the mode take the rank above `lower` for an inexact value? vs_mid: against the midpoint. */
bool rnd_takes_upper(const struct fmt *f, fpcode lower, int vs_mid, enum rnd_mode mode, bool neg);
/* The same, placing x with the table method (formats of at most 16 bits; for tests). */
enum rnd_status rnd_encode_by_table(struct rnd_result *out, const struct fmt *f, const struct num *x,
				    struct rnd_spec how);

/*
 * Tininess after rounding (IEEE 754 §7.5, as x86's SSE and ARM detect it): rnd_encode()
 * flags underflow when an inexact x lies below the smallest normal value (tininess
 * before rounding); this clears the flag from r, x's rounding into f, when x rounded
 * to f's precision with an unbounded exponent range is the smallest normal value.
 */
void rnd_tininess_after_rounding(struct rnd_result *r, const struct fmt *f, const struct num *x, struct rnd_spec how);
/* Can it clear the flag of r? Only when r is the smallest normal value, ±: else the
 * exact x is not needed. */
bool rnd_tininess_may_differ(const struct rnd_result *r, const struct fmt *f);

/* "rne" … "src", or P3109's "NearestTiesToEven" … "StochasticC" in any case; false
 * when the name is unknown. */
bool rnd_mode_from_name(enum rnd_mode *out, const char *name);
const char *rnd_mode_name(enum rnd_mode m);
/* "none", "finite", "propagate", or P3109's "SatNone" … in any case. */
bool rnd_sat_from_name(enum rnd_sat *out, const char *name);
const char *rnd_sat_name(enum rnd_sat s);
/* How the mode decides a tie, as the readout says it ("rne takes the candidate ..."). */
const char *rnd_mode_tie_rule(enum rnd_mode m);
/* The name of one flag bit, e.g. "inexact". */
const char *rnd_flag_name(unsigned bit);

#endif
