#!/bin/sh
# rows.sh — the bulk rows (issue 34, item 2): stdin's lines, which the commands' fast
# path takes in place, give the same rows as the same values given as arguments, which
# it never takes; mx's and map's rows and separators; map's JSON rows are JSON.
# Usage: sh tests/rows.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

# same NAME FILE: FILE and $T/got the same bytes
same() { if cmp -s "$2" "$T/got"; then ok; else bad "$1"; diff "$2" "$T/got" | head -5; fi; }

# Plain decimals of every shape the one pass reads, and lines it leaves to the general
# path (a real, an expression, a bad line) between them: a row each, in order, either way.
awk 'BEGIN { srand(34); for (i = 0; i < 600; i++) {
	r = rand(); e = int(rand() * 80) - 40
	if (i % 97 == 5) print "pi"; else if (i % 89 == 7) print "2^-24"; else if (i % 83 == 3) print "1e"
	else if (i % 3) printf "%.*g\n", 1 + int(rand() * 17), (r - 0.5) * 10 ^ e
	else printf "%de%d\n", int(r * 1000000), e } }' > "$T/values"
for args in "convert -o hex binary64" "convert binary64" "convert -o shortest binary32" "convert --csv e4m3" \
	"convert -o hex -r rtz bfloat16" "quantize --scale 0.0625 e4m3" "quantize --scale 0.0625 int8" \
	"mx e2m1" "mx --csv e4m3" "mx -o error,hex int8"; do
	# shellcheck disable=SC2086 # the arguments are words
	"$FPX" $args < "$T/values" > "$T/stdin" 2> /dev/null
	# shellcheck disable=SC2086,SC2046
	"$FPX" $args $(cat "$T/values") > "$T/got" 2> /dev/null
	same "$args: stdin's lines and the same values as arguments" "$T/stdin"
done

# mx's rows, worked by hand: max |x| = 2 = 2^1, e2m1's emax 2, so X = 2^-1, E8M0 code
# 127 - 1 = 0x7e; 1/X = 2 and 2/X = 4 are e2m1's codes 0x4 and 0x6 (0 0.5 1 1.5 2 3 4 6)
printf 'scale\t0x7e\t2^-1 = 0.5\n1\t0x4\t1\t0\n2\t0x6\t2\t0\nworst error\t0\n\n' > "$T/want"
printf '1\n2\n' | "$FPX" mx e2m1 > "$T/got"
same "mx e2m1: scale, element and worst-error rows a tab apart" "$T/want"
printf 'block,scale_hex,scale,input,hex,exact,error\n0,0x7e,0.5,1,0x4,1,0\n0,0x7e,0.5,2,0x6,2,0\n' > "$T/want"
printf '1\n2\n' | "$FPX" mx --csv --header e2m1 > "$T/got"
same "mx --csv --header e2m1: the flat table, a comma apart" "$T/want"

# map's rows: operand cells, then the fields; every JSON row an object (python3's json)
printf 'x,y,hex\n0x0,0x0,0x0\n' > "$T/want"
"$FPX" map --csv --header -o x,y,hex e2m1 'x*y' | head -n 2 > "$T/got"
same "map --csv --header: the operands' cells lead the row" "$T/want"
printf '0x0\t0x0\n' > "$T/want"
"$FPX" map -o x,y e2m1 'x*y' | head -n 1 > "$T/got"
same "map -o x,y: operand cells alone end the row" "$T/want"
for args in "--json -o hex e4m3 x*y" "--json -o hex e5m2 log(x)" "--json e5m2 log(x)*y" "--json -o x,hex e2m1 x/y"; do
	# shellcheck disable=SC2086
	if "$FPX" map $args 2> /dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    assert isinstance(json.loads(line), dict)' 2> /dev/null; then ok; else bad "map $args: a row that is not a JSON object"; fi
done

# nvfp4 with a tensor amax near FLT_MAX: the block scale times amax overflows in float
# (448 * 3e38 > 3.4028235e38), so the dequantized values are inf (6 times inf) and nan
# (0 times inf), as C float arithmetic gives them; once a SIGFPE in mpq_set_d(inf)
printf '3e38\t0x7\tinf\tinf\n1\t0x0\tnan\tnan\n-3e38\t0xf\t-inf\t-inf\nworst error\tnan\n' > "$T/want"
printf '3e38\n1\n-3e38\n' | "$FPX" mx --preset nvfp4 > "$T/out" 2>&1; status=$?
grep -E '^(3e38|1|-3e38|worst)' "$T/out" > "$T/got"
if [ $status = 0 ] && cmp -s "$T/want" "$T/got"; then ok; else bad "mx --preset nvfp4 near FLT_MAX: status $status, $(head -c 300 "$T/out")"; fi

echo "rows: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
