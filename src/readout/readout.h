/*
 * readout.h — everything the explorer shows about one code of a format: its fields,
 * value (exact, shortest, max_digits10 digits, hex float, formula), neighbours and gaps,
 * and, when a value was typed, the rounding error, the tie and the overflow; plus the
 * format's limits. Computed once as text so that the human readout, JSON and the
 * convert fields all say the same thing. Never prints.
 */
#ifndef FPX_READOUT_H
#define FPX_READOUT_H

#include <stdbool.h>

#include "format.h"
#include "num.h"
#include "round.h"
#include "strbuf.h"

struct neighbour {
	bool exists;
	fpcode code;
	struct strbuf exact, gap; /* gap: the distance to the shown value, or "inf" */
};

struct readout {
	const struct fmt *f;
	struct rnd_spec how;

	/* What was typed: a value (typed) or a bit pattern (not typed). */
	const char *input;
	bool typed;
	struct num x;
	/* The typed value as dec_marked() writes it (empty when the input is past
	 * 2^±NUM_LIMIT_EXP), and as dec_ratio() does when it is known exactly. */
	struct strbuf input_exact, input_ratio;
	/* x is not the typed value but a stand-in close to it (a real: π, exp(1)): input_exact
	 * and the error, ulps and relative error are ~ and digits, and have no ratio. */
	bool approximate;

	/* The code and its value */
	fpcode code;
	struct rnd_result rounding; /* all zero for a pattern */
	struct fmt_value value;
	struct strbuf exact, shortest, digits, hexfloat, formula;
	struct neighbour below, above;

	/* The rounding of a typed value */
	bool has_error; /* false when nothing was typed, it was exact, or it overflowed */
	/* Each as dec_marked() writes it, and exactly as dec_ratio() does (empty when not
	 * known exactly, or not asked for) */
	struct strbuf error, ulps, relative;
	struct strbuf error_ratio, ulps_ratio, relative_ratio;
	fpcode lower, upper;       /* the candidates, as signed codes */
	bool upper_is_virtual;     /* upper lies past max */
	struct strbuf lower_exact, upper_exact;
	/* A stochastic mode's draw (how), for an inexact value below the virtual one: where
	 * |x| lies from lower to upper (nu, n/d, and its decimal), how many of the 2^N draws
	 * round away, to upper (away; the rest stay, lower), the draw T from which they do
	 * (R >= T), and each share of the draws (p_away, p_stay: exact decimals). */
	bool drawn;
	struct strbuf draw_nu, draw_nu_decimal, draw_away, draw_stay, draw_threshold, draw_p_away, draw_p_stay;
	bool other_differs;        /* the other saturation choice gives another code (when asked) */
	fpcode other_code;
	struct strbuf other_exact;
	/* Another route to a code for the same value, where it gives another (see
	 * readout_set_route): through a format first, or (route_is_once) rounded once. */
	bool route_differs, route_is_once;
	const char *policy;        /* the stack rounded as (--policy), NULL for fpx's own */
	bool policy_decided;       /* ... and one of its own cases gave another code than the mode */
	const char *policy_note;   /* ... and why, when the stack's own rules do not say (NULL) */
	const char *route_via;     /* the format gone through */
	fpcode route_code;
};

struct limits {
	struct strbuf max, min_normal, min_subnormal; /* min_subnormal empty when none */
	fpcode max_code, min_normal_code, min_subnormal_code;
	long max_log2, min_normal_log2, min_subnormal_log2;
	int precision, digits10, max_digits10;
	struct strbuf precision_decimal; /* p·log10 2 to three decimals */
	long emin, emax;
	struct strbuf overflow_threshold;
	bool threshold_inclusive; /* overflow at the threshold itself, not only past it */
	bool never_overflows;     /* the mode never rounds past max (rdn for positive values …) */
	/* Where the negative values end elsewhere than at −max (two's-complement integers
	 * reach −max − 1, unsigned ones 0): the lowest value and the same for that side. */
	bool asymmetric;
	struct strbuf lowest, overflow_threshold_neg;
	fpcode lowest_code;
	bool threshold_neg_inclusive, never_overflows_neg;
};

/* What a row's fields (render.c: error, ulps, rel, their ratios, below, above) take of
 * a readout, and no more: the code decoded, and of the error of x's rounding (when x
 * and rounded are given) and the neighbours what `wanted` says (READOUT_RATIOS: the
 * ratios of those asked for as well). The other texts stay empty. */
enum { READOUT_ERROR = 1, READOUT_ULPS = 2, READOUT_REL = 4, READOUT_NEIGHBOURS = 8, READOUT_RATIOS = 16 };
void readout_for_row(struct readout *r, const struct fmt *f, fpcode code, const struct num *x, struct rnd_spec how, const struct rnd_result *rounded, bool approximate, unsigned wanted);

/* A readout of a typed value (in.kind VALUE; or a real's stand-in, approximate) or of a
 * code (pattern). */
void readout_of_value(struct readout *r, const struct fmt *f, const char *input, const struct num *x,
		      struct rnd_spec how, const struct rnd_result *rounded, bool approximate);
void readout_of_code(struct readout *r, const struct fmt *f, const char *input, fpcode code, struct rnd_spec how);
void readout_clear(struct readout *r);
/* Notes the code the other saturation choice gives, if it differs (for the human readout
 * and its JSON; rows do not show it). */
void readout_set_other_saturation(struct readout *r);
struct policy;
/* Notes the policy the code was rounded by. */
void readout_set_policy(struct readout *r, const struct policy *p);
/* Notes the code another route gives, if it differs: rounding once, when the readout's
 * code came through `via` (once true); else going through `via` first. */
void readout_set_route(struct readout *r, const char *via, bool once, fpcode code);

void readout_limits_of(struct limits *l, const struct fmt *f, struct rnd_spec how);
void readout_limits_clear(struct limits *l);

#endif
