/*
 * kindbase.c — what the kinds of format share (kindbase.h): the reading of a key's
 * value, the sign bit of sign-magnitude kinds, fields cut from a code, the text of a
 * significand, and the values and placing of ranks on a grid (kind_float.c's and
 * kind_x87.c's). The table of the kinds is kinds.c.
 */
#include "kindbase.h"
#include "num.h"
#include "scratch.h"
#include "strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool kind_fail(struct kind_why *why, const char *message, ...)
{
	va_list ap;

	va_start(ap, message);
	vsnprintf(why->text, why->size, message, ap);
	va_end(ap);
	return false;
}

bool kind_parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool kind_key_integer(int *field, const char *key, const char *val, struct kind_why *why)
{
	long v;

	if (!kind_parse_int(val, -(1L << 20), 1L << 20, &v))
		return kind_fail(why, "%s needs an integer (at most 2^20 in size), not '%.40s'", key, val);
	*field = (int)v;
	return true;
}

bool kind_apply_bits(struct fmt *f, char *val, struct kind_why *why)
{
	return kind_key_integer(&f->bits, "bits", val, why);
}

int kind_word_index(const char *const *words, int n, const char *word)
{
	for (int i = 0; i < n; i++)
		if (words[i] && strcmp(words[i], word) == 0)
			return i;
	return -1;
}

fpcode kind_sign_bit_magnitude(const struct fmt *f, fpcode code, bool *neg)
{
	*neg = (code & f->sign_bit) != 0;
	return code & ~f->sign_bit;
}

fpcode kind_sign_bit_with_sign(const struct fmt *f, fpcode magnitude, bool neg)
{
	return neg ? magnitude | f->sign_bit : magnitude;
}

fpcode kind_same_rank(const struct fmt *f, fpcode rank)
{
	(void)f;
	return rank;
}

int kind_add_field(struct fmt_field *out, int n, int field_kind, int width, fpcode code, int shift)
{
	if (width == 0)
		return n;
	out[n].kind = (enum bit_field)field_kind;
	out[n].name = fmt_field_name((enum bit_field)field_kind);
	out[n].width = width;
	out[n].bits = (code >> shift) & code_mask(width);
	return n + 1;
}

void kind_power_of_two_text(struct strbuf *out, int bits)
{
	mpz_t p;
	char *text;

	mpz_init(p);
	mpz_setbit(p, (mp_bitcnt_t)bits);
	text = mpz_get_str(NULL, 10, p);
	sb_puts(out, text);
	free(text);
	mpz_clear(p);
}

void kind_significand_text(struct strbuf *out, fpcode bits, int width, bool leading_one)
{
	char *text;
	mpz_t m;

	if (width == 0)
		return;
	mpz_init(m);
	code_to_mpz(m, bits);
	text = mpz_get_str(NULL, 10, m);
	sb_printf(out, " * (%d + %s/", leading_one ? 1 : 0, text);
	kind_power_of_two_text(out, width);
	sb_putc(out, ')');
	free(text);
	mpz_clear(m);
}

/* ---- Ranks on a grid (format.h: struct fmt_grid) ----------------------------------------- */

void kind_grid_rank_value(mpz_t sig, long *exp, const struct fmt *f, const struct fmt_grid *g, fpcode rank)
{
	long field = (long)(rank >> g->frac_bits);

	code_to_mpz(sig, rank & code_mask(g->frac_bits));
	if (field == 0 && g->subnormals) {
		*exp = f->emin - g->frac_bits;
		return;
	}
	mpz_setbit(sig, (mp_bitcnt_t)g->frac_bits);
	*exp = field - g->bias - g->frac_bits;
}

/*
 * m = ⌊q / 2^scale⌋; returns the remainder against half of 2^scale (−1, 0, +1) and
 * sets *exact when there is none.
 */
static int divide_by_power_of_two(mpz_t m, bool *exact, const mpq_t q, long scale)
{
	mpz_srcptr num = mpq_numref(q), den = mpq_denref(q);
	mp_bitcnt_t twos = mpz_scan1(den, 0);
	mpz_t rem, divisor;
	int vs_half;

	if (twos + 1 == mpz_sizeinbase(den, 2)) { /* q = num/2^twos: shifts, no division */
		long shift = (long)twos + scale;
		mp_bitcnt_t low;
		if (shift <= 0) {
			mpz_mul_2exp(m, num, (mp_bitcnt_t)-shift);
			*exact = true;
			return -1;
		}
		mpz_fdiv_q_2exp(m, num, (mp_bitcnt_t)shift);
		low = mpz_scan1(num, 0); /* the lowest bit set */
		*exact = low >= (mp_bitcnt_t)shift;
		if (*exact || !mpz_tstbit(num, (mp_bitcnt_t)shift - 1))
			return -1;
		return low < (mp_bitcnt_t)shift - 1 ? 1 : 0; /* the half bit, and anything below it */
	}
	mpz_inits(rem, divisor, NULL);
	if (scale >= 0) {
		mpz_mul_2exp(divisor, mpq_denref(q), (mp_bitcnt_t)scale);
		mpz_tdiv_qr(m, rem, mpq_numref(q), divisor);
	} else {
		mpz_mul_2exp(m, mpq_numref(q), (mp_bitcnt_t)-scale);
		mpz_set(divisor, mpq_denref(q));
		mpz_tdiv_qr(m, rem, m, divisor);
	}
	*exact = mpz_sgn(rem) == 0;
	mpz_mul_2exp(rem, rem, 1);
	vs_half = mpz_cmp(rem, divisor);
	mpz_clears(rem, divisor, NULL);
	return vs_half > 0 ? 1 : vs_half < 0 ? -1 : 0;
}

/*
 * With E = max(⌊log2 q⌋, emin), the significand m = ⌊q / 2^(E−f)⌋ and the rank
 * (E + bias − 1)·2^f + m are the lower neighbour, normal or subnormal alike; the
 * remainder against half a unit decides the midpoint comparison.
 */
int kind_grid_place(fpcode *lower, bool *exact, const struct fmt *f, const struct fmt_grid *g, const mpq_t q)
{
	static _Thread_local mpz_t m, field; /* kept from one value to the next (scratch.h) */
	static _Thread_local bool ready;
	long e = num_floor_log2_ratio(mpq_numref(q), mpq_denref(q));
	long binade = e > f->emin ? e : f->emin;
	int vs_half;

	*exact = false;
	*lower = f->max_rank + 1;
	if (e > f->emax)
		return 1;
	if (e < f->emin && !g->subnormals) {
		*lower = ~(fpcode)0;
		return 1;
	}
	if (!ready) {
		mpz_inits(m, field, NULL);
		scratch_at_thread_end(scratch_clear_mpz, m);
		scratch_at_thread_end(scratch_clear_mpz, field);
		ready = true;
	}
	vs_half = divide_by_power_of_two(m, exact, q, binade - g->frac_bits);
	mpz_set_si(field, binade + g->bias - 1); /* ≥ −1: without subnormals field 0 is normal */
	mpz_mul_2exp(field, field, (mp_bitcnt_t)g->frac_bits);
	mpz_add(m, m, field);
	if (!code_from_mpz(lower, m) || *lower > f->max_rank) { /* at or past the virtual value */
		*lower = f->max_rank + 1;
		*exact = false;
		vs_half = 1;
	}
	return vs_half;
}

void kind_grid_classify(struct fmt_value *out, const struct fmt *f, long field, long first_normal, int bias,
			int frac_bits)
{
	out->ulp_exp = (field < first_normal ? f->emin : field - bias) - frac_bits;
	if (field >= first_normal)
		out->cls = FP_NORMAL;
	else if (mpz_sgn(out->sig) == 0)
		out->cls = FP_ZERO;
	else {
		out->cls = FP_SUBNORMAL;
		out->precision = (int)mpz_sizeinbase(out->sig, 2);
	}
}

int kind_sign_exponent_fraction(struct fmt_field *out, const struct fmt *f, fpcode code, int exp_bits, int frac_bits)
{
	int n = 0;

	if (f->has_sign)
		n = kind_add_field(out, n, BITS_SIGN, 1, code, f->bits - 1);
	n = kind_add_field(out, n, BITS_EXPONENT, exp_bits, code, frac_bits);
	return kind_add_field(out, n, BITS_FRACTION, frac_bits, code, 0);
}
