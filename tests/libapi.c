/*
 * libapi.c — libfpx through its public header alone (fpx.h), linked to the shared
 * library: each answer against one found without fpx — the host's own conversions
 * (float and _Float16 casts, glibc's correctly rounded strtof and strtod in each
 * rounding mode), spec values (E4M3's max 448, bfloat16's pi 0x4049), IEEE 754's
 * formula for a format loaded from .fmt text, and fpx(1)'s documented messages; and
 * the same arrays, and loads, from four threads at once.
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpx.h"

static long passed, failed;

static void check(int ok, const char *what)
{
	if (ok)
		passed++;
	else if (failed++ < 40)
		printf("FAIL: %s\n", what);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Doubles of every kind: random bits (all binades, NaNs, infinities, subnormals), and
 * values near binary32's and binary16's ranges and roundings. */
static double any_double(void)
{
	uint64_t bits = rng();
	double d;

	switch (bits % 4) {
	case 0: break;
	case 1: bits = (bits & 0x800fffffffffffffu) | (uint64_t)(1023 - 130 + (int)(bits >> 52 & 0xff) % 260) << 52; break;
	case 2: bits = (bits & 0x800fffffffffffffu) | (uint64_t)(1023 - 26 + (int)(bits >> 52 & 0x3f) % 44) << 52; break;
	default: bits &= 0xbfffffff00000000u | (bits >> 60 << 28); break; /* near float ties */
	}
	memcpy(&d, &bits, sizeof d);
	return d;
}

static const fpx_format *format(const char *name)
{
	const fpx_format *f = NULL;
	fpx_error err;

	if (fpx_format_lookup(&f, name, &err) != FPX_OK) {
		printf("FAIL: no format %s: %s\n", name, err.message);
		exit(1);
	}
	return f;
}

static void formats_and_names(void)
{
	const fpx_format *f;
	fpx_error err;

	check(strcmp(fpx_version(), FPX_VERSION) == 0, "fpx_version() is the header's");
	f = format("float8_e4m3fn");
	check(strcmp(fpx_format_name(f), "e4m3") == 0 && fpx_format_bits(f) == 8 && fpx_code_size(f) == 1,
	      "float8_e4m3fn is e4m3, 8 bits, a byte a code");
	check(fpx_code_size(format("binary16")) == 2 && fpx_code_size(format("tf32")) == 4 &&
		      fpx_code_size(format("binary64")) == 8 && fpx_code_size(format("binary128")) == 16 &&
		      fpx_code_size(format("x87")) == 16 && fpx_code_size(format("e5m10")) == 2,
	      "code sizes 2, 4, 8, 16");
	check(fpx_format_lookup(&f, "nope", &err) == FPX_USAGE && err.status == FPX_USAGE &&
		      strcmp(err.message, "unknown format 'nope' (see fpx formats)") == 0,
	      "an unknown format: FPX_USAGE and fpx(1)'s message");
}

/* binary32 from doubles against the host's cast; flags against the round trip. */
static void doubles_into_binary32(void)
{
	enum { N = 200000 };
	double *x = malloc(N * sizeof *x);
	uint32_t *codes = malloc(N * sizeof *codes);
	uint8_t *flags = malloc(N);
	long wrong = 0, wrong_flags = 0;
	fpx_error err;

	for (size_t i = 0; i < N; i++)
		x[i] = any_double();
	check(fpx_encode_double(codes, flags, format("binary32"), NULL, x, N, &err) == FPX_OK, "encode_double ok");
	for (size_t i = 0; i < N; i++) {
		float want = (float)x[i];
		uint32_t want_bits;
		memcpy(&want_bits, &want, sizeof want_bits);
		if (isnan(x[i]) ? (codes[i] & 0x7fffffffu) <= 0x7f800000u : codes[i] != want_bits)
			wrong++;
		if (!isnan(x[i]) && !!(flags[i] & FPX_FLAG_INEXACT) != ((double)want != x[i]))
			wrong_flags++;
	}
	check(wrong == 0, "binary32 codes of doubles are the host's casts");
	check(wrong_flags == 0, "binary32 inexact flags are the round trip's");
	free(x);
	free(codes);
	free(flags);
}

#ifdef __FLT16_MAX__
/* binary16 from doubles against the host's _Float16 cast; every binary16 code decoded
 * against the host's widening. */
static void binary16_both_ways(void)
{
	enum { N = 100000 };
	double x[256], back[65536];
	uint16_t codes[65536];
	long wrong = 0;
	fpx_error err;

	for (int round = 0; round < N / 256; round++) {
		for (size_t i = 0; i < 256; i++)
			x[i] = any_double();
		fpx_encode_double(codes, NULL, format("binary16"), NULL, x, 256, &err);
		for (size_t i = 0; i < 256; i++) {
			_Float16 want = (_Float16)x[i];
			uint16_t want_bits;
			memcpy(&want_bits, &want, sizeof want_bits);
			wrong += isnan(x[i]) ? (codes[i] & 0x7fff) <= 0x7c00 : codes[i] != want_bits;
		}
	}
	check(wrong == 0, "binary16 codes of doubles are the host's _Float16 casts");
	for (uint32_t c = 0; c < 65536; c++)
		codes[c] = (uint16_t)c;
	check(fpx_decode_double(back, format("binary16"), codes, 65536, 1, &err) == FPX_OK,
	      "every binary16 code is a double");
	wrong = 0;
	for (uint32_t c = 0; c < 65536; c++) {
		_Float16 h;
		memcpy(&h, &codes[c], sizeof h);
		wrong += isnan((double)h) ? !isnan(back[c]) : memcmp(&back[c], &(double){ (double)h }, sizeof(double)) != 0;
	}
	check(wrong == 0, "binary16 codes decode as the host widens them");
}

/* floats into binary16, as floats and as binary32 codes cast, against the host's cast. */
static void floats_into_binary16(void)
{
	enum { N = 4096 };
	float x[N];
	uint32_t bits[N];
	uint16_t as_floats[N], as_codes[N];
	long wrong = 0;
	fpx_error err;

	for (size_t i = 0; i < N; i++) {
		x[i] = (float)any_double();
		memcpy(&bits[i], &x[i], sizeof bits[i]);
	}
	fpx_encode_float(as_floats, NULL, format("binary16"), NULL, x, N, &err);
	fpx_cast(as_codes, NULL, format("binary16"), NULL, format("binary32"), bits, N, &err);
	for (size_t i = 0; i < N; i++) {
		_Float16 want = (_Float16)x[i];
		uint16_t want_bits;
		memcpy(&want_bits, &want, sizeof want_bits);
		wrong += isnan(x[i]) ? (as_floats[i] & 0x7fff) <= 0x7c00 : as_floats[i] != want_bits;
		wrong += as_codes[i] != as_floats[i];
	}
	check(wrong == 0, "floats and binary32 codes into binary16 are the host's casts");
}
#endif

/* Decimal texts into binary32 and binary64 in four modes against glibc's strtof and
 * strtod, which round correctly in the current mode. */
static void texts_in_each_mode(void)
{
	static const struct { const char *name; int fe; } modes[] = {
		{ "rne", FE_TONEAREST }, { "rtz", FE_TOWARDZERO }, { "rup", FE_UPWARD }, { "rdn", FE_DOWNWARD },
	};
	enum { N = 4000 };
	static char buf[N][40];
	const char *text[N];
	uint32_t c32[N];
	uint64_t c64[N];
	fpx_error err;

	for (size_t i = 0; i < N; i++) {
		snprintf(buf[i], sizeof buf[i], "%s%llu.%llue%d", rng() & 1 ? "-" : "", (unsigned long long)(rng() % 100000000),
			 (unsigned long long)(rng() % 1000000000000u), (int)(rng() % 90) - 50);
		text[i] = buf[i];
	}
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		fpx_options *o = fpx_options_new();
		long wrong = 0;
		check(fpx_options_set(o, "round", modes[m].name, &err) == FPX_OK, "round takes a mode");
		fpx_encode_text(c32, NULL, format("binary32"), o, text, NULL, N, &err);
		fpx_encode_text(c64, NULL, format("binary64"), o, text, NULL, N, &err);
		fesetround(modes[m].fe);
		for (size_t i = 0; i < N; i++) {
			float f = strtof(text[i], NULL);
			double d = strtod(text[i], NULL);
			wrong += memcmp(&c32[i], &f, 4) != 0 || memcmp(&c64[i], &d, 8) != 0;
		}
		fesetround(FE_TONEAREST);
		check(wrong == 0, modes[m].name);
		fpx_options_free(o);
	}
}

/* Doubles rounded straight from their bits, as the same values written as hex floats
 * are rounded through fpx(1)'s whole conversion: every mode, both saturations, with and
 * without flags, into formats of every kind. */
static void doubles_as_their_texts(void)
{
	static const char *const formats[] = { "e4m3", "e5m2", "bfloat16", "binary16", "e2m1", "hif8",
					       "float8_e4m3fnuz", "posit16", "int8", "q3.4", "e8m0", "x87" };
	static const char *const modes[] = { "rne", "rna", "rtz", "rup", "rdn", "rto" };
	enum { N = 3000 };
	static char buf[N][40];
	static double x[N];
	static uint64_t direct[N][2], through[N][2];
	static uint8_t direct_flags[N], through_flags[N];
	const char *text[N];
	long wrong = 0;

	for (size_t i = 0; i < N; i++) {
		x[i] = i % 3 ? any_double() : ldexp((double)(rng() % 4096) + 0.5 * (rng() & 1), (int)(rng() % 40) - 30);
		if (isnan(x[i])) /* a payload %a does not write */
			x[i] = 1.0;
		snprintf(buf[i], sizeof buf[i], "%a", x[i]);
		text[i] = buf[i];
	}
	for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
			for (int sat = 0; sat < 2; sat++) {
				fpx_options *o = fpx_options_new();
				const fpx_format *to = format(formats[f]);
				size_t size = fpx_code_size(to);
				fpx_options_set(o, "round", modes[m], NULL);
				if (sat)
					fpx_options_set(o, "saturation", "finite", NULL);
				fpx_encode_double(direct, direct_flags, to, o, x, N, NULL);
				fpx_encode_text(through, through_flags, to, o, text, NULL, N, NULL);
				wrong += memcmp(direct, through, N * size) != 0 ||
					 memcmp(direct_flags, through_flags, N) != 0;
				fpx_encode_double(direct, NULL, to, o, x, N, NULL);
				wrong += memcmp(direct, through, N * size) != 0;
				fpx_options_free(o);
			}
	check(wrong == 0, "doubles rounded from their bits as their hex floats are through the conversion");
}

static int keep_text(void *arg, size_t i, const char *text, size_t len)
{
	char *out = arg;

	(void)i;
	snprintf(out, 64, "%.*s", (int)len, text);
	return 0;
}

/* What the formats' specifications say, and fpx(1)'s messages. */
static void spec_values_and_errors(void)
{
	const char *texts[] = { "448", "1x", "500", "464" };
	uint8_t codes[4], flags[4], e4m3_max = 0x7e;
	uint32_t tenth = 0x3dcccccdu;
	uint64_t big[2] = { 1, 0x3fff000000000000u }; /* binary128 1 + 2^-112 */
	double d;
	char text[64];
	char *json = NULL;
	fpx_options *o = fpx_options_new();
	fpx_error err;

	check(fpx_encode_text(codes, flags, format("e4m3"), NULL, texts, NULL, 4, &err) == FPX_INPUT && err.index == 1 &&
		      strcmp(err.message, "'1x': unexpected character 'x' (column 2)") == 0,
	      "a bad text: FPX_INPUT, its index and fpx(1)'s message");
	check(codes[0] == 0x7e && flags[0] == 0 && codes[1] == 0x7f && flags[1] == FPX_FLAG_FAILED,
	      "448 is e4m3's max 0x7e; a failed element is NaN (0x7f) and FAILED");
	check(codes[2] == 0x7f && (flags[2] & FPX_FLAG_OVERFLOW), "500 overflows e4m3 (no inf) into NaN");
	check(codes[3] == 0x7e && flags[3] == (FPX_FLAG_INEXACT | FPX_FLAG_TIE),
	      "464, halfway from 448 to the next binade's 480, rounds to even: 448");
	check(fpx_options_set(o, "saturation", "finite", &err) == FPX_OK &&
		      fpx_encode_text(codes, flags, format("e4m3"), o, texts + 2, NULL, 1, &err) == FPX_OK &&
		      codes[0] == 0x7e && (flags[0] & FPX_FLAG_SATURATED),
	      "500 saturates to 448 with saturation finite");
	fpx_decode_text(format("e4m3"), &e4m3_max, 1, "exact", keep_text, text, &err);
	check(strcmp(text, "448") == 0, "e4m3 0x7e is exactly 448");
	fpx_decode_text(format("binary32"), &tenth, 1, "shortest", keep_text, text, &err);
	check(strcmp(text, "0.1") == 0, "binary32 0x3dcccccd's shortest digits are 0.1");
	check(fpx_decode_text(format("binary32"), &tenth, 1, "error", keep_text, text, &err) == FPX_USAGE,
	      "a field that needs an input is refused");
	check(fpx_decode_double(&d, format("binary128"), big, 1, 1, &err) == FPX_INEXACT, "1 + 2^-112 is no double");
	check(fpx_decode_double(&d, format("binary128"), big, 1, 0, &err) == FPX_OK && d == 1.0, "it rounds to 1");
	check(fpx_show_json(&json, format("bfloat16"), NULL, "pi", &err) == FPX_OK && json &&
		      strstr(json, "\"hex\":\"0x4049\"") && json[strlen(json) - 1] == '\n',
	      "show --json bfloat16 pi: 0x4049");
	fpx_free(json);
	check(fpx_options_set(o, "round", "xyz", &err) == FPX_USAGE &&
		      strcmp(err.message, "unknown rounding mode 'xyz' (rne, rna, rtz, rup, rdn, rto, sra, srb, src)") == 0,
	      "a bad mode: FPX_USAGE and fpx(1)'s message");
	check(fpx_options_set(o, "fields", "hex", &err) == FPX_USAGE, "an option that is not the library's is refused");
	fpx_options_free(o);
}

static int keep_texts(void *arg, size_t i, const char *text, size_t len)
{
	char (*out)[64] = arg;

	snprintf(out[i], 64, "%.*s", (int)len, text);
	return 0;
}

/* Codes with bits past their format's, as fpx(1) refuses them (`fpx cast e2m1 binary32
 * 0x1f`: "bit pattern has more bits than the source format"), the others converted:
 * E2M1's 0x3 is 1.5 (OCP MX), 0x0f is -6. */
static void codes_past_the_format(void)
{
	const uint8_t e2m1[3] = { 0x3, 0x1f, 0xf };
	uint32_t codes[3];
	uint8_t flags[3];
	double x[3];
	char texts[3][64];
	fpx_error err;

	check(fpx_cast(codes, flags, format("binary32"), NULL, format("e2m1"), e2m1, 3, &err) == FPX_INPUT &&
		      err.index == 1 && strcmp(err.message, "'0x1f': bit pattern has more bits than the source format") == 0,
	      "cast: a code past E2M1's 4 bits is FPX_INPUT, its index and fpx(1)'s message");
	check(codes[0] == 0x3fc00000u && flags[0] == 0 && codes[1] == 0x7fc00000u && flags[1] == FPX_FLAG_FAILED &&
		      codes[2] == 0xc0c00000u && flags[2] == 0,
	      "cast: the others converted (1.5, -6), the bad one NaN and FAILED");
	check(fpx_decode_double(x, format("e2m1"), e2m1, 3, 1, &err) == FPX_INPUT && err.index == 1 && x[0] == 1.5 &&
		      isnan(x[1]) && x[2] == -6,
	      "decode: FPX_INPUT at the code past E2M1's bits, a NaN there, the others' values");
	check(fpx_decode_text(format("e2m1"), e2m1, 3, "exact", keep_texts, texts, &err) == FPX_INPUT && err.index == 1 &&
		      strcmp(err.message, "'0x1f': bit pattern has more bits than the format") == 0 &&
		      strcmp(texts[0], "1.5") == 0 && strcmp(texts[1], "error") == 0 && strcmp(texts[2], "-6") == 0,
	      "decode_text: \"error\" for the code past E2M1's bits, FPX_INPUT and `fpx show`'s message");
}

/* The CLI's JSON rows: the formats listing, E2M1's eight magnitudes (OCP MX: 0, 0.5,
 * 1, 1.5, 2, 3, 4, 6), a failed value's row, and options the library refuses. */
static void rows(void)
{
	static const char *const e2m1[] = { "e2m1" }, *const exact[] = { "--fields=exact" };
	static const char *const values[] = { "e4m3", "448", "2x" }, *const jobs[] = { "-j", "2" };
	static const char *const want = "{\"exact\":\"0\"}\n{\"exact\":\"0.5\"}\n{\"exact\":\"1\"}\n"
					"{\"exact\":\"1.5\"}\n{\"exact\":\"2\"}\n{\"exact\":\"3\"}\n"
					"{\"exact\":\"4\"}\n{\"exact\":\"6\"}\n{\"exact\":\"-0\"}\n";
	char *json = NULL;
	fpx_error err;

	check(fpx_formats_json(&json, &err) == FPX_OK && strstr(json, "{\"name\":\"e4m3\",\"bits\":\"8\""),
	      "formats --json lists e4m3, 8 bits");
	fpx_free(json);
	check(fpx_rows_json(&json, "table", e2m1, 1, NULL, exact, 1, &err) == FPX_OK && strncmp(json, want, strlen(want)) == 0,
	      "table --json e2m1: E2M1's values in code order");
	fpx_free(json);
	check(fpx_rows_json(&json, "convert", values, 3, NULL, exact, 1, &err) == FPX_INPUT &&
		      strcmp(json, "{\"exact\":\"448\"}\n{\"input\":\"2x\",\"error\":\"unexpected character\"}\n") == 0,
	      "convert --json: a failed value's row, FPX_INPUT");
	fpx_free(json);
	check(fpx_rows_json(&json, "map", e2m1, 1, NULL, jobs, 2, &err) == FPX_USAGE && !json, "-j is refused");
	check(fpx_rows_json(&json, "show", e2m1, 1, NULL, NULL, 0, &err) == FPX_USAGE, "show has no rows");
}

static void integers(void)
{
	int64_t x[3] = { INT64_MIN, -1, INT64_MAX };
	uint64_t c[3], u = UINT64_MAX;
	uint8_t flags[3];
	fpx_error err;

	fpx_encode_int64(c, flags, format("binary64"), NULL, x, 3, &err);
	check(c[0] == 0xc3e0000000000000u && flags[0] == 0 && c[1] == 0xbff0000000000000u &&
		      c[2] == 0x43e0000000000000u && (flags[2] & FPX_FLAG_INEXACT),
	      "int64 min, -1, max into binary64: -2^63 exact, -1, 2^63 inexact");
	fpx_encode_uint64(c, flags, format("binary64"), NULL, &u, 1, &err);
	check(c[0] == 0x43f0000000000000u, "uint64 max into binary64 is 2^64");
}

/* The batch that keeps every thread busy: 2^14 elements a thread (the header's slices),
 * as many threads as asked for, at most 64, threads=0 as many as sched_getaffinity()
 * gives the process. */
static void batch_sizes(void)
{
	const char *asked[] = { "1", "2", "5", "64", "0" };
	size_t want[] = { 1, 2 << 14, 5 << 14, (size_t)64 << 14, 0 };
	cpu_set_t set;
	fpx_options *o = fpx_options_new();
	fpx_error err;

	want[4] = sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 1 ? (size_t)CPU_COUNT(&set) << 14 : 1;
	if (want[4] > (size_t)64 << 14)
		want[4] = (size_t)64 << 14;
	check(fpx_batch_size(NULL) == 1 && fpx_batch_size(o) == 1, "one thread by default: a batch of 1");
	for (int k = 0; k < 5; k++) {
		char what[64];
		snprintf(what, sizeof what, "threads=%s: a batch of %zu", asked[k], want[k]);
		check(fpx_options_set(o, "threads", asked[k], &err) == FPX_OK && fpx_batch_size(o) == want[k], what);
	}
	fpx_options_free(o);
}

/* ---- The same from four threads ---- */

enum { THREAD_N = 20000 };
static double thread_x[THREAD_N];

static void *encode_all(void *arg)
{
	uint8_t *out = arg;

	fpx_encode_double(out, NULL, format("e4m3"), NULL, thread_x, THREAD_N, NULL);
	return NULL;
}

static void four_threads(void)
{
	static uint8_t alone[THREAD_N], got[4][THREAD_N];
	pthread_t t[4];

	for (size_t i = 0; i < THREAD_N; i++)
		thread_x[i] = any_double();
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, encode_all, got[i]);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	encode_all(alone);
	for (int i = 0; i < 4; i++)
		check(memcmp(got[i], alone, sizeof alone) == 0, "a thread's e4m3 codes are one thread's");
}

/* ---- Formats loaded from .fmt text (last: they change what names mean) ---- */

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
	formats_and_names();
	doubles_into_binary32();
#ifdef __FLT16_MAX__
	binary16_both_ways();
	floats_into_binary16();
#endif
	texts_in_each_mode();
	doubles_as_their_texts();
	spec_values_and_errors();
	codes_past_the_format();
	integers();
	rows();
	batch_sizes();
	four_threads();
	loaded_formats();
	bad_format_texts();
	redefined_names();
	loading_threads();
	printf("libapi: %ld passed, %ld failed\n", passed, failed);
	return failed != 0;
}
