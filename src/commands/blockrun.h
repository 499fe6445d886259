/*
 * blockrun.h — what `fpx block` (block.c) holds while it reads, and the rows it writes
 * of each block (blockrows.c). Never reads an input.
 */
#ifndef FPX_BLOCKRUN_H
#define FPX_BLOCKRUN_H

#include <stdbool.h>

#include "blockcalc.h"
#include "parse.h"
#include "settings.h"
#include "strbuf.h"

/* The forms of §5 block computes: ConvertToBlock[MaxAbsFinite], ConvertFromBlock,
 * BlockReduceAdd, BlockReduceMultiply, BlockDotProduct. */
enum block_op { BLOCK_TO, BLOCK_FROM, BLOCK_SUM, BLOCK_PRODUCT, BLOCK_DOT };

/* The inputs of the block being read: each one's value (for codes, its code's), code,
 * text, and whether it could not be read (a code kept so, for its place). */
struct block_group {
	long count, cap;
	struct num *x;
	fpcode *code;
	char **text;
	bool *bad;
};

/* The scales --scale gives, codes of FS, and each one's text. */
struct block_scales {
	long count;
	fpcode *code;
	char **text;
};

struct block_run {
	struct settings *s;
	enum block_op op;
	const struct fmt *fr, *fs; /* the result's format; the scale's (BLOCK_TO) */
	const struct fmt *in[4];   /* blocks of codes: the formats of s, x (dot: and of sy, y) */
	struct rnd_spec rho, rho_s; /* the elements' projection, and the scale's */
	long size, group_size;     /* B, and the inputs a block takes */
	struct block_scales scales; /* count 0: the scale is computed */
	struct block_group g;
	long number; /* the blocks written before this one */
	struct strbuf *out;
	int failures;
};

/* The rows of the block r->g holds, into r->out (a problem reported and counted in
 * r->failures); the block is left as it is. */
void block_emit(struct block_run *r);

#endif
