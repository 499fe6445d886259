/*
 * quantization.c — a quantization's target, scales and zero points, read once from the
 * options (quantization.h); which scale and zero point each value takes. Never rounds a
 * value nor writes a row.
 */
#include "quantization.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "output.h"
#include "parse.h"
#include "problem.h"
#include "registry.h"

/* The zero points of an integer target must be integers of it. */
static bool zero_points_fit(const struct quantization *q)
{
	for (int i = 0; q->ints && i < q->nzero; i++)
		if (mpz_cmp_ui(mpq_denref(q->zero[i]), 1) != 0 || mpz_cmp_si(mpq_numref(q->zero[i]), intfmt_min(q->ints)) < 0 ||
		    mpz_cmp_si(mpq_numref(q->zero[i]), intfmt_max(q->ints)) > 0) {
			usage_error(USAGE_ZERO_POINT_NOT_INTEGER, q->ints->name);
			return false;
		}
	return true;
}

void quantization_clear(struct quantization *q)
{
	size_t codes = q->floats && q->floats->bits <= CACHED_BITS ? (size_t)1 << q->floats->bits : 0;

	for (size_t i = 0; q->code_texts && i < codes; i++) {
		free(q->code_texts[i].exact);
		free(q->code_texts[i].shortest);
	}
	free(q->code_texts);
	mpq_clear(q->y);
	num_clear(&q->rounded);
	for (int i = 0; i < q->nscale; i++) {
		mpq_clear(q->scale[i]);
		real_free(q->real_scale ? q->real_scale[i] : NULL);
	}
	free(q->real_scale);
	for (int i = 0; i < q->nzero; i++)
		mpq_clear(q->zero[i]);
	free(q->scale);
	free(q->zero);
}

/*
 * A real item of --scale: the real kept in *real and an exact stand-in of it in out,
 * which must be finite and not zero. NULL, or what is wrong.
 */
static const char *real_item(mpq_t out, struct real **real, struct input *in, long max_precision)
{
	struct num v;
	bool exact, pole;
	const char *problem = NULL;

	num_init(&v);
	if (real_stand_in(&v, &exact, &pole, in->real, 64, max_precision) != REAL_DECIDED || v.kind != NUM_FINITE)
		problem = "must be finite and decided";
	else if (v.bound || mpq_sgn(v.mag) == 0)
		problem = "too large or too small";
	else {
		output_signed_value(out, &v);
		*real = in->real;
		in->real = NULL;
	}
	num_clear(&v);
	return problem;
}

/* A comma-separated list of finite values into *out; reals too when reals is given
 * (scales), kept there; false after a usage error. */
static bool read_list(mpq_t **out, struct real ***reals, int *count, const char *text, enum usage bad,
		      long max_precision)
{
	struct input in;
	struct parse_error err;
	const char *problem = NULL;
	size_t at = 0, len = strlen(text);

	*count = 0;
	if (!(*out = calloc(len / 2 + 1, sizeof **out)) || (reals && !(*reals = calloc(len / 2 + 1, sizeof **reals))))
		abort();
	parse_input_init(&in);
	for (;; at++) { /* each item up to the next comma; an empty one is refused */
		size_t item = strcspn(text + at, ",");
		enum problem read = item ? inputs_read_value(&in, &err, text + at, item) : PROBLEM_NONE;
		mpq_init((*out)[*count]);
		if (item == 0)
			problem = "an empty item in the list";
		else if (read == PROBLEM_REAL_NOT_HERE && reals)
			problem = real_item((*out)[*count], &(*reals)[*count], &in, max_precision);
		else if (read)
			problem = problem_message(read, &err);
		else if (in.value.kind != NUM_FINITE)
			problem = "must be finite";
		else if (in.value.bound)
			problem = "too large or too small";
		else
			output_signed_value((*out)[*count], &in.value);
		(*count)++;
		if (problem)
			break;
		at += item;
		if (!text[at])
			break;
	}
	parse_input_clear(&in);
	if (problem) {
		usage_error_then(bad, text, USAGE_TAIL_BECAUSE, problem);
		return false;
	}
	return true;
}

/* One exact positive scale 2^j, and no zero point for a float target (at most one for
 * an integer one): then y = x·2^−j (+ zero). */
static void note_power_scale(struct quantization *q)
{
	mpz_srcptr num, den;
	long j;

	if (q->nscale != 1 || (q->floats ? q->nzero != 0 : q->nzero > 1) || (q->real_scale && q->real_scale[0]) ||
	    mpq_sgn(q->scale[0]) <= 0)
		return;
	num = mpq_numref(q->scale[0]);
	den = mpq_denref(q->scale[0]);
	if (mpz_popcount(num) != 1 || mpz_popcount(den) != 1)
		return;
	j = (long)mpz_scan1(num, 0) - (long)mpz_scan1(den, 0);
	if (labs(j) > 1L << 20)
		return;
	q->scale_is_power = true;
	q->times_two_to = -j;
}

bool quantization_init(struct quantization *q, struct settings *s, const char *target)
{
	memset(q, 0, sizeof *q);
	mpq_init(q->y);
	num_init(&q->rounded);
	if (!(q->ints = intfmt_lookup(target)) && (!(q->floats = fmt_lookup(target)) || q->floats->can_wrap)) {
		usage_error_then(q->floats ? USAGE_NOT_QUANTIZE_INTEGER : USAGE_NOT_FORMAT, target,
				 USAGE_TAIL_FLOAT_OR_INTEGER, INTFMT_NAMES);
		return false;
	}
	if (!s->quant.scale) {
		usage_error(USAGE_NEEDS_SCALE, NULL);
		return false;
	}
	q->max_precision = inputs_max_precision(s);
	problem_set_precision_cap(q->max_precision); /* for its scales, read before its inputs */
	if (!read_list(&q->scale, &q->real_scale, &q->nscale, s->quant.scale, USAGE_BAD_SCALE, q->max_precision) ||
	    (s->quant.zero_point &&
	     !read_list(&q->zero, NULL, &q->nzero, s->quant.zero_point, USAGE_BAD_ZERO_POINT, q->max_precision)))
		return false;
	for (int i = 0; i < q->nscale; i++)
		if (mpq_sgn(q->scale[i]) == 0) {
			usage_error(USAGE_ZERO_SCALE, NULL);
			return false;
		}
	if (s->quant.block && !inputs_parse_count(&q->block, s->quant.block, 1L << 30)) {
		usage_error(USAGE_BAD_BLOCK, s->quant.block);
		return false;
	}
	if (!q->block && (q->nscale > 1 || q->nzero > 1)) {
		usage_error(USAGE_SEVERAL_NEED_BLOCK, NULL);
		return false;
	}
	note_power_scale(q);
	return zero_points_fit(q);
}

bool quantization_parameters(struct parameters *out, const struct quantization *q, long i)
{
	long k = q->block ? i / q->block : 0, at;

	if (q->nscale > 1 && k >= q->nscale)
		return false;
	if (q->nzero > 1 && k >= q->nzero)
		return false;
	at = q->nscale > 1 ? k : 0;
	out->scale = (const mpq_t *)&q->scale[at];
	out->real_scale = q->real_scale ? q->real_scale[at] : NULL;
	out->zero = q->nzero ? (const mpq_t *)&q->zero[q->nzero > 1 ? k : 0] : NULL;
	return true;
}

struct real *quantization_leaf(const mpq_t q)
{
	struct num x;
	struct real *leaf;

	num_init(&x);
	mpq_abs(x.mag, q);
	x.neg = mpq_sgn(q) < 0;
	leaf = real_exact(&x);
	num_clear(&x);
	return leaf;
}

