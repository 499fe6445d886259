/*
 * blockcalc.h — IEEE P3109's blocks (interim report 4.0, §5) on exact values: the ω
 * functions a block needs (§4.10's Multiply, Add and Divide, §4.10.1's Abs, §4.11's
 * MaximumFinite: on the closed extended reals, one NaN, no −0), a block's decoding
 * (§5.1.1) and its elements before projection (§5.1.2), the scale of §5.2.3 and the
 * reductions of §5.3, each exact; and the one projection (ωProject) the block command
 * makes. Never reads an input nor writes a row (block.c does).
 */
#ifndef FPX_BLOCKCALC_H
#define FPX_BLOCKCALC_H

#include <stdbool.h>

#include "format.h"
#include "num.h"
#include "round.h"

/* ωProject_{f,ρ}(x) (§4.7.3): x rounded once into f by the projection ρ (§4.2: the
 * mode and the saturation, struct rnd_spec). RND_NO_NAN: x is NaN and f has no NaN.
 * The block command's one rounding. */
enum rnd_status block_project(struct rnd_result *out, const struct fmt *f, const struct num *x,
			      const struct rnd_spec *rho);

/* ωDecode_f(code) (§4.7.2, §4.8): code's value in Rω, a NaN plain, −0 as 0. */
void block_decode_code(struct num *x, const struct fmt *f, fpcode code);
/* A value read as an input, as a datum of Rω: −0 as 0, any NaN the one NaN. */
void block_as_datum(struct num *x);

/* ωBlockDecode's element (§5.1.1): z = ωMultiply(S, X). */
void block_decoded(struct num *z, const struct num *scale, const struct num *x);
/* ωBlockProject's element before projection (§5.1.2), S the decoded scale: NaN if S or
 * X is NaN; 0 if S = 0; sgn(X)·sgn(S) if S = ±∞; else ωDivide(X, S). */
void block_scaled(struct num *z, const struct num *scale, const struct num *x);
/* §5.2.3's S = reduce(ωMaximumFinite, [NaN, ωAbs(X1), ..., ωAbs(Xn)]). */
void block_max_abs_finite(struct num *out, const struct num *x, long n);
/* §5.3.1: reduce(ωAdd, [0, X1, ..., Xn]) and reduce(ωMultiply, [1, X1, ..., Xn]). */
void block_sum(struct num *out, const struct num *x, long n);
void block_product(struct num *out, const struct num *x, long n);
/* §5.3.2: reduce(ωAdd, [0, ωMultiply(X1, Y1), ..., ωMultiply(Xn, Yn)]). */
void block_dot(struct num *out, const struct num *x, const struct num *y, long n);

#endif
