/*
 * baseline.c — the loops fpx is measured against, reading and printing exactly as fpx
 * convert -o hex does (lines in, one hex code per line out, one buffered writer):
 *   strtod: glibc's correctly rounded strtod to binary64, printed as 0x + 16 hex digits;
 *   scan:   the read-scan-print floor — each line's bytes are scanned, nothing converted;
 *   true:   does nothing (the start-up floor);
 *   exp:    lines exp(DECIMAL): MPFR reads the decimal (64 bits) and mpfr_exp rounds
 *           its exponential once into binary32 (24 bits, binary32's exponent range,
 *           mpfr_subnormalize), printed as 0x + 8 hex digits: one MPFR call a line, as
 *           fpx's real values are measured against.
 *   tight:  strtod again, with the tightest I/O (tightio.h: 1 MiB read(2) blocks, lines
 *           NUL-terminated in place, one 64 KiB buffer written with write(2)): the
 *           reference loop the ratios are taken against.
 * Usage: baseline strtod|scan|true|exp|tight < lines
 */
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tightio.h"

static void put_hex(char *out, uint64_t v)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '0';
	out[1] = 'x';
	for (int i = 17; i >= 2; i--, v >>= 4)
		out[i] = hex[v & 15];
	out[18] = '\n';
}

/* exp(x) of the decimal inside the line's parentheses, into binary32's bits. */
static uint32_t exp_binary32(const char *line)
{
	static mpfr_t x, y;
	const char *open = strchr(line, '(');
	float f;
	uint32_t bits;
	int t;

	if (!x[0]._mpfr_d) {
		mpfr_init2(x, 64);
		mpfr_init2(y, 24);
		mpfr_set_emin(-148);
		mpfr_set_emax(128);
	}
	mpfr_strtofr(x, open ? open + 1 : line, NULL, 10, MPFR_RNDN);
	t = mpfr_exp(y, x, MPFR_RNDN);
	t = mpfr_check_range(y, t, MPFR_RNDN);
	mpfr_subnormalize(y, t, MPFR_RNDN);
	f = mpfr_get_flt(y, MPFR_RNDN);
	memcpy(&bits, &f, sizeof bits);
	return bits;
}

static size_t strtod_hex(char *out, const char *line, size_t len)
{
	double d = strtod(line, NULL);
	uint64_t bits;

	(void)len;
	memcpy(&bits, &d, sizeof d);
	put_hex(out, bits);
	return 19;
}

int main(int argc, char **argv)
{
	static char outbuf[1 << 16];
	const char *mode = argc > 1 ? argv[1] : "strtod";
	char *line = NULL, text[19];
	size_t cap = 0;
	ssize_t len;

	if (strcmp(mode, "true") == 0)
		return 0;
	if (strcmp(mode, "tight") == 0) {
		tight_loop(strtod_hex);
		return 0;
	}
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		uint64_t bits = 0;
		if (strcmp(mode, "strtod") == 0) {
			double d = strtod(line, NULL);
			memcpy(&bits, &d, sizeof d);
		} else if (strcmp(mode, "exp") == 0) {
			put_hex(text, exp_binary32(line));
			fwrite(text, 1, 2, stdout); /* 0x and 8 digits, as binary32's code */
			fwrite(text + 10, 1, 9, stdout);
			continue;
		} else
			for (ssize_t i = 0; i < len; i++)
				bits = bits * 31 + (unsigned char)line[i];
		put_hex(text, bits);
		fwrite(text, 1, sizeof text, stdout);
	}
	free(line);
	return 0;
}
