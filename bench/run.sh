#!/bin/sh
# run.sh — `make bench`: fpx against baselines measured in the same run, on a workload
# generated here (bench/gen; nothing downloaded). Every measurement is repeated ROUNDS
# times, each right after the baseline it is compared with, and the median of the
# per-round ratios is reported (seconds are medians too). The machine is shared and
# noisy: read the ratios, not the seconds. The last table takes each category of bench/gen
# (long ties of narrow formats written out, edges, ...) on its own, against fast_float.
# Usage: sh bench/run.sh [lines] [rounds]
cd "$(dirname "$0")/.." || exit 2
LINES=${1:-1000000}
ROUNDS=${2:-5}
T=${TMPDIR:-/tmp}/fpx-bench.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

bench/gen "$LINES" > "$T/w"
bench/gen $((LINES * 10)) > "$T/w10"
# Real values: EXP_LINES lines exp(x), x a decimal of four places in [-80, 80) (a tenth
# of the lines, at least 1000), against bench/baseline exp (one mpfr_exp a line)
EXP_LINES=$((LINES / 10 < 1000 ? 1000 : LINES / 10))
awk -v n="$EXP_LINES" 'BEGIN { srand(11); for (i = 0; i < n; i++) printf "exp(%.4f)\n", rand() * 160 - 80 }' > "$T/exp"

# the workload's plain decimals (not its expressions, 2^-24, which strtod reads as 2)
grep -E '^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$' "$T/w" > "$T/plain"
# the plain decimals of 16 or more significant digits: binary64's shortest digits are
# not the line's own there (fastshort.h), so fpx's come from its Ryu-style search
awk '{ s = $0; sub(/[eE].*/, "", s); gsub(/[^0-9]/, "", s); sub(/^0+/, "", s); sub(/0+$/, "", s)
	if (length(s) >= 16) print }' "$T/plain" > "$T/long"

# The categories (bench/gen N CATEGORY), CAT_LINES lines each (at most 200 000):
# the per-category table at the end
CAT_LINES=$((LINES < 200000 ? LINES : 200000))
CATEGORIES="short b16ties bf16ties b32ties fp8ties edges mix"
for c in $CATEGORIES; do bench/gen "$CAT_LINES" "$c" > "$T/cat.$c"; done

now() { date +%s%N; }

# measure NAME COMMAND: appends one timing (microseconds) to $T/NAME
measure() {
	start=$(now)
	sh -c "$2" > /dev/null 2>&1
	end=$(now)
	echo "$(( (end - start) / 1000 ))" >> "$T/$1"
}

# ratio NAME BASE: appends the last timing of NAME over the last of BASE to NAME.ratio
ratio() { ratio_into "$1.ratio" "$1" "$2"; }
ratio_into() {
	awk -v a="$(tail -n 1 "$T/$2")" -v b="$(tail -n 1 "$T/$3")" 'BEGIN { print a / b }' >> "$T/$1"
}

# pair NAME COMMAND: the strtod loop (the tight one: bench/tightio.h), then COMMAND,
# right after each other. The machine's speed drifts by tens of per cent from one
# second to the next, and a pair run back to back sees the same speed.
pair() {
	measure "$1.base" "bench/baseline tight < $T/w"
	measure "$1" "$2"
	ratio "$1" "$1.base"
}

# The fast_float and {fmt} rows, where make bench could build them (bench/fastfloat.cc).
if [ -x bench/fastfloat ]; then FASTFLOAT=bench/fastfloat; else FASTFLOAT=; fi

# pair_exp NAME COMMAND: the same against the mpfr_exp loop
pair_exp() {
	measure "$1.base" "bench/baseline exp < $T/exp"
	measure "$1" "$2"
	ratio "$1" "$1.base"
}

median() { sort -g "$T/$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
seconds() { awk -v t="$(median "$1")" 'BEGIN { printf "%.3f", t / 1e6 }'; }

STARTS=200
i=0
while [ $i -lt "$ROUNDS" ]; do
	pair strtod "bench/baseline tight < $T/w"
	pair getline "bench/baseline strtod < $T/w"
	pair scan "bench/baseline scan < $T/w"
	if [ -n "$FASTFLOAT" ]; then
		pair ff_hex "bench/fastfloat hex < $T/w"
		pair ff_shortest "bench/fastfloat shortest < $T/w"
		pair ff_shortest_only "bench/fastfloat shortest-only < $T/w"
	fi
	pair b32 "./fpx convert -o hex binary32 < $T/w"
	pair b64 "./fpx convert -o hex binary64 < $T/w"
	pair b16 "./fpx convert -o hex binary16 < $T/w"
	pair bf16 "./fpx convert -o hex bfloat16 < $T/w"
	pair e4m3 "./fpx convert -o hex e4m3 < $T/w"
	pair p3109 "./fpx convert -o hex binary8p4se < $T/w"
	ratio_into p3109_e4m3.ratio p3109 e4m3
	pair default64 "./fpx convert binary64 < $T/w"
	pair shortest64 "./fpx convert -o shortest binary64 < $T/w"
	if [ -n "$FASTFLOAT" ]; then
		measure ff_long "bench/fastfloat shortest < $T/long"
		measure default64_long "./fpx convert binary64 < $T/long"
		ratio_into default64_long.ratio default64_long ff_long
	fi
	pair default16 "./fpx convert binary16 < $T/w"
	pair table16 "./fpx table -o hex,class,exact,shortest binary16"
	pair_exp exp32 "./fpx convert -o hex binary32 < $T/exp"
	pair_exp expbf16 "./fpx convert -o hex bfloat16 < $T/exp"
	measure map_mul "./fpx map -o hex,flags e4m3 'x*y'"
	measure map_exp "./fpx map -o hex,flags bfloat16 'exp(x)'"
	# -j: 2^23 e4m3 fma rows (x in 0x00..0x7f) by one process, then by two, back to back;
	# then the machine's own ceiling for two: two independent processes at once, each
	# making half of the rows (no turns, no shared output), which -j 2 cannot beat
	measure map_fma_j1 "./fpx map -q -o hex,flags --range x=0x00:0x7f e4m3 'fma(x,y,z)'"
	measure map_fma_j2 "./fpx map -q -j 2 -o hex,flags --range x=0x00:0x7f e4m3 'fma(x,y,z)'"
	measure map_fma_halves "./fpx map -q -o hex,flags --range x=0x00:0x3f e4m3 'fma(x,y,z)' & \
		./fpx map -q -o hex,flags --range x=0x40:0x7f e4m3 'fma(x,y,z)'; wait"
	ratio map_fma_j1 map_fma_j2
	ratio map_fma_halves map_fma_j2
	ratio_into map_fma_ceiling map_fma_j1 map_fma_halves
	# quantize and mx against convert (its default fields) on the same values
	measure conv_plain "./fpx convert e4m3 < $T/plain"
	measure quant_int8 "./fpx quantize --scale 0.5 int8 < $T/plain"
	ratio_into quant_int8.ratio quant_int8 conv_plain
	measure quant_e4m3 "./fpx quantize --scale 0.5 e4m3 < $T/plain"
	ratio_into quant_e4m3.ratio quant_e4m3 conv_plain
	measure mx_e2m1 "./fpx mx e2m1 < $T/plain"
	ratio_into mx_e2m1.ratio mx_e2m1 conv_plain
	measure conv_error "./fpx convert -o input,hex,exact,error e2m1 < $T/plain"
	ratio_into conv_error.ratio conv_error conv_plain
	# codes alone, like for like: mx's blocks (scale, worst error) against convert's rows
	measure conv_hex_e2m1 "./fpx convert -o hex e2m1 < $T/plain"
	measure mx_hex "./fpx mx -o hex e2m1 < $T/plain"
	ratio_into mx_hex.ratio mx_hex conv_hex_e2m1
	ratio_into mx_error.ratio mx_e2m1 conv_error
	measure start_true "for k in \$(seq $STARTS); do bench/baseline true; done"
	measure start_fpx "for k in \$(seq $STARTS); do ./fpx convert binary64 0.1; done"
	ratio start_fpx start_true
	measure b64x1 "./fpx convert -o hex binary64 < $T/w"
	measure b64x10 "./fpx convert -o hex binary64 < $T/w10"
	ratio b64x10 b64x1
	i=$((i + 1))
done

# pair_on NAME BASE COMMAND: BASE then COMMAND, back to back, as pair does
pair_on() {
	measure "$1.base" "$2"
	measure "$1" "$3"
	ratio "$1" "$1.base"
}

# Per category: fpx against fast_float (-o hex, default fields), and mx and quantize
# against convert -o hex e4m3 on the same lines, each right after its baseline
i=0
while [ $i -lt "$ROUNDS" ]; do
	for c in $CATEGORIES; do
		f="$T/cat.$c"
		if [ -n "$FASTFLOAT" ]; then
			pair_on "$c.hex" "bench/fastfloat hex < $f" "./fpx convert -o hex binary64 < $f"
			pair_on "$c.default" "bench/fastfloat shortest < $f" "./fpx convert binary64 < $f"
		fi
		pair_on "$c.mx" "./fpx convert -o hex e4m3 < $f" "./fpx mx -o hex e4m3 < $f"
		pair_on "$c.quant" "./fpx convert -o hex e4m3 < $f" "./fpx quantize -o hex --scale 0.5 e4m3 < $f"
	done
	i=$((i + 1))
done

rate() { awk -v t="$(median "$1")" -v n="$2" 'BEGIN { printf "%.1f", n / t }'; }
fastest() { sort -g "$T/$1" | head -n 1; }
fastest_ratio() { awk -v a="$(fastest "$1")" -v b="$(fastest "$1.base")" 'BEGIN { printf "%.2f", a / b }'; }
row() { printf '| %-46s | %8s | %6.2f | %6s | %7s | %s |\n' "$1" "$(seconds "$2")" "$(median "$2.ratio")" "$(fastest_ratio "$2")" "$(rate "$2" "${4:-$LINES}")" "$3"; }

rss() { /usr/bin/time -f %M sh -c "$1 > /dev/null" 2>&1 >/dev/null | tail -n 1; }

echo "fpx bench: $LINES lines, $ROUNDS rounds; ratio = median over the rounds of (time / the strtod loop run just before it)"
echo
echo "the strtod loop: glibc's strtod with the tightest I/O (1 MiB read(2) blocks, lines NUL-terminated in place, one"
echo "64 KiB buffer written with write(2)); the getline loop reads with getline and writes through stdio"
echo
echo "fastest = the fastest run of each over the fastest of its strtod loops (steadier here)"
echo
echo "| what | seconds (median) | ratio | fastest | Mlines/s | target |"
echo "|---|---|---|---|---|---|"
row "strtod loop (binary64, glibc), against itself" strtod "1.00 but for noise"
row "strtod loop with getline and stdio" getline ""
row "read-scan-print loop (getline: the old floor)" scan ""
if [ -n "$FASTFLOAT" ]; then
	row "fast_float -> hex (the fastest known)" ff_hex ""
	row "fast_float -> hex + {fmt} shortest" ff_shortest ""
	row "fast_float -> {fmt} shortest alone" ff_shortest_only ""
fi
row "fpx convert -o hex binary64" b64 "<= 0.5 (1.1x fast_float)"
row "fpx convert -o hex binary32" b32 "<= 0.5"
row "fpx convert -o hex binary16" b16 "<= 0.5"
row "fpx convert -o hex bfloat16" bf16 "<= 0.5"
row "fpx convert -o hex e4m3" e4m3 "<= 0.5"
row "fpx convert -o hex binary8p4se (IEEE P3109)" p3109 "<= 1.1x e4m3's"
row "fpx convert binary64 (hex,shortest)" default64 "<= 0.9 (1.1x fast_float+fmt)"
row "fpx convert -o shortest binary64" shortest64 "(1.1x fast_float+fmt alone)"
row "fpx convert binary16 (hex,shortest)" default16 ""
row "fpx table -o hex,class,exact,shortest binary16" table16 "< 1 (65 536 rows)"
./fpx convert -o hex binary64 < "$T/plain" > "$T/fpx.hex"
bench/baseline tight < "$T/plain" | cmp -s - "$T/fpx.hex" && agree="strtod's on every line" ||
	agree="strtod's NOT on every line"
if [ -n "$FASTFLOAT" ]; then
	bench/fastfloat hex < "$T/plain" | cmp -s - "$T/fpx.hex" && agree="$agree, fast_float's on every line" ||
		agree="$agree, fast_float's NOT on every line"
fi
awk -v r="$(median p3109_e4m3.ratio)" 'BEGIN { printf "\nfpx convert -o hex binary8p4se takes %.2fx the time of e4m3 on the same lines (target <= 1.1)\n", r }'
echo
echo "fpx's binary64 codes of the workload's $(wc -l < "$T/plain") plain decimals agree with $agree"
if [ -n "$FASTFLOAT" ]; then
	awk -v n="$(wc -l < "$T/long")" -v r="$(median default64_long.ratio)" 'BEGIN {
		printf "on its %d plain decimals of 16 or more significant digits (shortest digits searched, not the line'"'"'s own),\n", n
		printf "fpx convert binary64 (hex,shortest) takes %.2fx the time of fast_float -> hex + {fmt} shortest\n", r }'
fi
echo
echo "real values, $EXP_LINES lines exp(x), x a decimal; ratio over a C loop calling mpfr_exp once a line at 24 bits (subnormalized), same I/O:"
echo
echo "| what | seconds (median) | ratio | fastest | Mlines/s | target |"
echo "|---|---|---|---|---|---|"
row "fpx convert -o hex binary32, exp(x)" exp32 "<= 2" "$EXP_LINES"
row "fpx convert -o hex bfloat16, exp(x)" expbf16 "<= 2" "$EXP_LINES"
echo
echo "golden vectors (fpx map, -o hex,flags), seconds (median): all 65 536 e4m3 x*y $(seconds map_mul) (target < 0.5);" \
	"every bfloat16 exp(x) $(seconds map_exp) (target < 1)"
awk -v t="$(median map_fma_j1)" -v r="$(median map_fma_j1.ratio)" -v c="$(median map_fma_ceiling)" \
	-v e="$(median map_fma_halves.ratio)" 'BEGIN {
	printf "e4m3 fma(x,y,z): %.2f us a row on one core (2^23 rows, median); -j 2 makes %.2fx the rows/s of -j 1 (target >= 1.8)\n",
		t / 8388608, r
	printf "  the ceiling, two independent processes making a half each: %.2fx the rows/s of one; -j 2 reaches %.0f%% of it\n",
		c, 100 * e }'
echo
echo "quantize and mx on the same $(wc -l < "$T/plain") values, over fpx convert e4m3 (hex,shortest) $(seconds conv_plain) s (target <= 1.5):"
for q in quant_int8:"quantize --scale 0.5 int8" quant_e4m3:"quantize --scale 0.5 e4m3" mx_e2m1:"mx e2m1" \
	conv_error:"convert -o input,hex,exact,error e2m1 (what mx writes of each element)"; do
	awk -v n="${q#*:}" -v t="$(seconds "${q%%:*}")" -v r="$(median "${q%%:*}.ratio")" \
		'BEGIN { printf "  fpx %s: %s s, %.2fx\n", n, t, r }'
done
awk -v t="$(seconds mx_hex)" -v c="$(seconds conv_hex_e2m1)" -v r="$(median mx_hex.ratio)" -v f="$(median mx_error.ratio)" 'BEGIN {
	printf "  like for like: fpx mx -o hex e2m1 %s s, %.2fx fpx convert -o hex e2m1 (%s s); fpx mx e2m1 %.2fx convert with its fields\n",
		t, r, c, f }'
start=$(now)
./fpx map -q -j 2 -o hex,flags e4m3 'fma(x,y,z)' > /dev/null
end=$(now)
awk -v t="$(( (end - start) / 1000 ))" 'BEGIN { printf "every e4m3 fma(x,y,z), 2^24 rows, -j 2: %.1f s (one run)\n", t / 1e6 }'
echo
awk -v f="$(median start_fpx)" -v t="$(median start_true)" -v r="$(median start_fpx.ratio)" -v n=$STARTS 'BEGIN {
	printf "start-up: fpx convert binary64 0.1 %.2f ms, a trivial C program %.2f ms: ratio %.2f (target <= 1.5)\n",
		f / n / 1000, t / n / 1000, r }'
awk -v r="$(median b64x10.ratio)" 'BEGIN {
	printf "scaling: 10x the lines costs %.2fx the time (target <= 10.5)\n", r }'
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

# the share of a category's lines fpx decides on its exact path (FPX_PATH_COUNTS: one
# line fpx-paths: fast=N exact=M on stderr at exit), or - where fpx writes no such line
exact_share() {
	FPX_PATH_COUNTS=1 ./fpx convert -o hex binary64 < "$T/cat.$1" 2>&1 >/dev/null |
		awk '/^fpx-paths: / { split($2, f, "="); split($3, e, "="); n = f[2] + e[2]
			s = n ? sprintf("%.2f%%", 100 * e[2] / n) : "-" } END { print s ? s : "-" }'
}
lengths() {
	awk '{ print length($0) }' "$T/cat.$1" | sort -n |
		awk '{ v[NR] = $1 } END { printf "%d / %d", v[int((NR + 1) / 2)], v[int(NR * 0.9)] }'
}
cat_ratio() { if [ -s "$T/$1.ratio" ]; then printf '%.2f' "$(median "$1.ratio")"; else printf -- -; fi; }
agrees() {
	[ -n "$FASTFLOAT" ] || { printf -- -; return; }
	./fpx convert -o hex binary64 < "$T/cat.$1" | cmp -s - "$T/cat.$1.ff" && printf yes || printf NO
}
echo
echo "per category, $CAT_LINES lines each (bench/gen N CATEGORY); ratios are medians over the rounds of paired runs:"
echo "hex = fpx convert -o hex binary64 / fast_float -> hex; default = fpx convert binary64 / fast_float -> hex + {fmt}"
echo "shortest; mx = fpx mx -o hex e4m3 and quantize = fpx quantize -o hex --scale 0.5 e4m3, each / fpx convert -o hex"
echo "e4m3 run just before it; exact = the share of lines fpx convert -o hex binary64 decides on its exact path"
echo
echo "| category | length median / p90 | hex | default | mx | quantize | exact | codes = fast_float's |"
echo "|---|---|---|---|---|---|---|---|"
for c in $CATEGORIES; do
	[ -z "$FASTFLOAT" ] || bench/fastfloat hex < "$T/cat.$c" > "$T/cat.$c.ff"
	printf '| %-8s | %9s | %5s | %5s | %5s | %5s | %6s | %s |\n' "$c" "$(lengths "$c")" "$(cat_ratio "$c.hex")" \
		"$(cat_ratio "$c.default")" "$(cat_ratio "$c.mx")" "$(cat_ratio "$c.quant")" "$(exact_share "$c")" "$(agrees "$c")"
done
echo "| target | | <= 1.0 (mix <= 0.9) | <= 1.0 | <= 1.5 | <= 1.5 | < 0.1% but lines at a 19th-digit boundary | yes |"
if command -v python3 > /dev/null; then
	echo
	echo "the categories checked with exact rationals (bench/ties.py, 1000 lines each, independent of fpx):"
	for c in $CATEGORIES; do python3 bench/ties.py "$c" < "$T/cat.$c" | sed 's/^/  /'; done
fi

# The Python module's rows (bench/pylib.py), where a python3 with numpy imports it
# (make bench builds it first; PYTHON: the Makefile's python3 with numpy)
PYTHON=${PYTHON:-$(for p in python3 /usr/bin/python3; do $p -c 'import numpy' 2>/dev/null && { command -v $p; break; }; done)}
if [ -n "$PYTHON" ] && PYTHONPATH=python "$PYTHON" -c 'import fpx' 2>/dev/null; then
	PYTHONPATH=python "$PYTHON" bench/pylib.py "$LINES" "$ROUNDS" "$T"
else
	echo
	echo "no Python rows: no python3 with numpy that imports python/fpx (make python; apt-get install python3-dev python3-numpy)"
fi
