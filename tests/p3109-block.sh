#!/bin/sh
# p3109-block.sh — issue 35 item 5: `fpx block`, IEEE P3109's blocks (interim report 4.0,
# §5; tests/p3109/DIGEST.md §5). Two kinds of expectation, neither from fpx's output:
# - tests/p3109/block_ref.py, an implementation of §4.7's projection and §5's block
#   operations in Python fractions, on seeded random blocks (each scale and element a check);
# - the NOTE cases of §5.2.3, the special rules of ωBlockDecode and ωBlockProject, and
#   small reductions, worked by hand below from the report (codes from DIGEST.md §2:
#   Binary8p4se B = 8, 1 = 0x40, max 224 = 0x7e, inf 0x7f, NaN 0x80, min 2^-10 = 0x01;
#   Binary8p3se B = 16, 1 = 0x40, 0.5 = 0x3c, max 49152 = 0x7e, inf 0x7f; Binary8p1uf
#   B = 128, 2^k = 128 + k).
# Usage: sh tests/p3109-block.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
tab=$(printf '\t')

# expect WHAT STATUS WANT -- COMMAND...: its stdout and exit status
expect() {
	what=$1 status=$2 want=$3
	shift 4
	got=$("$@" 2> "$T/err")
	st=$?
	[ "$st" = "$status" ] && [ "$got" = "$want" ] && ok ||
		bad "$what: status $st (want $status), got '$(printf '%s' "$got" | tr '\n\t' '| ')' want '$(printf '%s' "$want" | tr '\n\t' '| ')'"
}
# rows LINE...: the lines, a tab between the cells written as ' '
rows() { printf '%s\n' "$@" | tr ' ' '\t'; }

if ! "$FPX" block --help > /dev/null 2>&1; then
	echo "p3109-block: fpx has no block command; skipped"
	echo "p3109-block: 0 passed, 0 failed"
	exit 0
fi

# ---- the reference in Python fractions -----------------------------------------------------
if command -v python3 > /dev/null 2>&1; then
	python3 "$(dirname "$0")/p3109/block_ref.py" "$FPX" > "$T/ref" 2>&1
	grep '^FAIL' "$T/ref" | head -20
	set -- $(tail -n 1 "$T/ref")
	if [ $# = 2 ] && [ "$1" -gt 3000 ]; then
		pass=$((pass + $1)) fail=$((fail + $2))
	else
		bad "block_ref.py: $(tail -n 3 "$T/ref" | tr '\n' ' ')"
	fi
else
	echo "p3109-block: no python3: the reference's checks skipped"
fi

# ---- §5.2.3's NOTEs, by hand -------------------------------------------------------------------
TO="--block 3 --scale-format binary8p4se -o hex binary8p3se"
expect "NOTE 1: all NaN, scale and elements NaN" 0 "$(rows 'scale 0x80' '1 0x80' '2 0x80' '3 0x80')" \
	-- $FPX block $TO nan nan nan
expect "NOTE 2: all infinite, SatNone: s = Inf, r = +-1" 0 "$(rows 'scale 0x7f' '1 0x40' '2 0xc0' '3 0x40')" \
	-- $FPX block $TO inf -inf inf
expect "NOTE 2: all infinite, SatFinite: s = MaxFinite, r = +-MaxFinite" 0 \
	"$(rows 'scale 0x7e' '1 0x7e' '2 0xfe' '3 0x7e')" -- $FPX block -s $TO inf -inf inf
expect "NOTE 3: some infinite: kept, not in the scale" 0 "$(rows 'scale 0x40' '1 0x7f' '2 0xc0' '3 0x3c')" \
	-- $FPX block $TO inf -1 0.5
expect "NOTE 3: some infinite, saturated by rho" 0 "$(rows 'scale 0x40' '1 0x7e' '2 0xc0' '3 0x3c')" \
	-- $FPX block -s $TO inf -1 0.5
expect "NOTE 4: S rounds to 0: s = 0, every element 0 (inf too)" 0 "$(rows 'scale 0x00' '1 0x00' '2 0x00' '3 0x00')" \
	-- $FPX block $TO 1e-9 -1e-10 inf
expect "NOTE 4: ... but NaN stays NaN" 0 "$(rows 'scale 0x00' '1 0x00' '2 0x80' '3 0x00')" \
	-- $FPX block $TO 1e-9 nan inf
# 1e-9 rup -> 2^-10; 1e-9 / 2^-10 = 1.024e-6 is below half of 2^-17; no -0
expect "NOTE 5: rounding s TowardPositive and saturating r" 0 "$(rows 'scale 0x01' '1 0x00' '2 0x00' '3 0x7e')" \
	-- $FPX block -s --scale-round rup $TO 1e-9 -1e-10 inf
expect "the scale is the largest finite |x| itself, its row's input" 0 "$(rows 'scale 3 0x4c' '1 -3 0xc0')" \
	-- $FPX block --block 1 --scale-format binary8p4se -o input,hex binary8p3se -- -3
expect "-0 is 0: a zero scale, a zero element" 0 "$(rows 'scale 0x00' '1 0x0000')" \
	-- $FPX block --block 1 --scale-format binary8p4se -o hex binary16 -- -0

# ---- ωBlockProject with a given scale (§5.1.2, §5.2.2) ---------------------------------------
expect "scale 0: every non-NaN element 0" 0 "$(rows 'scale 0x00' '1 0x00' '2 0x80' '3 0x00')" \
	-- $FPX block --scale 0 $TO 5 nan -inf
expect "scale inf: sgn(X) sgn(S)" 0 "$(rows 'scale 0x7f' '1 0x40' '2 0x00' '3 0xc0')" \
	-- $FPX block --scale inf $TO 5 0 -inf
expect "scale -inf: the signs turn" 0 "$(rows 'scale 0xff' '1 0xc0' '2 0x40')" \
	-- $FPX block --scale 0xff $TO 5 -inf
expect "scale NaN: every element NaN" 0 "$(rows 'scale 0x80' '1 0x80' '2 0x80')" -- $FPX block --scale nan $TO 5 0
expect "a finite scale divides; inf / S is inf" 0 "$(rows 'scale 0x48' '1 0x42' '2 0x7f' '3 0xc0')" \
	-- $FPX block --scale 2 $TO 3 inf -2
expect "one scale per block" 0 "$(rows 'scale 0x48' '1 0x40' 'scale 0x50' '1 0x40')" \
	-- $FPX block --block 1 --scale 2,4 --scale-format binary8p4se -o hex binary8p3se 2 4
expect "a scale the format does not hold is refused" 2 "" -- $FPX block --scale 3 --scale-format binary8p1uf e4m3 1

# ---- ωBlockDecode, ConvertFromBlock (§5.1.1, §5.2.1) -----------------------------------------
FROM="--block 2 --in binary8p4se,binary8p3se -o hex binary8p3se"
expect "scale 0 times inf is NaN, times 1 is 0" 0 "$(rows 0x80 0x00)" -- $FPX block $FROM 0x00 0x7f 0x40
expect "scale inf times 0 is NaN, times -1 is -inf" 0 "$(rows 0x80 0xff)" -- $FPX block $FROM 0x7f 0x00 0xc0
expect "scale NaN: NaN" 0 "$(rows 0x80 0x80)" -- $FPX block $FROM 0x80 0x00 0x40
expect "scale 2 times 1.25 is 2.5, times -1 is -2" 0 "$(rows 0x45 0xc4)" -- $FPX block $FROM 0x48 0x41 0xc0
expect "a code may be given as the value it is" 0 "$(rows 0x45 0xc4)" -- $FPX block $FROM 2 1.25 -1
expect "a value the element format does not hold is refused (exit 1)" 1 "$(rows error 0xc4)" \
	-- $FPX block $FROM 2 1.3 -1

# ---- reductions (§5.3): one projection of the exact left fold --------------------------------
RED="--block 3 --in binary8p1uf,binary8p4se -o input,hex binary8p4se"
# s = 2, x = 1, 1.5, -2: X = 2, 3, -4
expect "BlockReduceAdd: 2 + 3 - 4 = 1" 0 "$(rows '1 0x40')" -- $FPX block --reduce sum $RED 0x81 0x40 0x44 0xc8
expect "BlockReduceMultiply: 2 * 3 * -4 = -24" 0 "$(rows '-24 0xe4')" -- $FPX block --reduce product $RED 0x81 0x40 0x44 0xc8
# 4 + 9 + 16 = 29: between 28 (0x66) and 30 (0x67), a tie to the even code
expect "BlockDotProduct: 29, a tie, rne to 28" 0 "$(rows '29 0x66')" \
	-- $FPX block --reduce dot $RED 0x81 0x40 0x44 0xc8 0x81 0x40 0x44 0xc8
expect "BlockDotProduct: rup to 30" 0 "$(rows '29 0x67')" \
	-- $FPX block -r rup --reduce dot $RED 0x81 0x40 0x44 0xc8 0x81 0x40 0x44 0xc8
expect "sum: inf + -inf is NaN" 0 "$(rows 'nan 0x80')" -- $FPX block --reduce sum $RED 0x81 0x7f 0xff 0x40
expect "sum: an exact zero is 0" 0 "$(rows '0 0x00')" -- $FPX block --reduce sum $RED 0x81 0x40 0xc0 0x00
expect "product: 0 and inf anywhere is NaN" 0 "$(rows 'nan 0x80')" -- $FPX block --reduce product $RED 0x81 0x00 0x40 0x7f
expect "product: inf, signs multiplied" 0 "$(rows '-inf 0xff')" -- $FPX block --reduce product $RED 0x81 0x7f 0xc0 0x40
expect "dot: 0 * inf in one term is NaN" 0 "$(rows 'nan 0x80')" \
	-- $FPX block --reduce dot $RED 0x81 0x00 0x40 0x40 0x81 0x7f 0x40 0x40
expect "dot: four formats, FSX,FX,FSY,FY: 3 * 4" 0 "$(rows '12 0x5c')" -- $FPX block --reduce dot --block 1 \
	--in binary8p1uf,binary8p4se,binary8p4se,binary8p3se -o input,hex binary8p4se 0x81 0x44 0x40 0x48
# 16384 elements 2^100 * 224: a product near 2^1766000, past num.h's limit (2^65536, or
# 2^1048576 in a build with 256-bit codes)
if $FPX formats | grep -q '^binary256 '; then LIMIT=1048576; else LIMIT=65536; fi
awk 'BEGIN { printf "0xe4\n"; for (i = 0; i < 16384; i++) print (i == 5 ? "0xfe" : "0x7e") }' > "$T/big"
expect "a product past every format overflows, exactly, its sign kept" 0 "$(rows "<-2^$LIMIT 0xff")" \
	-- sh -c "$FPX block --block 16384 --in binary8p1uf,binary8p4se --reduce product -o input,hex binary8p4se < $T/big"

# ---- the command's form --------------------------------------------------------------------------
expect "json: an object a block" 0 '{"scale":{"input":"2","hex":"0x48"},"elements":[{"input":"1","hex":"0x38"},{"input":"-2","hex":"0xc0"}]}' \
	-- $FPX block --json --block 2 --scale-format binary8p4se -o input,hex binary8p4se 1 -2
expect "csv --header: the element column first" 0 "element,input,hex
scale,2,0x48
1,2,0x40" -- $FPX block --csv --header --block 1 --scale-format binary8p4se -o input,hex binary8p4se 2
expect "stdin, blocks of 2, the last short" 0 "$(rows 'scale 0x48' '1 0x3c' '2 0x40' 'scale 0x40' '1 0x40')" \
	-- sh -c "printf '1\n2\n1\n' | $FPX block --block 2 --scale-format binary8p4se -o hex binary8p3se"
expect "a value not read is left out (exit 1)" 1 "$(rows 'scale 0x48' '1 0x3c' '2 0x40')" \
	-- $FPX block --block 2 --scale-format binary8p4se -o hex binary8p3se 1 zz 2
expect "a function is not exact: refused" 1 "" -- $FPX block --block 1 --scale-format binary8p4se -o hex binary8p3se pi
expect "a dot product's last block must be whole" 1 "" -- $FPX block --reduce dot $RED 0x81 0x40
expect "--reduce needs blocks of codes" 2 "" -- $FPX block --reduce sum --scale-format e8m0 e4m3 1
expect "--reduce names sum, product or dot" 2 "" -- $FPX block --reduce max --in e8m0,e4m3 e4m3 1
expect "values need --scale-format" 2 "" -- $FPX block e4m3 1
expect "--in and a scale exclude each other" 2 "" -- $FPX block --in e8m0,e4m3 --scale-format e8m0 e4m3 1
expect "--scale and --scale-round exclude each other" 2 "" -- $FPX block --scale 1 --scale-round rup --scale-format e8m0 e4m3 1
expect "--in takes two formats (dot: four)" 2 "" -- $FPX block --in e8m0,e4m3,e8m0,e4m3 e4m3 1
# mx's own block (E8M0 2^(floor(log2 2.5) - 8) = 2^-7, 0x78; 128 and 320 in e4m3)
expect "mx is as it was" 0 "scale${tab}0x78${tab}2^-7 = 0.0078125
1${tab}0x70${tab}1${tab}0
2.5${tab}0x7a${tab}2.5${tab}0
worst error${tab}0" -- $FPX mx --block 2 e4m3 1 2.5

printf 'p3109-block: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
