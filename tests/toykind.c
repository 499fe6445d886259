/*
 * toykind.c — a kind that is not fpx's, added as any kind is: this one file, and the
 * one line in main() that registers it (kind.h). It proves that a kind stands alone:
 * a format file describes one with the kind's own key, fmt_lookup() builds one from
 * the kind's own names, rounding, decoding and the registry's messages need nothing
 * more, and its description lives in the format's kind_data, not in struct fmt.
 *
 * The toy kind: unsigned integers times a power of two, code·2^step; no NaN, no inf.
 * A format file says `kind toy`, `bits N` and `step K`; a name says toyN or toyNsK.
 */
#include "format.h"
#include "kindbase.h"
#include "kinds.h"
#include "num.h"
#include "registry.h"
#include "strbuf.h"
#include "testlib.h"

#include <ctype.h>

/* ---- The kind ------------------------------------------------------------------------ */

struct toy_desc {
	int step; /* every value is a multiple of 2^step */
};
_Static_assert(sizeof(struct toy_desc) <= FMT_KIND_DATA_BYTES, "a toy's description fits in kind_data");

static const struct fmt_kind toy_kind;

static int toy_step(const struct fmt *f)
{
	return ((const struct toy_desc *)fmt_kind_data_of(f))->step;
}

static const char *toy_finish(struct fmt *f)
{
	if (f->bits < 1 || f->bits > 16)
		return "bits must be 1 to 16 in a toy format";
	if (toy_step(f) < -64 || toy_step(f) > 64)
		return "step must be -64 to 64 in a toy format";
	f->has_sign = false;
	f->sign_bit = 0;
	f->has_zero = true;
	f->max_rank = code_mask(f->bits);
	f->min_normal_rank = 1;
	f->emin = toy_step(f);
	f->emax = f->bits - 1 + toy_step(f);
	f->precision = f->bits;
	return NULL;
}

static fpcode toy_magnitude(const struct fmt *f, fpcode code, bool *neg)
{
	(void)f;
	*neg = false;
	return code;
}

static fpcode toy_with_sign(const struct fmt *f, fpcode magnitude, bool neg)
{
	(void)f;
	(void)neg;
	return magnitude;
}

static void toy_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	code_to_mpz(sig, rank);
	*exp = toy_step(f);
}

static void toy_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	out->neg = false;
	toy_rank_value(out->sig, &out->exp, f, code);
	out->ulp_exp = toy_step(f);
	out->precision = f->bits;
	out->cls = code ? FP_NORMAL : FP_ZERO;
}

static int toy_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	return kind_add_field(out, 0, BITS_INTEGER, f->bits, code, 0);
}

/* q/2^step = n + r, 0 ≤ r < 1: rank n, and r against 1/2. */
static int toy_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	mpq_t t;
	mpz_t n;
	int cmp;

	mpq_init(t);
	mpz_init(n);
	num_scale_pow2(t, q, -toy_step(f));
	mpz_fdiv_q(n, mpq_numref(t), mpq_denref(t));
	if (mpz_sizeinbase(n, 2) > (size_t)f->bits) {
		*lower = f->max_rank + 1;
		*exact = false;
		mpq_clear(t);
		mpz_clear(n);
		return 1;
	}
	code_from_mpz(lower, n);
	mpq_set_z(t, n);
	num_scale_pow2(t, t, toy_step(f));
	*exact = mpq_equal(t, q);
	mpq_sub(t, q, t);
	num_scale_pow2(t, t, 1 - toy_step(f));
	cmp = mpq_cmp_ui(t, 1, 1);
	mpq_clear(t);
	mpz_clear(n);
	return cmp < 0 ? -1 : cmp > 0;
}

static void toy_formula(struct strbuf *out, const struct fmt *f, fpcode magnitude, const struct fmt_value *v)
{
	(void)v;
	sb_printf(out, "%lu * 2^%d", (unsigned long)magnitude, toy_step(f));
}

static void toy_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
			      int field_kind)
{
	(void)v;
	(void)field_kind;
	sb_printf(out, "%lu", (unsigned long)(code & code_mask(f->bits)));
}

static void toy_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name, const void *arg)
{
	(void)indent;
	name(out, BITS_INTEGER, arg);
	sb_printf(out, " %d; values code * 2^%d\n", f->bits, toy_step(f));
}

/* ---- Its lines in a format file, and its names ------------------------------------------ */

static bool apply_step(struct fmt *f, char *val, struct kind_why *why)
{
	if (f->kind != &toy_kind)
		return kind_fail(why, "step is a toy's: `kind toy` comes first");
	return kind_key_integer(&((struct toy_desc *)fmt_kind_data(f))->step, "step", val, why);
}

static const struct kind_key toy_keys[] = {
	{ "bits", kind_apply_bits },
	{ "step", apply_step },
	{ NULL, NULL },
};

/* toy8, toy8s3 */
static struct fmt *toy_from_name(const char *lower)
{
	int bits, step = 0, used = 0;
	const char *rest;
	struct fmt *f;

	if (sscanf(lower, "toy%2d%n", &bits, &used) != 1 || !isdigit((unsigned char)lower[3]))
		return NULL;
	rest = lower + used;
	if (*rest && (sscanf(rest, "s%2d%n", &step, &used) != 1 || !isdigit((unsigned char)rest[1]) || rest[used]))
		return NULL;
	f = fmt_new(lower, &toy_kind);
	f->bits = bits;
	((struct toy_desc *)fmt_kind_data(f))->step = step;
	snprintf(f->description, sizeof f->description, "toy: %d-bit code * 2^%d", bits, step);
	if (fmt_finish(f))
		return fmt_free(f), NULL;
	return f;
}

static bool toy_same_description(const struct fmt *a, const struct fmt *b)
{
	return toy_step(a) == toy_step(b);
}

static const struct fmt_kind toy_kind = {
	.name = "toy",
	.sign_is_top_bit = false,
	.ranks_are_codes = true,
	.named_in_files = true,
	.keys = toy_keys,
	.from_name = toy_from_name,
	.same_description = toy_same_description,
	.finish = toy_finish,
	.magnitude = toy_magnitude,
	.with_sign = toy_with_sign,
	.decode = toy_decode,
	.fields = toy_fields,
	.code_of_rank = kind_same_rank,
	.rank_of_code = kind_same_rank,
	.rank_value = toy_rank_value,
	.place = toy_place,
	.formula = toy_formula,
	.explain_field = toy_explain_field,
	.layout = toy_layout,
};

/* ---- The checks ------------------------------------------------------------------------ */

/* Rounding the value text into f (rne) gives code. */
static void check_rounds(const struct fmt *f, const char *text, fpcode code)
{
	struct input in;
	struct parse_error err;
	struct rnd_result r;
	bool ok;

	parse_input_init(&in);
	ok = parse_input(&in, &err, text, strlen(text)) == PARSE_OK && in.kind == INPUT_VALUE &&
	     rnd_encode(&r, f, &in.value, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) == RND_OK && r.code == code;
	check(ok, "%s: %s rounds to 0x%lx", f->name, text, (unsigned long)code);
	parse_input_clear(&in);
}

static void check_value(const struct fmt *f, fpcode code, long expected)
{
	mpq_t q;

	mpq_init(q);
	fmt_code_rational(q, f, code);
	check(mpq_cmp_si(q, expected, 1) == 0, "%s: code 0x%lx is %ld", f->name, (unsigned long)code, expected);
	mpq_clear(q);
}

/* A file describes one with the kind's key; the registry's messages know the kind. */
static void check_file(void)
{
	char err[512];
	const struct fmt *f;

	check(fmt_load_text("toy.fmt", "name toy5x\nkind toy\nbits 5\nstep 2\n", err, sizeof err), "load: %s", err);
	f = fmt_lookup("toy5x");
	if (!check(f && f->bits == 5 && f->max_rank == 31, "toy5x is loaded, 5 bits"))
		return;
	check_value(f, 3, 12); /* 3·2^2 */
	check_rounds(f, "13", 3); /* 13/4 = 3.25: 3 */
	check_rounds(f, "14", 4); /* 3.5, a tie: the even 4 */
	check_rounds(f, "1000", 31); /* past max (124): clamped, no inf */
	check(!fmt_load_text("bad.fmt", "name b\nstep 2\n", err, sizeof err) &&
		      strcmp(err, "bad.fmt:2: step is a toy's: `kind toy` comes first") == 0,
	      "step before kind: %s", err);
	check(!fmt_load_text("bad.fmt", "name b\nkind decimal\n", err, sizeof err) &&
		      strstr(err, "kind is posit, x87, fixed or toy, not 'decimal'"),
	      "the kinds a file may name: %s", err);
	check(!fmt_load_text("bad.fmt", "name b\nfoo 1\n", err, sizeof err) && strstr(err, ", step)"),
	      "the keys listed: %s", err);
	check(!fmt_load_text("bad.fmt", "name b\nkind toy\nbits 5\nfraction 2\n", err, sizeof err) &&
		      strcmp(err, "bad.fmt:4: fraction is not a key of the toy kind (its own: bits, step)") == 0,
	      "another kind's key refused at its line: %s", err);
	check(!fmt_load_text("bad.fmt", "name b\nkind toy\nbits 40\n", err, sizeof err) &&
		      strcmp(err, "bad.fmt:3: bits must be 1 to 16 in a toy format") == 0,
	      "the kind's finish() points at its line: %s", err);
}

/* Its names build one; the look-alike note compares toys with toys. */
static void check_names(void)
{
	const struct fmt *f = fmt_lookup("toy6s1"), *g = fmt_lookup("TOY6");

	if (check(f != NULL, "toy6s1 is a format"))
		check_value(f, 63, 126);
	if (check(g != NULL, "TOY6 is a format"))
		check_value(g, 63, 63);
	check(fmt_lookup("toy6s") == NULL && fmt_lookup("toy99") == NULL, "not toy names");
}

int main(void)
{
	if (!check(kind_register(&toy_kind), "registered")) /* the one line that adds the kind */
		return test_summary("toykind");
	check_file();
	check_names();
	check(fmt_lookup("e5m2") && fmt_lookup("posit16es1"), "the built-in kinds still name theirs");
	return test_summary("toykind");
}
