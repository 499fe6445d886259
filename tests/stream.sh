#!/bin/sh
# stream.sh — fpx as a filter of stdin's lines: a coprocess gets each line's answer
# before it writes the next (every command that reads lines, and the piped REPL);
# blank lines and comments are no input (an empty row where rows are written, nothing
# in JSON, no error), in the one pass of the bulk paths too.
# Usage: sh tests/stream.sh [path/to/fpx]
FPX=${1:-./fpx}
T=${TMPDIR:-/tmp}/fpx-stream.$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }
tab=$(printf '\t')

# expect NAME STATUS EXPECTED_STDOUT -- command...
expect() {
	name=$1 status=$2 want=$3
	shift 4
	got=$("$@" 2>"$T/err"); st=$?
	if [ "$st" = "$status" ] && [ "$got" = "$want" ]; then ok; else
		bad "$name: status $st (want $status), output:"; printf '%s\n' "$got" | head -8 | sed 's/^/    /'
	fi
}

# stderr_empty NAME: the last command said nothing on stderr
stderr_empty() {
	if [ -s "$T/err" ]; then bad "$1: stderr has:"; head -3 "$T/err" | sed 's/^/    /'; else ok; fi
}

# ---- Item 9: a coprocess ----------------------------------------------------------------
# A Python script spawns fpx with pipes, writes a line, and waits (2 s at most) for that
# line's answer before it writes the next; a second line must be answered the same way.
# Each case prints "NAME: ok" or what went wrong: a filter that holds its answers until the end of
# input times out here, it does not hang the suite.
cat > "$T/coprocess.py" <<'EOF'
import os, select, subprocess, sys, time

def answer(p, want, timeout=2.0):
    """The bytes fpx wrote until want appeared, or None after timeout."""
    got, end = b"", time.monotonic() + timeout
    while want not in got:
        left = end - time.monotonic()
        if left <= 0 or not select.select([p.stdout], [], [], left)[0]:
            return None
        chunk = os.read(p.stdout.fileno(), 65536)
        if not chunk:
            return None
        got += chunk
    return got

def converse(name, args, turns, stdin_tty=False):
    if stdin_tty:  # stdin a terminal: the line discipline hands fpx one line per read
        import pty
        master, slave = pty.openpty()
        p = subprocess.Popen(args, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        os.close(slave)
        write = lambda b: os.write(master, b)
    else:
        p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        write = lambda b: (p.stdin.write(b), p.stdin.flush())
    try:
        for line, want in turns:
            write(line)
            if answer(p, want) is None:
                return "no answer to %r within 2 s (want %r)" % (line, want)
        return "ok"
    finally:
        p.kill()
        p.wait()

fpx = sys.argv[1]
# every expected code from the formats' definitions: e4m3 (OCP 8-bit, bias 7) 1 = 0x38,
# 2 = 0x40; binary64 1 = 0x3ff0000000000000 and 2 = 0x4000000000000000 (IEEE 754 bias
# 1023); bfloat16 1 = 0x3f80, 2 = 0x4000 (binary32's top half); int8 with scale 1: the
# integers themselves
cases = [
    ("convert", ["convert", "e4m3"], [(b"1\n", b"0x38\t1\n"), (b"2\n", b"0x40\t2\n")]),
    ("convert -o hex binary64 (the one pass)", ["convert", "-o", "hex", "binary64"],
     [(b"1\n", b"0x3ff0000000000000\n"), (b"2\n", b"0x4000000000000000\n")]),
    ("convert --json", ["convert", "--json", "-o", "hex", "e4m3"],
     [(b"1\n", b'"0x38"'), (b"2\n", b'"0x40"')]),
    ("convert, a comment between", ["convert", "-o", "hex", "e4m3"],
     [(b"1\n", b"0x38\n"), (b"# two\n", b"\n"), (b"2\n", b"0x40\n")]),
    ("show", ["show", "e4m3"], [(b"1\n", b"e4m3: 1 -> 0x38\n"), (b"2\n", b"e4m3: 2 -> 0x40\n")]),
    ("cast", ["cast", "-o", "hex", "e4m3", "bfloat16"], [(b"0x38\n", b"0x3f80\n"), (b"0x40\n", b"0x4000\n")]),
    ("map -", ["map", "e4m3", "x*2", "-"], [(b"0x38\n", b"0x38\t0x40\t-\n"), (b"0x40\n", b"0x40\t0x48\t-\n")]),
    ("quantize", ["quantize", "--scale", "1", "-o", "hex", "int8"], [(b"1\n", b"0x01\n"), (b"2\n", b"0x02\n")]),
    ("quantize into a float (the one pass)", ["quantize", "--scale", "1", "-o", "hex", "e4m3"],
     [(b"1\n", b"0x38\n"), (b"2\n", b"0x40\n")]),
    ("dequantize", ["dequantize", "--scale", "1", "int8"], [(b"0x01\n", b"1\n"), (b"0x02\n", b"2\n")]),
    ("compare", ["compare", "e4m3"], [(b"1\n", b"fpx via binary64       0x38\t1\t-\n\n"),
                                      (b"2\n", b"fpx via binary64       0x40\t2\t-\n\n")]),
    ("mx (a block of one)", ["mx", "--block", "1", "int8"],
     [(b"1\n", b"worst error\t0\n"), (b"2\n", b"worst error\t0\n")]),
    ("repl", ["repl", "e4m3"], [(b"1\n", b"e4m3: 1 -> 0x38\n"), (b"bits\n", b"0x38 0b00111000\n")]),
    ("repl, a one-shot command", ["repl"], [(b"convert -o hex e4m3 1\n", b"0x38\n"),
                                            (b"convert -o hex e4m3 2\n", b"0x40\n")]),
]
for name, args, turns in cases:
    print("%s: %s" % (name, converse(name, [fpx] + args, turns)), flush=True)
print("convert, stdin a terminal: " + converse("convert, stdin a terminal", [fpx, "convert", "-o", "hex", "e4m3"],
                                             [(b"1\n", b"0x38\n"), (b"2\n", b"0x40\n")], stdin_tty=True))
EOF
if command -v python3 > /dev/null 2>&1; then
	python3 "$T/coprocess.py" "$FPX" > "$T/coprocess.out" 2>&1
	while IFS= read -r line; do
		case $line in
		*": ok") ok ;;
		*) bad "coprocess: $line" ;;
		esac
	done < "$T/coprocess.out"
	[ -s "$T/coprocess.out" ] || bad "coprocess: the Python script said nothing"
else
	echo "stream: no python3, the coprocess checks are skipped"
fi

# ---- Item 10: blank lines and comments --------------------------------------------------
# Each input: a value, a blank line, a comment, blanks alone, a CR LF blank line, an
# indented comment, a value. The codes are the formats' definitions (see above).
printf '1\n\n# a comment\n   \n\r\n\t# indented\n2\n' > "$T/in"
printf '0x38\n\n# a comment\n   \n\r\n\t# indented\n0x40\n' > "$T/codes"
E=$(printf 'x\n\n\n\n\nx') E=${E#x} E=${E%x} # the empty rows of the five lines that are no input
expect "convert" 0 "0x38${tab}1${E}
0x40${tab}2" -- sh -c "$FPX convert e4m3 < $T/in"
stderr_empty "convert says nothing of blank lines"
expect "convert --csv" 0 "0x38,1${E}
0x40,2" -- sh -c "$FPX convert --csv e4m3 < $T/in"
expect "convert --header" 0 "hex${tab}shortest
0x38${tab}1${E}
0x40${tab}2" -- sh -c "$FPX convert --header e4m3 < $T/in"
expect "convert --json: nothing for them" 0 '{"hex":"0x38","shortest":"1"}
{"hex":"0x40","shortest":"2"}' -- sh -c "$FPX convert --json e4m3 < $T/in"
expect "convert -o hex binary64 (the one pass)" 0 "0x3ff0000000000000${E}
0x4000000000000000" -- sh -c "$FPX convert -o hex binary64 < $T/in"
expect "convert -o hex,shortest binary32 (the one pass)" 0 "0x3f800000${tab}1${E}
0x40000000${tab}2" -- sh -c "$FPX convert -o hex,shortest binary32 < $T/in"
expect "convert -o shortest bfloat16" 0 "1${E}
2" -- sh -c "$FPX convert -o shortest bfloat16 < $T/in"
expect "convert into several formats" 0 "1${tab}e4m3${tab}0x38${tab}1
1${tab}bfloat16${tab}0x3f80${tab}1${E}
2${tab}e4m3${tab}0x40${tab}2
2${tab}bfloat16${tab}0x4000${tab}2" -- sh -c "$FPX convert e4m3,bfloat16 < $T/in"
expect "cast" 0 "0x3f80${tab}1${E}
0x4000${tab}2" -- sh -c "$FPX cast e4m3 bfloat16 < $T/codes"
expect "map -" 0 "0x38${tab}0x40${tab}-${E}
0x40${tab}0x48${tab}-" -- sh -c "$FPX map e4m3 x*2 - < $T/codes"
expect "quantize" 0 "0x01${tab}1${tab}-${E}
0x02${tab}2${tab}-" -- sh -c "$FPX quantize --scale 1 int8 < $T/in"
expect "quantize -o hex e4m3 (the one pass)" 0 "0x38${E}
0x40" -- sh -c "$FPX quantize --scale 1 -o hex e4m3 < $T/in"
expect "quantize --json" 0 '{"hex":"0x01","exact":"1","flags":[]}
{"hex":"0x02","exact":"2","flags":[]}' -- sh -c "$FPX quantize --json --scale 1 int8 < $T/in"
printf '0x01\n\n# a comment\n0x02\n' > "$T/ints"
expect "dequantize" 0 "1


2" -- sh -c "$FPX dequantize --scale 1 int8 < $T/ints"
expect "show: nothing for them" 0 "e4m3: 1 -> 0x38
e4m3: 2 -> 0x40" -- sh -c "$FPX show e4m3 < $T/in | grep -e '->'"
stderr_empty "show says nothing of blank lines"
expect "compare: nothing for them" 0 "e4m3: 1
e4m3: 2" -- sh -c "$FPX compare e4m3 < $T/in | grep '^e4m3'"
stderr_empty "compare says nothing of blank lines"
# MXINT8 (OCP MX v1.0), a block of 2: an element is an int8 times 2^-6 (emax 0), so
# the scale is 2^(floor(log2 2) - 0) = 2, E8M0 0x80 (bias 127); the elements 1/2 and
# 2/2 are 32·2^-6 = 0x20 and 64·2^-6 = 0x40, exact
expect "mx: they are not elements" 0 "scale${tab}0x80${tab}2^1 = 2
1${tab}0x20${tab}1${tab}0
2${tab}0x40${tab}2${tab}0
worst error${tab}0" -- sh -c "$FPX mx --block 2 int8 < $T/in"
stderr_empty "mx says nothing of blank lines"
# a bad line among them still counts, and keeps its number
printf '\n# c\n1..2\n' > "$T/bad"
expect "a bad line after them" 1 "

error${tab}error" -- sh -c "$FPX convert e4m3 < $T/bad"
if grep -qF "line 3: '1..2'" "$T/err"; then ok; else bad "the bad line keeps its number 3"; fi
# an argument is not a line: an empty one is still an error
expect "an empty argument" 1 "error${tab}error" -- $FPX convert e4m3 ''

# in the one pass across blocks: 300 000 lines, every third blank or a comment; a row
# for each line, the empty ones where the input's are
awk 'BEGIN { for (i = 0; i < 100000; i++) { print "1.5"; print (i % 2 ? "" : "# c"); print "0.25" } }' > "$T/many"
for fields in hex hex,shortest shortest; do
	"$FPX" convert -o "$fields" binary64 < "$T/many" > "$T/many.out" 2> "$T/err"; st=$?
	got=$(awk -F "$tab" '{ k = NR % 3; if ((k == 2) != ($0 == "")) bad++ } END { print NR, bad + 0 }' "$T/many.out")
	if [ "$st" = 0 ] && [ "$got" = "300000 0" ] && [ ! -s "$T/err" ]; then ok; else
		bad "one pass -o $fields: status $st, rows and misplaced empty rows: $got"
	fi
done
"$FPX" quantize --scale 1 -o hex e4m3 < "$T/many" > "$T/many.out" 2> "$T/err"; st=$?
got=$(awk '{ k = NR % 3; if ((k == 2) != ($0 == "")) bad++ } END { print NR, bad + 0 }' "$T/many.out")
[ "$st" = 0 ] && [ "$got" = "300000 0" ] && ok || bad "quantize's one pass: status $st, $got"

# the REPL: a blank line or a comment does nothing, and is no error
expect "repl: a comment does nothing" 0 "0x38 0b00111000" -- \
	sh -c "printf '# a session\n1\n\n  # between\nbits\n' | $FPX repl e4m3 | tail -n 1"
stderr_empty "repl says nothing of a comment"

echo "stream: $pass passed, $fail failed"
[ "$fail" = 0 ]
