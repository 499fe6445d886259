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
#include "fold.h"
#include "render.h"

#define LABEL "  %-13s "
#define LABEL_WIDTH 16 /* what LABEL takes */

static const char *const colors[] = { "\033[35m", "\033[33m", "\033[36m", "\033[32m" };
#define COLOR_OFF "\033[0m"

/* ---- Long numbers ----------------------------------------------------------------------- */

void show_number(struct strbuf *out, const char *text, const struct show_style *style)
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
	sb_printf(out, " (%zu digit%s)", sig, sb_plural((long long)sig));
}

void show_input(struct strbuf *out, const char *text, const struct show_style *style)
{
	size_t len = strlen(text);
	char head[SHOW_ECHO_CHARS + 1];

	if (style->full || len <= SHOW_ECHO_CHARS) {
		render_escaped(out, text);
		return;
	}
	memcpy(head, text, SHOW_ECHO_CHARS);
	head[SHOW_ECHO_CHARS] = '\0';
	render_escaped(out, head);
	sb_printf(out, "... (%zu characters)", len);
}

static void put_hex(struct strbuf *out, const struct fmt *f, fpcode code)
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

/* The letter each bit of a field is marked with, and its colour (mantissa as fraction). */
static const char *const field_letters[BIT_FIELD_COUNT] = {
	[BITS_SIGN] = "s", [BITS_EXPONENT] = "e", [BITS_FRACTION] = "f", [BITS_DOT] = "d", [BITS_MANTISSA] = "m",
	[BITS_REGIME] = "r", [BITS_INTEGER] = "i",
};
static const int field_colors[BIT_FIELD_COUNT] = {
	[BITS_SIGN] = 0, [BITS_DOT] = 1, [BITS_EXPONENT] = 2, [BITS_FRACTION] = 3, [BITS_MANTISSA] = 3,
	[BITS_REGIME] = 1, [BITS_INTEGER] = 1,
};

/* Three rows: the field letters, the bits, and the hex digit under each nibble's last bit. */
static void put_bits(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	struct fmt_field fields[FMT_MAX_FIELDS];
	int n = fmt_fields(fields, r->f, r->code), owner[CODE_MAX_BITS], width = field_of_bits(owner, fields, n);
	int per_row = style->width && style->width < 88 ? 32 : 64; /* 64 bits take 88 columns */

	for (int row = 0; row < 3; row++) {
		for (int i = 0; i < width; i++) {
			int bit = width - 1 - i;
			enum bit_field kind = fields[owner[i]].kind;
			sb_puts(out, gap_before(i, width, per_row));
			if (row == 2) {
				sb_putc(out, bit % 4 ? ' ' : "0123456789abcdef"[(r->code >> bit) & 15]);
				continue;
			}
			if (style->color)
				sb_puts(out, colors[field_colors[kind]]);
			sb_puts(out, row == 0 ? field_letters[kind] : (r->code >> bit) & 1 ? "1" : "0");
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

/* The sign and the fraction read the same in every kind; the kind explains the rest. */
static void explain_field(struct strbuf *out, const struct readout *r, const struct fmt_field *fld)
{
	fpcode payload;
	char hex[CODE_MAX_BITS / 4 + 3];

	if (fld->kind == BITS_SIGN && r->value.cls == FP_NAN && !r->f->nan_signed)
		sb_puts(out, "part of the NaN code: the NaN has no sign");
	else if (fld->kind == BITS_SIGN)
		sb_puts(out, fld->bits ? "negative" : "positive");
	else if (r->value.cls == FP_NAN && fld->kind == BITS_FRACTION && fmt_nan_payload(r->f, r->code, &payload)) {
		code_to_hex_minimal(hex, payload);
		sb_printf(out, "%s NaN, payload %s", fmt_nan_is_signaling(r->f, r->code) ? "signaling" : "quiet", hex);
	} else if (fld->kind == BITS_FRACTION || fld->kind == BITS_MANTISSA)
		put_fraction(out, fld->bits, fld->width);
	else
		r->f->kind->explain_field(out, r->f, r->code, &r->value, fld->kind);
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
			sb_puts(out, colors[field_colors[fields[i].kind]]);
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
	show_number(out, r->exact.s, style);
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
			     : r->value.neg ? "none: the lowest finite value, and no infinity below it\n"
			     : r->value.cls == FP_ZERO ? "none: the format has no negative values\n"
			     : "none: the smallest value, and no zero below it\n");
		return;
	}
	put_hex(out, r->f, nb->code);
	sb_puts(out, "  ");
	show_number(out, nb->exact.s, style);
	sb_puts(out, "  gap ");
	show_number(out, nb->gap.s, style);
	sb_putc(out, '\n');
}

/* ---- What the typed value became ---------------------------------------------------------- */

/* What a finite value past max gives, not saturating. */
static const char *overflow_result(const struct fmt *f, enum rnd_mode mode)
{
	if (f->saturates_always)
		return "max (the format always saturates)";
	if (f->wraps)
		return "codes modulo 2^bits (--wrap)";
	switch (rnd_past_range(f, rnd_spec(mode, RND_SAT_NONE), false, false)) {
	case RND_PAST_INF: return "inf";
	case RND_PAST_NAN: return "NaN";
	case RND_PAST_ROUNDED: return "max";
	case RND_PAST_CLAMPED: break;
	}
	return f->has_inf || f->has_nan ? "max (P3109's finite formats)" : "max (the format has neither inf nor NaN)";
}

const char *show_overflow_gives(const struct fmt *f, struct rnd_spec how)
{
	if (f->wraps)
		return "wrap";
	switch (rnd_past_range(f, how, false, false)) {
	case RND_PAST_INF: return "inf";
	case RND_PAST_NAN: return "nan";
	default: return "max";
	}
}

static void put_candidate(struct strbuf *out, const struct readout *r, bool upper, const struct show_style *style)
{
	show_number(out, upper ? r->upper_exact.s : r->lower_exact.s, style);
	if (upper && r->upper_is_virtual) {
		sb_puts(out, " (past the largest finite value)");
		return;
	}
	sb_puts(out, " (");
	put_hex(out, r->f, upper ? r->upper : r->lower);
	sb_putc(out, ')');
}

static void put_tie(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, LABEL "halfway between ", "tie");
	put_candidate(out, r, false, style);
	sb_puts(out, " and ");
	put_candidate(out, r, true, style);
	if (r->policy_decided)
		sb_printf(out, ":\n" LABEL "%s breaks this tie its own way: ", "", r->policy);
	else
		sb_printf(out, ":\n" LABEL "%s: ", "", rnd_mode_tie_rule(r->how.mode));
	if (r->rounding.flags & RND_OVERFLOW && !(r->rounding.flags & RND_SATURATED))
		sb_puts(out, "past max, so it overflows\n");
	else {
		put_hex(out, r->f, r->code);
		sb_putc(out, '\n');
	}
}

/* A stochastic mode's draw: the threshold, where the value lies, each candidate's share
 * of the 2^N draws, and the share with unlimited bits (nu). */
static void put_draw(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, LABEL "%s with N = %u bits, R = %llu: away from zero when R >= T = %s\n", "draw",
		  rnd_mode_name(r->how.mode), r->how.sr_bits, (unsigned long long)r->how.sr_random, r->draw_threshold.s);
	sb_printf(out, LABEL "nu = %s", "", r->draw_nu.s);
	if (strcmp(r->draw_nu.s, r->draw_nu_decimal.s) != 0)
		sb_printf(out, " = %s", r->draw_nu_decimal.s);
	sb_puts(out, " of the way from ");
	put_candidate(out, r, false, style);
	sb_puts(out, " to ");
	put_candidate(out, r, true, style);
	sb_printf(out, "\n" LABEL, "");
	put_candidate(out, r, false, style);
	sb_printf(out, ": %s of the 2^%u draws, p = %s; ", r->draw_stay.s, r->how.sr_bits, r->draw_p_stay.s);
	put_candidate(out, r, true, style);
	sb_printf(out, ": %s, p = %s\n", r->draw_away.s, r->draw_p_away.s);
	sb_printf(out, LABEL "with unlimited bits, p = nu = %s of rounding away\n", "", r->draw_nu_decimal.s);
}

/* " = n/d" after a number written as ~ and digits, where it is known exactly; a ratio of
 * more than SHOW_FOLD_DIGITS digits is named, not written, unless the style is full. */
static void put_ratio(struct strbuf *out, const struct strbuf *number, const struct strbuf *ratio,
		      const struct show_style *style)
{
	if (number->s[0] != '~' || !ratio->len)
		return;
	if (style->full || ratio->len <= SHOW_FOLD_DIGITS + 1)
		sb_printf(out, " = %s", ratio->s);
	else
		sb_printf(out, " = a ratio of %zu digits (--full)", ratio->len - 1);
}

static void put_error(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, LABEL, "error");
	show_number(out, r->error.s, style);
	put_ratio(out, &r->error, &r->error_ratio, style);
	sb_puts(out, "  (stored - typed)\n");
	sb_printf(out, LABEL, "");
	show_number(out, r->ulps.s, style);
	put_ratio(out, &r->ulps, &r->ulps_ratio, style);
	sb_puts(out, " ulp of the gap rounded across\n");
	if (r->relative.len) {
		sb_printf(out, LABEL, "");
		show_number(out, r->relative.s, style);
		put_ratio(out, &r->relative, &r->relative_ratio, style);
		sb_puts(out, " relative to the typed value\n");
	}
}

static void put_overflow(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	struct limits l;

	readout_limits_of(&l, r->f, r->how);
	if (l.asymmetric && r->x.neg) {
		sb_printf(out, LABEL "past the lowest finite value (under %s: %s ", "overflow", rnd_mode_name(r->how.mode),
			  l.threshold_neg_inclusive ? "from" : "below");
		show_number(out, l.overflow_threshold_neg.s, style);
		sb_puts(out, l.threshold_neg_inclusive ? " down)" : ")");
	} else {
		sb_printf(out, LABEL "past the largest finite value (under %s: %s ", "overflow",
			  rnd_mode_name(r->how.mode), l.threshold_inclusive ? "from" : "above");
		show_number(out, l.overflow_threshold.s, style);
		sb_puts(out, l.threshold_inclusive ? " up)" : ")");
	}
	readout_limits_clear(&l);
	if (r->f->wraps || !r->other_differs) {
		sb_printf(out, "\n" LABEL "%s", "", r->f->wraps ? "the result wraps around to " : "the result is ");
		show_number(out, r->exact.s, style);
		sb_puts(out, r->f->wraps ? " (--wrap)\n" : ", saturating or not\n");
		return;
	}
	sb_printf(out, "\n" LABEL "%s gives ", "", r->how.sat ? "saturating" : "non-saturating");
	show_number(out, r->exact.s, style);
	sb_puts(out, " (");
	put_hex(out, r->f, r->code);
	sb_printf(out, "); %s gives ", r->how.sat ? "without -s" : "with -s");
	show_number(out, r->other_exact.s, style);
	sb_puts(out, " (");
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
	if (r->input_exact.s && r->input_exact.s[0] == '~') { /* a real or 1/3: as typed, and its first digits */
		show_input(out, r->input, style);
		sb_printf(out, " \u2248 %s\u2026", r->input_exact.s + 1);
	} else if (r->input_exact.len)
		show_number(out, r->input_exact.s, style);
	else {
		show_input(out, r->input, style);
		sb_printf(out, " (beyond 2^%s%ld: too %s for any format)", r->x.bound > 0 ? "" : "-",
			  NUM_LIMIT_EXP, r->x.bound > 0 ? "large" : "small");
	}
	sb_printf(out, "  rounded %s%s%s%s\n", rnd_mode_name(r->how.mode), r->how.sat ? ", saturating" : "",
		  r->policy ? ", as " : "", r->policy ? r->policy : "");
	if (r->has_error)
		put_error(out, r, style);
	if (r->rounding.flags & RND_TIE && !r->drawn)
		put_tie(out, r, style);
	if (r->drawn)
		put_draw(out, r, style);
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
		      const struct fmt *f, fpcode code, const struct show_style *style)
{
	sb_printf(out, LABEL, label);
	show_number(out, value->s, style);
	if (log2)
		sb_printf(out, " = 2^%ld", *log2);
	sb_puts(out, " (");
	put_hex(out, f, code);
	sb_puts(out, ")\n");
}

static void put_overflow_limit(struct strbuf *out, const struct fmt *f, const struct limits *l, struct rnd_spec how, const struct show_style *style)
{
	sb_printf(out, LABEL "under %s, ", "overflow", rnd_mode_name(how.mode));
	if (l->never_overflows) {
		sb_puts(out, "positive values stay at max; from ");
		show_number(out, l->overflow_threshold.s, style);
		sb_puts(out, " up, overflow is flagged\n");
	} else {
		sb_printf(out, "values %s ", l->threshold_inclusive ? "from" : "above");
		show_number(out, l->overflow_threshold.s, style);
		if (rnd_past_range(f, how, false, false) == RND_PAST_CLAMPED && (f->has_inf || f->has_nan) &&
		    !f->saturates_always && how.sat != RND_SAT_NONE)
			sb_printf(out, " become max, saturating (%s without -s)\n", overflow_result(f, how.mode));
		else
			sb_printf(out, " become %s\n", overflow_result(f, how.mode));
	}
	if (!l->asymmetric)
		return;
	sb_printf(out, LABEL, "");
	if (l->never_overflows_neg) {
		sb_puts(out, "negative values stay at lowest; from ");
		show_number(out, l->overflow_threshold_neg.s, style);
		sb_puts(out, " down, overflow is flagged\n");
		return;
	}
	sb_printf(out, "values %s ", l->threshold_neg_inclusive ? "from" : "below");
	show_number(out, l->overflow_threshold_neg.s, style);
	sb_printf(out, "%s become %s\n", l->threshold_neg_inclusive ? " down" : "",
		  f->wraps ? "codes modulo 2^bits" : "lowest");
}

static void put_limits(struct strbuf *out, const struct fmt *f, struct rnd_spec how,
		       const struct show_style *style)
{
	struct limits l;
	struct strbuf classes;

	readout_limits_of(&l, f, how);
	put_limit(out, "max", &l.max, NULL, f, l.max_code, style);
	if (l.asymmetric)
		put_limit(out, "lowest", &l.lowest, NULL, f, l.lowest_code, style);
	put_limit(out, "min normal", &l.min_normal, &l.min_normal_log2, f, l.min_normal_code, style);
	if (l.min_subnormal.len)
		put_limit(out, "min subnormal", &l.min_subnormal, &l.min_subnormal_log2, f, l.min_subnormal_code,
			  style);
	sb_printf(out, LABEL "p = %d bit%s = %s decimal digits; %d digit%s always read back (max_digits10); "
		  "digits10 %d\n", "precision", l.precision, sb_plural(l.precision), l.precision_decimal.s, l.max_digits10,
		  sb_plural(l.max_digits10), l.digits10);
	if (f->kind->precision_lines) {
		sb_init(&classes);
		f->kind->precision_lines(&classes, f);
		char *save;
		for (char *line = strtok_r(classes.s, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			sb_printf(out, LABEL "%s\n", "", line);
		sb_free(&classes);
	}
	sb_printf(out, LABEL "emin %ld, emax %ld\n", "exponents", l.emin, l.emax);
	put_overflow_limit(out, f, &l, how, style);
	readout_limits_clear(&l);
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
	fold_to_width(&text, style->width);
	sb_add(out, text.s, text.len);
	sb_free(&text);
}

static void put_readout(struct strbuf *out, const struct readout *r, const struct show_style *style)
{
	sb_printf(out, "%s: ", r->f->name);
	show_input(out, r->input, style);
	if (r->typed) {
		sb_puts(out, " -> ");
		put_hex(out, r->f, r->code);
	}
	sb_puts(out, "\n");
	if (r->f->note[0])
		sb_printf(out, "  (%s)\n", r->f->note);
	sb_putc(out, '\n');
	put_bits(out, r, style);
	sb_printf(out, "\n  %s  %s  shortest %s  ",
		  r->value.noncanonical                     ? r->value.noncanonical
		  : r->value.cls == FP_NAN && r->f->nan_word ? r->f->nan_word
							    : class_words(r->value.cls),
		  r->digits.s,
		  r->shortest.s);
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
	put_limits(out, r->f, r->how, style);
}

/* A field's name in the colour the bits of the readout give it (a field_name_writer). */
static void put_field_name(struct strbuf *out, int kind, const void *arg)
{
	const struct show_style *style = arg;

	if (style->color)
		sb_puts(out, colors[field_colors[kind]]);
	sb_puts(out, fmt_field_name((enum bit_field)kind));
	if (style->color)
		sb_puts(out, COLOR_OFF);
}

void show_info(struct strbuf *out, const struct fmt *f, struct rnd_spec how, const struct show_style *style)
{
	sb_printf(out, "%s: %s\n", f->name, f->description);
	if (f->note[0])
		sb_printf(out, LABEL "%s\n", "note", f->note);
	if (f->aliases[0])
		sb_printf(out, LABEL "%s\n", "aliases", f->aliases);
	sb_printf(out, LABEL "%d bit%s: ", "layout", f->bits, sb_plural(f->bits));
	f->kind->layout(out, f, LABEL_WIDTH, put_field_name, style);
	put_limits(out, f, how, style);
}
