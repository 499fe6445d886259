/*
 * verifyline.c — a line of fpx verify's input read, and the device's result compared
 * with fpx's (verifyline.h). Never computes a result, never writes.
 */
#include <string.h>

#include "mapfn.h"
#include "verifyline.h"

/* ---- Fields --------------------------------------------------------------------------- */

static const char *skip(const char *p, const char *separators)
{
	return p + strspn(p, separators);
}

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Hex digits at *p, at most as many as f's codes take and no more bits than f has,
 * into *code; *p moves past them. False for none, or too many. */
static bool read_hex_code(fpcode *code, const char **p, const struct fmt *f)
{
	const char *q = *p;
	int digits = 0, d;

	*code = 0;
	for (; (d = hex_digit(*q)) >= 0; q++, digits++) {
		if (digits == fmt_hex_digits(f))
			return false;
		*code = *code << 4 | (fpcode)d;
	}
	*p = q;
	return digits > 0 && *code <= code_mask(f->bits);
}

/* A code of f as the line's form writes it: 0x and hex digits (fpx's), hex digits alone
 * (TestFloat's); the field must end there. */
static bool read_code(fpcode *code, const char **p, const struct fmt *f, bool testfloat, const char *separators)
{
	if (!testfloat) {
		if ((*p)[0] != '0' || ((*p)[1] != 'x' && (*p)[1] != 'X'))
			return false;
		*p += 2;
	}
	return read_hex_code(code, p, f) && (!**p || strchr(separators, **p));
}

/* fpx's flags: names apart by '|' (rnd_flag_name()'s), or - for none. */
static bool read_fpx_flags(unsigned *flags, const char **p)
{
	*flags = 0;
	if (**p == '-') {
		++*p;
		return true;
	}
	for (;;) {
		size_t len = strcspn(*p, "| \t,");
		unsigned bit = 0;
		for (unsigned b = 1; b < 1u << RND_FLAG_COUNT && !bit; b <<= 1)
			if (strlen(rnd_flag_name(b)) == len && strncmp(rnd_flag_name(b), *p, len) == 0)
				bit = b;
		if (!bit)
			return false;
		*flags |= bit;
		*p += len;
		if (**p != '|')
			return true;
		++*p;
	}
}

/* TestFloat's flags byte, below 0x20 (verLoops.c refuses more), as rnd_flag bits. */
static bool read_testfloat_flags(unsigned *flags, const char **p)
{
	int hi = hex_digit((*p)[0]), lo = hi < 0 ? -1 : hex_digit((*p)[1]);
	unsigned byte = (unsigned)(hi * 16 + lo);

	if (lo < 0 || byte >= 0x20 || hex_digit((*p)[2]) >= 0)
		return false;
	*flags = 0;
	for (unsigned b = 1; b < 1u << RND_FLAG_COUNT; b <<= 1)
		if (map_testfloat_flags(b) & byte)
			*flags |= b;
	*p += 2;
	return true;
}

/* ---- A line ----------------------------------------------------------------------------- */

bool verify_result_is_boolean(const struct mapping *m)
{
	return m->right || mapfn_is_boolean(m->fn);
}

/* The result: a code of the result's format, or TestFloat's 0 or 1 for a boolean. */
static bool read_result(struct verify_line *l, const char **p, const struct mapping *m, const char *separators)
{
	if (!(l->testfloat && verify_result_is_boolean(m)))
		return read_code(&l->result, p, m->to, l->testfloat, separators);
	if ((**p != '0' && **p != '1') || ((*p)[1] && !strchr(separators, (*p)[1])))
		return false;
	l->result = (fpcode)(*(*p)++ - '0');
	return true;
}

bool verify_read_line(struct verify_line *l, const struct mapping *m, const char *text, bool only_testfloat)
{
	const char *p = skip(text, " \t");
	const char *separators;

	l->testfloat = !(p[0] == '0' && (p[1] == 'x' || p[1] == 'X'));
	if (only_testfloat && !l->testfloat)
		return false;
	separators = l->testfloat ? " \t" : " \t,";
	for (int v = 0; v < MAP_AXES; v++) {
		l->operand[v] = 0;
		if (v < MAP_VARIABLES && m->used & 1u << v) {
			if (!read_code(&l->operand[v], &p, m->in[v], l->testfloat, separators))
				return false;
			p = skip(p, separators);
		}
	}
	if (!read_result(l, &p, m, separators))
		return false;
	p = skip(p, separators);
	l->has_flags = *p != '\0';
	l->flags = 0;
	if (l->has_flags && !(l->testfloat ? read_testfloat_flags(&l->flags, &p) : read_fpx_flags(&l->flags, &p)))
		return false;
	return *skip(p, separators) == '\0';
}

/* ---- Comparing ---------------------------------------------------------------------------- */

fpcode verify_expected(const struct verify_line *l, const struct mapping *m)
{
	const struct outcome *o = &m->outcome;

	if (l->testfloat && verify_result_is_boolean(m))
		return mpq_sgn(o->value.mag) != 0;
	return o->res.code;
}

/*
 * TestFloat without -checkInvInts (tf:source/test_a_f32_z_i32_rx.c and the like): when
 * both flag invalid alone, a conversion into an integer may give any architecture's
 * invalid result, the largest or smallest integer, or 0 (a signed one only for a NaN).
 */
static bool any_invalid_integer(const struct verify_line *l, const struct mapping *m)
{
	const struct fmt *to = m->to;
	fpcode top = (fpcode)1 << (to->bits - 1);
	bool nan = m->values[m->expr->var].kind == NUM_NAN;

	if (!m->testfloat_int || !l->has_flags || l->flags != RND_INVALID ||
	    (m->outcome.res.flags & VERIFY_FLAGS) != RND_INVALID)
		return false;
	if (to->has_sign)
		return l->result == top || l->result == top - 1 || (nan && l->result == 0);
	return l->result == code_mask(to->bits) || l->result == 0;
}

struct verify_match verify_compare(const struct verify_line *l, const struct mapping *m)
{
	const struct map_settings *checks = &m->s->map;
	fpcode expected = verify_expected(l, m);
	bool boolean = l->testfloat && verify_result_is_boolean(m);
	struct verify_match match = { .result = expected == l->result, .flags = true };

	if (!match.result && !boolean && !checks->check_nans) /* TestFloat without -checkNaNs */
		match.result = fmt_is_nan(m->to, expected) && fmt_is_nan(m->to, l->result) && !fmt_nan_is_signaling(m->to, l->result);
	if (!match.result && !checks->check_inv_ints)
		match.result = any_invalid_integer(l, m);
	if (l->has_flags)
		match.flags = (m->outcome.res.flags & VERIFY_FLAGS) == (l->flags & VERIFY_FLAGS);
	return match;
}
