/*
 * records.c — runs rounding records: one line each,
 *     FORMAT MODE [sat] INPUT -> CODE FLAGS [policy=P] [via=FORMAT] [from=FORMAT]
 * where CODE is the expected hex code or `error` (the input must be refused), and
 * FLAGS is a |-separated list or `-`. Each record is converted through the same
 * conversion as `fpx convert` (`fpx cast FROM FORMAT` with from=), with --policy and
 * --via as the trailing settings say.
 */
#include <stdlib.h>
#include <string.h>

#include "convert.h"
#include "format.h"
#include "policy.h"
#include "parse.h"
#include "registry.h"
#include "render.h"
#include "round.h"
#include "strbuf.h"
#include "testlib.h"

struct record {
	char format[64], mode[8], input[512], code[64], flags[128];
	char policy[32], via[64], from[64]; /* empty when not given */
	bool saturate;
};

/* Takes the trailing key=value settings off the tokens; false for an unknown key. */
static bool read_settings(struct record *r, char **tok, int *n)
{
	r->policy[0] = r->via[0] = r->from[0] = '\0';
	for (; *n > 0 && strchr(tok[*n - 1], '='); (*n)--) {
		const char *t = tok[*n - 1], *value = strchr(t, '=') + 1;
		if (strncmp(t, "policy=", 7) == 0)
			snprintf(r->policy, sizeof r->policy, "%s", value);
		else if (strncmp(t, "via=", 4) == 0)
			snprintf(r->via, sizeof r->via, "%s", value);
		else if (strncmp(t, "from=", 5) == 0)
			snprintf(r->from, sizeof r->from, "%s", value);
		else
			return false;
	}
	return true;
}

static bool read_record(struct record *r, char *line)
{
	char *tok[11];
	int n = 0;

	char *save;

	for (char *t = strtok_r(line, " \t\n", &save); t && n < 11; t = strtok_r(NULL, " \t\n", &save))
		tok[n++] = t;
	if (!read_settings(r, tok, &n))
		return false;
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
static void convert(struct strbuf *code, struct strbuf *flags, const struct fmt *f, const struct record *r)
{
	struct conversion c;
	enum rnd_mode mode;
	struct field_list fl;
	struct row row = { .input = r->input, .how = { .mode = RND_NEAREST_EVEN } };
	bool ok;

	conversion_init(&c);
	c.policy = r->policy[0] ? policy_lookup(r->policy) : policy_default();
	c.via = r->via[0] ? fmt_lookup(r->via) : NULL;
	c.source = r->from[0] ? fmt_lookup(r->from) : NULL;
	ok = rnd_mode_from_name(&mode, r->mode) && c.policy && (!r->via[0] || c.via) && (!r->from[0] || c.source) &&
	     convert_text(&c, f, r->input, strlen(r->input), rnd_spec(mode, (enum rnd_sat)(r->saturate))) == PROBLEM_NONE;
	if (!ok)
		sb_puts(code, "error");
	else {
		row.code = c.code;
		row.rounding = c.in.kind == INPUT_PATTERN ? NULL : &c.result;
		render_parse_fields(&fl, "hex");
		render_row(code, f, &row, &fl, STYLE_TSV);
		code->s[--code->len] = '\0';
		render_parse_fields(&fl, "flags");
		render_row(flags, f, &row, &fl, STYLE_TSV);
		flags->s[--flags->len] = '\0';
	}
	conversion_clear(&c);
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
		const struct fmt *f;
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
