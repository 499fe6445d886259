#!/bin/sh
# forms.sh — what fpx says a format built from its name is (info's note), how it writes
# a number whose decimal does not end (~ and 25 digits, with its exact n/d beside it),
# and mx's flat table. Expected values come from arithmetic stated beside them and from
# python3's fractions and decimal modules, never from fpx's own output.
# Usage: sh tests/forms.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-forms.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }
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

echo "forms: $pass passed, $fail failed"
[ "$fail" = 0 ]
