#!/bin/sh
# testfloat-matrix.sh — issue 36's measure (make check-testfloat): every function
# Berkeley TestFloat can verify, for f16 f32 f64 extF80 f128, in every rounding mode
# it has, -exact and -notexact where they apply and extF80's three rounding precisions:
# testfloat_gen's operands -> fpx map --testfloat --arch A -> testfloat_ver -checkNaNs
# -checkInvInts built with the SoftFloat specialization of A. Every error counts.
#
# TestFloat is never built here, nor kept in the tree: TESTFLOAT_DIR names a folder with
# one folder per specialization (8086-SSE, ARM-VFPv2, ARM-VFPv2-defaultNaN, RISCV), each
# holding testfloat_gen and testfloat_ver built by the user from their own copy. Without
# them this says so and skips (exit 0).
#
# Usage: sh tests/testfloat-matrix.sh [path/to/fpx]
#   TESTFLOAT_DIR    the specializations' folder (/work/testfloat/build)
#   TESTFLOAT_LEVEL  testfloat_gen's -level (1)
#   TESTFLOAT_SPECS  which specializations (all four)
#   TESTFLOAT_ONLY   a grep pattern: only the functions it matches (all)
#   TESTFLOAT_JOBS   how many pipelines at once (the processors)
#   TESTFLOAT_LOG    where each pipeline's testfloat_ver output is kept (a temporary folder)
# Writes one line per specialization (pipelines, tests, errors) and a line per function
# family; exit 1 on any error or any pipeline that failed.
FPX=${1:-./fpx}
case $FPX in /*) ;; *) FPX=$(pwd)/$FPX ;; esac
DIR=${TESTFLOAT_DIR:-/work/testfloat/build}
LEVEL=${TESTFLOAT_LEVEL:-1}
SPECS=${TESTFLOAT_SPECS:-8086-SSE ARM-VFPv2 ARM-VFPv2-defaultNaN RISCV}
JOBS=${TESTFLOAT_JOBS:-$(nproc 2>/dev/null || echo 2)}

# fpx's --arch for a specialization, and the tininess TestFloat must be told of (ARM
# detects it before rounding: tests/arch/DIGEST.md §3)
arch_of() {
	case $1 in
	8086-SSE) echo x86 ;;
	ARM-VFPv2) echo arm ;;
	ARM-VFPv2-defaultNaN) echo arm-dn ;;
	RISCV) echo riscv ;;
	*) return 1 ;;
	esac
}
tininess_of() {
	case $1 in ARM-*) echo -tininessbefore ;; *) echo -tininessafter ;; esac
}

# ---- One pipeline: "job SPEC FUNCTION OPTIONS...", a line "SPEC FUNCTION tests errors" ----
if [ "$2" = --job ]; then
	spec=$3 fn=$4
	shift 4
	tf=$DIR/$spec
	opts="$* $(tininess_of "$spec")"
	log=$TESTFLOAT_LOG/$spec.$fn$(echo "$*" | tr -d ' ').log
	want=$("$tf/testfloat_gen" -level "$LEVEL" $opts "$fn" | wc -l)
	"$tf/testfloat_gen" -level "$LEVEL" $opts "$fn" |
		{ "$FPX" map --testfloat --arch "$(arch_of "$spec")" -q $opts "$fn" - 2>"$log.fpx"; echo $? > "$log.status"; } |
		"$tf/testfloat_ver" -checkNaNs -checkInvInts -errors 0 $opts "$fn" > "$log" 2>&1
	last=$(tr '\r' '\n' < "$log" | grep "tests" | tail -n 1)
	tests=$(echo "$last" | sed 's/^[^0-9]*\([0-9]*\).*/\1/')
	case $last in
	*"no errors"*) errors=0 ;;
	*"error"*) errors=$(echo "$last" | sed 's/.*; \([0-9]*\) error.*/\1/') ;;
	*) errors=failed ;;
	esac
	# a pipeline that lost lines, or an fpx that stopped, is a failure, never a pass
	if [ "$(cat "$log.status")" != 0 ] || [ "$tests" != "$want" ]; then
		errors=failed
	fi
	[ "$errors" = 0 ] && rm -f "$log" "$log.fpx" "$log.status"
	given=$(echo "$*" | tr ' ' ',')
	echo "$spec $fn ${given:--} ${tests:-0} $errors"
	exit 0
fi

# ---- The matrix ---------------------------------------------------------------------------
MODES="-rnear_even -rminMag -rmin -rmax -rnear_maxMag -rodd"
FLOATS="f16 f32 f64 extF80 f128"
INTS="ui32 ui64 i32 i64"

# Each function with the option sets it is run under, one "FUNCTION OPTIONS" a line
# (functionInfos' flags: a rounded result takes every mode; roundToInt and F_to_I also
# -exact; extF80's add sub mul div sqrt every rounding precision too).
each_mode() {
	for r in $MODES; do echo "$1 $r $2"; done
}
each_mode_exact() {
	for r in $MODES; do echo "$1 $r -notexact"; echo "$1 $r -exact"; done
}
functions() {
	for f in $FLOATS; do
		for i in $INTS; do
			each_mode "${i}_to_$f"
			each_mode_exact "${f}_to_$i" # F_to_I_r_minMag: testfloat_gen and _ver have none
		done
		for g in $FLOATS; do
			[ "$f" != "$g" ] && each_mode "${f}_to_$g"
		done
		each_mode_exact "${f}_roundToInt"
		for op in add sub mul div sqrt; do
			if [ "$f" = extF80 ]; then
				for p in -precision32 -precision64 -precision80; do each_mode "${f}_$op" "$p"; done
			else
				each_mode "${f}_$op"
			fi
		done
		[ "$f" != extF80 ] && each_mode "${f}_mulAdd"
		for op in rem eq le lt eq_signaling le_quiet lt_quiet; do echo "${f}_$op"; done
	done
	# f32_to_bf16 and bf16_to_f32: testfloat_gen has them, testfloat_ver has no loop for
	# them (it stops after "Testing"); tests/testfloat.sh checks them by hand
}

missing=
for spec in $SPECS; do
	arch_of "$spec" > /dev/null || { echo "testfloat-matrix: no fpx --arch for '$spec'" >&2; exit 2; }
	[ -x "$DIR/$spec/testfloat_gen" ] && [ -x "$DIR/$spec/testfloat_ver" ] || missing="$missing $spec"
done
if [ -n "$missing" ]; then
	echo "testfloat-matrix: skipped: no testfloat_gen and testfloat_ver in $DIR for$missing"
	echo "  (build Berkeley TestFloat yourself, one folder per SoftFloat specialization;"
	echo "   TESTFLOAT_DIR=folder make check-testfloat)"
	exit 0
fi
[ -x "$FPX" ] || { echo "testfloat-matrix: no fpx at $FPX" >&2; exit 2; }
TESTFLOAT_LOG=${TESTFLOAT_LOG:-$(mktemp -d)}
mkdir -p "$TESTFLOAT_LOG" || exit 2
export TESTFLOAT_LOG DIR LEVEL FPX

results=$TESTFLOAT_LOG/results
for spec in $SPECS; do
	functions | grep -e "${TESTFLOAT_ONLY:-.}" | sed "s/^/$spec /; s/ *$//"
done | xargs -P "$JOBS" -L 1 sh "$0" "$FPX" --job > "$results"

# one line per specialization, then per function family (the name without its type)
awk '{ pipes[$1]++; tests[$1] += $4; if ($5 == "failed") failed[$1]++; else errors[$1] += $5 }
	END { for (s in pipes) printf "%-22s %5d pipelines %12d tests %8d errors %4d failed\n",
		s, pipes[s], tests[s], errors[s], failed[s] }' "$results" | sort
awk '{ fam = $2
	if (!sub(/^(ui32|ui64|i32|i64)_to_[a-zA-Z0-9]*$/, "I_to_F", fam)) {
		sub(/^[a-zA-Z0-9]*_/, "F_", fam); sub(/_to_(ui32|ui64|i32|i64)/, "_to_I", fam)
		sub(/_to_(f16|f32|f64|extF80|f128|bf16)$/, "_to_G", fam)
	}
	fam = $1 " " fam; n[fam] += $4; if ($5 == "failed") f[fam]++; else e[fam] += $5 }
	END { for (k in n) printf "  %-40s %12d tests %8d errors %4d failed\n", k, n[k], e[k], f[k] }' "$results" | sort
bad=$(awk '$5 != 0' "$results" | wc -l)
if [ "$bad" != 0 ]; then
	echo "testfloat-matrix: $bad pipelines with errors or failed; their testfloat_ver output in $TESTFLOAT_LOG:"
	awk '$5 != 0' "$results" | head -n 20
	exit 1
fi
echo "testfloat-matrix: no errors ($(awk '{ t += $4 } END { print t }' "$results") tests, $(wc -l < "$results") pipelines)"
