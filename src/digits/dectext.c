/*
 * dectext.c — exact decimals as strings of digits (dectext.h): read from a plain
 * decimal's text, made from ±n·2^k by multiplying limbs of nine digits by powers of
 * two or five, subtracted and added digit by digit aligned at the point, compared,
 * and written by decimal.c's layout. Never rounds, never approximates; allocates only
 * to grow a value's storage.
 */
#include "dectext.h"
#include "decimal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define LIMB_BASE 1000000000u /* nine digits a limb */
#define LIMB_DIGITS 9
#define TWOS_STEP 29         /* a limb times 2^29 stays below 2^64 */
#define FIVES_STEP 13        /* ... and times 5^13 */

/* Room for n digits and a NUL at t->buf. */
static void room(struct dec_text *t, size_t n)
{
	if (n + 1 <= t->cap)
		return;
	t->cap = 2 * (n + 1) > 64 ? 2 * (n + 1) : 64;
	free(t->buf);
	if (!(t->buf = malloc(t->cap)))
		abort();
}

/* t made of the digits at p (n of them, perhaps with zeros first or last), times 10^k:
 * those zeros dropped. */
static void trim(struct dec_text *t, char *p, long n, long k, bool neg)
{
	while (n > 0 && *p == '0')
		p++, n--;
	while (n > 0 && p[n - 1] == '0')
		n--, k++;
	t->d = p;
	t->n = n;
	t->k = n ? k : 0;
	t->neg = n ? neg : false;
	p[n] = '\0';
}

/* The bytes of the eight at p that are no digit, each as 0x80 in its lane; for one
 * that is, no carry or borrow from those before it. */
static inline uint64_t non_digits(const char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return ((v + 0x4646464646464646u) | (v - 0x3030303030303030u)) & 0x8080808080808080u;
}

/* The run of decimal digits at text[*i] (before len): how many, *i moved past them;
 * eight bytes looked at a time while eight are left, then the last eight of the run's
 * (its first ones already known digits), where the bytes lie lowest first. */
static size_t digit_run(const char *text, size_t len, size_t *i)
{
	size_t start = *i, j = start;
	uint64_t v;

	for (; j + 8 <= len; j += 8)
		if ((v = non_digits(text + j)) != 0) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			*i = j + (size_t)__builtin_ctzll(v) / 8;
			return *i - start;
#else
			break;
#endif
		}
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (j < len && len - start >= 8) { /* text[len − 8 .. j) digits, seen above */
		v = non_digits(text + len - 8) >> 8 * (j - (len - 8));
		j = v ? j + (size_t)__builtin_ctzll(v) / 8 : len;
	}
#endif
	while (j < len && (unsigned)(text[j] - '0') < 10)
		j++;
	*i = j;
	return j - start;
}

void dec_text_free(struct dec_text *t)
{
	free(t->buf);
	free(t->limb);
	*t = (struct dec_text){ 0 };
}

bool dec_text_exponent(long *exp, const char *text, size_t len, size_t *at)
{
	size_t i = *at, start;
	bool below = false;

	*exp = 0;
	if (i == len || (text[i] != 'e' && text[i] != 'E'))
		return true;
	if (++i < len && (text[i] == '-' || text[i] == '+'))
		below = text[i++] == '-';
	for (start = i; i < len && (unsigned)(text[i] - '0') < 10 && i - start < 9; i++)
		*exp = 10 * *exp + (text[i] - '0');
	if (below)
		*exp = -*exp;
	*at = i;
	return i != start;
}

bool dec_text_read(struct dec_text *t, const char *text, size_t len)
{
	size_t i = 0, whole, part = 0, at;
	long exp;
	bool neg = false;

	if (i < len && (text[i] == '-' || text[i] == '+'))
		neg = text[i++] == '-';
	at = i;
	whole = digit_run(text, len, &i);
	if (i < len && text[i] == '.') {
		i++;
		part = digit_run(text, len, &i);
	}
	if (whole + part == 0)
		return false;
	if (!dec_text_exponent(&exp, text, len, &i) || i != len)
		return false;
	room(t, whole + part);
	memcpy(t->buf, text + at, whole);
	if (part)
		memcpy(t->buf + whole, text + at + whole + 1, part);
	trim(t, t->buf, (long)(whole + part), exp - (long)part, neg);
	return true;
}

/* Room for n limbs. */
static void limb_room(struct dec_text *t, size_t n)
{
	if (n <= t->limb_cap)
		return;
	t->limb_cap = 2 * n > 16 ? 2 * n : 16;
	free(t->limb);
	if (!(t->limb = malloc(t->limb_cap * sizeof *t->limb)))
		abort();
}

/* The limbs (least first, count *n) times f, f·LIMB_BASE below 2^64. */
static void limbs_times(uint32_t *limb, size_t *n, uint64_t f)
{
	uint64_t carry = 0;

	for (size_t i = 0; i < *n; i++) {
		uint64_t v = limb[i] * f + carry;
		carry = v / LIMB_BASE;
		limb[i] = (uint32_t)(v - carry * LIMB_BASE);
	}
	while (carry) {
		uint64_t high = carry / LIMB_BASE;
		limb[(*n)++] = (uint32_t)(carry - high * LIMB_BASE);
		carry = high;
	}
}

/* The two digits of v < 100, the first first. */
static const char digit_pairs[201] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
				     "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
				     "8081828384858687888990919293949596979899";

/* The nine digits of a limb ending at end (leading zeros included). */
static void limb_nine(char *end, uint32_t v)
{
	for (int j = 0; j < 4; j++, v /= 100)
		memcpy(end - 2 * j - 2, digit_pairs + 2 * (v % 100), 2);
	end[-9] = (char)('0' + v);
}

/* The digits of the limbs (least first, n of them, the last not 0) into t->buf, most
 * significant first: how many. */
static long limb_digits(struct dec_text *t, const uint32_t *limb, size_t n)
{
	char top[LIMB_DIGITS];
	int lead = 0;
	long count;

	for (uint32_t v = limb[n - 1]; v; v /= 10)
		top[LIMB_DIGITS - 1 - lead++] = (char)('0' + v % 10);
	count = lead + (long)(n - 1) * LIMB_DIGITS;
	room(t, (size_t)count);
	memcpy(t->buf, top + LIMB_DIGITS - lead, (size_t)lead);
	for (size_t i = 1; i < n; i++)
		limb_nine(t->buf + lead + i * LIMB_DIGITS, limb[n - 1 - i]);
	return count;
}

bool dec_text_binary(struct dec_text *t, bool neg, unsigned __int128 n, long k)
{
	size_t count = 0;
	long left, digits;

	if (n == 0) {
		room(t, 0);
		trim(t, t->buf, 0, 0, false);
		return true;
	}
	{
		int zeros = (uint64_t)n ? __builtin_ctzll((uint64_t)n) : 64 + __builtin_ctzll((uint64_t)(n >> 64));
		n >>= zeros;
		k += zeros;
	}
	if (labs(k) > DEC_TEXT_MAX_SPAN)
		return false;
	/* 2^128 < 10^39, 2^k < 10^(k/3 + 1), 5^k < 10^(7k/10 + 1): limbs of nine digits */
	limb_room(t, (size_t)(39 + (k > 0 ? k / 3 : -7 * k / 10) + 2) / LIMB_DIGITS + 2);
	for (; n; n /= LIMB_BASE)
		t->limb[count++] = (uint32_t)(n % LIMB_BASE);
	for (left = labs(k); left > 0;) {
		int step = (int)(left < (k > 0 ? TWOS_STEP : FIVES_STEP) ? left : (k > 0 ? TWOS_STEP : FIVES_STEP));
		uint64_t f = k > 0 ? UINT64_C(1) << step : 1;
		if (k < 0)
			for (int j = 0; j < step; j++)
				f *= 5;
		limbs_times(t->limb, &count, f);
		left -= step;
	}
	digits = limb_digits(t, t->limb, count); /* before t->buf is read: it may move it */
	trim(t, t->buf, digits, k < 0 ? k : 0, neg);
	return true;
}

void dec_text_words(struct dec_text *t, const struct dec_words *w)
{
	const uint64_t e19 = UINT64_C(10000000000000000000);
	char text[40], *p = text + sizeof text; /* d < 2^128 < 10^39 */
	unsigned __int128 d = w->d;

	while (d) { /* 19 digits at a time, the last first; all of them but in the first */
		uint64_t v = (uint64_t)(d % e19);
		d /= e19;
		for (int j = 0; j < 19 && (v || d); j++, v /= 10)
			*--p = (char)('0' + v % 10);
	}
	room(t, (size_t)(text + sizeof text - p));
	memcpy(t->buf, p, (size_t)(text + sizeof text - p));
	trim(t, t->buf, text + sizeof text - p, -w->k, w->neg);
}

/* Where digit i of x (0 the first) stands: its power of ten. */
static inline long top_of(const struct dec_text *x)
{
	return x->k + x->n; /* the first digit stands at 10^(top − 1) */
}

int dec_text_cmp_abs(const struct dec_text *a, const struct dec_text *b)
{
	int c;

	if (!a->n || !b->n)
		return (a->n != 0) - (b->n != 0);
	if (top_of(a) != top_of(b))
		return top_of(a) > top_of(b) ? 1 : -1;
	c = memcmp(a->d, b->d, (size_t)(a->n < b->n ? a->n : b->n));
	if (c)
		return c > 0 ? 1 : -1;
	return (a->n > b->n) - (a->n < b->n); /* the longer has a digit past, not 0 */
}

/* The last j' ≤ j with p[j'] not `run` (there is one): 8 bytes compared at a time. */
static long run_before(const char *p, long j, char run)
{
	uint64_t runs = 0x0101010101010101u * (unsigned char)run, w;

	while (j >= 7 && (memcpy(&w, p + j - 7, 8), w == runs))
		j -= 8;
	while (p[j] == run)
		j--;
	return j;
}

/* The 8 digits at p plus (sub false) or minus those at q, the carry or borrow in;
 * returns the carry or borrow out. In the lanes of a word, the last digit lowest: a − b
 * − borrow as a + (9 − b) + (1 − borrow), 10^8 past it where no borrow; each lane's sum
 * plus 246 carries into the next one exactly where the digits' sum reaches 10, and
 * takes 246 back where it does not. */
static int eight_digits(char *p, const char *q, bool sub, int carry)
{
	const uint64_t zeros = 0x3030303030303030u, nines = 0x0909090909090909u, lanes = 0x0101010101010101u;
	uint64_t a, b, v;
	int out;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&a, p, 8);
	memcpy(&b, q, 8);
	a = __builtin_bswap64(a) - zeros;
	b = __builtin_bswap64(b) - zeros;
	if (sub)
		b = nines - b, carry = !carry;
	out = __builtin_add_overflow(a + b + (uint64_t)carry, 246 * lanes, &v);
	v -= ((v & 128 * lanes) >> 7) * 246;
	v = __builtin_bswap64(v + zeros);
	memcpy(p, &v, 8);
	return sub ? !out : out;
#else
	for (int i = 7; i >= 0; i--) {
		int d = sub ? p[i] - q[i] - carry : p[i] - '0' + q[i] - '0' + carry;
		carry = sub ? d < 0 : d >= 10;
		p[i] = (char)('0' + d + (sub ? 10 * carry : -10 * carry));
	}
	(void)zeros, (void)nines, (void)lanes, (void)a, (void)b, (void)v, (void)out;
	return carry;
#endif
}

/* |a| + |b| (sub false) or |a| − |b| (sub true, |a| > |b|) into out, signed neg: a's
 * digits laid out over the span, then b's added or taken away from its last digit up,
 * the carry or borrow run on to where it stops. */
static bool magnitudes(struct dec_text *out, const struct dec_text *a, const struct dec_text *b, bool sub, bool neg)
{
	long low = a->k < b->k ? a->k : b->k, top = top_of(a) > top_of(b) ? top_of(a) : top_of(b);
	long span = top - low + !sub, j;
	char *p;
	int carry = 0;

	if (span > DEC_TEXT_MAX_SPAN)
		return false;
	room(out, (size_t)span);
	p = out->buf;
	p[0] = '0'; /* the carry's digit, where adding */
	memcpy(p + (top - top_of(a)) + !sub, a->d, (size_t)a->n);
	memset(p + !sub, '0', (size_t)(top - top_of(a)));
	memset(p + !sub + (top - a->k), '0', (size_t)(a->k - low));
	j = span - 1 - (b->k - low); /* where b's last digit goes */
	long i = b->n - 1;
	for (; i >= 7; i -= 8, j -= 8)
		carry = eight_digits(p + j - 7, b->d + i - 7, sub, carry);
	for (; i >= 0; i--, j--) {
		int v = sub ? p[j] - b->d[i] - carry : p[j] - '0' + b->d[i] - '0' + carry;
		carry = sub ? v < 0 : v >= 10;
		p[j] = (char)('0' + v + (sub ? 10 * carry : -10 * carry));
	}
	if (carry) { /* 0 − borrow is 9, 9 + carry is 0: the run of them, then one digit moves */
		long from = j, a_last = !sub + (top - a->k) - 1; /* a's last digit, not 0 */
		j = sub && j > a_last ? a_last : run_before(p, j, sub ? '0' : '9'); /* zeros laid after a */
		memset(p + j + 1, sub ? '9' : '0', (size_t)(from - j));
		p[j] = (char)(p[j] + (sub ? -1 : 1));
	}
	trim(out, p, span, low, neg);
	return true;
}

bool dec_text_minus(struct dec_text *out, const struct dec_text *a, const struct dec_text *b)
{
	int c;

	if (!b->n || !a->n) { /* a, or −b */
		const struct dec_text *x = b->n ? b : a;
		room(out, (size_t)x->n);
		memcpy(out->buf, x->d, (size_t)x->n);
		trim(out, out->buf, x->n, x->k, b->n ? !b->neg : a->neg);
		return true;
	}
	if (a->neg != b->neg) /* a − b = ±(|a| + |b|), a's sign */
		return magnitudes(out, a, b, false, a->neg);
	if ((c = dec_text_cmp_abs(a, b)) == 0) {
		room(out, 0);
		trim(out, out->buf, 0, 0, false);
		return true;
	}
	/* one sign: ±(|a| − |b|) with a's sign, or ∓(|b| − |a|) */
	return c > 0 ? magnitudes(out, a, b, true, a->neg) : magnitudes(out, b, a, true, !a->neg);
}

long dec_text_log2_over(const struct dec_text *t)
{
	/* |t| ≥ 10^(top − 1) ≥ 2^⌊(top − 1)·log2 10⌋, log2 10 taken below it for a positive
	 * power, above for a negative one, to 16 digits */
	long top = top_of(t);
	int64_t f = top > 1 ? 3321928094887362 : 3321928094887363;
	const int64_t scale = 1000000000000000;

	if (!t->n)
		return LONG_MIN;
	if (top - 1 < 2700 && top - 1 > -2700) { /* x below 2^63: in a word, no wide division */
		int64_t x = (int64_t)(top - 1) * f;
		return (long)(x >= 0 ? x / scale : -((-x + scale - 1) / scale));
	}
	__int128 x = (__int128)(top - 1) * f;
	return (long)(x >= 0 ? x / scale : -((-x + scale - 1) / scale));
}

void dec_text_write(struct strbuf *out, const struct dec_text *t)
{
	if (!t->n)
		sb_putc(out, '0');
	else
		dec_write_digits(out, t->neg, t->d, t->n, t->k);
}

void dec_text_rational(mpq_t q, const struct dec_text *t)
{
	if (!t->n) {
		mpq_set_ui(q, 0, 1);
		return;
	}
	mpz_set_str(mpq_numref(q), t->d, 10);
	mpz_ui_pow_ui(mpq_denref(q), 10, (unsigned long)labs(t->k));
	if (t->k >= 0) {
		mpz_mul(mpq_numref(q), mpq_numref(q), mpq_denref(q));
		mpz_set_ui(mpq_denref(q), 1);
	} else
		mpq_canonicalize(q);
	if (t->neg)
		mpq_neg(q, q);
}
