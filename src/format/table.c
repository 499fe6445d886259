/*
 * table.c — every finite non-negative value of a format, sorted: the rank order of a
 * tapered format (whose codes are not in value order), and a second way to place a
 * value, by binary search, which the tests hold against the arithmetic of regular
 * formats. Built on first use, kept in this module's cache until the format is freed.
 */
#include "table.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

static int compare_entries(const void *a, const void *b)
{
	return mpq_cmp(((const struct table_entry *)a)->value, ((const struct table_entry *)b)->value);
}

static void table_fill(struct fmt_table *t, const struct fmt *f)
{
	struct fmt_value v;

	fmt_value_init(&v);
	for (fpcode mag = 0; mag < t->codes; mag++) {
		fmt_decode(&v, f, mag);
		if (v.cls == FP_NAN || v.cls == FP_INF || v.neg)
			continue;
		t->entry[t->count].code = mag;
		mpq_init(t->entry[t->count].value);
		num_set_dyadic(t->entry[t->count].value, v.sig, v.exp);
		t->count++;
	}
	qsort(t->entry, t->count, sizeof t->entry[0], compare_entries);
	/* the virtual value: the largest plus the spacing of its binade */
	fmt_decode(&v, f, t->entry[t->count - 1].code);
	mpz_set_ui(v.sig, 1);
	mpq_init(t->virtual_value);
	num_set_dyadic(t->virtual_value, v.sig, v.ulp_exp);
	mpq_add(t->virtual_value, t->virtual_value, t->entry[t->count - 1].value);
	fmt_value_clear(&v);
}

static void table_free(void *data)
{
	struct fmt_table *t = data;

	for (size_t i = 0; i < t->count; i++)
		mpq_clear(t->entry[i].value);
	mpq_clear(t->virtual_value);
	free(t->entry);
	free(t->rank_of);
	free(t);
}

static struct fmt_cache tables = { .free_data = table_free };

struct fmt_table *table_get(const struct fmt *f)
{
	struct fmt_table *t = fmt_cache_find(&tables, f);

	if (t)
		return t;
	assert(f->bits <= 16 || (f->has_sign && f->bits <= 17));
	t = calloc(1, sizeof *t);
	if (!t)
		abort();
	t->codes = (size_t)code_mask(f->has_sign ? f->bits - 1 : f->bits) + 1;
	t->entry = calloc(t->codes, sizeof t->entry[0]);
	t->rank_of = malloc(t->codes * sizeof t->rank_of[0]);
	if (!t->entry || !t->rank_of)
		abort();
	table_fill(t, f);
	memset(t->rank_of, 0xff, t->codes * sizeof t->rank_of[0]);
	for (size_t r = 0; r < t->count; r++)
		t->rank_of[t->entry[r].code] = r;
	return fmt_cache_keep(&tables, f, t);
}

const mpq_t *table_value(struct fmt_table *t, fpcode rank)
{
	return rank < t->count ? (const mpq_t *)&t->entry[rank].value : (const mpq_t *)&t->virtual_value;
}

/* Midpoint comparison of q inside [value(lo), value(lo + 1)). */
static int compare_with_midpoint(struct fmt_table *t, fpcode lo, const mpq_t q)
{
	mpq_t mid;
	int c;

	mpq_init(mid);
	mpq_add(mid, *table_value(t, lo), *table_value(t, lo + 1));
	mpq_div_2exp(mid, mid, 1);
	c = mpq_cmp(q, mid);
	mpq_clear(mid);
	return c > 0 ? 1 : c < 0 ? -1 : 0;
}

int fmt_place_by_table(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	struct fmt_table *t = table_get(f);
	size_t lo = 0, hi = t->count; /* invariant: value[lo−1] ≤ q < value[hi] */

	*exact = false;
	if (mpq_cmp(q, t->entry[0].value) < 0) {
		*lower = ~(fpcode)0;
		return 1;
	}
	if (mpq_cmp(q, t->virtual_value) >= 0) {
		*lower = t->count;
		return 1;
	}
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (mpq_cmp(t->entry[mid].value, q) <= 0)
			lo = mid;
		else
			hi = mid;
	}
	*lower = lo;
	*exact = mpq_equal(q, t->entry[lo].value);
	return *exact ? -1 : compare_with_midpoint(t, lo, q);
}
