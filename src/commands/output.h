/*
 * output.h — where the commands' output goes: stdout, written in blocks, stopped at the
 * first failed write (reported once, exit status 1); how a readout is styled for the
 * terminal it goes to; and exact values as text.
 */
#ifndef FPX_OUTPUT_H
#define FPX_OUTPUT_H

#include <gmp.h>
#include <stdbool.h>

#include "show.h"
#include "strbuf.h"

/* Writes what the buffer holds (all of it when `all`, else once it is large: rows are
 * gathered into blocks), straight to stdout's file descriptor after whatever stdio
 * holds, and clears it: a block is never copied again. */
void output_write(struct strbuf *line, bool all);
void output_flush_line(struct strbuf *line);
/* Writes all of the buffer to stdout's file descriptor at once, past stdio (whose
 * buffer must be empty), and clears it: for processes that take turns writing. */
void output_write_direct(struct strbuf *line);
/* The calling thread's output goes into out from now on (what output_write() and
 * output_write_direct() write; never what a command prints through stdio), or to stdout
 * again (NULL); returns where it went before. */
struct strbuf *output_into(struct strbuf *out);
/* Another process (a -j worker) failed to write to the same stdout, and said so. */
void output_failed_elsewhere(void);
/* Has a write to stdout failed? Then every command stops producing output. */
bool output_failed(void);
/* Should a command stop producing? Output failed, or asked() (the REPL's Ctrl-C) says
 * so, once output_watch_interrupts() has been given it. */
bool output_should_stop(void);
void output_watch_interrupts(bool (*asked)(void));
/* Flushes stdout; false (after "fpx: write error: ...", said once) when any write failed. */
bool output_flush(void);

struct settings;
/* Colour is decided once: --color, else a terminal without NO_COLOR set. */
struct show_style output_show_style(const struct settings *s);

/* The exact decimal of a rational, or ~ and 25 digits when it does not end (dec_marked()). */
void output_rational(struct strbuf *out, const mpq_t q);
/* An approximation of a value known only that closely (a real's error): ~ and 25
 * significant digits (dec_marked()). */
void output_approximate(struct strbuf *out, const mpq_t q);
struct num;
/* The signed value of a finite num. */
void output_signed_value(mpq_t out, const struct num *x);

#endif
