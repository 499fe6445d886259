/*
 * roundline.h — rounding straight from text and digits (fastdec.h), as rnd_encode()
 * rounds their exact values: a plain decimal, stdin's lines in one pass, an operation's
 * binary result. Each declines (false, NULL) what it does not take; the caller then
 * rounds the exact value.
 */
#ifndef FPX_ROUNDLINE_H
#define FPX_ROUNDLINE_H

#include <stdbool.h>
#include <stdint.h>

#include "fastdec.h"
#include "fastdecline.h"
#include "round.h"

/* The fast path: a plain decimal (fastdec.h) rounded exactly as rnd_encode() rounds its
 * value; false when the fast method does not apply (then use rnd_encode()). */
bool rnd_encode_decimal(struct rnd_result *out, const struct fmt *f, const struct decimal *d, struct rnd_spec how);
/* The code alone of a decimal that rnd_encode_decimal() declines for its digits past
 * the 19th (sticky): that of both ends of its first 19 (fastdec_place_ends()) when they
 * round to one code, as then every value between them does (rounding is monotone);
 * false when they do not. Neither the ternary nor the flags follow from the ends. */
bool rnd_decimal_code_by_ends(fpcode *code, const struct fmt *f, const struct decimal *d, struct rnd_spec how);

/* text, when it is a plain decimal (fastdec_scan()), times 2^e2, rounded as
 * rnd_encode_decimal() rounds; false when it is not one or the fast path declines
 * (then rnd_encode() of the exact value decides). For mx's blocks and quantize's
 * scales of a power of two. */
bool rnd_encode_scaled_text(struct rnd_result *out, const struct fmt *f, const char *text, size_t len, long e2,
			    struct rnd_spec how);
/* The same for ±n·2^e2 (n nonzero), the exact result of an operation on codes (ops.c). */
bool rnd_encode_binary(struct rnd_result *out, const struct fmt *f, bool neg, unsigned __int128 n, long e2,
		       struct rnd_spec how);
/*
 * Stdin lines rounded in one pass (fastdec_place_line()) into f as rnd_encode() rounds
 * their values (times 2^e2): made once for a run by rnd_line_open(), false when f is no
 * format for it. rnd_line_code() gives a line's code alone (past 38 digits, also by
 * both ends of its first 19, as rnd_decimal_code_by_ends()), rnd_line_result() all of
 * its result (a zero line's code is rl->zero's for its sign, which quantize makes +0's
 * for both); both return where the decimal ends, for the caller
 * to check that the line ends there, or NULL when it is no such decimal or they cannot
 * decide it (the usual path then takes it).
 */
struct rnd_line {
	const struct fmt *f;
	struct fastdec_line grid;
	struct rnd_spec rounding;
	fpcode past_max[2], far_below[2]; /* the codes decide() gives there, + and − */
	fpcode zero[2];                   /* ... and to ±0 (rnd_decide_special()) */
	uint64_t own_digits_limit; /* fastshort_input_limit() where it holds (rne, e2 0), else 0 */
};

bool rnd_line_open(struct rnd_line *rl, const struct fmt *f, struct rnd_spec how, long e2);
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
/* The same for ±n·2^e2 (n nonzero, below 2^64), exactly: rnd_encode_binary()'s code. */
bool rnd_line_binary_code(fpcode *code, const struct rnd_line *rl, bool neg, uint64_t n, long e2);
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
#endif
