/*
 * smallops.c — every x + y and x·y of every small IEEE-like format (the FP8, FP6 and
 * FP4 formats of OCP, ml_dtypes and AMD) through `fpx map`, against a reference written
 * here straight from the definitions (fpx(1) FORMATS), with no code of fpx's: each code
 * decoded from its sign, exponent and fraction, the exact result in a double (every sum
 * and product of two such values is exact there), then rounded to nearest-even by
 * searching the format's values, with overflow decided against the virtual value one
 * spacing past the largest; then the format's rule for what it lacks (E4M3's NaN for
 * an overflow, the fnuz formats' single zero and NaN 0x80, saturation in the FP6 and
 * FP4 formats). NaN operands: the first one, made quiet where the format has a quiet
 * bit; inf − inf and 0·inf give the format's NaN, flagged invalid. Compared: the code,
 * and the flags inexact, overflow, underflow (tiny after rounding) and invalid.
 * Usage: tests/smallops FPX
 */
#include <fenv.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum specials { IEEE, FN, FNUZ, FINITE };

static const struct small {
	const char *name;
	int exp_bits, frac_bits, bias;
	enum specials specials;
} formats[] = {
	{ "e4m3", 4, 3, 7, FN },           { "e5m2", 5, 2, 15, IEEE },       { "float8_e4m3", 4, 3, 7, IEEE },
	{ "float8_e3m4", 3, 4, 3, IEEE },  { "e4m3fnuz", 4, 3, 8, FNUZ },     { "e5m2fnuz", 5, 2, 16, FNUZ },
	{ "e4m3b11fnuz", 4, 3, 11, FNUZ }, { "e2m3", 2, 3, 1, FINITE },       { "e3m2", 3, 2, 3, FINITE },
	{ "e2m1", 2, 1, 1, FINITE },
};

enum kind { NUMBER, INFINITE, NOT_A_NUMBER };
enum { INEXACT = 1, OVERFLOW = 2, UNDERFLOW = 4, INVALID = 8 };

struct decoded {
	enum kind kind;
	bool neg;
	double value; /* signed, for a number */
};

static int width(const struct small *f)
{
	return 1 + f->exp_bits + f->frac_bits;
}

static struct decoded decode(const struct small *f, unsigned code)
{
	unsigned sign = 1u << (width(f) - 1), frac = code & ((1u << f->frac_bits) - 1);
	unsigned e = (code >> f->frac_bits) & ((1u << f->exp_bits) - 1), top = (1u << f->exp_bits) - 1;
	struct decoded d = { NUMBER, (code & sign) != 0, 0 };
	double m;

	if ((f->specials == IEEE && e == top) || (f->specials == FN && e == top && frac == (1u << f->frac_bits) - 1) ||
	    (f->specials == FNUZ && code == sign)) {
		d.kind = f->specials == IEEE && frac == 0 ? INFINITE : NOT_A_NUMBER;
		return d;
	}
	m = e ? 1.0 + frac / (double)(1u << f->frac_bits) : frac / (double)(1u << f->frac_bits);
	for (int k = 0; k < (e ? (int)e : 1) - f->bias; k++)
		m *= 2;
	for (int k = 0; k < f->bias - (e ? (int)e : 1); k++)
		m /= 2;
	d.value = d.neg ? -m : m;
	return d;
}

/* The NaN the format makes for an invalid operation. */
static unsigned default_nan(const struct small *f)
{
	unsigned top = ((1u << f->exp_bits) - 1) << f->frac_bits;

	return f->specials == FNUZ ? 1u << (width(f) - 1) : f->specials == FN ? top | ((1u << f->frac_bits) - 1)
										: top | 1u << (f->frac_bits - 1);
}

static unsigned quiet(const struct small *f, unsigned code)
{
	return f->specials == IEEE && f->frac_bits >= 2 ? code | 1u << (f->frac_bits - 1) : code;
}

static bool signaling(const struct small *f, unsigned code)
{
	return f->specials == IEEE && f->frac_bits >= 2 && !(code & 1u << (f->frac_bits - 1));
}

/* |r| to nearest, ties to the even code, among the non-negative values; overflow past
 * the virtual value. */
static unsigned round_magnitude(const struct small *f, double r, unsigned *flags)
{
	unsigned best = 0, max = 0, n = 1u << (width(f) - 1);
	double below = -1, spacing;

	for (unsigned c = 0; c < n; c++) { /* the largest finite value and its code */
		struct decoded d = decode(f, c);
		if (d.kind == NUMBER && d.value >= below) {
			below = d.value;
			max = c;
		}
	}
	spacing = decode(f, max).value - decode(f, max - 1).value;
	if (r > below + spacing / 2 || (r == below + spacing / 2 && (max & 1))) { /* to the virtual value, whose
										      code would be max's + 1 */
		*flags |= OVERFLOW | INEXACT;
		return ~0u;
	}
	below = -1;
	for (unsigned c = 0; c < n; c++) {
		struct decoded d = decode(f, c);
		if (d.kind == NUMBER && d.value <= r && d.value > below) {
			below = d.value;
			best = c;
		}
	}
	if (below != r) {
		double above = best == max ? below + spacing : decode(f, best + 1).value, mid = (below + above) / 2;
		*flags |= INEXACT;
		if (r > mid || (r == mid && (best & 1)))
			best++;
	}
	return best;
}

/* Tiny after rounding: |r| rounded to p bits with an unbounded exponent is below the
 * smallest normal value. */
static bool tiny_after_rounding(const struct small *f, double r)
{
	int k;
	double m = frexp(r, &k), min_normal = ldexp(1, 1 - f->bias);

	return ldexp(nearbyint(ldexp(m, f->frac_bits + 1)), k - f->frac_bits - 1) < min_normal;
}

static unsigned reference(const struct small *f, char op, unsigned a, unsigned b, unsigned *flags)
{
	struct decoded x = decode(f, a), y = decode(f, b);
	unsigned sign = 1u << (width(f) - 1), mag, inf = ((1u << f->exp_bits) - 1) << f->frac_bits;
	bool neg;
	double r;

	*flags = (x.kind == NOT_A_NUMBER && signaling(f, a)) || (y.kind == NOT_A_NUMBER && signaling(f, b)) ? INVALID : 0;
	if (x.kind == NOT_A_NUMBER || y.kind == NOT_A_NUMBER)
		return quiet(f, x.kind == NOT_A_NUMBER ? a : b);
	if (x.kind == INFINITE || y.kind == INFINITE) {
		if (op == '+' ? x.kind == y.kind && x.neg != y.neg : (x.kind == NUMBER && x.value == 0) ||
								      (y.kind == NUMBER && y.value == 0)) {
			*flags |= INVALID;
			return default_nan(f);
		}
		neg = op == '+' ? (x.kind == INFINITE ? x.neg : y.neg) : x.neg != y.neg;
		return inf | (neg ? sign : 0);
	}
	r = op == '+' ? x.value + y.value : x.value * y.value;
	neg = r < 0 || (r == 0 && (op == '+' ? x.neg && y.neg : x.neg != y.neg));
	mag = round_magnitude(f, neg ? -r : r, flags);
	if (*flags & INEXACT && tiny_after_rounding(f, neg ? -r : r))
		*flags |= UNDERFLOW;
	if (mag == ~0u) /* past the largest: inf, else NaN, else the largest */
		return f->specials == IEEE ? inf | (neg ? sign : 0)
		       : f->specials == FN ? default_nan(f) | (neg ? sign : 0)
		       : f->specials == FNUZ ? default_nan(f)
					     : (sign - 1) | (neg ? sign : 0);
	if (f->specials == FNUZ && mag == 0)
		return 0; /* its one zero */
	return mag | (neg ? sign : 0);
}

static unsigned fpx_flags(const char *text)
{
	return (strstr(text, "inexact") ? INEXACT : 0) | (strstr(text, "overflow") ? OVERFLOW : 0) |
	       (strstr(text, "underflow") ? UNDERFLOW : 0) | (strstr(text, "invalid") ? INVALID : 0);
}

int main(int argc, char **argv)
{
	const char *fpx = argc > 1 ? argv[1] : "./fpx";
	long passed = 0, failed = 0;

	fesetround(FE_TONEAREST);
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		for (const char *op = "+*"; *op; op++) {
			const struct small *f = &formats[i];
			unsigned n = 1u << width(f), rows = 0;
			char command[256], line[256];
			FILE *out;
			snprintf(command, sizeof command, "%s map -o x,y,hex,flags %s 'x%cy'", fpx, f->name, *op);
			out = popen(command, "r");
			while (out && fgets(line, sizeof line, out)) {
				unsigned a = rows / n, b = rows % n, want_flags, got_a, got_b, got;
				char flags[128] = "";
				unsigned want = reference(f, *op, a, b, &want_flags);
				rows++;
				if (sscanf(line, "%x %x %x %127s", &got_a, &got_b, &got, flags) != 4 || got_a != a || got_b != b ||
				    got != want || fpx_flags(flags) != want_flags) {
					if (failed++ < 20)
						printf("FAIL: %s 0x%x %c 0x%x: want 0x%x flags %x, fpx: %s", f->name, a, *op, b,
						       want, want_flags, line);
				} else
					passed++;
			}
			if (!out || pclose(out) != 0 || rows != n * n) {
				failed++;
				printf("FAIL: %s x%cy: %u of %u rows\n", f->name, *op, rows, n * n);
			}
		}
	printf("smallops: %ld passed, %ld failed\n", passed, failed);
	return failed != 0;
}
