/*
 * libfpxcode.c — fpx.h's arrays: values (texts, doubles, floats, integers) and codes of
 * another format into codes, each through the conversion every command shares
 * (convert_text()), or, where that would do nothing else to it, straight from its bits
 * (rnd_line_binary_code(), the kernel of castfast.h); and codes back into doubles and
 * fields' texts. Byte for byte fpx(1)'s answers.
 */
#include "fpx.h"
#include "libfpx_impl.h"

#include <stdlib.h>
#include <string.h>

#include "castfast.h"
#include "convert.h"
#include "fastdec.h"
#include "registry.h"
#include "render.h"
#include "report.h"
#include "lines.h"
#include "roundline.h"

/* ---- Encoding ---- */

static void put_code(void *codes, size_t size, size_t i, fpcode code)
{
	unsigned char *p = (unsigned char *)codes + i * size;

	switch (size) {
	case 1: *p = (uint8_t)code; break;
	case 2: { uint16_t v = (uint16_t)code; memcpy(p, &v, 2); break; }
	case 4: { uint32_t v = (uint32_t)code; memcpy(p, &v, 4); break; }
	case 8: { uint64_t v = (uint64_t)code; memcpy(p, &v, 8); break; }
	default: memcpy(p, &code, size); break;
	}
}

static fpcode get_code(const void *codes, size_t size, size_t i)
{
	const unsigned char *p = (const unsigned char *)codes + i * size;
	fpcode code = 0;

	switch (size) {
	case 1: return *p;
	case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
	case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
	case 8: { uint64_t v; memcpy(&v, p, 8); return v; }
	default: memcpy(&code, p, size); return code;
	}
}

/* One encoding: the target as the options make it, the conversion they set up, and
 * where it is open, the rounding straight from ±n·2^e2 (direct_open()). */
struct encoding {
	const struct settings *s;
	const struct fmt *to;
	struct conversion conv;
	bool direct, fast; /* fast: the kernel (castfast.h) for binary16, 32, 64's codes */
	const struct fmt *from; /* a cast's source, its exponent bits where binary16, 32, 64 */
	int ebits;
	struct rnd_line line;
	struct cast_fast kernel;
	size_t size, failures;
	void *codes;
	uint8_t *flags;
	fpx_error *err;
	struct libfpx_taken t;
};

static fpx_status encoding_open(struct encoding *e, void *codes, uint8_t *flags, const fpx_format *to,
				const fpx_options *o, const fpx_format *from, fpx_error *err)
{
	static const fpx_options defaults = { .s = { .rounding = { .mode = RND_NEAREST_EVEN }, .style = STYLE_TSV } };

	*e = (struct encoding){ .s = o ? &o->s : &defaults.s, .codes = codes, .flags = flags, .err = err };
	if (libfpx_options_check(o, err) != FPX_OK)
		return FPX_USAGE;
	libfpx_take_messages(&e->t);
	conversion_init(&e->conv);
	if (e->s->policy)
		e->conv.policy = e->s->policy;
	e->conv.arch = e->s->arch;
	e->conv.max_precision = e->s->max_precision ? e->s->max_precision : REAL_MAX_PRECISION;
	e->conv.source = from ? libfpx_fmt(from) : NULL;
	if (!(e->to = settings_target(e->s, libfpx_fmt(to))) || (e->s->via && !(e->conv.via = settings_require_format(e->s->via)))) {
		fpx_status status = libfpx_fail(err, FPX_USAGE, 0, e->t.messages.s);
		conversion_clear(&e->conv);
		libfpx_give_back(&e->t);
		return status;
	}
	e->size = fpx_code_size(to);
	return FPX_OK;
}

/* Binary values rounded straight from their bits where the conversion does nothing else
 * to them: fpx's own policy, no via, a mode that draws nothing, and a target the one
 * pass rounds into (rnd_line_open()). */
static void direct_open(struct encoding *e)
{
	e->direct = e->conv.policy == policy_default() && !e->conv.via && !rnd_mode_is_stochastic(e->s->rounding.mode) &&
		    rnd_line_open(&e->line, e->to, e->s->rounding, 0);
}

/* Element i, ±n·2^e2 (n nonzero, below 2^64), rounded straight; false where that
 * declines it (the conversion then takes it). */
static bool encode_direct(struct encoding *e, size_t i, bool neg, uint64_t n, long e2)
{
	struct rnd_result r;

	if (!e->flags) {
		if (!rnd_line_binary_code(&r.code, &e->line, neg, n, e2))
			return false;
	} else if (!rnd_encode_binary(&r, e->to, neg, n, e2, e->s->rounding))
		return false;
	else
		e->flags[i] = (uint8_t)r.flags;
	put_code(e->codes, e->size, i, r.code);
	return true;
}

/* A binary format's code (binary16, 32, 64: exponent bits ebits, significand bits
 * fbits) rounded straight where it is finite and not zero. */
static bool encode_ieee_direct(struct encoding *e, size_t i, fpcode code, int ebits, int fbits)
{
	uint64_t bits = (uint64_t)code, fraction = bits & ((UINT64_C(1) << fbits) - 1);
	long field = (long)(bits >> fbits & ((UINT64_C(1) << ebits) - 1)), bias = (1L << (ebits - 1)) - 1;
	bool neg = bits >> (ebits + fbits) & 1;

	if (!e->direct || field == (1L << ebits) - 1 || (field == 0 && fraction == 0))
		return false; /* inf, NaN and zeros: the conversion's (their codes and flags) */
	if (field)
		return encode_direct(e, i, neg, fraction | UINT64_C(1) << fbits, field - bias - fbits);
	return encode_direct(e, i, neg, fraction, 1 - bias - fbits);
}

/* Element i from its text: its code and flags, or the target's NaN and FAILED. */
static void encode_one(struct encoding *e, size_t i, const char *text, size_t len)
{
	enum problem p = convert_text(&e->conv, e->to, text, len, e->s->rounding);
	unsigned flags = 0;
	fpcode code;

	if (p == PROBLEM_NONE) {
		code = e->conv.code;
		flags = e->conv.in.kind == INPUT_VALUE ? e->conv.result.flags : 0;
	} else {
		code = e->to->has_nan ? e->to->nan_code : 0;
		flags = FPX_FLAG_FAILED;
		if (e->failures++ == 0) {
			sb_clear(&e->t.messages);
			problem_report(NULL, text, len, p, &e->conv.err);
			libfpx_fail(e->err, FPX_INPUT, i, e->t.messages.s);
		}
	}
	put_code(e->codes, e->size, i, code);
	if (e->flags)
		e->flags[i] = (uint8_t)flags;
}

static fpx_status encoding_close(struct encoding *e)
{
	fpx_status status = e->failures ? FPX_INPUT : FPX_OK;

	conversion_clear(&e->conv);
	libfpx_give_back(&e->t);
	return status;
}

/* Element i, a text of len bytes, rounded in one pass as fpx convert rounds stdin's lines
 * (rnd_line_code(), rnd_line_result()) where it is a plain decimal and the one pass
 * decides it: a copy, a newline after it and the bytes the pass may read past its end. */
#define ONE_PASS_MAX_LEN 120
static inline __attribute__((always_inline)) bool encode_plain(struct encoding *e, size_t i, const char *text,
							       size_t len)
{
	char copy[ONE_PASS_MAX_LEN + LINES_PADDING];
	struct rnd_result r = { .flags = 0 };
	const char *stop;

	if (len > ONE_PASS_MAX_LEN)
		return false;
	memcpy(copy, text, len);
	memset(copy + len, '\n', LINES_PADDING);
	stop = e->flags ? rnd_line_result(&r, &e->line, copy) : rnd_line_code(&r.code, &e->line, copy);
	if (stop != copy + len)
		return false;
	put_code(e->codes, e->size, i, r.code);
	if (e->flags)
		e->flags[i] = (uint8_t)r.flags;
	return true;
}

/* The one pass over texts[i..n) until the first it declines: its index (n past the
 * last). Flattened, as convert's loop over stdin's lines is: each step compiled in. */
__attribute__((flatten)) static size_t encode_plain_span(struct encoding *e, const char *const *text, const size_t *lens,
							 size_t i, size_t n)
{
	for (; i < n; i++)
		if (!encode_plain(e, i, text[i], lens ? lens[i] : strlen(text[i])))
			break;
	return i;
}

/* The code alone of a decimal the one pass declines, by both ends of its first 19
 * digits (rnd_decimal_code_by_ends()), as fpx convert gives it; false where they do not
 * decide it or flags are asked for (convert_text() then takes it). */
static bool encode_by_ends(struct encoding *e, size_t i, const char *text, size_t len)
{
	struct decimal d;
	fpcode code;

	if (e->flags || !fastdec_scan(&d, text, len) || !rnd_decimal_code_by_ends(&code, e->to, &d, e->s->rounding))
		return false;
	put_code(e->codes, e->size, i, code);
	return true;
}

static fpx_status encode_texts(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			       const char *const *text, const size_t *lens, size_t n, fpx_error *err)
{
	struct encoding e;
	fpx_status status = encoding_open(&e, codes, flags, to, o, NULL, err);

	if (status != FPX_OK)
		return status;
	direct_open(&e);
	for (size_t i = 0; i < n; i++) {
		if (e.direct && (i = encode_plain_span(&e, text, lens, i, n)) == n)
			break;
		size_t len = lens ? lens[i] : strlen(text[i]);
		if (!e.direct || !encode_by_ends(&e, i, text[i], len))
			encode_one(&e, i, text[i], len);
	}
	return encoding_close(&e);
}

/* The exponent bits of binary16, binary32 and binary64 (whose codes encode_ieee_direct()
 * takes apart), else 0. */
static int ieee_exponent_bits(const struct fmt *f)
{
	static const char *const names[] = { "binary16", "binary32", "binary64" };
	static const int bits[] = { 5, 8, 11 };

	for (int k = 0; k < 3; k++)
		if (f == fmt_lookup(names[k]))
			return bits[k];
	return 0;
}

/* Element i of from's codes (size bytes each): straight where it can be, else through
 * the conversion as the hex pattern fpx(1) casts, with all of the code's digits, so
 * that bits past the format's are refused as fpx(1) refuses them. */
__attribute__((noinline)) static void cast_one(struct encoding *e, size_t i, const struct fmt *from, fpcode code, int ebits)
{
	char hex[CODE_MAX_BITS / 4 + 3];
	int digits = (from->bits + 3) / 4, needed = (code_bit_length(code) + 3) / 4;

	if (ebits && encode_ieee_direct(e, i, code, ebits, from->bits - 1 - ebits))
		return;
	code_to_hex(hex, code, needed > digits ? needed : digits); /* 0x and the digits */
	encode_one(e, i, hex, strlen(hex));
}

/* The kernel's loops compiled twice on x86-64, for AVX2 and for any, the one the
 * processor runs chosen as the library loads (an ifunc); GCC vectorizes them only when
 * asked, Clang at -O2. Not under ThreadSanitizer, whose runtime is not up yet when the
 * ifunc's resolver runs. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define FPX_UNDER_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(FPX_UNDER_TSAN)
#define VECTOR_LOOPS
#elif defined(__x86_64__) && defined(__clang__)
#define VECTOR_LOOPS __attribute__((target_clones("avx2", "default")))
#elif defined(__x86_64__) && defined(__GNUC__)
#define VECTOR_LOOPS __attribute__((target_clones("avx2", "default"), optimize("tree-vectorize", "vect-cost-model=dynamic")))
#else
#define VECTOR_LOOPS
#endif

/* The kernel over x[i..n) (source codes of from_size bytes) into codes of e->size
 * bytes, until the first it declines: its index (n past the last). Compiled for each
 * pair of sizes (fast_span()), so that the loop holds no call and no size's branch. */
static inline __attribute__((always_inline)) size_t fast_span_sized(struct encoding *e, const void *x, size_t i,
								    size_t n, size_t from_size, size_t to_size)
{
	enum { CHUNK = 64 };
	const unsigned char *in = x;
	unsigned char *out = e->codes;

	for (; n - i >= CHUNK; i += CHUNK) { /* whole chunks without a branch an element; the few declined after */
		uint64_t codes[CHUNK];
		uint8_t declined[CHUNK], flags[CHUNK], any = 0;
		for (size_t j = 0; j < CHUNK; j++) {
			uint64_t bits = 0;
			memcpy(&bits, in + (i + j) * from_size, from_size);
			declined[j] = (uint8_t)cast_fast_unless(&codes[j], &e->kernel, bits);
			flags[j] = (uint8_t)cast_fast_flags(&e->kernel, bits);
			any |= declined[j];
		}
		for (size_t j = 0; j < CHUNK; j++)
			memcpy(out + (i + j) * to_size, &codes[j], to_size);
		if (e->flags)
			memcpy(e->flags + i, flags, CHUNK);
		for (size_t j = 0; any && j < CHUNK; j++) {
			uint64_t bits = 0;
			if (!declined[j])
				continue;
			memcpy(&bits, in + (i + j) * from_size, from_size);
			if (!e->flags && cast_fast_edge(&codes[j], &e->kernel, bits)) /* the code alone */
				memcpy(out + (i + j) * to_size, &codes[j], to_size);
			else
				cast_one(e, i + j, e->from, bits, e->ebits);
		}
	}
	for (; i < n; i++) {
		uint64_t bits = 0, code;
		unsigned flags;
		memcpy(&bits, in + i * from_size, from_size); /* little-endian words (fastdec_line_open()) */
		if (!cast_fast_code(&code, &flags, &e->kernel, bits))
			break;
		memcpy(out + i * to_size, &code, to_size);
		if (e->flags)
			e->flags[i] = (uint8_t)flags;
	}
	return i;
}

#define FAST_SPAN_TO(from) \
	switch (e->size) { \
	case 1: return fast_span_sized(e, x, i, n, from, 1); \
	case 2: return fast_span_sized(e, x, i, n, from, 2); \
	case 4: return fast_span_sized(e, x, i, n, from, 4); \
	default: return fast_span_sized(e, x, i, n, from, 8); \
	}

VECTOR_LOOPS static size_t fast_span(struct encoding *e, const void *x, size_t i, size_t n, size_t from_size)
{
	if (from_size == 2)
		FAST_SPAN_TO(2)
	if (from_size == 4)
		FAST_SPAN_TO(4)
	FAST_SPAN_TO(8)
}

/* Codes of `from` (size bytes each), rounded into `to` as fpx(1) casts them: binary16,
 * 32 and 64's through the kernel or straight from their bits where they can be. */
static fpx_status cast_codes(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			     const fpx_format *from, const void *x, size_t size, size_t n, fpx_error *err)
{
	struct encoding e;
	fpx_status status = encoding_open(&e, codes, flags, to, o, from, err);
	int ebits = ieee_exponent_bits(libfpx_fmt(from));

	if (status != FPX_OK)
		return status;
	e.from = libfpx_fmt(from);
	e.ebits = ebits;
	if (ebits)
		direct_open(&e);
	e.fast = e.direct && e.size <= 8 && cast_fast_open(&e.kernel, &e.line, ebits, libfpx_fmt(from)->bits - 1 - ebits);
	for (size_t i = 0; i < n; i++) {
		if (e.fast && (i = fast_span(&e, x, i, n, size)) == n)
			break;
		cast_one(&e, i, libfpx_fmt(from), get_code(x, size, i), ebits);
	}
	return encoding_close(&e);
}

/* The binary format named: built in, so never missing. */
static const fpx_format *builtin(const char *name)
{
	return (const fpx_format *)fmt_lookup(name);
}

/* Integers, each as its decimal digits. */
static fpx_status encode_integers(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
				  const void *x, bool is_signed, size_t n, fpx_error *err)
{
	struct encoding e;
	fpx_status status = encoding_open(&e, codes, flags, to, o, NULL, err);
	char text[24];

	if (status != FPX_OK)
		return status;
	direct_open(&e);
	for (size_t i = 0; i < n; i++) {
		int64_t v = is_signed ? ((const int64_t *)x)[i] : 0;
		uint64_t u = is_signed ? (v < 0 ? -(uint64_t)v : (uint64_t)v) : ((const uint64_t *)x)[i];
		if (e.direct && u && encode_direct(&e, i, v < 0, u, 0))
			continue;
		int len = is_signed ? snprintf(text, sizeof text, "%lld", (long long)((const int64_t *)x)[i])
				    : snprintf(text, sizeof text, "%llu", (unsigned long long)((const uint64_t *)x)[i]);
		encode_one(&e, i, text, (size_t)len);
	}
	return encoding_close(&e);
}

/* One fpx_encode_*() or fpx_cast() call: its values, of one source, into codes of to. */
enum source { SOURCE_TEXTS, SOURCE_CODES, SOURCE_INT64, SOURCE_UINT64 };
struct request {
	enum source source;
	void *codes;
	uint8_t *flags;
	const fpx_format *to;
	const fpx_options *o;
	const fpx_format *from; /* SOURCE_CODES: the values' format */
	const void *values;     /* texts (const char *const *), codes, int64_t or uint64_t */
	const size_t *lens;     /* the texts' lengths, or NULL */
};

/* Elements [lo, hi) of a request (libfpx_slice_fn). */
static fpx_status request_run(const void *call, size_t lo, size_t hi, fpx_error *err)
{
	const struct request *r = call;
	void *codes = (unsigned char *)r->codes + lo * fpx_code_size(r->to);
	uint8_t *flags = r->flags ? r->flags + lo : NULL;
	size_t n = hi - lo, from_size = r->from ? fpx_code_size(r->from) : 8;
	fpx_status status;

	switch (r->source) {
	case SOURCE_TEXTS:
		status = encode_texts(codes, flags, r->to, r->o, (const char *const *)r->values + lo,
				      r->lens ? r->lens + lo : NULL, n, err);
		break;
	case SOURCE_CODES:
		status = cast_codes(codes, flags, r->to, r->o, r->from, (const unsigned char *)r->values + lo * from_size,
				    from_size, n, err);
		break;
	default:
		status = encode_integers(codes, flags, r->to, r->o, (const uint64_t *)r->values + lo,
					 r->source == SOURCE_INT64, n, err);
	}
	if (status == FPX_INPUT && err)
		err->index += lo;
	return status;
}

/* The call's request, run in slices by libfpx_split(). */
static fpx_status request(enum source source, void *codes, uint8_t *flags, const fpx_format *to,
			  const fpx_options *o, const fpx_format *from, const void *values, const size_t *lens, size_t n,
			  fpx_error *err)
{
	const struct request r = { source, codes, flags, to, o, from, values, lens };

	return libfpx_split(request_run, &r, n, o, err);
}

fpx_status fpx_encode_text(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			   const char *const *text, const size_t *lens, size_t n, fpx_error *err)
{
	return request(SOURCE_TEXTS, codes, flags, to, o, NULL, text, lens, n, err);
}

fpx_status fpx_encode_double(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			     const double *x, size_t n, fpx_error *err)
{
	return request(SOURCE_CODES, codes, flags, to, o, builtin("binary64"), x, NULL, n, err);
}

fpx_status fpx_encode_float(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			    const float *x, size_t n, fpx_error *err)
{
	return request(SOURCE_CODES, codes, flags, to, o, builtin("binary32"), x, NULL, n, err);
}

fpx_status fpx_encode_int64(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			    const int64_t *x, size_t n, fpx_error *err)
{
	return request(SOURCE_INT64, codes, flags, to, o, NULL, x, NULL, n, err);
}

fpx_status fpx_encode_uint64(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o,
			     const uint64_t *x, size_t n, fpx_error *err)
{
	return request(SOURCE_UINT64, codes, flags, to, o, NULL, x, NULL, n, err);
}

fpx_status fpx_cast(void *codes, uint8_t *flags, const fpx_format *to, const fpx_options *o, const fpx_format *from,
		    const void *from_codes, size_t n, fpx_error *err)
{
	return request(SOURCE_CODES, codes, flags, to, o, from, from_codes, NULL, n, err);
}

/* ---- Decoding ---- */

fpx_status fpx_decode_double(double *x, const fpx_format *f, const void *codes, size_t n, int exact, fpx_error *err)
{
	size_t size = fpx_code_size(f);
	uint64_t *bits = malloc((n ? n : 1) * sizeof *bits);
	uint8_t *flags = malloc(n ? n : 1);
	fpx_status status;

	if (!bits || !flags)
		abort();
	status = cast_codes(bits, flags, builtin("binary64"), NULL, f, codes, size, n, err);
	for (size_t i = 0; i < n; i++) {
		memcpy(&x[i], &bits[i], sizeof x[i]);
		if (exact && status == FPX_OK && (flags[i] & FPX_FLAG_INEXACT)) {
			char message[128];
			snprintf(message, sizeof message, "code %zu of %s is no double: its value rounds", i, libfpx_fmt(f)->name);
			status = libfpx_fail(err, FPX_INEXACT, i, message);
		}
	}
	free(bits);
	free(flags);
	return status;
}

/* Element i, a code with bits past its format's: the cell fpx(1) writes for a failed
 * value, and FPX_INPUT with fpx(1)'s message where it is the first. */
static fpx_status code_too_wide(fpx_error *err, fpx_status status, size_t i, fpcode code, struct strbuf *cell)
{
	char hex[CODE_MAX_BITS / 4 + 3], message[CODE_MAX_BITS / 4 + 64];

	sb_puts(cell, "error");
	if (status != FPX_OK)
		return status;
	code_to_hex_minimal(hex, code);
	snprintf(message, sizeof message, "'%s': %s", hex, problem_message(PROBLEM_TOO_WIDE, NULL));
	return libfpx_fail(err, FPX_INPUT, i, message);
}

fpx_status fpx_decode_text(const fpx_format *f, const void *codes, size_t n, const char *field, fpx_text_fn *fn,
			   void *arg, fpx_error *err)
{
	fpx_status status = FPX_OK;
	struct field_list fields;
	struct strbuf cell;
	const char *bad = render_parse_fields(&fields, field);
	size_t size = fpx_code_size(f);

	if (bad || fields.count != 1 || render_needs_input(&fields)) {
		char message[256];
		snprintf(message, sizeof message, "'%s' is not one field of a code alone (exact, shortest, hex, ...)", field);
		return libfpx_fail(err, FPX_USAGE, 0, message);
	}
	sb_init(&cell);
	for (size_t i = 0; i < n; i++) {
		struct row r = { "", get_code(codes, size, i), NULL, NULL, false, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE) };
		sb_clear(&cell);
		if (code_bit_length(r.code) > libfpx_fmt(f)->bits)
			status = code_too_wide(err, status, i, r.code, &cell);
		else
			render_row(&cell, libfpx_fmt(f), &r, &fields, STYLE_TSV);
		if (cell.len && cell.s[cell.len - 1] == '\n')
			cell.s[--cell.len] = '\0';
		if (fn(arg, i, cell.s, cell.len))
			break;
	}
	sb_free(&cell);
	return status;
}

