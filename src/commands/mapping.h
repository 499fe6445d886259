/*
 * mapping.h — what the parts of fpx map share: the mapping (its expression, the formats,
 * what each variable runs over) and one row's outcome. mapeval.c reads the expression
 * and computes a row's result; mapcodes.c says which codes a row combines; mapcmd.c is
 * the command: its rows, its runs, its setting up (which fpx verify shares).
 */
#ifndef FPX_MAPPING_H
#define FPX_MAPPING_H

#include <stdbool.h>
#include <stdint.h>

#include "convert.h"
#include "num.h"
#include "ops.h"
#include "problem.h"
#include "real.h"
#include "round.h"
#include "settings.h"

#define MAP_VARIABLES 3
/* The axes a row runs over: the variables' codes, then a stochastic mode's draw r when
 * --sr-random leaves it open (r varies fastest). */
#define MAP_DRAW MAP_VARIABLES
#define MAP_AXES (MAP_VARIABLES + 1)
#define MAP_MAX_ROWS_LOG2 32 /* every code, all pairs ...: at most 2^32 rows */
#define MAP_MAX_BOUNDARY 48  /* special and boundary codes --random favours, both signs */

/* One row's result. */
struct outcome {
	enum problem problem;
	struct rnd_result res;
	struct num value; /* the exact result before rounding, or a real's stand-in */
	bool has_value, approximate;
};

/* A map command: its expression, the formats, what each variable runs over, and the
 * work areas kept from row to row. */
struct mapping {
	struct settings *s;
	const char *format;                  /* FORMAT as typed; NULL when left out */
	const char *expression;              /* EXPR as typed */
	int first_code;                      /* the argument the combinations start at */
	const struct fmt *in[MAP_VARIABLES]; /* each variable's format */
	const struct fmt *to;                /* the result's */
	const struct fmt *rounds_in;         /* where it is rounded: m->to, or --precision-control's */
	struct real *expr;                   /* the expression, or a comparison's left side */
	struct real *right;                  /* a comparison's right side, else NULL */
	unsigned used;                       /* the variables used, a bit each; MAP_DRAW's when r varies */
	struct rnd_spec how;                 /* the row's rounding: the settings', with r's draw */
	bool is_operation;                   /* an arithmetic operation of ops.h on exact operands */
	enum op op;                          /* that operation, or the comparison's */
	const struct map_fn *fn;             /* a call of mapfn.h (minimum, isnan, ...): m->expr joins its operands */
	const struct real *operand[MAP_VARIABLES]; /* its operands: variables or exact constants */
	long max_precision;
	bool need_value;                     /* the fields need the exact result (error, ulps, ...) */
	bool fast;                           /* an operation of variables ops.h's fast path may take */
	bool testfloat_int;                  /* --testfloat into an integer: SoftFloat's rules (testfloat.h) */
	fpcode first[MAP_AXES], last[MAP_AXES]; /* every code: what each variable (and r) runs over */
	fpcode boundary[MAP_VARIABLES][MAP_MAX_BOUNDARY];  /* --random: the codes it favours */
	int nboundary[MAP_VARIABLES];
	struct conversion conv;              /* the real path's */
	struct num values[MAP_VARIABLES];    /* a row's operands and result: kept from row to row */
	struct outcome outcome;
};


/* ---- mapeval.c: the expression, and a row's result ------------------------------------ */

/* Does text read as map's expression (EXPR, or A op B)? Silent: for telling an
 * expression from a FORMAT. */
bool map_is_expression(const char *text);
/* EXPR, or A op B for a comparison, into m->expr (and m->right); false after reporting. */
bool map_parse_expression(struct mapping *m, const char *text);
/* Is the expression an arithmetic operation of ops.h (+ − · /, x·y + z) on variables and
 * exact constants? Then m->op and m->operand say which. */
bool map_find_operation(struct mapping *m);
/* The format the result rounds in (m->rounds_in): m->to, or x87's at
 * --precision-control's 24 or 53 bits; false after reporting where that cannot be. */
bool map_find_rounding_format(struct mapping *m);
/* The fast path of ops.h, where it applies (no rational): false where it does not. */
bool map_operate_on_codes(struct outcome *o, const struct mapping *m, const fpcode *codes);
/* The row's result from the operands' codes and values, or PROBLEM_... when it has none. */
enum problem map_evaluate(struct outcome *o, struct mapping *m, const fpcode *codes, const struct num *values);

/* ---- mapcmd.c: the command's setting up and one row, for fpx verify too -------------------- */

/* Everything but the rows: [FORMAT] EXPR from s->args, the expression, the formats, the
 * ranges and the settings read into *m. False after a usage error; map_close() either way. */
bool map_open(struct mapping *m, struct settings *s);
void map_close(struct mapping *m);
/* A row's result into m->outcome from its codes (and r's draw, when r varies):
 * PROBLEM_NONE, or what it has instead. */
enum problem map_compute(struct mapping *m, const fpcode *codes);
/* rnd_flag bits as TestFloat's flags byte: 1 inexact, 2 underflow, 4 overflow, 8
 * infinite (divbyzero), 16 invalid; the others are left out. */
unsigned map_testfloat_flags(unsigned flags);

/* ---- mapcodes.c: which codes a row combines ---------------------------------------------- */

/* Every code: row i's codes (MAP_AXES of them), the last axis used varying fastest. */
void map_codes_of_row(fpcode *codes, const struct mapping *m, uint64_t i);
/* --random: row i's codes (and r), drawn reproducibly from the seed. */
void map_random_codes(fpcode *codes, const struct mapping *m, uint64_t i);
/* The codes --random favours for variable v, into m->boundary[v]. */
void map_find_boundary_codes(struct mapping *m, int v);

#endif
