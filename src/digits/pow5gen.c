/*
 * pow5gen.c — writes pow5.c: the powers 5^0 … 5^POW5_MAX as GMP limbs, and the
 * 125-bit splits of powers of five that fastshort.c multiplies by, as constant tables,
 * so that the fast paths never compute a power at run time. Run by the build on the
 * machine that builds (the limb size is that machine's).
 */
#include <gmp.h>
#include <stdio.h>

#include "pow5.h"

static void print_limbs(void)
{
	mpz_t p;
	size_t offset = 0;

	mpz_init_set_ui(p, 1);
	puts("const mp_limb_t pow5_limbs[] = {");
	for (int k = 0; k <= POW5_MAX; k++, mpz_mul_ui(p, p, 5))
		for (size_t i = 0; i < mpz_size(p); i++)
			printf("\t0x%llxu,\n", (unsigned long long)mpz_getlimbn(p, (mp_size_t)i));
	puts("};\n\nconst struct pow5 pow5_table[] = {");
	mpz_set_ui(p, 1);
	for (int k = 0; k <= POW5_MAX; k++, mpz_mul_ui(p, p, 5)) {
		printf("\t{ %zu, %zu, %zu },\n", offset, mpz_size(p), mpz_sizeinbase(p, 2));
		offset += mpz_size(p);
	}
	puts("};");
	mpz_clear(p);
}

/* One 128-bit entry as two 64-bit words, low first. */
static void print_split(const mpz_t v)
{
	mpz_t low;

	mpz_init(low);
	mpz_fdiv_r_2exp(low, v, 64);
	printf("\t{ 0x%016llxu, ", (unsigned long long)mpz_get_ui(low));
	mpz_fdiv_q_2exp(low, v, 64);
	printf("0x%016llxu },\n", (unsigned long long)mpz_get_ui(low));
	mpz_clear(low);
}

static void print_splits(void)
{
	mpz_t p, v;

	mpz_inits(p, v, NULL);
	puts("\nconst uint64_t pow5_inverse[POW5_INV_COUNT][2] = {");
	for (int q = 0; q < POW5_INV_COUNT; q++) {
		long bits;
		mpz_ui_pow_ui(p, 5, (unsigned long)q);
		bits = (long)mpz_sizeinbase(p, 2);
		mpz_set_ui(v, 0);
		mpz_setbit(v, (mp_bitcnt_t)(bits - 1 + POW5_SPLIT_BITS));
		mpz_fdiv_q(v, v, p);
		mpz_add_ui(v, v, 1);
		print_split(v);
	}
	puts("};\n\nconst uint64_t pow5_top[POW5_TOP_COUNT][2] = {");
	for (int j = 0; j < POW5_TOP_COUNT; j++) {
		long bits;
		mpz_ui_pow_ui(p, 5, (unsigned long)j);
		bits = (long)mpz_sizeinbase(p, 2);
		if (bits >= POW5_SPLIT_BITS)
			mpz_fdiv_q_2exp(v, p, (mp_bitcnt_t)(bits - POW5_SPLIT_BITS));
		else
			mpz_mul_2exp(v, p, (mp_bitcnt_t)(POW5_SPLIT_BITS - bits));
		print_split(v);
	}
	puts("};");
	mpz_clears(p, v, NULL);
}

/* v as `words` 64-bit words (one, or two low first). */
static void print_words(const mpz_t v, int words)
{
	if (words == 2)
		print_split(v);
	else
		printf("\t0x%016llxu,\n", (unsigned long long)mpz_get_ui(v));
}

/*
 * The divisibility test by 5^k in `words` 64-bit words, k ≤ max (COUNT its name): the
 * inverse of 5^k modulo 2^(64·words), and ⌊(2^(64·words) − 1) / 5^k⌋; w·inverse, modulo
 * the same, is at most that limit exactly when 5^k divides w (and is then w / 5^k).
 */
static void print_divisibility(const char *inverse, const char *limit, const char *count, int max, int words)
{
	mpz_t p, v, modulus;
	const char *shape = words == 2 ? "[2]" : "";

	mpz_inits(p, v, modulus, NULL);
	mpz_setbit(modulus, (mp_bitcnt_t)(64 * words));
	printf("\nconst uint64_t %s[%s + 1]%s = {\n", inverse, count, shape);
	for (int k = 0; k <= max; k++) {
		mpz_ui_pow_ui(p, 5, (unsigned long)k);
		mpz_invert(v, p, modulus);
		print_words(v, words);
	}
	printf("};\n\nconst uint64_t %s[%s + 1]%s = {\n", limit, count, shape);
	for (int k = 0; k <= max; k++) {
		mpz_ui_pow_ui(p, 5, (unsigned long)k);
		mpz_sub_ui(v, modulus, 1);
		mpz_fdiv_q(v, v, p);
		print_words(v, words);
	}
	puts("};");
	mpz_clears(p, v, modulus, NULL);
}

static void print_small_divisors(void)
{
	mpz_t p, v;

	mpz_inits(p, v, NULL);
	puts("\nconst uint64_t pow5_reciprocal[POW5_SMALL_MAX + 1][2] = {");
	for (int k = 0; k <= POW5_SMALL_MAX; k++) {
		mpz_ui_pow_ui(p, 5, (unsigned long)k);
		mpz_set_ui(v, 0);
		mpz_setbit(v, (mp_bitcnt_t)(127 + mpz_sizeinbase(p, 2)));
		mpz_cdiv_q(v, v, p);
		print_split(v);
	}
	puts("};");
	mpz_clears(p, v, NULL);
	print_divisibility("pow5_odd_inverse", "pow5_quotient_limit", "POW5_SMALL_MAX", POW5_SMALL_MAX, 1);
}

static void print_big_reciprocals(void)
{
	mpz_t p, v;
	size_t offset = 0;

	mpz_inits(p, v, NULL);
	puts("\nconst mp_limb_t pow5_big_reciprocal[] = {");
	for (int k = POW5_SMALL_MAX + 1; k <= POW5_MAX; k++) {
		mpz_ui_pow_ui(p, 5, (unsigned long)k);
		mpz_set_ui(v, 0);
		mpz_setbit(v, (mp_bitcnt_t)(2 * mpz_sizeinbase(p, 2) + 65));
		mpz_cdiv_q(v, v, p);
		for (size_t i = 0; i < mpz_size(v); i++)
			printf("\t0x%llxu,\n", (unsigned long long)mpz_getlimbn(v, (mp_size_t)i));
	}
	puts("};\n\nconst struct pow5_reciprocal_at pow5_big[POW5_MAX + 1] = {");
	for (int k = 0; k <= POW5_MAX; k++) {
		size_t size = 0;
		if (k > POW5_SMALL_MAX) {
			mpz_ui_pow_ui(p, 5, (unsigned long)k);
			mpz_set_ui(v, 0);
			mpz_setbit(v, (mp_bitcnt_t)(2 * mpz_sizeinbase(p, 2) + 65));
			mpz_cdiv_q(v, v, p);
			size = mpz_size(v);
		}
		printf("\t{ %zu, %zu },\n", offset, size);
		offset += size;
	}
	puts("};");
	mpz_clears(p, v, NULL);
}

/* 5^q to 128 bits for every |q| ≤ POW5_MAX: T = ⌊5^q·2^(127−L)⌋, L = ⌊log2 5^q⌋ (for q < 0,
 * −bit length of 5^−q), so that 2^127 ≤ T < 2^128. */
static void print_wide(void)
{
	mpz_t p, v;

	mpz_inits(p, v, NULL);
	puts("\nconst uint64_t pow5_wide[2 * POW5_MAX + 1][2] = {");
	for (int q = -POW5_MAX; q <= POW5_MAX; q++) {
		long bits;
		mpz_ui_pow_ui(p, 5, (unsigned long)(q < 0 ? -q : q));
		bits = (long)mpz_sizeinbase(p, 2);
		mpz_set_ui(v, 0);
		if (q >= 0) {
			mpz_set(v, p);
			if (bits > 128)
				mpz_fdiv_q_2exp(v, v, (mp_bitcnt_t)(bits - 128));
			else
				mpz_mul_2exp(v, v, (mp_bitcnt_t)(128 - bits));
		} else {
			mpz_setbit(v, (mp_bitcnt_t)(127 + bits));
			mpz_fdiv_q(v, v, p);
		}
		print_split(v);
	}
	puts("};\n\nconst int16_t pow5_wide_log2[2 * POW5_MAX + 1] = {");
	for (int q = -POW5_MAX; q <= POW5_MAX; q++) {
		mpz_ui_pow_ui(p, 5, (unsigned long)(q < 0 ? -q : q));
		printf("\t%ld,\n", q >= 0 ? (long)mpz_sizeinbase(p, 2) - 1 : -(long)mpz_sizeinbase(p, 2));
	}
	puts("};");
	mpz_clears(p, v, NULL);
}

int main(void)
{
	puts("/* Generated by src/pow5gen.c. Do not edit. */\n#include \"pow5.h\"\n");
	print_limbs();
	print_splits();
	print_small_divisors();
	print_big_reciprocals();
	print_wide();
	print_divisibility("pow5_wide_odd_inverse", "pow5_wide_quotient_limit", "POW5_WIDE_EXACT", POW5_WIDE_EXACT, 2);
	return 0;
}
