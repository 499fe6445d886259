/*
 * libapi.c — libfpx through its public header alone (fpx.h), linked to the shared
 * library: each answer against one found without fpx — the host's own conversions
 * (float and _Float16 casts, glibc's correctly rounded strtof and strtod in each
 * rounding mode), spec values (E4M3's max 448, bfloat16's pi 0x4049) and fpx(1)'s
 * documented messages; and the same arrays from four threads at once. Formats loaded
 * from .fmt text are tests/libload.c's.
 */
#define _GNU_SOURCE /* sched_getaffinity() */
#include <fenv.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libcheck.h"

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
	printf("libapi: %ld passed, %ld failed\n", passed, failed);
	return failed != 0;
}
