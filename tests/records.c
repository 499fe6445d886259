/*
 * records.c — runs rounding records: one line each,
 *     FORMAT MODE [sat] INPUT -> CODE FLAGS
 * where CODE is the expected hex code or `error` (the input must be refused), and
 * FLAGS is a |-separated list or `-`. Each record is converted through the same
 * parse → round path as `fpx convert`.
 */
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "parse.h"
#include "render.h"
#include "round.h"
#include "strbuf.h"
#include "testlib.h"

struct record {
	char format[64], mode[8], input[512], code[64], flags[128];
	bool saturate;
};

static bool read_record(struct record *r, char *line)
{
	char *tok[8];
	int n = 0;

	char *save;

	for (char *t = strtok_r(line, " \t\n", &save); t && n < 8; t = strtok_r(NULL, " \t\n", &save))
		tok[n++] = t;
	r->saturate = n == 7 && strcmp(tok[2], "sat") == 0;
	if (n < 5 || (n != 6 + r->saturate && !(n == 4 + r->saturate + 1 && strcmp(tok[n - 1], "error") == 0)))
		return false;
	if (strcmp(tok[3 + r->saturate], "->") != 0)
		return false;
	snprintf(r->format, sizeof r->format, "%s", tok[0]);
	snprintf(r->mode, sizeof r->mode, "%s", tok[1]);
	snprintf(r->input, sizeof r->input, "%s", tok[2 + r->saturate]);
	snprintf(r->code, sizeof r->code, "%s", tok[4 + r->saturate]);
	snprintf(r->flags, sizeof r->flags, "%s", n > 5 + r->saturate ? tok[5 + r->saturate] : "");
	return true;
}

/* Converts; writes "error" or the hex code and flags as the CLI would show them. */
static void convert(struct strbuf *code, struct strbuf *flags, struct fmt *f, const struct record *r)
{
	struct input in;
	struct parse_error err;
	struct rnd_result res = { 0, 0, 0 };
	enum rnd_mode mode;
	struct field_list fl;
	struct row row = { r->input, 0, &res, NULL, RND_NEAREST_EVEN, false };
	bool ok;

	input_init(&in);
	ok = rnd_mode_from_name(&mode, r->mode) && parse_input(&in, &err, r->input, strlen(r->input)) == PARSE_OK;
	if (ok && in.kind == INPUT_PATTERN)
		ok = fmt_code_from_pattern(&res.code, f, in.pattern);
	else if (ok)
		ok = rnd_encode(&res, f, &in.value, mode, r->saturate) == RND_OK;
	if (!ok)
		sb_puts(code, "error");
	else {
		row.code = res.code;
		render_parse_fields(&fl, "hex");
		render_row(code, f, &row, &fl, STYLE_TSV);
		code->s[--code->len] = '\0';
		render_parse_fields(&fl, "flags");
		render_row(flags, f, &row, &fl, STYLE_TSV);
		flags->s[--flags->len] = '\0';
	}
	input_clear(&in);
}

static void run_file(const char *path)
{
	FILE *fp = fopen(path, "r");
	char line[1024];
	struct strbuf code, flags;

	if (!check(fp != NULL, "cannot open %s", path))
		return;
	sb_init(&code);
	sb_init(&flags);
	for (int n = 1; fgets(line, sizeof line, fp); n++) {
		struct record r;
		struct fmt *f;
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		if (strspn(line, " \t\n") == strlen(line))
			continue;
		if (!check(read_record(&r, line), "%s:%d: malformed record", path, n))
			continue;
		f = fmt_lookup(r.format);
		if (!check(f != NULL, "%s:%d: unknown format %s", path, n, r.format))
			continue;
		sb_clear(&code);
		sb_clear(&flags);
		convert(&code, &flags, f, &r);
		if (strcmp(r.code, "error") == 0)
			check(strcmp(code.s, "error") == 0, "%s:%d: %s %s %s: expected error, got %s", path, n,
			      r.format, r.mode, r.input, code.s);
		else
			check(strcmp(code.s, r.code) == 0 && strcmp(flags.s, r.flags) == 0,
			      "%s:%d: %s %s%s %s: expected %s %s, got %s %s", path, n, r.format, r.mode,
			      r.saturate ? " sat" : "", r.input, r.code, r.flags, code.s, flags.s ? flags.s : "");
		fmt_free(f);
	}
	sb_free(&code);
	sb_free(&flags);
	fclose(fp);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		run_file(argv[i]);
	return test_summary("records");
}
