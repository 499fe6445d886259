/*
 * nvfp4.h — NVIDIA's NVFP4 quantization as Transformer Engine computes it: e2m1
 * elements in blocks of 16, each block with an E4M3 scale (a ue4m3 code: never
 * negative), and one FP32 encode scale for the whole tensor from its amax. Every step
 * is TE's float32 arithmetic (transformer_engine/common/cast/nvfp4/core_nvfp4.cuh and
 * dequantize_nvfp4.cuh), done here in IEEE binary32, round to nearest even, with
 * subnormals, as the GPU does without fast-math:
 *
 *   S_enc   = 448·6 / amax, at most FLT_MAX; 1 when amax is 0 or S_enc is 0
 *   s_block = e4m3(block_amax · (S_enc · (1/6)))          rne, saturating at 448
 *   k       = min(1 / (s_block · (1 / S_enc)), FLT_MAX)
 *   code    = e2m1(x · k)                                  rne, saturating at ±6
 *   x'      = e2m1 value · ((s_block · amax) · (1/2688))   TE's dequantize
 *
 * where 1/6 and 1/2688 are those constants rounded to float32 once, as TE's are.
 * Never prints.
 */
#ifndef FPX_NVFP4_H
#define FPX_NVFP4_H

#include <stdbool.h>

#include "code.h"

#define NVFP4_BLOCK 16

struct nvfp4_tensor {
	float amax, encode; /* the tensor's amax and S_enc */
};

/* The per-tensor part, from the largest |x| of the tensor's float32 values. */
void nvfp4_tensor(struct nvfp4_tensor *t, const float *x, long n);

/* One block of n ≤ NVFP4_BLOCK values: its scale's code, and each element's code and
 * dequantized value. */
void nvfp4_block(fpcode *scale, fpcode *codes, float *dequantized, const struct nvfp4_tensor *t, const float *x,
		 long n);

#endif
