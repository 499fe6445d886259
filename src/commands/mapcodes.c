/*
 * mapcodes.c — which codes fpx map combines in a row: every code of each variable in
 * order, or --random's draws, reproducible from the seed on every machine and with any
 * -j, favouring special and boundary codes. Never computes a result.
 */
#include "mapping.h"

/* Every code: row i's codes, the last variable used varying fastest. */
void map_codes_of_row(fpcode *codes, const struct mapping *m, uint64_t i)
{
	for (int v = MAP_AXES - 1; v >= 0; v--) {
		fpcode n;
		codes[v] = m->first[v];
		if (!(m->used & 1u << v))
			continue;
		n = m->last[v] - m->first[v] + 1;
		if (n == 0) /* r over all of 2^64 */
			n = ~(fpcode)0;
		codes[v] += i % n;
		i /= n;
	}
}

/*
 * --random: SplitMix64 (Steele, Lea and Flood, 2014), its output function `mix`. Row i's
 * variable v draws from the stream that starts at mix(S ^ mix(3i + v + 1)) for the seed
 * S; a quarter of the draws (those ≡ 0 mod 4) pick one of the format's special and
 * boundary codes, by the rest of the draw, the others a code of uniformly random bits
 * (two draws for a code wider than 62 bits). Within a --range, every draw is a code of
 * the range, the draw (two for a code wider than 64 bits) modulo its size. The same
 * seed gives the same rows on every machine and with any -j.
 */
static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

static uint64_t next_draw(uint64_t *state)
{
	return mix(*state += 0x9e3779b97f4a7c15u);
}

static fpcode random_code(const struct mapping *m, int v, uint64_t *state)
{
	uint64_t r = next_draw(state);
	const struct fmt *f = v == MAP_DRAW ? NULL : m->in[v];
	fpcode code;

	if (!f) { /* r: uniformly within its range */
		uint64_t span = (uint64_t)(m->last[v] - m->first[v]) + 1;
		return m->first[v] + (span ? r % span : r);
	}
	if (m->s->range) { /* uniformly within it */
		fpcode span = m->last[v] - m->first[v] + 1;
		code = r;
		if (f->bits > 64)
			code = code << 64 | next_draw(state);
		return span ? m->first[v] + code % span : code;
	}
	if (r % 4 == 0)
		return m->boundary[v][(r >> 2) % (uint64_t)m->nboundary[v]];
	code = r >> 2;
	if (f->bits > 62)
		code = code << 62 | next_draw(state) >> 2;
	if (f->bits > 124)
		code = code << 4 | (next_draw(state) & 15);
	return code & code_mask(f->bits);
}

void map_random_codes(fpcode *codes, const struct mapping *m, uint64_t i)
{
	for (int v = 0; v < MAP_AXES; v++) { /* r's stream apart from the codes' */
		uint64_t state = mix(m->s->map.seed ^ mix(3 * i + (uint64_t)v + 1 + (v == MAP_DRAW ? 1ull << 62 : 0)));
		codes[v] = 0;
		if (m->used & 1u << v)
			codes[v] = random_code(m, v, &state);
	}
}

/* The codes --random favours: zeros, the smallest subnormals, both sides of the
 * smallest normal, 1 and its neighbours, the largest finite values, infinities, NaNs
 * (a signaling one too), each of both signs. */
void map_find_boundary_codes(struct mapping *m, int v)
{
	const struct fmt *f = m->in[v];
	fpcode ranks[12], codes[16], lower;
	int nranks = 0, ncodes = 0;
	bool exact;
	mpq_t one;

	mpq_init(one);
	mpq_set_ui(one, 1, 1);
	fmt_place(&lower, &exact, f, one);
	mpq_clear(one);
	ranks[nranks++] = 0;
	ranks[nranks++] = 1;
	ranks[nranks++] = 2;
	ranks[nranks++] = f->min_normal_rank ? f->min_normal_rank - 1 : 0;
	ranks[nranks++] = f->min_normal_rank;
	ranks[nranks++] = f->min_normal_rank + 1;
	if (lower <= f->max_rank) {
		ranks[nranks++] = lower ? lower - 1 : 0;
		ranks[nranks++] = lower;
		ranks[nranks++] = lower + 1;
	}
	ranks[nranks++] = f->max_rank - 1;
	ranks[nranks++] = f->max_rank;
	for (int i = 0; i < nranks; i++)
		if (ranks[i] <= f->max_rank)
			codes[ncodes++] = fmt_code_of_rank(f, ranks[i]);
	if (f->has_inf)
		codes[ncodes++] = f->inf_code;
	if (f->has_nan)
		codes[ncodes++] = f->nan_code;
	if (f->has_nan && f->has_inf && fmt_nan_is_signaling(f, f->inf_code + 1))
		codes[ncodes++] = f->inf_code + 1;
	m->nboundary[v] = 0;
	for (int i = 0; i < ncodes; i++) {
		m->boundary[v][m->nboundary[v]++] = codes[i];
		if (f->has_sign)
			m->boundary[v][m->nboundary[v]++] = fmt_with_sign(f, codes[i], true);
	}
	if (f->has_sign && f->max_rank_neg > f->max_rank) /* two's complement's lowest value */
		m->boundary[v][m->nboundary[v]++] = fmt_with_sign(f, fmt_code_of_rank(f, f->max_rank_neg), true);
}

