#!/bin/sh
# p3109.sh — issue 35: `fpx table -o hex,exact` of every IEEE P3109 format
# Binary{K}p{P}{s,u}{e,f} with 3 <= K <= 8 equals the official value tables of the
# P3109 working group (GitHub P3109/Public, "Value Tables/Hexadecimal"), which
# tests/p3109/convert.py wrote into tests/p3109/K3.tsv ... K8.tsv exactly in fpx's
# notation (tests/p3109/README: the commit, the paths, the conversion). Counted a code
# at a time: a code passes when fpx's row for it is the table's, byte for byte; a code
# fpx leaves out or adds fails. Skipped (and said so) while fpx has no P3109 formats.
# Usage: sh tests/p3109.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
DATA=$(dirname "$0")/p3109

if ! "$FPX" info binary8p3se > /dev/null 2>&1; then
	echo "p3109: fpx has no P3109 formats yet (fpx info binary8p3se fails); skipped"
	echo "p3109: 0 passed, 0 failed"
	exit 0
fi

formats=0
for data in "$DATA"/K[0-9]*.tsv; do
	[ -f "$data" ] || { bad "no tables in $DATA"; break; }
	# each format's rows (hex, a tab, exact) into a file named after it, in the data's order
	mkdir -p "$T/want" && rm -f "$T/want"/* "$T/list"
	awk -F '\t' -v dir="$T/want" '/^#/ || NF == 0 { next }
		NF != 3 { printf "bad row %d: %s\n", NR, $0 > "/dev/stderr"; next }
		$1 != name { if (name != "") close(dir "/" name); name = $1; print name > (dir "/../list") }
		{ print $2 "\t" $3 > (dir "/" name) }' "$data"
	while read -r name; do
		formats=$((formats + 1))
		"$FPX" table -o hex,exact "$name" > "$T/got" 2> "$T/err"
		status=$?
		[ $status = 0 ] || echo "FAIL: $name: fpx table exits $status: $(head -c 200 "$T/err")"
		# codes alike and codes apart, then the first three rows apart
		# shellcheck disable=SC2046 # the two counts are words
		set -- $(awk -F '\t' -v name="$name" 'NR == FNR { want[FNR] = $0; n = FNR; next }
			{ got[FNR] = $0; if (FNR > n) n = FNR }
			END { for (i = 1; i <= n; i++) if (want[i] == got[i]) same++
				else if (++apart <= 3) printf "FAIL: %s row %d: want \"%s\", fpx \"%s\"\n", name, i, want[i], got[i] > "/dev/stderr"
				print same + 0, apart + 0 }' "$T/want/$name" "$T/got" 2> "$T/apart")
		cat "$T/apart"
		[ "${2:-1}" -gt 3 ] && echo "FAIL: $name: $2 rows apart in all"
		pass=$((pass + ${1:-0})) fail=$((fail + ${2:-1}))
	done < "$T/list"
done

echo "p3109: $formats formats, $((pass + fail)) codes against P3109/Public's value tables"
echo "p3109: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
