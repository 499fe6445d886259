/*
 * quantization.h — what a quantization is (quantization.c): the target, an integer
 * format or a float one, and the scales and zero points, one per block of values or one
 * for all, read from --scale, --zero-point and --block; and the rows and the run that
 * quantize.c and dequantize.c share (quantize.c). Never reads an input.
 */
#ifndef FPX_QUANTIZATION_H
#define FPX_QUANTIZATION_H

#include <gmp.h>
#include <stdbool.h>

#include "format.h"
#include "intfmt.h"
#include "num.h"
#include "problem.h"
#include "real.h"
#include "render.h"
#include "report.h"
#include "roundline.h"
#include "settings.h"

/* What a quantization is: the target (an integer format or a float one), the scales and
 * zero points, one per block of `block` values (or one for all). */
struct quantization {
	const struct fmt *ints;
	const struct fmt *floats;
	mpq_t *scale, *zero;
	/* A scale given as a real (1/pi, sqrt(2)/127): the real, and in scale[] an exact
	 * stand-in of it (real.h) for its sign; NULL for an exact scale. */
	struct real **real_scale;
	int nscale, nzero;
	long block; /* 0: per tensor */
	long max_precision;
	mpq_t y; /* the quantity of the value at hand, kept from value to value */
	struct num rounded; /* y as rounded into a float target, likewise */
	/* For a float target of at most CACHED_BITS bits, the exact and shortest text of
	 * each code, made the first time the code comes (NULL before). */
	struct code_texts *code_texts;
	/* One positive scale 2^-k (and no zero point into a float, one at most into an
	 * integer): y = x·2^k (+ zero), rounded from the digits scanned without a rational
	 * (scale_is_power: k is known). */
	bool scale_is_power;
	long times_two_to;
	/* With such a scale, stdin's lines in one pass (round.h, fastdec.h): one_pass for a
	 * float target */
	bool lines_in_one_pass;
	struct rnd_line one_pass;
	bool default_fields; /* -o is quantize's default (quantize.c) */
	bool exact_read, shortest_read; /* -o has the exact, the shortest field (else
					 * put_float_row() makes no such text) */
	/* Without the flags field, the one pass's float rows need the code alone
	 * (rnd_line_code()). */
	bool code_alone;
};

/* A float target of at most this many bits has its codes' texts cached. */
#define CACHED_BITS 12

/* A code's exact and shortest texts, and their lengths. */
struct code_texts {
	char *exact, *shortest;
	size_t exact_len, shortest_len;
};

/* The scale and zero point one value is quantized with. */
struct parameters {
	const mpq_t *scale, *zero; /* zero NULL for none */
	const struct real *real_scale;
};

/* Reads the target and --scale, --zero-point, --block (a usage error, and false, for
 * what is wrong: an integer target's zero points must be integers of it). */
bool quantization_init(struct quantization *q, struct settings *s, const char *target);
void quantization_clear(struct quantization *q);
/* The scale and zero point of the i-th value (from 0); false when the lists are too
 * short for it. */
bool quantization_parameters(struct parameters *out, const struct quantization *q, long i);
/* A signed rational as an exact leaf of a real. */
struct real *quantization_leaf(const mpq_t q);

/* ---- quantize.c: the rows, and the run, of quantize and dequantize ------------------ */

/* The fields quantize and dequantize write (-o). */
#define QUANTIZE_FIELDS \
	(1UL << FIELD_INPUT | 1UL << FIELD_HEX | 1UL << FIELD_EXACT | 1UL << FIELD_SHORTEST | 1UL << FIELD_FLAGS)
/* A row (render_text_row()): the code's hex, its value exactly and shortest, and the
 * flags, in row; the input as typed (NULL in the one pass, whose rows leave it out). */
void quantize_put_row(struct strbuf *out, const struct settings *s, const struct quantization *q,
		      struct text_row *row, const char *input);
/* One value, its row written; the problem, if any. */
typedef enum problem quantize_one_value(struct strbuf *out, const struct settings *s, struct quantization *q, long i,
					const char *text, size_t len, struct input *in, struct parse_error *err);
/* The command named `what` over its inputs, each through one: its exit status. */
int quantize_run(struct settings *s, const char *what, quantize_one_value *one);

#endif
