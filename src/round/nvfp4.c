/*
 * nvfp4.c — NVFP4 as Transformer Engine computes it (see nvfp4.h). The float32 steps
 * are C float operations, which on the hosts fpx builds for are IEEE binary32 round to
 * nearest even (FLT_EVAL_METHOD 0); the conversions into e4m3 and e2m1, which the GPU
 * does with cvt.rn.satfinite, are fpx's own rounding, rne and saturating. (math.h's
 * FP_ZERO and the like would clash with format.h's classes: the compiler's builtins
 * stand in for fabsf, isinf and signbit, and two helpers for fmaxf and fminf.)
 */
#include "nvfp4.h"

#include <float.h>
#include <stdlib.h>

#include "format.h"
#include "num.h"
#include "registry.h"
#include "round.h"

#if FLT_EVAL_METHOD != 0
#error "nvfp4.c needs float arithmetic done in float (FLT_EVAL_METHOD 0)"
#endif

/* fmaxf and fminf as the kernels use them, on values that are never NaN here (finite
 * inputs; 1/0 is +inf, which min_float takes to FLT_MAX). */
static float max_float(float a, float b)
{
	return a > b ? a : b;
}

static float min_float(float a, float b)
{
	return a < b ? a : b;
}

static const struct fmt *format(const char *name)
{
	const struct fmt *f = fmt_lookup(name);

	if (!f)
		abort();
	return f;
}

/* f's code for the float v, rne and saturating (cvt.rn.satfinite). */
static fpcode convert(const struct fmt *f, float v)
{
	struct rnd_result r;
	struct num x;

	num_init(&x);
	x.neg = __builtin_signbit(v) != 0;
	if (__builtin_isinf(v))
		num_set_kind(&x, NUM_INF);
	else
		mpq_set_d(x.mag, __builtin_fabs((double)v));
	rnd_encode(&r, f, &x, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE));
	num_clear(&x);
	return r.code;
}

/* The value of a code of f (e4m3, e2m1: every value a float), −0 included. */
static float value_of(const struct fmt *f, fpcode code)
{
	struct fmt_value v;
	mpq_t q;
	float x;

	mpq_init(q);
	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	num_set_dyadic(q, v.sig, v.exp);
	x = (float)mpq_get_d(q);
	if (v.neg)
		x = -x;
	fmt_value_clear(&v);
	mpq_clear(q);
	return x;
}

static float largest_magnitude(const float *x, long n)
{
	float amax = 0.0f;

	for (long i = 0; i < n; i++)
		amax = max_float(amax, __builtin_fabsf(x[i]));
	return amax;
}

void nvfp4_tensor(struct nvfp4_tensor *t, const float *x, long n)
{
	const float fp8_max = 448.0f, fp4_max = 6.0f;

	t->amax = largest_magnitude(x, n);
	t->encode = min_float(fp8_max * fp4_max / t->amax, FLT_MAX);
	if (t->amax == 0.0f || t->encode == 0.0f)
		t->encode = 1.0f;
}

void nvfp4_block(fpcode *scale, fpcode *codes, float *dequantized, const struct nvfp4_tensor *t, const float *x,
		 long n)
{
	const struct fmt *e4m3 = format("e4m3"), *e2m1 = format("e2m1");
	const float fp4_max_inv = 1.0f / 6.0f, factor_inv = (float)(1.0 / (6.0 * 448.0));
	float block_scale, decode, k, final_scale;

	*scale = convert(e4m3, largest_magnitude(x, n) * (t->encode * fp4_max_inv));
	block_scale = value_of(e4m3, *scale);
	decode = 1.0f / t->encode;
	k = min_float(1.0f / (block_scale * decode), FLT_MAX);
	final_scale = block_scale * t->amax * factor_inv;
	for (long i = 0; i < n; i++) {
		codes[i] = convert(e2m1, x[i] * k);
		dequantized[i] = value_of(e2m1, codes[i]) * final_scale;
	}
}
