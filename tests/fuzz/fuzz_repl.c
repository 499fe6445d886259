/*
 * fuzz_repl.c — libFuzzer target for the REPL's command line: the input is split into
 * lines and given to a session, as a piped session would be. Its output goes to
 * /dev/null; its messages stay on stderr, where libFuzzer's reports go too.
 * Lines that ask for table (whose size the user chooses) are left out, so that a long
 * table is not mistaken for a hang; so are lines with a power of five or more exponent
 * digits, whose exact value may have millions of bits (1.001^400000 has 8 million) and
 * take seconds of honest work to read out.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "cli.h"
#include "format.h"
#include "registry.h"
#include "repl.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (!freopen("/dev/null", "w", stdout)) /* stderr stays: libFuzzer reports there */
		abort();
	return 0;
}

static bool has_long_power(const char *line)
{
	for (const char *s = line; (s = strpbrk(s, "^*")); ) {
		size_t digits = 0;
		for (s++; *s == '*' || *s == '(' || *s == '+' || *s == '-' || *s == ' '; s++)
			;
		while (isdigit((unsigned char)s[digits]))
			digits++;
		if (digits >= 5)
			return true;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct repl_options o = { .format = "e4m3", .rounding = { .mode = RND_NEAREST_EVEN }, .commands = &cli_commands };
	struct repl_session *s = repl_open(&o);
	char *text = malloc(size + 1);

	if (!text || !s)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	char *save;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!strstr(line, "table") && !strstr(line, "-F") && !strstr(line, "format-file") && !has_long_power(line) &&
		    !repl_line(s, line))
			break;
	repl_close(s);
	fmt_unload_all();
	free(text);
	return 0;
}
