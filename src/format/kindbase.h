/*
 * kindbase.h — what the kinds of format share (kindbase.c): reading a key's value, the
 * sign bit of sign-magnitude kinds, fields cut from a code, the text of a significand,
 * and the values and placing of ranks on a grid. For the kinds' own files (and the
 * format files' reader); the interface a kind implements is kind.h.
 */
#ifndef FPX_KINDBASE_H
#define FPX_KINDBASE_H

#include <gmp.h>
#include <stdbool.h>

#include "format.h"
#include "kind.h"

/* Sign-magnitude kinds: the top bit is the sign (f->sign_bit). */
fpcode kind_sign_bit_magnitude(const struct fmt *f, fpcode code, bool *neg);
fpcode kind_sign_bit_with_sign(const struct fmt *f, fpcode magnitude, bool neg);
/* Kinds whose ranks are their magnitude codes (ranks_are_codes): both translations. */
fpcode kind_same_rank(const struct fmt *f, fpcode rank);

/* Text helpers the kinds share: " * (1 + m/2^M)" (leading 0 for a subnormal; nothing
 * when width is 0), and 2^bits in decimal. */
void kind_significand_text(struct strbuf *out, fpcode bits, int width, bool leading_one);
void kind_power_of_two_text(struct strbuf *out, int bits);

/* Writes a message into why; false, for a key's apply() to return. */
__attribute__((format(printf, 2, 3))) bool kind_fail(struct kind_why *why, const char *message, ...);
/* An integer of a key's value, base 0, in [lo, hi]; false when it is not one. */
bool kind_parse_int(const char *s, long lo, long hi, long *out);
/* `key 4`: an integer of at most 2^20 in size into *field (finish() checks the range
 * that matters); false after writing why. */
bool kind_key_integer(int *field, const char *key, const char *val, struct kind_why *why);
/* `bits 16`: the width, a key most kinds read. */
bool kind_apply_bits(struct fmt *f, char *val, struct kind_why *why);
/* The index of word in words[0..n) (NULL entries skipped), or -1. */
int kind_word_index(const char *const *words, int n, const char *word);

/* Appends a field of `width` bits (none when 0) taken from code at `shift`; returns n + 1. */
int kind_add_field(struct fmt_field *out, int n, int field_kind, int width, fpcode code, int shift);

/* A kind whose ranks form a grid (format.h: struct fmt_grid, which g describes; rank
 * max_rank + 1 is the virtual value): a rank's value, and where q > 0 lies among the
 * ranks (fmt_place()). */
void kind_grid_rank_value(mpz_t sig, long *exp, const struct fmt *f, const struct fmt_grid *g, fpcode rank);
int kind_grid_place(fpcode *lower, bool *exact, const struct fmt *f, const struct fmt_grid *g, const mpq_t q);
/* A finite value of a grid kind decoded into out (its sig set): its class and ulp, from
 * its exponent field and the first normal one (emin below it). */
void kind_grid_classify(struct fmt_value *out, const struct fmt *f, long field, long first_normal, int bias,
			int frac_bits);
/* A code's sign (where f has one), exponent and fraction fields; returns how many. */
int kind_sign_exponent_fraction(struct fmt_field *out, const struct fmt *f, fpcode code, int exp_bits, int frac_bits);

#endif
