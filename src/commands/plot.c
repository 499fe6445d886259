/*
 * plot.c — fpx plot: the precision of formats across their range, the picture that
 * tells tapered formats (HiF8, posits) from E4M3 and E5M2 at a glance.
 *
 * For each binade [2^e, 2^(e+1)) the precision is the significant bits its codes
 * carry: with n codes in it, ⌈log2 n⌉ + 1 (a subnormal binade of E4M3 holds 1, 2 or 4
 * codes: 1, 2, 3 bits); a binade no code falls in (a posit's, where its exponent bits
 * run out) has none. The codes are counted by placing 2^e and 2^(e+1) in the format
 * (fmt_place), so every kind is counted the same way. The terminal picture is a row of
 * Unicode blocks per format, one column per binade or per group of them; --svg FILE
 * writes the same as steps in an SVG image.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "output.h"

/* The precision of one format at each binade from lo on. */
struct profile {
	const struct fmt *f;
	long lo, hi;   /* its binades: from its smallest positive value's to its largest's */
	int *bits;     /* bits[e - lo] */
};

/* How many finite ranks have a value below q (q > 0). */
static fpcode ranks_below(const struct fmt *f, const mpq_t q)
{
	fpcode lower;
	bool exact;

	fmt_place(&lower, &exact, f, q);
	if (lower == ~(fpcode)0) /* below rank 0 */
		return 0;
	if (lower > f->max_rank) /* at or past the virtual value: all of them */
		return f->max_rank + 1;
	return lower + 1 - exact;
}

/* n codes in a binade carry ⌈log2 n⌉ bits after the leading one (E4M3's top binade
 * has 7 codes, the eighth being NaN: 4 bits, as the rest). */
static int bits_of_count(fpcode n)
{
	return n ? code_bit_length(n - 1) + 1 : 0;
}

static void profile_of(struct profile *p, const struct fmt *f)
{
	long exp;
	mpz_t sig;
	mpq_t a, b;

	mpz_init(sig);
	mpq_inits(a, b, NULL);
	p->f = f;
	fmt_rank_value(sig, &exp, f, f->has_zero ? 1 : 0);
	p->lo = exp + (long)mpz_sizeinbase(sig, 2) - 1;
	p->hi = f->emax;
	p->bits = calloc((size_t)(p->hi - p->lo + 1), sizeof *p->bits);
	if (!p->bits)
		abort();
	for (long e = p->lo; e <= p->hi; e++) {
		num_set_pow2(a, e);
		mpq_mul_2exp(b, a, 1);
		p->bits[e - p->lo] = bits_of_count(ranks_below(f, b) - ranks_below(f, a));
	}
	mpq_clears(a, b, NULL);
	mpz_clear(sig);
}

static int profile_at(const struct profile *p, long e)
{
	return e < p->lo || e > p->hi ? 0 : p->bits[e - p->lo];
}

/* ---- The terminal picture ------------------------------------------------------------ */

static const char *const blocks[] = { " ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" };

struct frame {
	long lo, hi; /* the binades of all the formats */
	int most;    /* the most bits anywhere */
	int columns; /* of the picture */
	long per;    /* binades per column */
	int label;   /* the width of the name column */
};

static void put_row(struct strbuf *out, const struct frame *fr, const struct profile *p)
{
	sb_printf(out, "%-*s ", fr->label, p->f->name);
	for (int c = 0; c < fr->columns; c++) {
		int bits = 0;
		for (long e = fr->lo + c * fr->per; e < fr->lo + (c + 1) * fr->per && e <= fr->hi; e++)
			if (profile_at(p, e) > bits)
				bits = profile_at(p, e);
		sb_puts(out, blocks[bits ? (bits * 8 + fr->most - 1) / fr->most : 0]);
	}
	sb_printf(out, "  %d bit%s at most\n", p->f->precision, sb_plural(p->f->precision));
}

/* Writes label into line at column at, when it fits there without touching another:
 * whether it did. */
static bool place_label(char *line, int columns, int at, const char *label)
{
	int n = (int)strlen(label);

	if (at < 0 || at + n > columns)
		return false;
	for (int i = at - 1; i <= at + n && i < columns; i++)
		if (i >= 0 && line[i] != ' ')
			return false;
	memcpy(line + at, label, (size_t)n);
	return true;
}

/* Room for the labels past the picture's right end. */
#define AXIS_SPILL 24

static void put_axis_line(struct strbuf *out, const struct frame *fr, char *line)
{
	size_t n = strlen(line);

	while (n && line[n - 1] == ' ')
		line[--n] = '\0';
	sb_printf(out, "%-*s %s\n", fr->label, "", line);
}

/*
 * The axis under the rows: ^2^lo under the first column, 2^hi^ ending under the last
 * (or ^2^hi starting there, past the picture, or on a line of its own when the picture
 * is too narrow for both), ^2^0 where 1 falls.
 */
static void put_axis(struct strbuf *out, const struct frame *fr)
{
	char line[1024 + AXIS_SPILL], text[32];
	int columns = fr->columns < 1024 ? fr->columns : 1024, room = columns + AXIS_SPILL;
	bool right_placed;

	memset(line, ' ', (size_t)room);
	line[room] = '\0';
	snprintf(text, sizeof text, "^2^%ld", fr->lo);
	place_label(line, room, 0, text);
	snprintf(text, sizeof text, "2^%ld^", fr->hi);
	right_placed = columns < 2 || place_label(line, columns, columns - (int)strlen(text), text);
	snprintf(text, sizeof text, "^2^%ld", fr->hi);
	right_placed = right_placed || place_label(line, room, columns - 1, text);
	if (fr->lo < 0 && fr->hi > 0)
		place_label(line, columns, (int)(-fr->lo / fr->per), "^2^0");
	put_axis_line(out, fr, line);
	if (right_placed)
		return;
	memset(line, ' ', (size_t)room);
	place_label(line, room, columns - 1, text);
	put_axis_line(out, fr, line);
}

static void put_picture(struct strbuf *out, struct frame *fr, const struct profile *p, int n, int width)
{
	int room = width - fr->label - 1 - 16;

	if (room < 16)
		room = 16;
	fr->per = (fr->hi - fr->lo + room) / room;
	fr->columns = (int)((fr->hi - fr->lo) / fr->per + 1);
	sb_printf(out, "significant bits per binade, 2^%ld to 2^%ld", fr->lo, fr->hi);
	if (fr->per > 1)
		sb_printf(out, " (%ld binades a column, the most of them)", fr->per);
	sb_printf(out, "; %s = %d bit%s\n", blocks[8], fr->most, sb_plural(fr->most));
	for (int i = 0; i < n; i++)
		put_row(out, fr, &p[i]);
	put_axis(out, fr);
}

/* ---- The SVG ------------------------------------------------------------------------ */

#define SVG_WIDTH 800
#define SVG_HEIGHT 400
#define SVG_LEFT 60
#define SVG_RIGHT 160
#define SVG_TOP 30
#define SVG_BOTTOM 50

static const char *const svg_colors[] = { "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
					  "#e377c2", "#7f7f7f" };

static double svg_x(const struct frame *fr, double e)
{
	return SVG_LEFT + (e - (double)fr->lo) * (SVG_WIDTH - SVG_LEFT - SVG_RIGHT) / (double)(fr->hi + 1 - fr->lo);
}

static double svg_y(const struct frame *fr, int bits)
{
	return SVG_HEIGHT - SVG_BOTTOM - (double)bits * (SVG_HEIGHT - SVG_TOP - SVG_BOTTOM) / fr->most;
}

/* A format's steps: across each binade at its precision. A binade no code falls in is
 * left out, a gap in the line (not a drop to 0 bits and back, which across a posit's far
 * binades draws a comb); round caps keep a lone binade's step a visible dot. */
static void svg_steps(struct strbuf *out, const struct frame *fr, const struct profile *p, const char *color)
{
	bool drawing = false;
	const char *sep = "";

	sb_printf(out, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-linecap=\"round\" "
		  "stroke-linejoin=\"round\" d=\"", color);
	for (long e = p->lo; e <= p->hi; e++) {
		int bits = profile_at(p, e);
		if (!bits) {
			drawing = false;
			continue;
		}
		sb_printf(out, "%s%s%.1f %.1f H%.1f", sep, drawing ? "L" : "M", svg_x(fr, (double)e), svg_y(fr, bits),
			  svg_x(fr, (double)e + 1));
		drawing = true;
		sep = " ";
	}
	sb_puts(out, "\"/>\n");
}

static void svg_axes(struct strbuf *out, const struct frame *fr)
{
	long step = (fr->hi - fr->lo) / 8 + 1;

	sb_printf(out, "<path stroke=\"black\" fill=\"none\" d=\"M%d %d V%d H%d\"/>\n", SVG_LEFT, SVG_TOP,
		  SVG_HEIGHT - SVG_BOTTOM, SVG_WIDTH - SVG_RIGHT);
	for (int b = 0; b <= fr->most; b += fr->most > 16 ? 8 : fr->most > 8 ? 2 : 1)
		sb_printf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", SVG_LEFT - 6,
			  svg_y(fr, b) + 4, b);
	for (long e = fr->lo; e <= fr->hi; e += step)
		sb_printf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">2^%ld</text>\n", svg_x(fr, (double)e),
			  SVG_HEIGHT - SVG_BOTTOM + 18, e);
	sb_printf(out, "<text x=\"%d\" y=\"%d\">significant bits per binade</text>\n", SVG_LEFT, SVG_TOP - 10);
	sb_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">binade [2^e, 2^(e+1)) of the magnitude; "
		  "no line: no code in it</text>\n", (SVG_LEFT + SVG_WIDTH - SVG_RIGHT) / 2, SVG_HEIGHT - 12);
}

/* Text in an SVG element: <, > and & as entities (a -F format's name may hold them). */
static void put_xml_text(struct strbuf *out, const char *s)
{
	for (; *s; s++)
		if (*s == '<')
			sb_puts(out, "&lt;");
		else if (*s == '>')
			sb_puts(out, "&gt;");
		else if (*s == '&')
			sb_puts(out, "&amp;");
		else
			sb_putc(out, *s);
}

static void put_svg(struct strbuf *out, const struct frame *fr, const struct profile *p, int n)
{
	sb_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		  "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		  SVG_WIDTH, SVG_HEIGHT, SVG_WIDTH, SVG_HEIGHT);
	svg_axes(out, fr);
	for (int i = 0; i < n; i++) {
		const char *color = svg_colors[i % 8];
		svg_steps(out, fr, &p[i], color);
		sb_printf(out, "<text x=\"%d\" y=\"%d\" fill=\"%s\">", SVG_WIDTH - SVG_RIGHT + 12, SVG_TOP + 16 * (i + 1),
			  color);
		put_xml_text(out, p[i].f->name);
		sb_puts(out, "</text>\n");
	}
	sb_puts(out, "</svg>\n");
}

static bool write_svg(const char *path, const struct strbuf *svg)
{
	FILE *fp = fopen(path, "w");

	if (!fp || fwrite(svg->s, 1, svg->len, fp) != svg->len || fclose(fp) != 0) {
		report("%s: %s", path, strerror(errno ? errno : EIO));
		return false;
	}
	return true;
}

int cmd_plot(struct settings *s)
{
	struct format_list formats;
	struct profile p[FORMATS_MAX];
	struct frame fr = { 0 };
	struct strbuf out;
	int width = output_show_style(s).width, status = EXIT_OK;

	if (s->nargs != 1)
		return usage_error(USAGE_PLOT_NEEDS_FORMAT, NULL);
	if (!settings_require_formats(&formats, s->args[0]))
		return EXIT_USAGE;
	for (int i = 0; i < formats.count; i++) {
		profile_of(&p[i], formats.f[i]);
		fr.lo = i == 0 || p[i].lo < fr.lo ? p[i].lo : fr.lo;
		fr.hi = i == 0 || p[i].hi > fr.hi ? p[i].hi : fr.hi;
		for (long e = p[i].lo; e <= p[i].hi; e++)
			fr.most = profile_at(&p[i], e) > fr.most ? profile_at(&p[i], e) : fr.most;
		fr.label = (int)strlen(formats.f[i]->name) > fr.label ? (int)strlen(formats.f[i]->name) : fr.label;
	}
	sb_init(&out);
	if (s->plot.svg) {
		put_svg(&out, &fr, p, formats.count);
		if (!write_svg(s->plot.svg, &out))
			status = EXIT_BAD_INPUT;
	} else {
		put_picture(&out, &fr, p, formats.count, width ? width : 80);
		output_flush_line(&out);
	}
	sb_free(&out);
	for (int i = 0; i < formats.count; i++)
		free(p[i].bits);
	return status;
}
