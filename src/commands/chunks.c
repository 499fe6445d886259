/*
 * chunks.c — numbered rows in chunks, by one process or several, in order (chunks.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "chunks.h"
#include "output.h"
#include "report.h"

#define CHUNK_ROWS 4096
#define PROGRESS_EVERY 0.5   /* seconds between progress lines */

struct progress {
	const char *name;
	uint64_t before;
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
	p->name = run->name;
	p->before = run->before;
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
	fprintf(stderr, "\r\033[Kfpx %s: %llu/%llu row%s, %.0f rows/s, %.0fs left", p->name,
		(unsigned long long)(p->before + done), (unsigned long long)(p->before + p->total),
		sb_plural((long long)(p->before + p->total)), rate,
		rate > 0 ? (double)(p->total - done) / rate : 0.0);
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
	for (uint64_t first = 0; first < run->rows && !output_should_stop(); first = chunk_end(run, first)) {
		failed += run->produce(run->arg, first, chunk_end(run, first), &out);
		output_write(&out, false);
		progress_show(p, chunk_end(run, first));
	}
	output_flush_line(&out);
	sb_free(&out);
	return failed;
}

/* ---- Workers taking turns ---------------------------------------------------------------- */

/*
 * N workers (this process and N − 1 children) take chunk numbers from a counter they
 * share, so that a worker that happens to be slower (its chunks cost more, or its CPU
 * is busier) simply makes fewer of them. Each writes its own chunks to stdout, in order:
 * when chunk c is made, its maker waits until chunks 0 … c − 1 are written, writes c and
 * says so. A worker whose turn has not come yet goes on making its next chunks (up to
 * AHEAD of them), so none sits idle while another writes. No byte of a row is copied
 * between processes.
 *
 * The shared part lives in memory mapped before the fork: the counters, and a process-
 * shared mutex and condition variable to sleep on. Sleeps are timed, so that a worker
 * that died (the parent reaps it; a child notices the parent gone) stops the others
 * instead of leaving them waiting for its chunk.
 */
#define AHEAD 4
#define PIECE_ROWS 256 /* rows made between two looks at whose turn it is */
#define WAKE_TO_CHECK_NS 100000000L /* 0.1 s */

struct shared_turns {
	pthread_mutex_t lock;
	pthread_cond_t written_more;
	_Atomic uint64_t next_to_make;
	_Atomic uint64_t written;    /* chunks 0 … written − 1 are out; changed under lock */
	bool abandoned;              /* under lock: a worker died or output failed */
};

/* Exit statuses of a worker process. */
enum { WORKER_OK, WORKER_ROWS_FAILED, WORKER_OUTPUT_FAILED = 3, WORKER_CUT_OFF };

/* The children, and how those that ended while the run went on ended. */
struct crew {
	pid_t pid[CHUNKS_MAX_JOBS];
	int status[CHUNKS_MAX_JOBS];
	bool reaped[CHUNKS_MAX_JOBS];
	int started;                 /* workers, this one included */
	pid_t parent;
};

static struct shared_turns *share_turns(void)
{
	struct shared_turns *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pthread_mutexattr_t ma;
	pthread_condattr_t ca;
	bool ok;

	if (s == MAP_FAILED)
		return NULL;
	ok = pthread_mutexattr_init(&ma) == 0 && pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED) == 0 &&
	     pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST) == 0 && pthread_mutex_init(&s->lock, &ma) == 0 &&
	     pthread_condattr_init(&ca) == 0 && pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED) == 0 &&
	     pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 && pthread_cond_init(&s->written_more, &ca) == 0;
	if (!ok) {
		munmap(s, sizeof *s);
		return NULL;
	}
	atomic_init(&s->next_to_make, 0);
	atomic_init(&s->written, 0);
	s->abandoned = false;
	return s;
}

static void lock_turns(struct shared_turns *s)
{
	if (pthread_mutex_lock(&s->lock) == EOWNERDEAD) /* its holder was killed */
		pthread_mutex_consistent(&s->lock);
}

static void abandon(struct shared_turns *s)
{
	lock_turns(s);
	s->abandoned = true;
	pthread_cond_broadcast(&s->written_more);
	pthread_mutex_unlock(&s->lock);
}

/* The parent: reaps the children that ended, true when one of them ended badly (died
 * or failed to write). A child: true when the parent is gone. */
static bool crew_lost_someone(struct crew *c)
{
	if (getpid() != c->parent)
		return getppid() != c->parent;
	for (int k = 1; k < c->started; k++) {
		if (c->reaped[k] || waitpid(c->pid[k], &c->status[k], WNOHANG) <= 0)
			continue;
		c->reaped[k] = true;
		if (!WIFEXITED(c->status[k]) || WEXITSTATUS(c->status[k]) == WORKER_OUTPUT_FAILED ||
		    WEXITSTATUS(c->status[k]) == WORKER_CUT_OFF)
			return true;
	}
	return false;
}

/* Waits for chunk c's turn: 1 when it has come, −1 when it never will (the run was
 * abandoned, or this worker must stop). */
static int turn_of(struct shared_turns *s, struct crew *crew, uint64_t c)
{
	int state = 0;

	lock_turns(s);
	while (state == 0) {
		struct timespec until;
		if (s->abandoned)
			state = -1;
		else if (atomic_load(&s->written) == c)
			state = 1;
		else {
			clock_gettime(CLOCK_MONOTONIC, &until);
			until.tv_nsec += WAKE_TO_CHECK_NS;
			if (until.tv_nsec >= 1000000000L) {
				until.tv_sec++;
				until.tv_nsec -= 1000000000L;
			}
			if (pthread_cond_timedwait(&s->written_more, &s->lock, &until) == EOWNERDEAD)
				pthread_mutex_consistent(&s->lock);
			else if (output_should_stop())
				state = -1;
			else if (crew_lost_someone(crew)) {
				s->abandoned = true;
				pthread_cond_broadcast(&s->written_more);
			}
		}
	}
	pthread_mutex_unlock(&s->lock);
	return state;
}

static void pass_turn(struct shared_turns *s, uint64_t c)
{
	lock_turns(s);
	atomic_store(&s->written, c + 1);
	pthread_cond_broadcast(&s->written_more);
	pthread_mutex_unlock(&s->lock);
}

/* One worker's chunks made and not yet written, oldest first. */
struct made_chunks {
	uint64_t number[AHEAD];
	struct strbuf rows[AHEAD];
	int oldest, held;
	bool no_more; /* every chunk has been taken */
};

/* Writes the oldest chunk made, its turn having come, and passes the turn on; false
 * when output failed. */
static bool write_oldest(const struct chunk_run *run, struct shared_turns *s, struct made_chunks *m,
			 struct progress *p)
{
	uint64_t c = m->number[m->oldest];

	output_write_direct(&m->rows[m->oldest]);
	m->oldest = (m->oldest + 1) % AHEAD;
	m->held--;
	if (output_failed()) {
		abandon(s);
		return false;
	}
	pass_turn(s, c);
	if (p)
		progress_show(p, chunk_end(run, c * CHUNK_ROWS));
	return true;
}

/* Writes the chunks made whose turns have come, oldest first; false when output failed. */
static bool write_ready(const struct chunk_run *run, struct shared_turns *s, struct made_chunks *m,
			struct progress *p)
{
	while (m->held > 0 && atomic_load(&s->written) == m->number[m->oldest])
		if (!write_oldest(run, s, m, p))
			return false;
	return true;
}

/* Makes the next chunk not taken yet, a few rows at a time, writing those made before
 * it as their turns come meanwhile (a turn waits for a piece, not for a whole chunk). */
static bool make_one(const struct chunk_run *run, struct shared_turns *s, struct made_chunks *m,
		     struct progress *p, long *failed)
{
	uint64_t chunks = (run->rows + CHUNK_ROWS - 1) / CHUNK_ROWS;
	uint64_t c = atomic_fetch_add(&s->next_to_make, 1);
	int slot = (m->oldest + m->held) % AHEAD;
	uint64_t end;

	if (c >= chunks) {
		m->no_more = true;
		return true;
	}
	end = chunk_end(run, c * CHUNK_ROWS);
	for (uint64_t first = c * CHUNK_ROWS; first < end; first += PIECE_ROWS) {
		*failed += run->produce(run->arg, first, end - first < PIECE_ROWS ? end : first + PIECE_ROWS,
					&m->rows[slot]);
		if (!write_ready(run, s, m, p))
			return false;
	}
	m->number[slot] = c;
	m->held++;
	return true;
}

/* This worker's share of the chunks, each written in its turn; false when a turn never
 * came (the run was abandoned). Stops once output fails or on an interrupt. */
static bool take_turns(const struct chunk_run *run, struct shared_turns *s, struct crew *crew, struct progress *p,
		       long *failed)
{
	struct made_chunks m = { .oldest = 0, .held = 0, .no_more = false };
	bool ok = true;

	for (int i = 0; i < AHEAD; i++)
		sb_init(&m.rows[i]);
	while (ok && !output_should_stop() && (m.held > 0 || !m.no_more)) {
		if (m.held < AHEAD && !m.no_more) {
			if (!make_one(run, s, &m, p, failed) || !write_ready(run, s, &m, p))
				break;
		} else {
			int state = turn_of(s, crew, m.number[m.oldest]);
			if (state < 0)
				ok = output_should_stop();
			else if (!write_oldest(run, s, &m, p))
				break;
		}
	}
	for (int i = 0; i < AHEAD; i++)
		sb_free(&m.rows[i]);
	return ok;
}

/* A child process as a worker: its status says how it ended. */
static void work(const struct chunk_run *run, struct shared_turns *s, struct crew *crew)
{
	long failed = 0;
	bool ok = take_turns(run, s, crew, NULL, &failed);

	if (output_failed()) {
		output_flush(); /* says "write error" here, once */
		_exit(WORKER_OUTPUT_FAILED);
	}
	_exit(!ok ? WORKER_CUT_OFF : failed ? WORKER_ROWS_FAILED : WORKER_OK);
}

/* The children's end: a worker stopped early, one was killed by SIGPIPE, rows failed. */
struct endings {
	bool cut_off, broken_pipe;
	long failed;
};

static void wait_workers(struct endings *e, struct crew *c, bool kill_them)
{
	for (int k = 1; k < c->started; k++) {
		int status;
		if (c->reaped[k])
			status = c->status[k];
		else {
			if (kill_them)
				kill(c->pid[k], SIGTERM);
			while (waitpid(c->pid[k], &status, 0) < 0 && errno == EINTR)
				;
		}
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE)
			e->broken_pipe = true;
		else if (WIFEXITED(status) && WEXITSTATUS(status) == WORKER_ROWS_FAILED)
			e->failed++;
		else if (WIFEXITED(status) && WEXITSTATUS(status) == WORKER_OUTPUT_FAILED)
			output_failed_elsewhere();
		else if ((!kill_them || c->reaped[k]) && (!WIFEXITED(status) || WEXITSTATUS(status) != WORKER_OK))
			e->cut_off = true;
	}
}

static long run_workers(const struct chunk_run *run, struct progress *p)
{
	static struct crew crew;
	struct shared_turns *s;
	struct endings e = { false, false, 0 };
	bool ok;

	fflush(stdout);
	fflush(stderr);
	memset(&crew, 0, sizeof crew);
	crew.parent = getpid();
	crew.started = 1;
	if (!(s = share_turns())) {
		report("%s: could not start the workers (-j): %s", run->name, strerror(errno));
		return -1;
	}
	for (; crew.started < run->jobs; crew.started++) {
		pid_t pid = fork();
		if (pid < 0)
			break;
		if (pid == 0)
			work(run, s, &crew);
		crew.pid[crew.started] = pid;
	}
	if (crew.started < run->jobs) {
		abandon(s);
		wait_workers(&e, &crew, true);
		report("%s: could not start the workers (-j)", run->name);
		return -1;
	}
	ok = take_turns(run, s, &crew, p, &e.failed);
	wait_workers(&e, &crew, !ok || output_should_stop());
	munmap(s, sizeof *s);
	if (e.broken_pipe) /* what one process writing into a closed pipe gets */
		kill(getpid(), SIGPIPE);
	if ((!ok || e.cut_off) && !output_should_stop()) {
		report("%s: a worker stopped early", run->name);
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
