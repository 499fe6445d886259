/*
 * policy.c — the conventions of other stacks around fpx's one rounding.
 *
 * Each row of the table says what the stack fixes; the quirks are the documented
 * places where a stack gives what no choice of mode and saturation would (FORMATS.md
 * §5). ml_dtypes' are the only ones so far.
 */
#include "policy.h"

#include <string.h>

/* The NaN a format gives for x (sign kept where NaNs are signed). */
static void give_nan(struct rnd_result *out, const struct fmt *f, bool neg)
{
	out->code = f->nan_signed && neg ? f->nan_code | f->sign_bit : f->nan_code;
	out->ternary = 0;
	out->flags = RND_INVALID;
}

static bool is_e8m0(const struct fmt *f)
{
	return !f->tapered && f->specials == SPECIALS_E8M0;
}

/* Is q strictly between 2^a and 2^(a+1)? */
static bool strictly_inside_binade(const mpq_t q, long a)
{
	mpq_t low, high;
	bool inside;

	mpq_inits(low, high, NULL);
	mpq_set_ui(low, 1, 1);
	if (a >= 0)
		mpq_mul_2exp(low, low, (mp_bitcnt_t)a);
	else
		mpq_div_2exp(low, low, (mp_bitcnt_t)-a);
	mpq_mul_2exp(high, low, 1);
	inside = mpq_cmp(q, low) > 0 && mpq_cmp(q, high) < 0;
	mpq_clears(low, high, NULL);
	return inside;
}

/*
 * ml_dtypes: NaN into an MX element format (no NaN, no inf) gives the zero of the
 * other sign; with saturation ±inf stays ±inf, or gives NaN where there is no inf; E8M0
 * takes 0 to NaN, (2^-127, 2^-126) to 2^-126, and breaks ties upwards.
 */
static bool ml_dtypes_quirk(struct rnd_result *out, struct fmt *f, const struct num *x, bool saturate)
{
	out->code = 0;
	out->ternary = 0;
	out->flags = 0;
	if (x->kind == NUM_NAN && !f->has_nan && !f->has_inf && f->has_sign) {
		out->code = fmt_zero_code(f, !x->neg);
		out->flags = RND_INVALID;
		return true;
	}
	if (x->kind == NUM_INF && saturate && f->has_inf) { /* only finite overflow saturates */
		out->code = x->neg ? f->inf_code | f->sign_bit : f->inf_code;
		return true;
	}
	if (x->kind == NUM_INF && saturate && f->has_nan) {
		give_nan(out, f, x->neg);
		return true;
	}
	if (!is_e8m0(f) || x->kind != NUM_FINITE || x->neg)
		return false;
	if (mpq_sgn(x->mag) == 0) {
		give_nan(out, f, false);
		return true;
	}
	if (strictly_inside_binade(x->mag, f->emin)) {
		out->code = fmt_code_of_rank(f, 1);
		out->ternary = 1;
		out->flags = RND_INEXACT;
		return true;
	}
	return rnd_encode(out, f, x, RND_NEAREST_AWAY, saturate) == RND_OK;
}

static const struct policy policies[] = {
	{ "fpx", "fpx's own (FORMATS.md 2): one rounding, in the mode asked (-r), saturating when asked (-s)",
	  false, RND_NEAREST_EVEN, SATURATE_AS_ASKED, NULL },
	{ "ml_dtypes",
	  "rne; -s saturates finite overflow only (+-inf -> NaN without inf); NaN -> -0 (-NaN -> +0) in "
	  "e2m1/e2m3/e3m2; e8m0: ties up, (2^-127, 2^-126) -> 2^-126, 0 -> NaN; from float64 add --via binary32",
	  true, RND_NEAREST_EVEN, SATURATE_AS_ASKED, ml_dtypes_quirk },
	{ "onnx", "ONNX Cast saturate=1: rne; +-inf and overflow -> +-max in e4m3, e5m2 and their fnuz; NaN kept",
	  true, RND_NEAREST_EVEN, SATURATE_FLOAT8, NULL },
	{ "onnx-nosat", "ONNX Cast saturate=0: rne; overflow -> NaN (e4m3), +-inf (e5m2), 0x80 (fnuz)", true,
	  RND_NEAREST_EVEN, SATURATE_NEVER, NULL },
	{ "ofp8-sat", "OCP OFP8 saturating mode: rne; +-inf and overflow -> +-max; NaN kept", true, RND_NEAREST_EVEN,
	  SATURATE_ALWAYS, NULL },
	{ "webnn", "WebNN cast: rne; into float8e4m3 (e4m3) +-inf and overflow -> +-448, NaN kept; else IEEE", true,
	  RND_NEAREST_EVEN, SATURATE_E4M3, NULL },
	{ "cann", "Huawei CANN (HiF8): rna (ties away), not saturating: |x| >= 40960 -> +-inf", true,
	  RND_NEAREST_AWAY, SATURATE_NEVER, NULL },
};

#define POLICY_COUNT (sizeof policies / sizeof policies[0])

const struct policy *policy_lookup(const char *name)
{
	for (size_t i = 0; i < POLICY_COUNT; i++)
		if (strcmp(policies[i].name, name) == 0)
			return &policies[i];
	return NULL;
}

const struct policy *policy_default(void)
{
	return &policies[0];
}

void policy_each(void (*fn)(const struct policy *p, void *arg), void *arg)
{
	for (size_t i = 0; i < POLICY_COUNT; i++)
		fn(&policies[i], arg);
}

enum rnd_mode policy_mode(const struct policy *p, enum rnd_mode asked)
{
	return p->fixes_mode ? p->mode : asked;
}

static bool is_named(const struct fmt *f, const char *const names[])
{
	for (; *names; names++)
		if (strcmp(f->name, *names) == 0)
			return true;
	return false;
}

bool policy_saturates(const struct policy *p, const struct fmt *f, bool asked)
{
	static const char *const float8[] = { "e4m3", "e5m2", "float8_e4m3fnuz", "float8_e5m2fnuz", NULL };
	static const char *const e4m3[] = { "e4m3", NULL };

	switch (p->saturation) {
	case SATURATE_AS_ASKED: return asked;
	case SATURATE_NEVER: return false;
	case SATURATE_ALWAYS: return true;
	case SATURATE_FLOAT8: return is_named(f, float8);
	case SATURATE_E4M3: return is_named(f, e4m3);
	}
	return asked;
}

enum rnd_status policy_encode(struct rnd_result *out, const struct policy *p, struct fmt *f, const struct num *x,
			      enum rnd_mode mode, bool saturate)
{
	mode = policy_mode(p, mode);
	saturate = policy_saturates(p, f, saturate);
	if (p->quirk && p->quirk(out, f, x, saturate))
		return RND_OK;
	return rnd_encode(out, f, x, mode, saturate);
}
