/*
 * libfpxsplit.c — one call's elements shared among threads: where its options ask for
 * threads ("threads") and there are enough elements, the calling thread and up to
 * threads − 1 others each round a slice of them through the call's slice function,
 * and the call answers as one would have: the first failure over all slices. Each element's
 * code depends on it and the options alone (a stochastic mode's draw is the options'
 * sr-random), so the codes are the same whatever the slices. Never prints; where a
 * thread cannot be made, its slice runs in the caller.
 */
#define _GNU_SOURCE /* sched_getaffinity(), where there is one */
#include "libfpx_impl.h"

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

enum {
	SLICE_MIN = 1 << 14, /* elements: fewer are not worth a thread */
	THREADS_MAX = 64
};

struct slice {
	libfpx_slice_fn *run;
	const void *call;
	size_t lo, hi;
	fpx_status status;
	fpx_error err;
	pthread_t thread;
	bool started;
};

/* The processors this process may run on. */
static int processors(void)
{
	long online;
#ifdef CPU_COUNT
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0)
		return CPU_COUNT(&set);
#endif
	online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (int)online : 1;
}

/* How many slices n elements are run in, with options o. */
static int slices_for(const fpx_options *o, size_t n)
{
	int threads = o ? o->threads : 1;

	if (threads == 0)
		threads = processors();
	if (threads > THREADS_MAX)
		threads = THREADS_MAX;
	if ((size_t)threads > n / SLICE_MIN)
		threads = (int)(n / SLICE_MIN);
	return threads > 1 ? threads : 1;
}

size_t fpx_batch_size(const fpx_options *o)
{
	int threads = slices_for(o, SIZE_MAX);

	return threads > 1 ? (size_t)threads * SLICE_MIN : 1;
}

static void *slice_run(void *arg)
{
	struct slice *s = arg;

	s->status = s->run(s->call, s->lo, s->hi, &s->err);
	return NULL;
}

/* The call's answer from its slices': the first that failed to start (a usage error,
 * the same in each), else the first element that failed. */
static fpx_status slices_answer(struct slice *s, int count, fpx_error *err)
{
	for (int k = 0; k < count; k++)
		if (s[k].status != FPX_OK) {
			if (err)
				*err = s[k].err;
			return s[k].status;
		}
	return FPX_OK;
}

fpx_status libfpx_split(libfpx_slice_fn *run, const void *call, size_t n, const fpx_options *o, fpx_error *err)
{
	struct slice s[THREADS_MAX];
	int count = slices_for(o, n);

	if (count == 1)
		return run(call, 0, n, err);
	for (int k = 0; k < count; k++) {
		s[k] = (struct slice){ .run = run, .call = call, .lo = n / (size_t)count * (size_t)k, .status = FPX_OK };
		s[k].hi = k == count - 1 ? n : n / (size_t)count * (size_t)(k + 1);
	}
	for (int k = 1; k < count; k++)
		s[k].started = pthread_create(&s[k].thread, NULL, slice_run, &s[k]) == 0;
	slice_run(&s[0]);
	for (int k = 1; k < count; k++) {
		if (s[k].started)
			pthread_join(s[k].thread, NULL);
		else
			slice_run(&s[k]);
	}
	return slices_answer(s, count, err);
}
