/*
 * format.h — what a floating-point format is: its description, the properties every
 * kind derives from it, and the operations every kind offers (kind.h).
 *
 * A format is data read by its kind: a name, a width, a sign, and a description of the
 * kind's own that struct fmt holds as bytes (kind_data), which only the kind's file
 * reads — IEEE-like formats (kind_float.c) their exponent and fraction widths, bias and
 * specials, tapered formats (HiF8; kind_tapered.c) their prefix classes and special
 * codes, posits (kind_posit.c) their es, fixed point (kind_fixed.c) its fraction bits.
 * From it the kind derives the properties below, which are all the rest of fpx reads:
 * outside the kinds, nothing asks which kind a format is (see the design note in
 * kind.h).
 *
 * Values are ordered by *rank*: rank 0 is the smallest non-negative value (zero, or
 * E8M0's 2^-127), rank max_rank the largest finite value, and rank max_rank + 1 the
 * virtual value just past it (max plus the spacing of max's binade), against which
 * overflow is decided. Ranks concern magnitudes; the sign is applied separately, and a
 * negative value's last rank may differ (max_rank_neg: two's-complement integers have
 * one more negative value than positive ones).
 *
 * This module never rounds and never prints.
 */
#ifndef FPX_FORMAT_H
#define FPX_FORMAT_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "code.h"
#include "kind.h"

enum fp_class { FP_ZERO, FP_SUBNORMAL, FP_NORMAL, FP_INF, FP_NAN };

/* What a format stands for in other stacks' rules, given by the `roles` line of its
 * .fmt file (never by its name), so that a -F copy of a built-in behaves as it does. */
enum fmt_role {
	ROLE_MX_ELEMENT = 1 << 0,  /* an OCP MX element format (fpx mx) */
	ROLE_ONNX_FLOAT8 = 1 << 1, /* one of ONNX's four float8 types (Cast saturates into it) */
	ROLE_WEBNN_FLOAT8 = 1 << 2, /* WebNN's float8e4m3 (its cast saturates into it) */
};
#define FMT_ROLE_NAMES { "mx-element", "onnx-float8", "webnn-float8" }
#define FMT_ROLE_COUNT 3

/* Which well-known set of values a format's are, whatever it is called and whatever its
 * kind, where another stack's rules single that set out (policy.c: ml_dtypes). Derived
 * by fmt_finish() from the properties every kind derives, so that a -F copy or a name
 * like e8m7 belongs as the built-in does. */
enum fmt_family {
	FAMILY_NONE,
	FAMILY_BFLOAT16, /* bfloat16's: 16 bits on a grid, p = 8, binary32's exponents, inf and NaN */
	FAMILY_SCALE,    /* a scale's, E8M0's kind: unsigned powers of two on a grid, no zero */
};

/* The widest fields of an IEEE-like format: binary128's exponent with 128-bit codes,
 * binary256's with 256-bit ones (code.h); the fraction takes the rest of the code. */
#if CODE_MAX_BITS == 256
#define FMT_MAX_EXP_BITS 19
#define FMT_MAX_FRAC_BITS 236
#define FMT_MAX_EXP_BITS_TEXT "19"
#define FMT_MAX_FRAC_BITS_TEXT "236"
#else
#define FMT_MAX_EXP_BITS 15
#define FMT_MAX_FRAC_BITS 112
#define FMT_MAX_EXP_BITS_TEXT "15"
#define FMT_MAX_FRAC_BITS_TEXT "112"
#endif
#define FMT_MAX_FIELDS_TEXT "2 to " FMT_MAX_EXP_BITS_TEXT " exponent bits, 0 to " FMT_MAX_FRAC_BITS_TEXT " fraction bits"
_Static_assert(1 + FMT_MAX_EXP_BITS + FMT_MAX_FRAC_BITS == CODE_MAX_BITS, "the fields fill a code");

#define FMT_NAME_MAX 48
#define FMT_TEXT_MAX 256
#define FMT_KIND_DATA_BYTES 704 /* the largest: a tapered format's classes and specials */
#define FMT_CACHE_SLOTS 4       /* modules that keep something per format (fmt_cache) */

/*
 * A kind whose ranks are arithmetic offers a grid, which the fast paths use: rank =
 * field·2^frac_bits + fraction, standing for (1 + fraction/2^frac_bits)·2^(field − bias)
 * from the first normal field on (1, or 0 without subnormals) and for
 * (fraction/2^frac_bits)·2^emin below it. Other kinds leave `present` false.
 */
struct fmt_grid {
	bool present;
	int frac_bits, bias;
	bool subnormals;
};

struct fmt {
	char name[FMT_NAME_MAX];
	char aliases[FMT_TEXT_MAX]; /* space-separated */
	char description[FMT_TEXT_MAX];
	char note[FMT_TEXT_MAX];    /* what it is easily taken for ("not the built-in e4m3 ..."), or "" */
	unsigned roles;             /* enum fmt_role bits */
	int bits;
	bool has_sign;
	const struct fmt_kind *kind;

	/* The kind's own description: a struct of the kind's file (struct float_desc, ...),
	 * read through fmt_kind_data() by that file alone. */
	_Alignas(max_align_t) unsigned char kind_data[FMT_KIND_DATA_BYTES];

	/* A copy made by fmt_wrapping() (--wrap: integers and fixed point) wraps past its
	 * range instead of saturating. */
	bool wraps;

	/* Derived by the kind's finish(), for every kind */
	bool has_nan, has_inf, has_zero, nan_signed;
	fpcode nan_code; /* the NaN fpx produces, positive */
	fpcode inf_code; /* +inf, when has_inf */
	fpcode quiet_bit; /* the bit that quiets a NaN, where NaNs signal (IEEE 754 §6.2.1); 0
			   * where every NaN is quiet */
	fpcode sign_bit; /* the top bit when signed, else 0 */
	fpcode max_rank; /* rank of the largest finite value */
	fpcode max_rank_neg; /* rank of the largest magnitude a negative value may have: max_rank
			      * (the default for signed formats), one more in two's-complement
			      * integers (int8's −128), 0 in unsigned integers, which clamp
			      * negatives to 0; FMT_NO_RANK in unsigned floats, which take none */
	fpcode min_normal_rank; /* rank of the smallest normal value */
	long emin;       /* exponent of the smallest normal value */
	long emax;       /* exponent of the largest finite value */
	int precision;   /* significant bits, p (tapered: the most any class has) */
	bool saturates_always; /* rounds past max to ±max, -s or not (posits) */
	bool keeps_nonzero;    /* never rounds a nonzero value to zero (posits) */
	bool can_wrap;         /* codes are the rank's two's complement, modulo 2^bits (fixed) */
	bool p3109;            /* follows IEEE P3109: its saturation rules past the range and for
				* negatives into unsigned formats (round.c), its operations' special
				* cases (no −0, x/0 is NaN ...) */
	const char *nan_word;  /* what the readout calls its NaN, when not "NaN" (posits: "NaR") */
	struct fmt_grid grid;  /* where the kind's ranks are arithmetic (see below) */
	/* Derived by fmt_finish() after the kind's finish() */
	fpcode negative_zero;  /* what fmt_zero_code(f, true) gives */
	enum fmt_family family;

	/* What modules keep for the format (fmt_cache below), each made once by whichever
	 * thread first asks for it: not what the format is (fmt_same() stops before it), and
	 * not copied with it (fmt_copy()). */
	void *_Atomic kept[FMT_CACHE_SLOTS];
};

/* The kind's own description (kind_data above), as its file's struct: that kind's
 * operations alone call these, its file asserting that the struct fits
 * (_Static_assert(sizeof(struct NAME_desc) <= FMT_KIND_DATA_BYTES, ...)). */
static inline void *fmt_kind_data(struct fmt *f)
{
	return f->kind_data;
}
static inline const void *fmt_kind_data_of(const struct fmt *f)
{
	return f->kind_data;
}

/* A decoded code: class, sign, and |value| = sig · 2^exp (sig 0 for zero). */
struct fmt_value {
	enum fp_class cls;
	/* A code no rank maps to (x87's unnormals, pseudo-denormals, pseudo-infinities and
	 * pseudo-NaNs): its class as Intel's manual names it, which every field writes in
	 * place of cls's; NULL for every other code. cls is what it is as a value: FP_NAN
	 * for an invalid operand, FP_NORMAL for a pseudo-denormal (the 387 reads its value). */
	const char *noncanonical;
	bool neg;
	mpz_t sig;
	long exp;
	long ulp_exp;  /* exponent of the spacing of this value's binade */
	int precision; /* significant bits at this value (p; varies in tapered formats) */
};

void fmt_value_init(struct fmt_value *v);
void fmt_value_clear(struct fmt_value *v);

/* What a field of a code is. */
enum bit_field { BITS_SIGN, BITS_EXPONENT, BITS_FRACTION, BITS_DOT, BITS_MANTISSA, BITS_REGIME, BITS_INTEGER };
#define BIT_FIELD_COUNT 7

/* One field of a code, most significant first: what it is, its name, width and bits. */
struct fmt_field {
	enum bit_field kind; /* IEEE-like: sign, exponent, fraction; tapered: sign, dot, exponent, mantissa */
	const char *name;    /* the kind's name, as readouts and JSON write it */
	int width;
	fpcode bits;
};

#define FMT_MAX_FIELDS 4

/* The name of a field kind, as readouts and JSON write it ("exponent"). */
const char *fmt_field_name(enum bit_field kind);

/* The fields of code, most significant first; returns how many. Tapered formats'
 * fields change with the code's prefix class. */
static inline int fmt_fields(struct fmt_field *out, const struct fmt *f, fpcode code)
{
	return f->kind->fields(out, f, code);
}

/* Decodes any code of f (codes past f->bits are the caller's bug). */
static inline void fmt_decode(struct fmt_value *out, const struct fmt *f, fpcode code)
{
	out->noncanonical = NULL;
	f->kind->decode(out, f, code);
}

/* The magnitude code of a code, and whether it is negative; and back. */
static inline fpcode fmt_magnitude(const struct fmt *f, fpcode code, bool *neg)
{
	if (f->kind->sign_is_top_bit) {
		*neg = (code & f->sign_bit) != 0;
		return code & ~f->sign_bit;
	}
	return f->kind->magnitude(f, code, neg);
}
static inline fpcode fmt_with_sign(const struct fmt *f, fpcode magnitude, bool neg)
{
	if (f->kind->sign_is_top_bit)
		return neg ? magnitude | f->sign_bit : magnitude;
	return f->kind->with_sign(f, magnitude, neg);
}

/* The signed value of a finite code as a rational (zero for NaN and inf); returns its class. */
enum fp_class fmt_code_rational(mpq_t q, const struct fmt *f, fpcode code);

/* The magnitude code of a rank, the rank of a non-negative finite code. */
static inline fpcode fmt_code_of_rank(const struct fmt *f, fpcode rank)
{
	return f->kind->ranks_are_codes ? rank : f->kind->code_of_rank(f, rank);
}

/* No rank: below rank 0 in a format without zero; max_rank_neg of a format without negatives. */
#define FMT_NO_RANK (~(fpcode)0)

/* The last rank of a value of that sign. */
static inline fpcode fmt_max_rank(const struct fmt *f, bool neg)
{
	return neg ? f->max_rank_neg : f->max_rank;
}
/* The last rank either sign has: fmt_place() clamps at the rank past it. */
static inline fpcode fmt_largest_rank(const struct fmt *f)
{
	return f->max_rank_neg != FMT_NO_RANK && f->max_rank_neg > f->max_rank ? f->max_rank_neg : f->max_rank;
}

/* The parity that breaks ties: the code's least significant bit (virtual: opposite of
 * the largest rank's). */
static inline int fmt_rank_parity(const struct fmt *f, fpcode rank)
{
	fpcode largest = fmt_largest_rank(f);

	if (rank > largest)
		return (int)(~fmt_code_of_rank(f, largest) & 1);
	return (int)(fmt_code_of_rank(f, rank) & 1);
}
fpcode fmt_rank_of_code(const struct fmt *f, fpcode magcode);
/* |value| of a rank as sig·2^exp; rank max_rank + 1 gives the virtual value. */
void fmt_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank);
/* The same as a rational. */
void fmt_rank_rational(mpq_t q, const struct fmt *f, fpcode rank);
/* Where rounding to nearest turns between rank and rank + 1 (rank ≤ max_rank): their
 * mean, or the kind's own midpoint. */
void fmt_rank_midpoint(mpq_t mid, const struct fmt *f, fpcode rank);

/*
 * Where q > 0 lies: rank *lower has value ≤ q < value(*lower + 1), clamped so that
 * *lower ≤ fmt_largest_rank() + 1 (a q at or past the virtual value gives that; it is
 * max_rank + 1 but in two's-complement integers, whose negatives reach one further).
 * Returns the comparison of q with the midpoint of that interval: -1 below, 0 tie,
 * +1 above; *exact tells whether q equals value(*lower). When the format has no zero
 * and q is below rank 0, *lower is (fpcode)-1 and the result +1.
 */
int fmt_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q);

/* A new description named name, of that kind, its own description the kind's defaults
 * (kind.h: init); to finish or free. */
struct fmt *fmt_new(const char *name, const struct fmt_kind *kind);
/* Finishes a description: checks it, derives the fields above. NULL or a message. */
const char *fmt_finish(struct fmt *f);
/* Frees a format and whatever the caches below hold for it. Only the registry
 * (fmtfile.c), which owns every format it hands out, calls this. */
void fmt_free(struct fmt *f);

/*
 * What a module makes once per format and keeps (table.c's sorted values, decshort.c's
 * shortest digits of each code) lives in the format itself, in the slot of kept[] that
 * the module's cache is given on its first use: formats are immutable and stay where
 * the registry put them until it frees them, and what they keep with them. Any number
 * of threads may find and keep at once, without a lock: the first to keep wins, and
 * the others' data is freed. A module declares one as
 * static struct fmt_cache c = { .free_data = free_fn };
 */
struct fmt_cache {
	void (*free_data)(void *data);
	_Atomic int slot; /* its slot in kept[] + 1; 0 before its first use */
};

/* What c holds for f, or NULL. */
void *fmt_cache_find(struct fmt_cache *c, const struct fmt *f);
/* Keeps data for f in c unless another thread kept some first: returns what c then holds
 * for f (data, or the other's, data then freed). */
void *fmt_cache_keep(struct fmt_cache *c, const struct fmt *f, void *data);
/* Do a and b describe the same format (what they keep aside)? */
bool fmt_same(const struct fmt *a, const struct fmt *b);
/* *to = *from, keeping nothing yet. */
void fmt_copy(struct fmt *to, const struct fmt *from);

/*
 * Signaling NaNs (IEEE 754 §6.2.1): in an IEEE-like format with infinities (binary*,
 * bfloat16, E5M2), a NaN whose fraction's first bit is clear signals, and setting that
 * bit quiets it. Every other format's NaNs are quiet.
 */
bool fmt_nan_is_signaling(const struct fmt *f, fpcode code);
/* Is code one of f's NaNs? */
bool fmt_is_nan(const struct fmt *f, fpcode code);
/* The payload of a NaN code (the fraction below the quiet bit), where NaNs have one
 * (the formats with signaling NaNs); false elsewhere, and for x87's invalid operands. */
bool fmt_nan_payload(const struct fmt *f, fpcode code, fpcode *payload);
/*
 * NaNs through a conversion (IEEE 754 §6.2.3, as x86 and ARM convert): what a NaN code
 * of f carries (num.h: whether it signals, and its payload as a binary fraction, the
 * first bit below the quiet bit at the top of the word); and the quiet NaN of f that
 * carries as many of the payload's first bits as f's NaNs hold (all of them, shifted
 * to the top of the fraction, into a wider format; the first ones into a narrower),
 * with that sign where f's NaNs are signed: f's own NaN where they hold none.
 */
void fmt_nan_identity(bool *signaling, fpcode *payload, const struct fmt *f, fpcode code);
fpcode fmt_nan_carrying(const struct fmt *f, bool neg, fpcode payload);
/* The NaN of that sign, quiet or signaling, with that payload (a signaling NaN given
 * none gets the bit below the quiet bit, as GCC's __builtin_nans("") does). */
enum nan_fit { NAN_FITS, NAN_NO_ROOM, NAN_TOO_WIDE, NAN_SIGNALING_ZERO };
enum nan_fit fmt_nan_code(fpcode *out, const struct fmt *f, bool neg, bool signaling, bool has_payload,
			  fpcode payload);

/* The zero of that sign where the format has one (−0 in IEEE-like formats), else its
 * only zero. */
fpcode fmt_zero_code(const struct fmt *f, bool neg);

/* The code a typed bit pattern stands for; false when it has more bits than f. */
bool fmt_code_from_pattern(fpcode *out, const struct fmt *f, const mpz_t pattern);

/* The value of a finite rank of a grid as m·2^exp, in a word (frac_bits ≤ 62), as the
 * grid's comment above says; false for no grid, a wider one or a rank past max. */
static inline bool fmt_grid_rank_value(const struct fmt *f, fpcode rank, uint64_t *m, long *exp)
{
	const struct fmt_grid *g = &f->grid;
	uint64_t field, fraction;

	if (!g->present || g->frac_bits > 62 || rank > f->max_rank)
		return false;
	field = (uint64_t)(rank >> g->frac_bits);
	fraction = (uint64_t)rank & ((UINT64_C(1) << g->frac_bits) - 1);
	if (field == 0 && g->subnormals) {
		*m = fraction;
		*exp = f->emin - g->frac_bits;
	} else {
		*m = fraction | UINT64_C(1) << g->frac_bits;
		*exp = (long)field - g->bias - g->frac_bits;
	}
	return true;
}

/* Hex digits in a code: ⌈bits/4⌉. */
static inline int fmt_hex_digits(const struct fmt *f)
{
	return (f->bits + 3) / 4;
}

#endif
