/*
 * nvfp4.c — `mx --preset nvfp4`'s arithmetic (src/round/nvfp4.c) against Transformer
 * Engine's kernels written again here from TE's source (core_nvfp4.cuh's
 * compute_global_encode_scaling_factor_FP4, compute_decoding_scaling_factor and
 * compute_scaling_coefficient<float>, dequantize_nvfp4.cuh's final_scale), in host
 * float32, with the two conversions TE leaves to the GPU's cvt.rn.satfinite done by
 * searching tables of every e4m3 and e2m1 value (nearest, ties to the even code,
 * clamped to the largest finite value) instead of fpx's rounding. Random float32
 * tensors of 1 to 48 values, of every magnitude float32 has (subnormals, zeros of
 * both signs, FLT_MAX) and the corner cases: all zeros, one subnormal, blocks whose
 * scale rounds to 0 or saturates at 448.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "nvfp4.h"
#include "testlib.h"

static float fabs32(float v)
{
	return v < 0 ? -v : v;
}

/* Every finite non-negative value of e4m3 (codes 0 to 0x7e) and e2m1 (0 to 7), by
 * their layouts: e4m3 bias 7, subnormals m/8·2^-6; e2m1 bias 1, subnormal 0.5. */
static double e4m3_value(int c)
{
	int e = c >> 3, m = c & 7;
	return e == 0 ? m / 8.0 / 64.0 : (1 + m / 8.0) * (double)(1 << e) / 128.0;
}

static const double e2m1_values[8] = { 0, 0.5, 1, 1.5, 2, 3, 4, 6 };

/* The nearest of n increasing values to v ≥ 0, ties to the even index, v past the
 * last one clamped to it. */
static int nearest(const double *values, int n, double v)
{
	if (v >= values[n - 1])
		return n - 1;
	for (int i = 0; i + 1 < n; i++)
		if (v < values[i + 1]) {
			double below = v - values[i], above = values[i + 1] - v;
			if (below < above || (below == above && i % 2 == 0))
				return i;
			return i + 1;
		}
	return n - 1;
}

static double e4m3_table[127];

static int ref_e4m3(float v) /* v ≥ 0 */
{
	return nearest(e4m3_table, 127, v);
}

static int ref_e2m1(float v)
{
	int sign = v < 0 || (v == 0 && 1 / v < 0) ? 8 : 0;
	return sign | nearest(e2m1_values, 8, fabs32(v));
}

/* The tensor's amax and S_enc (1 for an amax of 0, as the kernel says). */
static float reference_encode(float *amax, const float *x, long count)
{
	float s_enc;

	*amax = 0;
	for (long i = 0; i < count; i++)
		*amax = fabs32(x[i]) > *amax ? fabs32(x[i]) : *amax;
	s_enc = 448.0f * 6.0f / *amax;
	if (s_enc > FLT_MAX)
		s_enc = FLT_MAX;
	if (*amax == 0 || s_enc == 0)
		s_enc = 1;
	return s_enc;
}

/* TE's steps, one float32 operation at a time. */
static void reference(int *scale, int *codes, float *dequantized, const float *x, long count, long first, long n)
{
	float amax, block_amax = 0, s_enc = reference_encode(&amax, x, count), s_dec, block_scale, k, final_scale;
	const float fp4_max_inv = 1.0f / 6.0f, factor_inv = (float)(1.0 / 2688.0);

	for (long i = first; i < first + n; i++)
		block_amax = fabs32(x[i]) > block_amax ? fabs32(x[i]) : block_amax;
	*scale = ref_e4m3(block_amax * (s_enc * fp4_max_inv));
	block_scale = (float)e4m3_value(*scale);
	s_dec = 1.0f / s_enc;
	k = 1.0f / (block_scale * s_dec);
	if (!(k < FLT_MAX))
		k = FLT_MAX;
	final_scale = block_scale * amax * factor_inv;
	for (long i = 0; i < n; i++) {
		float y = x[first + i] * k;
		codes[i] = ref_e2m1(y);
		dequantized[i] = (float)(codes[i] & 8 ? -e2m1_values[codes[i] & 7] : e2m1_values[codes[i] & 7]) *
				 final_scale;
	}
}

static void check_tensor(const float *x, long count, const char *what)
{
	struct nvfp4_tensor t;

	float amax, s_enc;

	nvfp4_tensor(&t, x, count);
	s_enc = reference_encode(&amax, x, count);
	check(t.amax == amax && t.encode == s_enc, "%s: amax %a S_enc %a, want %a and %a", what, t.amax, t.encode, amax,
	      s_enc);
	for (long first = 0; first < count; first += NVFP4_BLOCK) {
		long n = count - first < NVFP4_BLOCK ? count - first : NVFP4_BLOCK;
		fpcode scale, codes[NVFP4_BLOCK];
		float dequantized[NVFP4_BLOCK], want_dequantized[NVFP4_BLOCK];
		int want_scale, want_codes[NVFP4_BLOCK];
		bool same = true;
		nvfp4_block(&scale, codes, dequantized, &t, x + first, n);
		reference(&want_scale, want_codes, want_dequantized, x, count, first, n);
		for (long i = 0; i < n; i++)
			same &= codes[i] == (fpcode)want_codes[i] &&
				memcmp(&dequantized[i], &want_dequantized[i], sizeof(float)) == 0;
		if (!same && tests_failed < 3)
			for (long i = 0; i < n; i++)
				printf("  x %a code %x want %x deq %a want %a\n", x[first + i], (unsigned)codes[i], want_codes[i],
				       dequantized[i], want_dequantized[i]);
		check(scale == (fpcode)want_scale && same, "%s: block at %ld: scale 0x%x (want 0x%x)%s", what, first,
		      (unsigned)scale, (unsigned)want_scale, same ? "" : ", elements differ");
	}
}

static float random_float(uint64_t *rng)
{
	uint32_t bits;
	float v;

	switch (test_rng(rng) % 4) {
	case 0: /* any finite float32 */
		do
			bits = (uint32_t)test_rng(rng);
		while (((bits >> 23) & 0xff) == 0xff);
		break;
	case 1: /* near 1, where blocks share magnitudes */
		bits = 0x3f000000u + (uint32_t)(test_rng(rng) % 0x01000000u) + ((uint32_t)(test_rng(rng) & 1) << 31);
		break;
	case 2: /* subnormal or zero */
		bits = (uint32_t)(test_rng(rng) % 0x00800000u) * (uint32_t)(test_rng(rng) % 3 != 0) |
		       (uint32_t)(test_rng(rng) & 1) << 31;
		break;
	default: /* small integers and halves, where ties are */
		v = (float)((long)(test_rng(rng) % 25) - 12) / 2.0f;
		memcpy(&bits, &v, sizeof bits);
	}
	memcpy(&v, &bits, sizeof v);
	return v;
}

int main(void)
{
	uint64_t rng = 0x243f6a8885a308d3u;
	float x[48];

	for (int c = 0; c < 127; c++)
		e4m3_table[c] = e4m3_value(c);
	for (int round = 0; round < 200000; round++) {
		long count = 1 + (long)(test_rng(&rng) % 48);
		float spread = (float)(test_rng(&rng) % 2 ? 1.0 : 1e-30);
		for (long i = 0; i < count; i++)
			x[i] = random_float(&rng) * (test_rng(&rng) % 4 == 0 ? spread : 1.0f);
		check_tensor(x, count, "random tensor");
	}
	memset(x, 0, sizeof x);
	check_tensor(x, 48, "all zeros");
	x[3] = -0.0f;
	check_tensor(x, 20, "zeros of both signs");
	x[0] = 1e-45f; /* the smallest subnormal */
	check_tensor(x, 17, "one subnormal");
	x[0] = FLT_MAX;
	x[17] = 1e-30f; /* its block's scale rounds to 0 */
	check_tensor(x, 20, "FLT_MAX and a block whose scale is 0");
	for (int i = 0; i < 48; i++)
		x[i] = (float)(i + 1);
	check_tensor(x, 48, "1 to 48");
	return test_summary("nvfp4");
}
