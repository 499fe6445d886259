#!/bin/sh
# sameoutput.sh — do two fpx binaries write the same bytes? Runs both over the
# benchmark's workload (bench/gen) in every built-in format and rounding mode, with and
# without -s, through convert (every field), cast, show --json, quantize, mx, map, table
# and compare, and names each command whose output (stdout, stderr or exit status)
# differs. A refactoring that changes no behaviour leaves it silent.
# Usage: sh tools/sameoutput.sh OLD_FPX NEW_FPX [LINES]   (exit 1 when any differ)
cd "$(dirname "$0")/.." || exit 2
old=$1 new=$2 lines=${3:-20000}
[ -x "$old" ] && [ -x "$new" ] || { echo "usage: sh tools/sameoutput.sh OLD_FPX NEW_FPX [LINES]" >&2; exit 2; }
T=${TMPDIR:-/tmp}/fpx-same.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
bench/gen "$lines" > "$T/w" || exit 2
head -n $((lines / 20 + 1)) "$T/w" > "$T/few"
differ=0 ran=0

# same INPUT ARGS...: one command through both binaries
same() {
	input=$1
	shift
	"$old" "$@" < "$input" > "$T/o.out" 2> "$T/o.err"; echo $? >> "$T/o.out"
	"$new" "$@" < "$input" > "$T/n.out" 2> "$T/n.err"; echo $? >> "$T/n.out"
	ran=$((ran + 1))
	if ! cmp -s "$T/o.out" "$T/n.out" || ! cmp -s "$T/o.err" "$T/n.err"; then
		differ=$((differ + 1))
		echo "DIFFERS: fpx $*"
	fi
}

formats=$("$old" formats | awk 'NR > 1 && $1 != "" && $2 ~ /^[0-9]+$/ { print $1 }' | tr '\n' ' ')
fields=$("$old" --help | awk '/^Fields/ { on = 1; next } on && /^  [a-z_~]/ { print $1 } on && /^$/ { exit }' | tr '\n' ',' | sed 's/,$//')
for f in $formats e3m4b5 e6m9 posit12es1 int8 uint16 q3.4 binary8p3se; do
	"$old" info "$f" > /dev/null 2>&1 || continue
	for mode in rne rna rtz rup rdn; do
		same "$T/w" convert -o hex -r "$mode" "$f"
		same "$T/w" convert -o hex -r "$mode" -s "$f"
		same "$T/few" convert -o "$fields" -r "$mode" "$f"
	done
	same "$T/w" convert "$f"
	same "$T/few" convert --json "$f"
	same "$T/few" convert --csv --header "$f"
	same "$T/few" show --json "$f"
	same "$T/w" quantize --scale 0.5 "$f"
	same "$T/few" dequantize --scale 0.5 "$f"
	same "$T/w" mx -o hex "$f"
	same "$T/w" mx "$f"
	same "$T/w" compare "$f"
	same /dev/null table "$f" --range 0:300
	same /dev/null table --json "$f" --range 0:300
	same /dev/null info "$f"
done
for p in $("$old" policies | awk '/^[a-z]/ { print $1 }'); do
	same "$T/few" convert --policy "$p" bfloat16
	same "$T/few" convert --policy "$p" e4m3
done
same /dev/null map e4m3 'x+y' -q
same /dev/null map --testfloat binary16 'x*y' --random 20000 -q
same /dev/null map binary32 'atan2(y,x)' --random 20000 -q --json
same /dev/null map e5m2 'fma(x,y,z)' --random 20000 -q --csv
same /dev/null map bfloat16 'exp(x)' -q
same "$T/few" mx --preset nvfp4
same /dev/null cast binary16 e4m3
same /dev/null formats
same /dev/null policies
same /dev/null --help
echo "sameoutput: $ran commands, $differ differ"
[ "$differ" -eq 0 ]
