/*
 * testfloat.c — Berkeley TestFloat's side of fpx map --testfloat (see testfloat.h): the
 * table of its types and operations, read off tf:source/functionInfos.c (DIGEST.md §6);
 * its options spelled its way; its operand lines; and SoftFloat's conversions into
 * integers. A TestFloat name is a type, then an operation or "to_" and a type, so two
 * small tables make every name: f32_add is binary32 x+y, f16_to_i32 binary16 → int32 x.
 * Never writes a row, never rounds a float: map does both as for any expression.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "registry.h"
#include "report.h"
#include "testfloat.h"

/* ---- The names ---------------------------------------------------------------------------- */

enum tf_class { TF_FLOAT, TF_BF16, TF_INT };

/* TestFloat's types, as its names spell them, and fpx's formats. */
static const struct tf_type {
	const char *name, *format;
	enum tf_class class;
} tf_types[] = {
	{ "f16", "binary16", TF_FLOAT },  { "f32", "binary32", TF_FLOAT }, { "f64", "binary64", TF_FLOAT },
	{ "extF80", "x87", TF_FLOAT },    { "f128", "binary128", TF_FLOAT }, { "bf16", "bfloat16", TF_BF16 },
	{ "ui32", "uint32", TF_INT },     { "ui64", "uint64", TF_INT },      { "i32", "int32", TF_INT },
	{ "i64", "int64", TF_INT },
};
#define TF_TYPES (sizeof tf_types / sizeof tf_types[0])

/*
 * The operations F_NAME, operands and result in F (f16 f32 f64 extF80 f128), as fpx's
 * expressions. The comparisons' result is 1 or 0 (written so). roundToInt rounds by -r
 * and flags inexact with -exact (--exact).
 */
static const struct tf_op {
	const char *name, *expression;
	bool no_extf80; /* TestFloat has no extF80_mulAdd */
} tf_ops[] = {
	{ "add", "x+y", false },
	{ "sub", "x-y", false },
	{ "mul", "x*y", false },
	{ "div", "x/y", false },
	{ "rem", "rem(x,y)", false },
	{ "sqrt", "sqrt(x)", false },
	{ "mulAdd", "x*y+z", true },
	{ "eq", "compareequal(x,y)", false },
	{ "le", "comparelessequal(x,y)", false },
	{ "lt", "compareless(x,y)", false },
	{ "eq_signaling", "eq_signaling(x,y)", false },
	{ "le_quiet", "le_quiet(x,y)", false },
	{ "lt_quiet", "lt_quiet(x,y)", false },
	{ "roundToInt", "roundtoint(x)", false },
};
#define TF_OPS (sizeof tf_ops / sizeof tf_ops[0])

/* A name read: the operands' type, the result's, and the expression; F_to_I_r_minMag
 * rounds toward zero whatever -r says. */
struct tf_function {
	const struct tf_type *in, *to;
	const char *expression;
	bool min_mag;
};

#define TF_MIN_MAG "_r_minMag"

/* The type named by text's first len bytes, or NULL. */
static const struct tf_type *find_type(const char *text, size_t len)
{
	for (size_t i = 0; i < TF_TYPES; i++)
		if (strlen(tf_types[i].name) == len && strncasecmp(tf_types[i].name, text, len) == 0)
			return &tf_types[i];
	return NULL;
}

/* A conversion TestFloat has: float to float, int to float, float to int; bf16 only
 * to and from f32. */
static bool converts(const struct tf_type *a, const struct tf_type *b)
{
	if (a == b || (a->class == TF_INT && b->class == TF_INT))
		return false;
	if (a->class == TF_BF16 || b->class == TF_BF16)
		return strcmp((a->class == TF_BF16 ? b : a)->name, "f32") == 0;
	return true;
}

/* TYPE_OP or TYPE_to_TYPE, as TestFloat has it (case aside): true with *out. */
static bool find_function(struct tf_function *out, const char *name)
{
	size_t len = strcspn(name, "_");
	const struct tf_type *a = find_type(name, len);
	const char *rest = name + len + 1;

	out->min_mag = false;
	if (!a || !name[len])
		return false;
	if (strncasecmp(rest, "to_", 3) == 0) {
		size_t to_len = strlen(rest + 3), suffix = strlen(TF_MIN_MAG);
		out->min_mag = to_len > suffix && strcasecmp(rest + 3 + to_len - suffix, TF_MIN_MAG) == 0;
		out->in = a;
		out->to = find_type(rest + 3, to_len - (out->min_mag ? suffix : 0));
		out->expression = "x";
		return out->to && converts(a, out->to) && (!out->min_mag || (a->class == TF_FLOAT && out->to->class == TF_INT));
	}
	for (size_t i = 0; a->class == TF_FLOAT && i < TF_OPS; i++)
		if (strcasecmp(tf_ops[i].name, rest) == 0 && !(tf_ops[i].no_extf80 && strcmp(a->name, "extF80") == 0)) {
			out->in = out->to = a;
			out->expression = tf_ops[i].expression;
			return true;
		}
	return false;
}

/* Does text begin as TestFloat's names do, with one of its types and '_'? */
static bool looks_like_function(const char *text)
{
	size_t len = strcspn(text, "_");

	return text[len] == '_' && find_type(text, len);
}

bool testfloat_take_name(struct settings *s)
{
	struct tf_function fn;
	const char *name = s->nargs >= 1 ? s->args[0] : NULL;

	if (!name || fmt_lookup(name) || !looks_like_function(name))
		return true;
	if (!find_function(&fn, name)) {
		report("'%s': no function of TestFloat's (see fpx map --help)", name);
		return false;
	}
	if (s->map.in || s->map.to) {
		report("'%s' names the formats: no --in or --to with it", name);
		return false;
	}
	s->map.in = fn.in->format;
	s->map.to = fn.to->format;
	if (fn.min_mag)
		s->rounding.mode = RND_TOWARD_ZERO; /* TestFloat takes no -r for these */
	if (s->map.exact && strcmp(fn.expression, "roundtoint(x)") == 0)
		fn.expression = "roundtointexact(x)"; /* -exact: inexact flagged */
	s->args[0] = (char *)fn.expression; /* map only reads its arguments */
	return true;
}

/* ---- The options ---------------------------------------------------------------------------- */

/* TestFloat's spellings and fpx's; NULL: dropped. */
static const struct {
	const char *testfloat, *fpx;
} tf_options[] = {
	{ "-tininessbefore", "--tininess=before" },
	{ "-tininessafter", "--tininess=after" },
	{ "-precision32", "--precision-control=24" },
	{ "-precision64", "--precision-control=53" },
	{ "-precision80", "--precision-control=64" },
};

static bool has_testfloat_option(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--testfloat") == 0)
			return true;
	return false;
}

/* TestFloat's options that say what testfloat_ver checks or how roundToInt flags:
 * the last of -exact and -notexact wins; -checkAll is both checks. */
struct tf_checks {
	int exact; /* -1: neither -exact nor -notexact */
	bool nans, inv_ints;
};

static bool take_check(struct tf_checks *c, const char *arg)
{
	if (strcmp(arg, "-exact") == 0 || strcmp(arg, "-notexact") == 0)
		c->exact = arg[1] == 'e';
	else if (strcmp(arg, "-checkNaNs") == 0 || strcmp(arg, "-checkAll") == 0)
		c->nans = true, c->inv_ints |= arg[6] == 'A';
	else if (strcmp(arg, "-checkInvInts") == 0)
		c->inv_ints = true;
	else
		return false;
	return true;
}

/* arg as fpx spells it: one of tf_options, or as it is. */
static char *fpx_spelling(char *arg)
{
	for (size_t k = 0; k < sizeof tf_options / sizeof tf_options[0]; k++)
		if (strcmp(arg, tf_options[k].testfloat) == 0)
			return (char *)tf_options[k].fpx; /* options_parse() only reads them */
	return arg;
}

int testfloat_options(int argc, char **argv, char ***out)
{
	struct tf_checks checks = { .exact = -1 };
	int n = 1;
	char **v;

	*out = NULL;
	if (!has_testfloat_option(argc, argv))
		return argc;
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		take_check(&checks, argv[i]);
	if (!(v = malloc((size_t)(argc + 4) * sizeof *v)))
		abort();
	v[0] = argv[0];
	if (checks.exact == 1) /* first among the options */
		v[n++] = (char *)"--exact";
	if (checks.nans)
		v[n++] = (char *)"--check-nans";
	if (checks.inv_ints)
		v[n++] = (char *)"--check-inv-ints";
	for (int i = 1, options = 1; i < argc; i++) {
		struct tf_checks ignored;
		options = options && strcmp(argv[i], "--") != 0;
		if (!options)
			v[n++] = argv[i];
		else if (!take_check(&ignored, argv[i]))
			v[n++] = fpx_spelling(argv[i]);
	}
	v[n] = NULL;
	*out = v;
	return n;
}

/* ---- The operand lines ---------------------------------------------------------------------- */

/* One hex field of f at *p (0x allowed, at most f's width in digits, no more bits than
 * f has), *p moved past it. */
static bool read_hex_field(fpcode *out, const struct fmt *f, const char **p)
{
	const char *s = *p + (((*p)[0] == '0' && ((*p)[1] == 'x' || (*p)[1] == 'X')) ? 2 : 0);
	int digits = 0;

	*out = 0;
	for (; *s && strchr("0123456789abcdefABCDEF", *s); s++, digits++) {
		int d = *s <= '9' ? *s - '0' : (*s | 0x20) - 'a' + 10;
		*out = *out << 4 | (fpcode)d;
	}
	*p = s;
	return digits > 0 && digits <= fmt_hex_digits(f) && *out <= code_mask(f->bits);
}

/* Past the blanks at p; how many there were in *n. */
static const char *skip_blanks(const char *p, int *n)
{
	*n = (int)strspn(p, " \t");
	return p + *n;
}

bool testfloat_read_operands(fpcode *codes, const struct mapping *m, const char *text)
{
	const char *p = text + strspn(text, " \t");
	int blanks = 1, fields = 0;

	for (int v = 0; v < MAP_VARIABLES; v++) {
		codes[v] = 0;
		if (!(m->used & 1u << v))
			continue;
		if (!blanks || !read_hex_field(&codes[v], m->in[v], &p))
			return false;
		p = skip_blanks(p, &blanks);
	}
	while (*p && blanks) { /* testfloat_gen's result and flags: two fields, or none */
		p += strcspn(p, " \t");
		p = skip_blanks(p, &blanks);
		fields++;
	}
	return !*p && (fields == 0 || fields == 2);
}

/* ---- Conversions into integers -------------------------------------------------------------- */

bool testfloat_is_to_int(const struct mapping *m)
{
	static const char *const ints[] = { "int32", "int64", "uint32", "uint64" };
	const struct real *x = m->expr;
	bool to_int = false;

	if (!m->s->map.testfloat || m->right || m->fn || x->op != REAL_VAR)
		return false;
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		const struct fmt *f = fmt_lookup(ints[i]);
		to_int |= m->to == f;
		if (m->in[x->var] == f)
			return false; /* an integer into an integer: map's own conversion */
	}
	return to_int;
}

/* x (finite) rounded to an integer by mode, signed; *inexact when it moved. The mode
 * picks as it does everywhere (round.h's rnd_mode_pick()); the candidates' parity is
 * the integer's own. */
static void round_to_integer(mpz_t out, bool *inexact, const struct num *x, enum rnd_mode mode)
{
	mpz_t rem;

	mpz_init(rem);
	mpz_fdiv_qr(out, rem, mpq_numref(x->mag), mpq_denref(x->mag));
	*inexact = mpz_sgn(rem) != 0;
	if (*inexact) {
		enum rnd_pick pick;
		bool odd = mpz_odd_p(out);
		mpz_mul_2exp(rem, rem, 1);
		pick = rnd_mode_pick(mode, mpz_cmp(rem, mpq_denref(x->mag)), x->neg);
		if (pick == RND_PICK_UPPER || (pick == RND_PICK_EVEN && odd) || (pick == RND_PICK_ODD && !odd))
			mpz_add_ui(out, out, 1);
	}
	if (x->neg)
		mpz_neg(out, out);
	mpz_clear(rem);
}

/* n's code in f (two's complement when signed), or false when f does not hold n. */
static bool integer_code(fpcode *out, const struct fmt *f, const mpz_t n)
{
	mpz_t z;
	bool fits;

	mpz_init(z);
	if (f->has_sign && mpz_sgn(n) < 0) {
		mpz_setbit(z, (mp_bitcnt_t)f->bits);
		mpz_add(z, z, n); /* 2^bits + n: at least 2^(bits−1) when it fits */
		fits = mpz_sizeinbase(z, 2) == (size_t)f->bits && mpz_sgn(z) > 0;
	} else {
		mpz_set(z, n);
		fits = mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= (size_t)(f->bits - f->has_sign);
	}
	fits = fits && code_from_mpz(out, z);
	mpz_clear(z);
	return fits;
}

enum problem testfloat_to_int(struct outcome *o, const struct mapping *m, const struct num *x)
{
	const struct fmt *to = m->to;
	enum arch_int_case which = x->kind == NUM_NAN ? ARCH_INT_NAN : x->neg ? ARCH_INT_NEG_OVERFLOW : ARCH_INT_POS_OVERFLOW;
	bool inexact = false, fits = false;

	memset(&o->res, 0, sizeof o->res);
	o->has_value = false;
	if (x->kind == NUM_FINITE) {
		mpz_t n;
		mpz_init(n);
		round_to_integer(n, &inexact, x, m->how.mode);
		fits = integer_code(&o->res.code, to, n);
		if (mpz_sgn(n))
			which = mpz_sgn(n) < 0 ? ARCH_INT_NEG_OVERFLOW : ARCH_INT_POS_OVERFLOW;
		mpz_clear(n);
	}
	if (!fits) {
		o->res.code = (fpcode)arch_int_invalid(m->s->arch, to->bits, to->has_sign, which); /* --arch's table */
		o->res.flags = RND_INVALID;
	} else if (inexact && m->s->map.exact)
		o->res.flags = RND_INEXACT;
	return PROBLEM_NONE;
}

/* ---- Help ------------------------------------------------------------------------------------- */

void testfloat_print_help(void)
{
	int column;

	printf("\nWith --testfloat, TestFloat's function names in place of FORMAT EXPR (F, G: f16 f32\n"
	       "f64 extF80 f128, fpx's binary16 ... x87; I: ui32 ui64 i32 i64; operands after '-' on\n"
	       "stdin as testfloat_gen writes them; -rnear_even -rminMag -rmin -rmax -rnear_maxMag\n"
	       "-rodd, -tininessbefore, -tininessafter, -exact, -notexact as TestFloat spells them):\n");
	column = printf(" ");
	for (size_t i = 0; i < TF_OPS; i++) {
		const char *note = tf_ops[i].no_extf80 ? " (not extF80)" : "";
		if (column + (int)(strlen(tf_ops[i].name) + 3 + strlen(note)) > 88)
			column = printf("\n ") - 1;
		column += printf(" F_%s%s", tf_ops[i].name, note);
	}
	printf("\n  F_to_G I_to_F F_to_I F_to_I_r_minMag bf16_to_f32 f32_to_bf16\n"
	       "      F_to_I: rounded by -r (_r_minMag: toward zero); NaN, +-inf, out of range:\n"
	       "      invalid and --arch's integer; inexact only with -exact\n"
	       "  -precision32, -precision64: extF80's add sub mul div sqrt round to 24, 53 bits\n");
}
