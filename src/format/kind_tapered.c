/*
 * kind_tapered.c — tapered formats (HiF8): after the sign, a prefix selects a class,
 * and each class has its own exponent width and encoding and its own mantissa width;
 * some codes stand for themselves (zero, infinity, NaN). Codes are not in value order,
 * so the ranks come from a sorted table of every value (table.c), built on first use;
 * at most 16 bits.
 */
#include "format.h"
#include "kindbase.h"
#include "table.h"
#include "strbuf.h"

#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How a tapered class stores its exponent. */
enum tapered_encoding {
	EXP_SIGN_MAGNITUDE, /* sign bit, then magnitude bits below an implicit top 1 */
	EXP_OFFSET,         /* unsigned field minus an offset */
};

/* One prefix class of a tapered format: the bits after the sign that select it. */
struct tapered_class {
	unsigned prefix;
	int prefix_len;
	int exp_bits;
	enum tapered_encoding encoding;
	int exp_offset;
	int mant_bits;
	enum fp_class cls; /* FP_NORMAL or FP_SUBNORMAL: what its codes are called */
};

/* A code that stands for itself rather than for its fields. */
struct tapered_special {
	uint32_t code;     /* at most 16 bits (one of more than 32 is kept as all ones, for finish() to refuse) */
	enum fp_class cls; /* FP_ZERO, FP_INF or FP_NAN */
	bool neg;
};

#define TAPERED_MAX_CLASSES 16
#define TAPERED_MAX_SPECIALS 16

/* The description of a tapered format beyond its width and sign, as its class and
 * special lines give it: the format's kind_data. */
struct tapered_desc {
	int nclasses;
	struct tapered_class classes[TAPERED_MAX_CLASSES];
	int nspecials;
	struct tapered_special special[TAPERED_MAX_SPECIALS];
};
_Static_assert(sizeof(struct tapered_desc) <= FMT_KIND_DATA_BYTES, "a tapered description fits in kind_data");

static const struct tapered_desc *desc_of(const struct fmt *f)
{
	return fmt_kind_data_of(f);
}

static struct tapered_desc *desc_in(struct fmt *f)
{
	return fmt_kind_data(f);
}

static fpcode magnitude_mask(const struct fmt *f)
{
	return code_mask(f->has_sign ? f->bits - 1 : f->bits);
}

static int magnitude_width(const struct fmt *f)
{
	return f->has_sign ? f->bits - 1 : f->bits;
}

static bool class_matches(const struct tapered_class *c, fpcode mag, int width)
{
	return (mag >> (width - c->prefix_len)) == c->prefix;
}

/* The prefix class a code belongs to (its magnitude bits decide). */
static const struct tapered_class *class_of(const struct fmt *f, fpcode code)
{
	const struct tapered_desc *d = desc_of(f);
	fpcode mag = code & magnitude_mask(f);

	for (int i = 0; i < d->nclasses; i++)
		if (class_matches(&d->classes[i], mag, magnitude_width(f)))
			return &d->classes[i];
	return NULL;
}

/* The exponent a class's exponent field stands for. */
static long class_exponent(const struct tapered_class *c, unsigned field)
{
	unsigned magnitude;

	if (c->encoding == EXP_OFFSET)
		return (long)field - c->exp_offset;
	if (c->exp_bits == 0)
		return 0;
	magnitude = 1u << (c->exp_bits - 1) | (field & ((1u << (c->exp_bits - 1)) - 1));
	return (field >> (c->exp_bits - 1)) ? -(long)magnitude : (long)magnitude;
}

static unsigned exponent_field(const struct tapered_class *c, fpcode code)
{
	return (unsigned)((code >> c->mant_bits) & code_mask(c->exp_bits));
}

static const struct tapered_special *find_special(const struct fmt *f, fpcode code)
{
	const struct tapered_desc *d = desc_of(f);

	for (int i = 0; i < d->nspecials; i++)
		if (d->special[i].code == code)
			return &d->special[i];
	return NULL;
}

static void tapered_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	const struct tapered_special *s = find_special(f, code);
	const struct tapered_class *c;
	fpcode mant;

	out->neg = f->has_sign && (code & f->sign_bit);
	mpz_set_ui(out->sig, 0);
	out->exp = out->ulp_exp = 0;
	out->precision = 0;
	if (s) {
		out->cls = s->cls;
		return;
	}
	c = class_of(f, code);
	assert(c && "finish checked that the classes cover every code");
	mant = code & code_mask(c->mant_bits);
	mpz_set_ui(out->sig, 1u << c->mant_bits | (unsigned)mant);
	out->exp = out->ulp_exp = class_exponent(c, exponent_field(c, code)) - c->mant_bits;
	out->precision = c->mant_bits + 1;
	out->cls = c->cls;
}

static int tapered_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	const struct tapered_class *c = class_of(f, code);
	int n = 0;

	if (f->has_sign)
		n = kind_add_field(out, n, BITS_SIGN, 1, code, f->bits - 1);
	n = kind_add_field(out, n, BITS_DOT, c->prefix_len, code, c->exp_bits + c->mant_bits);
	n = kind_add_field(out, n, BITS_EXPONENT, c->exp_bits, code, c->mant_bits);
	return kind_add_field(out, n, BITS_MANTISSA, c->mant_bits, code, 0);
}

static fpcode tapered_code_of_rank(const struct fmt *f, fpcode rank)
{
	return table_get(f)->entry[rank].code;
}

static fpcode tapered_rank_of_code(const struct fmt *f, fpcode magnitude)
{
	return table_get(f)->rank_of[magnitude];
}

static void tapered_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	const mpq_t *v = table_value(table_get(f), rank);

	/* table values are dyadic: sig / 2^k */
	mpz_set(sig, mpq_numref(*v));
	*exp = -(long)mpz_scan1(mpq_denref(*v), 0);
}

/* ---- Text ----------------------------------------------------------------------------- */

static void tapered_formula(struct strbuf *out, const struct fmt *f, fpcode mag, const struct fmt_value *v)
{
	const struct tapered_class *c;
	unsigned field;

	if (v->cls == FP_ZERO) {
		sb_putc(out, '0');
		return;
	}
	c = class_of(f, mag);
	field = exponent_field(c, mag);
	if (c->encoding == EXP_OFFSET)
		sb_printf(out, "2^(%u - %d)", field, c->exp_offset);
	else
		sb_printf(out, "2^%ld", class_exponent(c, field));
	kind_significand_text(out, mag & code_mask(c->mant_bits), c->mant_bits, true);
}

static void explain_exponent(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v)
{
	const struct tapered_class *c = class_of(f, code);
	unsigned field = exponent_field(c, code);
	long e = class_exponent(c, field);

	if (v->cls == FP_NAN || v->cls == FP_INF || v->cls == FP_ZERO) {
		sb_printf(out, "special code: %s", v->cls == FP_NAN ? "NaN" : v->cls == FP_INF ? "infinity" : "zero");
		return;
	}
	sb_printf(out, "dot says %d exponent bit%s", c->exp_bits, sb_plural(c->exp_bits));
	if (c->encoding == EXP_OFFSET)
		sb_printf(out, "; %u - %d = %ld (offset)", field, c->exp_offset, e);
	else if (c->exp_bits == 0)
		sb_puts(out, ": E = 0");
	else
		sb_printf(out, "; sign %s, magnitude 1 (implicit) then %d stored bit%s: |E| = %ld, E = %ld",
			  field >> (c->exp_bits - 1) ? "-" : "+", c->exp_bits - 1, c->exp_bits == 2 ? "" : "s",
			  e < 0 ? -e : e, e);
	if (c->cls == FP_SUBNORMAL)
		sb_puts(out, " (denormal class)");
}

static void tapered_explain_field(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
				  int field_kind)
{
	if (field_kind == BITS_EXPONENT)
		explain_exponent(out, f, code, v);
	else if (field_kind == BITS_DOT)
		sb_puts(out, "prefix: says how many exponent bits follow");
}

static void tapered_layout(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name,
			   const void *arg)
{
	const struct tapered_desc *d = desc_of(f);

	if (f->has_sign) {
		name(out, BITS_SIGN, arg);
		sb_puts(out, " 1, then ");
	}
	sb_puts(out, "prefix-coded classes:\n");
	for (int i = 0; i < d->nclasses; i++) {
		const struct tapered_class *c = &d->classes[i];
		char prefix[20];
		for (int k = 0; k < c->prefix_len; k++)
			prefix[k] = (char)('0' + ((c->prefix >> (c->prefix_len - 1 - k)) & 1));
		prefix[c->prefix_len] = '\0';
		sb_printf(out, "%*sdot %-5s exponent %d (%s), mantissa %d%s\n", indent, "", prefix, c->exp_bits,
			  c->encoding == EXP_OFFSET ? "offset" : "sign-magnitude", c->mant_bits,
			  c->cls == FP_SUBNORMAL ? ", denormal" : "");
	}
}

/* The exponents a class covers: |E| for sign-magnitude ones, which cover both signs. */
static bool class_exponent_range(long *lo, long *hi, const struct fmt *f, const struct tapered_class *c)
{
	bool symmetric = c->encoding == EXP_SIGN_MAGNITUDE, any = false;
	struct fmt_value v;

	fmt_value_init(&v);
	for (fpcode mag = 0; mag <= magnitude_mask(f); mag++) {
		long e;
		if (class_of(f, mag) != c)
			continue;
		tapered_decode(&v, f, mag);
		if (v.cls != FP_NORMAL && v.cls != FP_SUBNORMAL)
			continue;
		e = v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1;
		e = symmetric && e < 0 ? -e : e;
		*lo = any && *lo < e ? *lo : e;
		*hi = any && *hi > e ? *hi : e;
		any = true;
	}
	fmt_value_clear(&v);
	return any;
}

static void tapered_precision_lines(struct strbuf *out, const struct fmt *f)
{
	const struct tapered_desc *d = desc_of(f);

	for (int i = 0; i < d->nclasses; i++) {
		const struct tapered_class *c = &d->classes[i];
		long lo, hi;
		if (!class_exponent_range(&lo, &hi, f, c))
			continue;
		sb_printf(out, "%s%s %ld", out->len ? "\n" : "", c->encoding == EXP_SIGN_MAGNITUDE ? "|E|" : "E", lo);
		if (hi != lo)
			sb_printf(out, "..%ld", hi);
		sb_printf(out, ": %d bit%s", c->mant_bits + 1, c->mant_bits ? "s" : "");
	}
}

/* ---- Deriving what a description implies ------------------------------------------------ */

/* Every magnitude code must match exactly one class, and the widths must add up. */
static const char *check_classes(const struct fmt *f, int width)
{
	const struct tapered_desc *d = desc_of(f);

	for (int i = 0; i < d->nclasses; i++) {
		const struct tapered_class *c = &d->classes[i];
		if (c->prefix_len + c->exp_bits + c->mant_bits != width)
			return "a class's prefix, exponent and mantissa must fill the bits after the sign";
		if (c->exp_bits > 16 || c->mant_bits > 16)
			return "a class field is too wide";
	}
	for (fpcode mag = 0; mag <= code_mask(width); mag++) {
		int matches = 0;
		for (int i = 0; i < d->nclasses; i++)
			matches += class_matches(&d->classes[i], mag, width);
		if (matches != 1)
			return matches ? "class prefixes overlap" : "class prefixes leave codes undescribed";
	}
	return NULL;
}

static bool is_number(enum fp_class c)
{
	return c == FP_NORMAL || c == FP_SUBNORMAL;
}

/* With a sign bit, every negative number must mirror a positive one, and back. */
static const char *check_symmetry(const struct fmt *f, int width)
{
	struct fmt_value p, n;
	const char *why = NULL;

	if (!f->has_sign)
		return NULL;
	fmt_value_init(&p);
	fmt_value_init(&n);
	for (fpcode mag = 0; mag <= code_mask(width) && !why; mag++) {
		tapered_decode(&p, f, mag);
		tapered_decode(&n, f, mag | f->sign_bit);
		if (is_number(p.cls) != is_number(n.cls) ||
		    (is_number(p.cls) && (mpz_cmp(p.sig, n.sig) || p.exp != n.exp || !n.neg || p.neg)))
			why = "a code and its negative (the sign bit flipped) must be a number and its negative";
	}
	fmt_value_clear(&p);
	fmt_value_clear(&n);
	return why;
}

static bool is_nan_special(const struct fmt *f, fpcode code)
{
	const struct tapered_special *s = find_special(f, code);

	return s && s->cls == FP_NAN;
}

static void derive_specials(struct fmt *f)
{
	const struct tapered_desc *d = desc_of(f);
	bool zero_seen = false;

	for (int i = d->nspecials - 1; i >= 0; i--) {
		const struct tapered_special *s = &d->special[i];
		if (s->cls == FP_NAN) {
			f->has_nan = true;
			f->nan_code = s->code;
		} else if (s->cls == FP_INF && !s->neg) {
			f->has_inf = true;
			f->inf_code = s->code;
		} else if (s->cls == FP_ZERO)
			zero_seen = true;
	}
	f->has_zero = zero_seen;
	f->nan_signed = f->has_nan && f->has_sign && is_nan_special(f, f->nan_code & ~f->sign_bit) &&
			is_nan_special(f, f->nan_code | f->sign_bit);
	if (f->nan_signed)
		f->nan_code &= ~f->sign_bit;
}

static const char *check_description(const struct fmt *f, int width)
{
	const struct tapered_desc *d = desc_of(f);

	if (f->bits < 2 || f->bits > 16)
		return "bits must be 2 to 16 in a tapered format";
	if (d->nclasses == 0)
		return "a tapered format needs class lines";
	return check_classes(f, width);
}

/* emin, emax and the first normal rank, from the table. */
static void derive_exponents(struct fmt *f, const struct fmt_table *t)
{
	struct fmt_value v;

	fmt_value_init(&v);
	f->emin = 0;
	f->min_normal_rank = 0;
	for (size_t r = 0; r < t->count; r++) {
		tapered_decode(&v, f, t->entry[r].code);
		if (v.cls == FP_NORMAL) {
			f->emin = v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1;
			f->min_normal_rank = r;
			break;
		}
	}
	tapered_decode(&v, f, t->entry[t->count - 1].code);
	f->emax = v.exp + (long)mpz_sizeinbase(v.sig, 2) - 1;
	fmt_value_clear(&v);
}

static const char *tapered_finish(struct fmt *f)
{
	struct tapered_desc *d = desc_in(f);
	int width = magnitude_width(f);
	const char *why = check_description(f, width);
	struct fmt_table *t;

	if (why)
		return why;
	f->sign_bit = f->has_sign ? (fpcode)1 << width : 0;
	f->precision = 0;
	for (int i = 0; i < d->nclasses; i++)
		if (d->classes[i].mant_bits + 1 > f->precision)
			f->precision = d->classes[i].mant_bits + 1;
	for (int i = 0; i < d->nspecials; i++) {
		if (d->special[i].code > code_mask(f->bits))
			return "a special code has more bits than the format";
		d->special[i].neg = f->has_sign && (d->special[i].code & f->sign_bit);
	}
	derive_specials(f);
	if ((why = check_symmetry(f, width)))
		return why;
	t = table_get(f);
	if (t->count < 2)
		return "a tapered format needs at least two finite values";
	for (size_t r = 0; r + 1 < t->count; r++)
		if (mpq_equal(t->entry[r].value, t->entry[r + 1].value))
			return "two codes stand for the same value: the classes' exponents overlap";
	f->max_rank = t->count - 1;
	derive_exponents(f, t);
	return NULL;
}

extern const struct fmt_kind fmt_kind_tapered; /* defined at the end */

/* ---- Its lines in a format file ----------------------------------------------------- */

static bool parse_code(const char *s, fpcode *out)
{
	fpcode c = 0;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
		return false;
	for (s += 2; *s; s++) {
		int d = isdigit((unsigned char)*s) ? *s - '0' : tolower((unsigned char)*s) - 'a' + 10;
		if (!isxdigit((unsigned char)*s) || (c >> 124))
			return false;
		c = c << 4 | (fpcode)d;
	}
	*out = c;
	return true;
}

/* One `key=value` of a class line. */
static bool class_setting(struct tapered_class *c, const char *key, const char *val)
{
	long v;

	if (strcmp(key, "prefix") == 0) {
		size_t n = strspn(val, "01");
		if (n != strlen(val) || n > 16)
			return false;
		c->prefix = n ? (unsigned)strtoul(val, NULL, 2) : 0;
		c->prefix_len = (int)n;
		return true;
	}
	if (strcmp(key, "encoding") == 0) {
		if (strcmp(val, "sign-magnitude") == 0)
			c->encoding = EXP_SIGN_MAGNITUDE;
		else if (strcmp(val, "offset") == 0)
			c->encoding = EXP_OFFSET;
		else
			return false;
		return true;
	}
	if (strcmp(key, "class") == 0) {
		c->cls = strcmp(val, "normal") == 0 ? FP_NORMAL : FP_SUBNORMAL;
		return strcmp(val, "normal") == 0 || strcmp(val, "subnormal") == 0;
	}
	if (!kind_parse_int(val, -100000, 100000, &v))
		return false;
	if (strcmp(key, "exponent") == 0 && v >= 0 && v <= 16)
		c->exp_bits = (int)v;
	else if (strcmp(key, "mantissa") == 0 && v >= 0 && v <= 16)
		c->mant_bits = (int)v;
	else if (strcmp(key, "offset") == 0)
		c->exp_offset = (int)v;
	else
		return false;
	return true;
}

#define CLASS_SETTINGS "prefix=BITS exponent=0..16 encoding=sign-magnitude|offset [offset=N] mantissa=0..16 " \
		       "class=normal|subnormal"

/* class prefix=11 exponent=4 encoding=sign-magnitude mantissa=1 class=normal */
static bool apply_class(struct fmt *f, char *val, struct kind_why *why)
{
	struct tapered_desc *d = desc_in(f);
	struct tapered_class c = { .encoding = EXP_SIGN_MAGNITUDE, .cls = FP_NORMAL };
	bool has_prefix = false;
	char *save;

	f->kind = &fmt_kind_tapered;
	if (d->nclasses == TAPERED_MAX_CLASSES)
		return kind_fail(why, "class: more than %d class lines", TAPERED_MAX_CLASSES);
	for (char *tok = strtok_r(val, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		if (!eq || (*eq = '\0', !class_setting(&c, tok, eq + 1))) {
			if (eq)
				*eq = '=';
			return kind_fail(why, "class: bad setting '%.40s' (" CLASS_SETTINGS ")", tok);
		}
		has_prefix |= strcmp(tok, "prefix") == 0;
	}
	if (!has_prefix)
		return kind_fail(why, "class: no prefix=BITS (" CLASS_SETTINGS ")");
	d->classes[d->nclasses++] = c;
	return true;
}

/* special 0x6f inf */
static bool apply_special(struct fmt *f, char *val, struct kind_why *why)
{
	static const char *const classes[] = {
		[FP_ZERO] = "zero", [FP_SUBNORMAL] = NULL, [FP_NORMAL] = NULL,
		[FP_INF] = "inf", [FP_NAN] = "nan",
	};
	struct tapered_desc *d = desc_in(f);
	char text[64], cls[16], extra;
	fpcode code;
	int c;

	if (d->nspecials == TAPERED_MAX_SPECIALS)
		return kind_fail(why, "special: more than %d special lines", TAPERED_MAX_SPECIALS);
	if (sscanf(val, "%63s %15s %c", text, cls, &extra) != 2 || (c = kind_word_index(classes, 5, cls)) < 0 ||
	    !parse_code(text, &code))
		return kind_fail(why, "special needs CODE zero|inf|nan (CODE in hexadecimal, 0x...), not '%.40s'", val);
	d->special[d->nspecials].code = code > UINT32_MAX ? UINT32_MAX : (uint32_t)code;
	d->special[d->nspecials++].cls = (enum fp_class)c;
	return true;
}

/* Two tapered formats are described alike when their class and special lines are. */
static bool tapered_same_description(const struct fmt *a, const struct fmt *b)
{
	const struct tapered_desc *p = desc_of(a), *q = desc_of(b);

	if (p->nclasses != q->nclasses || p->nspecials != q->nspecials)
		return false;
	for (int i = 0; i < p->nclasses; i++) {
		const struct tapered_class *x = &p->classes[i], *y = &q->classes[i];
		if (x->prefix != y->prefix || x->prefix_len != y->prefix_len || x->exp_bits != y->exp_bits ||
		    x->encoding != y->encoding || x->exp_offset != y->exp_offset || x->mant_bits != y->mant_bits ||
		    x->cls != y->cls)
			return false;
	}
	for (int i = 0; i < p->nspecials; i++)
		if (p->special[i].code != q->special[i].code || p->special[i].cls != q->special[i].cls ||
		    p->special[i].neg != q->special[i].neg)
			return false;
	return true;
}

static const struct kind_key tapered_keys[] = {
	{ "bits", kind_apply_bits },
	{ "class", apply_class },
	{ "special", apply_special },
	{ NULL, NULL },
};

const struct fmt_kind fmt_kind_tapered = {
	.name = "tapered",
	.sign_is_top_bit = true,
	.ranks_are_codes = false,
	.keys = tapered_keys,
	.same_description = tapered_same_description,
	.finish = tapered_finish,
	.magnitude = kind_sign_bit_magnitude,
	.with_sign = kind_sign_bit_with_sign,
	.decode = tapered_decode,
	.fields = tapered_fields,
	.code_of_rank = tapered_code_of_rank,
	.rank_of_code = tapered_rank_of_code,
	.rank_value = tapered_rank_value,
	.place = fmt_place_by_table,
	.formula = tapered_formula,
	.explain_field = tapered_explain_field,
	.layout = tapered_layout,
	.precision_lines = tapered_precision_lines,
};
