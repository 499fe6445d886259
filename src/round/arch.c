/*
 * arch.c — the table of architectures (arch.h): a row per architecture, a column per
 * choice IEEE 754 leaves open, and the few functions that read it. Every decision that
 * differs between architectures is a cell here; the commands only ask. Never prints,
 * never rounds.
 *
 * Sources (tests/arch/DIGEST.md quotes and checks them): sf = Berkeley SoftFloat 3
 * (ucb-bar/berkeley-softfloat-3 a0c6494), source/SPEC/ for the row's specialization;
 * every cell of the SoftFloat rows was probed with that specialization's testfloat_ver.
 * fpx follows SoftFloat where a manual says otherwise, so that TestFloat verifies its
 * vectors: the differences are said at the column.
 */
#include "arch.h"

#include <string.h>

#include "kinds.h"

/* Which NaN operand an operation returns. */
enum arch_pick {
	PICK_FIRST,        /* the first NaN operand, quieted */
	PICK_X87,          /* a qNaN over an sNaN; two of a kind: the larger magnitude, a tie the positive */
	PICK_SIGNALING,    /* the first sNaN quieted, else the first qNaN */
	PICK_DEFAULT,      /* none: the default NaN (ARM's DN mode, RISC-V's canonical NaN) */
};

/* An invalid integer result: 0, the largest (unsigned: all ones), the smallest (unsigned: 0). */
enum arch_int { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN };

struct arch {
	const char *name, *softfloat;
	/* Tininess before rounding? IEEE 754 §7.5 leaves it. sf:S/specialize.h:48
	 * (init_detectTininess): 8086-SSE, RISCV after; ARM-VFPv2(-defaultNaN) before.
	 * Intel SDM vol. 1 §4.9.1.5 and the RISC-V spec ("F", Subnormal Arithmetic) say
	 * after too. fpx's own: after (map's default before --arch). */
	bool tininess_before;
	/* The default NaN: quiet, payload 0, this sign. sf:S/specialize.h defaultNaNF16UI,
	 * F32UI, F64UI, ExtF80UI, F128UI (8086-SSE :88,144,179,214,270: FE00, FFC00000 ...;
	 * ARM-VFPv2 :88,123,158,193,249 and RISCV :81,142,177,212,277: 7E00, 7FC00000 ...).
	 * x86: the "QNaN floating-point indefinite", sign 1 (SDM vol. 1 §4.8.3.7). */
	bool default_negative;
	/* Whether a NaN made without a NaN operand (0/0, ∞ − ∞) is the default NaN; fpx's
	 * own keeps the NaN its rounding gives (positive), as before --arch. */
	bool makes_default;
	/* 2 operands, in binary16/32/64/128 (and 1 operand, below). sf:S/s_propagateNaNF32UI.c
	 * (F16, F64, F128 alike): 8086-SSE :52-62 first NaN, quieted (SDM Table 4-7, SSE);
	 * ARM-VFPv2 :52-62 first sNaN, else first qNaN; -defaultNaN and RISCV :50-57 the
	 * default NaN. fpx's own: the first NaN, quieted (IEEE 754 §6.2.3 asks for one). */
	enum arch_pick pick;
	/* The same in x87's extended format: 8086-SSE uses 8086's x87 rule
	 * (sf:8086-SSE/s_propagateNaNExtF80UI.c:60-105 = sf:8086's; SDM Table 4-7, x87). */
	enum arch_pick pick_x87;
	/* ARM-VFPv2's extF80 propagation forgets to quiet (sf:ARM-VFPv2/
	 * s_propagateNaNExtF80UI.c:79, `uiZ.v0 | 0xC000...;` discarded): an extF80 NaN
	 * comes out as it went in, signaling or not. A conversion into extF80 goes through
	 * the common NaN and is quieted (s_commonNaNToExtF80UI.c:52). Copied, so that
	 * testfloat_ver -checkNaNs agrees on extF80; no ARM has x87's format. */
	bool x87_unquieted;
	/* 1 operand (sqrt, roundToInt): the NaN quieted, or the default NaN. sf:f32_sqrt.c:68
	 * calls propagateNaN(a, 0): quieted in 8086-SSE and ARM-VFPv2, default in
	 * -defaultNaN and RISCV. */
	bool unary_default;
	/* fma(a, b, c): prop(prop(a, b), c) by the 2-operand rule (sf:s_mulAddF32.c:192-207,
	 * every row), rather than the rule over a, b, c at once (fpx's own). ARM's manual
	 * looks at the addend first (FPProcessNaNs3, DIGEST §5); SoftFloat does not. */
	bool fma_nested;
	/* fma(0, ∞, qNaN c): invalid, and the default NaN combined with c by the 2-operand
	 * rule (sf:s_mulAddF32.c:197-207 infProdArg, generic: every row; TestFloat insists,
	 * TestFloat-general.html:632-634). So 8086-SSE gives FFC00000, ARM 7FC00000, 8086's
	 * x87 rule c. Intel's SDM vol. 1 Table 14-17 says real x86 FMA gives Q(c) without
	 * invalid: fpx's x86 row follows SoftFloat, not the SDM. RISC-V's spec and ARM's
	 * FPMulAdd raise invalid too. fpx's own: c's NaN, no flag (§7.2(c) leaves it). */
	bool fma_inf_zero_invalid;
	/* Take the NaN operands in the operation's order (a, b, c), or in the expression's
	 * variables' (x, y, z), as fpx always has. */
	bool operation_order;
	/* NaN → NaN conversion (IEEE 754 §6.2.3): sign and payload kept, MSB-aligned,
	 * quieted (sf:8086-SSE, ARM-VFPv2 s_f32UIToCommonNaN.c:49-58,
	 * s_commonNaNToF64UI.c:48-50), or the default NaN (-defaultNaN specialize.h:131-137,
	 * RISCV :157-163 make commonNaNToF*UI the default NaN). */
	bool convert_default;
	/* Invalid float → integer results, for ui32/ui64 then i32/i64: NaN, +overflow,
	 * −overflow; 32 and 64 bits alike in every row. sf:S/specialize.h:54-70:
	 * 8086-SSE FFFFFFFF and 80000000 always (SDM's integer indefinite, §4.8.3.7);
	 * ARM-VFPv2 saturates, NaN → 0; RISCV saturates, NaN → the largest (the spec's
	 * int_conv table). fpx's own (IEEE 754 §5.8 leaves it): ARM's, which TestFloat
	 * accepts without -checkInvInts. */
	enum arch_int unsigned_int[3], signed_int[3];
};

/* The rows; a field left out is false (fpx's own choice where the column has one). */
static const struct arch arches[] = {
	{ .name = "ieee", .softfloat = "", .pick = PICK_FIRST, .pick_x87 = PICK_FIRST,
	  .unsigned_int = { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN },
	  .signed_int = { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN } },
	{ .name = "x86", .softfloat = "8086-SSE", .default_negative = true, .makes_default = true,
	  .pick = PICK_FIRST, .pick_x87 = PICK_X87, .fma_nested = true, .fma_inf_zero_invalid = true,
	  .operation_order = true,
	  .unsigned_int = { INTEGER_MAX, INTEGER_MAX, INTEGER_MAX },
	  .signed_int = { INTEGER_MIN, INTEGER_MIN, INTEGER_MIN } },
	{ .name = "arm", .softfloat = "ARM-VFPv2", .tininess_before = true, .makes_default = true,
	  .pick = PICK_SIGNALING, .pick_x87 = PICK_SIGNALING, .x87_unquieted = true, .fma_nested = true,
	  .fma_inf_zero_invalid = true, .operation_order = true,
	  .unsigned_int = { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN },
	  .signed_int = { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN } },
	{ .name = "arm-dn", .softfloat = "ARM-VFPv2-defaultNaN", .tininess_before = true, .makes_default = true,
	  .pick = PICK_DEFAULT, .pick_x87 = PICK_DEFAULT, .unary_default = true, .fma_nested = true,
	  .fma_inf_zero_invalid = true, .operation_order = true, .convert_default = true,
	  .unsigned_int = { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN },
	  .signed_int = { INTEGER_ZERO, INTEGER_MAX, INTEGER_MIN } },
	{ .name = "riscv", .softfloat = "RISCV", .makes_default = true,
	  .pick = PICK_DEFAULT, .pick_x87 = PICK_DEFAULT, .unary_default = true, .fma_nested = true,
	  .fma_inf_zero_invalid = true, .operation_order = true, .convert_default = true,
	  .unsigned_int = { INTEGER_MAX, INTEGER_MAX, INTEGER_MIN },
	  .signed_int = { INTEGER_MAX, INTEGER_MAX, INTEGER_MIN } },
};
#define ARCH_COUNT ((int)(sizeof arches / sizeof arches[0]))

static const struct arch *row(const struct arch *a)
{
	return a ? a : &arches[0];
}

const struct arch *arch_lookup(const char *name)
{
	for (int i = 0; i < ARCH_COUNT; i++)
		if (strcmp(arches[i].name, name) == 0)
			return &arches[i];
	return NULL;
}

const struct arch *arch_at(int i)
{
	return i >= 0 && i < ARCH_COUNT ? &arches[i] : NULL;
}

const char *arch_name(const struct arch *a) { return row(a)->name; }
bool arch_tininess_before(const struct arch *a) { return row(a)->tininess_before; }
bool arch_operation_order(const struct arch *a) { return row(a)->operation_order; }
bool arch_fma_inf_zero_invalid(const struct arch *a) { return row(a)->fma_inf_zero_invalid; }

/* ---- Which NaN ---------------------------------------------------------------------------- */

/* A NaN as the rules see it: its sign, whether it signals, its payload (num.h). */
struct nan_pick {
	bool neg, signaling;
	fpcode payload;
};

static struct nan_pick default_nan(const struct arch *a)
{
	return (struct nan_pick){ a->default_negative, false, 0 };
}

/* x87's rule between two NaNs: a quiet one over a signaling one; of a kind, the larger
 * magnitude (the payload, aligned alike), a tie the positive one. */
static bool x87_prefers(const struct nan_pick *b, const struct nan_pick *a)
{
	if (a->signaling != b->signaling)
		return !b->signaling;
	if (a->payload != b->payload)
		return b->payload > a->payload;
	return a->neg && !b->neg;
}

/* The rule over the NaNs nans[0 .. n−1] (n ≥ 1) at once. */
static struct nan_pick pick_among(enum arch_pick rule, const struct nan_pick *nans, int n)
{
	struct nan_pick out = nans[0];

	for (int i = 1; i < n; i++)
		if ((rule == PICK_X87 && x87_prefers(&nans[i], &out)) ||
		    (rule == PICK_SIGNALING && nans[i].signaling && !out.signaling))
			out = nans[i];
	return out;
}

static bool is_x87(const struct fmt *f)
{
	return f->kind == kind_named("x87");
}

/* The NaNs among operands[from .. to), into nans; how many. */
static int nans_of(struct nan_pick *nans, const struct num *const *operands, int from, int to)
{
	int count = 0;

	for (int i = from; i < to; i++)
		if (operands[i]->kind == NUM_NAN)
			nans[count++] = (struct nan_pick){ operands[i]->neg, operands[i]->signaling, operands[i]->payload };
	return count;
}

/* The NaN the row returns, before it becomes a code. fma nested: prop(prop(a, b), c),
 * the first result made quiet (unless the row leaves x87's unquieted); a 0·∞ product
 * stands for a and b as the default NaN. */
static struct nan_pick pick_result(const struct arch *a, enum arch_pick rule, bool x87,
				   const struct num *const *operands, int n, bool fma_inf_zero)
{
	struct nan_pick nans[ARCH_MAX_OPERANDS];
	int count;

	if (rule == PICK_DEFAULT || (n == 1 && a->unary_default))
		return default_nan(a);
	if (n == 3 && (a->fma_nested || fma_inf_zero)) {
		count = fma_inf_zero ? 1 : nans_of(nans, operands, 0, 2);
		if (fma_inf_zero)
			nans[0] = default_nan(a);
		if (count) {
			nans[0] = pick_among(rule, nans, count);
			nans[0].signaling = nans[0].signaling && x87 && a->x87_unquieted;
			count = 1;
		}
		count += nans_of(nans + count, operands, 2, 3);
	} else
		count = nans_of(nans, operands, 0, n);
	return count ? pick_among(rule, nans, count) : default_nan(a);
}

fpcode arch_nan_result(const struct arch *a, const struct fmt *f, const struct num *const *operands, int n,
		       bool fma_inf_zero, bool converted)
{
	bool x87 = is_x87(f);
	struct nan_pick p;
	fpcode code;

	a = row(a);
	p = pick_result(a, x87 ? a->pick_x87 : a->pick, x87, operands, n < ARCH_MAX_OPERANDS ? n : ARCH_MAX_OPERANDS,
			fma_inf_zero);
	code = fmt_nan_carrying(f, p.neg, p.payload);
	if (x87 && a->x87_unquieted && !converted && p.signaling && (code & (f->quiet_bit - 1)))
		code &= ~f->quiet_bit; /* as it came */
	return code;
}

/* ---- NaNs made, NaNs converted --------------------------------------------------------------- */

bool arch_made_nan(fpcode *out, const struct arch *a, const struct fmt *f)
{
	a = row(a);
	if (!a->makes_default || !f->has_nan || !f->quiet_bit)
		return false;
	*out = fmt_nan_carrying(f, a->default_negative, 0);
	return true;
}

bool arch_nan_converted(fpcode *out, const struct arch *a, const struct fmt *f)
{
	a = row(a);
	if (!a->convert_default || !f->has_nan)
		return false;
	*out = fmt_nan_carrying(f, a->default_negative, 0);
	return true;
}

/* ---- Integers ------------------------------------------------------------------------------ */

uint64_t arch_int_invalid(const struct arch *a, int bits, bool is_signed, enum arch_int_case which)
{
	enum arch_int v = is_signed ? row(a)->signed_int[which] : row(a)->unsigned_int[which];
	uint64_t all = bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;

	if (v == INTEGER_ZERO || (v == INTEGER_MIN && !is_signed))
		return 0;
	if (!is_signed)
		return all;
	return v == INTEGER_MAX ? all >> 1 : (all >> 1) + 1; /* 0111… or 1000… */
}
