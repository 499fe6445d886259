/*
 * convert.h — one input text through parse → round (or, for a bit pattern, straight to
 * its code), and the one way fpx reports an input it could not convert.
 */
#ifndef FPX_CONVERT_H
#define FPX_CONVERT_H

#include <stddef.h>

#include "arch.h"
#include "format.h"
#include "parse.h"
#include "policy.h"
#include "problem.h"
#include "report.h"
#include "round.h"

struct conversion {
	bool need_value;          /* in.value must hold the exact input (readouts, error fields) */
	/* A real (in.kind INPUT_REAL): in.value holds an exact stand-in when need_value
	 * (real_stand_in()), not the value itself when approximate. */
	bool approximate;
	long max_precision;       /* bits, for a real's enclosures */
	struct input in;          /* what the text was: value or pattern (cast: the source code's value) */
	struct parse_error err;
	fpcode code;
	struct rnd_result result; /* meaningful when in.kind is INPUT_VALUE */
	bool fast;                /* the last convert_text() took the fast decimal path */
	/* How: conversion_init() sets fpx's policy and neither of the formats below. */
	const struct policy *policy;
	const struct arch *arch;        /* whose NaNs (arch.h); NULL: fpx's own */
	const struct fmt *source;       /* cast: inputs are bit patterns of this format */
	const struct fmt *via;          /* round into this first (rne, not saturating), then into the target */
	struct num through;       /* the value after the roundings before the target's */
	/* The formats gone through before the target: via, then the policy's own route
	 * (policy_route()), as the last convert_text() took them; `route` names them. */
	const struct fmt *steps[3];
	int nsteps;
	char route[FMT_NAME_MAX * 3 + 16];
};

void conversion_init(struct conversion *c);
void conversion_clear(struct conversion *c);

/* What a rounding's status (round.h) is as a problem of the input. */
enum problem convert_problem(enum rnd_status status);
/* Converts text[0..len) into f; returns PROBLEM_NONE, or what is wrong with it (for
 * PROBLEM_PARSE, c->err says where). A plain decimal is rounded by the fast path
 * (fastdec.h), bit-identical to the exact one, unless a source, a via format or another
 * policy is set (with need_value, its exact value is made from the digits scanned,
 * without the parser). Through via or the policy's
 * route, the result's flags are those of every rounding and its ternary compares the
 * end with the input. */
enum problem convert_text(struct conversion *c, const struct fmt *f, const char *text, size_t len, struct rnd_spec how);
/* Whether convert_text() may take the fast path without the exact value (then a plain
 * decimal that rnd_encode_decimal() rounds needs nothing else of c). */
bool convert_fast_path_open(const struct conversion *c);


/* A real (real.h; fpx map's expression with its variables bound) converted as
 * convert_text() converts one typed; c takes r over. */
enum problem convert_real(struct conversion *c, const struct fmt *f, struct real *r, struct rnd_spec how);
/* The code x gets in f through via first (rne, not saturating), or rounded once when
 * via is NULL (by p's own rules, without its route): the other route, for a readout.
 * False when a format has no NaN for it. */
bool convert_route(fpcode *out, const struct fmt *f, const struct fmt *via, const struct policy *p, const struct num *x,
		   struct rnd_spec how);

/* x = the value of a code of f (NaN, ±inf, ±0 included). */
void convert_code_value(struct num *x, const struct fmt *f, fpcode code);

#endif
