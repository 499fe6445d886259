#!/bin/sh
# options.sh — every (command, option) pair from one table: an option either applies to
# a command (it runs without the refusal) or is refused with exit 2 and "option --X does
# not apply to COMMAND". The table is the contract, written by hand; a new command or
# option needs a row or a column here.
# Usage: sh tests/options.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-options.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# The arguments each command is run with.
args_of() {
	case $1 in
	show) echo "e4m3 1" ;; convert) echo "e4m3 1" ;; table) echo "e2m1" ;; info) echo "e4m3" ;;
	formats) echo "" ;; repl) echo "e4m3" ;; cast) echo "e4m3 e5m2 0x38" ;; policies) echo "" ;;
	compare) echo "e4m3 1" ;; quantize) echo "--scale 1 int8 1" ;; dequantize) echo "--scale 1 int8 0x01" ;;
	mx) echo "e2m1 1" ;; map) echo "e2m1 x*y --random=2" ;; dump) echo "e4m3 /dev/null" ;; plot) echo "e4m3" ;;
	esac
}

commands="show convert table info formats repl cast policies compare quantize dequantize mx map dump plot"
# a: applies, -: refused
table='
-r=rne            a a - a - a a - - a - - a - -
-s                a a - a - a a - a - - - a - -
--saturation=finite a a - a - a a - a - - - a - -
--sr-bits=1       a a - a - a a - - - - - a - -
--sr-random=0     a a - a - a a - - - - - a - -
--wrap            a a - a - a a - - - - - a - -
-o=hex            - a a - - - a - - a a a a a -
--tsv             - a a - - - a - - a a a a a -
--csv             - a a - - - a - - a a a a a -
--json            a a a a a a a - a a a a a a -
--header          - a a - - - a - - a a a a a -
--full            a - - - - a - - - - - - - - -
--color=never     a - - a - a - - - - - - - - -
--range=0:1       - - a - - - - - - - - - a - -
--policy=onnx     a a - a - a a - - - - - - - -
--via=binary32    a a - - - a a - - - - - - - -
--arch=x86        a a - - - a a - - - - - a - -
--max-precision=4096 a a - - - a - - a a - a a - -
--scale=1         - - - - - - - - - a a - - - -
--zero-point=0    - - - - - - - - - a a - - - -
--block=1         - - - - - - - - - a a a - - -
--preset=nvfp4    - - - - - - - - - - - a - - -
--names           - - - - a - - - - - - - - - -
--in=e2m1         - - - - - - - - - - - - a - -
--to=e2m1         - - - - - - - - - - - - a - -
--random=3        - - - - - - - - - - - - a - -
--seed=1          - - - - - - - - - - - - a - -
--finite          - - - - - - - - - - - - a - -
--tininess=after  - - - - - - - - - - - - a - -
--testfloat       - - - - - - - - - - - - a - -
--exact           - - - - - - - - - - - - a - -
--precision-control=64 - - - - - - - - - - - - a - -
-j=2              - - - - - - - - - - - - a - -
-q                - - - - - - - - - - - - a - -
--hex-input       a a - - - - a - - - - - - - -
--endian=big      - - - - - - - - - - - - - a -
--offset=0        - - - - - - - - - - - - - a -
--count=1         - - - - - - - - - - - - - a -
--svg=/dev/null    - - - - - - - - - - - - - - a
'

echo "$table" | while read -r option marks; do
	[ -n "$option" ] || continue
	set -- $marks
	for cmd in $commands; do
		mark=$1
		shift
		opt=$(echo "$option" | sed 's/^-\([a-z]\)=/-\1 /')
		long=$(echo "$option" | sed 's/=.*//; s/^-r$/--round/; s/^-s$/--saturate/; s/^-o$/--fields/; s/^-j$/--jobs/; s/^-q$/--quiet/')
		args=$(args_of $cmd)
		[ "$long" = --wrap ] && args=$(echo "$args" | sed 's/e4m3/int8/g; s/e2m1/int4/g; s/e5m2/int16/g') # formats that wrap
		[ "$long" = --preset ] && args=$(echo "$args" | sed 's/^e2m1 //') # a preset names its element format
		# a stochastic mode's bits and draw apply together, with such a mode
		case $long:$mark in --sr-bits:a | --sr-random:a) opt="-r sra --sr-bits 1 --sr-random 0" ;; esac
		$FPX $cmd $opt $args </dev/null >"$T/out" 2>"$T/err"
		st=$?
		if [ "$mark" = "-" ]; then
			if [ $st = 2 ] && grep -qF "option $long does not apply to $cmd" "$T/err"; then
				echo pass
			else
				echo "FAIL: $cmd $opt should be refused (status $st): $(head -c 200 "$T/err")"
			fi
		elif [ $st = 2 ] || grep -q "does not apply" "$T/err"; then
			echo "FAIL: $cmd $opt should apply (status $st): $(head -c 200 "$T/err")"
		else
			echo pass
		fi
	done
done > "$T/results"
pass=$(grep -c '^pass$' "$T/results")
fail=$(grep -c '^FAIL' "$T/results")
grep '^FAIL' "$T/results"

# the refusal names the option and the command, and points at that command's help
$FPX table -r rtz e4m3 >/dev/null 2>"$T/err"
if [ "$(cat "$T/err")" = "fpx: option --round does not apply to table
Try 'fpx table --help'." ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: refusal text: $(cat "$T/err")"; fi
# each command's --help lists exactly the options the table gives it (and -F, -h, -V)
echo "$table" | awk 'NF' > "$T/table"
i=0
for cmd in $commands; do
	i=$((i + 1))
	want=$(awk -v c=$((i + 1)) '$c == "a" { sub(/=.*/, "", $1); print $1 }' "$T/table" |
		sed 's/^-r$/--round/; s/^-s$/--saturate/; s/^-o$/--fields/; s/^-j$/--jobs/; s/^-q$/--quiet/' | sort | tr '\n' ' ')
	got=$($FPX $cmd --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | sed 's/.*--/--/' |
		grep -vE -- '--(format-file|help|version)$' | sort | tr '\n' ' ')
	if [ "$want" = "$got" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $cmd --help lists '$got', the table '$want'"; fi
done
echo "options: $pass passed, $fail failed"
[ "$fail" = 0 ]
