/*
 * verify.c — fpx verify: a device's results checked against fpx's, TestFloat's
 * testfloat_ver for every format fpx knows. Each line of stdin holds the operands'
 * codes, the device's result and optionally its flags (verifyline.h reads fpx's TSV and
 * TestFloat's lines); the row is recomputed exactly by map's machinery (mapping.h:
 * map_open() reads FORMAT EXPR and the settings as map does, map_compute() is map's row),
 * and each mismatch, each line that cannot be read, and each row without a result is
 * reported on stdout, then "N tests, M errors". Exit status 1 on any error.
 *
 * The lines are read in batches and each batch is verified through chunks.h, so -j N
 * workers write exactly the bytes one process writes; the counts they share live in
 * memory mapped before they fork. Never writes vectors, never decides a result.
 *
 * What map_open() accepts as EXPR, verify does: TestFloat's function names (f32_mulAdd)
 * once map reads them, and the settings map's rows follow (-r, --saturation,
 * --tininess, and --arch with them) apply here with nothing more.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "chunks.h"
#include "commands.h"
#include "decimal.h"
#include "lines.h"
#include "mapping.h"
#include "testfloat.h"
#include "output.h"
#include "verifyline.h"

#define VERIFY_MAX_LINE 1024        /* bytes: three 256-bit codes and names of flags fit */
#define VERIFY_BATCH_LINES (1u << 20) /* lines held at once */
#define VERIFY_NAMES "xyz"            /* the variables, as map names them */

/* What the workers count together. */
struct verify_counts {
	_Atomic uint64_t tests, errors;
};

/* A batch of stdin's lines, each NUL-terminated in text; a line too long is held empty,
 * with its number negated. */
struct verify_batch {
	char *text;
	size_t used, size;
	size_t *at;   /* where line i starts */
	long *number; /* its line number */
	uint64_t count;
};

struct verifier {
	struct mapping m;
	struct verify_batch batch;
	struct verify_counts *counts;
};

/* ---- The report ------------------------------------------------------------------------- */

/* A code as map's fields write it: hex, then the exact value in parentheses. */
static void put_code(struct strbuf *out, const struct fmt *f, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];

	code_to_hex(hex, code, fmt_hex_digits(f));
	sb_printf(out, "%s (", hex);
	dec_code_exact(out, f, code);
	sb_putc(out, ')');
}

/* The result and its flags: "0x3c02 (1.001953125) inexact", or "1" for a boolean. */
static void put_result(struct strbuf *out, const struct verify_line *l, const struct mapping *m, fpcode code,
		       unsigned flags, bool with_flags)
{
	if (l->testfloat && verify_result_is_boolean(m))
		sb_putc(out, code ? '1' : '0');
	else
		put_code(out, m->to, code);
	if (with_flags) {
		sb_putc(out, ' ');
		render_flags(out, flags & VERIFY_FLAGS, "|", "-");
	}
}

/* "line 7: x 0x3c01 (1.0009765625), y ...: expected ..., got ..." */
static void report_mismatch(struct strbuf *out, const struct verify_line *l, const struct mapping *m, long number)
{
	const char *between = "";

	sb_printf(out, "line %ld: ", number);
	for (int v = 0; v < MAP_VARIABLES; v++)
		if (m->used & 1u << v) {
			sb_printf(out, "%s%c ", between, VERIFY_NAMES[v]);
			put_code(out, m->in[v], l->operand[v]);
			between = ", ";
		}
	sb_puts(out, *between ? ": expected " : "expected ");
	put_result(out, l, m, verify_expected(l, m), m->outcome.res.flags, l->has_flags);
	sb_puts(out, ", got ");
	put_result(out, l, m, l->result, l->flags, l->has_flags);
	sb_putc(out, '\n');
}

/* What a line holds: "x, y, the result and its flags (fpx's or TestFloat's)". */
static void put_wanted(struct strbuf *out, const struct mapping *m, bool only_testfloat)
{
	for (int v = 0; v < MAP_VARIABLES; v++)
		if (m->used & 1u << v)
			sb_printf(out, "%c, ", VERIFY_NAMES[v]);
	sb_printf(out, "the result and optionally its flags (%s)\n", only_testfloat ? "TestFloat's line" : "fpx's or TestFloat's");
}

/* ---- One line ----------------------------------------------------------------------------- */

/* Line i of the batch: true when it passes, else reported into out. */
static bool verify_one(struct verifier *w, uint64_t i, struct strbuf *out)
{
	const struct settings *s = w->m.s;
	const char *text = w->batch.text + w->batch.at[i];
	long number = w->batch.number[i];
	struct verify_line l;
	enum problem problem;
	struct verify_match match;

	if (number < 0) {
		sb_printf(out, "line %ld: longer than %d bytes\n", -number, VERIFY_MAX_LINE);
		return false;
	}
	if (!verify_read_line(&l, &w->m, text, s->map.testfloat)) {
		sb_printf(out, "line %ld: cannot read '%s': want ", number, text);
		put_wanted(out, &w->m, s->map.testfloat);
		return false;
	}
	if ((problem = map_compute(&w->m, l.operand))) {
		sb_printf(out, "line %ld: '%s': %s\n", number, text, problem_message(problem, NULL));
		return false;
	}
	match = verify_compare(&l, &w->m);
	if (match.result && match.flags)
		return true;
	report_mismatch(out, &l, &w->m, number);
	return false;
}

/* chunks.h's producer: the batch's lines [first, end). */
static long produce_lines(void *arg, uint64_t first, uint64_t end, struct strbuf *out)
{
	struct verifier *w = arg;
	long errors = 0;

	for (uint64_t i = first; i < end; i++)
		errors += !verify_one(w, i, out);
	atomic_fetch_add(&w->counts->tests, end - first);
	atomic_fetch_add(&w->counts->errors, (uint64_t)errors);
	return errors;
}

/* ---- The batches -------------------------------------------------------------------------- */

static void batch_add(struct verify_batch *b, const char *text, size_t len, long number)
{
	if (b->used + len + 1 > b->size) {
		b->size = (b->used + len + 1) * 2;
		b->text = realloc(b->text, b->size);
	}
	if (!b->text || !b->at || !b->number) {
		report("verify: out of memory");
		abort();
	}
	b->at[b->count] = b->used;
	b->number[b->count++] = number;
	memcpy(b->text + b->used, text, len);
	for (char *nul = memchr(b->text + b->used, '\0', len); nul; nul = memchr(nul, '\0', (size_t)(b->text + b->used + len - nul)))
		*nul = '?'; /* a NUL byte: a line that cannot be read, shown whole */
	b->text[b->used + len] = '\0';
	b->used += len + 1;
}

/* The next batch of lines that are not blank nor comments (#); false at the end. */
static bool batch_read(struct verify_batch *b, struct line_reader *r, long *line)
{
	const char *text;
	size_t len;
	bool too_long;

	b->used = 0;
	b->count = 0;
	while (b->count < VERIFY_BATCH_LINES && lines_next(r, &text, &len, &too_long)) {
		const char *p = text + strspn(text, " \t");
		++*line;
		if (too_long || len > VERIFY_MAX_LINE) /* the reader's bound is its buffer's */
			batch_add(b, "", 0, -*line);
		else if (*p && *p != '#')
			batch_add(b, text, len, *line);
	}
	return b->count > 0;
}

/* Every batch of stdin, through chunks.h; false when a run failed (reported). */
static bool verify_batches(struct verifier *w)
{
	const struct settings *s = w->m.s;
	struct line_reader *r = lines_open(STDIN_FILENO, VERIFY_MAX_LINE);
	struct chunk_run run = { .name = "verify", .jobs = s->map.jobs ? (int)s->map.jobs : 1,
				 .progress = !s->map.quiet, .produce = produce_lines, .arg = w };
	long line = 0;
	bool ok = true;

	w->batch.at = malloc(VERIFY_BATCH_LINES * sizeof *w->batch.at);
	w->batch.number = malloc(VERIFY_BATCH_LINES * sizeof *w->batch.number);
	while (ok && !output_should_stop() && batch_read(&w->batch, r, &line)) {
		run.rows = w->batch.count;
		ok = chunks_run(&run) >= 0;
		run.before += run.rows;
	}
	if (lines_error(r)) {
		report("verify: reading stdin: %s", strerror(lines_error(r)));
		ok = false;
	}
	lines_close(r);
	free(w->batch.text);
	free(w->batch.at);
	free(w->batch.number);
	return ok;
}

/* ---- Setting up ----------------------------------------------------------------------------- */

/* [FORMAT] EXPR [-]: s->args without the "-", checked before map_open() reads them. */
static bool check_arguments(struct settings *s)
{
	bool expression_first;

	if (s->nargs >= 1 && strcmp(s->args[s->nargs - 1], "-") == 0)
		s->nargs--;
	if (s->map.testfloat && !testfloat_take_name(s)) /* f32_mulAdd: formats and expression */
		return false;
	expression_first = s->map.in && s->map.to && s->nargs >= 1 && map_is_expression(s->args[0]);
	if (!s->may_read_stdin)
		return usage_error(USAGE_VERIFY_STDIN_IN_REPL, NULL), false;
	if (s->nargs < (expression_first ? 1 : 2))
		return usage_error(USAGE_VERIFY_NEEDS_FORMAT, NULL), false;
	if (s->nargs > (expression_first ? 1 : 2))
		return usage_error(USAGE_VERIFY_ARGUMENTS, s->args[s->nargs - 1]), false;
	return true;
}

int cmd_verify(struct settings *s)
{
	struct verifier w = { .batch = { NULL, 0, 0, NULL, NULL, 0 } };
	struct strbuf summary;
	uint64_t tests, errors;
	bool ok;

	if (!check_arguments(s))
		return EXIT_USAGE;
	if (!map_open(&w.m, s)) {
		map_close(&w.m);
		return EXIT_USAGE;
	}
	if (w.m.used & 1u << MAP_DRAW) {
		map_close(&w.m);
		return usage_error(USAGE_VERIFY_DRAW, NULL);
	}
	w.counts = mmap(NULL, sizeof *w.counts, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (w.counts == MAP_FAILED) {
		map_close(&w.m);
		report("verify: %s", strerror(errno));
		return EXIT_BAD_INPUT;
	}
	atomic_init(&w.counts->tests, 0);
	atomic_init(&w.counts->errors, 0);
	ok = verify_batches(&w);
	tests = atomic_load(&w.counts->tests);
	errors = atomic_load(&w.counts->errors);
	sb_init(&summary);
	sb_printf(&summary, "%llu test%s, %llu error%s\n", (unsigned long long)tests, sb_plural((long long)tests),
		  (unsigned long long)errors, sb_plural((long long)errors));
	if (ok && !output_should_stop())
		output_flush_line(&summary);
	sb_free(&summary);
	munmap(w.counts, sizeof *w.counts);
	map_close(&w.m);
	return ok && !errors ? EXIT_OK : EXIT_BAD_INPUT;
}
