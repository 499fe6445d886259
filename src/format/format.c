/*
 * format.c — the operations every format offers, asked of its kind (kind.h), and
 * what follows from them for every kind: rationals, parity, the signed zero.
 */
#include "format.h"
#include "num.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fmt_value_init(struct fmt_value *v)
{
	memset(v, 0, sizeof *v);
	mpz_init(v->sig);
}

void fmt_value_clear(struct fmt_value *v)
{
	mpz_clear(v->sig);
}

const char *fmt_field_name(enum bit_field kind)
{
	static const char *const names[BIT_FIELD_COUNT] = {
		[BITS_SIGN] = "sign", [BITS_EXPONENT] = "exponent", [BITS_FRACTION] = "fraction",
		[BITS_DOT] = "dot", [BITS_MANTISSA] = "mantissa", [BITS_REGIME] = "regime",
		[BITS_INTEGER] = "integer",
	};
	return names[kind];
}

fpcode fmt_rank_of_code(const struct fmt *f, fpcode magcode)
{
	return f->kind->rank_of_code(f, magcode);
}

void fmt_rank_value(mpz_t sig, long *exp, const struct fmt *f, fpcode rank)
{
	f->kind->rank_value(sig, exp, f, rank);
}

int fmt_place(fpcode *lower, bool *exact, const struct fmt *f, const mpq_t q)
{
	return f->kind->place(lower, exact, f, q);
}

enum fp_class fmt_code_rational(mpq_t q, const struct fmt *f, fpcode code)
{
	struct fmt_value v;
	enum fp_class cls;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	num_set_dyadic(q, v.sig, v.exp);
	if (v.neg)
		mpq_neg(q, q);
	cls = v.cls;
	fmt_value_clear(&v);
	return cls;
}

void fmt_rank_rational(mpq_t q, const struct fmt *f, fpcode rank)
{
	mpz_t sig;
	long exp;

	mpz_init(sig);
	fmt_rank_value(sig, &exp, f, rank);
	num_set_dyadic(q, sig, exp);
	mpz_clear(sig);
}

void fmt_rank_midpoint(mpq_t mid, const struct fmt *f, fpcode rank)
{
	mpq_t above;

	if (f->kind->midpoint) {
		f->kind->midpoint(mid, f, rank);
		return;
	}
	mpq_init(above);
	fmt_rank_rational(mid, f, rank);
	fmt_rank_rational(above, f, rank + 1);
	mpq_add(mid, mid, above);
	mpq_div_2exp(mid, mid, 1);
	mpq_clear(above);
}

/* Is code a NaN of f, and is it a code no rank maps to (an invalid operand)? */
static bool decodes_as_nan(const struct fmt *f, fpcode code, bool *noncanonical)
{
	struct fmt_value v;
	bool nan;

	fmt_value_init(&v);
	fmt_decode(&v, f, code);
	nan = v.cls == FP_NAN;
	*noncanonical = v.noncanonical != NULL;
	fmt_value_clear(&v);
	return nan;
}

/* An x87 invalid operand (an unnormal, pseudo-infinity or pseudo-NaN) signals whatever
 * its bits: using it flags invalid, as a signaling NaN does. */
bool fmt_is_nan(const struct fmt *f, fpcode code)
{
	bool noncanonical;

	return f->has_nan && decodes_as_nan(f, code, &noncanonical);
}

bool fmt_nan_is_signaling(const struct fmt *f, fpcode code)
{
	bool noncanonical;

	if (!f->quiet_bit || !decodes_as_nan(f, code, &noncanonical))
		return false;
	return noncanonical || !(code & f->quiet_bit);
}

bool fmt_nan_payload(const struct fmt *f, fpcode code, fpcode *payload)
{
	bool noncanonical = false;

	if (!f->quiet_bit || (decodes_as_nan(f, code, &noncanonical) && noncanonical))
		return false; /* an invalid operand has no payload */
	*payload = code & (f->quiet_bit - 1);
	return true;
}

/* How many bits the payload of f's NaNs has: those below the quiet bit (0: none). */
static int payload_bits(const struct fmt *f)
{
	fpcode quiet = f->quiet_bit;

	return quiet ? code_bit_length(quiet) - 1 : 0;
}

void fmt_nan_identity(bool *signaling, fpcode *payload, const struct fmt *f, fpcode code)
{
	int bits = payload_bits(f);
	fpcode own;

	*signaling = fmt_nan_is_signaling(f, code);
	*payload = 0;
	if (bits && fmt_nan_payload(f, code, &own))
		*payload = own << (CODE_MAX_BITS - bits);
}

fpcode fmt_nan_carrying(const struct fmt *f, bool neg, fpcode payload)
{
	int bits = payload_bits(f);
	fpcode code = f->nan_code;

	if (bits)
		code |= payload >> (CODE_MAX_BITS - bits);
	return f->nan_signed ? fmt_with_sign(f, code, neg) : code;
}

enum nan_fit fmt_nan_code(fpcode *out, const struct fmt *f, bool neg, bool signaling, bool has_payload,
			  fpcode payload)
{
	fpcode quiet = f->quiet_bit;

	if (!quiet)
		return NAN_NO_ROOM;
	if (!has_payload && signaling)
		payload = quiet >> 1; /* GCC's __builtin_nans(""), a payload of its own */
	if (payload >= quiet)
		return NAN_TOO_WIDE;
	if (signaling && payload == 0)
		return NAN_SIGNALING_ZERO;
	*out = f->inf_code | (signaling ? 0 : quiet) | payload;
	if (neg)
		*out |= f->sign_bit;
	return NAN_FITS;
}

fpcode fmt_zero_code(const struct fmt *f, bool neg)
{
	return neg ? f->negative_zero : fmt_code_of_rank(f, 0);
}

bool fmt_code_from_pattern(fpcode *out, const struct fmt *f, const mpz_t pattern)
{
	return mpz_sizeinbase(pattern, 2) <= (size_t)f->bits && code_from_mpz(out, pattern);
}

/* ---- Caches kept per format -------------------------------------------------------- */

static struct fmt_cache *slot_owners[FMT_CACHE_SLOTS]; /* each slot's cache, for fmt_free() */
static _Atomic int slots_given;
static pthread_mutex_t slot_giving = PTHREAD_MUTEX_INITIALIZER;

/* c's slot in every format's kept[], given on its first use. */
static int cache_slot(struct fmt_cache *c)
{
	int slot = atomic_load_explicit(&c->slot, memory_order_acquire);

	if (slot)
		return slot - 1;
	pthread_mutex_lock(&slot_giving);
	if (!(slot = atomic_load_explicit(&c->slot, memory_order_relaxed))) {
		slot = atomic_load_explicit(&slots_given, memory_order_relaxed);
		if (slot == FMT_CACHE_SLOTS)
			abort(); /* a bug: FMT_CACHE_SLOTS is fewer than the caches */
		slot_owners[slot] = c;
		atomic_store_explicit(&slots_given, slot + 1, memory_order_release);
		atomic_store_explicit(&c->slot, ++slot, memory_order_release);
	}
	pthread_mutex_unlock(&slot_giving);
	return slot - 1;
}

/* The slot of f's kept[] (a format is immutable but for what it keeps). */
static void *_Atomic *kept_slot(struct fmt_cache *c, const struct fmt *f)
{
	return &((struct fmt *)f)->kept[cache_slot(c)];
}

void *fmt_cache_find(struct fmt_cache *c, const struct fmt *f)
{
	return atomic_load_explicit(kept_slot(c, f), memory_order_acquire);
}

void *fmt_cache_keep(struct fmt_cache *c, const struct fmt *f, void *data)
{
	void *held = NULL;

	if (atomic_compare_exchange_strong_explicit(kept_slot(c, f), &held, data, memory_order_acq_rel,
						    memory_order_acquire))
		return data;
	c->free_data(data); /* another thread's came first */
	return held;
}

bool fmt_same(const struct fmt *a, const struct fmt *b)
{
	return memcmp(a, b, offsetof(struct fmt, kept)) == 0;
}

void fmt_copy(struct fmt *to, const struct fmt *from)
{
	memcpy(to, from, offsetof(struct fmt, kept));
	for (int i = 0; i < FMT_CACHE_SLOTS; i++)
		atomic_init(&to->kept[i], NULL);
}

void fmt_free(struct fmt *f)
{
	int slots;

	if (!f)
		return;
	slots = atomic_load_explicit(&slots_given, memory_order_acquire);
	for (int i = 0; i < slots; i++) {
		void *data = atomic_load_explicit(&f->kept[i], memory_order_acquire);
		if (data)
			slot_owners[i]->free_data(data);
	}
	free(f);
}

/* The code −0 rounds to: zero's with the sign where that code is a zero, else zero's. */
static fpcode negative_zero_code(const struct fmt *f)
{
	fpcode zero = fmt_code_of_rank(f, 0), negative;
	struct fmt_value v;
	bool signed_zero;

	if (!f->has_sign)
		return zero;
	negative = fmt_with_sign(f, zero, true);
	fmt_value_init(&v);
	fmt_decode(&v, f, negative);
	signed_zero = v.cls == FP_ZERO;
	fmt_value_clear(&v);
	return signed_zero ? negative : zero;
}

_Static_assert(NUM_LIMIT_EXP == 2L << FMT_MAX_EXP_BITS, "num.h's limit leaves room for any bias below 2^E");

/* Whether f's values lie inside num.h's limit, the virtual value past max included, and
 * half its smallest nonzero value above the limit's reciprocal: then the stand-in for a
 * magnitude past the limit rounds as that magnitude does, in every mode. */
static bool inside_limit(const struct fmt *f)
{
	mpz_t sig;
	long exp;
	bool inside;

	mpz_init(sig);
	fmt_rank_value(sig, &exp, f, f->max_rank + 1);
	inside = exp + (long)mpz_sizeinbase(sig, 2) <= NUM_LIMIT_EXP;
	fmt_rank_value(sig, &exp, f, f->has_zero ? 1 : 0);
	inside = inside && exp - 1 > -NUM_LIMIT_EXP;
	mpz_clear(sig);
	return inside;
}

/* The family of f's values (format.h), from what every kind derives: on a grid, the
 * precision and exponents say what the values are. */
static enum fmt_family family_of(const struct fmt *f)
{
	if (!f->grid.present)
		return FAMILY_NONE;
	if (!f->has_sign && !f->has_zero && f->precision == 1)
		return FAMILY_SCALE;
	if (f->bits == 16 && f->has_sign && f->has_inf && f->has_nan && f->precision == 8 && f->emin == -126 &&
	    f->emax == 127)
		return FAMILY_BFLOAT16;
	return FAMILY_NONE;
}

struct fmt *fmt_new(const char *name, const struct fmt_kind *kind)
{
	struct fmt *f = calloc(1, sizeof *f);

	if (!f)
		abort();
	f->has_sign = true;
	f->kind = kind;
	if (f->kind->init)
		f->kind->init(f);
	snprintf(f->name, sizeof f->name, "%s", name);
	return f;
}

const char *fmt_finish(struct fmt *f)
{
	const char *problem;

	if (f->name[0] == '\0')
		return "the format has no name";
	if (!f->kind)
		return "the format has no kind";
	f->max_rank_neg = FMT_NO_RANK; /* unless the kind says otherwise */
	if ((problem = f->kind->finish(f)))
		return problem;
	if (f->has_sign && f->max_rank_neg == FMT_NO_RANK)
		f->max_rank_neg = f->max_rank;
	if (!inside_limit(f))
		return "the format's values reach " NUM_LIMIT_TEXT " or its reciprocal, past what fpx holds exactly";
	f->negative_zero = negative_zero_code(f);
	f->family = family_of(f);
	return NULL;
}
