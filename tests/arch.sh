#!/bin/sh
# arch.sh — issue 36, item 1: --arch NAME makes NaNs, fma(0, inf, qNaN)'s flag and the
# tininess default as SoftFloat 3's specialization of that architecture does. Each
# record is a TestFloat line (operands, result, flags in hex) that the row's
# testfloat_ver accepts with -checkNaNs; the expected values are read off SoftFloat's
# sources and the probes of tests/arch/DIGEST.md (§3, §4), not off fpx.
# Usage: sh tests/arch.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-arch.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# check NAME WANT GOT
check() {
	if [ "$2" = "$3" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		printf '%s\n' "FAIL: $1" "    got:  $3" "    want: $2"
	fi
}

# ---- map: one TestFloat line per record ---------------------------------------------
# ARCH FORMAT EXPR OPERAND... RESULT FLAGS (flags: 10 invalid, 03 underflow+inexact, 01
# inexact). The operands are the line's first fields; fpx must write the whole line.
# Sources: p = sf:SPEC/s_propagateNaN*UI.c, m = sf:s_mulAddF32.c:192-207 (infProdArg),
# h = sf:SPEC/specialize.h (default NaN, tininess); DIGEST §3 names the lines.
while read -r arch format expr rest; do
	case $arch in '' | '#'*) continue ;; esac
	set -- $rest
	n=$(($# - 2))
	operands=$(echo "$rest" | cut -d' ' -f1-$n | sed 's/[0-9A-F][0-9A-F]*/0x&/g')
	got=$($FPX map --arch "$arch" --testfloat "$format" "$expr" "$operands" 2>&1)
	check "$arch $format $expr $operands" "$rest" "$got"
done <<'RECORDS'
# 2 operands, binary32: SSE first NaN (p:52-62); ARM first sNaN else first qNaN
# (p:52-62); DN and RISC-V the default NaN (p:50-57); fpx's own: the first NaN
ieee   binary32 x+y 7FC00001 7FA00002 7FC00001 10
x86    binary32 x+y 7FC00001 7FA00002 7FC00001 10
arm    binary32 x+y 7FC00001 7FA00002 7FE00002 10
arm-dn binary32 x+y 7FC00001 7FA00002 7FC00000 10
riscv  binary32 x+y 7FC00001 7FA00002 7FC00000 10
ieee   binary32 x+y 7FA00002 7FC00001 7FE00002 10
x86    binary32 x+y 7FA00002 7FC00001 7FE00002 10
arm    binary32 x+y 7FA00002 7FC00001 7FE00002 10
arm-dn binary32 x+y 7FA00002 7FC00001 7FC00000 10
riscv  binary32 x+y 7FA00002 7FC00001 7FC00000 10
x86    binary32 x+y FFC00001 7FC00002 FFC00001 00
arm    binary32 x+y FFC00001 7FC00002 FFC00001 00
riscv  binary32 x+y FFC00001 7FC00002 7FC00000 00
x86    binary32 x+y 7FA00001 FFA00001 7FE00001 10
arm    binary32 x+y FFA00001 7FA00002 FFE00001 10
x86    binary32 x*y 3F800000 FFA00003 FFE00003 10
arm    binary32 x*y 3F800000 FFA00003 FFE00003 10
arm-dn binary32 x*y 3F800000 FFA00003 7FC00000 10
x86    binary32 x-y 3F800000 7FC00002 7FC00002 00
# binary16 and binary64: the same rules (p of F16, F64)
x86    binary16 x+y 7E01 7D02 7E01 10
arm    binary16 x+y 7E01 7D02 7F02 10
arm-dn binary16 x+y 7E01 7D02 7E00 10
riscv  binary16 x*y 7D02 3C00 7E00 10
x86    binary16 x*y 7D02 3C00 7F02 10
x86    binary64 x+y 7FF8000000000001 7FF4000000000002 7FF8000000000001 10
arm    binary64 x+y 7FF8000000000001 7FF4000000000002 7FFC000000000002 10
arm-dn binary64 x+y 7FF8000000000001 7FF4000000000002 7FF8000000000000 10
riscv  binary64 x+y 7FF8000000000001 7FF4000000000002 7FF8000000000000 10
# x87 extended: x86 = 8086's rule (sf:8086-SSE/s_propagateNaNExtF80UI.c:60-105): a
# qNaN over an sNaN, two alike the larger magnitude, a tie the positive one; ARM's
# extF80 code leaves the NaN unquieted (sf:ARM-VFPv2/s_propagateNaNExtF80UI.c:79)
ieee   x87 x+y 7FFFC000000000000001 FFFFC000000000000002 7FFFC000000000000001 00
x86    x87 x+y 7FFFC000000000000001 FFFFC000000000000002 FFFFC000000000000002 00
x86    x87 x+y FFFFC000000000000002 7FFFC000000000000001 FFFFC000000000000002 00
x86    x87 x+y FFFFC000000000000001 7FFFC000000000000001 7FFFC000000000000001 00
x86    x87 x+y 7FFFA000000000000005 7FFFC000000000000001 7FFFC000000000000001 10
x86    x87 x+y 7FFFA000000000000001 3FFF8000000000000000 7FFFE000000000000001 10
arm    x87 x+y 7FFFA000000000000001 3FFF8000000000000000 7FFFA000000000000001 10
arm    x87 x+y 7FFFC000000000000001 FFFFC000000000000002 7FFFC000000000000001 00
arm-dn x87 x+y 7FFFA000000000000001 3FFF8000000000000000 7FFFC000000000000000 10
riscv  x87 x*y 7FFFC000000000000001 FFFFC000000000000002 7FFFC000000000000000 00
# 1 operand: propagateNaN(a, 0) (sf:f32_sqrt.c:68): quieted, or the default NaN;
# sqrt(-1) makes the default NaN (sf:f32_sqrt.c:115, h:88-277)
ieee   binary32 sqrt(x) 7FA00001 7FE00001 10
x86    binary32 sqrt(x) 7FA00001 7FE00001 10
arm    binary32 sqrt(x) FFA00001 FFE00001 10
arm-dn binary32 sqrt(x) 7FA00001 7FC00000 10
riscv  binary32 sqrt(x) 7FC00001 7FC00000 00
ieee   binary32 sqrt(x) BF800000 7FC00000 10
x86    binary32 sqrt(x) BF800000 FFC00000 10
arm    binary32 sqrt(x) BF800000 7FC00000 10
x86    binary64 sqrt(x) 7FF4000000000002 7FFC000000000002 10
riscv  binary64 sqrt(x) 7FF4000000000002 7FF8000000000000 10
x86    x87 sqrt(x) 7FFFA000000000000001 7FFFE000000000000001 10
arm    x87 sqrt(x) 7FFFA000000000000001 7FFFA000000000000001 10
# 0/0: the default NaN, negative on x86 (h:88,144,179,214: FE00, FFC00000, ...)
ieee   binary32 x/y 00000000 00000000 7FC00000 10
x86    binary16 x/y 0000 0000 FE00 10
x86    binary32 x/y 00000000 00000000 FFC00000 10
x86    binary64 x/y 0000000000000000 0000000000000000 FFF8000000000000 10
x86    x87 x/y 00000000000000000000 00000000000000000000 FFFFC000000000000000 10
arm    binary32 x/y 00000000 00000000 7FC00000 10
arm-dn binary16 x/y 0000 0000 7E00 10
riscv  binary64 x-y 7FF0000000000000 7FF0000000000000 7FF8000000000000 10
x86    binary64 x-y 7FF0000000000000 7FF0000000000000 FFF8000000000000 10
# fma = prop(prop(a, b), c) (m:192-207): probes fma(7FA00001, 1, 7FA00003) = 7FE00003
# on ARM, fma(1, 7FC00002, 7FA00003) = 7FC00002 on 8086-SSE
ieee   binary32 x*y+z 7FA00001 3F800000 7FA00003 7FE00001 10
x86    binary32 x*y+z 7FA00001 3F800000 7FA00003 7FE00001 10
arm    binary32 x*y+z 7FA00001 3F800000 7FA00003 7FE00003 10
arm-dn binary32 x*y+z 7FA00001 3F800000 7FA00003 7FC00000 10
x86    binary32 x*y+z 7FC00001 3F800000 7FC00003 7FC00001 00
arm    binary32 x*y+z 7FC00001 3F800000 7FC00003 7FC00001 00
x86    binary32 x*y+z 3F800000 7FC00002 7FA00003 7FC00002 10
arm    binary32 x*y+z 3F800000 7FC00002 7FA00003 7FE00003 10
x86    binary16 x*y+z 7E01 3C00 7D03 7E01 10
arm    binary16 x*y+z 7E01 3C00 7D03 7F03 10
x86    binary64 x*y+z 7FF4000000000001 3FF0000000000000 7FF8000000000003 7FFC000000000001 10
arm    binary64 x*y+z 7FF8000000000001 3FF0000000000000 7FF4000000000003 7FFC000000000003 10
# fma(0, inf, c), c a NaN: SoftFloat raises invalid in every row and combines its
# default NaN with c (m:197-207, infProdArg); fpx's own: c's NaN, no flag (§7.2(c))
ieee   binary32 x*y+z 00000000 7F800000 7FC00003 7FC00003 00
x86    binary32 x*y+z 00000000 7F800000 7FC00003 FFC00000 10
arm    binary32 x*y+z 00000000 7F800000 7FC00003 7FC00000 10
arm-dn binary32 x*y+z 00000000 7F800000 7FC00003 7FC00000 10
riscv  binary32 x*y+z 00000000 7F800000 7FC00003 7FC00000 10
ieee   binary32 x*y+z 7F800000 00000000 7FA00003 7FE00003 10
x86    binary32 x*y+z 7F800000 00000000 7FA00003 FFC00000 10
arm    binary32 x*y+z 7F800000 00000000 7FA00003 7FE00003 10
riscv  binary32 x*y+z 7F800000 00000000 7FA00003 7FC00000 10
x86    binary32 x*y+z 7F800000 00000000 3F800000 FFC00000 10
x86    binary16 x*y+z 0000 FC00 7E03 FE00 10
arm    binary64 x*y+z 8000000000000000 7FF0000000000000 7FF8000000000003 7FF8000000000000 10
# x87: TestFloat has no extF80_mulAdd; the same rule with x87's (8086's) 2-operand pick
x86    x87 x*y+z 00000000000000000000 7FFF8000000000000000 7FFFC000000000000003 7FFFC000000000000003 10
x86    x87 x*y+z 00000000000000000000 7FFF8000000000000000 7FFFA000000000000003 FFFFC000000000000000 10
arm    x87 x*y+z 00000000000000000000 7FFF8000000000000000 7FFFC000000000000003 7FFFC000000000000000 10
# tininess (h:48): (1 + 2^-23)·(2^-126 − 2^-149) = 2^-126·(1 − 2^-46) is tiny before
# rounding, 2^-126 after: underflow under ARM (before), not under x86 and RISC-V
ieee   binary32 x*y 3F800001 007FFFFF 00800000 01
x86    binary32 x*y 3F800001 007FFFFF 00800000 01
arm    binary32 x*y 3F800001 007FFFFF 00800000 03
arm-dn binary32 x*y 3F800001 007FFFFF 00800000 03
riscv  binary32 x*y 3F800001 007FFFFF 00800000 01
arm    binary64 x*y 3FF0000000000001 000FFFFFFFFFFFFF 0010000000000000 03
riscv  binary64 x*y 3FF0000000000001 000FFFFFFFFFFFFF 0010000000000000 01
RECORDS

# --tininess given wins over the row's default
check "arm --tininess after" "3F800001 007FFFFF 00800000 01" \
	"$($FPX map --arch arm --tininess after --testfloat binary32 'x*y' '0x3f800001 0x007fffff')"
check "--tininess before --arch x86" "3F800001 007FFFFF 00800000 03" \
	"$($FPX map --tininess before --arch x86 --testfloat binary32 'x*y' '0x3f800001 0x007fffff')"

# ---- conversions: f32_to_f64, f64_to_f16 (sign and payload kept MSB-aligned, quieted:
# sf:8086-SSE/s_f32UIToCommonNaN.c:49-58, s_commonNaNToF64UI.c:48-50; probes
# f32_to_f64(7FA00001) = 7FFC000020000000, f64_to_f16(7FF4000000000001) = 7F00), or the
# default NaN (sf:RISCV/specialize.h:157-163, ARM-VFPv2-defaultNaN :131-137)
for rec in "ieee 7FFC000020000000" "x86 7FFC000020000000" "arm 7FFC000020000000" \
	"arm-dn 7FF8000000000000" "riscv 7FF8000000000000"; do
	set -- $rec
	check "map $1 f32_to_f64" "7FA00001 $2 10" \
		"$($FPX map --arch $1 --in binary32 --to binary64 --testfloat x 0x7fa00001)"
	check "cast $1 binary32 binary64" "0x$(echo "$2" | tr A-F a-f)	invalid" \
		"$($FPX cast -o hex,flags --arch $1 binary32 binary64 0x7fa00001)"
done
check "map x86 f64_to_f16" "7FF4000000000001 7F00 10" \
	"$($FPX map --arch x86 --in binary64 --to binary16 --testfloat x 0x7ff4000000000001)"
check "cast x86 -sNaN" "0xfffc000020000000	invalid" \
	"$($FPX cast -o hex,flags --arch x86 binary32 binary64 0xffa00001)"
check "cast riscv -sNaN" "0x7ff8000000000000	invalid" \
	"$($FPX cast -o hex,flags --arch riscv binary32 binary64 0xffa00001)"
check "cast arm-dn x87" "0x7fffc000000000000000	invalid" \
	"$($FPX cast -o hex,flags --arch arm-dn binary32 x87 0xffa00001)"
check "cast x86 x87 to binary32" "0xffe00000	invalid" \
	"$($FPX cast -o hex,flags --arch x86 x87 binary32 0xffffa000000000000001)"
# a NaN a conversion makes: the default NaN
check "convert x86 0/0" "0xffc00000" "$($FPX convert -o hex --arch x86 binary32 '0/0')"
check "convert riscv 0/0" "0x7fc00000" "$($FPX convert -o hex --arch riscv binary32 '0/0')"
check "show x86 sqrt(-1)" "binary64: sqrt(-1) -> 0xfff8000000000000" \
	"$($FPX show --arch x86 binary64 'sqrt(-1)' | head -n 1)"
# a NaN as typed stays as typed
check "convert x86 nan" "0x7fc00000" "$($FPX convert -o hex --arch x86 binary32 nan)"

# ---- the REPL: `arch NAME` as --arch NAME --------------------------------------------
check "repl arch x86" "binary32: sqrt(-1) -> 0xffc00000" \
	"$(printf 'arch x86\nsqrt(-1)\n' | $FPX repl | head -n 1)"
check "repl --arch x86" "binary32: sqrt(-1) -> 0xffc00000" "$(echo 'sqrt(-1)' | $FPX repl --arch x86 | head -n 1)"
check "repl arch ieee" "binary32: sqrt(-1) -> 0x7fc00000" \
	"$(printf 'arch x86\narch ieee\nsqrt(-1)\n' | $FPX repl | head -n 1)"
printf 'arch sparc\n' | $FPX repl >/dev/null 2>"$T/err"
check "repl arch sparc" "fpx: arch NAME (ieee, x86, arm, arm-dn, riscv)" "$(cat "$T/err")"

# ---- the option -------------------------------------------------------------------------
$FPX map --arch sparc binary32 'x+y' >/dev/null 2>"$T/err"
check "--arch sparc" "2 fpx: --arch takes ieee, x86, arm, arm-dn or riscv, not 'sparc'" "$? $(head -n 1 "$T/err")"

# ---- --arch ieee is fpx's own rules: the same rows as without it -------------------------
for job in "binary32 x+y" "binary32 x*y+z" "binary16 x/y" "binary64 sqrt(x)" "x87 x*y" "bfloat16 x-y" \
	"e5m2 x*y+z" "e4m3 x*y"; do
	set -- $job
	$FPX map --random 3000 --seed 7 "$1" "$2" > "$T/own"
	$FPX map --arch ieee --random 3000 --seed 7 "$1" "$2" > "$T/ieee"
	check "--arch ieee $job" "same" "$(cmp -s "$T/own" "$T/ieee" && echo same || echo differ)"
done

echo "arch: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
