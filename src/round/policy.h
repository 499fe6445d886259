/*
 * policy.h — the conventions of other stacks (fpx(1) POLICIES), as one rounding each.
 *
 * A policy fixes what its stack fixes (the rounding mode, whether and where it
 * saturates) and adds the stack's documented quirks around the one rounding of
 * round.c; fpx's own policy adds nothing. Policies are a table: adding one is a row
 * and, if it has a quirk of its own, a function. Never prints.
 */
#ifndef FPX_POLICY_H
#define FPX_POLICY_H

#include <stdbool.h>

#include "format.h"
#include "num.h"
#include "round.h"

/* Where a policy saturates. */
enum policy_saturation {
	SATURATE_AS_ASKED, /* -s decides */
	SATURATE_NEVER,
	SATURATE_ALWAYS,
	SATURATE_FLOAT8,   /* in ONNX's four float8 types (role onnx-float8: e4m3, e5m2, their fnuz) */
	SATURATE_E4M3,     /* in WebNN's float8e4m3 only (role webnn-float8: OCP E4M3) */
};

struct policy {
	const char *name;
	const char *summary; /* one line: how it differs from fpx's own */
	bool fixes_mode;
	enum rnd_mode mode; /* when fixes_mode */
	enum policy_saturation saturation;
	/* the stack's own cases, before the ordinary rounding; true when it decided, and
	 * then *note says why when the stack gives what its own rules do not (a bug) */
	bool (*quirk)(struct rnd_result *out, const struct fmt *f, const struct num *x, bool saturate, const char **note);
	/* the formats the stack goes through before the target (rne, not saturating), in
	 * order; from_value: the input is a typed value (a Python float), not a code of
	 * `source`. Returns how many names it wrote into through[] (at most 2). */
	int (*route)(const char *through[2], const struct fmt *target, const struct fmt *source, bool from_value);
};

/* The policy of that name, or NULL. */
const struct policy *policy_lookup(const char *name);
/* fpx's own: what every command uses unless told otherwise. */
const struct policy *policy_default(void);
/* Calls fn for every policy, in the order of `fpx policies`. */
void policy_each(void (*fn)(const struct policy *p, void *arg), void *arg);

/* The mode and the saturation the policy rounds into f with, given what was asked. A
 * policy's stack knows saturation or not: propagate, where it decides, is finite. */
enum rnd_mode policy_mode(const struct policy *p, enum rnd_mode asked);
struct rnd_spec policy_rounding(const struct policy *p, const struct fmt *f, struct rnd_spec asked);

/* The formats p goes through on the way into target (see struct policy); 0 for none. */
int policy_route(const char *through[2], const struct policy *p, const struct fmt *target, const struct fmt *source,
		 bool from_value);
/* What the policy's stack gives x for a reason of its own that no rule explains (an
 * overflow inside its conversion), or NULL. */
const char *policy_note(const struct policy *p, const struct fmt *f, const struct num *x, enum rnd_sat sat);

/* Rounds x into f as the policy's stack does (its own cases and the target rounding;
 * the route, policy_route(), is the caller's). */
enum rnd_status policy_encode(struct rnd_result *out, const struct policy *p, const struct fmt *f, const struct num *x,
			      struct rnd_spec how);

#endif
