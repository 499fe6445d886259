/*
 * mxblock.c — a block of `fpx mx`'s elements as they were read: each a value, or the
 * digits of a plain decimal (read again as a decimal, and made a value, only where
 * asked); the block's shared exponent from them; and what is made once for each scale.
 */
#include "mxblock.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <emmintrin.h>

#include "lines.h"
#include "output.h"
#include "mxvalue.h"
#include "parse.h"

/* Room for n elements. */
static void block_reserve(struct block *b, long n)
{
	long cap = b->cap ? b->cap : 32;

	if (n <= b->cap)
		return;
	while (cap < n)
		cap *= 2;
	b->v = realloc(b->v, (size_t)cap * sizeof *b->v);
	b->text = realloc(b->text, (size_t)cap * sizeof *b->text);
	b->len = realloc(b->len, (size_t)cap * sizeof *b->len);
	b->at = realloc(b->at, (size_t)cap * sizeof *b->at);
	b->approximate = realloc(b->approximate, (size_t)cap * sizeof *b->approximate);
	b->form = realloc(b->form, (size_t)cap * sizeof *b->form);
	b->dec = realloc(b->dec, (size_t)cap * sizeof *b->dec);
	b->digits = realloc(b->digits, (size_t)cap * sizeof *b->digits);
	b->made = realloc(b->made, (size_t)cap * sizeof *b->made);
	b->pending = realloc(b->pending, (size_t)cap * sizeof *b->pending);
	b->spots = realloc(b->spots, 2 * (size_t)cap * sizeof *b->spots);
	b->spot_log2 = realloc(b->spot_log2, (size_t)cap * sizeof *b->spot_log2);
	b->log2_over = realloc(b->log2_over, (size_t)cap * sizeof *b->log2_over);
	if (!b->v || !b->text || !b->len || !b->at || !b->approximate || !b->form || !b->dec || !b->digits || !b->made ||
	    !b->pending || !b->spots || !b->spot_log2 || !b->log2_over)
		abort();
	for (long i = b->cap; i < cap; i++)
		num_init(&b->v[i]);
	b->cap = cap;
}

/* Where the next text goes in chars (after the last one's terminator and padding), room
 * made there for len bytes, a terminator and LINES_PADDING bytes after it. */
static size_t text_room(struct block *b, size_t len)
{
	size_t at = b->count ? b->at[b->count - 1] + b->len[b->count - 1] + 1 + LINES_PADDING : 0;

	if (at + len + 1 + LINES_PADDING > b->chars_cap) {
		b->chars_cap = 2 * (at + len + 1 + LINES_PADDING);
		if (!(b->chars = realloc(b->chars, b->chars_cap)))
			abort();
	}
	return at;
}

/* The text of element b->count copied into chars at `at`, its terminator c and zeros
 * after it; the element counted. */
static void add_text(struct block *b, size_t at, const char *text, size_t len, char c)
{
	long i = b->count++;

	memcpy(b->chars + at, text, len);
	b->chars[at + len] = c;
	memset(b->chars + at + len + 1, 0, LINES_PADDING);
	b->at[i] = at;
	b->len[i] = len;
	b->bytes += (long)len;
	b->copied = true;
}

/* An element: the value x, or the plain decimal d (x NULL), and its text. */
void mx_block_add(struct block *b, const struct num *x, const struct decimal *d, bool approximate, const char *text,
		  size_t len)
{
	block_reserve(b, b->count + 1);
	if (x)
		num_set(&b->v[b->count], x);
	b->made[b->count] = x != NULL;
	b->form[b->count] = x ? ELEMENT_VALUE : ELEMENT_DECIMAL;
	b->log2_over[b->count] = LONG_MAX;
	if (!x) {
		b->dec[b->count] = *d;
		b->dec[b->count].text = NULL; /* d's text is the caller's, gone by the block's end */
	}
	b->approximate[b->count] = approximate;
	b->in_place = false; /* its text typed: the rows of the general path */
	add_text(b, text_room(b, len), text, len, '\0');
}

/* The texts' pointers, once no text is added to move them. */
void mx_block_texts(struct block *b)
{
	if (!b->copied)
		return;
	for (long i = 0; i < b->count; i++)
		b->text[i] = b->chars + b->at[i];
	b->readable = b->count ? b->chars + b->at[b->count - 1] + b->len[b->count - 1] + 1 + LINES_PADDING : b->chars;
}

void mx_block_empty(struct block *b)
{
	b->count = 0;
	b->spot_any = false;
	b->bytes = 0;
	b->in_place = false;
	b->copied = false;
}

void mx_block_free(struct block *b)
{
	sb_free(&b->row_start);
	sb_free(&b->tensor_columns);
	for (long i = 0; i < b->cap; i++)
		num_clear(&b->v[i]);
	free(b->v);
	free(b->text);
	free(b->len);
	free(b->at);
	free(b->chars);
	free(b->approximate);
	free(b->form);
	free(b->dec);
	free(b->digits);
	free(b->made);
	free(b->pending);
	free(b->spots);
	free(b->spot_log2);
	free(b->log2_over);
	for (int e = 0; e < MX_SCALES; e++) {
		free(b->scale_text[e]);
		free(b->scale_row[e]);
		free(b->scaled[e]);
	}
	free(b->codes);
	if (b->work_made) {
		mpq_clears(b->decoded, b->diff, b->worst, b->typed, NULL);
		num_clear(&b->y);
		sb_free(&b->exact);
		sb_free(&b->error);
	}
}

/* The text of the scale 2^e's value, made once. */
const char *mx_scale_text(struct block *b, long e)
{
	char **text = &b->scale_text[e + MX_SCALE_BIAS];

	if (!*text) {
		struct strbuf t;
		mpq_t x;
		sb_init(&t);
		mpq_init(x);
		num_set_pow2(x, e);
		output_rational(&t, x);
		mpq_clear(x);
		*text = t.s;
	}
	return *text;
}

/* The one pass's rounding for the scale 2^e (element values times 2^−e), opened once;
 * NULL where it does not open. */
const struct rnd_line *mx_scaled_rounding(struct block *b, const struct fmt *f, long e)
{
	long i = e + MX_SCALE_BIAS;

	if (!b->scaled_tried[i]) {
		b->scaled_tried[i] = true;
		if (!(b->scaled[i] = malloc(sizeof *b->scaled[i])))
			abort();
		if (!rnd_line_open(b->scaled[i], f, rnd_spec(RND_NEAREST_EVEN, RND_SAT_FINITE), -e)) {
			free(b->scaled[i]);
			b->scaled[i] = NULL;
		}
	}
	return b->scaled[i];
}

/* A plain decimal (no 2^k), its exact value within reach of fastdec_value(): read so,
 * without the parser, as parse_input() would read it. */
static bool mx_plain_decimal(struct decimal *d, const char *text, size_t len)
{
	return len <= PARSE_MAX_INPUT && fastdec_scan(d, text, len) && d->e2 == 0 && !(d->sticky && d->limbs == 0);
}

/* A long decimal is taken as one when its text is at most this long and its first 19
 * digits' exponent within this: its value is then far inside the parser's limits
 * (NUM_LIMIT_EXP), which reads it as read_element() would. */
#define MX_LONG_MAX_LEN 4096
#define MX_LONG_MAX_Q 4000

bool mx_block_decimal(struct decimal *d, const char *text, size_t len)
{
	if (len > MX_LONG_MAX_LEN || !fastdec_scan(d, text, len) || d->e2 != 0)
		return false;
	return !mx_long_decimal(d) || labs(d->q) <= MX_LONG_MAX_Q;
}

/* The one pass takes a line whose exponent (of its last digit, w·10^q) lies within
 * this: fastdec_scan() reads the line too, its first 19 digits' exponent at most 19
 * above q, within its tables' ±400. */
#define MX_ONE_PASS_MAX_Q 381

/* Element i held as a decimal (one the one pass read, read again as the general
 * scanner reads it: element_in_words() and fastdec_value() take that). Its text is a
 * line the one pass took (LINES_PADDING bytes readable after it): read so, in words. */
void mx_element_as_decimal(struct block *b, long i)
{
	if (b->form[i] != ELEMENT_DIGITS && b->form[i] != ELEMENT_SPOT)
		return;
	/* MX_ONE_PASS_MAX_Q says it does; spot_line() that it is short enough */
	if (fastdec_scan_line_decimal(&b->dec[i], b->text[i]) != b->text[i] + b->len[i] &&
	    !(b->form[i] == ELEMENT_DIGITS ? mx_plain_decimal : mx_block_decimal)(&b->dec[i], b->text[i], b->len[i]))
		abort();
	b->form[i] = ELEMENT_DECIMAL;
}

/* A long decimal's exact value, read as the parser reads it (mx_block_decimal() said
 * it would). */
static void long_value(struct num *v, const char *text, size_t len)
{
	struct input in;
	struct parse_error err;

	if (mx_text_value(v, text, len, MX_LONG_MAX_LEN))
		return;
	parse_input_init(&in);
	if (parse_input(&in, &err, text, len) != PARSE_OK || in.kind != INPUT_VALUE || in.value.bound)
		abort();
	num_set(v, &in.value);
	parse_input_clear(&in);
}

/* Element i's exact value, made from its digits the first time it is asked for (a
 * spot's straight from its text, a line the one pass placed, not read again first). */
const struct num *mx_element_value(struct block *b, long i)
{
	if (b->form[i] == ELEMENT_SPOT && !b->made[i]) {
		long_value(&b->v[i], b->text[i], b->len[i]);
		b->made[i] = true;
		return &b->v[i];
	}
	mx_element_as_decimal(b, i);
	if (b->made[i])
		return &b->v[i];
	if (mx_long_decimal(&b->dec[i]))
		long_value(&b->v[i], b->text[i], b->len[i]);
	else if (!fastdec_value(&b->v[i], &b->dec[i])) /* mx_plain_decimal() said it would */
		abort();
	b->made[i] = true;
	return &b->v[i];
}

/* Is element i zero, read as digits? */
static inline bool zero_digits(const struct block *b, long i)
{
	return (b->form[i] == ELEMENT_DIGITS && b->digits[i].w == 0) ||
	       (b->form[i] == ELEMENT_DECIMAL && b->dec[i].kind == DECIMAL_FINITE && b->dec[i].head == 0);
}

/* ⌊log2 |x|⌋ of element i (not zero) from its digits in words; false when they do not
 * decide it. */
static bool digits_floor_log2(long *e, struct block *b, long i)
{
	if (b->form[i] == ELEMENT_DIGITS && fastdec_digits_floor_log2(e, &b->digits[i]))
		return true;
	if (b->form[i] == ELEMENT_SPOT) {
		*e = b->spot_log2[i];
		return true;
	}
	if (b->form[i] == ELEMENT_VALUE)
		return false;
	mx_element_as_decimal(b, i);
	return fastdec_floor_log2(e, &b->dec[i]);
}

/* For an element read as nonzero digits, fastdec_digits_log2_bound(): ⌊log2 |x|⌋ lies
 * in [bound, bound + *slack] (3); for a spot, ⌊log2 |x|⌋ itself; for a finite decimal
 * of nonzero head h, that bound of h·10^q, and |x| < (h + 1)·10^q ≤ 2·h·10^q where its
 * digits go past h (slack 4); else LONG_MIN. */
static inline long log2_bound(const struct block *b, long i, int *slack)
{
	const struct decimal *d = &b->dec[i];

	*slack = 3;
	if (b->form[i] == ELEMENT_SPOT)
		return b->spot_log2[i];
	if (b->form[i] == ELEMENT_DECIMAL && d->kind == DECIMAL_FINITE && d->head && d->e2 == 0 && labs(d->q) <= 400) {
		*slack = 3 + d->sticky;
		return fastdec_digits_log2_bound(&(struct fastdec_digits){ d->head, d->q, d->neg });
	}
	return b->form[i] == ELEMENT_DIGITS && b->digits[i].w != 0 ? fastdec_digits_log2_bound(&b->digits[i]) : LONG_MIN;
}

/* ⌊log2 |x|⌋ of element i from its exact value (made here if it is not yet): 1, or 0
 * for a zero, or −1 for a NaN or an infinity. */
static int value_floor_log2(long *e, struct block *b, long i)
{
	const struct num *v = mx_element_value(b, i);

	if (v->kind != NUM_FINITE)
		return -1;
	if (mpq_sgn(v->mag) == 0)
		return 0;
	*e = num_floor_log2_ratio(mpq_numref(v->mag), mpq_denref(v->mag));
	return 1;
}

/* Elements whose ⌊log2 |x|⌋ needs their exact value are put off (up to this many) to
 * the end of the block, when the largest known may show that they are below it. */
#define MX_PUT_OFF 16

/* Whether element i is zero or cannot pass top, by its bound (the commonest, digits,
 * first). */
static inline __attribute__((always_inline)) bool not_above(const struct block *b, long i, long top, long *bound)
{
	int slack;

	if (b->form[i] == ELEMENT_DIGITS) {
		*bound = b->digits[i].w == 0 ? LONG_MIN : fastdec_digits_log2_bound(&b->digits[i]);
		return *bound == LONG_MIN || *bound + 3 <= top;
	}
	if (b->form[i] == ELEMENT_SPOT) /* its ⌊log2 |x|⌋ itself */
		return (*bound = b->spot_log2[i]) <= top;
	*bound = log2_bound(b, i, &slack);
	return zero_digits(b, i) || (*bound != LONG_MIN && *bound + slack <= top);
}

/*
 * The shared exponent: ⌊log2⌋ of the largest |x|, the largest ⌊log2 |x|⌋ (as the scale
 * 2^(that − emax), at least 2^−127: the largest is taken as at least emax − 127 from the
 * start), exactly only for elements that may pass the largest known before them (their
 * bounds say which), those whose exact values it takes put off to the end.
 */
bool mx_shared_exponent(long *out, struct block *b, long emax)
{
	long top = emax - 127, later[MX_PUT_OFF], n = 0, e, bound;
	int got;

	for (long i = 0; i < b->count; i++) {
		if (b->log2_over[i] <= top || not_above(b, i, top, &bound)) /* the first: no branch on form */
			continue;
		if (digits_floor_log2(&e, b, i))
			top = e > top ? e : top;
		else if (bound != LONG_MIN && bound - emax >= 127) /* the scale capped: only a NaN or */
			top = LONG_MAX / 4;                        /* inf changes it, every finite x below */
		else if (bound != LONG_MIN && n < MX_PUT_OFF)
			later[n++] = i;
		else if ((got = value_floor_log2(&e, b, i)) < 0)
			return false;
		else if (got && e > top)
			top = e;
	}
	for (long k = 0; k < n; k++) {
		if (not_above(b, later[k], top, &bound))
			continue;
		if ((got = value_floor_log2(&e, b, later[k])) < 0)
			return false;
		if (got && e > top)
			top = e;
	}
	*out = top - emax > 127 ? 127 : top - emax;
	return true;
}

/*
 * The commonest input, stdin lines that are plain decimals, a block at a time straight
 * from the line reader's block: the next `size` lines, each read by fastdec_scan_line()
 * into the empty block b in place (its digits, no copy of its text), whose elements
 * then go in words (mxemit.c's digits_elements()). Returns where those lines end; where
 * the reader's block ends before them, where the lines it holds end, those kept as a
 * block begun, their texts copied (b->count of them: the usual reading goes on with the
 * next); or NULL, with b empty again, when one is not such a line (the usual reading
 * then takes them all).
 */
/*
 * A line of the block in place that the one pass does not read (a long decimal, or an
 * exponent past MX_ONE_PASS_MAX_Q), read by the general scanner as element i held as a
 * decimal, as read_element() would hold it: [sign]digits... with no blank around it
 * (the text is the line as it is), finite. Returns where the line ends, or NULL.
 */
static const char *other_line(struct block *b, long i, const char *p, const char *end)
{
	const char *stop = memchr(p, '\n', (size_t)(end - p));
	size_t len = stop ? (size_t)(stop - p) : 0;

	if (!len || !((unsigned)(p[0] - '0') < 10 || p[0] == '-' || p[0] == '+' || p[0] == '.') ||
	    !((unsigned)(p[len - 1] - '0') < 10 || p[len - 1] == '.') || !mx_block_decimal(&b->dec[i], p, len) ||
	    b->dec[i].kind != DECIMAL_FINITE)
		return NULL;
	b->form[i] = ELEMENT_DECIMAL;
	b->log2_over[i] = LONG_MAX;
	return stop;
}

/* The probe (binary64's grid, mxlong.h) opened once; false where it does not open. */
static bool mx_block_probe(struct block *b)
{
	if (!b->probe_tried) {
		b->probe_tried = true;
		b->probe_open = mx_probe_open(&b->probe);
	}
	return b->probe_open;
}

/* Element i's form once the one pass has read line i into b->dec[i] (as
 * fastdec_scan_line_decimal() reads it): its digits where they are the one pass's (at
 * most 38, the exponent within MX_ONE_PASS_MAX_Q), else held as a decimal. */
static void decimal_form(struct block *b, long i)
{
	struct decimal *d = &b->dec[i];

	if ((!d->sticky || d->limbs) && (d->head == 0 || labs(d->sticky ? d->wq : d->q) <= MX_ONE_PASS_MAX_Q)) {
		b->digits[i] = (struct fastdec_digits){
			d->sticky ? (unsigned __int128)d->w[1] << 64 | d->w[0] : d->head, d->sticky ? d->wq : d->q, d->neg
		};
		b->form[i] = ELEMENT_DIGITS; /* as fastdec_scan_line() reads it */
		b->log2_over[i] = mx_digits_log2_over(&b->digits[i]);
	} else
		b->form[i] = ELEMENT_DECIMAL, b->log2_over[i] = LONG_MAX;
}

/* Does the decimal read from p end its line at stop, within the block and
 * MX_LONG_MAX_LEN? */
static inline bool line_ends(const char *p, const char *stop, const char *end)
{
	return stop && stop < end && *stop == '\n' && stop - p <= MX_LONG_MAX_LEN;
}

/* The same read in one pass (x, fastdec_place_long_line()) as the general scanner
 * reads it (fastdec_long_decimal()), decimal_form(); else other_line(). */
static const char *decimal_line(struct block *b, long i, const struct fastdec_long_scan *x, const char *p,
				const char *end)
{
	if (!line_ends(p, x->stop, end) || !fastdec_long_decimal(&b->dec[i], x))
		return other_line(b, i, p, end);
	decimal_form(b, i);
	return x->stop;
}

/* The same, placed among binary64's values where that gives its ⌊log2 |x|⌋ (mxlong.h):
 * element i's spot (fastdec_place_long_line(), which keeps what it read in x). */
static const char *spot_line(struct block *b, long i, struct fastdec_long_scan *x, const char *p, const char *end)
{
	struct fastdec_spot *s = &b->spots[2 * i];
	const struct fastdec_line *probe = mx_block_probe(b) ? &b->probe : NULL;
	const char *stop = fastdec_place_long_line(s, x, probe, p);

	if (!line_ends(p, stop, end) || !mx_spot_floor_log2(&b->spot_log2[i], s))
		return NULL;
	b->form[i] = ELEMENT_SPOT;
	b->log2_over[i] = b->spot_log2[i];
	if (!b->spot_any || b->spot_log2[i] > b->spot_top) /* seldom: the largest so far */
		b->spot_any = true, b->spot_top = b->spot_log2[i], b->spot_top_at = i;
	return stop;
}

/* Whether the line at p ends within its first 39 bytes (so that it holds at most 38
 * digits): 48 bytes compared at once where the block (and its padding) holds them. */
#define MX_SHORT_LINE 39
static inline bool short_line(const char *p, const char *end)
{
	if (end + LINES_PADDING - p >= 48) { /* the commonest lines end in their first 16 */
		const __m128i nl = _mm_set1_epi8('\n');
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), nl)) ||
		    _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), nl)))
			return true;
		return (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), nl)) &
			((1 << (MX_SHORT_LINE - 32)) - 1)) != 0;
	}
	return memchr(p, '\n', (size_t)(end - p < MX_SHORT_LINE ? end - p : MX_SHORT_LINE)) != NULL;
}

/* A line that is not short or that the scan does not take, read once (its digits past
 * the 19th skimmed): placed (spot_line()), else read as the general scanner reads it
 * (decimal_line()). Apart from the loop, whose commonest lines it would slow. */
__attribute__((noinline, flatten)) static const char *long_line(struct block *b, long i, const char *p,
								  const char *end)
{
	struct fastdec_long_scan x;
	const char *stop = spot_line(b, i, &x, p, end);

	return stop ? stop : decimal_line(b, i, &x, p, end);
}

/* Line i read by the one pass's scan (its digits) where it is short and that reads
 * it; else by long_line(). Returns where it ends, or NULL. */
static inline const char *read_line(struct block *b, long i, const char *p, const char *end)
{
	struct fastdec_digits *x = &b->digits[i];
	const char *stop;

	b->form[i] = ELEMENT_DIGITS;
	if (short_line(p, end) && (stop = fastdec_scan_line(x, p)) && stop < end && *stop == '\n' &&
	    (x->w == 0 || labs(x->q) <= MX_ONE_PASS_MAX_Q)) {
		b->log2_over[i] = mx_digits_log2_over(x);
		return stop;
	}
	return long_line(b, i, p, end);
}

/* A block in place whose line n the one pass did not take: where the reader's block
 * ends before that line does, the first n kept as a block begun, their texts copied
 * (the reader's block is let go before the rest are read), and p returned; else NULL,
 * b empty again. */
__attribute__((noinline)) static const char *unfinished(struct block *b, long n, const char *p, const char *end)
{
	if (n == 0 || memchr(p, '\n', (size_t)(end - p))) {
		mx_block_empty(b);
		return NULL;
	}
	for (long i = 0; i < n; i++) {
		if (b->form[i] == ELEMENT_DECIMAL)
			b->dec[i].text = NULL; /* chars may move before the block's end */
		b->made[i] = false;
		b->approximate[i] = false;
		add_text(b, text_room(b, b->len[i]), b->text[i], b->len[i], '\0');
	}
	b->in_place = true;
	return p;
}

__attribute__((flatten)) /* the scan compiled into the loop */
const char *mx_block_in_place(struct block *b, long size, const char *p, const char *end)
{
	const char **text;
	size_t *len;

	block_reserve(b, size);
	text = b->text; /* held where the loop's stores cannot change them */
	len = b->len;
	for (long i = 0; i < size; i++) {
		const char *stop = p < end ? read_line(b, i, p, end) : NULL;
		if (!stop)
			return unfinished(b, i, p, end);
		text[i] = p;
		len[i] = (size_t)(stop - p);
		p = stop + 1;
	}
	for (long i = 0; i < size; i++) {
		b->made[i] = false;
		b->approximate[i] = false;
	}
	b->count = size;
	b->in_place = true;
	b->readable = end + LINES_PADDING;
	return p;
}

bool mx_block_line(struct block *b, const char *text, size_t len)
{
	long i = b->count;
	size_t at;
	char *copy;

	block_reserve(b, i + 1);
	at = text_room(b, len);
	copy = b->chars + at;
	memcpy(copy, text, len);
	copy[len] = '\n';
	memset(copy + len + 1, 0, LINES_PADDING);
	if (!read_line(b, i, copy, copy + len + 1))
		return false;
	if (b->form[i] == ELEMENT_DECIMAL)
		b->dec[i].text = NULL; /* chars may move before the block's end */
	b->made[i] = false;
	b->approximate[i] = false;
	b->in_place = i == 0 || b->in_place; /* while every element is the one pass's */
	add_text(b, at, text, len, '\0');
	return true;
}

/* Element i, held as digits or as a decimal of at most 38 digits (nonzero), placed by
 * the probe (mx_digits_spot()) into its spots. */
bool mx_element_spot(struct block *b, long i)
{
	const struct decimal *x = &b->dec[i];
	struct fastdec_digits d;

	if (b->form[i] == ELEMENT_DIGITS)
		d = b->digits[i];
	else if (b->form[i] == ELEMENT_DECIMAL && x->kind == DECIMAL_FINITE && x->e2 == 0 && !mx_long_decimal(x))
		d = x->sticky ? (struct fastdec_digits){ (unsigned __int128)(x->limbs == 2 ? x->w[1] : 0) << 64 | x->w[0],
							 x->wq, x->neg }
		      : (struct fastdec_digits){ x->head, x->q, x->neg };
	else
		return false;
	return d.w && labs(d.q) <= 400 && mx_block_probe(b) && mx_digits_spot(&b->spots[2 * i], &b->probe, &d);
}
