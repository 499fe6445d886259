#!/bin/sh
# stream.sh — fpx as a filter of stdin's lines: a coprocess gets each line's answer
# before it writes the next (every command that reads lines, and the piped REPL);
# blank lines and comments are no input (an empty row where rows are written, nothing
# in JSON, no error), in the one pass of the bulk paths too.
# Usage: sh tests/stream.sh [path/to/fpx]
FPX=${1:-./fpx}
. "$(dirname "$0")/shlib.sh"
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

# ---- Item 17: the REPL's command lines are split as the shell splits them -------------
# Each line, typed into the REPL, must do what the same line does after "fpx " in sh:
# the same stdout, stderr and exit status (the shell's quoting is the reference).
cat > "$T/lines" <<'LINES'
map -q e4m3 'fma(x,y,z)' '0x38 0x40 0x38'
map -q e4m3 "x*y" "0x38, 0x40" 0x38\ 0x39
convert -o input,hex e4m3 "1/3" '2^-3' 1\/4
convert -o input,hex e4m3 "a\"b" 'c\d' "e\\f" "g\$h" "i\j" \'
convert -o input e4m3 '' ""
convert -o input,hex e4m3 1"/"3 '1'"+"2 1\ +\ 2
convert -o input,hex e4m3 1 # a comment, as in sh
convert -o input,hex e4m3 2#b
convert -o input,hex e4m3 "1 + 2"	'3 * 4'
show e4m3 'sqrt( 2 )'
LINES
while IFS= read -r line; do
	printf '%s\n' "$line" | "$FPX" repl > "$T/repl.out" 2> "$T/repl.err"; repl_status=$?
	sh -c "\"$FPX\" $line" > "$T/sh.out" 2> "$T/sh.err"; sh_status=$?
	if cmp -s "$T/repl.out" "$T/sh.out" && cmp -s "$T/repl.err" "$T/sh.err" && [ $repl_status = $sh_status ]; then
		ok
	else
		bad "repl line as sh splits it: $line (status $repl_status, sh $sh_status)"
		diff "$T/sh.out" "$T/repl.out" | head -4 | sed 's/^/    /'
		diff "$T/sh.err" "$T/repl.err" | head -4 | sed 's/^/    /'
	fi
done < "$T/lines"
# fma(1, 2, 1) = 3 = 1.5·2^1: E4M3 exponent 1 + 7 = 0b1000, fraction 0b100: 0x44
expect "repl: a quoted expression and combination" 0 "0x38${tab}0x40${tab}0x38${tab}0x44${tab}-" -- \
	sh -c "printf '%s\n' \"map -q e4m3 'fma(x,y,z)' '0x38 0x40 0x38'\" | $FPX repl"
expect "repl: an open quote is not run" 1 "" -- sh -c "printf '%s\n' \"convert e4m3 '1\" | $FPX repl"
if grep -qF "a quote is not closed" "$T/err"; then ok; else bad "repl: an open quote is named"; fi
# 1/3 = 1.010|101...b·2^-2 rounds up to 1.011b·2^-2 in E4M3: exponent -2 + 7 = 0b0101,
# fraction 0b011: 0x2b
expect "repl: a quoted value" 0 "e4m3: 1/3 -> 0x2b" -- sh -c "printf '%s\n' \"'1/3'\" | $FPX repl e4m3 | head -n 1"

# ---- Item 17: format NAME keeps the value ------------------------------------------------
# posit8 (es 2, as every posit of the 2022 standard): 1 is 0b01000000 = 0x40
expect "repl: the value follows into the new format" 0 "0x40 0b01000000" -- \
	sh -c "printf '1\nformat posit8\nbits\n' | $FPX repl e4m3 | tail -n 1"
# the value typed follows, not the code it was rounded to: 1/3 = 1.0101010|1010...b·2^-2,
# into bfloat16 (8 bits) rounds up to 1.0101011b·2^-2: exponent 125 = 0x7d, fraction
# 0x2b, so 0x3eab; E4M3's 0x2b (1.011b·2^-2) would give 0x3eb0
expect "repl: the exact value typed follows" 0 "bfloat16: 1/3 -> 0x3eab" -- \
	sh -c "printf '1/3\nformat bfloat16\n' | $FPX repl e4m3 | grep -e '->' | tail -n 1"
# a pattern typed, or a code reached by next, follows as its value: E4M3 0x38 is 1,
# bfloat16 0x3f80; 0x39 is 1.125 = 1.001b, bfloat16 fraction 0b0010000: 0x3f90
expect "repl: a pattern's value follows" 0 "0x3f80 0b0011111110000000" -- \
	sh -c "printf '0x38\nformat bfloat16\nbits\n' | $FPX repl e4m3 | tail -n 1"
expect "repl: next's value follows" 0 "0x3f90 0b0011111110010000" -- \
	sh -c "printf '1\nnext\nformat bfloat16\nbits\n' | $FPX repl e4m3 | tail -n 1"
# a NaN follows as a quiet NaN: bfloat16's is 0x7fc0 (binary32's 0x7fc00000, top half)
expect "repl: a NaN follows" 0 "0x7fc0 0b0111111111000000" -- \
	sh -c "printf '0x7fa00000\nformat bfloat16\nbits\n' | $FPX repl binary32 | tail -n 1"
# a value the new format cannot hold is an error there, and leaves no current code
expect "repl: a value the new format lacks" 0 "e2m1: nan -> error: the format has no NaN" -- \
	sh -c "printf 'nan\nformat e2m1\nbits\n' | $FPX repl e4m3 | grep -e '->' | tail -n 1"
if grep -qF "no current value" "$T/err"; then ok; else bad "repl: no current value after it"; fi

# ---- Item 18: a readout folds long inputs and numbers alike ------------------------------
# x = 1.333...3 (5000 threes) = 4/3 - 10^-5000/3. binary32: 4/3 = 1.0101...b rounds up to
# 0x3faaaaab = 11184811·2^-23 (far from a tie, the 10^-5000 changes nothing). Its error in
# ulps (2^-23) is 11184811 - x·2^23 = 1/3 + 2^23·10^-5000/3 = (10^5000 + 2^23)/(3·10^5000):
# a decimal of 5000 digits, all threes but the last few.
awk 'BEGIN { s = "1."; for (i = 0; i < 5000; i++) s = s "3"; print s }' > "$T/long"
long=$(cat "$T/long")
"$FPX" show binary32 "$long" > "$T/readout" 2> "$T/err"
head60=$(cut -c 1-60 "$T/long")
expect "the header echoes a long input folded" 0 "binary32: $head60... (5002 characters) -> 0x3faaaaab" -- head -n 1 "$T/readout"
expect "the ulps line is folded as the error line is" 0 \
	"                0.3333333333333333333333333333333333333333... (5000 digits) ulp of the gap rounded across" -- \
	grep 'ulp of the gap' "$T/readout"
expect "no line of the readout is long" 0 "" -- awk 'length($0) > 120 { print NR ": " length($0) }' "$T/readout"
# binary128 1.5·2^-16494 is the tie between its two smallest subnormals (11 529 digits
# each), and 1e5000 overflows past max (4933 digits): their lines fold the numbers too
expect "a tie between long candidates is folded" 0 "" -- \
	sh -c "$FPX show binary128 '1.5*2^-16494' | awk 'length(\$0) > 250 { print NR \": \" length(\$0) }'"
expect "an overflow's results are folded" 0 "" -- \
	sh -c "$FPX show binary128 1e5000 | awk 'length(\$0) > 250 { print NR \": \" length(\$0) }'"
expect "show into several formats folds the ulps" 0 \
	"  e4m3      0x3b    1.38   0.3333333333333333333333333333333333333333... (5000 digits)  inexact" -- \
	sh -c "$FPX show e4m3,bfloat16 '$long' | grep '^  e4m3'"
expect "--full folds nothing" 0 "5026" -- sh -c "$FPX show --full binary32 '$long' | head -n 1 | awk '{ print length }'"

# On a terminal (a pty, COLUMNS from 30 to 100): no line is wider than the terminal, a
# UTF-8 character (the ≈ and … of a real's readout) is never cut, and neither is the
# "..." of a folded number (a line ending in a dot and the next one starting with one).
cat > "$T/fold.py" <<'EOF'
import os, pty, subprocess, sys

def on_terminal(args, columns):
    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS=str(columns), NO_COLOR="1")
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.DEVNULL, env=env)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return out.replace(b"\r\n", b"\n")

fpx, long = sys.argv[1], sys.argv[2]
inputs = [["binary32", long], ["e4m3", "exp(464+2^-17)*gelu(1)+sqrt(2)+sin(1)*cos(1)+tan(1)+atan(3)+1/3"],
          ["binary128", "1.5*2^-16494"], ["binary128", "1e5000"]]
for format, value in inputs:
    bad = []
    for columns in range(30, 101):
        out = on_terminal([fpx, "show", format, value], columns)
        try:
            lines = out.decode("utf-8").split("\n")
        except UnicodeDecodeError:
            bad.append("%d: a UTF-8 character cut" % columns)
            continue
        bad += ["%d: line %d is %d wide" % (columns, i + 1, len(l)) for i, l in enumerate(lines) if len(l) > columns]
        bad += ["%d: dots split at line %d" % (columns, i + 1) for i in range(len(lines) - 1)
                if lines[i].endswith(".") and lines[i + 1].lstrip().startswith(".")]
    print("%s %s: %s" % (format, value[:20], "ok" if not bad else "; ".join(bad[:3])))
EOF
if command -v python3 > /dev/null 2>&1; then
	python3 "$T/fold.py" "$FPX" "$long" > "$T/fold.out" 2>&1
	while IFS= read -r line; do
		case $line in
		*": ok") ok ;;
		*) bad "folding on a terminal: $line" ;;
		esac
	done < "$T/fold.out"
	[ -s "$T/fold.out" ] || bad "folding: the Python script said nothing"
fi

echo "stream: $pass passed, $fail failed"
[ "$fail" = 0 ]
