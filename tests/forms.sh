#!/bin/sh
# forms.sh — what fpx says a format built from its name is (info's note), how it writes
# a number whose decimal does not end (~ and 25 digits, with its exact n/d beside it),
# and mx's flat table. Expected values come from arithmetic stated beside them and from
# python3's fractions and decimal modules, never from fpx's own output.
# Usage: sh tests/forms.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
tab=$(printf '\t')

# same NAME WANT GOT: one check of a text
same() {
	if [ "$2" = "$3" ]; then ok; else bad "$1"; printf '    want: %s\n    got:  %s\n' "$2" "$3"; fi
}

note_of() { $FPX info "$1" | sed -n 's/^  note          //p'; }

# ---- item 6: info's note names the built-in a format is identical to ----------------
# posit<n,es>: useed = 2^(2^es), maxpos = useed^(n-2), minpos = 1/maxpos, and at most
# n-3-es fraction bits below the hidden one (Posit Standard 2022 §2-3), so
# posit<16,2> = posit16, and posit<16,1> has maxpos 2^28, minpos 2^-28, 13 bits.
same "posit16es2 is posit16" "identical to the built-in posit16 (Posit Standard 2022 posit16 (es 2): one zero, NaR, maxpos 2^56)" \
	"$(note_of posit16es2)"
same "posit16es1 differs from posit16" \
	"not identical to any built-in; differs from posit16 in max (268435456, not 72057594037927936), least positive (2^-28, not 2^-56), precision (13 bits, not 12)" \
	"$(note_of posit16es1)"
# posit<8,0>: maxpos 2^6 = 64, minpos 2^-6 = 0.015625, 6 bits; posit8 (es 2): 2^24, 2^-24, 4 bits
same "posit8es0 differs from posit8" \
	"not identical to any built-in; differs from posit8 in max (64, not 16777216), least positive (0.015625, not 2^-24), precision (6 bits, not 4)" \
	"$(note_of posit8es0)"
# wider than 16 bits: the same kind with the same description
same "posit32es2 is posit32" "identical to the built-in posit32" "$(note_of posit32es2 | sed 's/ (.*//')"
same "posit32es3 is no built-in" "not identical to any built-in; differs from posit32" "$(note_of posit32es3 | sed 's/ in .*//')"
# ml_dtypes' float8_e4m3fnuz is E4M3 with bias 8 and fnuz specials; float8_e4m3 is
# IEEE-like E4M3 with bias 7 (github.com/jax-ml/ml_dtypes, README's table)
same "e4m3b8fnuz is float8_e4m3fnuz" "identical to the built-in float8_e4m3fnuz" "$(note_of e4m3b8fnuz | sed 's/ (.*//')"
same "e4m3b7 is float8_e4m3" "identical to the built-in float8_e4m3" "$(note_of e4m3b7 | sed 's/ (.*//')"
same "e5m2b16fnuz is float8_e5m2fnuz" "identical to the built-in float8_e5m2fnuz" "$(note_of e5m2b16fnuz | sed 's/ (.*//')"
# IEEE 754 §3.6: binary16 is e5m10 (bias 15), binary32 e8m23, binary64 e11m52
same "e5m10 is binary16" "identical to the built-in binary16" "$(note_of e5m10 | sed 's/ (.*//')"
same "e8m23 is binary32" "identical to the built-in binary32" "$(note_of e8m23 | sed 's/ (.*//')"
same "e11m52 is binary64" "identical to the built-in binary64" "$(note_of e11m52 | sed 's/ (.*//')"
same "e8m7 is bfloat16" "identical to the built-in bfloat16" "$(note_of e8m7 | sed 's/ (.*//')"
# the twins decode every code alike: their tables match row for row
for pair in e4m3b8fnuz:float8_e4m3fnuz e4m3b7:float8_e4m3 posit16es2:posit16 e5m10:binary16; do
	a=${pair%:*} b=${pair#*:}
	if $FPX table -o hex,class,exact "$a" > "$T/a" && $FPX table -o hex,class,exact "$b" > "$T/b" && cmp -s "$T/a" "$T/b"
	then ok; else bad "$a and $b decode every code alike"; fi
done
# OCP MX FP6 E3M2 (bias 3) has no NaN: max 0x1f = 2^(7-3)*1.75 = 28; e3m2fn makes 0x1f
# NaN, so its max is 0x1e = 2^4*1.5 = 24
same "e3m2fn differs from e3m2" "not identical to any built-in; differs from e3m2 in NaN (0x1f, not none), max (24, not 28)" \
	"$(note_of e3m2fn)"
# e2m1b1 is IEEE-like: exponent 3 is inf (0x6) and NaN (0x7), max 2^(2-1)*1.5 = 3
same "e2m1b1's readout says how it differs from e2m1" \
	"  (not identical to any built-in; differs from e2m1 in NaN (0x7, not none), inf (0x6, not none), max (3, not 6))" \
	"$($FPX e2m1b1 1 | sed -n 2p)"
# no 16-bit built-in has 6 exponent bits
same "e6m9 is no built-in" "not identical to any built-in" "$(note_of e6m9)"
same "int8 has no note" "" "$(note_of int8)"
same "info --json names the twin" '"note":"identical to the built-in float8_e4m3fnuz' \
	"$($FPX info --json e4m3b8fnuz | grep -o '"note":"[^(]*' | sed 's/ $//')"

# ---- item 7: a number whose decimal does not end ---------------------------------------
# python3 computes what each field must say: the exact decimal when it ends, else ~ and
# 25 significant digits (ties to even), and n/d in lowest terms. Stored values: binary64's
# by Python's correctly rounded int/int division; e4m3's by the grid of its binade
# (p = 4: the spacing in [2^e, 2^(e+1)) is 2^(e-3)), nearest, ties to even.
cat > "$T/expect.py" <<'EOF'
import sys
from fractions import Fraction as F
from decimal import Decimal, Context, ROUND_HALF_EVEN

def terminates(q):
    d = q.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1

def written(d):  # as fpx writes decimals: plain from 10^-6 to below 10^21, else 1.5e+21
    d = d.normalize(Context(prec=2000))
    if d == 0:
        return '0'
    sign, digits, exp = d.as_tuple()
    n = d.adjusted()
    if -6 <= n <= 20:
        t = format(d, 'f')
        return t.rstrip('0').rstrip('.') if '.' in t else t
    m = ''.join(map(str, digits))
    m = m[0] + ('.' + m[1:] if len(m) > 1 else '')
    return ('-' if sign else '') + m + 'e' + ('+' if n > 0 else '-') + str(abs(n))

def marked(q):
    if terminates(q):  # exactly: enough digits for any binary fraction here
        return written(Context(prec=2000).divide(Decimal(q.numerator), Decimal(q.denominator)))
    c = Context(prec=25, rounding=ROUND_HALF_EVEN)
    return '~' + written(c.divide(Decimal(q.numerator), Decimal(q.denominator)))

def ratio(q):
    return str(q.numerator) if q.denominator == 1 else '%d/%d' % (q.numerator, q.denominator)

def e4m3(x):  # a positive normal x below 448: (stored, gap of the candidates)
    e = 0
    while F(2) ** (e + 1) <= x: e += 1
    while F(2) ** e > x: e -= 1
    gap = F(2) ** (e - 3)
    k, r = divmod(x, gap)
    if r > gap / 2 or (r == gap / 2 and k % 2): k += 1
    return k * gap, gap

def binary64(x):  # a positive normal x: stored and the gap of its binade
    s = F(x.numerator / x.denominator)
    e = 0
    while F(2) ** (e + 1) <= x: e += 1
    while F(2) ** e > x: e -= 1
    return s, F(2) ** (e - 52)

fmt, text = sys.argv[1], sys.argv[2]
x = F(text)
stored, gap = (e4m3 if fmt == 'e4m3' else binary64)(x)
err = stored - x
fields = [err, err / gap, err / x]
print('\t'.join([text] + [marked(q) for q in fields] + [ratio(q) for q in fields]))
EOF
for case in e4m3:1/3 e4m3:0.3 e4m3:2/7 e4m3:100/3 binary64:1/3 binary64:0.1 binary64:2/7 binary64:10/3; do
	fmt=${case%%:*} x=${case#*:}
	want=$(python3 "$T/expect.py" "$fmt" "$x")
	got=$($FPX convert -o input,error,ulps,rel,error_ratio,ulps_ratio,rel_ratio "$fmt" "$x")
	same "$fmt $x: error, ulps, rel and their ratios" "$want" "$got"
done
# 1/3 in e4m3 is 11/32 (0.34375): error 1/96, 1/3 ulp of 1/32, relative 1/32
same "e4m3 1/3: error and ulps marked ~" "~0.01041666666666666666666667${tab}~0.3333333333333333333333333${tab}0.03125" \
	"$($FPX convert -o error,ulps,rel e4m3 1/3)"
same "JSON: ~ in the string, n/d beside it" \
	'{"input":"1/3","error":"~0.01041666666666666666666667","error_ratio":"1/96","ulps":"~0.3333333333333333333333333","ulps_ratio":"1/3","rel":"0.03125","rel_ratio":"1/32"}' \
	"$($FPX convert --json -o input,error,error_ratio,ulps,ulps_ratio,rel,rel_ratio e4m3 1/3)"
same "CSV alike" "1/3,~0.01041666666666666666666667,1/96,~0.3333333333333333333333333,1/3" \
	"$($FPX convert --csv -o input,error,error_ratio,ulps,ulps_ratio e4m3 1/3)"
# an exact conversion: every field 0; NaN: none
same "an exact value's ratios are 0" "0${tab}0${tab}0" "$($FPX convert -o error_ratio,ulps_ratio,rel_ratio e4m3 3)"
same "NaN has none" "-${tab}-" "$($FPX convert -o error,error_ratio e4m3 nan)"
# a real is known only to its digits: ~ always, and no ratio (JSON: the ~ too)
same "a real has no ratio" "-${tab}-${tab}-" "$($FPX convert -o error_ratio,ulps_ratio,rel_ratio binary32 pi)"
same "JSON marks a real's error ~" '"error":"~' "$($FPX convert --json -o error binary32 pi | grep -o '"error":"~')"
# the readout: the typed 1/3 to 25 digits, and each ratio after its digits
$FPX e4m3 1/3 > "$T/show"
same "show: the typed 1/3" "  typed         1/3 ≈ 0.3333333333333333333333333…  rounded rne" "$(grep '^  typed' "$T/show")"
same "show: the error and its ratio" "  error         ~0.01041666666666666666666667 = 1/96  (stored - typed)" \
	"$(grep '^  error' "$T/show")"
same "show: ulps marked ~ with its ratio" "                ~0.3333333333333333333333333 = 1/3 ulp of the gap rounded across" \
	"$(grep 'ulp of the gap' "$T/show")"
same "show --json: input_exact and input_ratio" '"input_exact":"~0.3333333333333333333333333","input_ratio":"1/3"' \
	"$($FPX show --json e4m3 1/3 | grep -o '"input_exact":"[^"]*","input_ratio":"[^"]*"')"
same "show --json: the error's ratios" '"exact_ratio":"1/96","ulps_ratio":"1/3","rel_ratio":"1/32"' \
	"$($FPX show --json e4m3 1/3 | grep -o '"exact_ratio":"[^"]*","ulps_ratio":"[^"]*","rel_ratio":"[^"]*"')"
# map: e2m1's 0x1/0x3 = 0.5/1.5 = 1/3 rounds to 0.5 (candidates 0 and 0.5): error 1/6,
# 1/3 of the gap 0.5
same "map: the same fields" "0x1${tab}0x3${tab}~0.1666666666666666666666667${tab}1/6${tab}~0.3333333333333333333333333${tab}1/3" \
	"$($FPX map -q -o x,y,error,error_ratio,ulps,ulps_ratio e2m1 'x/y' '0x1 0x3')"
# mx: amax 2 gives the scale 2^(1-2) = 0.5; 1/3 / 0.5 = 2/3 rounds to e2m1's 0.5, which
# decodes to 0.25: error 0.25 - 1/3 = -1/12
same "mx: an element's error ~ and 25 digits" "1/3${tab}0x1${tab}0.25${tab}~-0.08333333333333333333333333" \
	"$($FPX mx e2m1 1/3 0.3 1 2 | sed -n 2p)"
# dequantize: 1 * 1/3
same "dequantize: ~ and 25 digits" "~0.3333333333333333333333333" "$($FPX dequantize --scale 1/3 int8 1)"

# ---- item 16: mx's flat table -----------------------------------------------------------
# 3000 workload lines (stdin: the one pass) and a few the general reader takes; --csv
# --header read back by python3's csv module: one header, every row as wide, a row per
# element, its block number i // 32, and each row checked with fractions: the scale is
# X = 2^(floor(log2 amax) - 2) (OCP MX v1.0 §6.3; e2m1's emax is 2), its code e + 127
# (E8M0), exact = X * the e2m1 value of hex (0 0.5 1 1.5 2 3 4 6, sign 0x8), and
# error = exact - input; a block with a NaN or inf has the NaN scale (0xff)
if [ -x bench/gen ]; then bench/gen 3000 > "$T/mxin"; else
	awk 'BEGIN { srand(5); for (i = 0; i < 3000; i++) printf "%.6g\n", (rand() - 0.5) * 10 ^ int(rand() * 12 - 6) }' > "$T/mxin"; fi
printf '1/3\n0x1.8p3\n-0\n' >> "$T/mxin"
cat > "$T/flat.py" <<'PY'
import csv, sys
from fractions import Fraction as F
E2M1 = [F(0), F(1, 2), F(1), F(3, 2), F(2), F(3), F(4), F(6)]
inputs = [l.strip() for l in open(sys.argv[1]) if l.strip()]
rows = list(csv.reader(open(sys.argv[2]), delimiter=sys.argv[3]))
problems = []
if rows[0] != ['block', 'scale_hex', 'scale', 'input', 'hex', 'exact', 'error']:
    problems.append('header %r' % rows[0])
rows = rows[1:]
if len(rows) != len(inputs):
    problems.append('%d rows for %d inputs' % (len(rows), len(inputs)))
def value(t):  # None for inf and nan
    if t.lstrip('+-').lower() in ('inf', 'nan'):
        return None
    if '^' in t:  # 2^-24
        return F(int(t.split('^')[0])) ** int(t.split('^')[1])
    return F(12) if t == '0x1.8p3' else F(t)
for i, (text, row) in enumerate(zip(inputs, rows)):
    if len(row) != 7:
        problems.append('row %d has %d columns' % (i, len(row)))
        continue
    block, scale_hex, scale, inp, hexcode, exact, error = row
    if int(block) != i // 32 or inp != text:
        problems.append('row %d: block %s, input %s' % (i, block, inp))
    block_values = [value(t) for t in inputs[i // 32 * 32:i // 32 * 32 + 32]]
    if None in block_values:  # a NaN or inf: the NaN scale, and NaN elements
        if [scale_hex, scale, exact, error] != ['0xff', 'nan', 'nan', 'nan']:
            problems.append('row %d: %r in a NaN block' % (i, row))
        continue
    amax = max(abs(v) for v in block_values)
    e = -127
    if amax:
        k = 0
        while F(2) ** (k + 1) <= amax: k += 1
        while F(2) ** k > amax: k -= 1
        e = max(-127, min(127, k - 2))
    code = int(hexcode, 16)
    stored = (-1 if code & 8 else 1) * E2M1[code & 7] * F(2) ** e
    want = ['0x%02x' % (e + 127), F(2) ** e, stored, stored - value(text)]
    got = [scale_hex, F(scale), F(exact), F(error.lstrip('~'))]
    if error.startswith('~'):  # 1/3's error, to 25 significant digits
        want[3], got[3] = round(want[3], 27), round(got[3], 27)
    if want != got:
        problems.append('row %d: %r, not %r' % (i, row, want))
print('\n'.join(problems[:5]) or 'ok')
PY
$FPX mx --csv --header e2m1 < "$T/mxin" > "$T/flat.csv"
same "mx --csv --header: one table, every row right" "ok" "$(python3 "$T/flat.py" "$T/mxin" "$T/flat.csv" ,)"
$FPX mx --header e2m1 < "$T/mxin" > "$T/flat.tsv"
same "mx --header (TSV): the same table" "ok" "$(python3 "$T/flat.py" "$T/mxin" "$T/flat.tsv" "$tab")"
same "... with the rows of --csv" "$(tr ',' "$tab" < "$T/flat.csv")" "$(cat "$T/flat.tsv")"
# the values as arguments (the general reader), not stdin
same "arguments: the same flat rows" "$(head -33 "$T/flat.csv")" "$($FPX mx --csv --header e2m1 $(head -32 "$T/mxin"))"
# TSV without --header keeps the grouped form: a scale row, elements, the worst error
# (amax 1: X = 2^(0 - 2), 1/X = 4 is e2m1's 0x6)
same "TSV is grouped without --header" "scale${tab}0x7d${tab}2^-2 = 0.25|1${tab}0x6${tab}1${tab}0|worst error${tab}0||" \
	"$($FPX mx e2m1 1 | tr '\n' '|')"
same "-o picks the element columns" "block,scale_hex,scale,input,error|0,0x7e,0.5,1,0|0,0x7e,0.5,2,0|" \
	"$($FPX mx --csv --header -o input,error e2m1 1 2 | tr '\n' '|')"
# a NaN makes the block's scale NaN (0xff): its rows say so
same "a NaN block in the flat table" "0,0xff,nan,nan,0x0,nan,nan|1,0x7f,1,6,0x7,6,0|" \
	"$($FPX mx --csv --block 1 e2m1 nan 6 | tr '\n' '|')"
# NVFP4 (--preset nvfp4): blocks of 16 with E4M3 scales; the tensor's amax and encode
# scale (448 * 6 / amax = 179.2 for amax 15) are columns of every row
$FPX mx --preset nvfp4 --csv --header $(seq 1 3) $(seq 1 15) > "$T/nv.csv"
same "nvfp4 flat header" "block,scale_hex,scale,amax,encode_scale,input,hex,exact,error" "$(head -1 "$T/nv.csv")"
same "nvfp4 flat rows: 16 in block 0, 2 blocks, 9 columns each" "16 2 9" \
	"$(python3 -c 'import csv,sys; r=list(csv.reader(open(sys.argv[1])))[1:]; print(sum(x[0]=="0" for x in r), len({x[0] for x in r}), len(r[0]) if len({len(x) for x in r}) == 1 else -1)' "$T/nv.csv")"
same "nvfp4 rows carry amax" "15" "$(sed -n 2p "$T/nv.csv" | cut -d, -f4)"

echo "forms: $pass passed, $fail failed"
[ "$fail" = 0 ]
