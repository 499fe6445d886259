/*
 * chunks.c — numbered rows in chunks, by one process or several, in order (chunks.h).
 */
#define _GNU_SOURCE /* F_SETPIPE_SZ */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chunks.h"
#include "output.h"
#include "report.h"

#define CHUNK_ROWS 4096
#define PIPE_BYTES (1 << 20) /* asked of each worker's pipe; Linux allows 1 MiB by default */
#define PROGRESS_EVERY 0.5   /* seconds between progress lines */

struct progress {
	bool on;
	double start, last;
	uint64_t total;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress_start(struct progress *p, const struct chunk_run *run)
{
	p->on = run->progress && isatty(STDERR_FILENO);
	p->start = p->last = now();
	p->total = run->rows;
}

/* "12345/65536 rows, 40000 rows/s, 1s left", over the last one. */
static void progress_show(struct progress *p, uint64_t done)
{
	double t = now(), rate;

	if (!p->on || t - p->last < PROGRESS_EVERY)
		return;
	p->last = t;
	rate = (double)done / (t - p->start);
	fprintf(stderr, "\r\033[Kfpx map: %llu/%llu rows, %.0f rows/s, %.0fs left", (unsigned long long)done,
		(unsigned long long)p->total, rate, rate > 0 ? (double)(p->total - done) / rate : 0.0);
}

static void progress_end(struct progress *p)
{
	if (p->on && p->last != p->start)
		fputs("\r\033[K", stderr);
}

static uint64_t chunk_end(const struct chunk_run *run, uint64_t first)
{
	return run->rows - first < CHUNK_ROWS ? run->rows : first + CHUNK_ROWS;
}

/* This process alone. */
static long run_here(const struct chunk_run *run, struct progress *p)
{
	struct strbuf out;
	long failed = 0;

	sb_init(&out);
	for (uint64_t first = 0; first < run->rows && !should_stop(); first = chunk_end(run, first)) {
		failed += run->produce(run->arg, first, chunk_end(run, first), &out);
		write_out(&out, false);
		progress_show(p, chunk_end(run, first));
	}
	flush_line(&out);
	sb_free(&out);
	return failed;
}

/* All of len bytes written to fd, or read from it; false at an error or the end. */
static bool transfer(int fd, void *data, size_t len, bool writing)
{
	char *p = data;

	while (len) {
		ssize_t n = writing ? write(fd, p, len) : read(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/* Worker k: its chunks, each as its length (a uint64_t) and its bytes; the exit status
 * says whether any row failed. */
static void work(const struct chunk_run *run, int k, int fd)
{
	struct strbuf out;
	long failed = 0;

	sb_init(&out);
	for (uint64_t first = (uint64_t)k * CHUNK_ROWS; first < run->rows; first += (uint64_t)run->jobs * CHUNK_ROWS) {
		uint64_t len;
		sb_clear(&out);
		failed += run->produce(run->arg, first, chunk_end(run, first), &out);
		len = out.len;
		if (!transfer(fd, &len, sizeof len, true) || !transfer(fd, out.s, out.len, true))
			break;
	}
	_exit(failed ? 1 : 0);
}

/* One of the other workers' chunks appended to out; false when it ended early. */
static bool take_chunk(int fd, struct strbuf *out)
{
	uint64_t len;

	if (!transfer(fd, &len, sizeof len, false))
		return false;
	sb_reserve(out, (size_t)len);
	if (!transfer(fd, out->s + out->len, (size_t)len, false))
		return false;
	out->len += (size_t)len;
	return true;
}

/* This process is worker 0: it makes its own chunks and copies the others' out in
 * order. False when a worker ended early. */
static bool gather(const struct chunk_run *run, const int *fds, struct progress *p, long *failed)
{
	struct strbuf out;
	bool ok = true;

	sb_init(&out);
	for (uint64_t c = 0, first = 0; first < run->rows && !should_stop(); c++, first = chunk_end(run, first)) {
		int k = (int)(c % (uint64_t)run->jobs);
		if (k == 0)
			*failed += run->produce(run->arg, first, chunk_end(run, first), &out);
		else if (!(ok = take_chunk(fds[k], &out)))
			break;
		write_out(&out, false);
		progress_show(p, chunk_end(run, first));
	}
	flush_line(&out);
	sb_free(&out);
	return ok;
}

static long run_workers(const struct chunk_run *run, struct progress *p)
{
	pid_t pid[CHUNKS_MAX_JOBS];
	int fds[CHUNKS_MAX_JOBS], started = 1, status;
	long failed = 0;
	bool ok;

	fflush(stdout);
	fflush(stderr);
	for (; started < run->jobs; started++) {
		int fd[2];
		if (pipe(fd) != 0)
			break;
		(void)fcntl(fd[1], F_SETPIPE_SZ, PIPE_BYTES);
		if ((pid[started] = fork()) < 0) {
			close(fd[0]);
			close(fd[1]);
			break;
		}
		if (pid[started] == 0) {
			close(fd[0]);
			for (int k = 1; k < started; k++)
				close(fds[k]);
			work(run, started, fd[1]);
		}
		close(fd[1]);
		fds[started] = fd[0];
	}
	ok = started == run->jobs && gather(run, fds, p, &failed);
	for (int k = 1; k < started; k++) {
		close(fds[k]);
		if (!ok || should_stop())
			kill(pid[k], SIGTERM);
	}
	for (int k = 1; k < started; k++) {
		while (waitpid(pid[k], &status, 0) < 0 && errno == EINTR)
			;
		if (WIFEXITED(status) && WEXITSTATUS(status) == 1)
			failed++;
	}
	if (!ok && !should_stop()) {
		report("map: %s", started < run->jobs ? "could not start the workers (-j)" : "a worker stopped early");
		return -1;
	}
	return failed;
}

long chunks_run(const struct chunk_run *run)
{
	struct progress p;
	long failed;

	progress_start(&p, run);
	failed = run->jobs > 1 && run->rows > CHUNK_ROWS ? run_workers(run, &p) : run_here(run, &p);
	progress_end(&p);
	return failed;
}
