/*
 * fastpath.h — the pieces of tests/fastpath shared by its files: the comparisons of
 * the fast paths against the exact one (fastcompare.c), which both the stdin lines
 * (fastpath.c) and the near-ties inputs (fastnear.c) go through, and what they count.
 * It declares; it holds no check of its own.
 *
 * testlib.h's counters are each file's own (they are static): fastcompare.c and
 * fastnear.c hand theirs over by their _tally() functions, and main() in fastpath.c
 * adds them to its own before the closing line, which only it writes (each file
 * prints its own first 50 failures).
 */
#ifndef FPX_TESTS_FASTPATH_H
#define FPX_TESTS_FASTPATH_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

#include "decimal.h"
#include "decwords.h"
#include "fastdec.h"
#include "format.h"
#include "parse.h"

/* The closing line is main()'s, in fastpath.c: the other files leave it unused (this
 * header comes before testlib.h, so that the attribute precedes the definition). */
static int test_summary(const char *name) __attribute__((unused));
#include "testlib.h"

/* What the comparisons counted, for the modes' closing lines. */
struct fastcmp_counts {
	long one_pass; /* lines rnd_line_code() took in binary64, rne */
	long own_digits; /* lines whose own digits rnd_line_code_digits() gave */
	long decimal_own_digits; /* decimals whose own digits rnd_decimal_own_digits() gave */
	long log2_asked, log2_decided; /* fastdec_floor_log2() */
	long digits_lines, digits_log2_decided, digits_placed, digits_far_below, digits_errors_in_words;
};
extern struct fastcmp_counts fastcmp_counts;

/* Reads text by the grammar alone into in (false where it does not read it), and
 * checks that fastdec_value() of its scan d is the same number. */
bool fastcmp_read_exactly(struct input *in, const struct decimal *d, const char *text, size_t len);
/* The fast decimal path against the exact one, into f, in the first nmodes modes. */
void fastcmp_paths(const struct fmt *f, const struct decimal *d, const struct input *in, int nmodes,
		   const char *text, size_t len);
/* The one-pass line against the exact path (text has the line reader's padding). */
void fastcmp_line(const struct fmt *f, const struct input *in, bool parsed, int nmodes, const char *text,
		  size_t len);
/* fastdec_floor_log2() against the exact value's. */
void fastcmp_floor_log2(const struct decimal *d, const struct input *in, const char *text, size_t len);
/* mx's one pass on a line's digits against the exact path. */
void fastcmp_digits(const struct input *in, bool parsed, bool all_modes, const char *text, size_t len);
/* dec_words_cmp_abs() and dec_words_log2_over() against the exact q, and the previous pair. */
void fastcmp_magnitudes(const struct dec_words *w, const mpq_t q);
/* q times 2^e. */
void fastcmp_scale_value(mpq_t q, long e);
void fastcmp_tally(long *passed, long *failed);

/* The --near-ties mode: makes its inputs, compares them, prints its counts. */
void fastnear_run(void);
void fastnear_tally(long *passed, long *failed);

#endif
