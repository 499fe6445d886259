/*
 * chunks.c — numbered rows in chunks, by one process or several, in order (chunks.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chunks.h"
#include "output.h"
#include "report.h"

#define CHUNK_ROWS 4096
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

/* ---- Workers taking turns ---------------------------------------------------------------- */

/*
 * Worker k makes chunks k, k + N, k + 2N, … and writes each to stdout itself when its
 * turn comes: a byte passed from worker to worker through a socket pair (k − 1 to k,
 * mod N; sockets, so that passing it to a worker that died is an error, not SIGPIPE).
 * Worker 0 holds the first turn. Every worker computes while another writes, and no
 * byte of a row is copied between processes. A worker that ends early closes its end,
 * and the next one finds the end instead of its turn.
 */
static bool wait_turn(int fd)
{
	char token;
	ssize_t n;

	while ((n = recv(fd, &token, 1, 0)) < 0 && errno == EINTR)
		;
	return n == 1;
}

static bool pass_turn(int fd)
{
	char token = 0;
	ssize_t n;

	while ((n = send(fd, &token, 1, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	return n == 1;
}

/* Exit statuses of a worker process. */
enum { WORKER_OK, WORKER_ROWS_FAILED, WORKER_OUTPUT_FAILED = 3, WORKER_CUT_OFF };

/* Worker k's chunks, each written in its turn; false when a turn never came (or could
 * not be passed on). Stops once output fails (should_stop()). */
static bool take_turns(const struct chunk_run *run, int k, const int *turn, struct progress *p, long *failed)
{
	uint64_t chunks = (run->rows + CHUNK_ROWS - 1) / CHUNK_ROWS;
	struct strbuf out;
	bool ok = true;

	sb_init(&out);
	for (uint64_t c = (uint64_t)k; c < chunks && !should_stop(); c += (uint64_t)run->jobs) {
		uint64_t first = c * CHUNK_ROWS;
		*failed += run->produce(run->arg, first, chunk_end(run, first), &out);
		if (c > 0 && !(ok = wait_turn(turn[0])))
			break;
		write_out_direct(&out);
		if (should_stop())
			break;
		if (p)
			progress_show(p, chunk_end(run, first));
		if (c + 1 < chunks && !(ok = pass_turn(turn[1])))
			break;
	}
	sb_free(&out);
	return ok;
}

/* A child process as worker k: its status says how it ended. */
static void work(const struct chunk_run *run, int k, const int *turn)
{
	long failed = 0;
	bool ok = take_turns(run, k, turn, NULL, &failed);

	if (output_failed()) {
		output_flush(); /* says "write error" here, once */
		_exit(WORKER_OUTPUT_FAILED);
	}
	_exit(!ok ? WORKER_CUT_OFF : failed ? WORKER_ROWS_FAILED : WORKER_OK);
}

/* The socket pairs of the turns: worker k waits on pair[k][0], passes through pair[k+1][1]. */
struct turns {
	int pair[CHUNKS_MAX_JOBS][2];
	int made;
};

static bool make_turns(struct turns *t, int jobs)
{
	for (t->made = 0; t->made < jobs; t->made++)
		if (socketpair(AF_UNIX, SOCK_STREAM, 0, t->pair[t->made]) != 0)
			return false;
	return true;
}

/* Closes every end but worker k's two (all of them for k < 0); its two into turn. */
static void keep_ends(struct turns *t, int k, int *turn)
{
	int next = t->made ? (k + 1) % t->made : 0;

	for (int i = 0; i < t->made; i++) {
		if (i == k)
			turn[0] = t->pair[i][0];
		else
			close(t->pair[i][0]);
		if (k >= 0 && i == next)
			turn[1] = t->pair[i][1];
		else
			close(t->pair[i][1]);
	}
}

/* The children's end: worker stopped early (false), killed by SIGPIPE, or rows failed. */
struct endings {
	bool cut_off, broken_pipe;
	long failed;
};

static void wait_workers(struct endings *e, const pid_t *pid, int started, bool kill_them)
{
	for (int k = 1; k < started; k++) {
		int status;
		if (kill_them)
			kill(pid[k], SIGTERM);
		while (waitpid(pid[k], &status, 0) < 0 && errno == EINTR)
			;
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE)
			e->broken_pipe = true;
		else if (WIFEXITED(status) && WEXITSTATUS(status) == WORKER_ROWS_FAILED)
			e->failed++;
		else if (WIFEXITED(status) && WEXITSTATUS(status) == WORKER_OUTPUT_FAILED)
			output_failed_elsewhere();
		else if (!kill_them && (!WIFEXITED(status) || WEXITSTATUS(status) != WORKER_OK))
			e->cut_off = true;
	}
}

static long run_workers(const struct chunk_run *run, struct progress *p)
{
	static struct turns t;
	pid_t pid[CHUNKS_MAX_JOBS];
	struct endings e = { false, false, 0 };
	int started = 1, turn[2];
	bool ok;

	fflush(stdout);
	fflush(stderr);
	ok = make_turns(&t, run->jobs);
	for (; ok && started < run->jobs; started++) {
		if ((pid[started] = fork()) < 0)
			break;
		if (pid[started] == 0) {
			keep_ends(&t, started, turn);
			work(run, started, turn);
		}
	}
	if (!ok || started < run->jobs) {
		keep_ends(&t, -1, turn);
		wait_workers(&e, pid, started, true);
		report("map: could not start the workers (-j)");
		return -1;
	}
	keep_ends(&t, 0, turn);
	ok = take_turns(run, 0, turn, p, &e.failed);
	close(turn[0]);
	close(turn[1]);
	wait_workers(&e, pid, started, !ok || should_stop());
	if (e.broken_pipe) /* what one process writing into a closed pipe gets */
		kill(getpid(), SIGPIPE);
	if ((!ok || e.cut_off) && !should_stop()) {
		report("map: a worker stopped early");
		return -1;
	}
	return e.failed;
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
