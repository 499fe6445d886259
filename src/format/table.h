/*
 * table.h — a format's values in rank order (see table.c); internal to the format
 * module and its tests of the two placement methods.
 */
#ifndef FPX_TABLE_H
#define FPX_TABLE_H

#include <gmp.h>
#include <stddef.h>

#include "format.h"

struct table_entry {
	fpcode code;
	mpq_t value;
};

struct fmt_table {
	size_t count;           /* finite non-negative values, in rank order */
	struct table_entry *entry;
	mpq_t virtual_value;    /* past the largest: max + spacing of max's binade */
	fpcode *rank_of;        /* magnitude code → rank; ~0 for codes that are not values */
	size_t codes;
};

/* The table of f, built on first use. */
struct fmt_table *table_get(const struct fmt *f);
/* The value of a rank; count (one past the largest) gives the virtual value. */
const mpq_t *table_value(struct fmt_table *t, fpcode rank);
/* fmt_place() by searching the table of all values; for formats of at most 16 bits. */
int fmt_place_by_table(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q);

#endif
