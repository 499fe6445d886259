/*
 * enclose.h — inside the real layer: enclosures of a real by interval arithmetic (MPFI),
 * with the ends the value lies strictly inside of, and the exact conversions between
 * fpx's values and MPFR's numbers that real.c and realcall.c share.
 */
#ifndef FPX_ENCLOSE_H
#define FPX_ENCLOSE_H

#include "realfn.h"

/* Is x finite and dyadic (a power of two below it), as codes, hex floats and integers are? */
bool real_is_dyadic(const struct num *x);
/* The significant bits of a dyadic x, so that an MPFR number of that many holds it. */
mpfr_prec_t real_dyadic_bits(const struct num *x);
/* out = x rounded as rnd says (exact when out has the bits). */
void real_set_exact(mpfr_ptr out, const struct num *x, mpfr_rnd_t rnd);
/* x = the exact value of an MPFR number (±inf included; past 2^±NUM_LIMIT_EXP, the
 * bounded stand-in, which rounds as the number would). */
void real_end_value(struct num *x, mpfr_srcptr end);
bool real_interval_is_point(mpfi_srcptr a);

/* What an enclosure found: the value lies inside; or it is NaN; or NaN came out of an
 * argument that straddles the edge of a domain, which a closer one may settle. */
enum enclosure { ENCLOSED, NAN_SURELY, NAN_MAYBE };

/*
 * Which ends of an enclosure the value lies strictly inside of: those MPFI rounded
 * outward, and those an argument's open end carries to. gelu(100) is 100 − 2^-7000-odd:
 * its enclosure ends on 100 at any practical precision, and only the open end says the
 * value is below it (inexact), not on it. The bits are MPFI's flags for rounded ends.
 */
enum { OPEN_LO = MPFI_FLAGS_LEFT_ENDPOINT_INEXACT, OPEN_HI = MPFI_FLAGS_RIGHT_ENDPOINT_INEXACT, OPEN_BOTH = 3 };

/* out ⊇ the value of r, at precision prec (exact leaves at their own); *open, the ends
 * the value lies strictly inside of (OPEN_LO, OPEN_HI). */
enum enclosure real_enclose(mpfi_ptr out, unsigned *open, const struct real *r, mpfr_prec_t prec);
/* Does a NaN argument (typed nan) make r NaN, rather than a domain (no invalid flag)? */
bool real_has_nan_leaf(const struct real *r);
/* Is r, exactly zero, −0 as IEEE 754 signs it (sin(-0), -0 + 0 is +0)? */
bool real_zero_is_negative(const struct real *r);

/*
 * A copy of r with its special cases settled (realfold.c): each operation or function
 * with a NaN, infinite or zero operand that special.h's table has a row for becomes the
 * row's result (NaN, ±inf, ±0, ±1, 2, a multiple of π, an operand), + − · / of exact
 * values their exact result; no REAL_FORMULA is left. *flags: what those rows raised
 * (RND_INVALID, RND_DIVBYZERO). Operands known only by enclosures are classified at
 * up to max_precision bits. NULL (and no flags) where r is left as it is.
 */
struct real *real_fold(const struct real *r, unsigned *flags, long max_precision);

#endif
