/*
 * convert.c — the conversion every command shares, and its error report.
 */
#include "convert.h"
#include "fastdec.h"

#include <stdio.h>

void conversion_init(struct conversion *c)
{
	input_init(&c->in);
	c->code = 0;
	c->need_value = true;
}

void conversion_clear(struct conversion *c)
{
	input_clear(&c->in);
}

const char *convert_text(struct conversion *c, struct fmt *f, const char *text, size_t len, enum rnd_mode mode,
			 bool saturate)
{
	struct decimal d;

	c->err.status = PARSE_OK;
	c->err.column = 0;
	c->err.byte = -1;
	if (!c->need_value && fastdec_scan(&d, text, len) && rnd_encode_decimal(&c->result, f, &d, mode, saturate)) {
		c->in.kind = INPUT_VALUE;
		c->code = c->result.code;
		return NULL;
	}
	if (parse_input(&c->in, &c->err, text, len) != PARSE_OK)
		return parse_message(c->err.status);
	if (c->in.kind == INPUT_PATTERN)
		return fmt_code_from_pattern(&c->code, f, c->in.pattern) ? NULL
			: "bit pattern has more bits than the format";
	if (rnd_encode(&c->result, f, &c->in.value, mode, saturate) != RND_OK)
		return "the format has no NaN";
	c->code = c->result.code;
	return NULL;
}

static void print_escaped(FILE *fp, const char *text, size_t len)
{
	size_t shown = len > 60 ? 60 : len;

	for (size_t i = 0; i < shown; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c >= 0x20 && c < 0x7f && c != '\\')
			fputc(c, fp);
		else
			fprintf(fp, "\\x%02x", c);
	}
	if (shown < len)
		fputs("...", fp);
}

void report_input_error(const char *where, const char *text, size_t len, const char *message,
			const struct parse_error *err)
{
	fputs("fpx: ", stderr);
	if (where)
		fprintf(stderr, "%s: ", where);
	fputc('\'', stderr);
	print_escaped(stderr, text, len);
	fprintf(stderr, "': %s", message);
	if (err && err->status == PARSE_UNEXPECTED && err->byte >= 0x20 && err->byte < 0x7f)
		fprintf(stderr, " '%c'", err->byte);
	else if (err && err->status == PARSE_UNEXPECTED && err->byte >= 0)
		fprintf(stderr, " (byte 0x%02x)", err->byte);
	if (err && err->status != PARSE_OK && err->column)
		fprintf(stderr, " (column %zu)", err->column);
	fputc('\n', stderr);
}
