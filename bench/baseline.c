/*
 * baseline.c — the loops fpx is measured against, reading and printing exactly as fpx
 * convert -o hex does (lines in, one hex code per line out, one buffered writer):
 *   strtod: glibc's correctly rounded strtod to binary64, printed as 0x + 16 hex digits;
 *   scan:   the read-scan-print floor — each line's bytes are scanned, nothing converted;
 *   true:   does nothing (the start-up floor).
 * Usage: baseline strtod|scan|true < lines
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put_hex(char *out, uint64_t v)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '0';
	out[1] = 'x';
	for (int i = 17; i >= 2; i--, v >>= 4)
		out[i] = hex[v & 15];
	out[18] = '\n';
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
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	while ((len = getline(&line, &cap, stdin)) >= 0) {
		uint64_t bits = 0;
		if (strcmp(mode, "strtod") == 0) {
			double d = strtod(line, NULL);
			memcpy(&bits, &d, sizeof d);
		} else
			for (ssize_t i = 0; i < len; i++)
				bits = bits * 31 + (unsigned char)line[i];
		put_hex(text, bits);
		fwrite(text, 1, sizeof text, stdout);
	}
	free(line);
	return 0;
}
