/*
 * ops.c — src/ops.c's x + y, x − y, x·y, x/y against the host's IEEE arithmetic in
 * binary32 and binary64 (float and double, SSE on x86-64): the result's bits and the
 * flags from fetestexcept, in each of the four modes fesetround sets, on operands drawn
 * from the special and boundary codes (±0, ±∞, NaN, the smallest subnormal, the
 * smallest normal, the largest finite, 1) and random ones, every pair of the special
 * ones included. NaN results compare as NaN (the host keeps a payload, fpx gives its
 * one quiet NaN). Underflow: the host detects tininess after rounding, fpx before, so
 * they may differ only where the result is ±the smallest normal. A signaling NaN (the
 * quiet bit clear) raises invalid on the host; fpx's values know no signaling NaN (that
 * is for fpx map, which sees the codes), so the flags are not compared there.
 * Usage: tests/ops [PAIRS]
 */
#include <fenv.h>
#include <stdlib.h>

#include "format.h"
#include "ops.h"
#include "testlib.h"

static const struct {
	enum rnd_mode fpx;
	int host;
} modes[] = {
	{ RND_NEAREST_EVEN, FE_TONEAREST }, { RND_TOWARD_ZERO, FE_TOWARDZERO }, { RND_UP, FE_UPWARD },
	{ RND_DOWN, FE_DOWNWARD },
};

static const char *const op_names[] = { "+", "-", "*", "/" };

static uint64_t rng_state = 0x2545f4914f6cdd1du;

/* The flags fetestexcept reports, as fpx's. */
static unsigned host_flags(void)
{
	int e = fetestexcept(FE_ALL_EXCEPT);

	return (e & FE_INEXACT ? RND_INEXACT : 0) | (e & FE_UNDERFLOW ? RND_UNDERFLOW : 0) |
	       (e & FE_OVERFLOW ? RND_OVERFLOW : 0) | (e & FE_DIVBYZERO ? RND_DIVBYZERO : 0) |
	       (e & FE_INVALID ? RND_INVALID : 0);
}

/* One operation in the host's float or double arithmetic: the result's bits, flags. */
static uint64_t host_op(unsigned *flags, int bits, enum op op, uint64_t a, uint64_t b, int mode)
{
	uint64_t r = 0;

	fesetround(mode);
	feclearexcept(FE_ALL_EXCEPT);
	if (bits == 32) {
		volatile float x, y, z;
		uint32_t ua = (uint32_t)a, ub = (uint32_t)b, uz;
		float fx, fy;
		memcpy(&fx, &ua, 4);
		memcpy(&fy, &ub, 4);
		x = fx;
		y = fy;
		z = op == OP_ADD ? x + y : op == OP_SUB ? x - y : op == OP_MUL ? x * y : x / y;
		fx = z;
		memcpy(&uz, &fx, 4);
		r = uz;
	} else {
		volatile double x, y, z;
		double dx, dy;
		memcpy(&dx, &a, 8);
		memcpy(&dy, &b, 8);
		x = dx;
		y = dy;
		z = op == OP_ADD ? x + y : op == OP_SUB ? x - y : op == OP_MUL ? x * y : x / y;
		dx = z;
		memcpy(&r, &dx, 8);
	}
	*flags = host_flags();
	fesetround(FE_TONEAREST);
	return r;
}

static void value_of(struct num *x, const struct fmt *f, fpcode code)
{
	struct fmt_value v;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	x->kind = v.cls == FP_NAN ? NUM_NAN : v.cls == FP_INF ? NUM_INF : NUM_FINITE;
	x->neg = v.neg;
	x->bound = NUM_EXACT;
	num_set_dyadic(x->mag, v.sig, v.exp);
	fmt_value_clear(&v);
}

static bool is_nan(const struct fmt *f, fpcode code)
{
	struct fmt_value v;
	bool nan;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	nan = v.cls == FP_NAN;
	fmt_value_clear(&v);
	return nan;
}

/* A NaN code with the quiet bit (the fraction's first) clear. */
static bool is_signaling(const struct fmt *f, uint64_t code)
{
	return is_nan(f, code) && !(code >> (f->frac_bits - 1) & 1);
}

static void check_pair(const struct fmt *f, uint64_t a, uint64_t b)
{
	struct num x, y;
	fpcode min_normal = (fpcode)1 << f->frac_bits;
	bool signaling = is_signaling(f, a) || is_signaling(f, b);

	num_init(&x);
	num_init(&y);
	value_of(&x, f, a);
	value_of(&y, f, b);
	for (int op = OP_ADD; op <= OP_DIV; op++)
		for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
			struct rnd_result got;
			unsigned want_flags, mask = ~0u;
			uint64_t want = host_op(&want_flags, f->bits, (enum op)op, a, b, modes[m].host);
			op_round(&got, f, (enum op)op, &x, &y, modes[m].fpx, false);
			if ((got.code & ~f->sign_bit) == min_normal) /* tininess after rounding, or before */
				mask &= ~(unsigned)RND_UNDERFLOW;
			got.flags &= ~(unsigned)RND_TIE;
			check(is_nan(f, want) ? is_nan(f, got.code) : got.code == want,
			      "%s 0x%llx %s 0x%llx %s: host 0x%llx, fpx 0x%llx", f->name, (unsigned long long)a,
			      op_names[op], (unsigned long long)b, rnd_mode_name(modes[m].fpx), (unsigned long long)want,
			      (unsigned long long)got.code);
			check(signaling || (got.flags & mask) == (want_flags & mask),
			      "%s 0x%llx %s 0x%llx %s: host flags 0x%x, fpx 0x%x", f->name, (unsigned long long)a,
			      op_names[op], (unsigned long long)b, rnd_mode_name(modes[m].fpx), want_flags, got.flags);
		}
	num_clear(&x);
	num_clear(&y);
}

/* The special and boundary codes of f, both signs. */
static int special_codes(uint64_t *out, const struct fmt *f)
{
	uint64_t sign = (uint64_t)f->sign_bit, frac = ((uint64_t)1 << f->frac_bits) - 1;
	uint64_t inf = (uint64_t)f->inf_code, one = (uint64_t)f->bias << f->frac_bits;
	uint64_t mags[] = { 0, 1, frac, frac + 1, inf - 1, inf, inf | 1, one, one + 1, one - 1, 2 * one };
	int n = 0;

	for (size_t i = 0; i < sizeof mags / sizeof mags[0]; i++) {
		out[n++] = mags[i];
		out[n++] = mags[i] | sign;
	}
	return n;
}

/* A random code: any bits, or a value near 1, or one near the smallest normal. */
static uint64_t random_code(const struct fmt *f)
{
	uint64_t r = test_rng(&rng_state), mask = f->bits == 64 ? ~0ull : (1ull << f->bits) - 1;
	uint64_t code = (r >> 3) & mask;

	if ((r & 3) == 1)
		code = ((uint64_t)f->bias << f->frac_bits) + ((r >> 8) & (((uint64_t)1 << (f->frac_bits + 2)) - 1)) -
		       ((uint64_t)1 << (f->frac_bits + 1));
	else if ((r & 3) == 2)
		code = (r >> 8) & (((uint64_t)1 << (f->frac_bits + 2)) - 1);
	return code | ((r & 4) ? (uint64_t)f->sign_bit : 0);
}

int main(int argc, char **argv)
{
	static const char *const formats[] = { "binary32", "binary64" };
	long pairs = argc > 1 ? atol(argv[1]) : 20000;

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const struct fmt *f = fmt_lookup(formats[i]);
		uint64_t special[32];
		int n = special_codes(special, f);
		for (int a = 0; a < n; a++)
			for (int b = 0; b < n; b++)
				check_pair(f, special[a], special[b]);
		for (long k = 0; k < pairs; k++) {
			uint64_t a = random_code(f), b = random_code(f);
			if ((k & 3) == 0) /* near each other: cancellation, exact zero sums */
				b = (a ^ (uint64_t)f->sign_bit) + ((test_rng(&rng_state) & 3) - 1);
			check_pair(f, a, b);
		}
	}
	return test_summary("ops");
}
