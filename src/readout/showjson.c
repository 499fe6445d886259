/*
 * showjson.c — the readout and the format's limits as one JSON object: the same things
 * the human readout says, every number a decimal string (exact, or ~ and 25 digits:
 * dec_marked()), null where there is nothing to say.
 */
#include "show.h"

#include <stdlib.h>
#include <string.h>

#include "render.h"

static void json_fields(struct strbuf *out, const struct readout *r)
{
	struct fmt_field fields[FMT_MAX_FIELDS];
	int n = fmt_fields(fields, r->f, r->code);
	char bits[CODE_MAX_BITS + 3];
	mpz_t value;

	mpz_init(value);
	render_json_key(out, "fields");
	sb_putc(out, '[');
	for (int i = 0; i < n; i++) {
		char *text;
		sb_puts(out, i ? ",{" : "{");
		render_json_text(out, "name", fields[i].name);
		code_to_bin(bits, fields[i].bits, fields[i].width);
		render_json_text(out, "bits", bits + 2);
		code_to_mpz(value, fields[i].bits);
		text = mpz_get_str(NULL, 10, value);
		render_json_text(out, "value", text);
		free(text);
		sb_putc(out, '}');
	}
	sb_putc(out, ']');
	mpz_clear(value);
}

/* A NaN of a format whose NaNs have payloads: "nan":{"signaling":false,"payload":"0x1"}. */
static void json_nan(struct strbuf *out, const struct readout *r)
{
	char hex[CODE_MAX_BITS / 4 + 3];
	fpcode payload;

	if (r->value.cls != FP_NAN || !fmt_nan_payload(r->f, r->code, &payload))
		return;
	code_to_hex_minimal(hex, payload);
	render_json_key(out, "nan");
	sb_putc(out, '{');
	render_json_bool(out, "signaling", fmt_nan_is_signaling(r->f, r->code));
	render_json_text(out, "payload", hex);
	sb_putc(out, '}');
}

static void json_neighbour(struct strbuf *out, const char *key, const struct fmt *f, const struct neighbour *nb)
{
	render_json_key(out, key);
	if (!nb->exists) {
		sb_puts(out, "null");
		return;
	}
	sb_putc(out, '{');
	render_json_code(out, "hex", f, nb->code);
	render_json_text(out, "exact", nb->exact.s);
	render_json_text(out, "gap", nb->gap.s);
	sb_putc(out, '}');
}

static void json_error(struct strbuf *out, const struct readout *r)
{
	render_json_key(out, "error");
	if (!r->has_error) {
		sb_puts(out, "null");
		return;
	}
	sb_putc(out, '{');
	render_json_text(out, "exact", r->error.s);
	render_json_text(out, "ulps", r->ulps.s);
	render_json_text(out, "rel", r->relative.len ? r->relative.s : NULL);
	render_json_text(out, "relative", r->relative.len ? r->relative.s : NULL); /* the old name, until 0.3 */
	render_json_text(out, "exact_ratio", r->error_ratio.len ? r->error_ratio.s : NULL);
	render_json_text(out, "ulps_ratio", r->ulps_ratio.len ? r->ulps_ratio.s : NULL);
	render_json_text(out, "rel_ratio", r->relative_ratio.len ? r->relative_ratio.s : NULL);
	sb_putc(out, '}');
}

static void json_flags(struct strbuf *out, unsigned flags)
{
	render_json_key(out, "flags");
	sb_putc(out, '[');
	for (unsigned bit = 1; bit < 1u << RND_FLAG_COUNT; bit <<= 1)
		if (flags & bit) {
			if (out->s[out->len - 1] != '[')
				sb_putc(out, ',');
			render_json_string(out, rnd_flag_name(bit));
		}
	sb_putc(out, ']');
}

/* A stochastic mode's draw (show.c's put_draw()), or null where no draw decides. */
static void json_draw(struct strbuf *out, const struct readout *r)
{
	render_json_key(out, "draw");
	if (!r->drawn) {
		sb_puts(out, "null");
		return;
	}
	sb_putc(out, '{');
	render_json_text(out, "threshold", r->draw_threshold.s);
	render_json_text(out, "nu", r->draw_nu.s);
	render_json_text(out, "nu_decimal", r->draw_nu_decimal.s);
	render_json_text(out, "lower_draws", r->draw_stay.s);
	render_json_text(out, "lower_probability", r->draw_p_stay.s);
	render_json_text(out, "upper_draws", r->draw_away.s);
	render_json_text(out, "upper_probability", r->draw_p_away.s);
	sb_putc(out, '}');
}

/* How it was rounded: the mode, the saturation, a stochastic mode's bits, draw and its
 * counts. */
static void json_rounding(struct strbuf *out, const struct readout *r)
{
	render_json_text(out, "mode", rnd_mode_name(r->how.mode));
	render_json_bool(out, "saturate", r->how.sat != RND_SAT_NONE);
	render_json_text(out, "saturation", rnd_sat_name(r->how.sat));
	if (rnd_mode_is_stochastic(r->how.mode)) {
		render_json_long(out, "sr_bits", r->how.sr_bits);
		render_json_key(out, "sr_random");
		sb_printf(out, "%llu", (unsigned long long)r->how.sr_random);
		json_draw(out, r);
	}
}

static void json_limits(struct strbuf *out, const struct fmt *f, struct rnd_spec how)
{
	struct limits l;

	readout_limits_of(&l, f, how);
	render_json_key(out, "limits");
	sb_putc(out, '{');
	render_json_text(out, "max", l.max.s);
	render_json_text(out, "min_normal", l.min_normal.s);
	render_json_text(out, "min_subnormal", l.min_subnormal.len ? l.min_subnormal.s : NULL);
	render_json_long(out, "precision_bits", l.precision);
	render_json_long(out, "digits10", l.digits10);
	render_json_long(out, "max_digits10", l.max_digits10);
	render_json_long(out, "emin", l.emin);
	render_json_long(out, "emax", l.emax);
	render_json_text(out, "overflow_threshold", l.overflow_threshold.s);
	render_json_bool(out, "overflow_threshold_inclusive", l.threshold_inclusive);
	render_json_text(out, "overflow_gives", l.never_overflows && !f->wraps ? "max" : show_overflow_gives(f, how));
	if (l.asymmetric) {
		render_json_text(out, "lowest", l.lowest.s);
		render_json_text(out, "overflow_threshold_negative", l.overflow_threshold_neg.s);
		render_json_bool(out, "overflow_threshold_negative_inclusive", l.threshold_neg_inclusive);
	}
	sb_putc(out, '}');
	readout_limits_clear(&l);
}

/* Everything after the start of the object, so that it can be embedded. */
static void json_readout_body(struct strbuf *out, const struct readout *r)
{
	bool number = r->value.cls != FP_NAN && r->value.cls != FP_INF;

	render_json_text(out, "format", r->f->name);
	render_json_text(out, "input", r->input);
	render_json_text(out, "input_exact", r->typed && r->input_exact.len ? r->input_exact.s : NULL);
	render_json_text(out, "input_ratio", r->typed && r->input_ratio.len ? r->input_ratio.s : NULL);
	if (r->approximate) /* a real's: input_exact and the error are ~ and digits, with no ratio */
		render_json_bool(out, "approximate", true);
	render_json_code(out, "hex", r->f, r->code);
	{
		char bin[CODE_MAX_BITS + 3];
		code_to_bin(bin, r->code, r->f->bits);
		render_json_text(out, "bin", bin);
	}
	render_json_text(out, "class", r->value.noncanonical ? r->value.noncanonical : render_class_name(r->value.cls));
	json_nan(out, r);
	render_json_text(out, "sign", r->value.neg ? "-" : "+");
	json_fields(out, r);
	render_json_text(out, "exact", r->exact.s);
	render_json_text(out, "shortest", r->shortest.s);
	render_json_text(out, "digits", r->digits.s);
	render_json_text(out, "hexfloat", r->hexfloat.s);
	render_json_text(out, "formula", number ? r->formula.s : NULL);
	json_neighbour(out, "below", r->f, &r->below);
	json_neighbour(out, "above", r->f, &r->above);
	json_neighbour(out, "next_below", r->f, &r->below); /* the old names, until 0.3 */
	json_neighbour(out, "next_above", r->f, &r->above);
	json_error(out, r);
	render_json_bool(out, "tie", r->rounding.flags & RND_TIE);
	render_json_bool(out, "overflow", r->rounding.flags & RND_OVERFLOW);
	render_json_key(out, "saturating");
	if (r->other_differs) {
		sb_putc(out, '{');
		render_json_code(out, "hex", r->f, r->other_code);
		render_json_text(out, "exact", r->other_exact.s);
		sb_putc(out, '}');
	} else
		sb_puts(out, "null");
	render_json_key(out, "double_rounding");
	if (r->route_differs) {
		sb_putc(out, '{');
		render_json_text(out, "via", r->route_via);
		render_json_bool(out, "this_went_through", r->route_is_once);
		render_json_code(out, r->route_is_once ? "once" : "through", r->f, r->route_code);
		sb_putc(out, '}');
	} else
		sb_puts(out, "null");
	json_flags(out, r->rounding.flags);
	json_rounding(out, r);
	render_json_text(out, "policy", r->policy ? r->policy : "fpx");
	render_json_text(out, "quirk", r->policy_note);
	json_limits(out, r->f, r->how);
}

void show_readout_json(struct strbuf *out, const struct readout *r)
{
	struct strbuf body;

	sb_init(&body);
	sb_putc(&body, '{');
	json_readout_body(&body, r);
	sb_puts(&body, "}\n");
	sb_add(out, body.s, body.len);
	sb_free(&body);
}

/* "key":["word",...] from a space-separated list. */
void show_info_json(struct strbuf *out, const struct fmt *f, struct rnd_spec how)
{
	struct strbuf body;

	sb_init(&body);
	sb_putc(&body, '{');
	render_json_text(&body, "format", f->name);
	render_json_key(&body, "aliases");
	render_json_words(&body, f->aliases);
	render_json_text(&body, "description", f->description);
	render_json_text(&body, "note", f->note[0] ? f->note : NULL);
	render_json_long(&body, "bits", f->bits);
	json_limits(&body, f, how);
	sb_puts(&body, "}\n");
	sb_add(out, body.s, body.len);
	sb_free(&body);
}
