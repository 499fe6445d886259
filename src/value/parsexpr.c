/*
 * parsexpr.c — the expression grammar (parse.c's comment has it): + − * / ^ (or **)
 * and parentheses over literals, evaluated exactly as it is read, each operation
 * bounded before it is made (MAX_EXACT_BITS, MAX_WORK_BITS); and functions, π, e and
 * fractional powers, which make the value a real (real.h), a tree of at most
 * MAX_REAL_NODES nodes. Tokens come from literal.c; whole inputs are parse.c's. Never
 * prints.
 */
#include "parse_impl.h"
#include "real.h"

#include <ctype.h>
#include <mpfr.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_DEPTH 200
#define MAX_EXACT_BITS (1L << 23)
/* The bits all the operations of one expression may handle together: each is bounded by
 * MAX_EXACT_BITS, and this bounds their number, so that no line takes more than about a
 * second whatever it chains. */
#define MAX_WORK_BITS (1L << 25)
/* The nodes a real may have: its enclosures are computed by recursion over them. */
#define MAX_REAL_NODES 1000L

/* ---- Arithmetic on exact values ------------------------------------------------- */

static void to_signed(mpq_t out, const struct num *x)
{
	if (x->neg)
		mpq_neg(out, x->mag);
	else
		mpq_set(out, x->mag);
}

/* A zero result of + or − is +0; of * and /, the sign follows the operands. */
static void from_signed(struct num *x, const mpq_t v, bool zero_neg)
{
	x->neg = mpq_sgn(v) < 0 || (mpq_sgn(v) == 0 && zero_neg);
	mpq_abs(x->mag, v);
}

static long sizes(const struct num *x)
{
	return (long)(mpz_sizeinbase(mpq_numref(x->mag), 2) + mpz_sizeinbase(mpq_denref(x->mag), 2));
}

static enum parse_status combine(struct parser *p, struct num *acc, const struct num *b, int op, size_t at)
{
	mpq_t x, y;
	bool zero_neg = acc->neg != b->neg;

	if (acc->bound || b->bound)
		return parser_fail(p, PARSE_BOUND_IN_EXPRESSION, at);
	if (sizes(acc) + sizes(b) > MAX_EXACT_BITS)
		return parser_fail(p, PARSE_TOO_LARGE, at);
	if ((p->work += sizes(acc) + sizes(b)) > MAX_WORK_BITS)
		return parser_fail(p, PARSE_TOO_MUCH_WORK, at);
	mpq_inits(x, y, NULL);
	to_signed(x, acc);
	to_signed(y, b);
	switch (op) {
	case '+': mpq_add(x, x, y); zero_neg = false; break;
	case '-': mpq_sub(x, x, y); zero_neg = false; break;
	case '*': mpq_mul(x, x, y); break;
	default: mpq_div(x, x, y); break;
	}
	from_signed(acc, x, zero_neg);
	mpq_clears(x, y, NULL);
	return PARSE_OK;
}

/* base^k where base is 0 or ±1 (not 0^−k, a pole: see raise()): no size concern, only
 * the sign. */
static void power_of_unit(struct num *base, const struct num *expo)
{
	bool zero_power = mpq_sgn(expo->mag) == 0;

	if (zero_power) {
		mpq_set_ui(base->mag, 1, 1);
		base->neg = false;
		return;
	}
	base->neg = base->neg && mpz_odd_p(mpq_numref(expo->mag));
}

/*
 * Is |base|^k (base ≠ 0, ±1; k > 0) surely past 2^limit, or below 2^−limit? The whole
 * powers of two of |base| (or of 1/|base|) decide most cases in words; a base near 1, or
 * a product near the limit, takes a lower bound of |log2 |base||·k from MPFR, so that
 * 1.252^417127 is bounded as 3^417127 is.
 */
static bool power_surely_past(const mpq_t base, mpz_srcptr k, long limit)
{
	bool above_one = mpz_cmp(mpq_numref(base), mpq_denref(base)) > 0;
	mpz_srcptr big = above_one ? mpq_numref(base) : mpq_denref(base);
	mpz_srcptr small = above_one ? mpq_denref(base) : mpq_numref(base);
	long strength = num_floor_log2_ratio(big, small); /* |base| ≥ 2^strength or ≤ 2^−strength */
	mpfr_t log2_ratio, divisor;
	bool past;

	if (mpz_fits_slong_p(k) && mpz_get_si(k) <= MAX_EXACT_BITS) {
		long n = mpz_get_si(k);
		if (strength * n > limit)
			return true;
		if ((strength + 1) * n <= limit)
			return false;
	}
	mpfr_inits2(64, log2_ratio, divisor, (mpfr_ptr)0);
	mpfr_set_z(log2_ratio, big, MPFR_RNDD);
	mpfr_set_z(divisor, small, MPFR_RNDU);
	mpfr_div(log2_ratio, log2_ratio, divisor, MPFR_RNDD);
	mpfr_log2(log2_ratio, log2_ratio, MPFR_RNDD);
	mpfr_mul_z(log2_ratio, log2_ratio, k, MPFR_RNDD);
	past = mpfr_cmp_si(log2_ratio, limit) > 0;
	mpfr_clears(log2_ratio, divisor, (mpfr_ptr)0);
	return past;
}

/*
 * base^k, exactly; or, when the magnitude is surely past 2^±NUM_LIMIT_EXP, the bounded
 * stand-in; or a refusal when the exact value would be too big to build. A bounded base
 * stays bounded (flipped by a negative power).
 */
static enum parse_status power(struct parser *p, struct num *base, const struct num *expo, size_t at)
{
	mpz_srcptr k = mpq_numref(expo->mag);
	long n;
	bool huge_k, above_one;

	if (expo->bound)
		return parser_fail(p, PARSE_BOUND_IN_EXPRESSION, at);
	if (mpz_cmp_ui(mpq_denref(expo->mag), 1) != 0)
		return parser_fail(p, PARSE_FRACTIONAL_POWER, at);
	if (base->bound && mpq_sgn(expo->mag) != 0) {
		base->neg = base->neg && mpz_odd_p(k);
		num_set_bound(base, expo->neg ? (enum num_bound)-base->bound : base->bound);
		return PARSE_OK;
	}
	if (base->bound)
		base->bound = NUM_EXACT; /* x^0 = 1, set below */
	if (mpq_sgn(base->mag) == 0 || mpq_cmp_ui(base->mag, 1, 1) == 0 || mpq_sgn(expo->mag) == 0) {
		power_of_unit(base, expo);
		return PARSE_OK;
	}
	if (power_surely_past(base->mag, k, p->calls ? MAX_ARGUMENT_EXP : NUM_LIMIT_EXP)) {
		above_one = mpz_cmp(mpq_numref(base->mag), mpq_denref(base->mag)) > 0;
		base->neg = base->neg && mpz_odd_p(k);
		num_set_bound(base, above_one != expo->neg ? NUM_HUGE : NUM_TINY);
		return PARSE_OK;
	}
	huge_k = !mpz_fits_slong_p(k) || mpz_get_si(k) > MAX_EXACT_BITS;
	if (huge_k || sizes(base) * mpz_get_si(k) > MAX_EXACT_BITS)
		return parser_fail(p, PARSE_TOO_LARGE, at);
	if ((p->work += sizes(base) * mpz_get_si(k)) > MAX_WORK_BITS)
		return parser_fail(p, PARSE_TOO_MUCH_WORK, at);
	n = mpz_get_si(k);
	base->neg = base->neg && (n & 1);
	mpz_pow_ui(mpq_numref(base->mag), mpq_numref(base->mag), (unsigned long)n);
	mpz_pow_ui(mpq_denref(base->mag), mpq_denref(base->mag), (unsigned long)n);
	if (expo->neg)
		mpq_inv(base->mag, base->mag);
	return PARSE_OK;
}

/* ---- Reals: functions and constants ------------------------------------------------ */

/* A value while an expression is read: exact (x), or a real known only by enclosures
 * (real, real.h) once a function, a constant or a fractional power enters it. */
struct operand {
	struct num x;
	struct real *real;
};

static void operand_init(struct operand *o)
{
	num_init(&o->x);
	o->real = NULL;
}

static void operand_clear(struct operand *o)
{
	num_clear(&o->x);
	real_free(o->real);
	o->real = NULL;
}

/* Counts one more node of a real; past MAX_REAL_NODES, an error. */
static enum parse_status count_node(struct parser *p, size_t at)
{
	return ++p->real_nodes > MAX_REAL_NODES ? parser_fail(p, PARSE_REAL_TOO_LARGE, at) : PARSE_OK;
}

/* Makes o a real (an exact value becomes a leaf); a bounded stand-in cannot be one. */
static enum parse_status to_real(struct parser *p, struct operand *o, size_t at)
{
	if (o->real)
		return PARSE_OK;
	if (o->x.bound)
		return parser_fail(p, PARSE_BOUND_IN_EXPRESSION, at);
	if (count_node(p, at))
		return PARSE_REAL_TOO_LARGE;
	o->real = real_exact(&o->x);
	return PARSE_OK;
}

/* acc = acc op b where either is real; b's real moves into acc. */
static enum parse_status combine_real(struct parser *p, struct operand *acc, struct operand *b, enum real_op op,
				      size_t at)
{
	enum parse_status s = to_real(p, acc, at);

	if (!s)
		s = to_real(p, b, at);
	if (!s)
		s = count_node(p, at);
	if (s)
		return s;
	acc->real = real_node(op, acc->real, b->real);
	b->real = NULL;
	return PARSE_OK;
}

static enum real_op real_op_of(int op)
{
	return op == '+' ? REAL_ADD : op == '-' ? REAL_SUB : op == '*' ? REAL_MUL : op == '/' ? REAL_DIV : REAL_POW;
}

/* ---- The expression grammar ------------------------------------------------------ */

static enum parse_status parse_expr(struct parser *p, struct operand *out);
static enum parse_status parse_unary(struct parser *p, struct operand *out);

/* The n arguments of a call in parentheses, after the function's name. */
static enum parse_status parse_arguments(struct parser *p, struct operand *arg, int n)
{
	enum parse_status s = PARSE_OK;

	parser_skip_blanks(p);
	if (parser_peek(p) != '(')
		return parser_fail(p, PARSE_CALL_NEEDS_PARENTHESES, p->pos);
	p->pos++;
	p->calls++;
	for (int i = 0; i < n && !s; i++) {
		if (i) {
			parser_skip_blanks(p);
			s = parser_peek(p) == ',' ? (p->pos++, PARSE_OK) : parser_fail(p, PARSE_ARGUMENTS, p->pos);
		}
		if (!s) {
			size_t at = p->pos;
			s = parse_expr(p, &arg[i]);
			if (!s && !arg[i].real && arg[i].x.bound) /* past MAX_ARGUMENT_EXP */
				s = parser_fail(p, PARSE_ARGUMENT_TOO_LARGE, at);
		}
	}
	p->calls--;
	parser_skip_blanks(p);
	if (!s && parser_peek(p) != ')')
		s = parser_fail(p, parser_peek(p) == ',' ? PARSE_ARGUMENTS : PARSE_UNCLOSED, p->pos);
	if (!s)
		p->pos++;
	return s;
}

/* fn(a) or fn(a, b), after the name. */
static enum parse_status parse_call(struct parser *p, struct operand *out, const struct real_fn *fn, size_t at)
{
	struct operand arg[2];
	int n = real_fn_arity(fn);
	enum parse_status s;

	operand_init(&arg[0]);
	operand_init(&arg[1]);
	s = parse_arguments(p, arg, n);
	for (int i = 0; i < n && !s; i++)
		s = to_real(p, &arg[i], at);
	if (!s) {
		out->real = real_call(fn, arg[0].real, arg[1].real);
		arg[0].real = arg[1].real = NULL;
	}
	operand_clear(&arg[0]);
	operand_clear(&arg[1]);
	return s;
}

/* A function defined by a formula (realfn.c): the formula read with x, y (and z) bound
 * to the arguments, kept with its argument where it has limits of its own
 * (real_formula_node()). An error inside it is reported at the call. */
static enum parse_status parse_formula(struct parser *p, struct operand *out, const struct real_formula *f, size_t at)
{
	struct operand arg[3];
	struct parse_error err = { PARSE_OK, 0, -1 };
	struct parser sub = *p;
	enum parse_status s;
	int n = real_formula_arity(f);

	for (int i = 0; i < 3; i++)
		operand_init(&arg[i]);
	s = parse_arguments(p, arg, n);
	if (!s) {
		sub.s = real_formula_text(f);
		sub.len = strlen(sub.s);
		sub.pos = 0;
		sub.bound = arg;
		sub.work = p->work;
		sub.real_nodes = p->real_nodes;
		sub.err = &err;
		s = parse_expr(&sub, out);
		p->work = sub.work;
		p->real_nodes = sub.real_nodes;
		if (s)
			parser_fail(p, s, at);
	}
	if (!s && n == 1 && out->real && !(s = to_real(p, &arg[0], at))) {
		out->real = real_formula_node(f, arg[0].real, out->real);
		arg[0].real = NULL;
	}
	for (int i = 0; i < 3; i++)
		operand_clear(&arg[i]);
	return s;
}

/* x, y or z inside a formula: a copy of the argument. */
static enum parse_status parse_bound(struct parser *p, struct operand *out, const struct operand *arg, size_t at)
{
	num_set(&out->x, &arg->x);
	if (arg->real) {
		out->real = real_copy(arg->real);
		p->real_nodes += real_size(arg->real);
		if (p->real_nodes > MAX_REAL_NODES)
			return parser_fail(p, PARSE_REAL_TOO_LARGE, at);
	}
	return PARSE_OK;
}

/* pi, e, a function of realfn.c's table, or one of its formulas. */
static enum parse_status parse_name(struct parser *p, struct operand *out, size_t len)
{
	size_t at = p->pos;
	const char *name = p->s + at;
	const struct real_fn *fn = real_function(name, len);
	const struct real_formula *formula;

	p->pos += len;
	if (p->bound && len == 1 && (*name == 'x' || *name == 'y' || *name == 'z'))
		return parse_bound(p, out, &p->bound[*name - 'x'], at);
	if (p->variables && len == 1 && (*name == 'x' || *name == 'y' || *name == 'z')) {
		if (count_node(p, at))
			return PARSE_REAL_TOO_LARGE;
		out->real = real_var(*name - 'x');
		return PARSE_OK;
	}
	if (!fn && (formula = real_formula(name, len)))
		return parse_formula(p, out, formula, at);
	if (count_node(p, at))
		return PARSE_REAL_TOO_LARGE;
	if (fn)
		return parse_call(p, out, fn, at);
	if (len == 2 && strncasecmp(name, "pi", 2) == 0)
		out->real = real_node(REAL_PI, NULL, NULL);
	else if (len == 1 && tolower((unsigned char)*name) == 'e')
		out->real = real_node(REAL_E, NULL, NULL);
	else
		return parser_fail(p, PARSE_UNKNOWN_NAME, at);
	return PARSE_OK;
}

/* inf or nan as a function's argument (exp(-inf)): a real, never an exact value. */
static enum parse_status parse_special_argument(struct parser *p, struct operand *out, size_t at)
{
	bool nan = parser_at_word(p, at, "nan");

	num_set_kind(&out->x, nan ? NUM_NAN : NUM_INF);
	p->pos += nan ? 3 : parser_at_word(p, at, "infinity") ? 8 : 3;
	return to_real(p, out, at);
}

/* 0b… in an expression: a digit that is no bit (0b102), or a pattern where a number
 * must stand (1+0b101). */
static enum parse_status binary_word(struct parser *p, size_t at)
{
	for (size_t i = at + 2; i < p->len && (isalnum((unsigned char)p->s[i]) || p->s[i] == '_'); i++)
		if (p->s[i] != '0' && p->s[i] != '1' && p->s[i] != '_')
			return parser_fail(p, PARSE_BINARY_DIGIT, i);
	return parser_fail(p, PARSE_PATTERN_IN_EXPRESSION, at);
}

static enum parse_status parse_primary(struct parser *p, struct operand *out)
{
	size_t at = p->pos, name;
	int c = parser_peek(p);
	enum parse_status s;

	if (c == '(') {
		p->pos++;
		if ((s = parse_expr(p, out)))
			return s;
		parser_skip_blanks(p);
		if (parser_peek(p) != ')')
			return parser_fail(p, PARSE_UNCLOSED, at);
		p->pos++;
		return PARSE_OK;
	}
	if (c == '0' && p->pos + 1 < p->len && tolower((unsigned char)p->s[p->pos + 1]) == 'x') {
		p->pos += 2;
		return literal_hexfloat(p, &out->x, at);
	}
	if (c == '0' && p->pos + 1 < p->len && tolower((unsigned char)p->s[p->pos + 1]) == 'b')
		return binary_word(p, at);
	if (isdigit(c) || c == '.')
		return literal_decimal(p, &out->x);
	if (parser_at_word(p, at, "inf") || parser_at_word(p, at, "infinity") ||
	    parser_at_word(p, at, "nan"))
		return p->calls ? parse_special_argument(p, out, at) : parser_fail(p, PARSE_SPECIAL_IN_EXPRESSION, at);
	if ((name = parser_name_length(p)))
		return parse_name(p, out, name);
	return parser_fail(p, c < 0 ? PARSE_EXPECTED_VALUE : PARSE_UNEXPECTED, at);
}

/* "^", or its synonym "**"; the operator's length, 0 when there is none. */
static int power_operator(const struct parser *p)
{
	if (parser_peek(p) == '^')
		return 1;
	return parser_peek(p) == '*' && p->pos + 1 < p->len && p->s[p->pos + 1] == '*' ? 2 : 0;
}

/* Is x an exact zero (a divisor or base that makes a pole, ±inf, or NaN: a real's
 * special case, special.h)? */
static bool is_exact_zero(const struct operand *x)
{
	return !x->real && !x->x.bound && mpq_sgn(x->x.mag) == 0;
}

/* base^expo: exact when both are and the exponent is an integer, else a real (0^−k too,
 * ±inf by IEEE's pow). */
static enum parse_status raise(struct parser *p, struct operand *base, struct operand *expo, size_t at)
{
	if (base->real || expo->real || (!expo->x.bound && mpz_cmp_ui(mpq_denref(expo->x.mag), 1) != 0) ||
	    (is_exact_zero(base) && !expo->real && expo->x.neg && !is_exact_zero(expo)))
		return combine_real(p, base, expo, REAL_POW, at);
	return power(p, &base->x, &expo->x, at);
}

static enum parse_status parse_power(struct parser *p, struct operand *out)
{
	enum parse_status s = parse_primary(p, out);
	struct operand expo;
	size_t at;
	int op;

	if (s)
		return s;
	parser_skip_blanks(p);
	if (!(op = power_operator(p)))
		return PARSE_OK;
	at = p->pos;
	p->pos += (size_t)op;
	operand_init(&expo);
	s = parse_unary(p, &expo);
	if (!s)
		s = raise(p, out, &expo, at);
	operand_clear(&expo);
	return s;
}

static enum parse_status parse_unary(struct parser *p, struct operand *out)
{
	enum parse_status s;
	int c;

	if (++p->depth > MAX_DEPTH)
		return parser_fail(p, PARSE_TOO_DEEP, p->pos);
	parser_skip_blanks(p);
	c = parser_peek(p);
	if (c == '+' || c == '-') {
		p->pos++;
		s = parse_unary(p, out);
		if (!s && c == '-' && out->real && !(s = count_node(p, p->pos)))
			out->real = real_node(REAL_NEG, out->real, NULL);
		else if (!s && c == '-')
			out->x.neg = !out->x.neg;
	} else
		s = parse_power(p, out);
	p->depth--;
	return s;
}

/* A left-associative chain of one precedence level: term or expr. */
static enum parse_status parse_chain(struct parser *p, struct operand *out, const char *ops,
				     enum parse_status (*operand)(struct parser *, struct operand *))
{
	enum parse_status s = operand(p, out);
	struct operand rhs;

	operand_init(&rhs);
	while (!s) {
		size_t at;
		int op;
		parser_skip_blanks(p);
		op = parser_peek(p);
		if (op <= 0 || !strchr(ops, op) || power_operator(p) == 2) /* strchr would find the NUL */
			break;
		at = p->pos++;
		operand_clear(&rhs);
		operand_init(&rhs);
		s = operand(p, &rhs);
		if (!s && (out->real || rhs.real || (op == '/' && is_exact_zero(&rhs)))) /* x/0: ±inf or NaN */
			s = combine_real(p, out, &rhs, real_op_of(op), at);
		else if (!s)
			s = combine(p, &out->x, &rhs.x, op, at);
	}
	operand_clear(&rhs);
	return s;
}

static enum parse_status parse_term(struct parser *p, struct operand *out)
{
	return parse_chain(p, out, "*/", parse_unary);
}

static enum parse_status parse_expr(struct parser *p, struct operand *out)
{
	return parse_chain(p, out, "+-", parse_term);
}

/* ---- What parse.c asks of it ---------------------------------------------------------- */

enum parse_status parse_expression(struct parser *p, struct input *out)
{
	struct operand o;
	enum parse_status s;

	operand_init(&o);
	s = parse_expr(p, &o);
	if (!s && o.real) {
		out->kind = INPUT_REAL;
		out->real = o.real;
		o.real = NULL;
	} else if (!s) {
		out->value.neg = o.x.neg;
		out->value.bound = o.x.bound;
		mpq_swap(out->value.mag, o.x.mag);
	}
	operand_clear(&o);
	return s;
}

enum parse_status parse_expression_real(struct parser *p, struct real **out)
{
	struct operand o;
	enum parse_status s;

	operand_init(&o);
	s = parse_expr(p, &o);
	if (!s && p->pos < p->len)
		s = parser_fail(p, PARSE_UNEXPECTED, p->pos);
	if (!s)
		s = to_real(p, &o, 0);
	if (!s) {
		*out = o.real;
		o.real = NULL;
	}
	operand_clear(&o);
	return s;
}
