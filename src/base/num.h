/*
 * num.h — an exact value: a signed rational, ±infinity or NaN.
 *
 * The magnitude and the sign are kept apart so that −0 is simply a zero magnitude with
 * the sign set. A magnitude too large or too small for any format (beyond 2^±NUM_LIMIT_EXP)
 * is not built: `bound` says so and `mag` holds 2^±NUM_LIMIT_EXP, which rounds exactly as
 * the true value would in every format fpx can describe.
 */
#ifndef FPX_NUM_H
#define FPX_NUM_H

#include <gmp.h>
#include <stdbool.h>

#include "code.h"

enum num_kind { NUM_FINITE, NUM_INF, NUM_NAN };
enum num_bound { NUM_TINY = -1, NUM_EXACT = 0, NUM_HUGE = 1 };

/* Every format's values lie inside it, with room for the virtual value past max and for
 * half the smallest nonzero value: fmt_finish() refuses a description that reaches it.
 * It is 2^(FMT_MAX_EXP_BITS + 1) (format.h): room for any bias below 2^E. */
#if CODE_MAX_BITS == 256
#define NUM_LIMIT_EXP 1048576L
#define NUM_LIMIT_EXP_TEXT "1048576"
#else
#define NUM_LIMIT_EXP 65536L
#define NUM_LIMIT_EXP_TEXT "65536"
#endif
#define NUM_LIMIT_TEXT "2^" NUM_LIMIT_EXP_TEXT /* for messages */

/*
 * The working precision past which a real is reported undecided (PROBLEM_UNDECIDED),
 * unless --max-precision says otherwise: a value within 2^-3072 of a boundary is one on
 * it in every test, and the largest expression (1000 operations) exactly on one, such as
 * a sum of 199 sin(pi*(k+1/2)), gives up in half a second (at 16384 bits: 12 s).
 */
#define REAL_MAX_PRECISION 3072L

/*
 * A NaN that came from a code keeps what a conversion carries on (IEEE 754 §6.2.3):
 * whether it signals (using it flags invalid), and its payload, the fraction bits below
 * the quiet bit, as a binary fraction: the first of them at the top of the word, so that
 * a format takes as many of them as its NaNs hold (format.h: fmt_nan_carrying()).
 */
struct num {
	enum num_kind kind;
	bool neg;
	enum num_bound bound;
	bool signaling;  /* NUM_NAN */
	fpcode payload;  /* NUM_NAN: 0 for none */
	mpq_t mag; /* |value|, canonical; meaningful for NUM_FINITE */
};

static inline void num_init(struct num *x)
{
	x->kind = NUM_FINITE;
	x->neg = false;
	x->bound = NUM_EXACT;
	x->signaling = false;
	x->payload = 0;
	mpq_init(x->mag);
}

/* Sets x's kind; a NaN made so is quiet, with no payload. */
static inline void num_set_kind(struct num *x, enum num_kind kind)
{
	x->kind = kind;
	x->signaling = false;
	x->payload = 0;
}

static inline void num_clear(struct num *x)
{
	mpq_clear(x->mag);
}

static inline void num_set(struct num *to, const struct num *from)
{
	to->kind = from->kind;
	to->neg = from->neg;
	to->bound = from->bound;
	to->signaling = from->signaling;
	to->payload = from->payload;
	mpq_set(to->mag, from->mag);
}

/* Sets x to the stand-in for a magnitude past the limit (bound HUGE or TINY). */
static inline void num_set_bound(struct num *x, enum num_bound b)
{
	num_set_kind(x, NUM_FINITE);
	x->bound = b;
	mpq_set_ui(x->mag, 1, 1);
	if (b == NUM_HUGE)
		mpq_mul_2exp(x->mag, x->mag, NUM_LIMIT_EXP);
	else
		mpq_div_2exp(x->mag, x->mag, NUM_LIMIT_EXP);
}

/* q = sig · 2^exp */
void num_set_dyadic(mpq_t q, const mpz_t sig, long exp);

/* out = q · 2^e, either way. */
static inline void num_scale_pow2(mpq_t out, const mpq_t q, long e)
{
	if (e >= 0)
		mpq_mul_2exp(out, q, (mp_bitcnt_t)e);
	else
		mpq_div_2exp(out, q, (mp_bitcnt_t)-e);
}

/* q = 2^e */
static inline void num_set_pow2(mpq_t q, long e)
{
	mpq_set_ui(q, 1, 1);
	num_scale_pow2(q, q, e);
}

/* ⌊log2 (|n|/|d|)⌋, exactly; n and d nonzero. */
long num_floor_log2_ratio(const mpz_t n, const mpz_t d);
/* 10^k in 128 bits, 0 ≤ k ≤ 38. */
unsigned __int128 num_pow10_words(int k);

#endif
