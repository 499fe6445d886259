/*
 * fuzz_fmtfile.c — libFuzzer target for the format-description parser: any text is
 * loaded; every format it defines of at most 12 bits is decoded code by code, each
 * finite value re-encoded (it must give its code back, or the target traps), and a
 * readout built for its largest value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "readout.h"
#include "registry.h"
#include "round.h"
#include "show.h"

static void exercise(const struct fmt *f)
{
	struct fmt_value v;
	struct num x;
	struct rnd_result r;
	struct readout rd;
	struct strbuf out;
	struct show_style style = { false, false };

	fmt_value_init(&v);
	num_init(&x);
	for (fpcode code = 0; f->bits <= 12 && code <= code_mask(f->bits); code++) {
		fmt_decode(&v, f, code);
		if (v.cls == FP_NAN || v.cls == FP_INF)
			continue;
		x.neg = v.neg;
		num_set_dyadic(x.mag, v.sig, v.exp);
		if (rnd_encode(&r, f, &x, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE)) != RND_OK || r.code != code)
			__builtin_trap();
	}
	sb_init(&out);
	readout_of_code(&rd, f, "max", fmt_code_of_rank(f, f->max_rank), rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
	show_readout(&out, &rd, &style);
	readout_clear(&rd);
	sb_free(&out);
	num_clear(&x);
	fmt_value_clear(&v);
}

static void collect(const struct fmt *loaded, void *arg)
{
	const struct fmt *f = fmt_lookup(loaded->name);

	(void)arg;
	if (f)
		exercise(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), err[512];

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (!memchr(data, '\0', size) && fmt_load_text("fuzz", text, err, sizeof err))
		fmt_each_loaded(collect, NULL);
	fmt_unload_all();
	free(text);
	return 0;
}
