#!/bin/sh
# docs.sh — what a user reads: format-file errors name the line at fault and its key;
# the man page's SYNOPSIS agrees with --help; help texts, wording and plurals; the
# completions offer each command's own options; plot's axes; the wide build as
# documented; the README's quick start.
# Usage: sh tests/docs.sh [path/to/fpx] (run from anywhere: the man page is found beside
# this script)
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"

# ---- format files: FILE:LINE: of the line at fault, and its key named ----------------
# Each case: the file's lines (\n between), then the start of the message fpx must print
# after "fpx: FILE:". The line numbers are counted by hand in the file text.
while IFS='|' read -r text message; do
	printf "$text\n" > "$T/f.fmt"
	$FPX -F "$T/f.fmt" formats > /dev/null 2> "$T/err"; status=$?
	want="fpx: $T/f.fmt:$message"
	if [ $status = 2 ] && [ "$(head -c ${#want} "$T/err")" = "$want" ]; then ok; else
		bad "format file '$text': want status 2 and '$want...', got $status: $(cat "$T/err")"
	fi
done <<'CASES'
name bad\nexponent 99\nfraction 3|2: exponent must be 1 to
# a comment\nname bad\nfraction 3\nexponent 99|4: exponent must be 1 to
name bad\nexponent 4\nfraction 3\nfoo bar|4: unknown key 'foo'
name bad\nexponent 4\nfraction 3\nfoo 1|4: unknown key 'foo'
name bad\nexponent 4\nfraction x|3: fraction needs an integer (at most 2^20 in size), not 'x'
name bad\nexponent\nfraction 3|2: exponent needs a value
name bad\nexponent 4\nfraction -1|3: fraction must be 0 to
name bad\nexponent 1\nfraction 3|2: exponent must be 2 bits or more with specials ieee
name bad\nsign no\nexponent 4\nfraction 3\nspecials fnuz|2: sign must be yes with specials fnuz
name bad\nexponent 4\nfraction 3\nsign maybe|4: sign is yes or no, not 'maybe'
name bad\nexponent 4\nfraction 3\nspecials some|4: specials is one of ieee, fn, fnuz, finite, e8m0, not 'some'
name bad\nexponent 4\nfraction 3\nroles mx-element float8|4: roles are mx-element, onnx-float8, webnn-float8, not 'float8'
name bad\nkind decimal|2: kind is posit, x87 or fixed, not 'decimal'
name bad\nes 1|2: es is a posit's
name bad\nkind posit\nbits 100\nes 1|3: bits must be 3 to 64 in a posit
name bad\nkind posit\nbits 16\nes 13|4: es must be 0 to 12 in a posit
name bad\nkind x87\nbits 79|3: bits must be 80 in an x87 format
name bad\nkind fixed\nbits 99|3: bits must be 1 to 64 in an integer or fixed-point format
name bad\nkind fixed\nbits 8\nfraction -2|4: fraction must be 0 or more
name bad\nbits 20\nclass prefix=1 exponent=3 mantissa=4|2: bits must be 2 to 16 in a tapered format
name bad\nbits 8\nclass prefix=1 exponent=99 mantissa=3|3: class: bad setting 'exponent=99'
name bad\nbits 8\nclass exponent=3 mantissa=4|3: class: no prefix=BITS
name bad\nbits 8\nspecial 0xzz nan|3: special needs CODE zero|inf|nan
name bad\nbits 8\nexponent 4\nfraction 4|2: bits 8 contradicts sign + exponent + fraction = 9
name good\nexponent 4\nfraction 3\n\nname two words|5: name needs one word
name good\nexponent 4\nfraction 3\nname bad\nexponent 99|5: exponent must be 1 to
exponent 4|1: the first line must be `name NAME`, not `exponent ...`
CASES

# a bias past the build's exponent limit, on its own line: ±65536, or with 256-bit codes
# ±2^20, where the key's own bound on an integer (2^20) is met first
if $FPX info binary256 > /dev/null 2>&1; then
	past=1048577 want="4: bias needs an integer"
else
	past=70000 want="4: bias must be within"
fi
printf 'name bad\nexponent 4\nfraction 3\nbias %s\n' "$past" > "$T/f.fmt"
$FPX -F "$T/f.fmt" formats > /dev/null 2> "$T/err"; status=$?
want="fpx: $T/f.fmt:$want"
if [ $status = 2 ] && [ "$(head -c ${#want} "$T/err")" = "$want" ]; then ok; else
	bad "format file with bias $past: want status 2 and '$want...', got $status: $(cat "$T/err")"
fi

# ---- the man page's SYNOPSIS and --help agree ------------------------------------------
# From each: "COMMAND --option" for every option a command takes (the short ones by their
# long names; -F, -h and -V, which every command takes, left out) and "COMMAND ARG" for
# its operands. The man page is read as mdoc: .Fl starts an option's name (and so does a
# word after | in it), .Ar an operand unless the line is an option's.
MAN=$(dirname "$0")/../man/fpx.1
man_synopsis() {
	awk '/^\.Sh SYNOPSIS/ { on = 1; next } /^\.Sh |^\.Pp/ { on = 0 } on {
		if ($0 ~ /^\.Nm/) { command = ""; next }
		context = ""; option_line = 0; after_bar = 0
		for (i = 1; i <= NF; i++) {
			w = $i; sub(/^\./, "", w)
			if (w ~ /^[A-Z][a-z]$/) { context = w; first = 1; if (w == "Fl") option_line = 1; continue }
			if (w == "|") { after_bar = 1; continue }
			if (context == "Cm" && command == "" && first) print command = w
			else if (context == "Fl" && (first || after_bar)) { if (command != "") print command, "-" w }
			else if (context == "Ar" && !option_line && w ~ /^[a-z]+$/ && command != "") print command, toupper(w)
			first = 0; after_bar = 0
		}
	}' "$MAN" > "$T/man.raw"
	$FPX --help | awk '/^  -[a-zA-Z], --/ { s = $1; sub(/,$/, "", s); print s, $2 }' > "$T/shorts"
	awk 'NR == FNR { long[$1] = $2; next } NF == 1 { print; next } { print $1, ($2 in long ? long[$2] : $2) }' "$T/shorts" "$T/man.raw" |
		grep -v -e ' --format-file$' -e ' --help$' -e ' --version$' | sort -u
}
help_synopsis() {
	for c in $($FPX --help | awk '/^Commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }'); do
		$FPX "$c" --help | awk -v c="$c" '
			NR == 1 { print c; sub(/^Usage: fpx [a-z]+( \[OPTIONS\])?/, ""); gsub(/--[a-z-]+ [A-Za-z0-9]+/, "")
				n = split($0, w, /[^A-Z]+/); for (i = 1; i <= n; i++) if (w[i] != "") print c, w[i] }
			/^Options:/ { on = 1; next } /^$/ { on = 0 }
			on { for (i = 1; i <= NF; i++) if ($i ~ /^--/) { print c, $i; break } }'
	done | grep -v -e ' --format-file$' -e ' --help$' -e ' --version$' | sort -u
}
man_synopsis > "$T/man"
help_synopsis > "$T/help"
[ -s "$T/man" ] && [ -s "$T/help" ] && ok || bad "no SYNOPSIS or no --help read"
if diff "$T/man" "$T/help" > "$T/diff"; then ok; else
	bad "the SYNOPSIS (<) and --help (>) differ: $(grep '^[<>]' "$T/diff" | tr '\n' ' ')"
fi
for c in $($FPX --help | awk '/^Commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }'); do
	grep -qx "$c" "$T/man" && ok || bad "the SYNOPSIS has no $c line"
done
# the README's table of commands: "fpx COMMAND [options] ..." a row, its options
# (as --help lists them for the command) the same
awk '/^## Commands/ { on = 1; next } /^## / { on = 0 } on && /^\| `fpx /' "$(dirname "$0")/../README.md" |
	sed 's/^| `fpx //; s/` |.*//; s/^\[show\]/show/' | while read -r command rest; do
		echo "$command"
		printf '%s\n' "$rest" | grep -oE -- '--?[a-zA-Z][a-z-]*' | sed "s/^/$command /"
	done > "$T/readme.raw"
awk 'NR == FNR { long[$1] = $2; next } NF == 1 { print; next } { print $1, ($2 in long ? long[$2] : $2) }' \
	"$T/shorts" "$T/readme.raw" | grep -v -e ' --format-file$' -e ' --help$' -e ' --version$' | sort -u > "$T/readme"
grep -v ' [A-Z]' "$T/help" > "$T/help.options"
if diff "$T/readme" "$T/help.options" > "$T/diff"; then ok; else
	bad "the README's commands (<) and --help (>) differ: $(grep '^[<>]' "$T/diff" | tr '\n' ' ')"
fi

# ---- help texts ------------------------------------------------------------------------
# a command's --help explains the words of its usage line, and no other
for c in $($FPX --help | awk '/^Commands:/ { on = 1; next } /^$/ { on = 0 } on { print $1 }'); do
	$FPX $c --help > "$T/h"
	usage=$(head -1 "$T/h")
	case $usage in *VALUE*) want=1 ;; *) want=0 ;; esac
	[ "$(grep -c '^VALUE:' "$T/h")" = $want ] && ok || bad "$c --help: a VALUE paragraph $((1 - want)) times for '$usage'"
	case $usage in *FORMAT*) want=1 ;; *) want=0 ;; esac
	[ "$(grep -c '^FORMAT:\|FORMAT: a name' "$T/h")" = $want ] && ok || bad "$c --help: a FORMAT paragraph for '$usage'?"
	case $usage in *' ') bad "$c --help: the usage line ends in a space" ;; *) ok ;; esac
done

# ---- plurals: one bit, one byte, seven fraction bits -----------------------------------
# uint1 is one bit wide and so one significant bit (its values 0 and 1)
expect_line() { # WHAT WANT COMMAND...: a line of COMMAND's output (stdout and stderr) is WANT
	what=$1 want=$2; shift 2
	"$@" > "$T/out" 2>&1
	grep -qxF -- "$want" "$T/out" && ok || bad "$what: no line '$want' in: $(head -c 300 "$T/out")"
}
expect_line "info: a 1-bit layout" "  layout        1 bit: integer 1, fraction 0" $FPX info uint1
expect_line "info: precision 1 bit" "  precision     p = 1 bit = 0.301 decimal digits; 2 digits always read back (max_digits10); digits10 0" $FPX info uint1
# q1.7: the sign's bit and 7 fraction bits (ARM's Q notation)
$FPX formats > "$T/out"
grep -q "^q1.7 .*, 7 fraction bits$" "$T/out" && ok || bad "formats: q1.7's description: $(grep '^q1.7' "$T/out")"
# a binary16 file of 3 bytes ends 1 byte into its second code
printf '\000\074\000' > "$T/three.bin"
expect_line "dump: the file ends 1 byte into a code" "fpx: $T/three.bin: byte 2: the file ends 1 byte into a code of 2 bytes" $FPX dump binary16 "$T/three.bin"
printf '\000' > "$T/one.bin"
expect_line "dump: a 1-byte file" "fpx: $T/one.bin: --offset 5 is past its end (1 byte)" $FPX dump --offset 5 binary16 "$T/one.bin"
# posit8's 1.0 is 0x40: sign 0, regime 10 (a run of one 1: k = 0)
$FPX show posit8 1 > "$T/out"
grep -q "a run of 1 one: k = 0" "$T/out" && ok || bad "show posit8 1: $(grep regime "$T/out")"
# e2m0 (no fraction bit) has 1 significant bit in every binade
$FPX plot e2m0 > "$T/out"
grep -q "= 1 bit$" "$T/out" && grep -q " 1 bit at most$" "$T/out" && ok || bad "plot e2m0: $(cat "$T/out")"
# no count of one with a plural noun, anywhere info, show, plot and formats write
for f in uint1 int2 e2m0 e2m1 e8m0 posit8 posit8es1 hif8 q1.7; do
	$FPX info $f; $FPX show $f 1; $FPX show $f 0x1; $FPX plot $f
done > "$T/out" 2>&1
$FPX formats >> "$T/out"
grep -E '(^|[^0-9.x/^e-])1 (bits|bytes|digits|ones|zeros|codes|values|binades)\b' "$T/out" > "$T/plural"
[ -s "$T/plural" ] && bad "a plural after 1: $(head -3 "$T/plural")" || ok

# ---- plot: both ends of the axis, sparse binades, the SVG's x axis -----------------------
# int8's values 1..127 lie in the binades 2^0 to 2^6 (64 <= 127 < 128): the axis names both
$FPX plot int8 > "$T/out"
tail -1 "$T/out" | grep -q '\^2^0 ' && tail -1 "$T/out" | grep -qE '(2\^6\^|\^2\^6)$' && ok ||
	bad "plot int8: the axis '$(tail -1 "$T/out")' lacks 2^0 or 2^6"
# uint1 has one binade: one label
[ "$($FPX plot uint1 | tail -1 | tr -d ' ')" = "^2^0" ] && ok || bad "plot uint1: $($FPX plot uint1 | tail -1)"
# posit8's positive codes 0x01..0x7f, by binade from table's exact values: each run of
# binades that hold codes is one piece of the SVG's line, and no piece drops to 0 bits
$FPX table -o exact posit8 | awk '$1 > 0 && $1 != "inf" && $1 !~ /nan/ { e = 0; v = $1 + 0
	while (v >= 2) { v /= 2; e++ } while (v < 1) { v *= 2; e-- } print e }' | sort -n | uniq > "$T/binades"
runs=$(awk 'NR == 1 || $1 != last + 1 { n++ } { last = $1 } END { print n }' "$T/binades")
$FPX plot --svg "$T/p.svg" posit8
pieces=$(grep -o 'stroke="#1f77b4"[^>]*d="[^"]*"' "$T/p.svg" | grep -o 'M' | wc -l)
[ "$runs" -gt 1 ] && [ "$pieces" = "$runs" ] && ok || bad "plot --svg posit8: $pieces pieces of line for $runs runs of binades"
zero=$(grep -o 'stroke="#1f77b4"[^>]*d="[^"]*"' "$T/p.svg" | grep -oE '[0-9.]+ [0-9.]+' | awk '{ print $2 }' | sort -n | tail -1)
axis=$(grep -o '<path stroke="black" fill="none" d="M[0-9]* [0-9]* V[0-9]*' "$T/p.svg" | sed 's/.*V//')
[ -n "$axis" ] && awk -v z="$zero" -v a="$axis" 'BEGIN { exit !(z < a) }' && ok ||
	bad "plot --svg posit8: the line reaches the 0-bit axis ($zero, the axis at $axis)"
grep -q '<text[^>]*>binade' "$T/p.svg" && ok || bad "plot --svg: the x axis has no title"

# ---- the wide build as documented ------------------------------------------------------
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# the README's command is the one `make check-wide` (and so CI) builds with: Clang 16
# and CODE_BITS=256, no CFLAGS of its own
documented=$(grep -o 'make CC=clang-16 CODE_BITS=256' "$ROOT/README.md" | head -1)
recipe=$(awk '/^check-wide:/ { on = 1; next } on && !/^\t/ { exit } on' "$ROOT/Makefile" | grep -F '$(MAKE) -C .wide')
wide_cc=$(sed -n 's/^WIDE_CC *= *//p' "$ROOT/Makefile")
case $recipe in
*CFLAGS* | *LDFLAGS*) bad "check-wide builds with flags of its own: $recipe" ;;
*"CC=\$(WIDE_CC) CODE_BITS=256 "*) [ -n "$documented" ] && [ "$wide_cc" = clang-16 ] && ok ||
	bad "check-wide's build ($recipe, WIDE_CC $wide_cc) is not the README's '$documented'" ;;
*) bad "check-wide's build is not the README's: $recipe" ;;
esac
# What links fpx with the Makefile's own AR and CFLAGS for Clang 16: a function in an
# archive, called from an object outside it, as fpx's main calls cli_run (GNU ar alone
# left Clang 16's LTO objects unindexed: "undefined reference"). The make that runs this
# script (check-sanitize's, with flags of its own) passes nothing down.
if command -v clang-16 > /dev/null 2>&1; then
	settings=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS -u AR make -s -C "$ROOT" -f Makefile -f - \
		CC=clang-16 CODE_BITS=256 docs-settings <<'EOF2'
docs-settings:
	@echo '$(AR)|$(CFLAGS)'
EOF2
)
	ar=${settings%%|*} cflags=${settings#*|}
	mkdir -p "$T/lto" && cd "$T/lto" &&
	printf 'int run(void);\nint main(void) { return run(); }\n' > main.c &&
	printf 'int run(void) { return 0; }\n' > run.c &&
	clang-16 $cflags -c main.c run.c && $ar rcs librun.a run.o &&
	clang-16 $cflags -o prog main.o librun.a 2> "$T/lto/err" && ./prog && ok ||
		bad "make CC=clang-16: AR '$ar' and CFLAGS '$cflags' do not link: $(cat "$T/lto/err")"
	cd "$OLDPWD" || exit 2
else
	echo "docs: clang-16 is not installed; the wide build's link is not tried"
fi

# ---- the README's quick start: two commands, each make on every core ---------------------
awk '/^## Quick start/ { q = 1 } q && /^```sh/ { on = 1; next } on && /^```/ { exit } on' "$ROOT/README.md" > "$T/quick"
[ "$(grep -c . "$T/quick")" = 2 ] && ok || bad "the quick start is not two commands: $(cat "$T/quick")"
makes=$(grep -oE '(^|[;&|] *)make( [^&;|]*)?' "$T/quick" | sed 's/^[;&| ]*//')
[ -n "$makes" ] && ok || bad "no make in the quick start"
printf '%s\n' "$makes" | while read -r line; do
	case $line in 'make -j"$(nproc)"'*) ;; *) echo "$line" ;; esac
done > "$T/serial"
[ -s "$T/serial" ] && bad "a serial make in the quick start: $(cat "$T/serial")" || ok

printf "docs: %d passed, %d failed\n" "$pass" "$fail"
[ "$fail" -eq 0 ]
