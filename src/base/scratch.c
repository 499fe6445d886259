/*
 * scratch.c — per-thread numbers' clearing at a thread's end (scratch.h): one list per
 * thread, run by a pthread key's destructor, and MPFR's own caches of the thread (its
 * constants, which it keeps per thread until asked to free them). Never touches
 * another thread's.
 */
#include "scratch.h"

#include <gmp.h>
#include <mpfr.h>
#include <pthread.h>
#include <stdlib.h>

#define SCRATCH_KEEPERS 32 /* far more than fpx's keepers, each of which registers once */

struct scratch_list {
	int count;
	struct {
		void (*clear)(void *);
		void *p;
	} kept[SCRATCH_KEEPERS];
};

static _Thread_local struct scratch_list list;
static pthread_key_t key;
static pthread_once_t key_made = PTHREAD_ONCE_INIT;

/* The key's destructor: the thread's list cleared, the last registered first. */
static void clear_list(void *arg)
{
	struct scratch_list *l = arg;

	while (l->count > 0) {
		l->count--;
		l->kept[l->count].clear(l->kept[l->count].p);
	}
	mpfr_free_cache();
}

static void make_key(void)
{
	if (pthread_key_create(&key, clear_list) != 0)
		abort();
}

void scratch_at_thread_end(void (*clear)(void *), void *p)
{
	pthread_once(&key_made, make_key);
	if (list.count == SCRATCH_KEEPERS)
		abort(); /* a bug: more keepers than the list holds */
	if (list.count == 0 && pthread_setspecific(key, &list) != 0)
		abort();
	list.kept[list.count].clear = clear;
	list.kept[list.count].p = p;
	list.count++;
}

void scratch_clear_mpz(void *p)
{
	mpz_clear(p);
}
