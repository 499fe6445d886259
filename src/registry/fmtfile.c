/*
 * fmtfile.c — reading format descriptions (formats/NAME.fmt and -F files), and making
 * formats from names of the kinds' grammars (e5m10, posit16es1). The registry
 * (registry.c) keeps what this makes.
 *
 * A description is a list of `key value` lines; `name` starts a new format. The keys
 * every format reads are this file's; each kind lists its own (kind.h), and a line
 * goes to the kinds that read its key, each applying it to its own draft of the
 * description. An error names the file, the line at fault and its key (fmt_finish()'s
 * messages about one line begin with that line's key, which is how a finished
 * format's fault finds it). This file never names a kind.
 */
#include "fmtfile.h"
#include "kindbase.h"
#include "kinds.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The most keys the common ones and every kind's may have between them. */
#define KEYS_MAX 48

struct reader {
	const char *file;
	int line;
	char *err;
	size_t errlen;
	int key_line[KEYS_MAX]; /* where the format being read last gave each key (key_index()); 0: not yet */
	/* Each kind's draft of the format's own description, in the order of fmt_kinds[]:
	 * a line goes to every kind that reads its key, and the kind the format turns out
	 * to be keeps its draft (kind.h: keys). */
	unsigned char (*drafts)[FMT_KIND_DATA_BYTES];
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

/* ---- One line of a description, by its key ------------------------------------------ */

/* A key every format reads, whatever its kind; the kinds' own keys are theirs (kind.h). */
struct key {
	const char *name;
	bool (*apply)(struct reader *r, struct fmt *f, char *val);
};

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

static bool apply_aliases(struct reader *r, struct fmt *f, char *val)
{
	return append_text(f->aliases, val) ||
	       fail(r, r->line, "aliases: more than %d characters of them", FMT_TEXT_MAX - 1);
}

static bool apply_description(struct reader *r, struct fmt *f, char *val)
{
	f->description[0] = '\0';
	return append_text(f->description, val) ||
	       fail(r, r->line, "description: more than %d characters", FMT_TEXT_MAX - 1);
}

/* `roles mx-element onnx-float8 ...`: what the format stands for in other stacks. */
static bool apply_roles(struct reader *r, struct fmt *f, char *val)
{
	static const char *const names[] = FMT_ROLE_NAMES;
	char *save;

	for (char *w = strtok_r(val, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		int role = kind_word_index(names, FMT_ROLE_COUNT, w);
		if (role < 0)
			return fail(r, r->line, "roles are mx-element, onnx-float8, webnn-float8, not '%.40s'", w);
		f->roles |= 1u << role;
	}
	return true;
}

static bool apply_sign(struct reader *r, struct fmt *f, char *val)
{
	if (strcmp(val, "yes") && strcmp(val, "no"))
		return fail(r, r->line, "sign is yes or no, not '%.40s'", val);
	f->has_sign = strcmp(val, "yes") == 0;
	return true;
}

/* The kinds a file may name, "posit, x87 or fixed" (named true), or the others' formats,
 * "IEEE-like and tapered" (kind.h: noun), joined by `last`. */
static void kinds_text(char *out, size_t size, bool named, const char *last)
{
	size_t n = 0, count = 0;

	for (size_t i = 0; fmt_kinds[i]; i++)
		count += fmt_kinds[i]->named_in_files == named;
	out[0] = '\0';
	for (size_t i = 0; fmt_kinds[i]; i++) {
		const struct fmt_kind *k = fmt_kinds[i];
		if (k->named_in_files != named)
			continue;
		n++;
		snprintf(out + strlen(out), size - strlen(out), "%s%s", n == 1 ? "" : n == count ? last : ", ",
			 named || !k->noun ? k->name : k->noun);
	}
}

static bool apply_kind(struct reader *r, struct fmt *f, char *val)
{
	const struct fmt_kind *kind = kind_named(val);
	char names[160], told[160];

	if (kind) {
		f->kind = kind;
		return true;
	}
	kinds_text(names, sizeof names, true, " or ");
	kinds_text(told, sizeof told, false, " and ");
	return fail(r, r->line, "kind is %s, not '%.40s' (%s formats are told by their other lines)", names, val, told);
}

/* The keys every format reads, first in the order the man page gives them; `name` is
 * parse_text()'s own. The kinds' keys follow (all_keys()). */
static const struct key common_keys[] = {
	{ "name", NULL },
	{ "aliases", apply_aliases },
	{ "description", apply_description },
	{ "roles", apply_roles },
	{ "kind", apply_kind },
	{ "sign", apply_sign },
};
#define COMMON_KEY_COUNT (sizeof common_keys / sizeof common_keys[0])
#define KEY_NAME 0

/* Every key's name: the common ones, then each kind's not listed before, in the order
 * of fmt_kinds[]; returns how many. */
static int all_keys(const char *names[KEYS_MAX])
{
	int n = 0;

	for (size_t i = 0; i < COMMON_KEY_COUNT; i++)
		names[n++] = common_keys[i].name;
	for (size_t i = 0; fmt_kinds[i]; i++)
		for (const struct kind_key *k = fmt_kinds[i]->keys; k && k->name; k++)
			if (kind_word_index(names, n, k->name) < 0 && n < KEYS_MAX)
				names[n++] = k->name;
	return n;
}

/* The index in all_keys() of the key named by the first n bytes of word, or -1. */
static int key_index(const char *word, size_t n)
{
	const char *names[KEYS_MAX];
	int count = all_keys(names);

	for (int k = 0; k < count; k++)
		if (strlen(names[k]) == n && strncmp(names[k], word, n) == 0)
			return k;
	return -1;
}

static bool unknown_key(struct reader *r, const char *key)
{
	const char *keys[KEYS_MAX];
	int count = all_keys(keys);
	char names[400] = "";

	for (int k = 0; k < count; k++)
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", keys[k]);
	return fail(r, r->line, "unknown key '%.40s' (the keys are %s)", key, names);
}

/* The key of kind's that key names, or NULL. */
static const struct kind_key *kind_key_named(const struct fmt_kind *kind, const char *key)
{
	for (const struct kind_key *k = kind->keys; k && k->name; k++)
		if (strcmp(k->name, key) == 0)
			return k;
	return NULL;
}

/* Gives a kind's key line to every kind that reads that key, each its own copy of the
 * value, applied to its own draft (which f's kind_data holds meanwhile): false after
 * reporting the first one's reason. */
static bool apply_kind_key(struct reader *r, struct fmt *f, const char *key, const char *val)
{
	char copy[512], why_text[256];
	struct kind_why why = { why_text, sizeof why_text };
	const struct kind_key *k;
	bool ok;

	for (size_t i = 0; fmt_kinds[i]; i++) {
		if (!(k = kind_key_named(fmt_kinds[i], key)))
			continue;
		snprintf(copy, sizeof copy, "%s", val);
		memcpy(f->kind_data, r->drafts[i], FMT_KIND_DATA_BYTES);
		ok = k->apply(f, copy, &why);
		memcpy(r->drafts[i], f->kind_data, FMT_KIND_DATA_BYTES);
		if (!ok)
			return fail(r, r->line, "%s", why_text);
	}
	return true;
}

/* Applies one `key value` line to f: false after reporting why not. */
static bool apply_line(struct reader *r, struct fmt *f, const char *key, char *val)
{
	int k = key_index(key, strlen(key));

	if (k < 0)
		return unknown_key(r, key);
	if (!*val)
		return fail(r, r->line, "%s needs a value", key);
	if ((size_t)k < COMMON_KEY_COUNT ? !common_keys[k].apply(r, f, val) : !apply_kind_key(r, f, key, val))
		return false;
	r->key_line[k] = r->line;
	return true;
}

/* ---- A whole format ------------------------------------------------------------------ */

/* The line a finished format's fault is at: the line of the key its message begins
 * with, when the format gave that key; else its name line. */
static int line_at_fault(const struct reader *r, const char *why)
{
	int k = key_index(why, strcspn(why, " "));

	return k >= 0 && r->key_line[k] ? r->key_line[k] : r->key_line[KEY_NAME];
}

/* Every kind's draft of a new format's description: the kind's defaults (kind.h: init). */
static void start_drafts(struct reader *r, struct fmt *f)
{
	for (size_t i = 0; fmt_kinds[i]; i++) {
		memset(f->kind_data, 0, FMT_KIND_DATA_BYTES);
		if (fmt_kinds[i]->init)
			fmt_kinds[i]->init(f);
		memcpy(r->drafts[i], f->kind_data, FMT_KIND_DATA_BYTES);
	}
}

/* The description of f's kind: that kind's draft. */
static void keep_draft(struct reader *r, struct fmt *f)
{
	for (size_t i = 0; fmt_kinds[i]; i++)
		if (fmt_kinds[i] == f->kind)
			memcpy(f->kind_data, r->drafts[i], FMT_KIND_DATA_BYTES);
}

/* The keys of a kind, "bits, es". */
static void kind_keys_text(char *out, size_t size, const struct fmt_kind *kind)
{
	out[0] = '\0';
	for (const struct kind_key *k = kind->keys; k && k->name; k++)
		snprintf(out + strlen(out), size - strlen(out), "%s%s", k == kind->keys ? "" : ", ", k->name);
}

/* A line of a key that f's kind does not read (`exponent` in a posit): false after
 * reporting the first such line; the kinds themselves never see one. */
static bool refuse_foreign_keys(struct reader *r, const struct fmt *f)
{
	const char *names[KEYS_MAX];
	int count = all_keys(names), at = -1;
	char own[200];

	for (int k = (int)COMMON_KEY_COUNT; k < count; k++)
		if (r->key_line[k] && !kind_key_named(f->kind, names[k]) && (at < 0 || r->key_line[k] < r->key_line[at]))
			at = k;
	if (at < 0)
		return true;
	kind_keys_text(own, sizeof own, f->kind);
	return fail(r, r->key_line[at], "%s is not a key of the %s kind (its own: %s)", names[at], f->kind->name, own);
}

/* Finishes the format read since its name line: false, after reporting where, when it
 * is not one, or when its `bits` line contradicts its fields. */
static bool finish_read(struct reader *r, struct fmt *f)
{
	int given_bits = f->bits, bits_key = key_index("bits", 4), bits_line = bits_key >= 0 ? r->key_line[bits_key] : 0;
	const char *why;

	if (!refuse_foreign_keys(r, f))
		return false;
	keep_draft(r, f);
	if ((why = fmt_finish(f)))
		return fail(r, line_at_fault(r, why), "%s", why);
	if (f->kind->derives_bits && bits_line && given_bits != f->bits)
		return fail(r, bits_line, "bits %d contradicts sign + exponent + fraction = %d", given_bits, f->bits);
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
	*f = fmt_new(val, fmt_kinds[0]);
	start_drafts(r, *f);
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
	struct reader r = { origin, 0, err, errlen, { 0 }, NULL };
	size_t nkinds = 0;
	bool ok;

	while (fmt_kinds[nkinds])
		nkinds++;
	if (!(r.drafts = calloc(nkinds, sizeof r.drafts[0])))
		abort();
	ok = parse_text(&r, text, keep, arg);
	free(r.drafts);
	return ok;
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

/* name in lowercase into lower; false when it is too long to be a format's. */
static bool lowercase_name(char lower[FMT_NAME_MAX], const char *name)
{
	if (strlen(name) >= FMT_NAME_MAX)
		return false;
	for (size_t i = 0; (lower[i] = (char)tolower((unsigned char)name[i])); i++)
		;
	return true;
}

/* The kinds' grammars do not overlap: the first kind that knows the name makes it. */
struct fmt *fmtfile_from_name(const char *name)
{
	char lower[FMT_NAME_MAX];
	struct fmt *f;

	if (!lowercase_name(lower, name))
		return NULL;
	for (size_t i = 0; fmt_kinds[i]; i++)
		if (fmt_kinds[i]->from_name && (f = fmt_kinds[i]->from_name(lower)))
			return f;
	return NULL;
}

const char *fmtfile_past_limits(const char *name)
{
	char lower[FMT_NAME_MAX];
	const char *why;

	if (!lowercase_name(lower, name))
		return NULL;
	for (size_t i = 0; fmt_kinds[i]; i++)
		if (fmt_kinds[i]->past_limits && (why = fmt_kinds[i]->past_limits(lower)))
			return why;
	return NULL;
}
