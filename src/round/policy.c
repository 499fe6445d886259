/*
 * policy.c — the conventions of other stacks around fpx's one rounding.
 *
 * Each row of the table says what the stack fixes; the quirks are the documented
 * places where a stack gives what no choice of mode and saturation would (fpx(1),
 * POLICIES). ml_dtypes' are the only ones so far.
 */
#include "policy.h"

#include <string.h>

/* The NaN a format gives for x (sign kept where NaNs are signed). */
static void give_nan(struct rnd_result *out, const struct fmt *f, bool neg)
{
	out->code = f->nan_signed ? fmt_with_sign(f, f->nan_code, neg) : f->nan_code;
	out->ternary = 0;
	out->flags = RND_INVALID;
}

/* Is q strictly between 2^a and 2^(a+1)? */
static bool strictly_inside_binade(const mpq_t q, long a)
{
	mpq_t low, high;
	bool inside;

	mpq_inits(low, high, NULL);
	num_set_pow2(low, a);
	mpq_mul_2exp(high, low, 1);
	inside = mpq_cmp(q, low) > 0 && mpq_cmp(q, high) < 0;
	mpq_clears(low, high, NULL);
	return inside;
}

/* Every value of f is a value of a format with precision p and exponents emin..emax. */
static bool fits(const struct fmt *f, int p, long emin, long emax)
{
	return f->grid.present && f->precision <= p && f->emax <= emax && f->emin - f->precision >= emin - p;
}

/*
 * ml_dtypes' bfloat16 (any format of its family, format.h) is Eigen's, whose conversion
 * from a double is float_to_bfloat16_rtne(static_cast<float>(x)): every double goes
 * through binary32. A typed value is a Python float first, so it goes through binary64
 * too. The float8, 6 and 4 types convert from a double directly.
 */
static int ml_dtypes_route(const char *through[2], const struct fmt *target, const struct fmt *source,
			   bool from_value)
{
	int n = 0;

	if (target->family != FAMILY_BFLOAT16)
		return 0;
	if (from_value || (source && !fits(source, 24, -126, 127))) {
		if (from_value || !fits(source, 53, -1022, 1023))
			through[n++] = "binary64";
		through[n++] = "binary32";
	}
	return n;
}

/* The code 0x00 of E8M0 (2^-127: its denorm_min and its lowest), as what x became. */
static void give_lowest(struct rnd_result *out, unsigned flags, int ternary)
{
	out->code = 0;
	out->ternary = ternary;
	out->flags = flags;
}

#define E8M0_WRAP_NOTE "ml_dtypes gives 0x00 here: an overflow in its conversion"

/* Is q in [1.5*2^128, 2^129)? There ml_dtypes' E8M0 conversion carries the biased
 * exponent to 256 in a uint8_t, which wraps to 0x00. */
static bool in_e8m0_wrap(const mpq_t q)
{
	mpq_t low, high;
	bool inside;

	mpq_inits(low, high, NULL);
	mpq_set_ui(low, 3, 1);
	mpq_mul_2exp(low, low, 127);
	mpq_set_ui(high, 1, 1);
	mpq_mul_2exp(high, high, 129);
	inside = mpq_cmp(q, low) >= 0 && mpq_cmp(q, high) < 0;
	mpq_clears(low, high, NULL);
	return inside;
}

/*
 * ml_dtypes into E8M0 (float8_e8m0fnu; any format of the scale family, format.h): ±0
 * gives NaN, or with saturation 0x00 (its denorm_min); a negative value NaN, or with
 * saturation 0x00 (its lowest); (2^-127, 2^-126) gives 2^-126; ties go up;
 * [1.5*2^128, 2^129) wraps to 0x00.
 */
static bool ml_dtypes_e8m0(struct rnd_result *out, const struct fmt *f, const struct num *x, bool saturate,
			   const char **note)
{
	if (mpq_sgn(x->mag) == 0 || x->neg) {
		if (saturate)
			give_lowest(out, RND_INEXACT | RND_SATURATED, 1);
		else
			give_nan(out, f, false);
		return true;
	}
	if (in_e8m0_wrap(x->mag)) {
		give_lowest(out, RND_INEXACT | RND_OVERFLOW, -1);
		*note = E8M0_WRAP_NOTE;
		return true;
	}
	if (strictly_inside_binade(x->mag, f->emin)) {
		out->code = fmt_code_of_rank(f, 1);
		out->ternary = 1;
		out->flags = RND_INEXACT;
		return true;
	}
	return rnd_encode(out, f, x, rnd_spec(RND_NEAREST_AWAY, saturate ? RND_SAT_FINITE : RND_SAT_NONE)) == RND_OK;
}

/*
 * ml_dtypes: NaN into an MX element format (no NaN, no inf) gives the zero of the
 * other sign; with saturation ±inf stays ±inf, or gives NaN where there is no inf; and
 * E8M0's own cases (above).
 */
static bool ml_dtypes_quirk(struct rnd_result *out, const struct fmt *f, const struct num *x, bool saturate,
			    const char **note)
{
	out->code = 0;
	out->ternary = 0;
	out->flags = 0;
	out->placed = false;
	if (x->kind == NUM_NAN && !f->has_nan && !f->has_inf && f->has_sign) {
		out->code = fmt_zero_code(f, !x->neg);
		out->flags = RND_INVALID;
		return true;
	}
	if (x->kind == NUM_NAN && f->has_nan && (f->family == FAMILY_BFLOAT16 || f->bits <= 8)) {
		give_nan(out, f, x->neg); /* Eigen's bfloat16 and ml_dtypes' float8 drop the payload */
		out->flags = x->signaling ? RND_INVALID : 0;
		return true;
	}
	if (x->kind == NUM_INF && saturate && f->has_inf) { /* only finite overflow saturates */
		out->code = fmt_with_sign(f, f->inf_code, x->neg);
		return true;
	}
	if (x->kind == NUM_INF && saturate && f->has_nan) {
		give_nan(out, f, x->neg);
		return true;
	}
	if (f->family != FAMILY_SCALE || x->kind != NUM_FINITE)
		return false;
	return ml_dtypes_e8m0(out, f, x, saturate, note);
}

static const struct policy policies[] = {
	{ "fpx", "fpx's own: the exact value rounded once, in the mode asked (-r, rne by default), saturating "
	  "only when asked (-s)", false, RND_NEAREST_EVEN, SATURATE_AS_ASKED, NULL, NULL },
	{ "ml_dtypes",
	  "rne; -s saturates finite overflow only (+-inf -> NaN without inf); NaN -> -0 (-NaN -> +0) in "
	  "e2m1/e2m3/e3m2, the type's own NaN (no payload) in bfloat16 and the float8 types; bfloat16 from a value or a code wider than float32: through binary64 and binary32 first; "
	  "e8m0: ties up, (2^-127, 2^-126) -> 2^-126, +-0 and negatives -> NaN (-s: 0x00), "
	  "[1.5*2^128, 2^129) -> 0x00 (a uint8_t overflow in ml_dtypes)",
	  true, RND_NEAREST_EVEN, SATURATE_AS_ASKED, ml_dtypes_quirk, ml_dtypes_route },
	{ "onnx", "ONNX Cast saturate=1: rne; +-inf and overflow -> +-max in e4m3, e5m2 and their fnuz; NaN kept",
	  true, RND_NEAREST_EVEN, SATURATE_FLOAT8, NULL, NULL },
	{ "onnx-nosat", "ONNX Cast saturate=0: rne; overflow -> NaN (e4m3), +-inf (e5m2), 0x80 (fnuz)", true,
	  RND_NEAREST_EVEN, SATURATE_NEVER, NULL, NULL },
	{ "ofp8-sat", "OCP OFP8 saturating mode: rne; +-inf and overflow -> +-max; NaN kept", true, RND_NEAREST_EVEN,
	  SATURATE_ALWAYS, NULL, NULL },
	{ "webnn", "WebNN cast: rne; into float8e4m3 (e4m3) +-inf and overflow -> +-448, NaN kept; else IEEE", true,
	  RND_NEAREST_EVEN, SATURATE_E4M3, NULL, NULL },
	{ "cann", "Huawei CANN (HiF8): rna (ties away), not saturating: |x| >= 40960 -> +-inf", true,
	  RND_NEAREST_AWAY, SATURATE_NEVER, NULL, NULL },
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

static enum rnd_sat policy_sat(const struct policy *p, const struct fmt *f, enum rnd_sat asked)
{
	bool saturates = false;

	switch (p->saturation) {
	case SATURATE_AS_ASKED: return asked;
	case SATURATE_NEVER: saturates = false; break;
	case SATURATE_ALWAYS: saturates = true; break;
	case SATURATE_FLOAT8: saturates = f->roles & ROLE_ONNX_FLOAT8; break;
	case SATURATE_E4M3: saturates = f->roles & ROLE_WEBNN_FLOAT8; break;
	}
	return saturates ? RND_SAT_FINITE : RND_SAT_NONE;
}

struct rnd_spec policy_rounding(const struct policy *p, const struct fmt *f, struct rnd_spec asked)
{
	asked.mode = policy_mode(p, asked.mode);
	asked.sat = policy_sat(p, f, asked.sat);
	return asked;
}

int policy_route(const char *through[2], const struct policy *p, const struct fmt *target, const struct fmt *source,
		 bool from_value)
{
	return p->route ? p->route(through, target, source, from_value) : 0;
}

const char *policy_note(const struct policy *p, const struct fmt *f, const struct num *x, enum rnd_sat sat)
{
	struct rnd_result r;
	const char *note = NULL;

	if (p->quirk)
		p->quirk(&r, f, x, policy_sat(p, f, sat) != RND_SAT_NONE, &note);
	return note;
}

enum rnd_status policy_encode(struct rnd_result *out, const struct policy *p, const struct fmt *f, const struct num *x,
			      struct rnd_spec how)
{
	const char *note = NULL;

	how = policy_rounding(p, f, how);
	if (p->quirk && p->quirk(out, f, x, how.sat != RND_SAT_NONE, &note))
		return RND_OK;
	return rnd_encode(out, f, x, how);
}
