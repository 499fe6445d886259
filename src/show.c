/*
 * show.c — laying out a readout.
 *
 * The human readout follows the explorer: the bits in bytes of two nibbles with the
 * fields marked above and each nibble's hex digit below; a summary line; the fields
 * taken apart; the neighbours; the error of what was typed; the format's limits.
 * Everything is ASCII, so it survives any terminal, pipe or log.
 */
#include "show.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "decimal.h"
#include "render.h"

#define LABEL "  %-13s "

static const char *const colors[] = { "\033[35m", "\033[33m", "\033[36m", "\033[32m" };
#define COLOR_OFF "\033[0m"

/* ---- Long numbers ----------------------------------------------------------------------- */

/* Copies a decimal, folding it after SHOW_FOLD_DIGITS significant digits unless full. */
static void put_number(struct strbuf *out, const char *text, const struct show_style *style)
{
	size_t len = strlen(text), sig = 0, cut = 0, digits_end = strcspn(text, "e/");
	bool leading = true;

	for (size_t i = 0; i < digits_end; i++) {
		if (!isdigit((unsigned char)text[i]))
			continue;
		leading = leading && text[i] == '0';
		if (!leading && ++sig == SHOW_FOLD_DIGITS)
			cut = i + 1;
	}
	if (style->full || sig <= SHOW_FOLD_DIGITS || text[digits_end] == '/') {
		sb_add(out, text, len);
		return;
	}
	sb_add(out, text, cut);
	sb_puts(out, "...");
	sb_puts(out, text + digits_end);
	sb_printf(out, " (%zu digits)", sig);
}

static void put_hex(struct strbuf *out, struct fmt *f, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	sb_puts(out, hex);
}

/* ---- The bits ---------------------------------------------------------------------------- */

/* For each bit, most significant first: which field it belongs to (index into fields). */
static int field_of_bits(int *owner, const struct fmt_field *fields, int n)
{
	int bit = 0;

	for (int i = 0; i < n; i++)
		for (int k = 0; k < fields[i].width; k++)
			owner[bit++] = i;
	return bit;
}

/* The separator before bit i (counted from the most significant) of a width-bit code:
 * one space between nibbles, two between bytes, a new line every `row` bits. */
static const char *gap_before(int i, int width, int row)
{
	int from_right = width - i;

	if (i == 0)
		return "  ";
	if (from_right % row == 0)
		return "\n  ";
	if (from_right % 8 == 0)
		return "  ";
	return from_right % 4 == 0 ? " " : "";
}

static const char *field_letter(const char *name)
{
	return strcmp(name, "dot") == 0 ? "d" : strcmp(name, "mantissa") == 0 ? "m" :
	       strcmp(name, "fraction") == 0 ? "f" : strcmp(name, "sign") == 0 ? "s" : "e";
}

static int field_color(const char *name)
{
	return strcmp(name, "sign") == 0 ? 0 : strcmp(name, "dot") == 0 ? 1 :
	       strcmp(name, "exponent") == 0 ? 2 : 3;
}

/* Three rows: the field letters, the bits, and the hex digit under each nibble's last bit. */
static void put_bits(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	struct fmt_field fields[FMT_MAX_FIELDS];
	int n = fmt_fields(fields, r->f, r->code), owner[CODE_MAX_BITS], width = field_of_bits(owner, fields, n);
	int per_row = style->width && style->width < 88 ? 32 : 64; /* 64 bits take 88 columns */

	for (int row = 0; row < 3; row++) {
		for (int i = 0; i < width; i++) {
			int bit = width - 1 - i;
			const char *name = fields[owner[i]].name;
			sb_puts(out, gap_before(i, width, per_row));
			if (row == 2) {
				sb_putc(out, bit % 4 ? ' ' : "0123456789abcdef"[(r->code >> bit) & 15]);
				continue;
			}
			if (style->color)
				sb_puts(out, colors[field_color(name)]);
			sb_puts(out, row == 0 ? field_letter(name) : (r->code >> bit) & 1 ? "1" : "0");
			if (style->color)
				sb_puts(out, COLOR_OFF);
		}
		sb_putc(out, '\n');
	}
}

/* ---- The fields taken apart ------------------------------------------------------------- */

/* The widest field shown in one column with its explanation beside it. */
#define FIELD_COLUMN 16

/* A fraction field as the ratio it stands for: bits/2^width, both in decimal, any width. */
static void put_fraction(struct strbuf *out, fpcode bits, int width)
{
	mpz_t num, den;

	mpz_inits(num, den, NULL);
	code_to_mpz(num, bits);
	mpz_setbit(den, (mp_bitcnt_t)width);
	sb_reserve(out, mpz_sizeinbase(num, 10) + mpz_sizeinbase(den, 10) + 3);
	mpz_get_str(out->s + out->len, 10, num);
	out->len += strlen(out->s + out->len);
	sb_putc(out, '/');
	mpz_get_str(out->s + out->len, 10, den);
	out->len += strlen(out->s + out->len);
	mpz_clears(num, den, NULL);
}

static void explain_field(struct strbuf *out, const struct readout *r, const struct fmt_field *fld)
{
	if (strcmp(fld->name, "sign") == 0)
		sb_puts(out, fld->bits ? "negative" : "positive");
	else if (strcmp(fld->name, "exponent") == 0)
		readout_explain_exponent(out, r);
	else if (strcmp(fld->name, "dot") == 0)
		sb_puts(out, "prefix: says how many exponent bits follow");
	else
		put_fraction(out, fld->bits, fld->width);
}

static void put_field_lines(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	struct fmt_field fields[FMT_MAX_FIELDS];
	int n = fmt_fields(fields, r->f, r->code), column = 0;
	char bits[CODE_MAX_BITS + 3];

	for (int i = 0; i < n; i++)
		if (fields[i].width <= FIELD_COLUMN && fields[i].width > column)
			column = fields[i].width;
	for (int i = 0; i < n; i++) {
		code_to_bin(bits, fields[i].bits, fields[i].width);
		sb_printf(out, LABEL, fields[i].name);
		if (style->color)
			sb_puts(out, colors[field_color(fields[i].name)]);
		sb_puts(out, bits + 2);
		if (style->color)
			sb_puts(out, COLOR_OFF);
		if (fields[i].width > FIELD_COLUMN)
			sb_printf(out, "\n" LABEL "%*s", "", column, "");
		else
			sb_printf(out, "%*s", column - fields[i].width, "");
		sb_puts(out, "  ");
		explain_field(out, r, &fields[i]);
		sb_putc(out, '\n');
	}
}

static void put_value_lines(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	if (r->formula.len)
		sb_printf(out, LABEL "%s\n", "formula", r->formula.s);
	sb_printf(out, LABEL, "exact");
	put_number(out, r->exact.s, style);
	sb_printf(out, "\n" LABEL "%s", "rounded", r->digits.s);
	if (r->value.cls != FP_NAN && r->value.cls != FP_INF)
		sb_printf(out, "  (%d significant digits always read back)", dec_max_digits10(r->f->precision));
	sb_putc(out, '\n');
	sb_printf(out, LABEL "%s\n", "hex float", r->hexfloat.s);
}

static void put_neighbour(struct strbuf *out, const struct readout *r, const struct neighbour *nb,
			  const char *label, const struct show_style *style)
{
	sb_printf(out, LABEL, label);
	if (!nb->exists) {
		sb_puts(out, r->value.cls == FP_NAN ? "none: NaN is not ordered\n"
			     : r->value.cls == FP_INF ? "none: infinity is the end\n"
			     : nb == &r->above ? "none: the largest finite value, and no infinity above it\n"
			     : "none: the smallest value, and no zero below it\n");
		return;
	}
	put_hex(out, r->f, nb->code);
	sb_puts(out, "  ");
	put_number(out, nb->exact.s, style);
	sb_puts(out, "  gap ");
	put_number(out, nb->gap.s, style);
	sb_putc(out, '\n');
}

/* ---- What the typed value became ---------------------------------------------------------- */

static const char *overflow_result(const struct fmt *f)
{
	return f->has_inf ? "inf" : f->has_nan ? "NaN" : "max (the format has neither inf nor NaN)";
}

/* What a positive value past the overflow threshold becomes: inf, NaN or max (saturating,
 * or a mode that never rounds up past it). */
static const char *overflow_word(const struct fmt *f, bool saturate)
{
	return saturate || (!f->has_inf && !f->has_nan) ? "max" : f->has_inf ? "inf" : "nan";
}

static void put_candidate(struct strbuf *out, const struct readout *r, bool upper)
{
	if (upper && r->upper_is_virtual) {
		sb_printf(out, "%s (past the largest finite value)", r->upper_exact.s);
		return;
	}
	sb_printf(out, "%s (", upper ? r->upper_exact.s : r->lower_exact.s);
	put_hex(out, r->f, upper ? r->upper : r->lower);
	sb_putc(out, ')');
}

static void put_tie(struct strbuf *out, const struct readout *r)
{
	static const char *const why[] = {
		[RND_NEAREST_EVEN] = "rne takes the candidate whose code is even",
		[RND_NEAREST_AWAY] = "rna takes the one farther from zero",
		[RND_TOWARD_ZERO] = "rtz rounds toward zero, tie or not",
		[RND_UP] = "rup rounds up, tie or not",
		[RND_DOWN] = "rdn rounds down, tie or not",
	};

	sb_printf(out, LABEL "halfway between ", "tie");
	put_candidate(out, r, false);
	sb_puts(out, " and ");
	put_candidate(out, r, true);
	if (r->policy_decided)
		sb_printf(out, ":\n" LABEL "%s breaks this tie its own way: ", "", r->policy);
	else
		sb_printf(out, ":\n" LABEL "%s: ", "", why[r->mode]);
	if (r->rounding.flags & RND_OVERFLOW && !(r->rounding.flags & RND_SATURATED))
		sb_puts(out, "past max, so it overflows\n");
	else {
		put_hex(out, r->f, r->code);
		sb_putc(out, '\n');
	}
}

static void put_error(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, LABEL, "error");
	put_number(out, r->error.s, style);
	sb_puts(out, "  (stored - typed)\n");
	sb_printf(out, LABEL "%s%s ulp of the gap rounded across\n", "", r->ulps_exact ? "" : "~", r->ulps.s);
	if (r->relative.len)
		sb_printf(out, LABEL "%s%s relative to the typed value\n", "", r->relative_exact ? "" : "~",
			  r->relative.s);
}

static void put_overflow(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	struct limits l;

	limits_of(&l, r->f, r->mode);
	sb_printf(out, LABEL "past the largest finite value (under %s: %s ", "overflow", rnd_mode_name(r->mode),
		  l.threshold_inclusive ? "from" : "above");
	put_number(out, l.overflow_threshold.s, style);
	sb_puts(out, l.threshold_inclusive ? " up)" : ")");
	limits_clear(&l);
	if (!r->other_differs) {
		sb_printf(out, "\n" LABEL "the result is %s, saturating or not\n", "", r->exact.s);
		return;
	}
	sb_printf(out, "\n" LABEL "%s gives %s (", "", r->saturate ? "saturating" : "non-saturating", r->exact.s);
	put_hex(out, r->f, r->code);
	sb_printf(out, "); %s gives %s (", r->saturate ? "without -s" : "with -s", r->other_exact.s);
	put_hex(out, r->f, r->other_code);
	sb_puts(out, ")\n");
}

static void put_flags(struct strbuf *out, unsigned flags)
{
	sb_printf(out, LABEL, "flags");
	render_flags(out, flags, ", ", "exact");
	sb_putc(out, '\n');
}

/* Double rounding: what the other route gives. */
static void put_route(struct strbuf *out, const struct readout *r)
{
	sb_printf(out, LABEL, "twice");
	if (r->route_is_once) {
		sb_printf(out, "this went through %s first; rounded once it would be ", r->route_via);
		put_hex(out, r->f, r->route_code);
	} else {
		sb_printf(out, "through %s this would be ", r->route_via);
		put_hex(out, r->f, r->route_code);
		sb_puts(out, ", not ");
		put_hex(out, r->f, r->code);
	}
	sb_putc(out, '\n');
}

static void put_typed(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, LABEL, "typed");
	if (r->input_exact.len)
		put_number(out, r->input_exact.s, style);
	else {
		render_escaped(out, r->input);
		sb_printf(out, " (beyond 2^%s%ld: too %s for any format)", r->x.bound > 0 ? "" : "-",
			  NUM_LIMIT_EXP, r->x.bound > 0 ? "large" : "small");
	}
	sb_printf(out, "  rounded %s%s%s%s\n", rnd_mode_name(r->mode), r->saturate ? ", saturating" : "",
		  r->policy ? ", as " : "", r->policy ? r->policy : "");
	if (r->has_error)
		put_error(out, r, style);
	if (r->rounding.flags & RND_TIE)
		put_tie(out, r);
	if (r->rounding.flags & RND_OVERFLOW)
		put_overflow(out, r, style);
	put_flags(out, r->rounding.flags);
	if (r->policy_note)
		sb_printf(out, LABEL "%s\n", "quirk", r->policy_note);
	if (r->route_differs)
		put_route(out, r);
}

/* ---- Limits -------------------------------------------------------------------------------- */

/* A limit: its value, the power of two it is (min normal, min subnormal), its code. */
static void put_limit(struct strbuf *out, const char *label, const struct strbuf *value, const long *log2,
		      struct fmt *f, fpcode code, const struct show_style *style)
{
	sb_printf(out, LABEL, label);
	put_number(out, value->s, style);
	if (log2)
		sb_printf(out, " = 2^%ld", *log2);
	sb_puts(out, " (");
	put_hex(out, f, code);
	sb_puts(out, ")\n");
}

static void put_overflow_limit(struct strbuf *out, struct fmt *f, const struct limits *l, enum rnd_mode mode,
			       bool saturate, const struct show_style *style)
{
	sb_printf(out, LABEL "under %s, ", "overflow", rnd_mode_name(mode));
	if (l->never_overflows) {
		sb_puts(out, "positive values stay at max; from ");
		put_number(out, l->overflow_threshold.s, style);
		sb_puts(out, " up, overflow is flagged\n");
		return;
	}
	sb_printf(out, "values %s ", l->threshold_inclusive ? "from" : "above");
	put_number(out, l->overflow_threshold.s, style);
	if (saturate && (f->has_inf || f->has_nan))
		sb_printf(out, " become max, saturating (%s without -s)\n", overflow_result(f));
	else
		sb_printf(out, " become %s\n", overflow_result(f));
}

static void put_limits(struct strbuf *out, struct fmt *f, enum rnd_mode mode, bool saturate,
		       const struct show_style *style)
{
	struct limits l;
	struct strbuf classes;

	limits_of(&l, f, mode);
	put_limit(out, "max", &l.max, NULL, f, l.max_code, style);
	put_limit(out, "min normal", &l.min_normal, &l.min_normal_log2, f, l.min_normal_code, style);
	if (l.min_subnormal.len)
		put_limit(out, "min subnormal", &l.min_subnormal, &l.min_subnormal_log2, f, l.min_subnormal_code,
			  style);
	sb_printf(out, LABEL "p = %d bits = %s decimal digits; %d digits always read back (max_digits10); "
		  "digits10 %d\n", "precision", l.precision, l.precision_decimal.s, l.max_digits10, l.digits10);
	if (f->tapered) {
		sb_init(&classes);
		limits_precision_by_class(&classes, f);
		char *save;
		for (char *line = strtok_r(classes.s, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			sb_printf(out, LABEL "%s\n", "", line);
		sb_free(&classes);
	}
	sb_printf(out, LABEL "emin %ld, emax %ld\n", "exponents", l.emin, l.emax);
	put_overflow_limit(out, f, &l, mode, saturate, style);
	limits_clear(&l);
}

/* ---- The readout ---------------------------------------------------------------------------- */

static const char *class_words(enum fp_class c)
{
	static const char *const words[] = {
		[FP_ZERO] = "zero", [FP_SUBNORMAL] = "subnormal", [FP_NORMAL] = "normal",
		[FP_INF] = "infinity", [FP_NAN] = "NaN",
	};
	return words[c];
}

/* ---- Folding to a terminal's width ----------------------------------------------------------- */

/* Where the value column starts: continued lines are indented to it. */
#define VALUE_COLUMN 16

/* The bytes of line[0..len) that fit in `columns` visible columns (colour codes take none). */
static size_t fitting(const char *line, size_t len, int columns)
{
	size_t i = 0;
	int seen = 0;

	while (i < len) {
		if (line[i] == '\033') {
			while (i < len && line[i] != 'm')
				i++;
			i++;
			continue;
		}
		if (seen == columns)
			break;
		seen++;
		i++;
	}
	return i < len ? i : len;
}

/* One line, folded: broken at the last space that fits, or where it must, and each
 * piece after the first indented to the value column. */
static void fold_line(struct strbuf *out, const char *line, size_t len, int width)
{
	int room = width;

	for (bool first = true; len; first = false) {
		size_t take = fitting(line, len, room), cut = take, end;
		if (take < len) {
			while (cut > 0 && line[cut - 1] != ' ')
				cut--;
			if (cut <= (first ? (size_t)VALUE_COLUMN : 0) || strspn(line, " ") >= cut)
				cut = take; /* no word to break after: break inside one */
		}
		for (end = cut; end > 0 && line[end - 1] == ' ';)
			end--;
		if (!first)
			sb_printf(out, "%*s", VALUE_COLUMN, "");
		sb_add(out, line, end);
		sb_putc(out, '\n');
		while (cut < len && line[cut] == ' ')
			cut++;
		line += cut;
		len -= cut;
		room = width - VALUE_COLUMN;
	}
}

/* Folds every line of text longer than width. */
static void fold(struct strbuf *text, int width)
{
	struct strbuf folded;

	if (width <= VALUE_COLUMN + 8)
		return;
	sb_init(&folded);
	for (const char *p = text->s, *end = text->s + text->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (fitting(p, len, width) < len)
			fold_line(&folded, p, len, width);
		else {
			sb_add(&folded, p, len);
			if (nl)
				sb_putc(&folded, '\n');
		}
		p += len + (nl != NULL);
	}
	sb_clear(text);
	sb_add(text, folded.s, folded.len);
	sb_free(&folded);
}

static void put_readout(struct strbuf *out, const struct readout *r, const struct show_style *style);

void show_readout(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	struct strbuf text;

	if (!style->width) {
		put_readout(out, r, style);
		return;
	}
	sb_init(&text);
	put_readout(&text, r, style);
	fold(&text, style->width);
	sb_add(out, text.s, text.len);
	sb_free(&text);
}

static void put_readout(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, "%s: ", r->f->name);
	render_escaped(out, r->input);
	if (r->typed) {
		sb_puts(out, " -> ");
		put_hex(out, r->f, r->code);
	}
	sb_puts(out, "\n");
	if (r->f->note[0])
		sb_printf(out, "  (%s)\n", r->f->note);
	sb_putc(out, '\n');
	put_bits(out, r, style);
	sb_printf(out, "\n  %s  %s  shortest %s  ", class_words(r->value.cls), r->digits.s, r->shortest.s);
	put_hex(out, r->f, r->code);
	sb_puts(out, "\n\n");
	put_field_lines(out, r, style);
	put_value_lines(out, r, style);
	put_neighbour(out, r, &r->below, "next below", style);
	put_neighbour(out, r, &r->above, "next above", style);
	if (r->typed) {
		sb_putc(out, '\n');
		put_typed(out, r, style);
	}
	sb_putc(out, '\n');
	put_limits(out, r->f, r->mode, r->saturate, style);
}

/* A field's name in the colour the bits of the readout give it. */
static void put_field_name(struct strbuf *out, const char *name, const struct show_style *style)
{
	if (style->color)
		sb_puts(out, colors[field_color(name)]);
	sb_puts(out, name);
	if (style->color)
		sb_puts(out, COLOR_OFF);
}

void show_info(struct strbuf *out, struct fmt *f, enum rnd_mode mode, bool saturate, const struct show_style *style)
{
	sb_printf(out, "%s: %s\n", f->name, f->description);
	if (f->note[0])
		sb_printf(out, LABEL "%s\n", "note", f->note);
	if (f->aliases[0])
		sb_printf(out, LABEL "%s\n", "aliases", f->aliases);
	sb_printf(out, LABEL "%d bits: ", "layout", f->bits);
	if (!f->tapered) {
		if (f->has_sign) {
			put_field_name(out, "sign", style);
			sb_puts(out, " 1, ");
		}
		put_field_name(out, "exponent", style);
		sb_printf(out, " %d (bias %d), ", f->exp_bits, f->bias);
		put_field_name(out, "fraction", style);
		sb_printf(out, " %d; specials %s\n", f->frac_bits,
			  (const char *[]){ "ieee", "fn", "fnuz", "finite", "e8m0" }[f->specials]);
	} else {
		if (f->has_sign) {
			put_field_name(out, "sign", style);
			sb_puts(out, " 1, then ");
		}
		sb_puts(out, "prefix-coded classes:\n");
		for (int i = 0; i < f->nclasses; i++) {
			const struct fmt_class *c = &f->classes[i];
			char prefix[20];
			for (int k = 0; k < c->prefix_len; k++)
				prefix[k] = (char)('0' + ((c->prefix >> (c->prefix_len - 1 - k)) & 1));
			prefix[c->prefix_len] = '\0';
			sb_printf(out, LABEL "dot %-5s exponent %d (%s), mantissa %d%s\n", "", prefix, c->exp_bits,
				  c->encoding == EXP_OFFSET ? "offset" : "sign-magnitude", c->mant_bits,
				  c->cls == FP_SUBNORMAL ? ", denormal" : "");
		}
	}
	put_limits(out, f, mode, saturate, style);
}

/* ---- JSON ------------------------------------------------------------------------------------ */

static void json_key(struct strbuf *out, const char *key)
{
	if (out->len && out->s[out->len - 1] != '{' && out->s[out->len - 1] != '[')
		sb_putc(out, ',');
	render_json_string(out, key);
	sb_putc(out, ':');
}

/* "key":"text", or "key":null when text is NULL. */
static void json_text(struct strbuf *out, const char *key, const char *text)
{
	json_key(out, key);
	if (text)
		render_json_string(out, text);
	else
		sb_puts(out, "null");
}

static void json_code(struct strbuf *out, const char *key, struct fmt *f, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	json_text(out, key, hex);
}

static void json_long(struct strbuf *out, const char *key, long v)
{
	char text[32];

	snprintf(text, sizeof text, "%ld", v);
	json_text(out, key, text);
}

static void json_bool(struct strbuf *out, const char *key, bool v)
{
	json_key(out, key);
	sb_puts(out, v ? "true" : "false");
}

static void json_fields(struct strbuf *out, const struct readout *r)
{
	struct fmt_field fields[FMT_MAX_FIELDS];
	int n = fmt_fields(fields, r->f, r->code);
	char bits[CODE_MAX_BITS + 3];
	mpz_t value;

	mpz_init(value);
	json_key(out, "fields");
	sb_putc(out, '[');
	for (int i = 0; i < n; i++) {
		char *text;
		sb_puts(out, i ? ",{" : "{");
		json_text(out, "name", fields[i].name);
		code_to_bin(bits, fields[i].bits, fields[i].width);
		json_text(out, "bits", bits + 2);
		code_to_mpz(value, fields[i].bits);
		text = mpz_get_str(NULL, 10, value);
		json_text(out, "value", text);
		free(text);
		sb_putc(out, '}');
	}
	sb_putc(out, ']');
	mpz_clear(value);
}

static void json_neighbour(struct strbuf *out, const char *key, struct fmt *f, const struct neighbour *nb)
{
	json_key(out, key);
	if (!nb->exists) {
		sb_puts(out, "null");
		return;
	}
	sb_putc(out, '{');
	json_code(out, "hex", f, nb->code);
	json_text(out, "exact", nb->exact.s);
	json_text(out, "gap", nb->gap.s);
	sb_putc(out, '}');
}

static void json_error(struct strbuf *out, const struct readout *r)
{
	json_key(out, "error");
	if (!r->has_error) {
		sb_puts(out, "null");
		return;
	}
	sb_putc(out, '{');
	json_text(out, "exact", r->error.s);
	json_text(out, "ulps", r->ulps.s);
	json_text(out, "relative", r->relative.len ? r->relative.s : NULL);
	sb_putc(out, '}');
}

static void json_flags(struct strbuf *out, unsigned flags)
{
	json_key(out, "flags");
	sb_putc(out, '[');
	for (unsigned bit = 1; bit < 1u << RND_FLAG_COUNT; bit <<= 1)
		if (flags & bit) {
			if (out->s[out->len - 1] != '[')
				sb_putc(out, ',');
			render_json_string(out, rnd_flag_name(bit));
		}
	sb_putc(out, ']');
}

static void json_limits(struct strbuf *out, struct fmt *f, enum rnd_mode mode, bool saturate)
{
	struct limits l;

	limits_of(&l, f, mode);
	json_key(out, "limits");
	sb_putc(out, '{');
	json_text(out, "max", l.max.s);
	json_text(out, "min_normal", l.min_normal.s);
	json_text(out, "min_subnormal", l.min_subnormal.len ? l.min_subnormal.s : NULL);
	json_long(out, "precision_bits", l.precision);
	json_long(out, "digits10", l.digits10);
	json_long(out, "max_digits10", l.max_digits10);
	json_long(out, "emin", l.emin);
	json_long(out, "emax", l.emax);
	json_text(out, "overflow_threshold", l.overflow_threshold.s);
	json_bool(out, "overflow_threshold_inclusive", l.threshold_inclusive);
	json_text(out, "overflow_gives", overflow_word(f, saturate || l.never_overflows));
	sb_putc(out, '}');
	limits_clear(&l);
}

/* Everything after the start of the object, so that it can be embedded. */
static void json_readout_body(struct strbuf *out, const struct readout *r)
{
	bool number = r->value.cls != FP_NAN && r->value.cls != FP_INF;

	json_text(out, "format", r->f->name);
	json_text(out, "input", r->input);
	json_text(out, "input_exact", r->typed && r->input_exact.len ? r->input_exact.s : NULL);
	json_code(out, "hex", r->f, r->code);
	{
		char bin[CODE_MAX_BITS + 3];
		code_to_bin(bin, r->code, r->f->bits);
		json_text(out, "bin", bin);
	}
	json_text(out, "class", render_class_name(r->value.cls));
	json_text(out, "sign", r->value.neg ? "-" : "+");
	json_fields(out, r);
	json_text(out, "exact", r->exact.s);
	json_text(out, "shortest", r->shortest.s);
	json_text(out, "digits", r->digits.s);
	json_text(out, "hexfloat", r->hexfloat.s);
	json_text(out, "formula", number ? r->formula.s : NULL);
	json_neighbour(out, "next_below", r->f, &r->below);
	json_neighbour(out, "next_above", r->f, &r->above);
	json_error(out, r);
	json_bool(out, "tie", r->rounding.flags & RND_TIE);
	json_bool(out, "overflow", r->rounding.flags & RND_OVERFLOW);
	json_key(out, "saturating");
	if (r->other_differs) {
		sb_putc(out, '{');
		json_code(out, "hex", r->f, r->other_code);
		json_text(out, "exact", r->other_exact.s);
		sb_putc(out, '}');
	} else
		sb_puts(out, "null");
	json_key(out, "double_rounding");
	if (r->route_differs) {
		sb_putc(out, '{');
		json_text(out, "via", r->route_via);
		json_bool(out, "this_went_through", r->route_is_once);
		json_code(out, r->route_is_once ? "once" : "through", r->f, r->route_code);
		sb_putc(out, '}');
	} else
		sb_puts(out, "null");
	json_flags(out, r->rounding.flags);
	json_text(out, "mode", rnd_mode_name(r->mode));
	json_bool(out, "saturate", r->saturate);
	json_text(out, "policy", r->policy ? r->policy : "fpx");
	json_text(out, "quirk", r->policy_note);
	json_limits(out, r->f, r->mode, r->saturate);
}

void show_readout_json(struct strbuf *out, const struct readout *r)
{
	struct strbuf body;

	sb_init(&body);
	sb_putc(&body, '{');
	json_readout_body(&body, r);
	sb_puts(&body, "}\n");
	sb_add(out, body.s, body.len);
	sb_free(&body);
}

/* "key":["word",...] from a space-separated list. */
static void json_words(struct strbuf *out, const char *key, const char *list)
{
	json_key(out, key);
	sb_putc(out, '[');
	for (const char *p = list + strspn(list, " "); *p;) {
		size_t n = strcspn(p, " ");
		char word[FMT_NAME_MAX];
		snprintf(word, sizeof word, "%.*s", (int)n, p);
		if (out->s[out->len - 1] != '[')
			sb_putc(out, ',');
		render_json_string(out, word);
		p += n;
		p += strspn(p, " ");
	}
	sb_putc(out, ']');
}

void show_info_json(struct strbuf *out, struct fmt *f, enum rnd_mode mode, bool saturate)
{
	struct strbuf body;

	sb_init(&body);
	sb_putc(&body, '{');
	json_text(&body, "format", f->name);
	json_words(&body, "aliases", f->aliases);
	json_text(&body, "description", f->description);
	json_text(&body, "note", f->note[0] ? f->note : NULL);
	json_long(&body, "bits", f->bits);
	json_limits(&body, f, mode, saturate);
	sb_puts(&body, "}\n");
	sb_add(out, body.s, body.len);
	sb_free(&body);
}
