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

#include "fastdec.h"
#include "format.h"
#include "num.h"

enum rnd_mode { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

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
struct decimal;
/* The fast path: a plain decimal (fastdec.h) rounded exactly as rnd_encode() rounds its
 * value; false when the fast method does not apply (then use rnd_encode()). */
bool rnd_encode_decimal(struct rnd_result *out, const struct fmt *f, const struct decimal *d, enum rnd_mode mode,
			bool saturate);

/* text, when it is a plain decimal (fastdec_scan()), times 2^e2, rounded as
 * rnd_encode_decimal() rounds; false when it is not one or the fast path declines
 * (then rnd_encode() of the exact value decides). For mx's blocks and quantize's
 * scales of a power of two. */
bool rnd_encode_scaled_text(struct rnd_result *out, const struct fmt *f, const char *text, size_t len, long e2,
			    enum rnd_mode mode, bool saturate);
/* The same for ±n·2^e2 (n nonzero), the exact result of an operation on codes (ops.c). */
bool rnd_encode_binary(struct rnd_result *out, const struct fmt *f, bool neg, unsigned __int128 n, long e2,
		       enum rnd_mode mode, bool saturate);
/*
 * Stdin lines rounded in one pass (fastdec_place_line()) into f as rnd_encode() rounds
 * their values (times 2^e2): made once for a run by rnd_line_open(), false when f is no
 * format for it. rnd_line_code() gives a line's code alone, rnd_line_result() all of
 * its result; both return where the decimal ends, for the caller to check that the
 * line ends there, or NULL when it is no such decimal (the usual path then takes it).
 */
struct rnd_line {
	const struct fmt *f;
	struct fastdec_line grid;
	enum rnd_mode mode;
	bool saturate;
	fpcode past_max[2], far_below[2]; /* the codes decide() gives there, + and − */
	uint64_t own_digits_limit; /* fastshort_input_limit() where it holds (rne, e2 0), else 0 */
};

bool rnd_line_open(struct rnd_line *rl, const struct fmt *f, enum rnd_mode mode, bool saturate, long e2);
const char *rnd_line_code(fpcode *code, const struct rnd_line *rl, const char *text);
/* rnd_line_code(), and where the line's own digits are the code's shortest decimal
 * (fastshort_input_limit()), those: |value| = *digits·10^*pow10, no trailing zeros;
 * else *digits is 0. */
const char *rnd_line_code_digits(fpcode *code, uint64_t *digits, long *pow10, const struct rnd_line *rl,
				 const char *text);
const char *rnd_line_result(struct rnd_result *out, const struct rnd_line *rl, const char *text);
/* rnd_line_code() of the digits fastdec_scan_line() read from a line (nonzero); false
 * when the one pass does not place them. */
bool rnd_line_digits_code(fpcode *code, const struct rnd_line *rl, const struct fastdec_digits *d);
/* The same without placing them, for a value known to lie below 2^(log2_below + 1):
 * where that is far below the smallest subnormal (as fastdec_place_line() sees it, times
 * 2^e2), the code there (of that sign); else false. */
static inline bool rnd_line_far_below(fpcode *code, const struct rnd_line *rl, long log2_below, bool neg)
{
	if (!rl->grid.subnormals || rl->grid.emin - (log2_below + rl->grid.e2) <= rl->grid.frac_bits + 2)
		return false;
	*code = rl->far_below[neg];
	return true;
}
/* The same for a decimal d that rnd_encode_decimal() rounded into r (by mode): whether
 * its own digits are r's code's shortest, and then those (*digits·10^*pow10, no trailing
 * zeros). */
bool rnd_decimal_own_digits(uint64_t *digits, long *pow10, const struct fmt *f, const struct decimal *d,
			    const struct rnd_result *r, enum rnd_mode mode);
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
/* The name of one flag bit, e.g. "inexact". */
const char *rnd_flag_name(unsigned bit);

#endif
