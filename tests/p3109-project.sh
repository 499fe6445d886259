#!/bin/sh
# p3109-project.sh — issue 35's Measures 2 and 3: fpx's IEEE P3109 projections and
# arithmetic against tests/p3109/project.py, an independent exact reading of the report's
# section 4.7 (RoundToPrecision in all nine rounding modes, Saturate rule by rule,
# Encode, Decode) and 4.10 (Add, Multiply, Divide with their special cases), written from
# tests/p3109/DIGEST.md with Python's fractions, never from fpx's code or output.
#   1. the reference checks itself: every code of the official value tables (K3..K8.tsv)
#      decodes, encodes and projects back; DIGEST.md section 3's worked examples;
#   2. `fpx convert -o hex` of random values (near midpoints and exactly on them, near
#      MaxFinite and past it, around half the smallest subnormal, decimals, n/d, 2^a-2^b,
#      negatives into unsigned formats, +-inf, nan) into 40 formats, K = 3..16, in every
#      rounding mode x saturation, the stochastic ones for N = 1, 2, 3, 8, 16 and R = 0,
#      2^N-1 and random R; seed fixed, so the same checks every run;
#   3. `fpx map -o x,y,hex` of every x*y, x+y, x/y of Binary8p3se and Binary8p4sf under
#      rne/SatFinite and rtz/SatNone.
# FPX_P3109_OLD_OPTIONS=1 runs it on an fpx before --saturation and the new modes:
# finite -> -s, none -> nothing, and skips rto, sra, srb, src and propagate.
# Skipped (and said so) without python3 or while fpx has no P3109 formats.
# Usage: sh tests/p3109-project.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
REF=$(dirname "$0")/p3109

skip() {
	echo "p3109-project: $1; skipped"
	echo "p3109-project: 0 passed, 0 failed"
	exit 0
}
command -v python3 > /dev/null 2>&1 || skip "no python3"
"$FPX" info binary8p3se > /dev/null 2>&1 || skip "fpx has no P3109 formats yet"

# the last "N passed, N failed" line of a python3 run, added to pass and fail
add_counts() {
	# shellcheck disable=SC2046 # the two counts are words
	set -- $(sed -n 's/^p3109-project: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$1" | tail -n 1)
	pass=$((pass + ${1:-0})) fail=$((fail + ${2:-1}))
}

python3 -B "$REF/project.py" selftest > "$T/self"
grep -v ' passed, ' "$T/self"
add_counts "$T/self"

python3 -B "$REF/projcases.py" cases "$T" || { bad "project.py cases failed"; exit 1; }
tab=$(printf '\t')
while IFS=$tab read -r id kind fmt mode sat n r op; do
	set -- -r "$mode" --saturation "$sat"
	[ "$n" = - ] || set -- "$@" --sr-bits "$n" --sr-random "$r"
	if [ -n "$FPX_P3109_OLD_OPTIONS" ]; then
		case $mode/$sat in rto/* | sr?/* | */propagate) continue ;; esac
		set -- -r "$mode"
		[ "$sat" = finite ] && set -- "$@" -s
	fi
	if [ "$kind" = convert ]; then
		"$FPX" convert "$fmt" -o hex "$@" < "$T/in/$id" > "$T/got/$id" 2> "$T/err/$id"
	else
		"$FPX" map "$fmt" "$op" "$@" -o x,y,hex -q > "$T/map/$id" 2> "$T/err/$id"
	fi
	printf '%s\t%s\n' "$id" "$?" >> "$T/rc"
done < "$T/plan"

python3 -B "$REF/projcases.py" compare "$T" > "$T/compare"
grep -v ' passed, ' "$T/compare"
add_counts "$T/compare"

echo "p3109-project: $((pass + fail)) checks, $fail failed"
echo "p3109-project: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
