/*
 * commands.h — the run function of each row of cli.c's command table, and the one way
 * in for the REPL's values. Each takes the settings options.c filled and returns the
 * exit status (report.h).
 */
#ifndef FPX_COMMANDS_H
#define FPX_COMMANDS_H

#include "code.h"
#include "settings.h"

/* fmtcmd.c */
int cmd_table(struct settings *s);
int cmd_dump(struct settings *s);
int cmd_plot(struct settings *s);
int cmd_info(struct settings *s);
int cmd_formats(struct settings *s);

/* convcmd.c */
int cmd_convert(struct settings *s);
int cmd_cast(struct settings *s);
int cmd_show(struct settings *s);
/* The readout of one text, as `fpx show` writes it (s->args[0] is the format); the code
 * shown into *shown, and whether the text was a value (not a bit pattern) into *typed.
 * The REPL's values go through here. */
int cmd_show_one(struct settings *s, const char *text, fpcode *shown, bool *typed);

/* compare.c */
int cmd_policies(struct settings *s);
int cmd_compare(struct settings *s);
/* quantize.c */
int cmd_quantize(struct settings *s);
int cmd_dequantize(struct settings *s);
/* mx.c */
int cmd_mx(struct settings *s);
/* block.c */
int cmd_block(struct settings *s);
/* mapcmd.c */
int cmd_map(struct settings *s);
/* verify.c */
int cmd_verify(struct settings *s);

#endif
