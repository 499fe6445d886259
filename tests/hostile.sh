#!/bin/sh
# hostile.sh — runs the catalogue tests/hostile.tsv: each input alone (right code, or
# the error row, the message on stderr and exit status 1), then each format's inputs as
# one batch (one output line per input, the good ones still converted).
# Usage: sh tests/hostile.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-hostile.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }

# expand INPUT into the file $T/input: {TEXT*N} repeated, \xHH \t \\ as bytes (printf
# in every sh knows octal escapes, not \x; and a leading "-" would be an option)
expand() {
	printf '%s' "$1" | awk '{
		out = ""; s = $0
		while (match(s, /\{[^{}*]*\*[0-9]+\}/)) {
			spec = substr(s, RSTART + 1, RLENGTH - 2); star = index(spec, "*")
			text = substr(spec, 1, star - 1); n = substr(spec, star + 1) + 0
			rep = ""; unit = text; k = n
			while (k > 0) { if (k % 2) rep = rep unit; unit = unit unit; k = int(k / 2) }
			out = out substr(s, 1, RSTART - 1) rep; s = substr(s, RSTART + RLENGTH)
		}
		s = out s; out = ""
		while (match(s, /\\x[0-9a-fA-F][0-9a-fA-F]/)) {
			hex = tolower(substr(s, RSTART + 2, 2))
			v = index("0123456789abcdef", substr(hex, 1, 1)) * 16 + index("0123456789abcdef", substr(hex, 2, 1)) - 17
			out = out substr(s, 1, RSTART - 1) sprintf("\\%03o", v); s = substr(s, RSTART + RLENGTH)
		}
		gsub(/%/, "%%", s); gsub(/%/, "%%", out)
		printf "X%s", out s }' > "$T/fmt"
	# shellcheck disable=SC2059
	printf "$(cat "$T/fmt")" | tail -c +2 > "$T/input"
}

n=0
grep -v '^#' tests/hostile.tsv | grep -v '^$' | while IFS='	' read -r format input expected; do
	n=$((n + 1))
	expand "$input"
	printf '\n' >> "$T/input"
	cat "$T/input" >> "$T/batch-$format"
	echo "$expected" >> "$T/expected-$format"
	got=$($FPX convert -o hex "$format" < "$T/input" 2> "$T/err"); status=$?
	case $expected in
	error:*)
		message=${expected#error: }
		if [ "$got" = error ] && [ $status = 1 ] && grep -qF -- "$message" "$T/err"; then ok; else
			bad "$format '$input': want an error saying '$message'; got '$got', status $status: $(head -c 200 "$T/err")"
		fi ;;
	empty)
		[ -z "$got" ] && [ $status = 0 ] && [ ! -s "$T/err" ] && ok ||
			bad "$format '$input': want an empty row and no error, got '$got' ($status)" ;;
	*)
		[ "$got" = "$expected" ] && [ $status = 0 ] && ok || bad "$format '$input': want $expected, got '$got' ($status)" ;;
	esac
	echo "$pass $fail" > "$T/count"
done
read pass fail < "$T/count"

for batch in "$T"/batch-*; do
	format=${batch##*/batch-}
	$FPX convert -o hex "$format" < "$batch" > "$T/out" 2>/dev/null
	if [ "$(wc -l < "$T/out")" -eq "$(wc -l < "$T/expected-$format")" ] &&
		paste "$T/out" "$T/expected-$format" | awk -F'\t' '($2 ~ /^error/ ? $1 != "error" : $2 == "empty" ? $1 != "" : $1 != $2) { exit 1 }'; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL: the $format batch does not give one right line per input"
	fi
done

printf 'hostile: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
