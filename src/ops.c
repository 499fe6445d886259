/*
 * ops.c — IEEE 754 arithmetic on exact operands, rounded once (see ops.h).
 */
#include "ops.h"

static void set_special(struct num *out, enum num_kind kind, bool neg)
{
	out->kind = kind;
	out->neg = neg;
	out->bound = NUM_EXACT;
	mpq_set_ui(out->mag, 0, 1);
}

static void signed_of(mpq_t out, const struct num *x, bool negate)
{
	mpq_set(out, x->mag);
	if (x->neg != negate)
		mpq_neg(out, out);
}

static void from_signed(struct num *out, const mpq_t v)
{
	out->kind = NUM_FINITE;
	out->bound = NUM_EXACT;
	out->neg = mpq_sgn(v) < 0;
	mpq_abs(out->mag, v);
}

/*
 * x + y (y negated for a difference), finite: exactly. An exact zero sum is +0, or −0
 * under rdn; but x + x keeps x's sign, so −0 + −0 is −0 (§6.3).
 */
static void add_finite(struct num *out, const struct num *x, const struct num *y, bool negate_y, enum rnd_mode mode)
{
	bool y_neg = y->neg != negate_y;
	mpq_t a, b;

	mpq_inits(a, b, NULL);
	signed_of(a, x, false);
	signed_of(b, y, negate_y);
	mpq_add(a, a, b);
	from_signed(out, a);
	if (mpq_sgn(a) == 0)
		out->neg = mpq_sgn(x->mag) == 0 && mpq_sgn(y->mag) == 0 && x->neg == y_neg ? x->neg : mode == RND_DOWN;
	mpq_clears(a, b, NULL);
}

static unsigned add(struct num *out, const struct num *x, const struct num *y, bool negate_y, enum rnd_mode mode)
{
	bool y_neg = y->neg != negate_y;

	if (x->kind == NUM_INF && y->kind == NUM_INF && x->neg != y_neg) {
		set_special(out, NUM_NAN, false); /* ∞ − ∞ */
		return RND_INVALID;
	}
	if (x->kind == NUM_INF || y->kind == NUM_INF)
		set_special(out, NUM_INF, x->kind == NUM_INF ? x->neg : y_neg);
	else
		add_finite(out, x, y, negate_y, mode);
	return 0;
}

static unsigned multiply(struct num *out, const struct num *x, const struct num *y)
{
	bool neg = x->neg != y->neg;

	if (x->kind == NUM_INF || y->kind == NUM_INF) {
		const struct num *other = x->kind == NUM_INF ? y : x;
		if (other->kind == NUM_FINITE && mpq_sgn(other->mag) == 0) {
			set_special(out, NUM_NAN, false); /* 0 · ∞ */
			return RND_INVALID;
		}
		set_special(out, NUM_INF, neg);
		return 0;
	}
	mpq_mul(out->mag, x->mag, y->mag);
	out->kind = NUM_FINITE;
	out->bound = NUM_EXACT;
	out->neg = neg; /* a zero product too */
	return 0;
}

static unsigned divide(struct num *out, const struct num *x, const struct num *y)
{
	bool neg = x->neg != y->neg;
	bool x_zero = x->kind == NUM_FINITE && mpq_sgn(x->mag) == 0;
	bool y_zero = y->kind == NUM_FINITE && mpq_sgn(y->mag) == 0;

	if ((x->kind == NUM_INF && y->kind == NUM_INF) || (x_zero && y_zero)) {
		set_special(out, NUM_NAN, false); /* ∞/∞, 0/0 */
		return RND_INVALID;
	}
	if (x->kind == NUM_INF || y_zero) {
		set_special(out, NUM_INF, neg);
		return x->kind == NUM_INF ? 0 : RND_DIVBYZERO;
	}
	if (y->kind == NUM_INF) {
		set_special(out, NUM_FINITE, neg); /* a zero */
		return 0;
	}
	mpq_div(out->mag, x->mag, y->mag);
	out->kind = NUM_FINITE;
	out->bound = NUM_EXACT;
	out->neg = neg;
	return 0;
}

unsigned op_exact(struct num *out, enum op op, const struct num *x, const struct num *y, enum rnd_mode mode)
{
	if (x->kind == NUM_NAN || y->kind == NUM_NAN) {
		set_special(out, NUM_NAN, false); /* quiet NaN in, NaN out, no flag */
		return 0;
	}
	switch (op) {
	case OP_ADD: return add(out, x, y, false, mode);
	case OP_SUB: return add(out, x, y, true, mode);
	case OP_MUL: return multiply(out, x, y);
	case OP_DIV: return divide(out, x, y);
	}
	return 0;
}

enum rnd_status op_round(struct rnd_result *out, const struct fmt *f, enum op op, const struct num *x,
			 const struct num *y, enum rnd_mode mode, bool saturate)
{
	struct num v;
	unsigned raised;
	enum rnd_status s;

	num_init(&v);
	raised = op_exact(&v, op, x, y, mode);
	s = rnd_encode(out, f, &v, mode, saturate);
	out->flags |= raised;
	num_clear(&v);
	return s;
}
