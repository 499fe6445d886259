/*
 * fastfloat.cc — the fastest known rows, for make bench only (fpx gains no dependency):
 * decimal lines read by fast_float (Debian's libfast-float-dev), printed as binary64's
 * code, 0x + 16 hex digits, and with {fmt}'s shortest digits (libfmt-dev, Dragonbox)
 * after a tab, as fpx convert binary64 prints them; the same I/O as bench/baseline's
 * tight loop (tightio.h). The format string is compiled (FMT_COMPILE): {fmt}'s fastest
 * way, 8% fewer instructions a line than a runtime "{}". shortest-only prints the
 * shortest digits alone, as fpx convert -o shortest binary64 does.
 * Usage: fastfloat hex|shortest|shortest-only < lines
 */
#include <cstdint>
#include <cstring>

#include <fast_float/fast_float.h>
#include <fmt/compile.h>

extern "C" {
#include "tightio.h"
}

static double parse(const char *line, size_t len)
{
	double d = 0;
	size_t plus = line[0] == '+'; /* from_chars takes no leading +; strtod and fpx do */

	fast_float::from_chars(line + plus, line + len, d);
	return d;
}

static size_t put_hex(char *out, double d)
{
	static const char hex[] = "0123456789abcdef";
	uint64_t v;

	std::memcpy(&v, &d, sizeof v);
	out[0] = '0';
	out[1] = 'x';
	for (int i = 17; i >= 2; i--, v >>= 4)
		out[i] = hex[v & 15];
	return 18;
}

static size_t hex_line(char *out, const char *line, size_t len)
{
	size_t n = put_hex(out, parse(line, len));

	out[n] = '\n';
	return n + 1;
}

static size_t shortest_line(char *out, const char *line, size_t len)
{
	double d = parse(line, len);
	size_t n = put_hex(out, d);

	out[n++] = '\t';
	n = (size_t)(fmt::format_to(out + n, FMT_COMPILE("{}"), d) - out);
	out[n] = '\n';
	return n + 1;
}

static size_t shortest_only_line(char *out, const char *line, size_t len)
{
	size_t n = (size_t)(fmt::format_to(out, FMT_COMPILE("{}"), parse(line, len)) - out);

	out[n] = '\n';
	return n + 1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "hex";

	tight_loop(std::strcmp(mode, "shortest") == 0	   ? shortest_line :
		   std::strcmp(mode, "shortest-only") == 0 ? shortest_only_line :
							     hex_line);
	return 0;
}
