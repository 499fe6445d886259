/*
 * threads.c — the core from several threads at once. Each of THREADS threads works
 * through the same jobs, each from a different first job, while every cache and every
 * thread's scratch numbers are still empty: formats looked up by name (built-in, built
 * from a name, wrapping copies), every code of the small formats written exactly and
 * shortest (the per-format memos, HiF8's table), read back through the whole conversion
 * in five modes, read out as JSON (the flags' texts), and exact expressions and reals
 * converted (the parser's, the enclosures' and the integers' scratch numbers). Then one
 * thread does the same again, alone, and every thread's answers must be its answers,
 * byte for byte. A race shows as a difference, a crash, or (under -fsanitize=thread)
 * a report. Last, libfpx's calls shared among threads ("threads": libfpxsplit.c) against
 * one thread's. Usage: tests/threads [REPEATS]
 */
#include <pthread.h>
#include <stdlib.h>

#include "convert.h"
#include "fpx.h"
#include "decimal.h"
#include "registry.h"
#include "readout.h"
#include "show.h"
#include "strbuf.h"
#include "testlib.h"

#define THREADS 4

/* The formats of the jobs: every code of those of at most 16 bits, the smallest ranks
 * and a sample of the others of the wider ones. */
static const char *const formats[] = {
	"e4m3", "hif8", "binary16", "float8_e4m3b11fnuz", "e5m10", "posit8", "e2m1", "binary32", "int8", "q3.4",
};
#define FORMATS (sizeof formats / sizeof formats[0])

/* Texts converted into every format besides its codes' own digits. */
static const char *const texts[] = {
	"1/3", "464+2^-17", "-0", "sqrt(2)", "pi", "exp(1)/7", "0x1.8p3", "1e-40", "-65519.99", "300",
};

static const enum rnd_mode modes[] = { RND_NEAREST_EVEN, RND_TOWARD_ZERO, RND_UP, RND_DOWN, RND_NEAREST_AWAY };

/* A thread's answers, from its first job on. */
struct job_log {
	size_t first;
	struct strbuf out;
};

/* text converted into f in each mode, with the code and flags written. */
static void convert_each_mode(struct strbuf *out, struct conversion *c, const struct fmt *f, const char *text)
{
	for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
		enum problem p = convert_text(c, f, text, strlen(text), rnd_spec(modes[m], RND_SAT_NONE));
		sb_printf(out, " %d:", (int)p);
		if (p == PROBLEM_NONE)
			sb_printf(out, "%llx/%x", (unsigned long long)c->code, c->result.flags);
	}
}

/* Code code of f: its exact and shortest digits, those read back, its readout. */
static void code_job(struct strbuf *out, struct conversion *c, const struct fmt *f, fpcode code, bool readout)
{
	struct strbuf shortest;

	sb_init(&shortest);
	sb_printf(out, "%s %llx ", f->name, (unsigned long long)code);
	dec_code_exact(out, f, code);
	dec_shortest(&shortest, f, code);
	sb_printf(out, " %s", shortest.s);
	convert_each_mode(out, c, f, shortest.s);
	if (readout) {
		struct readout r;
		readout_of_code(&r, f, "", code, rnd_spec(RND_NEAREST_EVEN, RND_SAT_NONE));
		show_readout_json(out, &r);
		readout_clear(&r);
	}
	sb_putc(out, '\n');
	sb_free(&shortest);
}

/* The codes of f the jobs take: all of a small format, else the smallest ranks of each
 * sign and a spread of others. */
static void format_job(struct strbuf *out, const char *name)
{
	const struct fmt *f = fmt_lookup(name);
	const struct fmt *wrapping;
	struct conversion c;

	if (!f) {
		sb_printf(out, "%s: not found\n", name);
		return;
	}
	wrapping = fmt_wrapping(f);
	sb_printf(out, "%s wraps %s\n", name, wrapping ? wrapping->name : "-");
	conversion_init(&c);
	c.need_value = true;
	if (f->bits <= 16)
		for (fpcode code = 0; code <= code_mask(f->bits); code++)
			code_job(out, &c, f, code, code % 61 == 0);
	else
		for (fpcode k = 0; k < 64; k++) {
			code_job(out, &c, f, k, false);
			code_job(out, &c, f, f->sign_bit | k, false);
			code_job(out, &c, f, k * 0x2f1a3b7u % code_mask(f->bits), k % 8 == 0);
		}
	for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
		sb_printf(out, "%s '%s'", name, texts[t]);
		convert_each_mode(out, &c, f, texts[t]);
		sb_putc(out, '\n');
	}
	conversion_clear(&c);
}

/* Every job, from log's first on, into log. */
static void *all_jobs(void *arg)
{
	struct job_log *log = arg;

	for (size_t j = 0; j < FORMATS; j++)
		format_job(&log->out, formats[(log->first + j) % FORMATS]);
	return NULL;
}

/* The same answers, in the order of job 0 first: each thread's log is cut at its jobs'
 * starts and compared job by job. */
static const char *job_start(const struct strbuf *log, const char *name)
{
	char head[64];
	const char *p;

	snprintf(head, sizeof head, "%s wraps ", name);
	if (strncmp(log->s, head, strlen(head)) == 0)
		return log->s;
	snprintf(head, sizeof head, "\n%s wraps ", name);
	return (p = strstr(log->s, head)) ? p + 1 : NULL;
}

static size_t job_length(const struct strbuf *log, const char *start)
{
	const char *end = NULL;

	for (size_t j = 0; j < FORMATS; j++) {
		const char *s = job_start(log, formats[j]);
		if (s && s > start && (!end || s < end))
			end = s;
	}
	return (size_t)((end ? end : log->s + log->len) - start);
}

static void compare_logs(const struct strbuf *got, const struct strbuf *want, int thread)
{
	for (size_t j = 0; j < FORMATS; j++) {
		const char *g = job_start(got, formats[j]), *w = job_start(want, formats[j]);
		size_t gl = g ? job_length(got, g) : 0, wl = w ? job_length(want, w) : 0;
		check(g && w && gl == wl && memcmp(g, w, wl) == 0, "thread %d, %s: not what one thread alone gives",
		      thread, formats[j]);
	}
}

/* An encoding of texts and of doubles on three threads, as on one. */
static void split_calls(void)
{
	enum { N = 3 << 14 };
	static char buf[N][24];
	static const char *text[N];
	static double x[N];
	static uint8_t one[2][N], many[2][N], flags_one[N], flags_many[N];
	const fpx_format *f;
	fpx_options *o = fpx_options_new();
	fpx_error err;

	for (size_t i = 0; i < N; i++) {
		x[i] = (double)(i * 2654435761u % 1000003) / 4096 - 120;
		snprintf(buf[i], sizeof buf[i], "%.9g", x[i] / 3);
		text[i] = buf[i];
	}
	fpx_format_lookup(&f, "e4m3", &err);
	fpx_encode_text(one[0], flags_one, f, o, text, NULL, N, &err);
	fpx_encode_double(one[1], NULL, f, o, x, N, &err);
	check(fpx_options_set(o, "threads", "3", &err) == FPX_OK, "threads 3");
	fpx_encode_text(many[0], flags_many, f, o, text, NULL, N, &err);
	fpx_encode_double(many[1], NULL, f, o, x, N, &err);
	check(memcmp(one, many, sizeof one) == 0 && memcmp(flags_one, flags_many, N) == 0,
	      "three threads' codes and flags are one thread's");
	fpx_options_free(o);
}

int main(int argc, char **argv)
{
	int repeats = argc > 1 ? atoi(argv[1]) : 1;
	struct job_log logs[THREADS], alone = { 0, { 0 } };
	pthread_t threads[THREADS];

	for (int round = 0; round < repeats; round++) {
		for (int t = 0; t < THREADS; t++) {
			logs[t].first = (size_t)t * 3;
			sb_init(&logs[t].out);
			if (pthread_create(&threads[t], NULL, all_jobs, &logs[t]) != 0) {
				perror("pthread_create");
				return 2;
			}
		}
		for (int t = 0; t < THREADS; t++)
			pthread_join(threads[t], NULL);
		sb_init(&alone.out);
		all_jobs(&alone);
		check(alone.out.len > 100000, "the jobs wrote %zu bytes", alone.out.len);
		for (int t = 0; t < THREADS; t++) {
			compare_logs(&logs[t].out, &alone.out, t);
			sb_free(&logs[t].out);
		}
		sb_free(&alone.out);
	}
	split_calls();
	return test_summary("threads");
}
