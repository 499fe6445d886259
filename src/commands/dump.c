/*
 * dump.c — fpx dump: the codes packed in a binary file (a kernel's output, a tensor
 * written raw), one row each as table writes them.
 *
 * How codes lie in the file: a code of 8, 16, 32, 64 or 128 bits takes that many
 * bytes, in the --endian order (little by default); one of 1 to 6 bits is packed as the
 * OCP MX elements are, a stream of bits filling each byte from its least significant
 * bit (two FP4 codes a byte, the first in the low nibble; four FP6 codes in three
 * bytes), or from its most significant bit with --endian big; any other width takes the
 * fewest bytes that hold it (a 7-bit UE4M3 a byte, TF32 four), whose spare high bits
 * must be 0.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "output.h"

struct dump {
	const struct settings *s;
	const struct fmt *f;
	FILE *fp;
	bool big_endian;
	int width;           /* bits of a code as stored: f->bits, or its container's */
	unsigned long long offset; /* where the next byte is read, for messages */
	unsigned long long count;  /* codes still to read, or ~0 */
	/* a packed stream: bits read but not yet used */
	unsigned bits, nbits;
	int failures;
};

static bool is_packed(const struct fmt *f)
{
	return f->bits <= 6;
}

/* Bytes of a code that is not packed: the fewest of 1, 2, 4, 8, 16 that hold it. */
static int container_bytes(const struct fmt *f)
{
	int bytes = 1;

	while (bytes * 8 < f->bits)
		bytes *= 2;
	return bytes;
}

/* A number for --offset or --count: decimal or 0x hex, from 0 up; false after a usage
 * error naming the option. */
static bool dump_number(unsigned long long *out, const char *text, enum usage bad)
{
	int base = text && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? 16 : 10; /* 010 is ten */
	char *end;

	errno = 0;
	if (!text || !isdigit((unsigned char)text[0]) || (*out = strtoull(text, &end, base), errno) || end == text ||
	    *end)
		return usage_error(bad, text), false;
	return true;
}

/* The next packed code; false at the end of the file (or of the last byte's bits). */
static bool next_packed(struct dump *d, fpcode *code)
{
	int c;

	while (d->nbits < (unsigned)d->f->bits) {
		if ((c = getc(d->fp)) == EOF)
			return false;
		d->offset++;
		if (d->big_endian)
			d->bits = d->bits << 8 | (unsigned)c;
		else
			d->bits |= (unsigned)c << d->nbits;
		d->nbits += 8;
	}
	if (d->big_endian) {
		*code = (d->bits >> (d->nbits - (unsigned)d->f->bits)) & (unsigned)code_mask(d->f->bits);
		d->bits &= (1u << (d->nbits - (unsigned)d->f->bits)) - 1;
	} else {
		*code = d->bits & (unsigned)code_mask(d->f->bits);
		d->bits >>= d->f->bits;
	}
	d->nbits -= (unsigned)d->f->bits;
	return true;
}

/* The next whole-byte code: 1 when read, 0 at the end, -1 after a short or bad one
 * (reported; a bad one has an error row). */
static int next_whole(struct dump *d, struct strbuf *line, fpcode *code)
{
	unsigned char b[16];
	int n = container_bytes(d->f);
	size_t got = fread(b, 1, (size_t)n, d->fp);
	unsigned long long at = d->offset;

	d->offset += got;
	if (got == 0)
		return 0;
	if (got < (size_t)n) {
		report("%s: byte %llu: the file ends %zu byte%s into a code of %d bytes", d->s->args[1], at, got,
		       sb_plural((long long)got), n);
		d->failures++;
		return -1;
	}
	*code = 0;
	for (int i = 0; i < n; i++)
		*code = *code << 8 | b[d->big_endian ? i : n - 1 - i];
	if (*code >> d->f->bits) {
		char hex[CODE_MAX_BITS / 4 + 3];
		code_to_hex(hex, *code, n * 2);
		report("%s: byte %llu: %s has bits above the %d of %s", d->s->args[1], at, hex, d->f->bits, d->f->name);
		render_error_row(line, d->f, hex, "bits set above the format's", &d->s->fields, d->s->style);
		output_flush_line(line);
		d->failures++;
		return -1;
	}
	return 1;
}

static void dump_row(struct dump *d, struct strbuf *line, fpcode code)
{
	char hex[CODE_MAX_BITS / 4 + 3];
	struct row row = { .input = hex, .code = code, .how = d->s->rounding };

	code_to_hex(hex, code, fmt_hex_digits(d->f));
	render_row(line, d->f, &row, &d->s->fields, d->s->style);
	output_flush_line(line);
}

static void dump_codes(struct dump *d, struct strbuf *line)
{
	fpcode code;
	int got;

	for (; d->count && !output_should_stop(); d->count--) {
		if (is_packed(d->f)) {
			if (!next_packed(d, &code))
				break;
			dump_row(d, line, code);
		} else if ((got = next_whole(d, line, &code)) > 0)
			dump_row(d, line, code);
		else if (got == 0 || feof(d->fp))
			break;
	}
	if (ferror(d->fp)) {
		report("%s: %s", d->s->args[1], strerror(errno));
		d->failures++;
	}
}

/* Skips --offset bytes by reading them (a pipe cannot seek); false after reporting a
 * file shorter than that. */
static bool skip_to_offset(struct dump *d, unsigned long long offset)
{
	char buf[65536];

	while (d->offset < offset) {
		size_t want = offset - d->offset < sizeof buf ? (size_t)(offset - d->offset) : sizeof buf;
		size_t got = fread(buf, 1, want, d->fp);
		d->offset += got;
		if (got < want) {
			report("%s: --offset %llu is past its end (%llu byte%s)", d->s->args[1], offset, d->offset,
			       sb_plural((long long)d->offset));
			return false;
		}
	}
	return true;
}

int cmd_dump(struct settings *s)
{
	struct dump d = { .s = s, .count = ~0ULL };
	unsigned long long offset = 0;
	struct strbuf line;

	if (s->nargs != 2)
		return usage_error(USAGE_DUMP_NEEDS_FILE, NULL);
	if (!(d.f = settings_require_format(s->args[0])))
		return EXIT_USAGE;
	if (s->dump.endian && strcmp(s->dump.endian, "little") && strcmp(s->dump.endian, "big"))
		return usage_error(USAGE_BAD_ENDIAN, s->dump.endian);
	d.big_endian = s->dump.endian && strcmp(s->dump.endian, "big") == 0;
	if ((s->dump.offset && !dump_number(&offset, s->dump.offset, USAGE_BAD_OFFSET)) ||
	    (s->dump.count && !dump_number(&d.count, s->dump.count, USAGE_BAD_COUNT)))
		return EXIT_USAGE;
	if (!s->fields_given)
		render_parse_fields(&s->fields, "hex,class,exact,shortest");
	if (strcmp(s->args[1], "-") == 0 && !s->may_read_stdin)
		return usage_error(USAGE_DUMP_STDIN_IN_REPL, NULL);
	if (!(d.fp = strcmp(s->args[1], "-") == 0 ? stdin : fopen(s->args[1], "rb"))) {
		report("%s: %s", s->args[1], strerror(errno));
		return EXIT_BAD_INPUT;
	}
	sb_init(&line);
	if (s->header && s->style != STYLE_JSON)
		render_header(&line, &s->fields, s->style);
	if (skip_to_offset(&d, offset))
		dump_codes(&d, &line);
	else
		d.failures++;
	output_flush_line(&line);
	sb_free(&line);
	if (d.fp != stdin)
		fclose(d.fp);
	return d.failures ? EXIT_BAD_INPUT : EXIT_OK;
}
