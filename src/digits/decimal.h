/*
 * decimal.h — exact binary values written as decimal and hex-float text.
 *
 * Values come as sig·2^exp (sig ≥ 0). All of it is integer arithmetic on GMP
 * numbers: no double, no printf("%g"), no locale. Never rounds into a format.
 * Made in decimal.c (layout, exact, rational, hex float) and decshort.c (shortest);
 * the decimals in machine words of mx's rows are decwords.h's.
 */
#ifndef FPX_DECIMAL_H
#define FPX_DECIMAL_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "format.h"
#include "strbuf.h"

/* v in decimal, in buf (no printf: the bulk rows write one a value); returns where the
 * text starts. */
#define DEC_LONG_MAX 32
char *dec_long(char buf[DEC_LONG_MAX], long v);
/* Writes ±d·10^k as dec_shortest() writes its digits (trailing zeros dropped; plain,
 * or scientific from 10^21 and below 10^-6). */
void dec_scaled_word(struct strbuf *out, bool neg, uint64_t d, long k);
/* D·10^k, D given by its n digits (no leading zero; n ≥ 1), written as dec_rational()
 * writes that value. */
void dec_write_digits(struct strbuf *out, bool neg, const char *digits, long n, long k);
/* The value in full (every binary fraction terminates). */
void dec_exact(struct strbuf *out, bool neg, const mpz_t sig, long exp);
/* The exact value of a code of f: dec_exact() of it, or nan, inf, -inf. */
void dec_code_exact(struct strbuf *out, const struct fmt *f, fpcode code);
/* A NaN or an infinity of f (v its decoding) as text that reads back to the code: inf,
 * -inf; nan, -nan where NaNs are signed; where they have payloads, nan(0x1), snan(0x5)
 * with the payload (none for the quiet one with payload 0). */
void dec_special(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v);
/* A signed rational: exactly when its decimal terminates (returns true), else to n
 * significant digits, ties to even (returns false). */
bool dec_rational(struct strbuf *out, const mpq_t q, int n);
/*
 * How fpx writes a number it derives (an error, ulps, a relative error, an exact input):
 * its decimal in full when that ends; else, and always for a real's stand-in
 * (approximate), ~ and DEC_APPROX_DIGITS significant digits, ties to even. Returns
 * whether it wrote the exact decimal. dec_ratio() gives the exact value of a rational
 * one beside it: n/d in lowest terms, n alone for an integer.
 */
#define DEC_APPROX_DIGITS 25
bool dec_marked(struct strbuf *out, const mpq_t q, bool approximate);
void dec_ratio(struct strbuf *out, const mpq_t q);
/* The value rounded (ties to even) to n significant digits. */
void dec_digits(struct strbuf *out, bool neg, const mpz_t sig, long exp, int n);
/* The shortest decimal reading back to this finite code of f (fpx(1) OUTPUT). */
void dec_shortest(struct strbuf *out, const struct fmt *f, fpcode code);
/* The same by the exact interval search alone, without the fast path (for tests). */
void dec_shortest_search(struct strbuf *out, const struct fmt *f, fpcode code);
/* The values between lo and hi (each end inside or not), and v, a value among them. */
struct rational_interval {
	mpq_t lo, hi, v;
	bool lo_in, hi_in;
};
/* The shortest decimal inside the interval, the nearest v of those as short (ties to an
 * even last digit); "0" when 0 is inside. */
void dec_shortest_between(struct strbuf *out, const struct rational_interval *iv);
/* The values that round (to nearest, ties to even) to this finite code of f: the
 * interval dec_shortest() searches, as rationals into out's initialized lo, hi, v. */
void dec_code_interval(struct rational_interval *out, const struct fmt *f, fpcode code);
/* C99 %a style: 0x1.8p+3, 0x0p+0. */
void dec_hexfloat(struct strbuf *out, bool neg, const mpz_t sig, long exp);

/* ⌊log10 2^p⌋ for p ≥ 0, by integers. */
int dec_floor_log10_pow2(int p);
/* max_digits10 = ⌈1 + p·log10 2⌉: digits that always read back. */
int dec_max_digits10(int p);

#endif
