/*
 * libcheck.h — what tests/libapi.c and tests/libload.c share: the pass and fail counts
 * (each program its own), a random source, doubles of every kind, and a format by name
 * (or the program stops).
 */
#ifndef FPX_LIBCHECK_H
#define FPX_LIBCHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpx.h"

static long passed, failed;

static inline void check(int ok, const char *what)
{
	if (ok)
		passed++;
	else if (failed++ < 40)
		printf("FAIL: %s\n", what);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static inline uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Doubles of every kind: random bits (all binades, NaNs, infinities, subnormals), and
 * values near binary32's and binary16's ranges and roundings. */
static inline double any_double(void)
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

static inline const fpx_format *format(const char *name)
{
	const fpx_format *f = NULL;
	fpx_error err;

	if (fpx_format_lookup(&f, name, &err) != FPX_OK) {
		printf("FAIL: no format %s: %s\n", name, err.message);
		exit(1);
	}
	return f;
}

#endif
