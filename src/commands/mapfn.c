/*
 * mapfn.c — fpx map's operations called by name that are no function of reals (see
 * mapfn.h): their table, reading a call, checking its formats, and a row's result.
 * What each operation is belongs to extrema.c and predicates.c; this file only binds
 * the arguments and projects the result. Never writes a row.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "extrema.h"
#include "integral.h"
#include "mapfn.h"
#include "parse.h"
#include "predicates.h"
#include "report.h"

enum fn_kind {
	FN_EXTREMUM, FN_CLAMP, FN_COPYSIGN, FN_COMPARE, FN_RELATION, FN_TOTAL_ORDER, FN_PREDICATE, FN_CLASS, FN_NEXT,
	FN_ROUND_INTEGRAL, FN_SCALEB, FN_LOGB,
};

struct map_fn {
	const char *name;
	enum fn_kind kind;
	/* enum extremum, enum op, the relations of extrema.h (EXT_LESS ...), enum predicate;
	 * for next, 1 up and 0 down; for totalorder, 1 for Mag; for roundToIntegral, a mode
	 * of round.h or one of these: */
	int which;
};
enum { ROUND_BY_R = -1, ROUND_BY_R_EXACT = -2 }; /* -r's mode, inexact not flagged (flagged) */

/* IEEE 754 §5.11's comparisons as relations (extrema.h): quiet and signaling. */
#define LT EXT_LESS
#define EQ EXT_EQUAL
#define GT EXT_GREATER
#define UN EXT_UNORDERED
#define SIG EXT_SIGNALING

/* The names, lower case (a call's case does not matter), in the order help lists them. */
static const struct map_fn map_fns[] = {
	{ "minimum", FN_EXTREMUM, EXT_MINIMUM },
	{ "maximum", FN_EXTREMUM, EXT_MAXIMUM },
	{ "minimumnumber", FN_EXTREMUM, EXT_MINIMUM_NUMBER },
	{ "maximumnumber", FN_EXTREMUM, EXT_MAXIMUM_NUMBER },
	{ "minimummagnitude", FN_EXTREMUM, EXT_MINIMUM_MAGNITUDE },
	{ "maximummagnitude", FN_EXTREMUM, EXT_MAXIMUM_MAGNITUDE },
	{ "minimummagnitudenumber", FN_EXTREMUM, EXT_MINIMUM_MAGNITUDE_NUMBER },
	{ "maximummagnitudenumber", FN_EXTREMUM, EXT_MAXIMUM_MAGNITUDE_NUMBER },
	{ "minimumfinite", FN_EXTREMUM, EXT_MINIMUM_FINITE },
	{ "maximumfinite", FN_EXTREMUM, EXT_MAXIMUM_FINITE },
	{ "minnum", FN_EXTREMUM, EXT_MIN_NUM },
	{ "maxnum", FN_EXTREMUM, EXT_MAX_NUM },
	{ "minnummag", FN_EXTREMUM, EXT_MIN_NUM_MAG },
	{ "maxnummag", FN_EXTREMUM, EXT_MAX_NUM_MAG },
	{ "clamp", FN_CLAMP, 0 },
	{ "copysign", FN_COPYSIGN, 0 },
	{ "compareless", FN_COMPARE, OP_LT },
	{ "comparelessequal", FN_COMPARE, OP_LE },
	{ "compareequal", FN_COMPARE, OP_EQ },
	{ "comparegreater", FN_COMPARE, OP_GT },
	{ "comparegreaterequal", FN_COMPARE, OP_GE },
	{ "eq", FN_RELATION, EQ }, /* TestFloat's names */
	{ "le", FN_RELATION, LT | EQ | SIG },
	{ "lt", FN_RELATION, LT | SIG },
	{ "eq_signaling", FN_RELATION, EQ | SIG },
	{ "le_quiet", FN_RELATION, LT | EQ },
	{ "lt_quiet", FN_RELATION, LT },
	{ "comparequietequal", FN_RELATION, EQ }, /* IEEE 754-2019 §5.11, Tables 5.1-5.3 */
	{ "comparequietnotequal", FN_RELATION, LT | GT | UN },
	{ "comparesignalingequal", FN_RELATION, EQ | SIG },
	{ "comparesignalinggreater", FN_RELATION, GT | SIG },
	{ "comparesignalinggreaterequal", FN_RELATION, GT | EQ | SIG },
	{ "comparesignalingless", FN_RELATION, LT | SIG },
	{ "comparesignalinglessequal", FN_RELATION, LT | EQ | SIG },
	{ "comparesignalingnotequal", FN_RELATION, LT | GT | UN | SIG },
	{ "comparesignalingnotgreater", FN_RELATION, LT | EQ | UN | SIG },
	{ "comparesignalinglessunordered", FN_RELATION, LT | UN | SIG },
	{ "comparesignalingnotless", FN_RELATION, GT | EQ | UN | SIG },
	{ "comparesignalinggreaterunordered", FN_RELATION, GT | UN | SIG },
	{ "comparequietgreater", FN_RELATION, GT },
	{ "comparequietgreaterequal", FN_RELATION, GT | EQ },
	{ "comparequietless", FN_RELATION, LT },
	{ "comparequietlessequal", FN_RELATION, LT | EQ },
	{ "comparequietunordered", FN_RELATION, UN },
	{ "comparequietnotgreater", FN_RELATION, LT | EQ | UN },
	{ "comparequietlessunordered", FN_RELATION, LT | UN },
	{ "comparequietnotless", FN_RELATION, GT | EQ | UN },
	{ "comparequietgreaterunordered", FN_RELATION, GT | UN },
	{ "comparequietordered", FN_RELATION, LT | EQ | GT },
	{ "totalorder", FN_TOTAL_ORDER, 0 },
	{ "totalordermag", FN_TOTAL_ORDER, 1 },
	{ "iszero", FN_PREDICATE, PRED_IS_ZERO },
	{ "isone", FN_PREDICATE, PRED_IS_ONE },
	{ "isnan", FN_PREDICATE, PRED_IS_NAN },
	{ "isinf", FN_PREDICATE, PRED_IS_INFINITE },
	{ "isinfinite", FN_PREDICATE, PRED_IS_INFINITE },
	{ "isfinite", FN_PREDICATE, PRED_IS_FINITE },
	{ "issignminus", FN_PREDICATE, PRED_IS_SIGN_MINUS },
	{ "isnormal", FN_PREDICATE, PRED_IS_NORMAL },
	{ "issubnormal", FN_PREDICATE, PRED_IS_SUBNORMAL },
	{ "issignaling", FN_PREDICATE, PRED_IS_SIGNALING },
	{ "iscanonical", FN_PREDICATE, PRED_IS_CANONICAL },
	{ "class", FN_CLASS, 0 },
	{ "nextup", FN_NEXT, 1 },
	{ "nextdown", FN_NEXT, 0 },
	{ "nextgreaterthan", FN_NEXT, 1 },
	{ "nextlessthan", FN_NEXT, 0 },
	{ "roundtoint", FN_ROUND_INTEGRAL, ROUND_BY_R },
	{ "roundtointexact", FN_ROUND_INTEGRAL, ROUND_BY_R_EXACT },
	{ "roundtointegralexact", FN_ROUND_INTEGRAL, ROUND_BY_R_EXACT },
	{ "roundtointegraltiestoeven", FN_ROUND_INTEGRAL, RND_NEAREST_EVEN },
	{ "roundtointegraltiestoaway", FN_ROUND_INTEGRAL, RND_NEAREST_AWAY },
	{ "roundtointegraltowardzero", FN_ROUND_INTEGRAL, RND_TOWARD_ZERO },
	{ "roundtointegraltowardpositive", FN_ROUND_INTEGRAL, RND_UP },
	{ "roundtointegraltowardnegative", FN_ROUND_INTEGRAL, RND_DOWN },
	{ "scaleb", FN_SCALEB, 0 },
	{ "logb", FN_LOGB, 0 },
};
#undef LT
#undef EQ
#undef GT
#undef UN
#undef SIG
#define MAP_FN_COUNT (sizeof map_fns / sizeof map_fns[0])

/* What the operations of a kind take and give. */
static const struct {
	int arity;
	bool constants; /* an argument may be an exact constant (else a variable: a code) */
	const char *args, *result;
} kinds[] = {
	[FN_EXTREMUM] = { 2, true, "(x, y)", "the operand picked, projected into the result's format; minnum ...: sNaN gives NaN" },
	[FN_CLAMP] = { 3, true, "(x, lo, hi)", "x, lo or hi (P3109 4.11.4), projected likewise" },
	[FN_COPYSIGN] = { 2, true, "(x, y)", "|x| with y's sign, projected; P3109 (4.10.2): NaN if either is, 0 positive" },
	[FN_COMPARE] = { 2, true, "(x, y)", "x<y x<=y x==y x>y x>=y: 1 or 0 (sides: any expressions)" },
	[FN_RELATION] = { 2, true, "(x, y)", "1 or 0 (IEEE 754 5.11): invalid for an sNaN; for any NaN if signaling (le, lt)" },
	[FN_TOTAL_ORDER] = { 2, true, "(x, y)", "1 or 0: P3109's NaN lowest; IEEE 754 5.10 elsewhere; mag: of |x| and |y|" },
	[FN_PREDICATE] = { 1, false, "(x)", "1 or 0 as a value of the result's format" },
	[FN_CLASS] = { 1, false, "(x)", "x's class by name, in a column `class' after the operands" },
	[FN_NEXT] = { 1, false, "(x)", "the next code of x's format above (below): Inf to NaN in P3109's" },
	[FN_ROUND_INTEGRAL] = { 1, true, "(x)", "x to an integer (5.3.1) by -r or the named mode; only ...exact flags inexact" },
	[FN_SCALEB] = { 2, true, "(x, n)", "x*2^n rounded once (5.3.3): n an integer constant or integer format's code" },
	[FN_LOGB] = { 1, true, "(x)", "floor(log2|x|) as a value (5.3.3): logb(0) = -inf divbyzero, logb(inf) = inf" },
};

/* ---- Reading a call -------------------------------------------------------------------- */

/* A name of the table at the start of text, then '(' (blanks aside): its row, and
 * where the '(' is. */
static const struct map_fn *find_call(const char *text, size_t *open)
{
	size_t start = strspn(text, " \t"), len = 0, paren;

	while (isalpha((unsigned char)text[start + len]) || text[start + len] == '_')
		len++;
	paren = start + len + strspn(text + start + len, " \t");
	if (!len || text[paren] != '(')
		return NULL;
	for (size_t i = 0; i < MAP_FN_COUNT; i++)
		if (strlen(map_fns[i].name) == len && strncasecmp(map_fns[i].name, text + start, len) == 0) {
			*open = paren;
			return &map_fns[i];
		}
	return NULL;
}

/* The arguments between the '(' at open and its ')', which nothing but blanks may
 * follow: their offsets and lengths, and how many (at most MAP_VARIABLES); −1 when
 * they are not that. */
static int split_arguments(size_t at[], size_t len[], const char *text, size_t open)
{
	int depth = 0, n = 0;
	size_t start = open + 1;

	for (size_t i = start; text[i]; i++) {
		char c = text[i];
		if (c == '(' || (c == ')' && depth > 0)) {
			depth += c == '(' ? 1 : -1;
			continue;
		}
		if (depth > 0 || (c != ',' && c != ')'))
			continue;
		if (n == MAP_VARIABLES)
			return -1;
		at[n] = start;
		len[n++] = i - start;
		start = i + 1;
		if (c == ')')
			return text[i + 1 + strspn(text + i + 1, " \t")] ? -1 : n;
	}
	return -1;
}

/* One argument, as a real; false after reporting (unless silent). */
static bool parse_argument(struct real **out, const struct map_fn *fn, const char *text, size_t at, size_t len,
			   bool silent)
{
	struct parse_error err;
	bool fits;

	if (parse_function_of(out, &err, text + at, len) != PARSE_OK) {
		if (!silent)
			report("'%s': %s (column %zu)", text, parse_message(err.status), err.column + at);
		return false;
	}
	fits = fn->kind == FN_COMPARE || (*out)->op == REAL_VAR || ((*out)->op == REAL_EXACT && kinds[fn->kind].constants);
	if (!fits && !silent)
		report(kinds[fn->kind].constants ? "'%s': %s's arguments are variables (x, y, z) or exact constants"
						 : "'%s': %s's argument is a variable (x, y or z): a code of its format",
		       text, fn->name);
	return fits;
}

/* The arguments into m: a comparison's sides, or the operands, which m->expr owns. */
static void take_call(struct mapping *m, const struct map_fn *fn, struct real **arg, int n)
{
	if (fn->kind == FN_COMPARE) {
		m->op = (enum op)fn->which;
		m->expr = arg[0];
		m->right = arg[1];
		return;
	}
	m->fn = fn;
	m->expr = arg[0];
	m->operand[0] = arg[0];
	for (int i = 1; i < n; i++) {
		m->operand[i] = arg[i];
		m->expr = real_node(REAL_ADD, m->expr, arg[i]);
	}
}

enum mapfn_parsed mapfn_parse(struct mapping *m, const char *text)
{
	size_t open, at[MAP_VARIABLES], len[MAP_VARIABLES];
	const struct map_fn *fn = find_call(text, &open);
	struct real *arg[MAP_VARIABLES] = { NULL, NULL, NULL };
	bool ok = true;
	int n;

	if (!fn)
		return MAPFN_NOT_A_CALL;
	if ((n = split_arguments(at, len, text, open)) != kinds[fn->kind].arity) {
		if (m)
			report("'%s': %s%s is the whole expression", text, fn->name, kinds[fn->kind].args);
		return MAPFN_FAILED;
	}
	for (int i = 0; i < n && ok; i++)
		ok = parse_argument(&arg[i], fn, text, at[i], len[i], !m);
	if (ok && m)
		take_call(m, fn, arg, n);
	else
		for (int i = 0; i < n; i++)
			real_free(arg[i]);
	return ok ? MAPFN_PARSED : MAPFN_FAILED;
}

/* ---- Checking it ------------------------------------------------------------------------ */

static bool needs_classes(const struct map_fn *fn)
{
	return fn->kind == FN_CLASS || fn->kind == FN_NEXT ||
	       (fn->kind == FN_PREDICATE && (fn->which == PRED_IS_NORMAL || fn->which == PRED_IS_SUBNORMAL));
}

/* Do f's codes count units (intN, uintN), rather than fractions (fixed point) or
 * values with an exponent? */
static bool counts_units(const struct fmt *f)
{
	struct fmt_value v;
	bool units;

	if (!f->can_wrap)
		return false;
	fmt_value_init(&v);
	fmt_decode(&v, f, 1);
	units = mpz_sgn(v.sig) > 0 && v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1 >= 0; /* code 1 is 1 */
	fmt_value_clear(&v);
	return units;
}

/* scaleB and logB need an exponent in x (a constant has one); scaleB's n is an integer:
 * an integer constant, or a code of an integer format. */
static bool check_exponent(const struct mapping *m)
{
	const struct map_fn *fn = m->fn;
	const struct real *x = m->operand[0], *n = m->operand[1];

	if (x->op == REAL_VAR && m->in[x->var]->can_wrap) {
		report("%s(x) of %s: an integer or fixed-point format has no exponent", fn->name, m->in[x->var]->name);
		return false;
	}
	if (fn->kind != FN_SCALEB)
		return true;
	if (n->op == REAL_VAR ? counts_units(m->in[n->var])
			      : n->exact.kind == NUM_FINITE && !n->exact.bound &&
					mpz_cmp_ui(mpq_denref(n->exact.mag), 1) == 0)
		return true;
	report("scaleb(x, n): n is an integer: a constant, or a variable of an integer format (--in binary32,int32)");
	return false;
}

bool mapfn_check(struct mapping *m)
{
	const struct map_fn *fn = m->fn;
	struct settings *s = m->s;

	if (!fn)
		return true;
	if (needs_classes(fn)) {
		const struct fmt *f = m->in[m->operand[0]->var];
		const char *why = pred_refusal(f, true);
		if (why) {
			report("%s(x) of %s: %s", fn->name, f->name, why);
			return false;
		}
	}
	if ((fn->kind == FN_SCALEB || fn->kind == FN_LOGB) && !check_exponent(m))
		return false;
	if (fn->kind != FN_CLASS)
		return true;
	if (s->map.testfloat) {
		report("class(x) has no TestFloat lines: its result is a name");
		return false;
	}
	if (s->fields_given && s->fields.count) {
		report("class(x) writes the class's name after the operands: -o takes only x y z xv yv zv with it");
		return false;
	}
	s->fields.count = 0; /* no result fields: the class's cell instead */
	return true;
}

/* ---- A row ------------------------------------------------------------------------------ */

static const struct num *argument_value(const struct mapping *m, int i, const struct num *values)
{
	const struct real *r = m->operand[i];

	return r->op == REAL_VAR ? &values[r->var] : &r->exact;
}

/* The result, o->value, projected into the result's format. */
static enum problem project(struct outcome *o, const struct mapping *m)
{
	o->has_value = true;
	return convert_problem(rnd_encode(&o->res, m->to, &o->value, m->how));
}

/* The same with the flags the operation raised, once projecting raised none of its own
 * problem. */
static enum problem project_raising(struct outcome *o, const struct mapping *m, unsigned raised)
{
	enum problem problem = project(o, m);

	if (!problem)
		o->res.flags |= raised;
	return problem;
}

/* The operand picked (or NaN), projected. */
static enum problem project_pick(struct outcome *o, const struct mapping *m, int pick, const struct num *values)
{
	if (pick == EXT_NAN) {
		num_set_kind(&o->value, NUM_NAN); /* quiet: map_evaluate() carries a NaN operand's payload */
		o->value.neg = false;
	} else
		num_set(&o->value, argument_value(m, pick, values));
	return project(o, m);
}

static enum problem project_truth(struct outcome *o, const struct mapping *m, bool truth, unsigned raised)
{
	num_set_kind(&o->value, NUM_FINITE);
	o->value.neg = false;
	o->value.bound = NUM_EXACT;
	mpq_set_ui(o->value.mag, truth, 1);
	return project_raising(o, m, raised);
}

static struct ext_operand ext_operand_of(const struct mapping *m, int i, const fpcode *codes, const struct num *values)
{
	const struct real *r = m->operand[i];
	struct ext_operand e = { argument_value(m, i, values), NULL, 0 };

	if (r->op == REAL_VAR) {
		e.f = m->in[r->var];
		e.code = codes[r->var];
	}
	return e;
}

/*
 * copySign: x's magnitude (a NaN's payload too) with y's sign, a NaN's sign bit
 * included (IEEE 754 §5.5.1, quiet); into a P3109 format §4.10.2's rules: NaN when
 * either is, and a zero y (−0 from another format) counts as positive.
 */
static enum problem copy_sign(struct outcome *o, const struct mapping *m, const struct num *values)
{
	const struct num *x = argument_value(m, 0, values), *y = argument_value(m, 1, values);
	bool y_zero = y->kind == NUM_FINITE && mpq_sgn(y->mag) == 0;

	fpcode nan;

	if (m->to->p3109 && (x->kind == NUM_NAN || y->kind == NUM_NAN))
		return project_pick(o, m, EXT_NAN, values);
	num_set(&o->value, x);
	if (x->kind == NUM_NAN && m->to->has_nan) { /* as it is: a signaling NaN stays one, unflagged */
		nan = fmt_nan_carrying(m->to, y->neg, x->payload);
		if (x->signaling && (nan & (m->to->quiet_bit - 1)))
			nan &= ~m->to->quiet_bit;
		o->value.neg = y->neg;
		o->has_value = true;
		o->res = (struct rnd_result){ .code = nan };
		return PROBLEM_NONE;
	}
	o->value.neg = y->neg && !(m->to->p3109 && y_zero);
	return project(o, m);
}

static enum problem next_code(struct outcome *o, const struct mapping *m, const fpcode *codes)
{
	int v = m->operand[0]->var;
	fpcode next;

	if (!pred_next(&next, m->in[v], codes[v], m->fn->which))
		return project_pick(o, m, EXT_NAN, NULL);
	convert_code_value(&o->value, m->in[v], next);
	return project(o, m);
}

/* roundToIntegral by -r's mode or the name's, into the result's format by -r's. */
static enum problem round_integral(struct outcome *o, const struct mapping *m, const struct num *values)
{
	int which = m->fn->which;
	struct rnd_spec how = m->how;
	unsigned raised;

	if (which >= 0) {
		how.mode = (enum rnd_mode)which;
		how.sr_bits = 0;
		how.sr_random = 0;
	}
	raised = integral_round(&o->value, argument_value(m, 0, values), how, which == ROUND_BY_R_EXACT);
	return project_raising(o, m, raised);
}

/* scaleB's n, an integer (mapfn_check()); one past a long's range is past every format. */
static long exponent_argument(const struct mapping *m, const struct num *values)
{
	const struct num *n = argument_value(m, 1, values);
	long e = mpz_fits_slong_p(mpq_numref(n->mag)) ? mpz_get_si(mpq_numref(n->mag)) : LONG_MAX;

	return n->neg ? -e : e;
}

enum problem mapfn_evaluate(struct outcome *o, const struct mapping *m, const fpcode *codes, const struct num *values)
{
	const struct map_fn *fn = m->fn;
	int v = m->operand[0]->var;

	switch (fn->kind) {
	case FN_EXTREMUM:
		return project_pick(o, m, ext_pick((enum extremum)fn->which, argument_value(m, 0, values),
						   argument_value(m, 1, values)), values);
	case FN_CLAMP:
		return project_pick(o, m, ext_clamp(argument_value(m, 0, values), argument_value(m, 1, values),
						    argument_value(m, 2, values)), values);
	case FN_TOTAL_ORDER: {
		struct ext_operand x = ext_operand_of(m, 0, codes, values), y = ext_operand_of(m, 1, codes, values);
		return project_truth(o, m, fn->which ? ext_total_order_mag(&x, &y) : ext_total_order(&x, &y), 0);
	}
	case FN_RELATION: {
		unsigned raised;
		bool truth = ext_compare(&raised, (unsigned)fn->which, argument_value(m, 0, values),
					 argument_value(m, 1, values));
		return project_truth(o, m, truth, raised);
	}
	case FN_PREDICATE:
		return project_truth(o, m, pred_test((enum predicate)fn->which, m->in[v], codes[v]), 0);
	case FN_NEXT:
		return next_code(o, m, codes);
	case FN_COPYSIGN:
		return copy_sign(o, m, values);
	case FN_ROUND_INTEGRAL:
		return round_integral(o, m, values);
	case FN_SCALEB:
		integral_scaleb(&o->value, argument_value(m, 0, values), exponent_argument(m, values));
		return project(o, m);
	case FN_LOGB:
		return project_raising(o, m, integral_logb(&o->value, argument_value(m, 0, values)));
	default: /* class: a name, written by mapfn_cell() */
		memset(&o->res, 0, sizeof o->res);
		return PROBLEM_NONE;
	}
}

bool mapfn_signals(const struct map_fn *fn)
{
	return fn->kind == FN_EXTREMUM || fn->kind == FN_CLAMP || fn->kind == FN_NEXT || fn->kind == FN_ROUND_INTEGRAL ||
	       fn->kind == FN_SCALEB || fn->kind == FN_LOGB;
}

bool mapfn_is_boolean(const struct map_fn *fn)
{
	return fn && (fn->kind == FN_TOTAL_ORDER || fn->kind == FN_PREDICATE || fn->kind == FN_RELATION);
}

bool mapfn_cell(const char **name, const char **text, const struct mapping *m, const fpcode *codes)
{
	int v;

	if (!m->fn || m->fn->kind != FN_CLASS)
		return false;
	v = m->operand[0]->var;
	*name = "class";
	*text = codes ? pred_class(m->in[v], codes[v]) : *name;
	return true;
}

/* ---- Help ------------------------------------------------------------------------------- */

#define HELP_WIDTH 88

void mapfn_print_help(void)
{
	printf("\nOperations by name, each the whole expression (case aside; P3109's rules in its formats,\n"
	       "IEEE 754's in the others):\n");
	for (size_t i = 0; i < MAP_FN_COUNT;) {
		enum fn_kind kind = map_fns[i].kind;
		int column = printf(" ");
		for (; i < MAP_FN_COUNT && map_fns[i].kind == kind; i++) {
			if (column + 1 + (int)strlen(map_fns[i].name) > HELP_WIDTH)
				column = printf("\n ") - 1;
			column += printf(" %s", map_fns[i].name);
		}
		printf("%s%s\n      %s\n", column + 1 + (int)strlen(kinds[kind].args) > HELP_WIDTH ? "\n  " : " ",
		       kinds[kind].args, kinds[kind].result);
	}
}
