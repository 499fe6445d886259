/*
 * fmtfile.c — reading format descriptions (formats/NAME.fmt and -F files), and
 * describing IEEE-like formats from names such as e5m10. The registry (registry.c)
 * keeps what this makes.
 *
 * A description is a list of `key value` lines; `name` starts a new format. An error
 * names the file, the line at fault and its key (fmt_finish()'s messages about one
 * line begin with that line's key, which is how a finished format's fault finds it).
 */
#include "fmtfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The keys of a description line; keys[] below is the one list of them. */
enum key_id {
	KEY_NAME, KEY_ALIASES, KEY_DESCRIPTION, KEY_ROLES, KEY_KIND, KEY_SIGN, KEY_EXPONENT, KEY_FRACTION,
	KEY_BIAS, KEY_SPECIALS, KEY_BITS, KEY_ES, KEY_CLASS, KEY_SPECIAL, KEY_COUNT
};

struct reader {
	const char *file;
	int line;
	char *err;
	size_t errlen;
	int key_line[KEY_COUNT]; /* where the format being read last gave each key; 0: not yet */
};

/* Writes FILE:LINE: message into the reader's err; false, to return. */
__attribute__((format(printf, 3, 4))) static bool fail(struct reader *r, int line, const char *message, ...)
{
	int n = snprintf(r->err, r->errlen, "%s:%d: ", r->file, line);
	va_list ap;

	if (n >= 0 && (size_t)n < r->errlen) {
		va_start(ap, message);
		vsnprintf(r->err + n, r->errlen - (size_t)n, message, ap);
		va_end(ap);
	}
	return false;
}

static bool parse_int(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 0);
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool parse_code(const char *s, fpcode *out)
{
	fpcode c = 0;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
		return false;
	for (s += 2; *s; s++) {
		int d = isdigit((unsigned char)*s) ? *s - '0' : tolower((unsigned char)*s) - 'a' + 10;
		if (!isxdigit((unsigned char)*s) || (c >> 124))
			return false;
		c = c << 4 | (fpcode)d;
	}
	*out = c;
	return true;
}

static const char *const specials_names[] = {
	[SPECIALS_IEEE] = "ieee", [SPECIALS_FN] = "fn", [SPECIALS_FNUZ] = "fnuz",
	[SPECIALS_FINITE] = "finite", [SPECIALS_E8M0] = "e8m0",
};

static int lookup_word(const char *const *words, int n, const char *w)
{
	for (int i = 0; i < n; i++)
		if (words[i] && strcmp(words[i], w) == 0)
			return i;
	return -1;
}

/* ---- One line of a description, by its key ------------------------------------------ */

struct key;
typedef bool key_apply(struct reader *r, struct fmt *f, const struct key *k, char *val);

struct key {
	const char *name;
	key_apply *apply;
	size_t field; /* an integer key's field: offsetof(struct fmt, …) */
};

/* `exponent 4`: an integer of at most 2^20 into the key's field (the kind's finish()
 * checks the range that matters). */
static bool apply_integer(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	long v;

	if (!parse_int(val, -(1L << 20), 1L << 20, &v))
		return fail(r, r->line, "%s needs an integer (at most 2^20 in size), not '%.40s'", k->name, val);
	*(int *)((char *)f + k->field) = (int)v;
	return true;
}

static bool apply_es(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	if (f->kind != &fmt_kind_posit)
		return fail(r, r->line, "es is a posit's: `kind posit` comes first");
	return apply_integer(r, f, k, val);
}

static bool append_text(char *dst, const char *text)
{
	size_t have = strlen(dst), add = strlen(text);

	if (have + add + 2 > FMT_TEXT_MAX)
		return false;
	if (have)
		dst[have++] = ' ';
	memcpy(dst + have, text, add + 1);
	return true;
}

static bool apply_aliases(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	(void)k;
	return append_text(f->aliases, val) ||
	       fail(r, r->line, "aliases: more than %d characters of them", FMT_TEXT_MAX - 1);
}

static bool apply_description(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	(void)k;
	f->description[0] = '\0';
	return append_text(f->description, val) ||
	       fail(r, r->line, "description: more than %d characters", FMT_TEXT_MAX - 1);
}

/* `roles mx-element onnx-float8 ...`: what the format stands for in other stacks. */
static bool apply_roles(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	static const char *const names[] = FMT_ROLE_NAMES;
	char *save;

	(void)k;
	for (char *w = strtok_r(val, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		int role = lookup_word(names, FMT_ROLE_COUNT, w);
		if (role < 0)
			return fail(r, r->line, "roles are mx-element, onnx-float8, webnn-float8, not '%.40s'", w);
		f->roles |= 1u << role;
	}
	return true;
}

static bool apply_sign(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	(void)k;
	if (strcmp(val, "yes") && strcmp(val, "no"))
		return fail(r, r->line, "sign is yes or no, not '%.40s'", val);
	f->has_sign = strcmp(val, "yes") == 0;
	return true;
}

static bool apply_specials(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	int specials = lookup_word(specials_names, 5, val);

	(void)k;
	if (specials < 0)
		return fail(r, r->line, "specials is one of ieee, fn, fnuz, finite, e8m0, not '%.40s'", val);
	f->specials = (enum fmt_specials)specials;
	return true;
}

static bool apply_kind(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	static const struct fmt_kind *const named_kinds[] = { &fmt_kind_posit, &fmt_kind_x87, &fmt_kind_fixed };

	(void)k;
	for (size_t i = 0; i < sizeof named_kinds / sizeof named_kinds[0]; i++)
		if (strcmp(val, named_kinds[i]->name) == 0) {
			f->kind = named_kinds[i];
			return true;
		}
	return fail(r, r->line, "kind is posit, x87 or fixed, not '%.40s' (IEEE-like and tapered formats are told "
		    "by their other lines)", val);
}

/* One `key=value` of a class line. */
static bool class_setting(struct fmt_class *c, const char *key, const char *val)
{
	long v;

	if (strcmp(key, "prefix") == 0) {
		size_t n = strspn(val, "01");
		if (n != strlen(val) || n > 16)
			return false;
		c->prefix = n ? (unsigned)strtoul(val, NULL, 2) : 0;
		c->prefix_len = (int)n;
		return true;
	}
	if (strcmp(key, "encoding") == 0) {
		if (strcmp(val, "sign-magnitude") == 0)
			c->encoding = EXP_SIGN_MAGNITUDE;
		else if (strcmp(val, "offset") == 0)
			c->encoding = EXP_OFFSET;
		else
			return false;
		return true;
	}
	if (strcmp(key, "class") == 0) {
		c->cls = strcmp(val, "normal") == 0 ? FP_NORMAL : FP_SUBNORMAL;
		return strcmp(val, "normal") == 0 || strcmp(val, "subnormal") == 0;
	}
	if (!parse_int(val, -100000, 100000, &v))
		return false;
	if (strcmp(key, "exponent") == 0 && v >= 0 && v <= 16)
		c->exp_bits = (int)v;
	else if (strcmp(key, "mantissa") == 0 && v >= 0 && v <= 16)
		c->mant_bits = (int)v;
	else if (strcmp(key, "offset") == 0)
		c->exp_offset = (int)v;
	else
		return false;
	return true;
}

#define CLASS_SETTINGS "prefix=BITS exponent=0..16 encoding=sign-magnitude|offset [offset=N] mantissa=0..16 " \
		       "class=normal|subnormal"

/* class prefix=11 exponent=4 encoding=sign-magnitude mantissa=1 class=normal */
static bool apply_class(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	struct fmt_class c = { .encoding = EXP_SIGN_MAGNITUDE, .cls = FP_NORMAL };
	bool has_prefix = false;
	char *save;

	(void)k;
	f->kind = &fmt_kind_tapered;
	if (f->nclasses == FMT_MAX_CLASSES)
		return fail(r, r->line, "class: more than %d class lines", FMT_MAX_CLASSES);
	for (char *tok = strtok_r(val, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '=');
		if (!eq || (*eq = '\0', !class_setting(&c, tok, eq + 1))) {
			if (eq)
				*eq = '=';
			return fail(r, r->line, "class: bad setting '%.40s' (" CLASS_SETTINGS ")", tok);
		}
		has_prefix |= strcmp(tok, "prefix") == 0;
	}
	if (!has_prefix)
		return fail(r, r->line, "class: no prefix=BITS (" CLASS_SETTINGS ")");
	f->classes[f->nclasses++] = c;
	return true;
}

/* special 0x6f inf */
static bool apply_special(struct reader *r, struct fmt *f, const struct key *k, char *val)
{
	static const char *const classes[] = {
		[FP_ZERO] = "zero", [FP_SUBNORMAL] = NULL, [FP_NORMAL] = NULL,
		[FP_INF] = "inf", [FP_NAN] = "nan",
	};
	char code[64], cls[16], extra;
	int c;

	(void)k;
	if (f->nspecials == FMT_MAX_SPECIALS)
		return fail(r, r->line, "special: more than %d special lines", FMT_MAX_SPECIALS);
	if (sscanf(val, "%63s %15s %c", code, cls, &extra) != 2 || (c = lookup_word(classes, 5, cls)) < 0 ||
	    !parse_code(code, &f->special[f->nspecials].code))
		return fail(r, r->line, "special needs CODE zero|inf|nan (CODE in hexadecimal, 0x...), not '%.40s'", val);
	f->special[f->nspecials++].cls = (enum fp_class)c;
	return true;
}

/* Every key, in the order the man page gives them; `name` is parse_text()'s own. */
static const struct key keys[KEY_COUNT] = {
	[KEY_NAME] = { "name", NULL, 0 },
	[KEY_ALIASES] = { "aliases", apply_aliases, 0 },
	[KEY_DESCRIPTION] = { "description", apply_description, 0 },
	[KEY_ROLES] = { "roles", apply_roles, 0 },
	[KEY_KIND] = { "kind", apply_kind, 0 },
	[KEY_SIGN] = { "sign", apply_sign, 0 },
	[KEY_EXPONENT] = { "exponent", apply_integer, offsetof(struct fmt, exp_bits) },
	[KEY_FRACTION] = { "fraction", apply_integer, offsetof(struct fmt, frac_bits) },
	[KEY_BIAS] = { "bias", apply_integer, offsetof(struct fmt, bias) },
	[KEY_SPECIALS] = { "specials", apply_specials, 0 },
	[KEY_BITS] = { "bits", apply_integer, offsetof(struct fmt, bits) },
	[KEY_ES] = { "es", apply_es, offsetof(struct fmt, es) },
	[KEY_CLASS] = { "class", apply_class, 0 },
	[KEY_SPECIAL] = { "special", apply_special, 0 },
};

/* The key named by the first n bytes of word, or KEY_COUNT. */
static enum key_id key_named(const char *word, size_t n)
{
	for (int k = 0; k < KEY_COUNT; k++)
		if (strlen(keys[k].name) == n && strncmp(keys[k].name, word, n) == 0)
			return (enum key_id)k;
	return KEY_COUNT;
}

static bool unknown_key(struct reader *r, const char *key)
{
	char names[160] = "";

	for (int k = 0; k < KEY_COUNT; k++)
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", keys[k].name);
	return fail(r, r->line, "unknown key '%.40s' (the keys are %s)", key, names);
}

/* Applies one `key value` line to f: false after reporting why not. */
static bool apply_line(struct reader *r, struct fmt *f, const char *key, char *val)
{
	enum key_id k = key_named(key, strlen(key));

	if (k == KEY_COUNT)
		return unknown_key(r, key);
	if (!*val)
		return fail(r, r->line, "%s needs a value", key);
	if (!keys[k].apply(r, f, &keys[k], val))
		return false;
	r->key_line[k] = r->line;
	return true;
}

/* ---- A whole format ------------------------------------------------------------------ */

static struct fmt *new_format(const char *name)
{
	struct fmt *f = calloc(1, sizeof *f);

	if (!f)
		abort();
	f->has_sign = true;
	f->kind = &fmt_kind_float; /* until a class line says tapered */
	f->bias = INT32_MIN; /* not given yet */
	snprintf(f->name, sizeof f->name, "%s", name);
	return f;
}

static const char *finish(struct fmt *f)
{
	if (f->bias == INT32_MIN) { /* the default, for a width fmt_finish() will accept */
		int half = f->exp_bits >= 1 && f->exp_bits <= FMT_MAX_EXP_BITS ? 1 << (f->exp_bits - 1) : 0;
		f->bias = f->specials == SPECIALS_FNUZ ? half : half - 1;
	}
	return fmt_finish(f);
}

/* The line a finished format's fault is at: the line of the key its message begins
 * with, when the format gave that key; else its name line. */
static int line_at_fault(const struct reader *r, const char *why)
{
	enum key_id k = key_named(why, strcspn(why, " "));

	return k != KEY_COUNT && r->key_line[k] ? r->key_line[k] : r->key_line[KEY_NAME];
}

/* Finishes the format read since its name line: false, after reporting where, when it
 * is not one, or when its `bits` line contradicts its fields. */
static bool finish_read(struct reader *r, struct fmt *f)
{
	int given_bits = f->bits;
	const char *why = finish(f);

	if (why)
		return fail(r, line_at_fault(r, why), "%s", why);
	if (f->kind == &fmt_kind_float && r->key_line[KEY_BITS] && given_bits != f->bits)
		return fail(r, r->key_line[KEY_BITS], "bits %d contradicts sign + exponent + fraction = %d", given_bits,
			    f->bits);
	return true;
}

/* `name NAME`: finishes the format before it, if any, and starts another in *f. */
static bool start_format(struct reader *r, struct fmt **f, const char *val, fmtfile_keep *keep, void *arg)
{
	if (*f && !finish_read(r, *f))
		return false;
	if (*f)
		keep(*f, arg);
	*f = NULL;
	if (!*val || strlen(val) >= FMT_NAME_MAX || strpbrk(val, " \t"))
		return fail(r, r->line, "name needs one word of at most %d characters, not '%.40s'", FMT_NAME_MAX - 1,
			    val);
	*f = new_format(val);
	memset(r->key_line, 0, sizeof r->key_line);
	r->key_line[KEY_NAME] = r->line;
	return true;
}

/*
 * Parses text into formats, calling keep() for each finished one; stops at the first
 * error. Lines: `# comment`, blank, or `key value`.
 */
static bool parse_text(struct reader *r, const char *text, fmtfile_keep *keep, void *arg)
{
	struct fmt *f = NULL;
	char *save;

	for (r->line = 1; *text; r->line++) {
		size_t len = strcspn(text, "\n");
		char buf[512], *key, *val;

		if (len >= sizeof buf)
			return fmt_free(f), fail(r, r->line, "a line of more than %zu characters", sizeof buf - 1);
		memcpy(buf, text, len);
		buf[len] = '\0';
		text += len + (text[len] == '\n');
		for (char *c = buf; *c; c++)
			if (*c == '#' || *c == '\r')
				*c = '\0';
		key = strtok_r(buf, " \t", &save);
		if (!key)
			continue;
		val = strtok_r(NULL, "", &save);
		val = val ? val + strspn(val, " \t") : (char *)"";
		for (size_t n = strlen(val); n && (val[n - 1] == ' ' || val[n - 1] == '\t');)
			val[--n] = '\0';
		if (strcmp(key, "name") == 0) {
			if (!start_format(r, &f, val, keep, arg))
				return fmt_free(f), false;
			continue;
		}
		if (!f)
			return fail(r, r->line, "the first line must be `name NAME`, not `%.40s ...`", key);
		if (!apply_line(r, f, key, val))
			return fmt_free(f), false;
	}
	if (!f)
		return fail(r, 1, "no format in the file");
	if (!finish_read(r, f))
		return fmt_free(f), false;
	keep(f, arg);
	return true;
}

bool fmtfile_parse(const char *origin, const char *text, fmtfile_keep *keep, void *arg, char *err, size_t errlen)
{
	struct reader r = { origin, 0, err, errlen, { 0 } };

	return parse_text(&r, text, keep, arg);
}

/* posit12, posit16es1: the bits, then es (2, the standard's, unless given). */
static struct fmt *posit_from_name(const char *lower)
{
	int bits, es = 2, used = 0;
	const char *rest;
	struct fmt *f;

	if (sscanf(lower, "posit%2d%n", &bits, &used) != 1 || !isdigit((unsigned char)lower[5]))
		return NULL;
	rest = lower + used;
	if (*rest && (sscanf(rest, "es%2d%n", &es, &used) != 1 || !isdigit((unsigned char)rest[2]) || rest[used]))
		return NULL;
	f = new_format(lower);
	f->kind = &fmt_kind_posit;
	f->bits = bits;
	f->es = es;
	snprintf(f->description, sizeof f->description, "posit<%d,%d> built from its name", bits, es);
	if (finish(f))
		return fmt_free(f), NULL;
	return f;
}

/* A name's number: 1 to 3 digits, no sign, no leading zero but 0 itself; false otherwise. */
static bool name_number(const char **text, int *out)
{
	const char *p = *text;
	int n = 0, digits = 0;

	while (isdigit((unsigned char)p[digits]) && digits < 3)
		n = n * 10 + (p[digits++] - '0');
	if (!digits || isdigit((unsigned char)p[digits]) || (p[0] == '0' && digits > 1))
		return false;
	*out = n;
	*text = p + digits;
	return true;
}

/*
 * int8, uint16, q1.15, uq8.8: integers and fixed point (kind_fixed.c). qM.N has M
 * integer bits, the sign's among them (ARM's Q notation: q1.15 is 16 bits), and N
 * fraction bits; uqM.N is unsigned.
 */
static struct fmt *fixed_from_name(const char *lower)
{
	bool is_unsigned = lower[0] == 'u';
	const char *p = lower + is_unsigned;
	int whole, fraction = 0;
	struct fmt *f;

	if (strncmp(p, "int", 3) == 0) {
		p += 3;
		if (!name_number(&p, &whole) || *p)
			return NULL;
	} else if (*p == 'q') {
		p++;
		if (!name_number(&p, &whole) || *p++ != '.' || !name_number(&p, &fraction) || *p)
			return NULL;
	} else
		return NULL;
	f = new_format(lower);
	f->kind = &fmt_kind_fixed;
	f->has_sign = !is_unsigned;
	f->bits = whole + fraction;
	f->frac_bits = fraction;
	if (fraction)
		snprintf(f->description, sizeof f->description, "%s fixed point: %d integer bit%s%s, %d fraction bit%s",
			 is_unsigned ? "unsigned" : "two's complement", whole, whole == 1 ? "" : "s",
			 is_unsigned ? "" : " (the sign's included)", fraction, fraction == 1 ? "" : "s");
	else
		snprintf(f->description, sizeof f->description, "%s %d-bit integer",
			 is_unsigned ? "unsigned" : "two's complement", whole);
	if (finish(f))
		return fmt_free(f), NULL;
	return f;
}

struct fmt *fmtfile_from_name(const char *name)
{
	char lower[FMT_NAME_MAX], suffix[8] = "";
	int e, m, bias = -1, used = 0;
	const char *rest;
	struct fmt *f;

	if (strlen(name) >= sizeof lower)
		return NULL;
	for (size_t i = 0; (lower[i] = (char)tolower((unsigned char)name[i])); i++)
		;
	if (strncmp(lower, "posit", 5) == 0)
		return posit_from_name(lower);
	if (strchr("iuq", lower[0]))
		return fixed_from_name(lower);
	if (sscanf(lower, "e%2dm%3d%n", &e, &m, &used) != 2 || !isdigit((unsigned char)lower[1]))
		return NULL;
	rest = lower + used;
	if (rest[0] == 'b' && sscanf(rest, "b%6d%n", &bias, &used) == 1 && isdigit((unsigned char)rest[1]))
		rest += used;
	if (strlen(rest) >= sizeof suffix || (*rest && strcmp(rest, "fn") && strcmp(rest, "fnuz")))
		return NULL;
	strcpy(suffix, rest);
	if (e < 2 || e > FMT_MAX_EXP_BITS || m < 0 || m > FMT_MAX_FRAC_BITS || (bias != -1 && bias > (1 << e) - 1))
		return NULL;
	f = new_format(lower);
	f->exp_bits = e;
	f->frac_bits = m;
	f->specials = !*suffix ? SPECIALS_IEEE : strcmp(suffix, "fn") == 0 ? SPECIALS_FN : SPECIALS_FNUZ;
	if (bias >= 0)
		f->bias = bias;
	snprintf(f->description, sizeof f->description, "IEEE-like %d-bit format built from its name",
		 1 + e + m);
	if (finish(f))
		return fmt_free(f), NULL;
	return f;
}

#define FORMAT_FILE_MAX (1 << 20)

/* The whole stream, NUL-terminated, in a buffer that grows as it fills (a format file
 * is a few hundred bytes); NULL past FORMAT_FILE_MAX bytes or on a read error. */
static char *read_stream(FILE *fp, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *text = malloc(cap);

	if (!text)
		abort();
	for (;;) {
		n += fread(text + n, 1, cap - n - 1, fp);
		if (ferror(fp) || n > FORMAT_FILE_MAX) {
			free(text);
			return NULL;
		}
		if (n < cap - 1)
			break;
		cap *= 2;
		if (!(text = realloc(text, cap)))
			abort();
	}
	text[n] = '\0';
	*len = n;
	return text;
}

/* As a stream, never trusting its size: a regular file, a FIFO or a process
 * substitution alike. */
char *fmtfile_read(const char *path, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "r");
	struct stat st;
	char *text;
	size_t n;

	if (!fp)
		return snprintf(err, errlen, "%s: %s", path, strerror(errno)), NULL;
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(fp);
		return snprintf(err, errlen, "%s: is a directory, not a format file", path), NULL;
	}
	if (!(text = read_stream(fp, &n))) {
		if (ferror(fp))
			snprintf(err, errlen, "%s: cannot read it: %s", path, strerror(errno));
		else
			snprintf(err, errlen, "%s: not a format file (over 1 MiB)", path);
		fclose(fp);
		return NULL;
	}
	if (memchr(text, '\0', n)) {
		snprintf(err, errlen, "%s: not a format file (a NUL byte in it)", path);
		free(text);
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	return text;
}

/* The widest codes fpx holds (code.h's CODE_MAX_BITS) bound every grammar. */
const char *fmtfile_past_limits(const char *name)
{
	char lower[FMT_NAME_MAX];
	int a, b, used = 0;

	if (strlen(name) >= sizeof lower)
		return NULL;
	for (size_t i = 0; (lower[i] = (char)tolower((unsigned char)name[i])); i++)
		;
#if CODE_MAX_BITS < 256
	if (strcmp(lower, "binary256") == 0 || strcmp(lower, "octuple") == 0)
		return "binary256 needs 256-bit codes, and this fpx holds 128 (binary128 is the widest IEEE format here; "
		       "make CC=clang-16 CODE_BITS=256 builds one with them)";
#endif
	if (sscanf(lower, "e%9dm%9d%n", &a, &b, &used) == 2 && isdigit((unsigned char)lower[1]))
		return "an eXmY[bN][fn|fnuz] name has " FMT_MAX_FIELDS_TEXT ", a bias below 2^E (codes of at most "
		       CODE_MAX_BITS_TEXT " bits)";
	if (sscanf(lower, "posit%9d%n", &a, &used) == 1 && isdigit((unsigned char)lower[5]))
		return "a positN[esK] name is 3 to 64 bits, es 0 to 12 with (N-1)*2^es at most 32768";
	if ((sscanf(lower, "int%9d%n", &a, &used) == 1 && isdigit((unsigned char)lower[3])) ||
	    (sscanf(lower, "uint%9d%n", &a, &used) == 1 && isdigit((unsigned char)lower[4])) ||
	    (sscanf(lower, "q%9d.%9d%n", &a, &b, &used) == 2 && isdigit((unsigned char)lower[1])) ||
	    (sscanf(lower, "uq%9d.%9d%n", &a, &b, &used) == 2 && isdigit((unsigned char)lower[2])))
		return "intN is 2 to 64 bits, uintN 1 to 64, qM.N and uqM.N 64 in all (M at least 1 in q)";
	return NULL;
}
