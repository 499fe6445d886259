/*
 * realfold.c — a real's special cases settled before it is enclosed (real_fold(),
 * enclose.h): every operation or function whose operands hit a row of special.c's
 * table (a NaN, ±inf or exact zero among them) becomes the row's result, and the flags
 * the rows raise are collected. What is left is arithmetic and functions of finite
 * values, which MPFR and enclosures compute; so one table decides x/0, log(±0),
 * atan2(±0, −0), pow(−1, ±inf) and the rest, in convert, show, map and the REPL alike.
 */
#include "enclose.h"
#include "ops.h"

/* Working precision of the first enclosure that classifies an operand; it doubles up to
 * the real's max_precision while the operand's class is not yet told. */
#define CLASSIFY_START_BITS 64

struct folding {
	unsigned flags; /* RND_INVALID, RND_DIVBYZERO raised so far */
	long max_precision;
	enum special_rules rules; /* the real's (its root's): IEEE 754's or P3109's */
};

static struct real *fold(const struct real *r, struct folding *f);

/* The classes of an exact operand that send fold() looking for a row even beside an
 * operand known only by enclosures. */
#define SPECIAL_TRIGGERS \
	(SC_BIT(SC_NAN) | SC_BIT(SC_POS_ZERO) | SC_BIT(SC_NEG_ZERO) | SC_BIT(SC_POS_INF) | SC_BIT(SC_NEG_INF))

static bool is_leaf(const struct real *r)
{
	return r->op == REAL_EXACT;
}

/* Whose rows an operation takes; a difference takes the sum's, its y negated. */
static enum special_fn rows_of(const struct real *r)
{
	switch (r->op) {
	case REAL_ADD:
	case REAL_SUB: return SP_ADD;
	case REAL_MUL: return SP_MUL;
	case REAL_DIV: return SP_DIV;
	case REAL_POW: return SP_POW;
	case REAL_CALL: return r->fn->special;
	default: return SP_NONE;
	}
}

/* ---- Classes of an operand known by enclosures ------------------------------------------- */

/* The classes (special.h's, as offsets from zero) of the values in [a, b], 0 ≤ a < b. */
static unsigned side_classes(mpfr_srcptr a, mpfr_srcptr b)
{
	enum { TINY = 1u << 1, ONE = 1u << 2, ODD = 1u << 3, EVEN = 1u << 4, FRAC = 1u << 5, INF = 1u << 6 };
	unsigned c = 0;
	mpfr_t k;

	if (mpfr_cmp_ui(a, 1) < 0)
		c |= TINY;
	if (mpfr_cmp_ui(a, 1) <= 0 && mpfr_cmp_ui(b, 1) >= 0)
		c |= ONE;
	if (mpfr_cmp_ui(b, 1) <= 0)
		return c;
	c |= FRAC | (mpfr_inf_p(b) ? INF : 0);
	mpfr_init2(k, mpfr_get_prec(b));
	mpfr_floor(k, b);
	if (mpfr_inf_p(b) || (mpfr_cmp_ui(k, 2) >= 0 && mpfr_cmp(k, a) >= 0)) /* an integer past 1 inside */
		c |= ODD | EVEN;
	mpfr_clear(k);
	return c;
}

/* The classes of the values an enclosure [lo, hi] that is not a point holds. */
static unsigned interval_classes(mpfi_srcptr v)
{
	mpfr_srcptr lo = &v->left, hi = &v->right;
	unsigned c = 0;
	mpfr_t a, b;

	mpfr_inits2(mpfi_get_prec(v), a, b, (mpfr_ptr)0);
	if (mpfr_sgn(lo) <= 0 && mpfr_sgn(hi) >= 0)
		c |= SC_BIT(SC_POS_ZERO) | SC_BIT(SC_NEG_ZERO);
	if (mpfr_sgn(hi) > 0) { /* the part above 0 */
		mpfr_set_zero(a, 1);
		mpfr_max(a, a, lo, MPFR_RNDN);
		c |= side_classes(a, hi) << SC_POS_ZERO;
	}
	if (mpfr_sgn(lo) < 0) { /* the part below 0, negated */
		mpfr_neg(b, lo, MPFR_RNDN);
		mpfr_neg(a, hi, MPFR_RNDN);
		if (mpfr_sgn(a) < 0)
			mpfr_set_zero(a, 1);
		c |= side_classes(a, b) << SC_NEG_ZERO;
	}
	mpfr_clears(a, b, (mpfr_ptr)0);
	return c;
}

/* The class of an exact MPFR number (a zero signed as zero_neg says). */
static unsigned point_class(mpfr_srcptr x, bool zero_neg)
{
	enum special_class base = mpfr_signbit(x) ? SC_NEG_ZERO : SC_POS_ZERO, offset;
	mpfr_t half;

	if (mpfr_zero_p(x))
		return SC_BIT(zero_neg ? SC_NEG_ZERO : SC_POS_ZERO);
	if (mpfr_inf_p(x))
		offset = SC_POS_INF;
	else if (mpfr_cmpabs_ui(x, 1) <= 0)
		offset = mpfr_cmpabs_ui(x, 1) < 0 ? SC_POS_TINY : SC_POS_ONE;
	else if (!mpfr_integer_p(x))
		offset = SC_POS_FRAC;
	else {
		mpfr_init2(half, mpfr_get_prec(x));
		mpfr_div_2ui(half, x, 1, MPFR_RNDN); /* exact */
		offset = mpfr_integer_p(half) ? SC_POS_EVEN : SC_POS_ODD;
		mpfr_clear(half);
	}
	return SC_BIT(base + offset - SC_POS_ZERO);
}

/* The classes r may be of, by its enclosure at prec bits; what it raises inside
 * (invalid for a NaN, divbyzero for a pole) into *raised. */
static unsigned enclosed_classes(const struct real *r, mpfr_prec_t prec, unsigned *raised)
{
	mpfi_t v;
	unsigned open, c;
	enum enclosure e;

	mpfi_init2(v, prec);
	mpfr_clear_flags();
	e = real_enclose(v, &open, r, prec);
	if (e == NAN_SURELY) {
		c = SC_BIT(SC_NAN);
		*raised |= real_has_nan_leaf(r) ? 0 : RND_INVALID;
	} else if (e == NAN_MAYBE)
		c = SC_ANY;
	else if (real_interval_is_point(v)) {
		c = point_class(&v->left, mpfr_zero_p(&v->left) && real_zero_is_negative(r));
		*raised |= mpfr_inf_p(&v->left) && mpfr_divby0_p() ? RND_DIVBYZERO : 0;
	} else
		c = interval_classes(v);
	mpfi_clear(v);
	return c;
}

/* ---- Rows -------------------------------------------------------------------------------- */

/*
 * The row fn takes at its folded operands (arg[1] negated for a difference, neg_y), when
 * an exact operand is NaN, infinite or zero: operands known only by enclosures are
 * classified at a doubling precision until the row is told. False: no row (or none
 * told at max_precision), a regular value.
 */
static bool find_row(struct special_result *res, enum special_fn fn, struct real *const *arg, bool neg_y,
		     struct folding *f)
{
	const unsigned trigger = SPECIAL_TRIGGERS;
	unsigned c[2] = { 0, 0 }, raised = 0, special = 0;
	bool all_leaves = true;
	enum special_found found = SPECIAL_NONE;

	for (int i = 0; i < 2 && arg[i]; i++) {
		all_leaves = all_leaves && is_leaf(arg[i]);
		if (is_leaf(arg[i]))
			special |= (c[i] = special_class(&arg[i]->exact)) & trigger;
	}
	if (!all_leaves && !special)
		return false;
	for (long prec = CLASSIFY_START_BITS;; prec *= 2) {
		raised = 0;
		for (int i = 0; i < 2 && arg[i]; i++)
			if (!is_leaf(arg[i]))
				c[i] = enclosed_classes(arg[i], (mpfr_prec_t)prec, &raised);
		found = special_find_in(res, f->rules, fn, c[0], !arg[1] ? 0 : neg_y ? special_negate(c[1]) : c[1]);
		if (found != SPECIAL_AMBIGUOUS || all_leaves || prec >= f->max_precision)
			break;
	}
	f->flags |= found == SPECIAL_FOUND ? raised | res->flags : 0;
	return found == SPECIAL_FOUND;
}

/* The tree of a row's result: an exact leaf, a multiple of π, or an operand as it is
 * (the operands are taken: used or freed). */
static struct real *result_tree(const struct special_result *res, struct real **arg)
{
	static const unsigned long pi_quarters[] = { [SK_PI] = 4, [SK_HALF_PI] = 2, [SK_QUARTER_PI] = 1,
						     [SK_THREE_QUARTER_PI] = 3 };
	struct real *out = NULL;
	struct num k;

	if (res->kind == SK_X || res->kind == SK_Y) {
		out = arg[res->kind == SK_Y];
		arg[res->kind == SK_Y] = NULL;
	} else {
		num_init(&k);
		if (res->kind >= SK_PI) { /* k·π, k = ±quarters/4 */
			mpq_set_ui(k.mag, pi_quarters[res->kind], 4);
			mpq_canonicalize(k.mag);
			k.neg = res->neg;
			out = real_node(REAL_MUL, real_exact(&k), real_node(REAL_PI, NULL, NULL));
		} else {
			special_value(&k, res, NULL, NULL);
			out = real_exact(&k);
		}
		num_clear(&k);
	}
	real_free(arg[0]);
	real_free(arg[1]);
	return out;
}

/* ---- Folding ----------------------------------------------------------------------------- */

/* + − · / of exact values: exactly, by ops.c (whose special cases are the same table). */
static struct real *exact_arithmetic(const struct real *r, struct real **arg, struct folding *f)
{
	static const enum op ops[] = { [REAL_ADD] = OP_ADD, [REAL_SUB] = OP_SUB, [REAL_MUL] = OP_MUL, [REAL_DIV] = OP_DIV };
	const struct num *operands[2] = { &arg[0]->exact, &arg[1]->exact };
	struct real *out = real_exact(&arg[0]->exact);

	/* an exact zero sum is +0, as rne has it: a real is rounded in a mode only at the end */
	f->flags |= op_exact(&out->exact, ops[r->op], operands, RND_NEAREST_EVEN);
	real_free(arg[0]);
	real_free(arg[1]);
	return out;
}

static bool is_arithmetic(enum real_op op)
{
	return op == REAL_ADD || op == REAL_SUB || op == REAL_MUL || op == REAL_DIV;
}

/* A function exact at rational arguments past its rows (sinpi(1/6) = 1/2, realpi.c),
 * at exact ones: that value, its operands freed; else NULL. */
static struct real *rational_value(const struct real *r, struct real **arg, struct folding *f)
{
	struct real *out = NULL;
	struct num v;
	unsigned flags;

	if (r->op != REAL_CALL || !r->fn->rational || !is_leaf(arg[0]) || (arg[1] && !is_leaf(arg[1])))
		return NULL;
	num_init(&v);
	if (r->fn->rational(&v, &flags, &arg[0]->exact, arg[1] ? &arg[1]->exact : NULL, f->rules)) {
		out = real_exact(&v);
		f->flags |= flags;
		real_free(arg[0]);
		real_free(arg[1]);
	}
	num_clear(&v);
	return out;
}

/* An operation or call: exact arithmetic of exact operands (P3109's own rows first,
 * where x/0 is NaN), a row of special.c's table, a rational value, or left to MPFR. */
static struct real *fold_operation(const struct real *r, struct folding *f)
{
	struct real *arg[2] = { fold(r->arg[0], f), fold(r->arg[1], f) }, *out;
	enum special_fn fn = rows_of(r);
	struct special_result res;
	bool exact = is_arithmetic(r->op) && is_leaf(arg[0]) && is_leaf(arg[1]);

	if (exact && f->rules == RULES_IEEE754)
		return exact_arithmetic(r, arg, f);
	if (fn != SP_NONE && find_row(&res, fn, arg, r->op == REAL_SUB, f))
		return result_tree(&res, arg);
	if (exact)
		return exact_arithmetic(r, arg, f);
	if ((out = rational_value(r, arg, f)))
		return out;
	out = real_node(r->op, arg[0], arg[1]);
	out->fn = r->fn;
	return out;
}

static struct real *fold_negation(const struct real *r, struct folding *f)
{
	struct real *a = fold(r->arg[0], f);

	if (!is_leaf(a))
		return real_node(REAL_NEG, a, NULL);
	a->exact.neg = !a->exact.neg;
	return a;
}

/* An activation: its limits at an exact special argument, else its formula. */
static struct real *fold_formula(const struct real *r, struct folding *f)
{
	struct real *arg[2] = { fold(r->arg[0], f), NULL };
	struct special_result res;

	if (is_leaf(arg[0]) &&
	    special_find_in(&res, f->rules, r->formula->special, special_class(&arg[0]->exact), 0) == SPECIAL_FOUND) {
		f->flags |= res.flags;
		return result_tree(&res, arg);
	}
	real_free(arg[0]);
	return fold(r->arg[1], f);
}

static struct real *fold(const struct real *r, struct folding *f)
{
	if (!r)
		return NULL;
	switch (r->op) {
	case REAL_FORMULA: return fold_formula(r, f);
	case REAL_NEG: return fold_negation(r, f);
	case REAL_ADD:
	case REAL_SUB:
	case REAL_MUL:
	case REAL_DIV:
	case REAL_POW:
	case REAL_CALL: return fold_operation(r, f);
	default: return real_copy(r);
	}
}

/*
 * Whether fold() could change r: false only where it surely leaves it as it is (no
 * activation to expand, no exact arithmetic, no row at operands that are all exact, no
 * exact special operand beside an enclosed one, no rational value of exact operands to
 * look for), so that the common real, exp(x) of a decimal, is not copied. Operands
 * known by enclosures are not classified here.
 */
static bool may_change(const struct real *r, enum special_rules rules)
{
	enum special_fn fn;
	struct special_result res;
	unsigned c[2] = { 0, 0 };
	bool leaves = true, special = false;

	if (!r || is_leaf(r))
		return false;
	if (r->op == REAL_FORMULA || r->op == REAL_NEG || may_change(r->arg[0], rules) || may_change(r->arg[1], rules))
		return true;
	if (is_arithmetic(r->op) && is_leaf(r->arg[0]) && is_leaf(r->arg[1]))
		return true;
	if ((fn = rows_of(r)) == SP_NONE)
		return false;
	for (int i = 0; i < 2 && r->arg[i]; i++) {
		leaves = leaves && is_leaf(r->arg[i]);
		if (is_leaf(r->arg[i]))
			special |= (c[i] = special_class(&r->arg[i]->exact)) & SPECIAL_TRIGGERS;
	}
	if (!leaves)
		return special;
	if (r->op == REAL_SUB)
		c[1] = special_negate(c[1]);
	return special_find_in(&res, rules, fn, c[0], r->arg[1] ? c[1] : 0) != SPECIAL_NONE ||
	       (r->op == REAL_CALL && r->fn->rational);
}

struct real *real_fold(const struct real *r, unsigned *flags, long max_precision)
{
	struct folding f = { 0, max_precision, r->rules };

	*flags = 0;
	if (!may_change(r, r->rules))
		return NULL;
	struct real *out = fold(r, &f);
	*flags = f.flags;
	return out;
}
