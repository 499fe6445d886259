/*
 * fpx.h — libfpx: exact conversions between numbers and the codes of floating-point
 * formats (IEEE 754, bfloat16, TF32, OCP FP8 and MX, P3109, HiF8, posits, x87,
 * integers and fixed point), and the readouts fpx(1) shows; the library fpx(1) itself
 * is built on.
 *
 * Values. Every value is exact: a text is read as fpx(1) reads it (decimal, hex float,
 * rationals and exact expressions, bit patterns, inf, nan, functions and constants), a
 * double, float or integer as its exact binary value. Each is rounded once into the
 * target, as fpx(1)'s options say (fpx_options_set()).
 *
 * Codes. An array of codes of format f holds fpx_code_size(f) bytes per code (1, 2, 4,
 * 8, or 16: two 64-bit words, the low one first; 32 for binary256 in a build with 256-bit
 * codes), in the host's byte order.
 *
 * Errors. A function that can fail returns an fpx_status (FPX_OK is 0) and, where err is
 * not NULL, fills it: the status, the index of the first element that failed, and
 * fpx(1)'s message, without its "fpx: ". An element that cannot be converted does not
 * stop the others: its code is the target's NaN (0 where there is none) and its flags
 * byte has FPX_FLAG_FAILED. The library never prints, never exits, never forks, and
 * reads no file; out of memory aborts, as in GMP.
 *
 * Threads. Every function may be called from any number of threads at once, on the same
 * or different formats and options; an fpx_options must not be changed or freed while
 * another thread uses it. Formats are immutable and live as long as the process.
 */
#ifndef FPX_H
#define FPX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FPX_VERSION_MAJOR 1
#define FPX_VERSION_MINOR 0
#define FPX_VERSION_PATCH 0
#define FPX_VERSION "1.0.0"

#if defined(__GNUC__)
#define FPX_API __attribute__((visibility("default")))
#else
#define FPX_API
#endif

/* The library's version, as it runs ("1.0.0"). */
FPX_API const char *fpx_version(void);

typedef struct fpx_format fpx_format;   /* a format: immutable */
typedef struct fpx_options fpx_options; /* how values are rounded: fpx(1)'s options */

typedef enum fpx_status {
	FPX_OK = 0,
	FPX_INPUT = 1,  /* an element could not be converted (err->index says which) */
	FPX_USAGE = 2,  /* a bad format name, option or field: fpx(1)'s exit status 2 */
	FPX_INEXACT = 3 /* fpx_decode_double(): a value a double does not hold */
} fpx_status;

typedef struct fpx_error {
	fpx_status status;
	size_t index;      /* the first element that failed */
	char message[512]; /* fpx(1)'s words for it */
} fpx_error;

/* The flags of each element (fpx(1)'s flags field), a byte each. */
enum {
	FPX_FLAG_INEXACT = 1,
	FPX_FLAG_TIE = 2,
	FPX_FLAG_OVERFLOW = 4,
	FPX_FLAG_UNDERFLOW = 8,
	FPX_FLAG_SATURATED = 16,
	FPX_FLAG_INVALID = 32,
	FPX_FLAG_DIVBYZERO = 64,
	FPX_FLAG_FAILED = 128 /* not converted */
};

/* ---- Formats ---- */

/* The format of a name fpx(1) knows: a built-in one or an alias (e4m3, bfloat16,
 * float8_e4m3fn, ...), or one its name describes (e5m10, binary12p7, int8, q3.4). */
FPX_API fpx_status fpx_format_lookup(const fpx_format **out, const char *name, fpx_error *err);
/*
 * Loads the formats a .fmt text describes, as fpx(1)'s -F FILE loads a file's (the form
 * of formats/NAME.fmt, fpx(1)'s FILES; origin, "<text>" where NULL, stands for the file's
 * name in messages). From then on every lookup by name in the process finds them, before
 * the built-in ones: fpx_format_lookup(), "via", the rows' formats and fpx's own. A name
 * already known, a built-in's or one loaded before, means the new format from then on
 * (a built-in's other names keep theirs), as with -F given twice; formats handed out
 * before are unchanged. out[0..nout) gets the first nout of the text's formats in its
 * order, *count (where not NULL) how many it describes: at most its number of lines. The
 * text is read whole before any of it is loaded: another thread's lookup finds all of
 * its formats or none. FPX_USAGE, nothing loaded, *count 0, with fpx(1)'s message
 * ("ORIGIN:LINE: ...") for a text that is not a format file.
 */
FPX_API fpx_status fpx_format_load(const fpx_format **out, size_t nout, size_t *count, const char *origin,
				   const char *text, fpx_error *err);
FPX_API const char *fpx_format_name(const fpx_format *f);
FPX_API int fpx_format_bits(const fpx_format *f);
/* Bytes per code in arrays of codes of f: 1, 2, 4, 8, 16 (or 32). */
FPX_API size_t fpx_code_size(const fpx_format *f);

/* ---- Options ---- */

/* Rounding to nearest, ties to even, not saturating, fpx's own policy: fpx(1)'s defaults. */
FPX_API fpx_options *fpx_options_new(void);
FPX_API void fpx_options_free(fpx_options *o);
/*
 * Sets one of fpx(1)'s options by its long name, its value checked as fpx(1) checks it:
 * "round" (rne, rna, rtz, rup, rdn, rto, sra, srb, src), "saturation" (none, finite,
 * propagate), "saturate" (value NULL), "sr-bits", "sr-random", "policy" (fpx, ml_dtypes,
 * onnx, ...), "arch" (ieee, x86, arm, ...), "via" (a format), "wrap" (NULL),
 * "max-precision"; FPX_USAGE, o unchanged, for another name or a bad value. Options that
 * do not go together yet (round sra before its sr-bits and sr-random) are set in any
 * order; a call given them while they still do not gets FPX_USAGE and fpx(1)'s message.
 *
 * And the library's own "threads" (fpx(1) has none): 1 (the default), or 0 to 64 — a
 * call on at least 2^15 elements then shares them among that many threads (0: one per
 * processor the process may run on), the calling one among them; the answers are the
 * same, the first failing element's included. fpx_show_json() and fpx_rows_json() refuse
 * threads other than 1 (FPX_USAGE).
 */
FPX_API fpx_status fpx_options_set(fpx_options *o, const char *name, const char *value, fpx_error *err);
/* The fewest elements a call with o's options shares among every thread it may run on
 * (2^14 each); 1 where it runs on one. A caller that feeds a long array in parts gives
 * at least this many a call, so that no thread it asked for stays idle. */
FPX_API size_t fpx_batch_size(const fpx_options *o);

/* ---- Encoding: n values into n codes of `to`; flags (may be NULL) gets n bytes ---- */

/* Texts as fpx(1) reads its values; lens NULL: each ends at its NUL. */
FPX_API fpx_status fpx_encode_text(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				   const char *const *text, const size_t *lens, size_t n, fpx_error *err);
/* Binary values, each its exact value (NaNs as `fpx cast binary64 FORMAT` carries them). */
FPX_API fpx_status fpx_encode_double(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				     const double *x, size_t n, fpx_error *err);
FPX_API fpx_status fpx_encode_float(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				    const float *x, size_t n, fpx_error *err);
FPX_API fpx_status fpx_encode_int64(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				    const int64_t *x, size_t n, fpx_error *err);
FPX_API fpx_status fpx_encode_uint64(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				     const uint64_t *x, size_t n, fpx_error *err);
/* Codes of `from` rounded into `to`, as `fpx cast FROM TO` does; a code with bits past
 * from's is an element that cannot be converted, as fpx(1) refuses it. */
FPX_API fpx_status fpx_cast(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			    const fpx_format *from, const void *from_codes, size_t n, fpx_error *err);

/* ---- Decoding ---- */

/* Each code's value as a double: exact (1), FPX_INEXACT at the first a double does not
 * hold; or not (0), rounded to nearest, ties to even. A code with bits past f's is
 * FPX_INPUT (its double a NaN), before any FPX_INEXACT. */
FPX_API fpx_status fpx_decode_double(double *x, const fpx_format *f, const void *codes, size_t n, int exact,
				     fpx_error *err);
/* Each code's text as one of fpx(1)'s fields of a code alone says it ("exact",
 * "shortest", "hex", "bin", "class", "hexfloat", ...): fn(arg, i, text, len) for each,
 * which stops the walk by returning nonzero. A code with bits past f's is "error", as
 * fpx(1) writes a failed value, and the call FPX_INPUT at the first. */
typedef int fpx_text_fn(void *arg, size_t i, const char *text, size_t len);
FPX_API fpx_status fpx_decode_text(const fpx_format *f, const void *codes, size_t n, const char *field,
				   fpx_text_fn *fn, void *arg, fpx_error *err);

/* ---- Readouts ---- */

/* `fpx show --json FORMAT VALUE` with o's options: one JSON object and a newline, in
 * *json (to fpx_free()). */
FPX_API fpx_status fpx_show_json(char **json, const fpx_format *f, const fpx_options *o, const char *value,
				 fpx_error *err);

/* `fpx formats --json`: a JSON object a line, one per format, in *json (to fpx_free()). */
FPX_API fpx_status fpx_formats_json(char **json, fpx_error *err);
/*
 * The rows of `fpx COMMAND --json ARGS...` (table, map, convert or cast) with o's options
 * and the rows' own ones, each as fpx(1) spells it ("--fields=hex,exact", "--range=0:9",
 * "--in=e4m3", "--random=100", "--seed=7", "--finite", "--testfloat", ...): a JSON object
 * a line in *json (to fpx_free()), the rows of failed values among them, as fpx(1) writes
 * them (the status is then FPX_INPUT). Values come from args alone, never stdin; map runs
 * in the calling thread.
 */
FPX_API fpx_status fpx_rows_json(char **json, const char *command, const char *const *args, int nargs,
				 const fpx_options *o, const char *const *row_options, int noptions, fpx_error *err);

/* Frees what the library handed out (fpx_show_json()'s text, ...). */
FPX_API void fpx_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
