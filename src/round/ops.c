/*
 * ops.c — IEEE 754 operations on exact operands, rounded once (see ops.h).
 */
#include <stdint.h>

#include "ops.h"
#include "roundline.h"
#include "special.h"

static const struct {
	const char *name;
	int arity;
} op_table[] = {
	[OP_ADD] = { "+", 2 },        [OP_SUB] = { "-", 2 },        [OP_MUL] = { "*", 2 },  [OP_DIV] = { "/", 2 },
	[OP_FMA] = { "fma", 3 },
	[OP_EQ] = { "==", 2 },        [OP_NE] = { "!=", 2 },        [OP_LT] = { "<", 2 },   [OP_LE] = { "<=", 2 },
	[OP_GT] = { ">", 2 },         [OP_GE] = { ">=", 2 },
};

int op_arity(enum op op)
{
	return op_table[op].arity;
}

/* Is op a comparison (its result 0 or 1)? */
static bool op_is_comparison(enum op op)
{
	return op >= OP_EQ;
}

const char *op_name(enum op op)
{
	return op_table[op].name;
}

static void set_special(struct num *out, enum num_kind kind, bool neg)
{
	num_set_kind(out, kind);
	out->neg = neg;
	out->bound = NUM_EXACT;
	mpq_set_ui(out->mag, 0, 1);
}

static bool is_zero(const struct num *x)
{
	return x->kind == NUM_FINITE && mpq_sgn(x->mag) == 0;
}

static void signed_of(mpq_t out, const struct num *x, bool negate)
{
	mpq_set(out, x->mag);
	if (x->neg != negate)
		mpq_neg(out, out);
}

/*
 * x + y (y negated for a difference), finite: exactly. An exact zero sum is +0, or −0
 * under rdn; but x + x keeps x's sign, so −0 + −0 is −0 (§6.3).
 */
static void add_finite(struct num *out, const struct num *x, const struct num *y, bool negate_y, enum rnd_mode mode)
{
	bool y_neg = y->neg != negate_y, both_zero = is_zero(x) && is_zero(y), x_neg = x->neg;
	mpq_t a, b;

	mpq_inits(a, b, NULL);
	signed_of(a, x, false);
	signed_of(b, y, negate_y);
	mpq_add(a, a, b);
	out->kind = NUM_FINITE;
	out->bound = NUM_EXACT;
	out->neg = mpq_sgn(a) < 0;
	mpq_abs(out->mag, a);
	if (mpq_sgn(a) == 0)
		out->neg = both_zero && x_neg == y_neg ? x_neg : mode == RND_DOWN;
	mpq_clears(a, b, NULL);
}

/*
 * The special cases of fn at x and y (y negated for a difference), from special.c's
 * table: true, with the result in *out and its flags in *flags, when an operand is NaN,
 * infinite or a zero the table has a row for; false for the exact arithmetic.
 */
static bool special_case(struct num *out, unsigned *flags, enum special_fn fn, const struct num *x,
			 const struct num *y, bool negate_y)
{
	struct special_result r;
	unsigned cy = special_class(y);

	if (special_find(&r, fn, special_class(x), negate_y ? special_negate(cy) : cy) != SPECIAL_FOUND)
		return false;
	special_value(out, &r, x, y); /* no row of + − · / gives an operand as it is */
	*flags = r.flags;
	return true;
}

static unsigned add(struct num *out, const struct num *x, const struct num *y, bool negate_y, enum rnd_mode mode)
{
	unsigned flags;

	if (special_case(out, &flags, SP_ADD, x, y, negate_y))
		return flags;
	add_finite(out, x, y, negate_y, mode); /* zeros too: an exact zero sum's sign is the mode's */
	return 0;
}

static unsigned multiply(struct num *out, const struct num *x, const struct num *y)
{
	unsigned flags;

	if (special_case(out, &flags, SP_MUL, x, y, false))
		return flags;
	mpq_mul(out->mag, x->mag, y->mag);
	out->kind = NUM_FINITE;
	out->bound = NUM_EXACT;
	out->neg = x->neg != y->neg;
	return 0;
}

static unsigned divide(struct num *out, const struct num *x, const struct num *y)
{
	unsigned flags;

	if (special_case(out, &flags, SP_DIV, x, y, false))
		return flags;
	mpq_div(out->mag, x->mag, y->mag);
	out->kind = NUM_FINITE;
	out->bound = NUM_EXACT;
	out->neg = x->neg != y->neg;
	return 0;
}

/* x·y + z with one rounding: the exact product, then the sum's rules. */
static unsigned fused_multiply_add(struct num *out, const struct num *x, const struct num *y, const struct num *z,
				   enum rnd_mode mode)
{
	struct num product;
	unsigned flags;

	if (x->kind == NUM_NAN || y->kind == NUM_NAN) {
		set_special(out, NUM_NAN, false);
		return 0;
	}
	if (z->kind == NUM_NAN) { /* fma(0, ∞, quiet NaN) too: §7.2 leaves it open; x86 does not flag */
		set_special(out, NUM_NAN, false);
		return 0;
	}
	num_init(&product);
	flags = multiply(&product, x, y);
	if (product.kind == NUM_NAN)
		set_special(out, NUM_NAN, false);
	else
		flags |= add(out, &product, z, false, mode);
	num_clear(&product);
	return flags;
}

/* x against y, neither NaN: −1, 0 or 1, with −0 = +0. */
static int compare(const struct num *x, const struct num *y)
{
	int sx = x->kind == NUM_INF ? 2 : mpq_sgn(x->mag), sy = y->kind == NUM_INF ? 2 : mpq_sgn(y->mag);
	int c;

	if (x->neg)
		sx = -sx;
	if (y->neg)
		sy = -sy;
	if (sx != sy || sx == 2 || sx == -2 || sx == 0)
		return (sx > sy) - (sx < sy);
	c = mpq_cmp(x->mag, y->mag); /* same sign, both finite and nonzero; any sign, not ±1 */
	c = (c > 0) - (c < 0);
	return sx > 0 ? c : -c;
}

unsigned op_compare_order(struct num *out, enum op op, int order)
{
	bool unordered = order == OP_UNORDERED, holds;

	switch (op) {
	case OP_EQ: holds = order == 0; break;
	case OP_NE: holds = order != 0; break;
	case OP_LT: holds = order == -1; break;
	case OP_LE: holds = order == -1 || order == 0; break;
	case OP_GT: holds = order == 1; break;
	default: holds = order == 0 || order == 1; break;
	}
	set_special(out, NUM_FINITE, false);
	mpq_set_ui(out->mag, holds, 1);
	return unordered && op != OP_EQ && op != OP_NE ? RND_INVALID : 0;
}

int op_order(const struct num *x, const struct num *y)
{
	return x->kind == NUM_NAN || y->kind == NUM_NAN ? OP_UNORDERED : compare(x, y);
}

unsigned op_exact(struct num *out, enum op op, const struct num *const *args, enum rnd_mode mode)
{
	const struct num *x = args[0], *y = args[1];

	if (op_is_comparison(op))
		return op_compare_order(out, op, op_order(x, y));
	if (op == OP_FMA)
		return fused_multiply_add(out, x, y, args[2], mode);
	switch (op) {
	case OP_ADD: return add(out, x, y, false, mode);
	case OP_SUB: return add(out, x, y, true, mode);
	case OP_MUL: return multiply(out, x, y);
	case OP_DIV: return divide(out, x, y);
	default: return 0;
	}
}

enum rnd_status op_round(struct rnd_result *out, const struct fmt *f, enum op op, const struct num *const *args,
			 struct rnd_spec how)
{
	struct num v;
	unsigned raised;
	enum rnd_status s;

	num_init(&v);
	raised = op_exact(&v, op, args, how.mode);
	s = rnd_encode(out, f, &v, how);
	out->flags |= raised;
	num_clear(&v);
	return s;
}

/* ---- The fast path ---------------------------------------------------------------------- */

#define WORD_BITS 126 /* an exact result is kept below 2^126: a sum of two stays below 2^127 */

/* ±n·2^e2, n < 2^WORD_BITS */
struct binary_value {
	unsigned __int128 n;
	long e2;
	bool neg;
};

/* A finite nonzero code as n·2^e2 from its format's grid: rank = field·2^f + fraction
 * stands for (2^f + fraction)·2^(field − bias − f), or below the first normal field for
 * fraction·2^(emin − f). False for a zero, NaN or infinity, or without a grid. */
static bool binary_of_code(struct binary_value *out, const struct fmt *f, fpcode code)
{
	const struct fmt_grid *g = &f->grid;
	fpcode rank, field, fraction;

	if (!g->present || g->frac_bits > 62)
		return false;
	rank = fmt_rank_of_code(f, fmt_magnitude(f, code, &out->neg));
	if (rank > f->max_rank || (rank == 0 && f->has_zero))
		return false;
	field = rank >> g->frac_bits;
	fraction = rank & (((fpcode)1 << g->frac_bits) - 1);
	if (g->subnormals && field == 0) {
		out->n = (unsigned __int128)fraction;
		out->e2 = f->emin - g->frac_bits;
	} else {
		out->n = ((unsigned __int128)1 << g->frac_bits) + (unsigned __int128)fraction;
		out->e2 = (long)field - g->bias - g->frac_bits;
	}
	return out->n != 0;
}

/* x + y exactly, when the shift that aligns them keeps below 2^WORD_BITS and the sum is
 * not zero. */
static bool add_binary(struct binary_value *out, struct binary_value x, struct binary_value y)
{
	struct binary_value *high = x.e2 >= y.e2 ? &x : &y, *low = x.e2 >= y.e2 ? &y : &x;
	long shift = high->e2 - low->e2;

	if (shift + code_bit_length(high->n) > WORD_BITS)
		return false;
	high->n <<= shift;
	out->e2 = low->e2;
	if (x.neg == y.neg) {
		out->n = x.n + y.n;
		out->neg = x.neg;
	} else {
		out->neg = x.n > y.n ? x.neg : y.neg;
		out->n = x.n > y.n ? x.n - y.n : y.n - x.n;
	}
	return out->n != 0;
}

bool op_round_codes(struct rnd_result *out, const struct fmt *to, enum op op, const struct fmt *const *in,
		    const fpcode *codes, struct rnd_spec how)
{
	struct binary_value v[3], r;
	int n = op_arity(op);

	if (op != OP_ADD && op != OP_SUB && op != OP_MUL && op != OP_FMA)
		return false;
	for (int i = 0; i < n; i++)
		if (!binary_of_code(&v[i], in[i], codes[i]))
			return false;
	if (op == OP_SUB)
		v[1].neg = !v[1].neg;
	if (op == OP_MUL || op == OP_FMA) {
		r.n = v[0].n * v[1].n; /* each below 2^63 */
		r.e2 = v[0].e2 + v[1].e2;
		r.neg = v[0].neg != v[1].neg;
		if (op == OP_FMA && !add_binary(&r, r, v[2]))
			return false;
	} else if (!add_binary(&r, v[0], v[1]))
		return false;
	return rnd_encode_binary(out, to, r.neg, r.n, r.e2, how);
}
