/*
 * fmtcmd.c — the commands about formats themselves: table (every code), info (layout and
 * limits) and formats (the list).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "inputs.h"
#include "output.h"
#include "intfmt.h"
#include "parse.h"
#include "policy.h"
#include "registry.h"

/* ---- info ---------------------------------------------------------------------------------- */

int cmd_info(struct settings *s)
{
	struct show_style style = output_show_style(s);
	const struct policy *policy;
	struct format_list formats;
	struct strbuf out;

	if (s->nargs != 1)
		return usage_error(USAGE_INFO_NEEDS_FORMAT, NULL);
	if (!settings_require_formats(&formats, s->args[0]) || !settings_check_policy(s) || !settings_targets(s, &formats))
		return EXIT_USAGE;
	sb_init(&out);
	policy = s->policy ? s->policy : policy_default();
	for (int i = 0; i < formats.count && !output_should_stop(); i++) {
		const struct fmt *f = formats.f[i];
		struct rnd_spec how = policy_rounding(policy, f, s->rounding);

		if (s->style == STYLE_JSON)
			show_info_json(&out, f, how);
		else
			show_info(&out, f, how, &style);
		if (s->style != STYLE_JSON && i + 1 < formats.count)
			sb_putc(&out, '\n');
		output_flush_line(&out);
	}
	sb_free(&out);
	return EXIT_OK;
}

/* ---- table ---------------------------------------------------------------------------------- */

/* --range A:B, two codes of any width (a 128-bit 0b... bound is 130 characters); false
 * after a usage error. */
static bool table_range(const struct settings *s, const struct fmt *f, fpcode *first, fpcode *last)
{
	const char *colon = s->range ? strchr(s->range, ':') : NULL;
	bool ok;

	*first = 0;
	*last = code_mask(f->bits);
	if (!s->range)
		return f->bits <= 20 || (usage_error(USAGE_TOO_MANY_CODES, f->name), false);
	ok = colon && inputs_parse_code_range(s->range, strlen(s->range), f, first, last);
	return ok || (usage_error(USAGE_BAD_RANGE, s->range), false);
}

/* The rows of f's codes first..last, written out a block at a time (each row at once
 * in the REPL). */
static void table_rows(struct strbuf *line, const struct settings *s, const struct fmt *f, fpcode first, fpcode last)
{
	for (fpcode code = first;; code++) {
		char hex[CODE_MAX_BITS / 4 + 3];
		struct row row = { .input = hex, .code = code, .how = s->rounding };
		code_to_hex(hex, code, fmt_hex_digits(f));
		render_row(line, f, &row, &s->fields, s->style);
		output_write(line, s->interactive);
		if (code == last || output_should_stop())
			break;
	}
}

int cmd_table(struct settings *s)
{
	struct format_list formats;
	fpcode first[FORMATS_MAX], last[FORMATS_MAX];
	struct strbuf line;

	if (s->nargs != 1)
		return usage_error(USAGE_TABLE_NEEDS_FORMAT, NULL);
	if (!settings_require_formats(&formats, s->args[0]))
		return EXIT_USAGE;
	if (!s->fields_given) /* several formats: which one each row is */
		render_parse_fields(&s->fields, formats.count > 1 ? "format,hex,class,exact,shortest"
								   : "hex,class,exact,shortest");
	for (int i = 0; i < formats.count; i++) /* every range is checked before any row */
		if (!table_range(s, formats.f[i], &first[i], &last[i]))
			return EXIT_USAGE;
	sb_init(&line);
	if (s->header && s->style != STYLE_JSON)
		render_header(&line, &s->fields, s->style);
	for (int i = 0; i < formats.count && !output_should_stop(); i++)
		table_rows(&line, s, formats.f[i], first[i], last[i]);
	output_flush_line(&line);
	sb_free(&line);
	return EXIT_OK;
}

/* ---- formats --------------------------------------------------------------------------------- */

static void print_names(const struct fmt *f, void *arg)
{
	(void)arg;
	printf("%s\n", f->name);
	for (const char *p = f->aliases; *p;) {
		size_t n = strcspn(p, " ");
		printf("%.*s\n", (int)n, p);
		p += n + strspn(p + n, " ");
	}
}

/* What kind of format f is, for the listing: a scale (E8M0's family) apart. */
static const char *kind_of(const struct fmt *f)
{
	return f->family == FAMILY_SCALE ? "scale" : f->kind->name;
}

/* One line of the listing (name, bits, kind, description, aliases) as text or JSON. */
static void list_format(struct strbuf *out, const struct settings *s, const char *name, int bits, const char *kind,
			const char *description, const char *aliases)
{
	if (s->style != STYLE_JSON) {
		sb_printf(out, "%-20s %4d  %-8s %s\n", name, bits, kind, description);
		if (aliases[0])
			sb_printf(out, "%-20s %4s  %-8s aliases: %s\n", "", "", "", aliases);
		return;
	}
	sb_putc(out, '{');
	render_json_text(out, "name", name);
	render_json_long(out, "bits", bits);
	render_json_text(out, "kind", kind);
	render_json_text(out, "description", description);
	render_json_key(out, "aliases");
	render_json_words(out, aliases);
	sb_puts(out, "}\n");
}

struct listing {
	struct strbuf out;
	const struct settings *s;
};

/* The integer and fixed-point formats listed, of all that names build (kind_fixed.c). */
static const char *const listed_fixed[] = {
	"int2", "int4", "int8", "int16", "int32", "int64", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
	"q1.7", "q1.15", "q1.31", "q8.8", "q16.16", "uq8.8",
};

/* Calls fn with each format `fpx formats` lists, in its order: those `all` names (the
 * built-in ones, the 8-bit P3109 ones), then the integer and fixed-point ones. The
 * listing and --names both go through here. */
static void each_listed(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	settings_each_of_all(fn, arg);
	for (size_t i = 0; i < sizeof listed_fixed / sizeof listed_fixed[0]; i++)
		fn(fmt_lookup(listed_fixed[i]), arg);
}

static void list_one(const struct fmt *f, void *arg)
{
	struct listing *l = arg;
	const struct fmt *q = f->can_wrap ? intfmt_lookup(f->name) : NULL;
	char description[FMT_TEXT_MAX + 40];

	snprintf(description, sizeof description, "%s%s", f->description,
		 !q ? "" : strcmp(q->name, "int8") == 0 ? " (also quantize, dequantize, mx)" : " (also quantize, dequantize)");
	list_format(&l->out, l->s, f->name, f->bits, kind_of(f), description, f->aliases);
}

int cmd_formats(struct settings *s)
{
	struct listing l = { .s = s };

	if (s->nargs)
		return usage_error(USAGE_FORMATS_ARGUMENTS, s->args[0]);
	if (s->formats.names) {
		each_listed(print_names, NULL);
		return EXIT_OK;
	}
	sb_init(&l.out);
	if (s->style != STYLE_JSON)
		sb_printf(&l.out, "%-20s %4s  %-8s %s\n", "NAME", "BITS", "KIND", "DESCRIPTION");
	each_listed(list_one, &l);
	if (s->style != STYLE_JSON)
		sb_puts(&l.out, "\nTwo different formats are called E4M3: 'e4m3' is OCP FP8's (no inf, max 448,\n"
			"NaN 0x7f/0xff), what ONNX, PyTorch and WebNN mean; 'float8_e4m3' is ml_dtypes'\n"
			"IEEE-like one (inf 0x78, max 240). Any eXmY[bN][fn|fnuz] name builds an IEEE-like\n"
			"format (exponent 2-" FMT_MAX_EXP_BITS_TEXT " bits, fraction 0-" FMT_MAX_FRAC_BITS_TEXT " bits); writing out a bias changes it\n"
			"(e4m3b7 is IEEE-like, not e4m3). Any positN[esK] name builds a posit of 3-64 bits\n"
			"(with es = 2 unless given: posit16es1). Any binaryKpP{s|u}{e|f} name, in any\n"
			"case, builds an IEEE P3109 format: K = 3-16 bits, precision 0 < P < K signed\n"
			"(s) or 0 < P <= K unsigned (u), extended with infinities (e) or finite (f);\n"
			"the 8-bit ones are listed, the others go by name (binary12p7uf). They round\n"
			"as the report projects (--saturation, -r rto, sra, srb, src). Integers and\n"
			"fixed point, two's complement or unsigned, go by intN (2-64 bits), uintN\n"
			"(1-64) and qM.N, uqM.N (M integer bits, the sign's included, and N fraction\n"
			"bits: q1.15 is 16 bits); they saturate, or wrap with --wrap.\n");
	output_flush_line(&l.out);
	sb_free(&l.out);
	return EXIT_OK;
}
