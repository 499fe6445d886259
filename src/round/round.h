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

#include "format.h"
#include "num.h"

/*
 * The rounding modes, a row each: the enum's name, the name options take, and how the
 * readout says a tie is decided. What a mode does is rnd_mode_takes_upper()'s, below:
 * the one place that tells the modes apart (round.c, the integers of intfmt.c and the
 * readout's overflow thresholds all ask it).
 */
#define RND_MODE_LIST(X) \
	X(NEAREST_EVEN, "rne", "rne takes the candidate whose code is even") \
	X(NEAREST_AWAY, "rna", "rna takes the one farther from zero")        \
	X(TOWARD_ZERO,  "rtz", "rtz rounds toward zero, tie or not")         \
	X(UP,           "rup", "rup rounds up, tie or not")                  \
	X(DOWN,         "rdn", "rdn rounds down, tie or not")

enum rnd_mode {
#define RND_MODE_ENUM(id, name, tie) RND_##id,
	RND_MODE_LIST(RND_MODE_ENUM)
#undef RND_MODE_ENUM
};
#define RND_MODE_ONE(id, name, tie) +1
#define RND_MODE_COUNT (0 RND_MODE_LIST(RND_MODE_ONE))
/* The names as help and messages list them, the first the default (tests/generated.sh
 * holds them to the list above). */
#define RND_MODE_NAMES "rne, rna, rtz, rup, rdn"
#define RND_MODE_NAMES_HELP "rne (default), rna, rtz, rup, rdn"

/* How a mode picks between two candidates for an inexact value. */
enum rnd_pick { RND_PICK_LOWER, RND_PICK_UPPER, RND_PICK_EVEN };

/*
 * Which of two candidates the mode takes for a value of sign neg, the lower (the
 * smaller magnitude) or the upper, or the one whose code is even (a tie under rne)?
 * vs_mid: the value against their midpoint.
 */
static inline enum rnd_pick rnd_mode_pick(enum rnd_mode mode, int vs_mid, bool neg)
{
	switch (mode) {
	case RND_NEAREST_EVEN:
		return vs_mid > 0 ? RND_PICK_UPPER : vs_mid < 0 ? RND_PICK_LOWER : RND_PICK_EVEN;
	case RND_NEAREST_AWAY:
		return vs_mid >= 0 ? RND_PICK_UPPER : RND_PICK_LOWER;
	case RND_TOWARD_ZERO:
		return RND_PICK_LOWER;
	case RND_UP:
		return neg ? RND_PICK_LOWER : RND_PICK_UPPER;
	case RND_DOWN:
		return neg ? RND_PICK_UPPER : RND_PICK_LOWER;
	}
	return RND_PICK_LOWER;
}

/* Does it take the upper candidate? lower_odd(arg): is the lower one's code odd, asked
 * only when the mode picks the even one. */
static inline bool rnd_mode_takes_upper(enum rnd_mode mode, int vs_mid, bool neg, bool (*lower_odd)(const void *),
					const void *arg)
{
	enum rnd_pick pick = rnd_mode_pick(mode, vs_mid, neg);

	return pick == RND_PICK_EVEN ? lower_odd(arg) : pick == RND_PICK_UPPER;
}

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

/* Rounds x into f. RND_NO_NAN: x is NaN and f has no NaN to give. */
enum rnd_status rnd_encode(struct rnd_result *out, const struct fmt *f, const struct num *x, enum rnd_mode mode,
			   bool saturate);
/* Where placing |x| (nonzero) among f's values found it (fmt_place()): the rank at or
 * below it (FMT_NO_RANK: none, below E8M0's smallest), whether it is that rank's value,
 * below the smallest normal, and against the midpoint above. */
struct rnd_placement {
	fpcode lower;
	bool exact, tiny;
	int vs_mid;
};
/* The one decision, whichever method placed |x|: out (zeroed by the caller) for ±|x|. */
void rnd_decide(struct rnd_result *out, const struct fmt *f, bool neg, const struct rnd_placement *p,
		enum rnd_mode mode, bool saturate);
/* The same for what needs no placing: a quiet NaN (NUM_NAN), ±inf, or ±0 (NUM_FINITE). */
void rnd_decide_special(struct rnd_result *out, const struct fmt *f, enum num_kind kind, bool neg, enum rnd_mode mode,
			bool saturate);
/* Does the mode take the rank above `lower` for an inexact value? vs_mid: against the midpoint. */
bool rnd_takes_upper(const struct fmt *f, fpcode lower, int vs_mid, enum rnd_mode mode, bool neg);
/* The same, placing x with the table method (formats of at most 16 bits; for tests). */
enum rnd_status rnd_encode_by_table(struct rnd_result *out, const struct fmt *f, const struct num *x,
				    enum rnd_mode mode, bool saturate);

/*
 * Tininess after rounding (IEEE 754 §7.5, as x86's SSE and ARM detect it): rnd_encode()
 * flags underflow when an inexact x lies below the smallest normal value (tininess
 * before rounding); this clears the flag from r, x's rounding into f, when x rounded
 * to f's precision with an unbounded exponent range is the smallest normal value.
 */
void rnd_tininess_after_rounding(struct rnd_result *r, const struct fmt *f, const struct num *x, enum rnd_mode mode);
/* Can it clear the flag of r? Only when r is the smallest normal value, ±: else the
 * exact x is not needed. */
bool rnd_tininess_may_differ(const struct rnd_result *r, const struct fmt *f);

/* "rne" … "rdn"; false when the name is unknown. */
bool rnd_mode_from_name(enum rnd_mode *out, const char *name);
const char *rnd_mode_name(enum rnd_mode m);
/* How the mode decides a tie, as the readout says it ("rne takes the candidate ..."). */
const char *rnd_mode_tie_rule(enum rnd_mode m);
/* The name of one flag bit, e.g. "inexact". */
const char *rnd_flag_name(unsigned bit);

#endif
