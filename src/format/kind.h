/*
 * kind.h — the interface every kind of format implements.
 *
 * DESIGN. A format (format.h) is data: a name, a width, and the description its kind
 * reads. The kind is the code that gives that description meaning, and nothing outside
 * a kind's own file asks which kind a format is: rounding, the readout, `show`, the
 * policies and the fast paths call these operations, read the properties every kind
 * derives in `finish` (has_zero, has_inf, nan_code, max_rank, emin, emax, ...) and
 * what fmt_finish() derives from those for every kind (the family a policy singles
 * out: bfloat16's values, a scale's), and use a `grid` only where a kind offers one.
 *
 * The operations work on *magnitude codes* and *ranks*. A code is split into a sign
 * and a magnitude code by `magnitude` and joined again by `with_sign`; sign-magnitude
 * kinds flip one bit (kind_sign_bit_*), while a two's-complement kind (posits) negates
 * the whole code. Ranks number the finite non-negative values in increasing order
 * (rank 0 is the smallest, max_rank the largest, max_rank + 1 the virtual value past it
 * against which overflow is decided); `code_of_rank` and `rank_of_code` translate. A
 * kind with an explicit integer bit (x87) keeps its non-canonical codes out of the
 * ranks: they decode, but no rank maps to them.
 *
 * `place` is where a kind says what rounding means in it: it returns q's position
 * against the midpoint of its two neighbours, and a kind whose midpoint is not the
 * arithmetic one (a posit's is the value of the code one bit longer) computes its own.
 * Two properties cover the rest of what posits need: a format that `saturates_always`
 * rounds past max to max whatever -s says, and one that `keeps_nonzero` never rounds a
 * nonzero value to zero. round.c applies both to every kind. A kind whose negatives
 * end elsewhere than at −max sets `max_rank_neg` in `finish` (kind_fixed.c: two's
 * complement reaches one rank further, unsigned integers stop at 0), and rounding, the
 * readout and the limits take each sign's last rank from it.
 *
 * To add a kind: one file defining a `const struct fmt_kind` — its operations, its keys
 * in a format file (`keys`), the names of its grammar (`from_name`, `past_limits`, and
 * `name_grammar` for help), how two of its formats compare (`same_description`,
 * `same_shape`) — and one line in
 * kinds.c's BUILTIN_KINDS, or a kind_register() call for a kind outside fpx's binary.
 * Its description is a struct of its own file kept in the format's kind_data
 * (fmt_kind_data()), which no other file reads. tests/toykind.c is such a kind, added
 * with no other edit. Only a kind's own file names it (fmt_kind_NAME); a kind whose
 * ranks form a grid takes their values and placing from kindbase.c (kind_grid_*), as
 * float and x87 do.
 *
 * READING A FILE. A format file's lines may come in any order, and which kind they
 * describe may be settled late (a `kind` line, or tapered's first `class` line): so
 * fmtfile.c gives each line to every kind that lists its key, each kind applying it to
 * a draft of its own description (init() made it, all zero before), and the format
 * keeps its own kind's draft. A line whose key its kind does not list is refused by
 * fmtfile.c at that line (a posit's `exponent`), for every kind alike.
 *
 * VALUES THAT ARE NOT DYADIC. Every value a kind gives is sig·2^exp (decode,
 * rank_value; midpoint's mpq), and what follows a decoded code computes with that: the
 * exact value in the middle of a conversion (struct num, an mpq), the readout's digits
 * and errors, table.c's sorted values, the registry's look-alike notes, tininess after
 * rounding (round.c reads the smallest normal value). A logarithmic number system
 * (values 2^(k/2^F)) or a logarithmic takum (values √e^ℓ, ℓ dyadic) is not. What such a
 * kind needs, by half of the interface:
 *   - Rounding into it: admitted today. round.c asks a kind only `place` (where q lies
 *     between two ranks, and against the midpoint the kind chooses, as posits do), and
 *     rounds a real input (real.h) by placing its enclosure's rational ends. An LNS
 *     decides exactly, comparing q^(2^F) with 2^k in GMP; a takum compares q with
 *     e^(ℓ/2) by MPFR enclosures narrowed until they decide, which they always do: e^r
 *     is irrational for rational r ≠ 0 (Lindemann), so only ℓ = 0 is met exactly and
 *     no rational q ties with an irrational midpoint. `midpoint` stays NULL; emin,
 *     emax (⌊log2⌋ of the extreme values) and precision are integers it can derive.
 *   - Converting out of it, showing it: not yet. decode and rank_value must give
 *     sig·2^exp, so struct fmt_value needs a second kind of value beside the dyadic
 *     one — a struct real (real.h), which already rounds exp2(k/2^F) and exp(ℓ/2)
 *     correctly — and its readers (convert, render, show, JSON, map, the policies,
 *     table.c) a way to take it: as a real to round, as a formula with ~digits to show.
 * So the ordering and placing half of the interface admits such a kind unchanged; the
 * value half needs that one design decision first.
 */
#ifndef FPX_KIND_H
#define FPX_KIND_H

#include <gmp.h>
#include <stdbool.h>

#include "code.h"

struct fmt;
struct fmt_kind;
struct fmt_value;
struct fmt_field;
struct fmt_grid;
struct strbuf;

/* Writes the name of a field kind in a layout line (show.c colours it). */
typedef void field_name_writer(struct strbuf *out, int field_kind, const void *arg);

/* Why a key's value is not one, written into a reader's message buffer. */
struct kind_why {
	char *text;
	size_t size;
};

/*
 * One line of a format file a kind reads: `key value`. apply() stores the value in the
 * kind's description (fmt_kind_data(f), the kind's draft of it while a file is read:
 * see above) or in f's common fields (bits), or returns false after writing why (the
 * whole message, its key first) into why; fmtfile.c adds the file and line.
 */
struct kind_key {
	const char *name;
	bool (*apply)(struct fmt *f, char *val, struct kind_why *why);
};

struct fmt_kind {
	const char *name; /* as `fpx formats` lists it: "float", "tapered" */
	/* What messages call its formats where a file does not name the kind ("IEEE-like");
	 * NULL: its name. */
	const char *noun;
	/* What the hot paths may take without a call: magnitude and with_sign are the
	 * kind_sign_bit_* pair; code_of_rank is the identity. */
	bool sign_is_top_bit;
	bool ranks_are_codes;
	/* A format file may say `kind NAME` for it (the others are told by their lines). */
	bool named_in_files;
	/* finish() sets bits from the fields: a `bits` line must agree with it. */
	bool derives_bits;
	/* The names of its codes that no rank maps to (fmt_value.noncanonical: x87's
	 * "unnormal" ...), NULL-terminated, or NULL: the parser reads each as NAME(0xCODE). */
	const char *const *noncanonical_names;

	/* The keys of its own in a format file, NULL-terminated (NULL: none). */
	const struct kind_key *keys;
	/* Sets the defaults of its description (fmt_kind_data(f), all zero before) in a new
	 * format, or in a file's draft of one (see above); NULL: all zero. */
	void (*init)(struct fmt *f);
	/* The format a name of its grammar describes (eXmY, positNesK, int8; `lower` is
	 * lowercase), newly made and finished; NULL when the name is not one. */
	struct fmt *(*from_name)(const char *lower);
	/* Those names' shape as help shows it ("positN[esK]"), or NULL: not shown there. */
	const char *name_grammar;
	/* Why a name of its grammar's shape is past its limits; NULL for any other name. */
	const char *(*past_limits)(const char *lower);
	/* Whether two formats of this kind and of the same width, sign and wrapping have
	 * the same description (the fields a file or a name gives), and the same shape
	 * (the fields' widths, whatever the specials): what registry.c's notes on
	 * look-alike formats compare. NULL: the width says it all. */
	bool (*same_description)(const struct fmt *a, const struct fmt *b);
	bool (*same_shape)(const struct fmt *a, const struct fmt *b);

	/* Checks a description and derives every property format.h lists under "derived";
	 * NULL, or why the description is not a format: a reason about one line of a
	 * format file begins with that line's key ("bits must be ..."), for fmtfile.c to
	 * point at the line. */
	const char *(*finish)(struct fmt *f);

	/* The sign of a code and its magnitude code, and back. */
	fpcode (*magnitude)(const struct fmt *f, fpcode code, bool *neg);
	fpcode (*with_sign)(const struct fmt *f, fpcode magnitude, bool neg);

	/* Class, sign and value of any code. */
	void (*decode)(struct fmt_value *out, const struct fmt *f, fpcode code);
	/* The fields of a code, most significant first; returns how many. */
	int (*fields)(struct fmt_field *out, const struct fmt *f, fpcode code);

	/* Value order: see above. */
	fpcode (*code_of_rank)(const struct fmt *f, fpcode rank);
	fpcode (*rank_of_code)(const struct fmt *f, fpcode magnitude);
	void (*rank_value)(mpz_t sig, long *exp, const struct fmt *f, fpcode rank);
	/* Where q > 0 lies between two ranks: see fmt_place() in format.h. */
	int (*place)(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q);
	/* The value between rank and rank + 1 at which the nearest modes turn, when it is
	 * not their arithmetic mean (posits); NULL otherwise. */
	void (*midpoint)(mpq_t mid, const struct fmt *f, fpcode rank);

	/* Text for the readout: how the fields of a finite magnitude code make its value
	 * ("2^(15 - 7) * (1 + 3/8)"), what a field other than the sign and the fraction or
	 * mantissa stands for, and the layout of `fpx info` (after "N bits: ", to the end
	 * of its last line; further lines start with `indent` spaces). */
	void (*formula)(struct strbuf *out, const struct fmt *f, fpcode magnitude, const struct fmt_value *v);
	void (*explain_field)(struct strbuf *out, const struct fmt *f, fpcode code, const struct fmt_value *v,
			      int field_kind);
	void (*layout)(struct strbuf *out, const struct fmt *f, int indent, field_name_writer *name, const void *arg);
	/* Extra lines for the precision limit ("|E| 8..15: 2 bits"), or NULL. */
	void (*precision_lines)(struct strbuf *out, const struct fmt *f);
};

#endif
