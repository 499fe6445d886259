/*
 * registry.c — finding a format by name: the built-in ones (embedded as text by the
 * build, builtin.c, and parsed only when asked for, so a run pays for the formats it
 * uses), those loaded with -F, and IEEE-like ones described by their names.
 */
#include "builtin.h"
#include "decimal.h"
#include "fmtfile.h"
#include "format.h"
#include "num.h"
#include "registry.h"
#include "report.h"
#include "strbuf.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/*
 * The registry. Every format fpx hands out is made once and kept here until
 * fmt_unload_all() or the end of the run, so callers hold `const struct fmt *` and never
 * free one: built-ins as parsed, formats built from their names, and formats loaded
 * with -F (searched first). A load under a name already loaded takes its place in the
 * search; the old one is kept (a REPL session may still hold it) unless the new one is
 * the same description, which is then dropped: loading a file on every REPL line holds
 * one copy.
 */
static struct fmt **loaded, **retired, **named, **wrapping;
static size_t nloaded, nretired, nnamed, nwrapping;

/* One lock over all of it, taken by every function of registry.h: recursive, since a
 * format's parse, or a function handed to fmt_each_*(), may look another up. */
static pthread_mutex_t registry_lock;
static pthread_once_t registry_lock_made = PTHREAD_ONCE_INIT;

static void make_registry_lock(void)
{
	pthread_mutexattr_t recursive;

	if (pthread_mutexattr_init(&recursive) || pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE) ||
	    pthread_mutex_init(&registry_lock, &recursive))
		abort();
	pthread_mutexattr_destroy(&recursive);
}

static void lock(void)
{
	pthread_once(&registry_lock_made, make_registry_lock);
	pthread_mutex_lock(&registry_lock);
}

static void unlock(void)
{
	pthread_mutex_unlock(&registry_lock);
}

static void push(struct fmt ***list, size_t *n, struct fmt *f)
{
	struct fmt **grown = realloc(*list, (*n + 1) * sizeof *grown);

	if (!grown)
		abort();
	*list = grown;
	(*list)[(*n)++] = f;
}

static void free_all(struct fmt ***list, size_t *n)
{
	for (size_t i = 0; i < *n; i++)
		fmt_free((*list)[i]);
	free(*list);
	*list = NULL;
	*n = 0;
}

static bool name_in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (len == n && strncasecmp(p, name, n) == 0)
			return true;
		p += len;
		p += strspn(p, " ");
	}
	return false;
}

static void keep_first(struct fmt *f, void *arg)
{
	struct fmt **slot = arg;

	if (*slot)
		fmt_free(f);
	else
		*slot = f;
}

/* The built-in formats as parsed, each once per run, on first use. */
#define MAX_BUILTINS 64
static struct fmt *parsed_builtins[MAX_BUILTINS];

static struct fmt *parsed_builtin(size_t i)
{
	const struct builtin_format *b = &builtin_formats[i];
	char err[256];

	if (i >= MAX_BUILTINS)
		abort();
	if (!parsed_builtins[i] && !fmtfile_parse(b->file, b->text, keep_first, &parsed_builtins[i], err, sizeof err)) {
		report("built-in format broken: %s", err);
		abort();
	}
	return parsed_builtins[i];
}

/*
 * What a format built from its name is, against the built-in formats of its kind.
 *
 * Two formats are identical when every code means the same: the same width and, code
 * by code, the same class, sign and value. Up to IDENTITY_DECODED_BITS bits that is
 * checked code by code (after the limits every kind derives agree, so only a real twin
 * is decoded in full). Wider formats are identical when they are of the same kind with
 * the same description (the fields a .fmt file or a name gives): a kind decodes a code
 * from its description alone, so those decode every code alike, and no two kinds'
 * wide formats coincide. A format that is not identical is told apart from the
 * built-in of the same shape (kind, width, exponent and fraction widths: e4m3b8fnuz
 * beside e4m3) that differs from it in the fewest of its NaN, inf, zeros, max, least
 * positive value and precision. Integers and fixed point have no built-in of their
 * kind (their names say their whole layout), and get no note.
 */
#define IDENTITY_DECODED_BITS 16

static bool same_limits(const struct fmt *a, const struct fmt *b)
{
	return a->bits == b->bits && a->has_sign == b->has_sign && a->has_nan == b->has_nan &&
	       a->has_inf == b->has_inf && a->has_zero == b->has_zero && a->nan_code == b->nan_code &&
	       (!a->has_inf || a->inf_code == b->inf_code) && a->negative_zero == b->negative_zero &&
	       a->max_rank == b->max_rank && a->max_rank_neg == b->max_rank_neg &&
	       a->min_normal_rank == b->min_normal_rank && a->emin == b->emin && a->emax == b->emax &&
	       a->precision == b->precision;
}

/* The same kind, width, sign and wrapping, and what the kind compares besides. */
static bool same_description(const struct fmt *a, const struct fmt *b)
{
	return a->kind == b->kind && a->bits == b->bits && a->has_sign == b->has_sign && a->wraps == b->wraps &&
	       (!a->kind->same_description || a->kind->same_description(a, b));
}

/* Whether code means the same in a and b: class, sign and value (sig·2^exp compared
 * as rationals, since kinds need not write a value alike). */
static bool decodes_alike(const struct fmt *a, const struct fmt *b, fpcode code, struct fmt_value v[2], mpq_t q[2])
{
	fmt_decode(&v[0], a, code);
	fmt_decode(&v[1], b, code);
	if (v[0].cls != v[1].cls || v[0].neg != v[1].neg)
		return false;
	if (v[0].cls == FP_NAN || v[0].cls == FP_INF)
		return true;
	num_set_dyadic(q[0], v[0].sig, v[0].exp);
	num_set_dyadic(q[1], v[1].sig, v[1].exp);
	return mpq_equal(q[0], q[1]);
}

static bool every_code_alike(const struct fmt *a, const struct fmt *b)
{
	struct fmt_value v[2];
	mpq_t q[2];
	bool alike = true;

	fmt_value_init(&v[0]);
	fmt_value_init(&v[1]);
	mpq_inits(q[0], q[1], NULL);
	for (fpcode code = 0; alike && code <= code_mask(a->bits); code++)
		alike = decodes_alike(a, b, code, v, q);
	mpq_clears(q[0], q[1], NULL);
	fmt_value_clear(&v[0]);
	fmt_value_clear(&v[1]);
	return alike;
}

static bool identical(const struct fmt *a, const struct fmt *b)
{
	if (!same_limits(a, b))
		return false;
	if (a->bits <= IDENTITY_DECODED_BITS)
		return every_code_alike(a, b);
	return same_description(a, b);
}

static bool same_shape(const struct fmt *a, const struct fmt *b)
{
	return a->kind == b->kind && a->bits == b->bits && a->has_sign == b->has_sign &&
	       (!a->kind->same_shape || a->kind->same_shape(a, b));
}

/* A value of f's as short text: in full when short, else a power of two, else ~6 digits. */
static void put_rank_value(struct strbuf *out, const struct fmt *f, fpcode rank)
{
	struct strbuf exact;
	mpz_t sig;
	long exp;

	mpz_init(sig);
	sb_init(&exact);
	fmt_rank_value(sig, &exp, f, rank);
	dec_exact(&exact, false, sig, exp);
	if (exact.len <= 20)
		sb_puts(out, exact.s);
	else if (mpz_popcount(sig) == 1)
		sb_printf(out, "2^%ld", exp + (long)mpz_scan1(sig, 0));
	else {
		sb_putc(out, '~');
		dec_digits(out, false, sig, exp, 6);
	}
	sb_free(&exact);
	mpz_clear(sig);
}

static void put_code_or_none(struct strbuf *out, const struct fmt *f, bool present, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	if (!present) {
		sb_puts(out, "none");
		return;
	}
	code_to_hex(hex, code, fmt_hex_digits(f));
	sb_puts(out, hex);
}

static const char *zeros_word(const struct fmt *f)
{
	if (!f->has_zero)
		return "none";
	return f->negative_zero != fmt_code_of_rank(f, 0) ? "two" : "one";
}

/* The least positive value's rank (rank 0 is zero where there is one). */
static fpcode least_positive_rank(const struct fmt *f)
{
	return f->has_zero ? 1 : 0;
}

static bool rank_values_differ(const struct fmt *a, fpcode ra, const struct fmt *b, fpcode rb)
{
	mpq_t q[2];
	bool differ;

	mpq_inits(q[0], q[1], NULL);
	fmt_rank_rational(q[0], a, ra);
	fmt_rank_rational(q[1], b, rb);
	differ = !mpq_equal(q[0], q[1]);
	mpq_clears(q[0], q[1], NULL);
	return differ;
}

/* Opens the next item of a difference list: "in " before the first, ", " between. */
static void next_item(struct strbuf *out, int *n, const char *what)
{
	sb_printf(out, "%s%s (", (*n)++ ? ", " : " in ", what);
}

/*
 * Writes how f differs from b (" in NaN (0x80, not 0x7f), max (240, not 448)") and
 * returns how many of these properties differ.
 */
static int put_differences(struct strbuf *out, const struct fmt *f, const struct fmt *b)
{
	int n = 0;

	if (f->has_nan != b->has_nan || (f->has_nan && f->nan_code != b->nan_code)) {
		next_item(out, &n, "NaN");
		put_code_or_none(out, f, f->has_nan, f->nan_code);
		sb_puts(out, ", not ");
		put_code_or_none(out, b, b->has_nan, b->nan_code);
		sb_putc(out, ')');
	}
	if (f->has_inf != b->has_inf || (f->has_inf && f->inf_code != b->inf_code)) {
		next_item(out, &n, "inf");
		put_code_or_none(out, f, f->has_inf, f->inf_code);
		sb_puts(out, ", not ");
		put_code_or_none(out, b, b->has_inf, b->inf_code);
		sb_putc(out, ')');
	}
	if (strcmp(zeros_word(f), zeros_word(b)) != 0) {
		next_item(out, &n, "zeros");
		sb_printf(out, "%s, not %s)", zeros_word(f), zeros_word(b));
	}
	if (rank_values_differ(f, f->max_rank, b, b->max_rank)) {
		next_item(out, &n, "max");
		put_rank_value(out, f, f->max_rank);
		sb_puts(out, ", not ");
		put_rank_value(out, b, b->max_rank);
		sb_putc(out, ')');
	}
	if (rank_values_differ(f, least_positive_rank(f), b, least_positive_rank(b))) {
		next_item(out, &n, "least positive");
		put_rank_value(out, f, least_positive_rank(f));
		sb_puts(out, ", not ");
		put_rank_value(out, b, least_positive_rank(b));
		sb_putc(out, ')');
	}
	if (f->precision != b->precision) {
		next_item(out, &n, "precision");
		sb_printf(out, "%d bits, not %d)", f->precision, b->precision);
	}
	return n;
}

/* Fills f->note (see above). */
static void note_lookalike(struct fmt *f)
{
	const struct fmt *twin = NULL, *closest = NULL;
	struct strbuf how, best;
	bool kin = false;
	int fewest = INT_MAX;

	sb_init(&how);
	sb_init(&best);
	for (size_t i = 0; i < builtin_format_count && !twin; i++) {
		const struct fmt *b = parsed_builtin(i);
		int n;
		kin |= b->kind == f->kind;
		if (identical(f, b))
			twin = b;
		else if (same_shape(f, b) && (sb_clear(&how), n = put_differences(&how, f, b)) < fewest) {
			fewest = n;
			closest = b;
			sb_clear(&best);
			sb_puts(&best, how.s);
		}
	}
	if (twin)
		snprintf(f->note, sizeof f->note, "identical to the built-in %s (%.180s)", twin->name, twin->description);
	else if (closest)
		snprintf(f->note, sizeof f->note, "not identical to any built-in; differs from %s%s", closest->name,
			 fewest ? best.s : " in the values of some codes");
	else if (kin)
		snprintf(f->note, sizeof f->note, "not identical to any built-in");
	sb_free(&how);
	sb_free(&best);
}

/* e5m10 and the like, described once per run (names are kept lowercase). */
static const struct fmt *named_format(const char *name)
{
	struct fmt *f;

	for (size_t i = 0; i < nnamed; i++)
		if (strcasecmp(named[i]->name, name) == 0)
			return named[i];
	if (!(f = fmtfile_from_name(name)))
		return NULL;
	note_lookalike(f);
	push(&named, &nnamed, f);
	return f;
}

const struct fmt *fmt_from_name(const char *name)
{
	const struct fmt *f;

	lock();
	f = named_format(name);
	unlock();
	return f;
}

static const struct fmt *found_format(const char *name)
{
	for (size_t i = nloaded; i-- > 0;)
		if (strcasecmp(loaded[i]->name, name) == 0 || name_in_list(loaded[i]->aliases, name))
			return loaded[i];
	for (size_t i = 0; i < builtin_format_count; i++)
		if (name_in_list(builtin_formats[i].names, name))
			return parsed_builtin(i);
	return named_format(name);
}

const struct fmt *fmt_lookup(const char *name)
{
	const struct fmt *f;

	lock();
	f = found_format(name);
	unlock();
	return f;
}

/* Wrapping copies are made once per run, like formats built from their names. */
static const struct fmt *wrapping_copy(const struct fmt *f)
{
	struct fmt want, *copy;

	fmt_copy(&want, f);
	want.wraps = true;
	for (size_t i = 0; i < nwrapping; i++)
		if (fmt_same(wrapping[i], &want))
			return wrapping[i];
	copy = malloc(sizeof *copy);
	if (!copy)
		abort();
	fmt_copy(copy, &want);
	push(&wrapping, &nwrapping, copy);
	return copy;
}

const struct fmt *fmt_wrapping(const struct fmt *f)
{
	const struct fmt *copy;

	if (!f->can_wrap)
		return NULL;
	lock();
	copy = wrapping_copy(f);
	unlock();
	return copy;
}

/* A format loaded under a name already loaded takes that one's place (see above). */
static void keep_loaded(struct fmt *f, void *arg)
{
	(void)arg;
	for (size_t i = 0; i < nloaded; i++)
		if (strcasecmp(loaded[i]->name, f->name) == 0) {
			if (fmt_same(loaded[i], f)) {
				fmt_free(f);
				return;
			}
			push(&retired, &nretired, loaded[i]);
			loaded[i] = f;
			return;
		}
	push(&loaded, &nloaded, f);
}

bool fmt_load_file(const char *path, char *err, size_t errlen)
{
	char *text = fmtfile_read(path, err, errlen);
	bool ok;

	if (!text)
		return false;
	ok = fmt_load_text(path, text, err, errlen);
	free(text);
	return ok;
}

bool fmt_load_text(const char *origin, const char *text, char *err, size_t errlen)
{
	bool ok;

	lock();
	ok = fmtfile_parse(origin, text, keep_loaded, NULL, err, errlen);
	unlock();
	return ok;
}

static void drop_parsed(struct fmt *f, void *arg)
{
	(void)arg;
	fmt_free(f);
}

struct telling {
	void (*told)(const struct fmt *f, void *arg);
	void *arg;
};

/* keep_loaded(), then the format now loaded under f's name told. */
static void keep_and_tell(struct fmt *f, void *arg)
{
	struct telling *t = arg;
	char name[FMT_NAME_MAX];

	snprintf(name, sizeof name, "%s", f->name);
	keep_loaded(f, NULL);
	for (size_t i = 0; i < nloaded; i++)
		if (strcasecmp(loaded[i]->name, name) == 0)
			t->told(loaded[i], t->arg);
}

bool fmt_load_text_told(const char *origin, const char *text, void (*told)(const struct fmt *f, void *arg),
			void *arg, char *err, size_t errlen)
{
	struct telling t = { told, arg };
	bool ok;

	lock();
	ok = fmtfile_parse(origin, text, drop_parsed, NULL, err, errlen) &&
	     fmtfile_parse(origin, text, keep_and_tell, &t, err, errlen);
	unlock();
	return ok;
}

void fmt_each_loaded(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	lock();
	for (size_t i = 0; i < nloaded; i++)
		fn(loaded[i], arg);
	unlock();
}

void fmt_unload_all(void)
{
	lock();
	free_all(&loaded, &nloaded);
	free_all(&retired, &nretired);
	unlock();
}

void fmt_each_builtin(void (*fn)(const struct fmt *f, void *arg), void *arg)
{
	lock();
	for (size_t i = 0; i < builtin_format_count; i++)
		fn(parsed_builtin(i), arg);
	unlock();
}

static void each_word(const char *list, void (*fn)(const char *name, void *arg), void *arg)
{
	char word[FMT_NAME_MAX];

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, " ");
		if (len < sizeof word) {
			memcpy(word, p, len);
			word[len] = '\0';
			fn(word, arg);
		}
		p += len;
		p += strspn(p, " ");
	}
}

void fmt_each_name(void (*fn)(const char *name, void *arg), void *arg)
{
	lock();
	for (size_t i = 0; i < nloaded; i++) {
		fn(loaded[i]->name, arg);
		each_word(loaded[i]->aliases, fn, arg);
	}
	for (size_t i = 0; i < builtin_format_count; i++)
		each_word(builtin_formats[i].names, fn, arg);
	unlock();
}
