/*
 * main.c — fpx's entry point: one buffered stdout, then the command line.
 */
#include <stdio.h>

#include "cli.h"

int main(int argc, char **argv)
{
	static char outbuf[1 << 16];

	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	return cli_run(argc, argv, false);
}
