/*
 * mxvalue.h — the exact value of a plain decimal's text for `fpx mx` (mxvalue.c), made
 * with GMP's integers straight from its digits, as the parser would make it.
 */
#ifndef FPX_MXVALUE_H
#define FPX_MXVALUE_H

#include <stdbool.h>
#include <stddef.h>

#include "num.h"

/* The exact value of text (len bytes, at most max) when it is
 * [sign]digits[.digits][(e|E)[sign]digits] with at least one digit and an exponent of
 * at most 9 digits, as the parser reads it: ±N·10^(E − F), N its digits, F those after
 * the point, in lowest terms; else false (v's numerator perhaps changed). */
bool mx_text_value(struct num *v, const char *text, size_t len, size_t max);

#endif
