/*
 * fastpath.c — the fast decimal path must be bit-identical to the exact path: every
 * input line read from stdin that the fast scanner takes is rounded both ways into
 * every regular built-in format (and a few custom ones), in every mode, saturating or
 * not, and the code, ternary and flags compared. make check feeds it the benchmark
 * workload (bench/gen) and the rounding records' inputs.
 */
#include <stdlib.h>
#include <string.h>

#include "fastdec.h"
#include "format.h"
#include "lines.h"
#include "parse.h"
#include "round.h"
#include "testlib.h"

static const char *const formats[] = {
	"binary16", "binary32", "binary64", "binary128", "bfloat16", "tf32", "e4m3", "e5m2", "float8_e4m3",
	"float8_e3m4", "float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz", "e2m3", "e3m2", "e2m1", "e8m0",
	"e15m63", "e11m100", "e3m0fn",
};
#define NFORMATS (sizeof formats / sizeof formats[0])

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_NEAREST_AWAY, RND_TOWARD_ZERO, RND_UP, RND_DOWN };

int main(int argc, char **argv)
{
	const struct fmt *f[NFORMATS];
	struct line_reader *r = lines_open(stdin, 1 << 20);
	struct input in;
	struct parse_error err;
	const char *text;
	size_t len;
	bool too_long;
	long lines = 0, fast = 0;
	int every = argc > 1 ? atoi(argv[1]) : 1; /* all modes on every n-th line, rne on the others */

	for (size_t i = 0; i < NFORMATS; i++)
		f[i] = fmt_lookup(formats[i]);
	input_init(&in);
	while (lines_next(r, &text, &len, &too_long)) {
		struct decimal d;
		bool all_modes = every <= 1 || lines % every == 0;
		lines++;
		if (too_long || !fastdec_scan(&d, text, len) || parse_input(&in, &err, text, len) != PARSE_OK)
			continue;
		fast++;
		for (size_t i = 0; i < NFORMATS; i++)
			for (int m = 0; m < (all_modes ? 5 : 1); m++)
				for (int sat = 0; sat < 2; sat++) {
					struct rnd_result a, b;
					if (!rnd_encode_decimal(&a, f[i], &d, modes[m], sat))
						continue;
					rnd_encode(&b, f[i], &in.value, modes[m], sat);
					check(a.code == b.code && a.ternary == b.ternary && a.flags == b.flags,
					      "%s %s%s '%.*s': fast 0x%llx/%d/%u, exact 0x%llx/%d/%u", formats[i],
					      rnd_mode_name(modes[m]), sat ? " sat" : "", (int)len, text,
					      (unsigned long long)a.code, a.ternary, a.flags, (unsigned long long)b.code,
					      b.ternary, b.flags);
				}
	}
	printf("  %ld lines, %ld taken by the fast path\n", lines, fast);
	input_clear(&in);
	lines_close(r);
	for (size_t i = 0; i < NFORMATS; i++)
	return test_summary("fastpath");
}
