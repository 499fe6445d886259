/*
 * special.c — the table of special cases (special.h), and its look-up.
 *
 * Sources, row by row: IEEE 754-2019 §6.1-§6.3 and §7.2-§7.3 for + − · / (∞ − ∞,
 * 0·∞, 0/0 and ∞/∞ invalid; x/0 divideByZero); §9.2.1 for the functions (pow's
 * table, atan2's, log(±0) = −∞ divideByZero, ...); §9.6 for minimum and maximum (NaN
 * propagates, −0 < +0); §5.3.1 for remainder; C11 Annex F.10 for what §9.2.1 leaves to
 * the language (fmod, hypot(±∞, NaN) = +∞, f(±0) = ±0 of the odd functions), and C23's
 * Annex F.10 for rsqrt and the π functions (sinpi(−n) = −0, tanpi(n) = ±0 by n's
 * parity, atan2pi's table). IEEE P3109's rows (interim report 4.0, §4.10.5, §4.10.8,
 * §4.10.12, §4.10.14–16) stand before IEEE 754's and serve its rules alone. The first
 * row that matches decides, so a row "for any y, even NaN" stands before the NaN rows.
 */
#include "special.h"

#include <pthread.h>

#include "round.h"

/* ---- Class patterns ------------------------------------------------------------------ */

#define NAN_ SC_BIT(SC_NAN)
#define PZ SC_BIT(SC_POS_ZERO)
#define NZ SC_BIT(SC_NEG_ZERO)
#define Z (PZ | NZ)
#define PINF SC_BIT(SC_POS_INF)
#define NINF SC_BIT(SC_NEG_INF)
#define INF (PINF | NINF)
#define P1 SC_BIT(SC_POS_ONE)
#define N1 SC_BIT(SC_NEG_ONE)
#define PTINY SC_BIT(SC_POS_TINY)
#define NTINY SC_BIT(SC_NEG_TINY)
#define PODD (P1 | SC_BIT(SC_POS_ODD)) /* odd integers, 1 among them */
#define NODD (N1 | SC_BIT(SC_NEG_ODD))
#define PEVEN SC_BIT(SC_POS_EVEN)
#define NEVEN SC_BIT(SC_NEG_EVEN)
#define INT (PODD | NODD | PEVEN | NEVEN) /* integers but 0 */
#define PBIG (SC_BIT(SC_POS_ODD) | SC_BIT(SC_POS_EVEN) | SC_BIT(SC_POS_FRAC)) /* finite, past 1 */
#define NBIG (SC_BIT(SC_NEG_ODD) | SC_BIT(SC_NEG_EVEN) | SC_BIT(SC_NEG_FRAC))
#define PFIN (PTINY | P1 | PBIG) /* finite, above 0 */
#define NFIN (NTINY | N1 | NBIG)
#define FIN (PFIN | NFIN)
#define PNOTODD (PTINY | SC_BIT(SC_POS_EVEN) | SC_BIT(SC_POS_FRAC)) /* finite, above 0, not an odd integer */
#define NNOTODD (NTINY | SC_BIT(SC_NEG_EVEN) | SC_BIT(SC_NEG_FRAC))
#define NONINT (PTINY | NTINY | SC_BIT(SC_POS_FRAC) | SC_BIT(SC_NEG_FRAC))
#define TINY (PTINY | NTINY)     /* 0 < |x| < 1 */
#define BIG (PBIG | NBIG)        /* 1 < |x| < ∞ */
#define NUMBER (SC_ANY & ~NAN_)  /* anything but NaN */
#define ANY SC_ANY

/* ---- The table --------------------------------------------------------------------------- */

/* The sign of a result: fixed, or an operand's, or their product's. */
enum special_sign { SS_POS, SS_NEG, SS_X, SS_Y, SS_XOR };

static const struct special_row {
	enum special_fn fn;
	unsigned x, y;
	enum special_kind kind;
	enum special_sign sign;
	unsigned flags;
	bool p3109; /* P3109's rules' alone */
} rows[] = {
#define ROW(fn, x, y, kind, sign, flags) { SP_##fn, x, y, SK_##kind, SS_##sign, flags, false }
#define INVALID(fn, x, y) ROW(fn, x, y, NAN, POS, RND_INVALID)
#define NAN_IN(fn) ROW(fn, NAN_, ANY, NAN, POS, 0), ROW(fn, ANY, NAN_, NAN, POS, 0) /* a quiet NaN in, out */
#define NAN_IN1(fn) ROW(fn, NAN_, 0, NAN, POS, 0)
/* P3109 has no flags; fpx flags its NaN from numbers invalid, as IEEE 754 would */
#define P3109_ROW(fn, x, y, kind, sign) { SP_##fn, x, y, SK_##kind, SS_##sign, 0, true }
#define P3109_INVALID(fn, x, y) { SP_##fn, x, y, SK_NAN, SS_POS, RND_INVALID, true }
	/* + (a difference is a sum with y negated) */
	NAN_IN(ADD),
	INVALID(ADD, PINF, NINF), INVALID(ADD, NINF, PINF),
	ROW(ADD, INF, NUMBER, INF, X, 0), ROW(ADD, NUMBER, INF, INF, Y, 0),
	/* · */
	NAN_IN(MUL),
	INVALID(MUL, INF, Z), INVALID(MUL, Z, INF),
	ROW(MUL, INF, NUMBER, INF, XOR, 0), ROW(MUL, NUMBER, INF, INF, XOR, 0),
	ROW(MUL, Z, NUMBER, ZERO, XOR, 0), ROW(MUL, NUMBER, Z, ZERO, XOR, 0),
	/* / */
	NAN_IN(DIV),
	INVALID(DIV, INF, INF), INVALID(DIV, Z, Z),
	P3109_INVALID(DIV, NUMBER, Z), /* §4.10.5: Divide(x, 0) is NaN, ∞/0 too */
	ROW(DIV, INF, NUMBER, INF, XOR, 0), ROW(DIV, FIN, Z, INF, XOR, RND_DIVBYZERO),
	ROW(DIV, NUMBER, INF, ZERO, XOR, 0), ROW(DIV, Z, NUMBER, ZERO, XOR, 0),
	/* pow (§9.2.1) */
	ROW(POW, ANY, Z, ONE, POS, 0), ROW(POW, P1, ANY, ONE, POS, 0), /* even NaN */
	NAN_IN(POW),
	ROW(POW, Z, NODD, INF, X, RND_DIVBYZERO), ROW(POW, Z, NNOTODD, INF, POS, RND_DIVBYZERO),
	ROW(POW, Z, NINF, INF, POS, 0), /* §9.2.1: no exception */
	ROW(POW, Z, PODD, ZERO, X, 0), ROW(POW, Z, PNOTODD | PINF, ZERO, POS, 0),
	ROW(POW, N1, INF, ONE, POS, 0),
	ROW(POW, TINY, NINF, INF, POS, 0), ROW(POW, BIG | INF, NINF, ZERO, POS, 0),
	ROW(POW, TINY, PINF, ZERO, POS, 0), ROW(POW, BIG | INF, PINF, INF, POS, 0),
	ROW(POW, NINF, NODD, ZERO, NEG, 0), ROW(POW, NINF, NNOTODD, ZERO, POS, 0),
	ROW(POW, NINF, PODD, INF, NEG, 0), ROW(POW, NINF, PNOTODD, INF, POS, 0),
	ROW(POW, PINF, NFIN, ZERO, POS, 0), ROW(POW, PINF, PFIN, INF, POS, 0),
	INVALID(POW, NFIN, NONINT),
	/* functions of one argument (§9.2.1, F.10) */
	NAN_IN1(SQRT), ROW(SQRT, Z, 0, ZERO, X, 0), ROW(SQRT, PINF, 0, INF, POS, 0), INVALID(SQRT, NFIN | NINF, 0),
	NAN_IN1(CBRT), ROW(CBRT, Z, 0, ZERO, X, 0), ROW(CBRT, INF, 0, INF, X, 0),
	NAN_IN1(EXP), ROW(EXP, Z, 0, ONE, POS, 0), ROW(EXP, PINF, 0, INF, POS, 0), ROW(EXP, NINF, 0, ZERO, POS, 0),
	NAN_IN1(EXPM1), ROW(EXPM1, Z, 0, ZERO, X, 0), ROW(EXPM1, PINF, 0, INF, POS, 0),
	ROW(EXPM1, NINF, 0, ONE, NEG, 0),
	NAN_IN1(LOG), ROW(LOG, Z, 0, INF, NEG, RND_DIVBYZERO), ROW(LOG, P1, 0, ZERO, POS, 0),
	ROW(LOG, PINF, 0, INF, POS, 0), INVALID(LOG, NFIN | NINF, 0),
	NAN_IN1(LOG1P), ROW(LOG1P, Z, 0, ZERO, X, 0), ROW(LOG1P, N1, 0, INF, NEG, RND_DIVBYZERO),
	ROW(LOG1P, PINF, 0, INF, POS, 0), INVALID(LOG1P, NBIG | NINF, 0),
	NAN_IN1(SIN), ROW(SIN, Z, 0, ZERO, X, 0), INVALID(SIN, INF, 0),
	NAN_IN1(COS), ROW(COS, Z, 0, ONE, POS, 0), INVALID(COS, INF, 0),
	NAN_IN1(TAN), ROW(TAN, Z, 0, ZERO, X, 0), INVALID(TAN, INF, 0),
	NAN_IN1(ASIN), ROW(ASIN, Z, 0, ZERO, X, 0), INVALID(ASIN, BIG | INF, 0),
	NAN_IN1(ACOS), ROW(ACOS, P1, 0, ZERO, POS, 0), INVALID(ACOS, BIG | INF, 0),
	NAN_IN1(ATAN), ROW(ATAN, Z, 0, ZERO, X, 0), ROW(ATAN, INF, 0, HALF_PI, X, 0),
	/* rsqrt (§9.2.1 rSqrt, C23 F.10.4); P3109's RSqrt(0) is NaN (§4.10.8) */
	NAN_IN1(RSQRT), P3109_INVALID(RSQRT, Z, 0), ROW(RSQRT, Z, 0, INF, X, RND_DIVBYZERO),
	ROW(RSQRT, PINF, 0, ZERO, POS, 0), INVALID(RSQRT, NFIN | NINF, 0),
	/* recip(x) = 1/x (§7.3); P3109's Recip(0) is NaN (§4.10.8) */
	NAN_IN1(RECIP), P3109_INVALID(RECIP, Z, 0), ROW(RECIP, Z, 0, INF, X, RND_DIVBYZERO),
	ROW(RECIP, INF, 0, ZERO, X, 0),
	/* the π functions (§9.2.1, C23 F.10.1-F.10.2): exact at integers; their values at
	 * n + 1/2, n ± 1/3, n ± 1/4, n ± 1/6 are realpi.c's */
	NAN_IN1(SINPI), ROW(SINPI, Z | INT, 0, ZERO, X, 0), INVALID(SINPI, INF, 0),
	NAN_IN1(COSPI), ROW(COSPI, Z | PEVEN | NEVEN, 0, ONE, POS, 0), ROW(COSPI, PODD | NODD, 0, ONE, NEG, 0),
	INVALID(COSPI, INF, 0),
	NAN_IN1(TANPI), ROW(TANPI, Z, 0, ZERO, X, 0), ROW(TANPI, PEVEN | NODD, 0, ZERO, POS, 0),
	ROW(TANPI, NEVEN | PODD, 0, ZERO, NEG, 0), INVALID(TANPI, INF, 0),
	NAN_IN1(ASINPI), ROW(ASINPI, Z, 0, ZERO, X, 0), ROW(ASINPI, P1 | N1, 0, HALF, X, 0),
	INVALID(ASINPI, BIG | INF, 0),
	NAN_IN1(ACOSPI), ROW(ACOSPI, P1, 0, ZERO, POS, 0), ROW(ACOSPI, N1, 0, ONE, POS, 0),
	ROW(ACOSPI, Z, 0, HALF, POS, 0), INVALID(ACOSPI, BIG | INF, 0),
	NAN_IN1(ATANPI), ROW(ATANPI, Z, 0, ZERO, X, 0), ROW(ATANPI, P1 | N1, 0, QUARTER, X, 0),
	ROW(ATANPI, INF, 0, HALF, X, 0),
	NAN_IN1(SINH), ROW(SINH, Z, 0, ZERO, X, 0), ROW(SINH, INF, 0, INF, X, 0),
	NAN_IN1(COSH), ROW(COSH, Z, 0, ONE, POS, 0), ROW(COSH, INF, 0, INF, POS, 0),
	NAN_IN1(TANH), ROW(TANH, Z, 0, ZERO, X, 0), ROW(TANH, INF, 0, ONE, X, 0),
	NAN_IN1(ASINH), ROW(ASINH, Z, 0, ZERO, X, 0), ROW(ASINH, INF, 0, INF, X, 0),
	NAN_IN1(ACOSH), ROW(ACOSH, P1, 0, ZERO, POS, 0), ROW(ACOSH, PINF, 0, INF, POS, 0),
	INVALID(ACOSH, Z | PTINY | NFIN | NINF, 0),
	NAN_IN1(ATANH), ROW(ATANH, Z, 0, ZERO, X, 0), ROW(ATANH, P1 | N1, 0, INF, X, RND_DIVBYZERO),
	INVALID(ATANH, BIG | INF, 0),
	NAN_IN1(ERF), ROW(ERF, Z, 0, ZERO, X, 0), ROW(ERF, INF, 0, ONE, X, 0),
	NAN_IN1(ERFC), ROW(ERFC, PINF, 0, ZERO, POS, 0), ROW(ERFC, NINF, 0, TWO, POS, 0),
	NAN_IN1(ABS), ROW(ABS, Z, 0, ZERO, POS, 0), ROW(ABS, INF, 0, INF, POS, 0),
	/* atan2(y, x): y first (§9.2.1, F.10.1.4); P3109's table (§4.10.15), in its order,
	 * has (0, 0) and (±∞, ±∞) NaN, and (y, −∞) = +π whatever y's sign */
	NAN_IN(ATAN2),
	P3109_INVALID(ATAN2, Z, Z), P3109_INVALID(ATAN2, INF, INF),
	P3109_ROW(ATAN2, NUMBER, PINF, ZERO, POS), P3109_ROW(ATAN2, Z, PFIN, ZERO, POS),
	P3109_ROW(ATAN2, PINF, NUMBER, HALF_PI, POS), P3109_ROW(ATAN2, PFIN, Z, HALF_PI, POS),
	P3109_ROW(ATAN2, NUMBER, NINF, PI, POS), P3109_ROW(ATAN2, Z, NFIN, PI, POS),
	P3109_ROW(ATAN2, NINF, NUMBER, HALF_PI, NEG), P3109_ROW(ATAN2, NFIN, Z, HALF_PI, NEG),
	ROW(ATAN2, Z, NZ | NFIN | NINF, PI, X, 0), ROW(ATAN2, Z, PZ | PFIN | PINF, ZERO, X, 0),
	ROW(ATAN2, FIN, Z, HALF_PI, X, 0),
	ROW(ATAN2, FIN, NINF, PI, X, 0), ROW(ATAN2, FIN, PINF, ZERO, X, 0),
	ROW(ATAN2, INF, Z | FIN, HALF_PI, X, 0),
	ROW(ATAN2, INF, NINF, THREE_QUARTER_PI, X, 0), ROW(ATAN2, INF, PINF, QUARTER_PI, X, 0),
	/* atan2pi(y, x) = atan2(y, x)/π (C23 F.10.1.x), and P3109's ArcTan2Pi (§4.10.16) */
	NAN_IN(ATAN2PI),
	P3109_INVALID(ATAN2PI, Z, Z), P3109_INVALID(ATAN2PI, INF, INF),
	P3109_ROW(ATAN2PI, NUMBER, PINF, ZERO, POS), P3109_ROW(ATAN2PI, Z, PFIN, ZERO, POS),
	P3109_ROW(ATAN2PI, PINF, NUMBER, HALF, POS), P3109_ROW(ATAN2PI, PFIN, Z, HALF, POS),
	P3109_ROW(ATAN2PI, NUMBER, NINF, ONE, POS), P3109_ROW(ATAN2PI, Z, NFIN, ONE, POS),
	P3109_ROW(ATAN2PI, NINF, NUMBER, HALF, NEG), P3109_ROW(ATAN2PI, NFIN, Z, HALF, NEG),
	ROW(ATAN2PI, Z, NZ | NFIN | NINF, ONE, X, 0), ROW(ATAN2PI, Z, PZ | PFIN | PINF, ZERO, X, 0),
	ROW(ATAN2PI, FIN, Z, HALF, X, 0),
	ROW(ATAN2PI, FIN, NINF, ONE, X, 0), ROW(ATAN2PI, FIN, PINF, ZERO, X, 0),
	ROW(ATAN2PI, INF, Z | FIN, HALF, X, 0),
	ROW(ATAN2PI, INF, NINF, THREE_QUARTER, X, 0), ROW(ATAN2PI, INF, PINF, QUARTER, X, 0),
	/* hypot: ±∞ even with a NaN (F.10.4.3); P3109 takes the NaN first (§4.10.14) */
	P3109_ROW(HYPOT, NAN_, ANY, NAN, POS), P3109_ROW(HYPOT, ANY, NAN_, NAN, POS),
	ROW(HYPOT, INF, ANY, INF, POS, 0), ROW(HYPOT, ANY, INF, INF, POS, 0),
	NAN_IN(HYPOT), ROW(HYPOT, Z, Z, ZERO, POS, 0),
	/* minimum and maximum (§9.6): a NaN propagates; −0 < +0 */
	NAN_IN(MIN),
	ROW(MIN, NZ, Z, ZERO, NEG, 0), ROW(MIN, Z, NZ, ZERO, NEG, 0), ROW(MIN, PZ, PZ, ZERO, POS, 0),
	ROW(MIN, NINF, NUMBER, INF, NEG, 0), ROW(MIN, NUMBER, NINF, INF, NEG, 0),
	ROW(MIN, PINF, NUMBER, Y, POS, 0), ROW(MIN, NUMBER, PINF, X, POS, 0),
	NAN_IN(MAX),
	ROW(MAX, PZ, Z, ZERO, POS, 0), ROW(MAX, Z, PZ, ZERO, POS, 0), ROW(MAX, NZ, NZ, ZERO, NEG, 0),
	ROW(MAX, PINF, NUMBER, INF, POS, 0), ROW(MAX, NUMBER, PINF, INF, POS, 0),
	ROW(MAX, NINF, NUMBER, Y, POS, 0), ROW(MAX, NUMBER, NINF, X, POS, 0),
	/* fmod (F.10.7.1) and remainder (§5.3.1, F.10.7.2) */
	NAN_IN(FMOD), INVALID(FMOD, INF, ANY), INVALID(FMOD, ANY, Z),
	ROW(FMOD, Z, FIN | INF, ZERO, X, 0), ROW(FMOD, FIN, INF, X, POS, 0),
	NAN_IN(REM), INVALID(REM, INF, ANY), INVALID(REM, ANY, Z),
	ROW(REM, Z, FIN | INF, ZERO, X, 0), ROW(REM, FIN, INF, X, POS, 0),
	/* the activations at ±∞ take their formulas' limits (where IEEE arithmetic on the
	 * formula would meet ∞·0) */
	NAN_IN1(SIGMOID), ROW(SIGMOID, NINF, 0, ZERO, POS, 0), ROW(SIGMOID, PINF, 0, ONE, POS, 0),
	NAN_IN1(SOFTPLUS), ROW(SOFTPLUS, NINF, 0, ZERO, POS, 0), ROW(SOFTPLUS, PINF, 0, INF, POS, 0),
	NAN_IN1(SILU), ROW(SILU, NINF, 0, ZERO, POS, 0), ROW(SILU, PINF, 0, INF, POS, 0),
	NAN_IN1(GELU), ROW(GELU, NINF, 0, ZERO, POS, 0), ROW(GELU, PINF, 0, INF, POS, 0),
	NAN_IN1(RELU), ROW(RELU, NINF, 0, ZERO, POS, 0), ROW(RELU, PINF, 0, INF, POS, 0),
#undef P3109_INVALID
#undef P3109_ROW
#undef NAN_IN
#undef NAN_IN1
#undef INVALID
#undef ROW
};

#define ROW_COUNT (sizeof rows / sizeof rows[0])

/* ---- Classes ----------------------------------------------------------------------------- */

unsigned special_class(const struct num *x)
{
	enum special_class base = x->neg ? SC_NEG_ZERO : SC_POS_ZERO, offset;
	int vs_one;

	if (x->kind == NUM_NAN)
		return NAN_;
	if (x->kind == NUM_INF)
		return SC_BIT(base + (SC_POS_INF - SC_POS_ZERO));
	if (x->bound) /* past 2^±65536: tiny, or an even integer as every binary number that large */
		return SC_BIT(base + (x->bound == NUM_TINY ? SC_POS_TINY : SC_POS_EVEN) - SC_POS_ZERO);
	if (mpq_sgn(x->mag) == 0)
		return SC_BIT(base);
	vs_one = mpq_cmp_ui(x->mag, 1, 1);
	if (vs_one <= 0)
		offset = vs_one < 0 ? SC_POS_TINY : SC_POS_ONE;
	else if (mpz_cmp_ui(mpq_denref(x->mag), 1) != 0)
		offset = SC_POS_FRAC;
	else
		offset = mpz_odd_p(mpq_numref(x->mag)) ? SC_POS_ODD : SC_POS_EVEN;
	return SC_BIT(base + offset - SC_POS_ZERO);
}

unsigned special_negate(unsigned classes)
{
	unsigned positive = (classes >> SC_POS_ZERO) & 0x7f, negative = (classes >> SC_NEG_ZERO) & 0x7f;

	return (classes & NAN_) | positive << SC_NEG_ZERO | negative << SC_POS_ZERO;
}

static bool is_negative_class(int c)
{
	return c >= SC_NEG_ZERO;
}

/* ---- Look-up ----------------------------------------------------------------------------- */

/* The rows of each function, in the table's order: by_fn[fn_start[fn] .. fn_start[fn + 1]).
 * Made once (a look-up runs for every real evaluated, in map's threads too). */
static unsigned short fn_start[SP_COUNT + 1], by_fn[ROW_COUNT];
static unsigned x_classes[SP_COUNT], y_classes[SP_COUNT]; /* what some row of fn takes */
static pthread_once_t rows_indexed = PTHREAD_ONCE_INIT;

static void index_rows(void)
{
	unsigned short next[SP_COUNT] = { 0 };

	for (size_t i = 0; i < ROW_COUNT; i++) {
		fn_start[rows[i].fn + 1]++;
		x_classes[rows[i].fn] |= rows[i].x;
		y_classes[rows[i].fn] |= rows[i].y;
	}
	for (int fn = 0; fn < SP_COUNT; fn++) {
		fn_start[fn + 1] += fn_start[fn];
		next[fn] = fn_start[fn];
	}
	for (size_t i = 0; i < ROW_COUNT; i++)
		by_fn[next[rows[i].fn]++] = (unsigned short)i;
}

/* The first row of fn under these rules that one class of each operand matches, or NULL. */
static const struct special_row *first_row(enum special_rules rules, enum special_fn fn, int x, int y)
{
	for (unsigned i = fn_start[fn]; i < fn_start[fn + 1]; i++) {
		const struct special_row *row = &rows[by_fn[i]];
		if ((row->x & SC_BIT(x)) && (y < 0 || (row->y & SC_BIT(y))) && (!row->p3109 || rules == RULES_P3109))
			return row;
	}
	return NULL;
}

static bool result_sign(const struct special_row *row, int x, int y)
{
	switch (row->sign) {
	case SS_NEG: return true;
	case SS_X: return is_negative_class(x);
	case SS_Y: return is_negative_class(y);
	case SS_XOR: return is_negative_class(x) != is_negative_class(y);
	case SS_POS: break;
	}
	return false;
}

static bool same_result(const struct special_result *a, const struct special_result *b)
{
	return a->kind == b->kind && a->neg == b->neg && a->flags == b->flags;
}

/* P3109's one zero: a −0 operand is 0 (§4.8). */
static unsigned one_zero(unsigned classes)
{
	return classes & NZ ? (classes & ~NZ) | PZ : classes;
}

enum special_found special_find(struct special_result *out, enum special_fn fn, unsigned x, unsigned y)
{
	return special_find_in(out, RULES_IEEE754, fn, x, y);
}

enum special_found special_find_in(struct special_result *out, enum special_rules rules, enum special_fn fn,
				   unsigned x, unsigned y)
{
	bool unary = y == 0, some_row = false, no_row = false, differ = false;
	struct special_result first = { SK_NAN, false, 0 };

	pthread_once(&rows_indexed, index_rows);
	*out = first;
	if (rules == RULES_P3109) {
		x = one_zero(x);
		y = one_zero(y);
	}
	if (!(x & x_classes[fn]) || (!unary && !(y & y_classes[fn])))
		return SPECIAL_NONE; /* most operands: no row of fn takes their class */

	for (unsigned xs = x & SC_ANY; xs; xs &= xs - 1) {
		int cx = __builtin_ctz(xs);
		for (unsigned ys = unary ? 1 : y & SC_ANY; ys; ys &= ys - 1) {
			int cy = unary ? -1 : __builtin_ctz(ys);
			const struct special_row *row;
			struct special_result r;
			if (!(row = first_row(rules, fn, cx, cy))) {
				no_row = true;
				continue;
			}
			r = (struct special_result){ row->kind, result_sign(row, cx, cy), row->flags };
			differ = differ || (some_row && !same_result(&r, &first));
			if (!some_row)
				first = r;
			some_row = true;
		}
	}
	*out = first;
	return differ || (some_row && no_row) ? SPECIAL_AMBIGUOUS : some_row ? SPECIAL_FOUND : SPECIAL_NONE;
}

void special_value(struct num *out, const struct special_result *r, const struct num *x, const struct num *y)
{
	if (r->kind == SK_X || r->kind == SK_Y) {
		num_set(out, r->kind == SK_X ? x : y);
		return;
	}
	out->kind = r->kind == SK_NAN ? NUM_NAN : r->kind == SK_INF ? NUM_INF : NUM_FINITE;
	out->neg = r->kind != SK_NAN && r->neg;
	out->bound = NUM_EXACT;
	switch (r->kind) {
	case SK_ONE: mpq_set_ui(out->mag, 1, 1); break;
	case SK_TWO: mpq_set_ui(out->mag, 2, 1); break;
	case SK_HALF: mpq_set_ui(out->mag, 1, 2); break;
	case SK_QUARTER: mpq_set_ui(out->mag, 1, 4); break;
	case SK_THREE_QUARTER: mpq_set_ui(out->mag, 3, 4); break;
	default: mpq_set_ui(out->mag, 0, 1); break;
	}
}
