/*
 * libload.c — formats loaded from .fmt text through libfpx's public header alone,
 * linked to the shared library: IEEE 754's formula for a format the text describes,
 * bad texts refused whole with fpx(1)'s messages, redefinitions by -F's rules, and
 * loads from four threads at once. Its own program, as loads change what names mean
 * for the rest of the process.
 */
#include <math.h>
#include <pthread.h>

#include "libcheck.h"

/*
 * A format of the text below, by IEEE 754's formula for 3 exponent bits (bias 1) and 2
 * fraction bits: the value of magnitude code c, (4 + m)·2^(e−3) for e ≥ 1, m·2^−2 for
 * e = 0. Code 0x1c (inf) stands for 2^6, the value the next binade would start with.
 */
static double e3m2b1_value(unsigned c)
{
	unsigned e = c >> 2, m = c & 3;

	return e == 0 ? ldexp(m, -2) : ldexp(4 + m, (int)e - 3);
}

/* x's code: to nearest, ties to the even code (past max + half an ulp: 0x1c, inf), or
 * toward zero (inf alone to inf; past the max to the max 0x1b, as IEEE 754 7.4 says). */
static unsigned e3m2b1_round(double x, int toward_zero)
{
	double a = fabs(x);
	unsigned best = 0;

	if (isinf(a))
		best = 0x1c;
	else
		for (unsigned c = 1; c <= 0x1c; c++) {
			double d = fabs(e3m2b1_value(c) - a), was = fabs(e3m2b1_value(best) - a);
			if (toward_zero ? c <= 0x1b && e3m2b1_value(c) <= a : d < was || (d == was && c % 2 == 0))
				best = c;
		}
	return best | (signbit(x) ? 0x20u : 0);
}

static const char e3m2b1_text[] = "# three formats\n"
				  "name libapi_e3m2b1\naliases libapi_tiny\nsign yes\nexponent 3\nfraction 2\n"
				  "bias 1\nspecials ieee\n\n"
				  "name libapi_e2m1\nsign yes\nexponent 2\nfraction 1\nspecials finite\n"
				  "name libapi_p8\nkind posit\nbits 8\nes 0\n";

/* Every code decoded, and doubles rounded in rne and rtz, against the formula. */
static void loaded_values(const fpx_format *f)
{
	enum { N = 20000 };
	static double x[N];
	static uint8_t c[N], rtz[N];
	uint8_t all[64];
	double back[64];
	long wrong = 0;
	fpx_options *o = fpx_options_new();

	for (unsigned i = 0; i < 64; i++)
		all[i] = (uint8_t)i;
	check(fpx_decode_double(back, f, all, 64, 1, NULL) == FPX_OK, "every code of the loaded format decodes");
	for (unsigned i = 0; i < 64; i++) {
		unsigned m = i & 0x1f;
		double want = m > 0x1c ? NAN : m == 0x1c ? INFINITY : e3m2b1_value(m);
		wrong += isnan(want) ? !isnan(back[i]) : back[i] != (i & 0x20 ? -want : want) || !signbit(back[i]) != !(i & 0x20);
	}
	check(wrong == 0, "the loaded e3m2 with bias 1 decodes as IEEE 754's formula says");
	for (size_t i = 0; i < N; i++) {
		x[i] = i % 2 ? any_double() : ldexp((double)(rng() % 2048) - 1024, -4 - (int)(rng() % 5));
		if (isnan(x[i]))
			x[i] = 0.125;
	}
	fpx_options_set(o, "round", "rtz", NULL);
	check(fpx_encode_double(c, NULL, f, NULL, x, N, NULL) == FPX_OK &&
		      fpx_encode_double(rtz, NULL, f, o, x, N, NULL) == FPX_OK,
	      "doubles encode into the loaded format");
	wrong = 0;
	for (size_t i = 0; i < N; i++)
		wrong += c[i] != e3m2b1_round(x[i], 0) || rtz[i] != e3m2b1_round(x[i], 1);
	check(wrong == 0, "doubles round into the loaded format as the formula's grid says, in rne and rtz");
	fpx_options_free(o);
}

static void loaded_formats(void)
{
	const fpx_format *got[2] = { NULL, NULL }, *again[3], *f;
	size_t count = 0, count_again = 0;
	fpx_error err;

	check(fpx_format_load(got, 2, &count, NULL, e3m2b1_text, &err) == FPX_OK && count == 3 && got[0] && got[1],
	      "a text of three formats: the first two handed out, three counted");
	check(strcmp(fpx_format_name(got[0]), "libapi_e3m2b1") == 0 && fpx_format_bits(got[0]) == 6 &&
		      fpx_code_size(got[0]) == 1 && strcmp(fpx_format_name(got[1]), "libapi_e2m1") == 0,
	      "in the text's order, 6 bits, a byte a code");
	check(fpx_format_lookup(&f, "libapi_tiny", &err) == FPX_OK && f == got[0] &&
		      fpx_format_lookup(&f, "LIBAPI_P8", &err) == FPX_OK && fpx_format_bits(f) == 8,
	      "found by its alias, and by name whatever the case");
	check(fpx_format_load(again, 3, &count_again, "again.fmt", e3m2b1_text, &err) == FPX_OK && count_again == 3 &&
		      again[0] == got[0] && again[1] == got[1] && again[2] == f,
	      "the same text again: the same formats");
	loaded_values(got[0]);
}

/* A text that is not a format file: FPX_USAGE with the line `fpx -F FILE` writes after
 * its "fpx: ", and nothing of it loaded, not even the good format before the bad line. */
static void bad_format_texts(void)
{
	static const char half_good[] = "name libapi_good\nsign yes\nexponent 3\nfraction 2\n"
					"name libapi_bad\nsign yes\nexponent 3\nfraction 2\nbias x\n";
	const fpx_format *f = NULL;
	size_t count = 7;
	fpx_error err;

	check(fpx_format_load(&f, 1, &count, "bad.fmt", half_good, &err) == FPX_USAGE && err.status == FPX_USAGE &&
		      count == 0 && strcmp(err.message, "bad.fmt:9: bias needs an integer (at most 2^20 in size), not 'x'") == 0,
	      "a bad line: FPX_USAGE and fpx -F's message, its file and line");
	check(fpx_format_lookup(&f, "libapi_good", &err) == FPX_USAGE, "nothing of a bad text is loaded");
	check(fpx_format_load(&f, 1, NULL, NULL, "sign yes\n", &err) == FPX_USAGE &&
		      strcmp(err.message, "<text>:1: the first line must be `name NAME`, not `sign ...`") == 0,
	      "no name first: fpx -F's message, the text called <text>");
	check(fpx_format_load(&f, 1, NULL, NULL, "# nothing\n", &err) == FPX_USAGE &&
		      strcmp(err.message, "<text>:1: no format in the file") == 0,
	      "no format: fpx -F's message");
	check(fpx_format_load(&f, 1, NULL, NULL, NULL, &err) == FPX_USAGE, "no text at all: FPX_USAGE");
}

/*
 * A name loaded again means the newest format, a built-in's name too (e5m2, as -F
 * FILE makes it), while handles from before keep theirs and the built-in's other names
 * still find it. Runs after every test that looks e5m2 up.
 */
static void redefined_names(void)
{
	static const char bias1[] = "name libapi_re\nsign yes\nexponent 3\nfraction 2\nbias 1\n";
	static const char bias2[] = "name libapi_re\nsign yes\nexponent 3\nfraction 2\nbias 2\n";
	static const char small_e5m2[] = "name e5m2\nsign yes\nexponent 3\nfraction 2\nbias 1\nspecials ieee\n";
	const fpx_format *first, *second, *built_in = format("e5m2"), *f;
	const double one = 1.0;
	uint8_t c[3];
	fpx_error err;

	fpx_format_load(&first, 1, NULL, NULL, bias1, &err);
	fpx_format_load(&second, 1, NULL, NULL, bias2, &err);
	check(first != second && format("libapi_re") == second, "the newest format has the name");
	fpx_encode_double(&c[0], NULL, first, NULL, &one, 1, &err);
	fpx_encode_double(&c[1], NULL, second, NULL, &one, 1, &err);
	check(c[0] == 0x04 && c[1] == 0x08, "the first handle keeps bias 1 (1 is 0x04), the second has bias 2 (0x08)");
	check(fpx_format_load(&f, 1, NULL, NULL, small_e5m2, &err) == FPX_OK && format("e5m2") == f &&
		      fpx_format_bits(format("e5m2")) == 6,
	      "a loaded e5m2 is what the name e5m2 finds");
	fpx_encode_double(&c[2], NULL, built_in, NULL, &one, 1, &err);
	check(fpx_format_bits(built_in) == 8 && c[2] == 0x3c && format("float8_e5m2") == built_in,
	      "the built-in's handle and its other names are unchanged");
}

/* Loads and lookups from four threads at once, each its own names. */
static void *load_many(void *arg)
{
	long wrong = 0;

	for (int i = 0; i < 25; i++) {
		char text[160], name[40];
		const fpx_format *f = NULL, *found = NULL;
		double v;
		uint8_t four = 0x04; /* exponent 1, fraction 0: 2^(1 - bias) */
		snprintf(name, sizeof name, "libapi_t%d_%d", (int)(intptr_t)arg, i);
		snprintf(text, sizeof text, "name %s\nsign yes\nexponent 3\nfraction 2\nbias %d\n", name, 1 + i % 5);
		wrong += fpx_format_load(&f, 1, NULL, NULL, text, NULL) != FPX_OK ||
			 fpx_format_lookup(&found, name, NULL) != FPX_OK || found != f ||
			 fpx_decode_double(&v, f, &four, 1, 1, NULL) != FPX_OK || v != ldexp(1, -(i % 5));
	}
	return (void *)(intptr_t)wrong;
}

static void loading_threads(void)
{
	pthread_t t[4];
	long wrong = 0;

	for (intptr_t i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, load_many, (void *)i);
	for (int i = 0; i < 4; i++) {
		void *w;
		pthread_join(t[i], &w);
		wrong += (long)(intptr_t)w;
	}
	check(wrong == 0, "four threads loading and looking up formats");
}
int main(void)
{
	loaded_formats();
	bad_format_texts();
	redefined_names();
	loading_threads();
	printf("libload: %ld passed, %ld failed\n", passed, failed);
	return failed != 0;
}
