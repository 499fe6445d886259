#!/bin/sh
# docs.sh — what a user reads: format-file errors name the line at fault and its key;
# the man page's SYNOPSIS agrees with --help; help texts, wording and plurals; the
# completions offer each command's own options; plot's axes; the wide build as
# documented; the README's quick start.
# Usage: sh tests/docs.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-docs.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }

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
name bad\nexponent 4\nfraction 3\nbias 70000|4: bias must be within
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

printf "docs: %d passed, %d failed\n" "$pass" "$fail"
[ "$fail" -eq 0 ]
