/*
 * realfn.h — inside the real layer (real.c, realnode.c, realcall.c, realfold.c,
 * realfn.c, realpi.c, enclose.c): the functions a real may call, with the MPFR and MPFI routines
 * that evaluate them and what is known of their shape. Not for use outside those files.
 */
#ifndef FPX_REALFN_H
#define FPX_REALFN_H

#include <mpfi.h>
#include <stdbool.h>

#include "realnode.h"
#include "special.h"

typedef int mpfi_unary(mpfi_ptr, mpfi_srcptr);
typedef int mpfi_binary(mpfi_ptr, mpfi_srcptr, mpfi_srcptr);
typedef int mpfr_unary(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int mpfr_binary(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/*
 * How steep a function of one argument can be near a point x, given y = f(x): a bound
 * 2^s on |f'| over [x − δ, x + δ] for any δ ≤ |x|/16 (see slope_bound()), so that one
 * evaluation at a point near x encloses f(x). SLOPE_NONE: no such bound here (poles
 * and domain edges: tan, asin, ...), enclosed by intervals instead.
 */
enum slope {
	SLOPE_NONE,
	SLOPE_ONE,      /* |f'| ≤ 1: sin, cos, atan, tanh, asinh, abs */
	SLOPE_ERF,      /* |f'| ≤ 2/√π < 2 */
	SLOPE_EXP,      /* |f'| ≤ ln 10·|f(ξ)|: exp, exp2, exp10 */
	SLOPE_EXP_ONE,  /* |f'| ≤ |f(ξ)| + 1: expm1, sinh, cosh */
	SLOPE_LOG,      /* |f'| ≤ 1/(ξ ln 2): log, log2, log10 */
	SLOPE_SQRT,     /* f' = 1/(2 f(ξ)) */
	SLOPE_CBRT,     /* f' = 1/(3 f(ξ)²) */
	SLOPE_RSQRT,    /* |f'| = f(ξ)³/2 */
	SLOPE_PI,       /* |f'| ≤ π < 4: sinpi, cospi */
};

/*
 * How the ends of an argument's enclosure that the value lies strictly inside of carry
 * to the function's value (open_ends()).
 */
enum passing {
	PASS_ROUNDED,    /* only where MPFI rounded an end: sin, cos, cosh, abs, atan2, ... */
	PASS_INCREASING, /* strictly increasing on its domain: each end to the same end */
	PASS_DECREASING, /* strictly decreasing: each end to the other (acos, erfc) */
	PASS_MIN,        /* min and max (open_min_max()) */
	PASS_MAX,
};

/*
 * A function's rational values at rational arguments, where it is exact but no
 * enclosure can tell (sinpi(1/6) = 1/2, tanpi(1/2) a pole, atan2pi(0.1, 0.1) = 1/4):
 * true with the value in *out and the flags it raises (divbyzero at a pole; under
 * P3109's rules a pole is NaN, invalid), for finite exact x (and y); false elsewhere.
 */
typedef bool real_rational_fn(struct num *out, unsigned *flags, const struct num *x, const struct num *y,
			      enum special_rules rules);

/* A function MPFR rounds correctly (point), and how its image of an interval is enclosed. */
struct real_fn {
	const char *name;
	int arity;
	mpfi_unary *unary;
	mpfi_binary *binary;
	mpfr_unary *point;
	mpfr_binary *point2;
	enum slope slope;
	enum passing passing;
	/* The values of tanh and erf lie strictly inside (−1, 1), of erfc below 2: the bound
	 * (1 or 2; 0 for none) and whether −bound is one too. */
	int bound;
	bool symmetric;
	enum special_fn special; /* its rows in special.c's table */
	real_rational_fn *rational; /* its rational values past the rows, or NULL */
};

/* realpi.c: the π functions' images of intervals and their rational values. */
int real_interval_sinpi(mpfi_ptr out, mpfi_srcptr a);
int real_interval_cospi(mpfi_ptr out, mpfi_srcptr a);
int real_interval_tanpi(mpfi_ptr out, mpfi_srcptr a);
int real_interval_atan2pi(mpfi_ptr out, mpfi_srcptr y, mpfi_srcptr x);
real_rational_fn real_rational_sinpi, real_rational_cospi, real_rational_tanpi, real_rational_atan2pi;

/* A function defined by a formula over the others (x, y, z its arguments); at the
 * special values its rows in special.c's table give (SP_NONE: none), its limits. */
struct real_formula {
	const char *name;
	int arity;
	const char *formula;
	enum special_fn special;
};

#endif
