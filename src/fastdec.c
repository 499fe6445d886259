/*
 * fastdec.c — placing a plain decimal exactly, with integers of a few limbs.
 *
 * For q ≥ 0 the value is the integer N = w·5^q times 2^q. For q < 0 it is
 * w·2^s / 5^k times 2^−(s+k), k = −q, where s makes the quotient N at least p + 3 bits
 * long; the remainder, if any, is a sticky bit below N. From N, its binary exponent
 * and the sticky bit, the lower neighbour and the comparison with the midpoint follow
 * as in regular_place(): keep the bits above the format's last place, look at the
 * next bit (half) and everything below it (sticky).
 */
#include "fastdec.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "num.h"
#include "pow5.h"

#define MAX_LIMBS 40 /* 5^400·2^128 or (2^128·2^(113+3)·5^400): under 40 limbs */
#define MAX_DIGITS 38 /* all the digits are kept, in two words, up to here */
/* The 8-digits-at-once step reads the first digit into the lowest byte. */
#define LITTLE_ENDIAN_WORDS (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
#define MAX_EXPONENT 400
#define ALWAYS_INLINE inline __attribute__((always_inline)) /* the one-pass line's steps */
#define ASCII_ZEROS 0x3030303030303030u /* '0' in every byte */

/* ---- Scanning ------------------------------------------------------------------------- */

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Are the 8 bytes of v all ASCII digits? (each byte 0x30…0x39: high nibble 3, and
 * adding 6 does not carry into it) */
static bool eight_digits(uint64_t v)
{
	return ((v & 0xf0f0f0f0f0f0f0f0u) | (((v + 0x0606060606060606u) & 0xf0f0f0f0f0f0f0f0u) >> 4)) ==
	       0x3333333333333333u;
}

/* The number that 8 digit values (0…9 a byte), the first in the lowest byte, write:
 * pairs, then fours, then all. */
static inline uint64_t digit_bytes_value(uint64_t v)
{
	v = (v * 10 + (v >> 8)) & 0x00ff00ff00ff00ffu;           /* 4 values of 2 digits */
	v = (v * 100 + (v >> 16)) & 0x0000ffff0000ffffu;         /* 2 values of 4 digits */
	return (v * 10000 + (v >> 32)) & 0xffffffffu;            /* 8 digits */
}

/* The value of 8 ASCII digits, the first in the lowest byte. */
static uint64_t eight_digit_value(uint64_t v)
{
	return digit_bytes_value(v - ASCII_ZEROS);
}

/* The significant digits as they are read: the first 19 in a word, up to 38 in two,
 * and whether any past the 19th is not 0. */
struct digits {
	uint64_t head;
	unsigned __int128 all;
	int significant;
	bool sticky;
};

/* Digits [p, end) while they last, into *g; leading zeros are not significant. Returns
 * how many digits were read. */
static long digit_run(struct digits *g, const char **p, const char *end)
{
	const char *start = *p, *s = *p;
	uint64_t word = g->head;
	int n = g->significant;

	while (n == 0 && s < end && *s == '0') /* leading zeros; after them a digit is nonzero */
		s++;
	while (LITTLE_ENDIAN_WORDS && n + 8 <= 19 && end - s >= 8) { /* blocks of 8 digits */
		uint64_t v;
		memcpy(&v, s, 8);
		if (!eight_digits(v))
			break;
		word = word * 100000000u + eight_digit_value(v);
		n += 8;
		s += 8;
	}
	for (; s < end && (unsigned)(*s - '0') < 10; s++) {
		unsigned digit = (unsigned)(*s - '0');
		if (++n <= 19) {
			word = word * 10 + digit;
			continue;
		}
		if (n <= MAX_DIGITS)
			g->all = (n == 20 ? (unsigned __int128)word : g->all) * 10 + digit;
		g->sticky |= digit != 0;
	}
	g->head = word;
	g->significant = n;
	*p = s;
	return (long)(s - start);
}

/* The digits of the mantissa into *g; *after_point: how many came after the point. */
static bool scan_digits(struct digits *g, const char **p, const char *end, long *after_point)
{
	long seen;

	*g = (struct digits){ 0, 0, 0, false };
	seen = digit_run(g, p, end);
	*after_point = 0;
	if (*p < end && **p == '.') {
		(*p)++;
		*after_point = digit_run(g, p, end);
		seen += *after_point;
	}
	return seen > 0;
}

/* d from the digits g and the exponent of their last, q: the head's exponent, and all
 * the digits where the head leaves some out. False when |q| is past the tables. */
static bool set_decimal(struct decimal *d, const struct digits *g, long q)
{
	long dropped = g->significant > 19 ? g->significant - 19 : 0;

	d->kind = DECIMAL_FINITE;
	d->e2 = 0;
	d->head = g->head;
	d->q = q + dropped;
	d->sticky = g->sticky;
	d->w[0] = d->w[1] = 0;
	d->limbs = 0;
	d->wq = q;
	if (g->sticky && g->significant <= MAX_DIGITS && q >= -MAX_EXPONENT) {
		d->w[0] = (mp_limb_t)g->all;
		d->w[1] = (mp_limb_t)(g->all >> 64);
		d->limbs = d->w[1] ? 2 : 1;
	}
	return d->head == 0 || (d->q >= -MAX_EXPONENT && d->q <= MAX_EXPONENT);
}

/* [sign]digits, the value held at NUM_LIMIT_EXP or up to ten times past it (beyond every
 * table, and far enough that 2^k past the limit is seen to be). */
static bool scan_exponent_digits(const char **p, const char *end, long *exp)
{
	bool neg = false;
	int digits = 0;

	*exp = 0;
	if (*p < end && (**p == '+' || **p == '-'))
		neg = *(*p)++ == '-';
	for (; *p < end && **p >= '0' && **p <= '9'; (*p)++, digits++)
		if (*exp < NUM_LIMIT_EXP)
			*exp = *exp * 10 + (**p - '0');
	if (neg)
		*exp = -*exp;
	return digits > 0;
}

static bool scan_exponent(const char **p, const char *end, long *exp)
{
	*exp = 0;
	if (*p == end || (**p != 'e' && **p != 'E'))
		return true;
	(*p)++;
	return scan_exponent_digits(p, end, exp);
}

/* inf, infinity or nan, in any case, and nothing after. */
static bool scan_special(struct decimal *d, const char *p, const char *end)
{
	size_t n = (size_t)(end - p);
	enum decimal_kind kind;

	if ((n == 3 && strncasecmp(p, "inf", 3) == 0) || (n == 8 && strncasecmp(p, "infinity", 8) == 0))
		kind = DECIMAL_INF;
	else if (n == 3 && strncasecmp(p, "nan", 3) == 0)
		kind = DECIMAL_NAN;
	else
		return false;
	*d = (struct decimal){ kind, 0, 0, 0, false, { 0, 0 }, 0, 0, d->neg };
	return true;
}

/* 2^k: head 1 and e2 = k, for |k| up to NUM_LIMIT_EXP (past every format). */
static bool scan_power_of_two(struct decimal *d, const char *p, const char *end)
{
	long k;

	if (end - p < 3 || p[0] != '2' || p[1] != '^')
		return false;
	p += 2;
	if (!scan_exponent_digits(&p, end, &k) || p != end)
		return false;
	*d = (struct decimal){ DECIMAL_FINITE, 1, 0, k, false, { 0, 0 }, 0, 0, d->neg };
	return true;
}

/* Digits while they last, 8 at a time where it can, into *w (wrapping past 19 digits:
 * the caller counts them and scans again). */
static const char *plain_digits(uint64_t *w, const char *p, const char *end)
{
	uint64_t v;

	while (LITTLE_ENDIAN_WORDS && end - p >= 8 && (memcpy(&v, p, 8), eight_digits(v))) {
		*w = *w * 100000000u + eight_digit_value(v);
		p += 8;
	}
	for (; p < end && (unsigned)(*p - '0') < 10; p++)
		*w = *w * 10 + (unsigned)(*p - '0');
	return p;
}

/*
 * The commonest decimal in one pass: at most 19 digits in all (leading zeros included),
 * the exponent, and nothing after. False when it is not that (more digits, no digit, a
 * word): scan_digits() and the others then read it with all their care.
 */
static bool scan_short(struct decimal *d, const char *p, const char *end)
{
	const char *start = p;
	uint64_t w = 0;
	long after_point = 0, exp = 0, digits;

	p = plain_digits(&w, p, end);
	digits = p - start;
	if (p < end && *p == '.') {
		const char *fraction = ++p;
		p = plain_digits(&w, p, end);
		after_point = p - fraction;
		digits += after_point;
	}
	if (digits == 0 || digits > 19)
		return false;
	if (p < end && (*p | 0x20) == 'e') {
		p++;
		if (!scan_exponent_digits(&p, end, &exp))
			return false;
	}
	if (p != end)
		return false;
	exp -= after_point;
	*d = (struct decimal){ DECIMAL_FINITE, w, exp, 0, false, { 0, 0 }, 0, exp, d->neg };
	return w == 0 || (exp >= -MAX_EXPONENT && exp <= MAX_EXPONENT);
}

bool fastdec_scan(struct decimal *d, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *digits;
	struct digits g;
	long after_point, exp;

	while (p < end && (unsigned char)*p <= ' ' && is_blank(*p))
		p++;
	while (end > p && (unsigned char)end[-1] <= ' ' && is_blank(end[-1]))
		end--;
	d->neg = false;
	if (p < end && (*p == '+' || *p == '-'))
		d->neg = *p++ == '-';
	if (scan_short(d, p, end))
		return true;
	digits = p;
	if (!scan_digits(&g, &p, end, &after_point) || !scan_exponent(&p, end, &exp) || p != end)
		return scan_special(d, digits, end) || scan_power_of_two(d, digits, end);
	return set_decimal(d, &g, exp - after_point);
}

/* ---- The exact value, as a rational ------------------------------------------------------- */

/* z = z·5^k, from the table. */
static void times_pow5(mpz_t z, long k)
{
	mpz_t p;

	mpz_mul(z, z, mpz_roinit_n(p, pow5_limbs + pow5_table[k].offset, (mp_size_t)pow5_table[k].size));
}

/* How many times (up to k) the integer z divides by 5, dividing it. */
static long strip_fives(mpz_t z, long k)
{
	long n = 0;

	if (mpz_fits_ulong_p(z)) { /* in a word, as almost always */
		unsigned long v = mpz_get_ui(z);
		for (; n < k && v % 5 == 0; n++)
			v /= 5;
		mpz_set_ui(z, v);
		return n;
	}
	while (n < k && mpz_divisible_ui_p(z, 5)) {
		mpz_divexact_ui(z, z, 5);
		n++;
	}
	return n;
}

bool fastdec_value(struct num *x, const struct decimal *d)
{
	mpz_ptr num = mpq_numref(x->mag), den = mpq_denref(x->mag);
	mp_limb_t head[1] = { d->head };
	mpz_t w;
	long q = d->q, twos;

	x->neg = d->neg;
	x->bound = NUM_EXACT;
	num_set_kind(x, d->kind == DECIMAL_INF ? NUM_INF : d->kind == DECIMAL_NAN ? NUM_NAN : NUM_FINITE);
	mpq_set_ui(x->mag, 0, 1);
	if (d->kind != DECIMAL_FINITE || d->head == 0)
		return true;
	if ((d->sticky && d->limbs == 0) || labs(d->e2) >= NUM_LIMIT_EXP)
		return false;
	if (d->sticky) {
		mpz_set(num, mpz_roinit_n(w, d->w, d->limbs));
		q = d->wq;
	} else {
		for (; q < 0 && head[0] % 10 == 0; q++) /* trailing zeros after the point (1.50) */
			head[0] /= 10;
		mpz_set(num, mpz_roinit_n(w, head, 1));
	}
	if (q >= 0) { /* w·5^q·2^q */
		times_pow5(num, q);
		mpz_mul_2exp(num, num, (mp_bitcnt_t)q);
	} else { /* w / (5^k·2^k), the common factors of w with 10^k taken out first */
		long k = -q, fives = strip_fives(num, k);
		twos = (long)mpz_scan1(num, 0);
		twos = twos < k ? twos : k;
		mpz_tdiv_q_2exp(num, num, (mp_bitcnt_t)twos);
		mpz_set_ui(den, 1);
		times_pow5(den, k - fives);
		mpz_mul_2exp(den, den, (mp_bitcnt_t)(k - twos));
	}
	if (d->e2 > 0) /* 2^k: head 1 and q 0, so 1 and 1 */
		mpz_mul_2exp(num, num, (mp_bitcnt_t)d->e2);
	else if (d->e2 < 0)
		mpz_mul_2exp(den, den, (mp_bitcnt_t)-d->e2);
	return true;
}

/* ---- The exact binary form: N·2^e2, plus a sticky bit below N ---------------------- */

/* A decimal known exactly: w·10^q, w in one or two limbs. */
struct exact_decimal {
	mp_limb_t w[2];
	int limbs;
	long q;
	long e2; /* times 2^e2 */
};

struct binary {
	mp_limb_t n[MAX_LIMBS];
	mp_size_t size;
	long e2;
	bool sticky;
};

static const mp_limb_t *pow5(long k, mp_size_t *size, size_t *bits)
{
	*size = (mp_size_t)pow5_table[k].size;
	*bits = pow5_table[k].bits;
	return pow5_limbs + pow5_table[k].offset;
}

static size_t bit_length(const mp_limb_t *n, mp_size_t size)
{
	return (size_t)size * GMP_NUMB_BITS - (size_t)__builtin_clzll(n[size - 1]);
}

/* w·5^q, exactly, times 2^q. */
static void scale_up(struct binary *b, const struct exact_decimal *d)
{
	mp_size_t size;
	size_t bits;
	const mp_limb_t *p = pow5(d->q, &size, &bits);

	if (size >= d->limbs)
		mpn_mul(b->n, p, size, d->w, d->limbs);
	else
		mpn_mul(b->n, d->w, d->limbs, p, size);
	b->size = size + d->limbs;
	while (b->n[b->size - 1] == 0)
		b->size--;
	b->e2 = d->q;
	b->sticky = false;
}

/* ⌊w·2^s / 5^k⌋ times 2^−(s+k), with the remainder as the sticky bit. */
static bool scale_down(struct binary *b, const struct exact_decimal *d, int precision)
{
	mp_limb_t num[MAX_LIMBS], rem[MAX_LIMBS];
	mp_size_t dsize, nsize;
	size_t dbits, wbits = bit_length(d->w, d->limbs);
	const mp_limb_t *den = pow5(-d->q, &dsize, &dbits);
	long s = (long)dbits + precision + 3 - (long)wbits;

	if (s < 0)
		s = 0;
	nsize = (mp_size_t)((wbits + (size_t)s) / GMP_NUMB_BITS + 1);
	if (nsize < dsize)
		nsize = dsize;
	if (nsize + 1 > MAX_LIMBS)
		return false;
	memset(num, 0, (size_t)(nsize + 1) * sizeof num[0]);
	memcpy(num + s / GMP_NUMB_BITS, d->w, (size_t)d->limbs * sizeof d->w[0]);
	if (s % GMP_NUMB_BITS)
		mpn_lshift(num, num, nsize, (unsigned)(s % GMP_NUMB_BITS));
	mpn_tdiv_qr(b->n, rem, 0, num, nsize, den, dsize);
	b->size = nsize - dsize + 1;
	while (b->size > 0 && b->n[b->size - 1] == 0)
		b->size--;
	b->sticky = !mpn_zero_p(rem, dsize);
	b->e2 = -(s - d->q); /* −(s + k) */
	return b->size > 0;
}

/* ---- Placing it -------------------------------------------------------------------------- */

static bool test_bit(const struct binary *b, size_t bit)
{
	size_t limb = bit / GMP_NUMB_BITS;

	return limb < (size_t)b->size && (b->n[limb] >> (bit % GMP_NUMB_BITS)) & 1;
}

/* Any bit below `bit` set (or the sticky bit)? */
static bool any_below(const struct binary *b, size_t bit)
{
	size_t limb = bit / GMP_NUMB_BITS, i;

	if (b->sticky)
		return true;
	for (i = 0; i < limb && i < (size_t)b->size; i++)
		if (b->n[i])
			return true;
	return limb < (size_t)b->size && bit % GMP_NUMB_BITS &&
	       (b->n[limb] & (((mp_limb_t)1 << (bit % GMP_NUMB_BITS)) - 1));
}

/* The bits [from, from+count) of N (count ≤ 113, or 128), a limb at a time. */
static unsigned __int128 bits_of(const struct binary *b, size_t from, size_t count)
{
	size_t limb = from / GMP_NUMB_BITS, shift = from % GMP_NUMB_BITS;
	mp_limb_t w[3] = { 0, 0, 0 };
	unsigned __int128 v;

	for (size_t i = 0; i < 3 && limb + i < (size_t)b->size; i++)
		w[i] = b->n[limb + i];
	v = (unsigned __int128)w[1] << 64 | w[0];
	if (shift)
		v = v >> shift | (unsigned __int128)w[2] << (128 - shift);
	return count >= 128 ? v : v & (((unsigned __int128)1 << count) - 1);
}

/*
 * ⌊w·2^s / 5^k⌋ for w < 2^63 shifted up to [2^62, 2^63) (so s = that shift + 64) and
 * 1 ≤ k ≤ POW5_SMALL_MAX, by multiplying by R = ⌈2^(127+b) / 5^k⌉ (b the bit length of
 * 5^k): the product overshoots the quotient by less than w'/2^(63+b) < 2^−b < 5^−k,
 * and a quotient that is not whole is at least 5^−k short of the next integer, so the
 * floor is exact. The remainder is zero exactly when 5^k divides w.
 */
static inline unsigned __int128 divide_by_pow5(uint64_t w, int *s, bool *remainder, int k)
{
	int shift = __builtin_clzll(w) - 1;
	uint64_t wide = w << shift;
	const uint64_t *r = pow5_reciprocal[k];
	unsigned __int128 low = (unsigned __int128)wide * r[0];
	unsigned __int128 high = (unsigned __int128)wide * r[1] + (uint64_t)(low >> 64);

	*s = shift + 64;
	*remainder = w * pow5_odd_inverse[k] > pow5_quotient_limit[k];
	return high >> (pow5_table[k].bits - 1);
}

/*
 * The same for k > POW5_SMALL_MAX, where 5^k (b bits) no longer fits a word: with w'
 * < 2^63 and S = b + 2, N = ⌊w'·2^S / 5^k⌋ lies in [2^64, 2^68), and with
 * R = ⌈2^E / 5^k⌉, E = S + 63 + b, the product w'·R / 2^(E−S) overshoots it by less than
 * w'/2^(63+b) < 5^−k: the floor is exact, as above. 5^k > w, so the remainder is never
 * zero. Returns N; *s is the whole shift of w (that of w' plus S).
 */
static unsigned __int128 divide_by_big_pow5(uint64_t w, int *s, int k)
{
	mp_limb_t product[20];
	const mp_limb_t *r = pow5_big_reciprocal + pow5_big[k].offset;
	mp_size_t size = (mp_size_t)pow5_big[k].size;
	int shift = __builtin_clzll(w) - 1, b = (int)pow5_table[k].bits;
	struct binary p;

	product[size] = mpn_mul_1(product, r, size, w << shift);
	memcpy(p.n, product, (size_t)(size + 1) * sizeof product[0]);
	p.size = size + 1;
	*s = shift + b + 2;
	return bits_of(&p, (size_t)(63 + b), 128);
}

/*
 * hi:lo cut at bit `drop` (0 < drop < 128) in 64-bit words: the bits above it, which
 * the caller knows fit in 63 (a significand of at most 63 bits), and how the bits
 * below (and the sticky bit) compare with half of the last place kept.
 */
static uint64_t cut_words(bool *exact, int *vs_mid, uint64_t lo, uint64_t hi, long drop, bool sticky)
{
	uint64_t above, half, rest;

	if (drop < 64) {
		above = hi << (64 - drop) | lo >> drop;
		half = lo >> (drop - 1) & 1;
		rest = lo & ((UINT64_C(1) << (drop - 1)) - 1);
	} else if (drop == 64) {
		above = hi;
		half = lo >> 63;
		rest = lo << 1;
	} else {
		above = hi >> (drop - 64);
		half = hi >> (drop - 65) & 1;
		rest = (hi & ((UINT64_C(1) << (drop - 65)) - 1)) | lo;
	}
	rest |= sticky;
	*exact = !half && !rest;
	*vs_mid = half ? (rest ? 1 : 0) : -1;
	return above;
}

/* The start of placing a nonzero value whose ⌊log2⌋ is e on f's grid: true, with the
 * binade it falls in, when it lies in f's range; else false with the placement said
 * (past max: the virtual rank past it; below every value of a format without
 * subnormals: below rank 0). */
static bool in_range(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, long e, long *binade)
{
	*tiny = e < f->emin;
	*exact = false;
	*vs_mid = 1;
	*lower = f->max_rank + 1;
	if (e > f->emax)
		return false;
	if (e < f->emin && !f->grid.subnormals) {
		*lower = ~(fpcode)0;
		return false;
	}
	*binade = e > f->emin ? e : f->emin;
	return true;
}

/* The rank of significand m (its leading bit included) in the binade, as kind_float.c's
 * float_place() counts: (E + bias − 1)·2^f + m; past max_rank, the virtual rank. */
static void set_rank(fpcode *lower, bool *exact, int *vs_mid, const struct fmt *f, long binade, fpcode m)
{
	const struct fmt_grid *g = &f->grid;

	if (f->bits <= 64)
		*lower = ((uint64_t)(binade + g->bias - 1) << g->frac_bits) + (uint64_t)m;
	else
		*lower = ((fpcode)(binade + g->bias - 1) << g->frac_bits) + m;
	if (*lower > f->max_rank) {
		*lower = f->max_rank + 1;
		*exact = false;
		*vs_mid = 1;
	}
}

/* Where (n + sticky)·2^e2 lies on f's grid, n nonzero in one 128-bit word: the
 * commonest placement, in words. */
static bool place_word(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, unsigned __int128 n,
		       long e2, bool sticky)
{
	uint64_t hi = (uint64_t)(n >> 64), lo = (uint64_t)n;
	long bits = code_bit_length(n);
	long binade, drop, frac_bits = f->grid.frac_bits;
	fpcode m;

	if (!in_range(lower, exact, vs_mid, tiny, f, bits - 1 + e2, &binade)) /* the sticky bit cannot carry */
		return true;
	drop = binade - frac_bits - e2; /* bits of n below the format's last place */
	if (drop <= 0) { /* an integer */
		if (sticky)
			return false; /* not enough bits computed: let the exact path decide */
		m = (fpcode)n << -drop;
		*exact = true;
		*vs_mid = -1;
	} else if (drop >= 128) { /* far below the last place: nothing kept; half of it is 2^(drop − 1) */
		m = 0;
		*exact = false;
		*vs_mid = drop > 128 || !(hi >> 63) ? -1 : (hi << 1 | lo | sticky) ? 1 : 0;
	} else if (frac_bits <= 62)
		m = cut_words(exact, vs_mid, lo, hi, drop, sticky);
	else {
		unsigned __int128 below = n & (((unsigned __int128)1 << drop) - 1), half = (unsigned __int128)1 << (drop - 1);
		bool rest = (below & (half - 1)) != 0 || sticky;
		m = (fpcode)(n >> drop);
		*exact = below == 0 && !sticky;
		*vs_mid = (below & half) ? (rest ? 1 : 0) : -1;
	}
	set_rank(lower, exact, vs_mid, f, binade, m);
	return true;
}

/* Where the binary number b (nonzero) lies on f's grid: fastdec_place()'s second half. */
static bool place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			 const struct binary *b)
{
	long e, binade, drop;
	fpcode m;

	if (b->size <= 2)
		return place_word(lower, exact, vs_mid, tiny, f,
				  (unsigned __int128)(b->size == 2 ? b->n[1] : 0) << 64 | b->n[0], b->e2, b->sticky);
	e = (long)bit_length(b->n, b->size) - 1 + b->e2; /* the sticky bit cannot carry */
	if (!in_range(lower, exact, vs_mid, tiny, f, e, &binade))
		return true;
	drop = binade - f->grid.frac_bits - b->e2;
	if (drop <= 0) {
		if (b->sticky)
			return false;
		m = bits_of(b, 0, (size_t)(e - b->e2 + 1)) << -drop;
		*exact = true;
		*vs_mid = -1;
	} else {
		bool half = test_bit(b, (size_t)drop - 1), rest = any_below(b, (size_t)drop - 1);
		m = bits_of(b, (size_t)drop, (size_t)(e - b->e2 + 1 > drop ? e - b->e2 + 1 - drop : 0));
		*exact = !half && !rest;
		*vs_mid = half ? (rest ? 1 : 0) : -1;
	}
	set_rank(lower, exact, vs_mid, f, binade, m);
	return true;
}

/*
 * The common case in two limbs, in words: w in one word and |q| ≤ 27, so that 5^|q| <
 * 2^63. Up, N = w·5^q exactly; down, N = ⌊w·2^s / 5^k⌋ with w·2^s filling 127 bits,
 * which leaves N at least 64 bits, enough for any precision up to 61 bits. Past 27
 * down, the big reciprocals. The value is (N + sticky)·2^e2; false when it does not
 * apply.
 */
static inline bool scale_to_word(unsigned __int128 *n, long *e2, bool *sticky, const struct exact_decimal *d,
				 int precision)
{
	int s;

	if (d->limbs != 1 || d->q > POW5_SMALL_MAX || (d->q < 0 && (precision > 61 || d->w[0] >> 63)))
		return false;
	if (d->q >= 0) {
		*n = (unsigned __int128)d->w[0] * pow5_limbs[pow5_table[d->q].offset];
		*e2 = d->q;
		*sticky = false;
	} else if (d->q < -POW5_SMALL_MAX) {
		*n = divide_by_big_pow5(d->w[0], &s, (int)-d->q);
		*sticky = true;
		*e2 = -(s - d->q);
	} else {
		*n = divide_by_pow5(d->w[0], &s, sticky, (int)-d->q);
		*e2 = -(s - d->q);
	}
	*e2 += d->e2;
	return true;
}

/* place_word() of scale_to_word()'s number; *placed false when that does not apply. */
static bool place_small(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			const struct exact_decimal *d, int precision, bool *placed)
{
	unsigned __int128 n;
	bool sticky;
	long e2;

	if (!(*placed = scale_to_word(&n, &e2, &sticky, d, precision)))
		return false;
	return place_word(lower, exact, vs_mid, tiny, f, n, e2, sticky);
}

/* The rule for a value strictly between two ends a and b that have the same lower
 * neighbour (the caller compares them): past the midpoint when a lies at or past it,
 * before it when b lies at or before it, else undecided (false). An end placed
 * exactly says −1. */
static inline bool between_ends(int *vs_mid, int mid_a, int mid_b)
{
	*vs_mid = mid_a >= 0 ? 1 : -1;
	return mid_a >= 0 || mid_b <= 0;
}

/* A value in [a, b)·2^e2 that lies on no boundary of f's grid, placed by its ends. */
static bool place_in_words(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			   unsigned __int128 a, unsigned __int128 b, long e2)
{
	fpcode lower_b;
	bool exact_a, exact_b, tiny_b;
	int mid_a, mid_b;

	if (!place_word(lower, &exact_a, &mid_a, tiny, f, a, e2, false) ||
	    !place_word(&lower_b, &exact_b, &mid_b, &tiny_b, f, b, e2, false) || *lower != lower_b || *tiny != tiny_b)
		return false;
	*exact = false;
	return between_ends(vs_mid, mid_a, mid_b);
}

/* ⌊x·y / 2^128⌋. */
static inline unsigned __int128 high_product(unsigned __int128 x, const uint64_t y[2])
{
	uint64_t x0 = (uint64_t)x, x1 = (uint64_t)(x >> 64);
	unsigned __int128 ll = (unsigned __int128)x0 * y[0], lh = (unsigned __int128)x0 * y[1],
			  hl = (unsigned __int128)x1 * y[0], hh = (unsigned __int128)x1 * y[1];
	unsigned __int128 middle = (ll >> 64) + (uint64_t)lh + (uint64_t)hl;

	return hh + (lh >> 64) + (hl >> 64) + (middle >> 64);
}

/*
 * w·10^q for w of two words (all of up to 38 digits) as n·2^e2, in words, where it
 * can. For q < 0, either 5^−q divides w and the value is the dyadic (w / 5^−q)·2^q, the
 * quotient made by multiplying by the inverse of 5^−q modulo 2^128 (*slop 0: exact);
 * or it does not, the value is no dyadic number and so on no boundary of any grid, and
 * one product with the 128-bit 5^q (pow5.h) leaves it in [n, n + 2)·2^e2 (*slop 2).
 * For q ≥ 0, w·5^q exactly when it fits a word. False when none of that applies.
 */
static inline bool wide_in_word(unsigned __int128 *n, long *e2, int *slop, unsigned __int128 w, long q)
{
	long k = -q;
	int zeros;

	*slop = 0;
	*e2 = q;
	if (q >= 0) {
		if (q > POW5_SMALL_MAX || code_bit_length(w) + (long)pow5_table[q].bits > 128)
			return false;
		*n = w * pow5_limbs[pow5_table[q].offset];
		return true;
	}
	if (k <= POW5_WIDE_EXACT) {
		const uint64_t *inverse = pow5_wide_odd_inverse[k], *limit = pow5_wide_quotient_limit[k];
		*n = w * ((unsigned __int128)inverse[1] << 64 | inverse[0]);
		if (*n <= ((unsigned __int128)limit[1] << 64 | limit[0]))
			return true;
	}
	if (k > POW5_MAX)
		return false;
	zeros = 128 - code_bit_length(w);
	*n = high_product(w << zeros, pow5_wide[q + POW5_MAX]);
	*e2 = q + pow5_wide_log2[q + POW5_MAX] + 1 - zeros;
	*slop = 2;
	return *n < ~(unsigned __int128)0 - 1;
}

/* place_word() of wide_in_word()'s n; *placed false when that does not apply. */
static bool place_two_words(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			    const struct exact_decimal *d, bool *placed)
{
	unsigned __int128 n;
	long e2;
	int slop;

	if (!(*placed = wide_in_word(&n, &e2, &slop, (unsigned __int128)d->w[1] << 64 | d->w[0], d->q)))
		return false;
	e2 += d->e2;
	if (slop == 0)
		return place_word(lower, exact, vs_mid, tiny, f, n, e2, false);
	return place_in_words(lower, exact, vs_mid, tiny, f, n, n + 2, e2);
}

/* Where w·10^q lies on f's grid, exactly. */
static bool place_exact(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			const struct exact_decimal *d)
{
	struct binary b;
	int precision = f->grid.frac_bits + 1;
	bool placed, ok = place_small(lower, exact, vs_mid, tiny, f, d, precision, &placed);

	if (placed)
		return ok;
	if (d->limbs == 2 && (ok = place_two_words(lower, exact, vs_mid, tiny, f, d, &placed), placed))
		return ok;
	if (d->q >= 0)
		scale_up(&b, d);
	else if (!scale_down(&b, d, precision))
		return false;
	b.e2 += d->e2;
	return place_binary(lower, exact, vs_mid, tiny, f, &b);
}

/*
 * A value strictly between a = h·10^q and b = (h + 1)·10^q, placed when a and b share
 * their lower neighbour (then nothing of f's lies between them) and lie on one side of
 * its midpoint: a at or past it puts the value past it, b at or before it puts the
 * value before. False when the midpoint lies strictly between them, or the neighbours
 * differ.
 */
static bool place_between(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, uint64_t h,
			  long q, long e2)
{
	struct exact_decimal a = { { h, 0 }, 1, q, e2 }, b = { { h + 1, 0 }, 1, q, e2 };
	fpcode lower_b;
	bool exact_a, exact_b, tiny_b;
	int mid_a, mid_b;

	if (!place_exact(lower, &exact_a, &mid_a, tiny, f, &a) || !place_exact(&lower_b, &exact_b, &mid_b, &tiny_b, f, &b))
		return false;
	if (*lower != lower_b || *tiny != tiny_b)
		return false;
	*exact = false;
	return between_ends(vs_mid, mid_a, mid_b);
}

bool fastdec_place(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f, const struct decimal *d)
{
	struct exact_decimal all = { { d->w[0], d->w[1] }, d->limbs, d->wq, d->e2 };

	if (!f->grid.present || f->grid.frac_bits > 112 || d->head == 0)
		return false;
	if (!d->sticky) {
		struct exact_decimal head = { { d->head, 0 }, 1, d->q, d->e2 };
		return place_exact(lower, exact, vs_mid, tiny, f, &head);
	}
	if (place_between(lower, exact, vs_mid, tiny, f, d->head, d->q, d->e2))
		return true;
	return d->limbs > 0 && place_exact(lower, exact, vs_mid, tiny, f, &all);
}

bool fastdec_place_binary(fpcode *lower, bool *exact, int *vs_mid, bool *tiny, const struct fmt *f,
			  unsigned __int128 n, long e2)
{
	struct binary b = { { (mp_limb_t)n, (mp_limb_t)(n >> 64) }, n >> 64 ? 2 : 1, e2, false };

	if (!f->grid.present || f->grid.frac_bits > 112 || n == 0)
		return false;
	return place_binary(lower, exact, vs_mid, tiny, f, &b);
}

/* ⌊log2⌋ of w·10^q·2^e2 from scale_to_word(): N's bit length (the sticky bit never
 * carries N + sticky to the next power of two). */
static bool floor_log2_of(long *out, uint64_t w, long q, long e2)
{
	struct exact_decimal d = { { w, 0 }, 1, q, e2 };
	unsigned __int128 n;
	long ne2;
	bool sticky;

	if (!scale_to_word(&n, &ne2, &sticky, &d, 1) || n == 0)
		return false;
	*out = code_bit_length(n) - 1 + ne2;
	return true;
}

bool fastdec_floor_log2(long *out, const struct decimal *d)
{
	long above;

	if (d->kind != DECIMAL_FINITE || d->head == 0 || labs(d->e2) >= NUM_LIMIT_EXP ||
	    !floor_log2_of(out, d->head, d->q, d->e2))
		return false; /* past fpx's limits, as fastdec_value() says */
	if (!d->sticky)
		return true;
	/* strictly between h·10^q and (h + 1)·10^q: decided when both ends say the same */
	return d->head != UINT64_MAX && floor_log2_of(&above, d->head + 1, d->q, d->e2) && above == *out;
}

/* ---- A whole line in one pass ------------------------------------------------------------ */

bool fastdec_line_open(struct fastdec_line *ln, const struct fmt *f, long e2)
{
	if (!LITTLE_ENDIAN_WORDS || !f->grid.present || !f->kind->ranks_are_codes || f->bits > 64 ||
	    (f->has_sign && !f->kind->sign_is_top_bit) || f->grid.frac_bits > 60 || labs(f->emin) > 100000 ||
	    labs(f->emax) > 100000 || labs(e2) > 100000)
		return false;
	*ln = (struct fastdec_line){ f->grid.frac_bits, f->grid.bias, f->emin, f->emax, (uint64_t)f->max_rank,
				     f->has_sign, f->grid.subnormals, e2 };
	return true;
}

/* How many of the 8 bytes of x (each byte of a text XOR '0', the first in the lowest)
 * are digits before the first that is not one. A digit's byte is 0…9 and adding 0x76
 * leaves its top bit clear; any other byte sets it, and what it carries goes only into
 * bytes after it. */
static inline int leading_digits(uint64_t x)
{
	uint64_t other = (x | (x + 0x7676767676767676u)) & 0x8080808080808080u;

	return other ? __builtin_ctzll(other) >> 3 : 8;
}

static const uint64_t powers_of_ten[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000 };

/* 10^k for k ≤ 19 (5^k·2^k from the table). */
static inline uint64_t powers_of_ten_wide(int k)
{
	return pow5_limbs[pow5_table[k].offset] << k;
}

/* The digits a line's scan has read: the first 19 in w, the next 19 in tail, and of
 * all after the 19th how many there were and whether any was not 0. */
struct line_digits {
	uint64_t w, tail;
	int taken, dropped;
	bool sticky;
};

/* The first n digit values of x (1 ≤ n ≤ 8) appended to g->w. */
static ALWAYS_INLINE void take_digits(struct line_digits *g, uint64_t x, int n)
{
	g->w = g->w * powers_of_ten[n] + digit_bytes_value(x << (8 * (8 - n))); /* the n digits, zeros before */
	g->taken += n;
}

/* The digits from p on into g, up to 8 a load (the line's padding makes every load
 * safe); returns where they end. */
static ALWAYS_INLINE const char *scan_line_digits(struct line_digits *g, const char *p)
{
	for (;;) {
		uint64_t x;
		int n, room = 19 - g->taken;
		memcpy(&x, p, 8);
		x ^= ASCII_ZEROS;
		if ((n = leading_digits(x)) == 0)
			return p;
		if (n <= room)
			take_digits(g, x, n);
		else {
			int k = room > 0 ? room : 0, rest = n - k;
			if (k)
				take_digits(g, x, k);
			x = (x >> (8 * k)) & (rest == 8 ? ~UINT64_C(0) : (UINT64_C(1) << (8 * rest)) - 1);
			g->sticky |= x != 0;
			if (g->dropped + rest <= 19)
				g->tail = g->tail * powers_of_ten[rest] + digit_bytes_value(x << (8 * (8 - rest)));
			g->dropped += rest;
		}
		p += n;
		if (n < 8)
			return p;
	}
}

/* [sign]digits[.digits][(e|E)[sign]digits], with an exponent of at most 5 digits:
 * |value| = w·10^q, or strictly between that and (w + 1)·10^q when sticky (digits past
 * the 19th, not all 0). Returns where it ends, or NULL. */
static ALWAYS_INLINE const char *scan_line(struct line_digits *digits, long *q, bool *neg, const char *p)
{
	struct line_digits g = { 0, 0, 0, 0, false };
	long exp = 0, shift;

	*neg = *p == '-';
	p += *p == '-' || *p == '+';
	p = scan_line_digits(&g, p);
	shift = g.dropped; /* integer digits past the 19th: each a factor of 10 */
	if (*p == '.') {
		int before = g.taken;
		p = scan_line_digits(&g, p + 1);
		shift -= g.taken - before; /* fraction digits in w: each a tenth */
	}
	if (g.taken == 0)
		return NULL;
	if ((*p | 0x20) == 'e') {
		bool below = *++p == '-';
		const char *first;
		p += *p == '-' || *p == '+';
		for (first = p; (unsigned)(*p - '0') < 10 && p - first < 5; p++)
			exp = exp * 10 + (*p - '0');
		if (p == first)
			return NULL;
		if (below)
			exp = -exp;
	}
	*digits = g;
	*q = exp + shift;
	return p;
}

/*
 * Where n·2^e2 lies on ln's grid when `slop` says what n is: 0, the value exactly; 1,
 * the value lies strictly between n and n + 1 (a sticky bit); 2, the value lies in
 * [n, n + 2) and on no boundary of the grid (a value or a midpoint). Past max, the
 * virtual rank (as in_range() and set_rank() say); far below the smallest subnormal,
 * rank 0 and below its midpoint. False when that does not decide it, or the value lies
 * below the normals of a grid without subnormals, or near the smallest subnormal's half.
 * With n shifted to fill 128 bits, a normal value's significand is the top frac_bits + 1
 * bits (fewer in a subnormal's binade), and the bits below them are compared with half
 * the last place. The shift by z widens the intervals to (n, n + 2^z) and
 * [n, n + 2^(z+1)), whose ends are multiples of 2^z: only at n + 2^z, with slop 2, may a
 * boundary lie within.
 */
static ALWAYS_INLINE bool place_line_word(struct fastdec_spot *s, const struct fastdec_line *ln,
					  unsigned __int128 n, long e2, int slop)
{
	int zeros = 128 - code_bit_length(n), below_bits = 63 - ln->frac_bits;
	long e, binade;
	uint64_t hi, lo, rest, half;

	e2 += ln->e2;
	e = binade = 127 - zeros + e2;
	s->exact = false;
	s->vs_mid = 1;
	s->lower = ln->max_rank + 1;
	s->tiny = e < ln->emin;
	if (e > ln->emax) /* past max's binade: past the virtual value too (in_range()) */
		return true;
	if (e < ln->emin) {
		if (!ln->subnormals)
			return false;
		if (ln->emin - e > ln->frac_bits + 2) { /* under 2^(e + 1), a quarter of the smallest subnormal */
			s->lower = 0;
			s->vs_mid = -1;
			return true;
		}
		if (ln->emin - e > ln->frac_bits)
			return false;
		binade = ln->emin;
		below_bits += (int)(ln->emin - e);
	}
	n <<= zeros;
	hi = (uint64_t)(n >> 64);
	lo = (uint64_t)n;
	half = UINT64_C(1) << (below_bits - 1);
	rest = hi & (half + (half - 1));
	if (slop == 2 && (zeros > 1 || (lo == -(UINT64_C(1) << zeros) && (rest & (half - 1)) == half - 1)))
		return false; /* a boundary may lie at n + 1, shifted: within the interval */
	/* both by arithmetic, not branches: on a narrow grid they go either way at random */
	s->exact = (slop == 0) & (rest == 0) & (lo == 0);
	s->vs_mid = (rest > half) - (rest < half) + ((rest == half) & ((lo != 0) | (slop != 0)));
	s->lower = ((uint64_t)(binade + ln->bias - 1) << ln->frac_bits) + (hi >> below_bits); /* as set_rank() */
	if (s->lower > ln->max_rank) { /* past max: the virtual rank */
		s->lower = ln->max_rank + 1;
		s->exact = false;
		s->vs_mid = 1;
	}
	return true;
}

/*
 * w·10^q in a word, as place_line_word() takes it (n·2^e2 and its slop): exactly for
 * 0 ≤ q ≤ 27; with the remainder as a sticky bit for −27 ≤ q < 0 (divide_by_pow5());
 * else by one product with the 128-bit 5^q (Eisel–Lemire). That product leaves the
 * value in [n, n + 2), and there it lies on no boundary: for q ≥ 28 its odd part has
 * 5^28's 66 bits or more, for q ≤ −28 it is no dyadic number (5^28 > 10^19 > w), and a
 * value or midpoint of a grid of at most 61 bits has an odd part of at most 62.
 */
static ALWAYS_INLINE bool word_in_word(unsigned __int128 *n, long *e2, int *slop, uint64_t w, long q)
{
	if (q >= 0 && q <= POW5_SMALL_MAX) {
		*n = (unsigned __int128)w * pow5_limbs[pow5_table[q].offset];
		*e2 = q;
		*slop = 0;
		return true;
	}
	if (q < 0 && q >= -POW5_SMALL_MAX) {
		int shift;
		bool remainder;
		if (w >> 63)
			return false;
		*n = divide_by_pow5(w, &shift, &remainder, (int)-q);
		*e2 = q - shift;
		*slop = remainder;
		return true;
	}
	if (q >= -POW5_MAX && q <= POW5_MAX) {
		const uint64_t *t = pow5_wide[q + POW5_MAX];
		int zeros = __builtin_clzll(w);
		uint64_t x = w << zeros;
		unsigned __int128 low = (unsigned __int128)x * t[0], high = (unsigned __int128)x * t[1];
		*n = high + (uint64_t)(low >> 64);
		*e2 = q + pow5_wide_log2[q + POW5_MAX] - 63 - zeros;
		*slop = 2;
		return true;
	}
	return false;
}

static ALWAYS_INLINE bool place_line_value(struct fastdec_spot *s, const struct fastdec_line *ln, uint64_t w, long q)
{
	unsigned __int128 n;
	long e2;
	int slop;

	if (!word_in_word(&n, &e2, &slop, w, q))
		return false;
	/* each slop a constant: place_line_word() compiled for it */
	return slop == 0 ? place_line_word(s, ln, n, e2, 0) :
	       slop == 1 ? place_line_word(s, ln, n, e2, 1) :
			   place_line_word(s, ln, n, e2, 2);
}

/*
 * A line strictly between a = w·10^q and b = (w + 1)·10^q (digits past the 19th): placed
 * as fastdec_place() places it, when a and b have the same lower neighbour and a lies
 * at or past its midpoint or b at or before it.
 */
static ALWAYS_INLINE bool place_line_between(struct fastdec_spot *s, const struct fastdec_line *ln, uint64_t w, long q)
{
	struct fastdec_spot b;

	if (w == UINT64_MAX || !place_line_value(s, ln, w, q) || !place_line_value(&b, ln, w + 1, q) ||
	    b.lower != s->lower)
		return false;
	s->exact = false;
	return between_ends(&s->vs_mid, s->vs_mid, b.vs_mid);
}

/* All of up to 38 digits, w·10^q, by wide_in_word(). */
static ALWAYS_INLINE bool place_line_wide(struct fastdec_spot *s, const struct fastdec_line *ln,
					  unsigned __int128 w, long q)
{
	unsigned __int128 n;
	long e2;
	int slop;

	return wide_in_word(&n, &e2, &slop, w, q) && place_line_word(s, ln, n, e2, slop);
}

/* All the digits as *w·10^*wq (q the exponent of g's first 19), when there are at most
 * 38 or all past those are 0; else false. */
static ALWAYS_INLINE bool all_line_digits(unsigned __int128 *w, long *wq, const struct line_digits *g, long q)
{
	if (!g->sticky) {
		*w = g->w;
		*wq = q;
		return true;
	}
	if (g->dropped > 19)
		return false;
	*w = (unsigned __int128)g->w * powers_of_ten_wide(g->dropped) + g->tail;
	*wq = q - g->dropped;
	return true;
}

const char *fastdec_scan_line(struct fastdec_digits *d, const char *text)
{
	struct line_digits g;
	long q;
	const char *stop = scan_line(&g, &q, &d->neg, text);

	return stop && all_line_digits(&d->w, &d->q, &g, q) ? stop : NULL;
}

const char *fastdec_place_line(struct fastdec_spot *s, const struct fastdec_line *ln, const char *text)
{
	struct line_digits g;
	unsigned __int128 w;
	long q, wq;
	const char *stop = scan_line(&g, &q, &s->neg, text);
	bool placed;

	if (!stop || g.w == 0 || (s->neg && !ln->has_sign))
		return NULL;
	s->digits = g.sticky ? 0 : g.w;
	s->q = q;
	if (!g.sticky)
		placed = place_line_value(s, ln, g.w, q);
	else if (all_line_digits(&w, &wq, &g, q)) /* in two words */
		placed = place_line_wide(s, ln, w, wq);
	else
		placed = place_line_between(s, ln, g.w, q);
	return placed ? stop : NULL;
}

/* All the digits of a scanned line, w·10^q (w < 10^38), as n·2^e2 with a slop. */
static ALWAYS_INLINE bool digits_in_word(unsigned __int128 *n, long *e2, int *slop, const struct fastdec_digits *d)
{
	if (d->w >> 64)
		return wide_in_word(n, e2, slop, d->w, d->q);
	return word_in_word(n, e2, slop, (uint64_t)d->w, d->q);
}

bool fastdec_digits_floor_log2(long *out, const struct fastdec_digits *d)
{
	unsigned __int128 n;
	long e2;
	int slop, bits;

	if (d->w == 0 || !digits_in_word(&n, &e2, &slop, d))
		return false;
	bits = code_bit_length(n);
	/* the value lies below n + slop: below 2^bits when n + slop − 1 has as many bits */
	if (slop && code_bit_length(n + (unsigned)(slop - 1)) != bits)
		return false;
	*out = bits - 1 + e2;
	return true;
}

bool fastdec_place_digits(struct fastdec_spot *s, const struct fastdec_line *ln, const struct fastdec_digits *d)
{
	unsigned __int128 n;
	long e2;
	int slop;

	if (d->w == 0 || (d->neg && !ln->has_sign))
		return false;
	s->neg = d->neg;
	s->digits = 0;
	s->q = d->q;
	return digits_in_word(&n, &e2, &slop, d) && place_line_word(s, ln, n, e2, slop);
}
