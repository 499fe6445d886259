/*
 * libfpx_impl.h — what libfpx.c (formats, options, errors, readouts, rows) shares with
 * libfpxcode.c (arrays of values and codes): the options' struct, a call's messages,
 * the errors filled in. Private: fpx.h is the library's one public header.
 */
#ifndef FPX_LIBFPX_IMPL_H
#define FPX_LIBFPX_IMPL_H

#include "fpx.h"
#include "format.h"
#include "settings.h"
#include "strbuf.h"

#define LIBFPX_MAX_OPTIONS 16

struct fpx_options {
	int count;
	char *given[LIBFPX_MAX_OPTIONS]; /* "--name=value", as fpx(1) reads them */
	struct settings s;               /* what they say */
	int threads;                     /* "threads": 1, or at most that many; 0: one a processor */
	char *unsettled;                 /* what they lack together (sra without its sr-bits), in
					  * fpx(1)'s words, until another option settles it; or NULL */
};
/* FPX_USAGE with o's unsettled message, for a call given options that do not go together. */
fpx_status libfpx_options_check(const fpx_options *o, fpx_error *err);

/* A call's elements [lo, hi) of n, run by libfpx_split() (err's index counts from 0). */
typedef fpx_status libfpx_slice_fn(const void *call, size_t lo, size_t hi, fpx_error *err);
/* All n elements of a call, run(call, lo, hi, err) on slices of them at once, on o's
 * threads where it asks for them and there are enough elements; the answer as one
 * run(call, 0, n, err) would give it (libfpxsplit.c). */
fpx_status libfpx_split(libfpx_slice_fn *run, const void *call, size_t n, const fpx_options *o, fpx_error *err);

/* A call's messages, taken from the thread's report while it runs. */
struct libfpx_taken {
	struct strbuf messages, *before;
};

/* err filled (where not NULL) with status, index and message; returns status. */
fpx_status libfpx_fail(fpx_error *err, fpx_status status, size_t index, const char *message);
/* The thread's messages taken into t->messages until libfpx_give_back(). */
void libfpx_take_messages(struct libfpx_taken *t);
void libfpx_give_back(struct libfpx_taken *t);
const struct fmt *libfpx_fmt(const fpx_format *f);

#endif
