/*
 * realcall.h — inside the real layer (real.c, realcall.c): a real that is one function
 * call, rounded to odd without intervals where one MPFR call decides it. Every
 * function answers an exact stand-in or declines; none rounds into a format.
 */
#ifndef FPX_REALCALL_H
#define FPX_REALCALL_H

#include <mpfr.h>
#include <stdbool.h>

#include "num.h"
#include "realnode.h"

/* Is r one function of exact dyadic arguments, which MPFR rounds correctly? */
bool real_is_single_call(const struct real *r);
/* Such an r's round-to-odd value at `bits` (*exact when it is r itself): every rounding
 * to at most bits − 2 bits rounds it as it rounds r. False when r is NaN; *pole when
 * it is ±inf at a pole. */
bool real_single_call_odd(struct num *out, bool *exact, bool *pole, const struct real *r, long bits);
/* Is r one function with a slope bound of one exact argument that is not dyadic? */
bool real_is_near_call(const struct real *r);
/* Such an r's round-to-odd value at `bits` by one call near its argument; false when
 * that does not decide it (then enclosures do). */
bool real_near_call_odd(struct num *out, const struct real *r, long bits);
/* Do both ends of [lo, hi] round to odd alike at bits? Then *x is the round-to-odd
 * value of everything between them. */
bool real_interval_odd(struct num *x, mpfr_srcptr lo, mpfr_srcptr hi, long bits);

#endif
