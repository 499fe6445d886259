/*
 * scratch.h — what a function keeps from one call to the next (GMP and MPFR numbers, so
 * that a million values do not mean a million allocations), one set per thread: two
 * threads never share it, and a thread's is freed when the thread ends. Never shared,
 * never locked.
 *
 * A keeper declares its own `static _Thread_local` numbers and a flag, and on its
 * thread's first call makes them and hands them here to be cleared at the thread's end:
 *
 *	static _Thread_local mpz_t m;
 *	static _Thread_local bool ready;
 *	if (!ready) {
 *		mpz_init(m);
 *		scratch_at_thread_end(scratch_clear_mpz, m);
 *		ready = true;
 *	}
 *
 * The main thread's are left to the process's end, as a static's always were.
 */
#ifndef FPX_SCRATCH_H
#define FPX_SCRATCH_H

/* Calls clear(p) when the calling thread ends (after every later registration's). */
void scratch_at_thread_end(void (*clear)(void *), void *p);
/* clear for an mpz_t. */
void scratch_clear_mpz(void *p);

#endif
