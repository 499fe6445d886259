#!/bin/sh
# interfaces.sh — the command line's edges (issue 33, items 8 and 11 to 15): what is a
# value and what an option, map without FORMAT, options that contradict each other,
# dequantize -o, formats --names, -x, literal hints and compare's exit status.
# Usage: sh tests/interfaces.sh [path/to/fpx]
FPX=${1:-./fpx}
set -f # the arguments hold * and ?
. "$(dirname "$0")/shlib.sh"

# fpx ARGS...: runs fpx, its stdout in $out, stderr in $T/err, exit status in $status.
fpx() {
	out=$($FPX "$@" 2>"$T/err"); status=$?
}
# expect STATUS TEXT: the last run exited STATUS and printed exactly TEXT.
expect() {
	if [ "$status" = "$1" ] && [ "$out" = "$2" ]; then ok; else
		bad "$what: want status $1 and '$2'; got $status and '$out': $(head -c 300 "$T/err")"; fi
}
# expect_error STATUS MESSAGE: the last run exited STATUS with MESSAGE on stderr.
expect_error() {
	if [ "$status" = "$1" ] && grep -qF -- "$2" "$T/err"; then ok; else
		bad "$what: want status $1 and '$2' on stderr; got $status: $(head -c 300 "$T/err")"; fi
}

# ---- 8: a dash before a value the grammar knows is the value's sign, not an option ----
# binary32 -snan(5): sign 1, exponent all ones, quiet bit 0, payload 5 (IEEE 754 §3.4)
what='fpx binary32 -snan(5) is a value'
fpx convert binary32 '-snan(5)'
expect 0 "0xff800005	-snan(0x5)"
what='show takes -snan(5) as a value'
fpx binary32 '-snan(5)'
[ "$status" = 0 ] && printf '%s\n' "$out" | grep -q '0xff800005' && ok || bad "$what: $status $(head -c 200 "$T/err")"
# each spelling reads as it does after "--", where it cannot be an option
for v in -snan -SNaN '-nan(0x1f)' '-snan(7)' -Inf -infinity -INFINITY -nan -pi/2 '-sin(1)' -e '-atan2(1,2)'; do
	want=$($FPX convert binary32 -- "$v" 2>&1)
	what="convert binary32 $v"
	fpx convert binary32 "$v"
	expect 0 "$want"
done
# a word the grammar does not know as a value is still an option, refused by name
what='-infx is no value'
fpx convert binary32 -infx
expect_error 2 "unknown option '-infx'"
what='-s before a value is still --saturate'
fpx convert -s -o hex e4m3 -inf
expect 0 "0xfe"   # -448, e4m3's largest finite negative: S.1111.110 (OCP 8-bit FP spec)

# ---- 11: map with --in and --to needs no FORMAT; an unknown FORMAT is told once ----
# e4m3 0x38 = 1 and 0x40 = 2 (bias 7: exponents 0111 and 1000); 1*2 = 2 in bfloat16 is
# binary32's 0x40000000 cut to its top half, 0x4000; exact, so no flag
what='map --in e4m3 --to bfloat16 x*y, no FORMAT'
fpx map --in e4m3 --to bfloat16 'x*y' '0x38 0x40'
expect 0 "0x38	0x40	0x4000	-"
what='map --in/--to: a FORMAT given still works'
fpx map --in e4m3 --to bfloat16 e4m3 'x*y' '0x38 0x40'
expect 0 "0x38	0x40	0x4000	-"
what='map --in/--to without FORMAT: every code of --range'
fpx map --in e4m3 --to bfloat16 --range 0x38:0x38 'x+y'
expect 0 "0x38	0x38	0x4000	-"   # 1 + 1 = 2
what='map --in/--to without FORMAT: combinations on stdin'
out=$(echo '0x38 0x40' | $FPX map --in e4m3 --to bfloat16 'x-y' - 2>"$T/err"); status=$?
expect 0 "0x38	0x40	0xbf80	-"   # 1 - 2 = -1: binary32 0xbf800000's top half
what='map --in/--to: a comparison without FORMAT'
fpx map --in e4m3 --to bfloat16 'x<y' '0x38 0x40'
expect 0 "0x38	0x40	0x3f80	-"   # 1 < 2: true, 1
what='map without --to still needs FORMAT'
fpx map --in e4m3 'x*y' '0x38 0x40'
expect_error 2 "'x*y' is an expression: map needs a FORMAT first"
for cmd in "map foo x*y" "map --to bfloat16 foo x*y" "map --in e4m3 --to bfloat16 foo x*y" "map --in e4m3 foo x*y"; do
	what="$cmd: unknown format told once"
	fpx $cmd
	if [ "$status" = 2 ] && [ "$(grep -c "unknown format 'foo'" "$T/err")" = 1 ] &&
		[ "$(grep -c "^Try 'fpx map --help'" "$T/err")" = 1 ] && [ "$(wc -l < "$T/err")" = 2 ]; then ok; else
		bad "$what: status $status: $(cat "$T/err")"; fi
done

# ---- 12: options that contradict each other are refused, both named ----
while IFS='|' read -r args first second; do
	what="fpx $args"
	fpx $args
	expect_error 2 "give $first or $second, not both"
	[ -z "$out" ] || bad "$what: wrote '$out'"
done <<'ROWS'
table --json --csv e2m1|--csv|--json
table --csv --json e2m1|--csv|--json
table --tsv --json e2m1|--tsv|--json
convert --tsv --csv e4m3 1|--tsv|--csv
cast --csv --json e4m3 e5m2 0x38|--csv|--json
quantize --scale 1 --json --tsv int8 1|--tsv|--json
map --json --csv e2m1 x+y 0x1,0x2|--csv|--json
convert --header --json e4m3 1|--json|--header
table --header --json e2m1|--json|--header
formats --names --json|--json|--names
convert -s --wrap int8 300|-s|--wrap
map --wrap -s int8 x+y 0x01,0x02|-s|--wrap
map --testfloat -o hex binary16 x+y 0x3c00,0x4000|-o|--testfloat
map --testfloat --csv binary16 x+y 0x3c00,0x4000|--csv|--testfloat
map --testfloat --tsv binary16 x+y 0x3c00,0x4000|--tsv|--testfloat
map --testfloat --header binary16 x+y 0x3c00,0x4000|--header|--testfloat
ROWS
# an option given twice is no contradiction; nor are options of different groups
what='convert --csv --csv'
fpx convert --csv --csv e4m3 1
expect 0 "0x38,1"   # e4m3 1: 0.0111.000 (bias 7)
what='convert --csv --header'
fpx convert --csv --header -o hex e4m3 1
expect 0 "hex
0x38"

# ---- 13: dequantize -o: input, hex, exact, shortest, flags, as quantize -o ----
# int8 -3 is 0xfd (two's complement); (-3 - 0) * 0.5 = -1.5; the codes that quantize
# to -3 at scale 0.5 are x/0.5 in (-3.5, -2.5): -1.5 is the shortest of (-1.75, -1.25)
what='dequantize -o, an integer'
fpx dequantize -o input,hex,exact,shortest,flags --scale 0.5 int8 -3 0x7f
expect 0 "-3	0xfd	-1.5	-1.5	-
0x7f	0x7f	63.5	63.5	-"
# e4m3 0xb9 = -1.125 (S.0111.001), times 2 = -2.25; it quantizes from x/2 in
# (-1.1875, -1.0625) (half gaps of 0.125 each side; odd code, ends out): x in
# (-2.375, -2.125), where -2.2 and -2.3 are the shortest, -2.2 the even of the tie
what='dequantize -o, e4m3: shortest is what quantizes back'
fpx dequantize -o hex,exact,shortest --scale 2 e4m3 0xb9 0x7e
expect 0 "0xb9	-2.25	-2.2
0x7e	896	900"   # 448*2; 0x7e (even) from x/2 in [432, 464]: 900 the one digit there
# 1/3 does not end: exact is ~ and 25 significant digits (the man page's form for every such number), flagged inexact; code 2 with zero point 1 quantizes
# from x*3 + 1 in [1.5, 2.5]: x in [1/6, 1/2], 0.3 nearest 1/3 of the one-digit ones
what='dequantize -o, a scale whose quotient does not end'
fpx dequantize -o exact,shortest,flags --scale 1/3 --zero-point 1 int8 2
expect 0 "~0.3333333333333333333333333	0.3	inexact"
what='dequantize --csv --header -o input,exact'
fpx dequantize --csv --header -o input,exact --scale 0.5 int8 0x05
expect 0 "input,exact
0x05,2.5"
what='dequantize without -o: the exact value alone, as before'
fpx dequantize --scale 0.5 --zero-point 3 int8 0x05 -2
expect 0 "1
-2.5"   # (5 - 3) * 0.5, (-2 - 3) * 0.5
what='dequantize -o refuses a field it has not'
fpx dequantize -o ulps --scale 1 int8 1
expect_error 2 "dequantize has the fields input, hex, exact, shortest and flags, not 'ulps'"
# every code of int8 and e4m3: the shortest quantizes back to the code, with a scale and
# zero point that make the grid uneven
for case in "int8 --scale 0.3 --zero-point -7" "e4m3 --scale 1/3" "e5m2 --scale -0.7 --zero-point 0.25"; do
	set -- $case
	fmt=$1; shift
	awk 'BEGIN { for (i = 0; i < 256; i++) printf "0x%02x\n", i }' > "$T/codes"
	$FPX dequantize -o hex,shortest "$@" "$fmt" < "$T/codes" > "$T/deq"
	# not NaN, inf, nor -0 (0x80 of the float formats): quantize gives no -0 (x/s + z is
	# computed as a rational), so nothing quantizes back to it
	grep -v -e '	nan$' -e 'inf$' "$T/deq" | { [ "$fmt" = int8 ] && cat || grep -v '^0x80	'; } > "$T/finite"
	cut -f2 "$T/finite" | $FPX quantize -o hex "$@" "$fmt" > "$T/back"
	if cut -f1 "$T/finite" | cmp -s - "$T/back"; then ok; else
		bad "dequantize $case: a shortest that does not quantize back: $(cut -f1 "$T/finite" | paste - "$T/back" "$T/finite" | awk '$1 != $2' | head -3)"; fi
done
# ... and it is the shortest there, nearest the value: Python's fractions, searched
# digit by digit (int8, scale 0.3, zero point -7: y = x/0.3 - 7 rounds to the code)
python3 - <<'PY' > "$T/want8"
from fractions import Fraction as F
import sys
s, z = F(3, 10), F(-7)
def shortest(lo, hi, inside, v):
    if lo < 0 < hi or (inside and 0 in (lo, hi)): return "0"
    neg = hi <= 0
    if neg: lo, hi, v = -hi, -lo, -v
    k = 10
    while True:
        p = F(10) ** k
        first = -((-lo) // p); last = hi // p
        if not inside and first * p == lo: first += 1
        if not inside and last * p == hi: last -= 1
        if first <= last: break
        k -= 1
    q = v / p; m = round(q)   # Python rounds a tie to even
    m = min(max(m, first), last)
    text = str(m) + "0" * k if k >= 0 else (lambda s: (s[:-(-k)] or "0") + "." + s[-(-k):].rjust(-k, "0"))(str(m).rjust(-k + 1, "0"))
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return ("-" if neg else "") + text
for c in range(256):
    y = c - 256 if c >= 128 else c
    x = (F(y) - z) * s
    print("0x%02x\t%s" % (c, shortest((y - F(1, 2) - z) * s, (y + F(1, 2) - z) * s, y % 2 == 0, x)))
PY
awk 'BEGIN { for (i = 0; i < 256; i++) printf "0x%02x\n", i }' | $FPX dequantize -o hex,shortest --scale 0.3 --zero-point -7 int8 > "$T/got8"
if cmp -s "$T/want8" "$T/got8"; then ok; else bad "dequantize int8 shortest against fractions: $(diff "$T/want8" "$T/got8" | head -4)"; fi

# ---- 14: formats --names names every format the listing lists, with its aliases ----
what='formats --names against the listing'
$FPX formats --json | python3 -c '
import json, sys
for line in sys.stdin:
    f = json.loads(line)
    print(f["name"])
    for a in f["aliases"]: print(a)' > "$T/listed"
$FPX formats --names > "$T/names"
if [ -s "$T/listed" ] && cmp -s "$T/listed" "$T/names"; then ok; else bad "$what: $(diff "$T/listed" "$T/names" | head -5)"; fi
# the plain listing's NAME column, every format in it
$FPX formats | awk 'NR > 1 && /^[^ ]/ && NF >= 3 && $2 ~ /^[0-9]+$/ { print $1 }' > "$T/column"
for name in int2 int64 uint8 q1.15 q16.16 uq8.8; do
	grep -qx "$name" "$T/column" && grep -qx "$name" "$T/names" && ok || bad "formats --names: no $name"
done
if [ "$(grep -cvxFf "$T/names" "$T/column")" = 0 ]; then ok; else bad "formats --names lacks: $(grep -vxFf "$T/names" "$T/column" | tr '\n' ' ')"; fi

# ---- 15: -x takes 0x too; a bad digit in 0b/0x is named; compare's error rows exit 1 ----
# binary32 1.0 is 0x3f800000 (sign 0, exponent 127, fraction 0)
what='-x takes 0x3f800000'
fpx convert -x binary32 0x3f800000 0X3F800000 3f800000
expect 0 "0x3f800000	1
0x3f800000	1
0x3f800000	1"
what='cast -x takes 0x40490fdb'
fpx cast -x binary32 bfloat16 0x40490fdb
expect 0 "0x4049	3.14"   # pi in binary32, cut to bfloat16's top half: 3.140625, shortest 3.14
what='-x still refuses what is no hex code'
fpx convert -x binary32 0x 12g4
expect_error 1 "'12g4': with -x, a value is a hex code"
what='0b102: the binary digit named'
fpx convert binary32 0b102
expect_error 1 "'0b102': a binary pattern 0b... has only the digits 0 and 1 (and _), not '2' (column 5)"
what='0b1_02: the column counts the underscore'
fpx convert binary32 0b1_02
expect_error 1 "not '2' (column 6)"
what='0x12g4: the hex digit named'
fpx convert binary32 0x12g4
expect_error 1 "a hex pattern 0x... has only the digits 0-9 and a-f (and _), not 'g' (column 5)"
what='a good pattern in arithmetic keeps its hint'
fpx convert binary32 '1+0b101'
expect_error 1 "a bit pattern stands alone"
# e2m1 has no NaN (OCP MX spec: every code a number): fpx's own route cannot give one
what='compare e2m1 nan: error rows, exit 1'
fpx compare e2m1 nan
if [ "$status" = 1 ] && printf '%s\n' "$out" | grep -q '^  fpx  *error: the format has no NaN'; then ok; else
	bad "$what: status $status: $out"; fi
what='compare --json e2m1 nan: exit 1'
fpx compare --json e2m1 nan
[ "$status" = 1 ] && ok || bad "$what: status $status"
what='compare e2m1 1: no error, exit 0'
fpx compare e2m1 1
[ "$status" = 0 ] && ok || bad "$what: status $status"

echo "interfaces: $pass passed, $fail failed"
[ "$fail" = 0 ]
