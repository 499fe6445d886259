#!/bin/sh
# run.sh — `make bench`: fpx against baselines measured in the same run, on a workload
# generated here (bench/gen; nothing downloaded). Every measurement is repeated ROUNDS
# times, the commands of a round alternating, and the median taken; ratios are of
# medians. The machine is shared and noisy: read the ratios, not the seconds.
# Usage: sh bench/run.sh [lines] [rounds]
cd "$(dirname "$0")/.." || exit 2
LINES=${1:-1000000}
ROUNDS=${2:-5}
T=${TMPDIR:-/tmp}/fpx-bench.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

bench/gen "$LINES" > "$T/w"
bench/gen $((LINES * 10)) > "$T/w10"

now() { date +%s%N; }

# measure NAME COMMAND: appends one timing (seconds) to $T/NAME
measure() {
	name=$1
	shift
	start=$(now)
	sh -c "$*" > /dev/null 2>&1
	end=$(now)
	echo "$(( (end - start) / 1000 ))" >> "$T/$name" # microseconds
}

median() { sort -n "$T/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] / 1e6 }'; }

STARTS=200
i=0
while [ $i -lt "$ROUNDS" ]; do
	measure strtod "bench/baseline strtod < $T/w"
	measure scan "bench/baseline scan < $T/w"
	measure b64 "./fpx convert -o hex binary64 < $T/w"
	measure strtod2 "bench/baseline strtod < $T/w"
	measure b16 "./fpx convert -o hex binary16 < $T/w"
	measure bf16 "./fpx convert -o hex bfloat16 < $T/w"
	measure e4m3 "./fpx convert -o hex e4m3 < $T/w"
	measure strtod3 "bench/baseline strtod < $T/w"
	measure default64 "./fpx convert binary64 < $T/w"
	measure default16 "./fpx convert binary16 < $T/w"
	measure table16 "./fpx table -o hex,class,exact,shortest binary16"
	measure start_true "for k in \$(seq $STARTS); do bench/baseline true; done"
	measure start_fpx "for k in \$(seq $STARTS); do ./fpx convert binary64 0.1; done"
	measure b64x10 "./fpx convert -o hex binary64 < $T/w10"
	i=$((i + 1))
done
cat "$T/strtod2" "$T/strtod3" >> "$T/strtod"

base=$(median strtod)
ratio() { awk -v a="$(median "$1")" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
rate() { awk -v t="$(median "$1")" -v n="$2" 'BEGIN { printf "%.1f", n / t / 1e6 }'; }
row() { printf '| %-44s | %8.3f | %6s | %7s | %s |\n' "$1" "$(median "$2")" "$(ratio "$2" "$base")" "$(rate "$2" "$LINES")" "$3"; }

rss() { /usr/bin/time -f %M sh -c "$1 > /dev/null" 2>&1 >/dev/null | tail -n 1; }

echo "fpx bench: $LINES lines, $ROUNDS rounds, medians; ratio = time / strtod loop"
echo
echo "| what | seconds | ratio | Mlines/s | target |"
echo "|---|---|---|---|---|"
row "strtod loop (binary64, glibc)" strtod "1.00 by definition"
row "read-scan-print loop (the floor)" scan ""
row "fpx convert -o hex binary64" b64 "<= 0.85 (stretch 0.45)"
row "fpx convert -o hex binary16" b16 "<= 0.85"
row "fpx convert -o hex bfloat16" bf16 "<= 0.85"
row "fpx convert -o hex e4m3" e4m3 "<= 0.85"
row "fpx convert binary64 (hex,shortest)" default64 "<= 1.5"
row "fpx convert binary16 (hex,shortest)" default16 "<= 1.5"
row "fpx table -o hex,class,exact,shortest binary16" table16 "< 1 (65 536 rows)"
echo
awk -v f="$(median start_fpx)" -v t="$(median start_true)" -v n=$STARTS 'BEGIN {
	printf "start-up: fpx convert binary64 0.1 %.2f ms, a trivial C program %.2f ms: ratio %.2f (target <= 1.5)\n",
		f / n * 1000, t / n * 1000, f / t }'
awk -v a="$(median b64x10)" -v b="$(median b64)" 'BEGIN {
	printf "scaling: 10x the lines costs %.2fx the time (target <= 10.5)\n", a / b }'
echo "peak RSS, fpx convert -o hex binary64 on $LINES lines: $(rss "./fpx convert -o hex binary64 < $T/w") KB; on 10x: $(rss "./fpx convert -o hex binary64 < $T/w10") KB (target <= 8192, constant)"
echo "peak RSS, fpx convert binary64 (hex,shortest): $(rss "./fpx convert binary64 < $T/w") KB"
echo
echo "one value of n digits (1.xxx: n digits times 10^-(n-1), exact all the way), seconds:"
for n in 1000 10000 100000 1000000; do
	awk -v n=$n 'BEGIN { srand(7); printf "1"; for (i = 1; i < n; i++) printf "%d", int(rand() * 10); print "e-" (n - 1) }' > "$T/digits"
	printf '  %8d digits: ' $n
	start=$(now); ./fpx convert -o hex binary64 < "$T/digits" > /dev/null; end=$(now)
	awk -v t=$(( (end - start) / 1000 )) 'BEGIN { printf "%.4f\n", t / 1e6 }'
done
