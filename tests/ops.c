/*
 * ops.c — fpx map's IEEE operations against the host's IEEE arithmetic, end to end:
 * x + y, x − y, x·y, x/y, fma(x, y, z) and sqrt(x) in binary32 and binary64 (float and
 * double, SSE on x86-64; fma() and sqrt()), and binary16 through _Float16 where the
 * compiler has it (in float, which rounds +, −, ·, / and sqrt of halves once: 24 ≥ 2·11 + 2
 * bits; no fma there, which float would round twice). In each of the four modes
 * fesetround sets, `fpx map FORMAT EXPR -r MODE --testfloat -` reads the operands from
 * a file and its lines are compared with the host's result bits and its flags from
 * fetestexcept (inexact, underflow, overflow, divbyzero, invalid). The operands are
 * every combination of the special and boundary codes (±0, ±∞, quiet and signaling
 * NaNs, the smallest subnormal, the largest subnormal, the smallest normal, the largest
 * finite, 1 and its neighbours, 2) and random ones, some near each other (cancellation,
 * exact zero sums) and some near the smallest normal (tininess after rounding, as the
 * host detects it). A NaN result must be the host's NaN bit for bit: the first NaN
 * operand made quiet, or the default NaN, which x86 makes negative and fpx positive
 * (that one difference is allowed). Then ops.h's fast path (128-bit integers) against
 * its exact path (rationals): every pair of the 8-bit formats, random operands of the
 * wider ones, +, −, ·, fma, every mode, saturating or not.
 * Usage: tests/ops FPX [RANDOM-CASES]
 */
#include <fenv.h>
#include <stdlib.h>
#include <unistd.h>

#include "convert.h"
#include "format.h"
#include "ops.h"
#include "registry.h"
#include "testlib.h"

static const struct {
	const char *name;
	int host;
} modes[] = { { "rne", FE_TONEAREST }, { "rtz", FE_TOWARDZERO }, { "rup", FE_UPWARD }, { "rdn", FE_DOWNWARD } };

enum host_op { ADD, SUB, MUL, DIV, FMA, SQRT };
static const struct {
	const char *expr;
	int arity;
} ops[] = { { "x+y", 2 }, { "x-y", 2 }, { "x*y", 2 }, { "x/y", 2 }, { "fma(x,y,z)", 3 }, { "sqrt(x)", 1 } };

static uint64_t rng_state = 0x2545f4914f6cdd1du;

/* The flags fetestexcept reports, as TestFloat's bits. */
static unsigned host_flags(void)
{
	int e = fetestexcept(FE_ALL_EXCEPT);

	return (e & FE_INEXACT ? 1u : 0) | (e & FE_UNDERFLOW ? 2u : 0) | (e & FE_OVERFLOW ? 4u : 0) |
	       (e & FE_DIVBYZERO ? 8u : 0) | (e & FE_INVALID ? 16u : 0);
}

/*
 * x op y with x the first source: when both are NaN, SSE returns the first, made quiet
 * (as fpx does); a C expression lets the compiler swap a commutative operation's
 * operands, so the binary32 and binary64 operations are written in assembly on x86-64.
 */
#if defined(__x86_64__)
#define SSE_OP(suffix, T)                                                                                         \
	static T sse_##suffix(enum host_op op, T x, T y)                                                           \
	{                                                                                                          \
		switch (op) {                                                                                      \
		case ADD: __asm__ volatile("add" #suffix " %1, %0" : "+x"(x) : "x"(y)); break;                     \
		case SUB: __asm__ volatile("sub" #suffix " %1, %0" : "+x"(x) : "x"(y)); break;                     \
		case MUL: __asm__ volatile("mul" #suffix " %1, %0" : "+x"(x) : "x"(y)); break;                     \
		default: __asm__ volatile("div" #suffix " %1, %0" : "+x"(x) : "x"(y)); break;                      \
		}                                                                                                  \
		return x;                                                                                          \
	}
SSE_OP(sd, double)
SSE_OP(ss, float)
#define ARITHMETIC(suffix, op, x, y) sse_##suffix(op, x, y)
#else
#define ARITHMETIC(suffix, op, x, y) (op == ADD ? x + y : op == SUB ? x - y : op == MUL ? x * y : x / y)
#endif

static double fma_of(double a, double b, double c)
{
	return __builtin_fma(a, b, c);
}

static double sqrt_of(double a)
{
	return __builtin_sqrt(a);
}

static float fmaf_of(float a, float b, float c)
{
	return __builtin_fmaf(a, b, c);
}

static float sqrtf_of(float a)
{
	return __builtin_sqrtf(a);
}

/* One operation in the host's arithmetic of that width: the result's bits, flags. */
static uint64_t host_op(unsigned *flags, int bits, enum host_op op, const uint64_t *code, int mode)
{
	uint64_t r = 0;

	fesetround(mode);
	feclearexcept(FE_ALL_EXCEPT);
	if (bits == 64) {
		volatile double x, y, z, w;
		double v[3];
		memcpy(v, code, sizeof v);
		x = v[0], y = v[1], z = v[2];
		w = op == FMA ? fma_of(x, y, z) : op == SQRT ? sqrt_of(x) : ARITHMETIC(sd, op, x, y);
		v[0] = w;
		memcpy(&r, v, 8);
	} else if (bits == 32) {
		volatile float x, y, z, w;
		uint32_t u[3] = { (uint32_t)code[0], (uint32_t)code[1], (uint32_t)code[2] };
		float v[3];
		memcpy(v, u, sizeof v);
		x = v[0], y = v[1], z = v[2];
		w = op == FMA ? fmaf_of(x, y, z) : op == SQRT ? sqrtf_of(x) : ARITHMETIC(ss, op, x, y);
		v[0] = w;
		memcpy(u, v, 4);
		r = u[0];
	}
#ifdef __FLT16_MANT_DIG__
	else {
		volatile _Float16 x, y, w;
		uint16_t u[2] = { (uint16_t)code[0], (uint16_t)code[1] };
		_Float16 v[2];
		memcpy(v, u, sizeof v);
		x = v[0], y = v[1];
		w = (_Float16)(op == SQRT ? sqrtf_of((float)x) : ARITHMETIC(ss, op, (float)x, (float)y));
		v[0] = w;
		memcpy(u, v, 2);
		r = u[0];
	}
#endif
	*flags = host_flags();
	fesetround(FE_TONEAREST);
	return r;
}

/* The special and boundary codes of an IEEE binary format, both signs. */
static int special_codes(uint64_t *out, const struct fmt *f)
{
	uint64_t sign = (uint64_t)f->sign_bit, frac = ((uint64_t)1 << f->grid.frac_bits) - 1;
	uint64_t inf = (uint64_t)f->inf_code, one = (uint64_t)f->grid.bias << f->grid.frac_bits;
	uint64_t quiet = (uint64_t)1 << (f->grid.frac_bits - 1);
	uint64_t mags[] = { 0, 1, frac, frac + 1, inf - 1, inf, inf | 1, inf | quiet | 5, one, one + 1, one - 1, 2 * one };
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
		code = ((uint64_t)f->grid.bias << f->grid.frac_bits) + ((r >> 8) & (((uint64_t)1 << (f->grid.frac_bits + 2)) - 1)) -
		       ((uint64_t)1 << (f->grid.frac_bits + 1));
	else if ((r & 3) == 2)
		code = (r >> 8) & (((uint64_t)1 << (f->grid.frac_bits + 2)) - 1);
	return code | ((r & 4) ? (uint64_t)f->sign_bit : 0);
}

/* The operands: every combination of special codes (pairs; for fma, triples of the
 * first 16), then random ones. */
static long make_cases(uint64_t (*out)[3], const struct fmt *f, int arity, long random)
{
	uint64_t special[32];
	int n = special_codes(special, f), m = arity == 3 ? 16 : n;
	long count = 0;

	for (int a = 0; a < n; a++)
		for (int b = 0; b < (arity > 1 ? m : 1); b++)
			for (int c = 0; c < (arity > 2 ? m : 1); c++) {
				out[count][0] = special[a];
				out[count][1] = special[b];
				out[count++][2] = special[c];
			}
	for (long k = 0; k < random; k++) {
		uint64_t *o = out[count++];
		o[0] = random_code(f);
		o[1] = random_code(f);
		o[2] = random_code(f);
		if ((k & 3) == 0) /* near each other: cancellation, exact zero sums */
			o[1] = (o[0] ^ (uint64_t)f->sign_bit) + ((test_rng(&rng_state) & 3) - 1);
		if (arity == 3 && (k & 3) == 1) { /* z cancels x·y's leading bits */
			double x, y, p;
			memcpy(&x, &o[0], 8);
			memcpy(&y, &o[1], 8);
			p = -x * y;
			if (f->bits == 64)
				memcpy(&o[2], &p, 8);
		}
	}
	return count;
}

/* Is this code a NaN the host made for an invalid operation (x86's default NaN: the
 * sign set, the quiet bit alone)? fpx's is the same without the sign. */
static bool default_nans(const struct fmt *f, uint64_t host, uint64_t fpx)
{
	uint64_t quiet_nan = (uint64_t)f->inf_code | (uint64_t)1 << (f->grid.frac_bits - 1);

	return host == (quiet_nan | (uint64_t)f->sign_bit) && fpx == quiet_nan;
}

/* A Clang build (check-wide's) gets the second NaN from fma(NaN, NaN, z) where a
 * GCC build gets the first (seen with clang-16 -O2, even through -fno-builtin: the
 * product's operands come to glibc's fma and fmaf exchanged); IEEE 754 lets either survive.
 * There fpx must still give the first, made quiet, which is what it documents. */
static bool exchanged_nans(const struct fmt *f, int op, const uint64_t *code, uint64_t fpx)
{
#ifdef __clang__
	uint64_t quiet = (uint64_t)1 << (f->grid.frac_bits - 1);
	bool x_nan = (code[0] & ~(uint64_t)f->sign_bit) > (uint64_t)f->inf_code;
	bool y_nan = (code[1] & ~(uint64_t)f->sign_bit) > (uint64_t)f->inf_code;

	return op == FMA && x_nan && y_nan && fpx == (code[0] | quiet);
#else
	(void)f, (void)op, (void)code, (void)fpx;
	return false;
#endif
}

static void check_run(const char *fpx, const struct fmt *f, int op, int mode, uint64_t (*cases)[3], long n)
{
	char path[] = "/tmp/fpx-ops-XXXXXX", command[512], line[256];
	int fd = mkstemp(path);
	FILE *in = fdopen(fd, "w"), *out;
	long row = 0;

	for (long i = 0; i < n; i++)
		fprintf(in, "0x%llx 0x%llx 0x%llx\n", (unsigned long long)cases[i][0], (unsigned long long)cases[i][1],
			(unsigned long long)cases[i][2]);
	fclose(in);
	/* an expression of fewer variables takes the first codes of each line: trim them */
	snprintf(command, sizeof command, "cut -d' ' -f1-%d %s | %s map %s '%s' -r %s --testfloat -", ops[op].arity,
		 path, fpx, f->name, ops[op].expr, modes[mode].name);
	out = popen(command, "r");
	while (out && fgets(line, sizeof line, out)) {
		unsigned long long got[5] = { 0 };
		unsigned want_flags;
		uint64_t want;
		char *p = line;
		int k;
		for (k = 0; k < ops[op].arity + 2; k++)
			got[k] = strtoull(p, &p, 16);
		if (row >= n || got[0] != cases[row][0]) {
			check(false, "%s %s %s: line %ld '%s' is not the case given", f->name, ops[op].expr,
			      modes[mode].name, row + 1, line);
			break;
		}
		want = host_op(&want_flags, f->bits, (enum host_op)op, cases[row], modes[mode].host);
		check((got[k - 2] == want || default_nans(f, want, got[k - 2]) ||
		       exchanged_nans(f, op, cases[row], got[k - 2])) &&
			      got[k - 1] == want_flags,
		      "%s %s %s on 0x%llx 0x%llx 0x%llx: host 0x%llx flags %02x, fpx 0x%llx flags %02llx", f->name,
		      ops[op].expr, modes[mode].name, (unsigned long long)cases[row][0],
		      (unsigned long long)cases[row][1], (unsigned long long)cases[row][2], (unsigned long long)want,
		      want_flags, got[k - 2], got[k - 1]);
		row++;
	}
	check(out && pclose(out) == 0 && row == n, "%s %s %s: %ld of %ld lines", f->name, ops[op].expr,
	      modes[mode].name, row, n);
	unlink(path);
}

/* ops.h's fast path against its exact path, the same code, ternary and flags: every
 * pair of an 8-bit format through +, −, ·, random triples through fma, in every mode,
 * saturating or not. */
static void check_fast_path(const char *name, long random)
{
	static const enum rnd_mode all_modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };
	static const enum op fast_ops[] = { OP_ADD, OP_SUB, OP_MUL, OP_FMA };
	const struct fmt *f = fmt_lookup(name), *in[3] = { f, f, f };
	struct num v[3];
	long cases = f->bits <= 8 ? 1L << (2 * f->bits) : random;

	for (int i = 0; i < 3; i++)
		num_init(&v[i]);
	for (long k = 0; k < cases; k++) {
		uint64_t mask = f->bits == 64 ? ~0ull : (1ull << f->bits) - 1, r = test_rng(&rng_state);
		fpcode codes[3] = { f->bits <= 8 ? (fpcode)(k >> f->bits) : r & mask,
				    f->bits <= 8 ? (fpcode)(k & mask) : test_rng(&rng_state) & mask, test_rng(&rng_state) & mask };
		const struct num *args[3] = { &v[0], &v[1], &v[2] };
		for (int i = 0; i < 3; i++)
			convert_code_value(&v[i], f, codes[i]);
		for (size_t o = 0; o < sizeof fast_ops / sizeof fast_ops[0]; o++)
			for (size_t m = 0; m < sizeof all_modes / sizeof all_modes[0]; m++)
				for (int sat = 0; sat < 2; sat++) {
					struct rnd_result fast, exact;
					if (!op_round_codes(&fast, f, fast_ops[o], in, codes, rnd_spec(all_modes[m], (enum rnd_sat)(sat))))
						continue;
					op_round(&exact, f, fast_ops[o], args, rnd_spec(all_modes[m], (enum rnd_sat)(sat)));
					check(fast.code == exact.code && fast.ternary == exact.ternary && fast.flags == exact.flags,
					      "fast path %s %s 0x%llx 0x%llx 0x%llx %s%s: 0x%llx %d %x, exact 0x%llx %d %x", name,
					      op_name(fast_ops[o]), (unsigned long long)codes[0], (unsigned long long)codes[1],
					      (unsigned long long)codes[2], rnd_mode_name(all_modes[m]), sat ? " -s" : "",
					      (unsigned long long)fast.code, fast.ternary, fast.flags,
					      (unsigned long long)exact.code, exact.ternary, exact.flags);
				}
	}
	for (int i = 0; i < 3; i++)
		num_clear(&v[i]);
}

int main(int argc, char **argv)
{
	static const char *const formats[] = {
#ifdef __FLT16_MANT_DIG__
		"binary16",
#endif
		"binary32", "binary64",
	};
	static const char *const fast_formats[] = { "e4m3", "e5m2", "e3m4", "e4m3fnuz", "e2m1", "e8m0", "bfloat16",
						    "binary16", "binary32", "binary64" };
	const char *fpx = argc > 1 ? argv[1] : "./fpx";
	long random = argc > 2 ? atol(argv[2]) : 2000;
	uint64_t (*cases)[3] = malloc(sizeof *cases * (size_t)(random + 24 * 24 * 24));

	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		const struct fmt *f = fmt_lookup(formats[i]);
		for (int op = 0; op < (int)(sizeof ops / sizeof ops[0]); op++) {
			long n;
			if (f->bits == 16 && op == FMA)
				continue;
			n = make_cases(cases, f, ops[op].arity, random);
			for (int mode = 0; mode < (int)(sizeof modes / sizeof modes[0]); mode++)
				check_run(fpx, f, op, mode, cases, n);
		}
	}
	free(cases);
	for (size_t i = 0; i < sizeof fast_formats / sizeof fast_formats[0]; i++)
		check_fast_path(fast_formats[i], random);
	return test_summary("ops");
}
