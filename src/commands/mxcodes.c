/*
 * mxcodes.c — the table of a small element format's codes for `fpx mx` (mxemit.h):
 * each code's value, hex, and a bound on the error of any value that rounds to it,
 * made once for the run. Never rounds an element nor writes a row.
 */
#include "mxemit.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* value(r + 1) − value(r) of a float format's grid as n·2^k (ranks of at most 60 bits
 * apart in scale); false where it is not that. */
static bool rank_gap(unsigned __int128 *n, long *k, const struct fmt *f, fpcode r)
{
	uint64_t m0, m1;
	long e0, e1;

	if (!fmt_grid_rank_value(f, r, &m0, &e0) || !fmt_grid_rank_value(f, r + 1, &m1, &e1))
		return false;
	*k = e0 < e1 ? e0 : e1;
	if (e0 - *k > 60 || e1 - *k > 60)
		return false;
	*n = ((unsigned __int128)m1 << (e1 - *k)) - ((unsigned __int128)m0 << (e0 - *k));
	return true;
}

/* For rank r of a float format: u with |x − value(r)| < 2^u for every x that rounds to
 * nearest to it (half the larger gap to a neighbour, g·2^k/2 < 2^(bits(g) + k − 1));
 * LONG_MAX for the largest rank, which takes every x past it (saturating). */
static long gap_under(const struct fmt *f, fpcode r)
{
	unsigned __int128 g;
	long k, u = LONG_MIN;

	if (r >= f->max_rank)
		return LONG_MAX;
	for (int below = 0; below <= (r > 0); below++) {
		if (!rank_gap(&g, &k, f, r - (fpcode)below) || g == 0)
			return LONG_MAX;
		long bits = 128 - (g >> 64 ? __builtin_clzll((uint64_t)(g >> 64)) : 64 + __builtin_clzll((uint64_t)g));
		if (bits + k - 1 > u)
			u = bits + k - 1;
	}
	return u;
}

struct code_table *mx_code_table(struct block *b, const struct element_format *ef)
{
	const struct fmt *f = ef->floats;
	struct code_table *t = b->codes;
	int bits = ef->ints ? ef->ints->bits : f->bits;

	if (t || bits > MX_TABLE_BITS)
		return t;
	if (!(t = b->codes = calloc(1, sizeof *t)))
		abort();
	for (fpcode c = 0; c < (fpcode)1 << bits; c++) {
		char hex[8];
		long v = 0;
		if (ef->ints) {
			t->grid[c] = intfmt_from_code(&v, ef->ints, c);
			t->neg[c] = v < 0;
			t->m[c] = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
			t->exp[c] = -MXINT8_FRACTION_BITS;
			t->under[c] = LONG_MAX;
		} else {
			fpcode r = fmt_rank_of_code(f, fmt_magnitude(f, c, &t->neg[c]));
			t->grid[c] = fmt_grid_rank_value(f, r, &t->m[c], &t->exp[c]);
			t->under[c] = t->grid[c] ? gap_under(f, r) : LONG_MAX;
		}
		code_to_hex(hex, c, element_hex_digits(ef));
		memcpy(t->hex + MX_HEX_STRIDE * c, hex, 4);
	}
	t->text_e = LONG_MIN;
	return t;
}
