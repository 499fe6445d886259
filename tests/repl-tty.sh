#!/bin/sh
# repl-tty.sh — the REPL's libedit path, driven for real in a tmux terminal: a value is
# typed and recalled with Up, a command and a format name are completed with Tab,
# Ctrl-C abandons a line but not the session, quit ends it, the history file holds what
# was typed, and a second session recalls it. Skipped (and said so) where tmux is missing or fpx has no libedit.
# Usage: sh tests/repl-tty.sh [path/to/fpx]
FPX=$(cd "$(dirname "${1:-./fpx}")" && pwd)/$(basename "${1:-./fpx}")
T=${TMPDIR:-/tmp}/fpx-tty.$$
SOCKET=fpx-test-$$
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; screen | tail -8 | sed 's/^/    /'; }
# the screen and what scrolled off it, wrapped lines joined as they were written
screen() { tmux -L "$SOCKET" capture-pane -p -J -S -500 2>/dev/null; }
keys() { tmux -L "$SOCKET" send-keys "$@"; }

# wait_for TEXT: until the screen shows TEXT (5 s at most)
wait_for() {
	i=0
	while [ $i -lt 100 ]; do
		screen | grep -qF -- "$1" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# cursor_is TEXT: until the cursor's line is TEXT (5 s at most)
cursor_is() {
	i=0
	while [ $i -lt 100 ]; do
		[ "$(cursor_line)" = "$1" ] && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# file_has FILE LINE: until FILE holds LINE as a whole line (5 s at most)
file_has() {
	i=0
	while [ $i -lt 100 ]; do
		grep -qx -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# kill_server: end the tmux server and wait until it is gone, so that the next
# new-session does not race its shutdown
kill_server() {
	tmux -L "$SOCKET" kill-server 2>/dev/null
	i=0
	while tmux -L "$SOCKET" ls >/dev/null 2>&1 && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	sleep 0.3
}

# the line the cursor is on, without trailing blanks
cursor_line() {
	y=$(tmux -L "$SOCKET" display -p '#{cursor_y}')
	tmux -L "$SOCKET" capture-pane -p | sed -n "$((y + 1))p" | sed 's/ *$//'
}

if ! command -v tmux >/dev/null 2>&1; then
	echo "repl-tty: tmux is not installed; skipped"
	echo "repl-tty: 0 passed, 0 failed"
	exit 0
fi
if ! grep -aq 'libedit\.so' "$FPX"; then
	echo "repl-tty: fpx is built without libedit; skipped"
	echo "repl-tty: 0 passed, 0 failed"
	exit 0
fi
mkdir -p "$T/state"
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null; [ -n "$KEEP" ] || rm -rf "$T"' EXIT
tmux -L "$SOCKET" new-session -d -x 150 -y 50 \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; echo EXITED \$? > $T/exited; sleep 5"

wait_for "fpx e4m3 rne>" && ok || bad "no prompt"
keys "1.5" Enter
wait_for "e4m3: 1.5 -> 0x3c" && ok || bad "typed value not shown"
wait_for "fpx e4m3 rne>" && sleep 0.2
keys Up
cursor_is "fpx e4m3 rne> 1.5" && ok || bad "Up does not recall 1.5 (got '$(cursor_line)')"
keys C-u
keys "forma" Tab
cursor_is "fpx e4m3 rne> format" && ok || bad "Tab does not complete forma to the common prefix of format and formats (got $(cursor_line))"
keys " bfloa" Tab
cursor_is "fpx e4m3 rne> format bfloat16" && ok || bad "Tab does not complete 'bfloa' (got '$(cursor_line)')"
keys Enter
wait_for "fpx bfloat16 rne>" && ok || bad "format command did not switch"
# a function's name completes inside an expression, with its parenthesis and no space
keys "2*sqr" Tab
cursor_is "fpx bfloat16 rne> 2*sqrt(" && ok || bad "Tab does not complete 2*sqr to 2*sqrt( (got '$(cursor_line)')"
keys "2)" Enter
wait_for "bfloat16: 2*sqrt(2) -> 0x4035" && ok || bad "2*sqrt(2) not shown (bfloat16 0x4035)"
keys "round r" Tab
sleep 0.3
keys Tab
wait_for "rne  rna  rtz  rup  rdn" && ok || bad "Tab does not list the modes"
keys C-u "12345" C-c
cursor_is "fpx bfloat16 rne>" && ok || bad "Ctrl-C does not abandon the line (got '$(cursor_line)')"
# Ctrl-C stops a long command, not the session
keys C-u "table --range 0:0xffffffff binary32" Enter
sleep 0.5
keys C-c
wait_for "fpx: interrupted" && ok || bad "Ctrl-C does not stop a long table"
# the message starts its own line, not the tail of the row the ^C cut (lines joined as written)
screen | grep -q '^fpx: interrupted$' && ok || bad "the interrupted message does not start a line of its own"
keys C-l
cursor_is "fpx bfloat16 rne>" && ok || bad "no prompt after Ctrl-C stopped a command (got '$(cursor_line)')"
# a line past 1 KiB is answered but not kept in the history
keys "$(printf '1%01500d' 0)" Enter
sleep 0.5
keys "quit" Enter
file_has "$T/exited" "EXITED [0-9]*" && ok || bad "quit does not end the session"
# the session ends with status 0 (no leak counted against it under LeakSanitizer)
grep -q "EXITED 0" "$T/exited" && ok || bad "the session's exit status: $(cat "$T/exited")"
grep -qx "1.5" "$T/state/fpx/history" && grep -qx 'format bfloat16' "$T/state/fpx/history" && ok ||
	bad "history file lacks the lines typed"
[ "$(awk 'length > 1024' "$T/state/fpx/history" | wc -l)" = 0 ] && ok || bad "a line past 1 KiB went into the history"

# a second session recalls the first one's lines
kill_server
rm -f "$T/exited"
tmux -L "$SOCKET" new-session -d -x 150 -y 50 \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; echo EXITED > $T/exited; sleep 5"
wait_for "fpx e4m3 rne>" && sleep 0.2
keys Up
cursor_is "fpx e4m3 rne> quit" && ok || bad "a new session does not recall the last line (got '$(cursor_line)')"
keys Up
cursor_is "fpx e4m3 rne> table --range 0:0xffffffff binary32" && ok ||
	bad "a new session does not recall earlier lines, or recalls the one past 1 KiB (got '$(cursor_line)')"
keys C-u "quit" Enter
wait_for "EXITED" 2>/dev/null

# two sessions on one history keep both sessions' lines
kill_server
rm -f "$T/exited"
tmux -L "$SOCKET" new-session -d -x 150 -y 50 \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; sleep 5"
wait_for "fpx e4m3 rne>" && sleep 0.2
keys "1.25" Enter
wait_for "e4m3: 1.25 -> 0x3a"
tmux -L "$SOCKET" new-window -d \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3 < /dev/tty; sleep 5"
i=0
until tmux -L "$SOCKET" capture-pane -p -t :1 2>/dev/null | grep -qF "fpx e4m3 rne>" || [ $i -ge 100 ]; do
	sleep 0.05
	i=$((i + 1))
done
tmux -L "$SOCKET" send-keys -t :1 "2.5" Enter "quit" Enter
keys "3.75" Enter "quit" Enter
file_has "$T/state/fpx/history" "1.25" && file_has "$T/state/fpx/history" "2.5" &&
	file_has "$T/state/fpx/history" "3.75" && ok || bad "two sessions did not both keep their lines"

# two sessions typing at once lose none of each other's lines: three rounds of 50 lines
# each, 0.05 s apart (an entry once went out in two writes, and lines of the two
# interleaved into one, "1.52.5", in four runs of five)
lost=""
for round in 1 2 3; do
	kill_server
	: > "$T/state/fpx/history"
	for w in 0 1; do
		tmux -L "$SOCKET" $( [ $w = 0 ] && echo new-session -d -x 150 -y 50 || echo new-window -d ) \
			"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; sleep 5"
	done
	for w in 0 1; do
		i=0
		until tmux -L "$SOCKET" capture-pane -p -t :$w 2>/dev/null | grep -qF "fpx e4m3 rne>" || [ $i -ge 100 ]; do
			sleep 0.05
			i=$((i + 1))
		done
	done
	for i in $(seq 1 50); do
		tmux -L "$SOCKET" send-keys -t :0 "1.$i" Enter &
		tmux -L "$SOCKET" send-keys -t :1 "2.$i" Enter &
		wait
		sleep 0.05
	done
	file_has "$T/state/fpx/history" "1.50"
	file_has "$T/state/fpx/history" "2.50"
	sleep 0.3
	n1=$(grep -cx '1\.[0-9]*' "$T/state/fpx/history") n2=$(grep -cx '2\.[0-9]*' "$T/state/fpx/history")
	[ "$n1 $n2" = "50 50" ] || lost="$lost round $round kept $n1 and $n2;"
done
[ -z "$lost" ] && ok || bad "two sessions typing at once lost lines:$lost"

# a 50 MB history is cut back when a session starts, and a line is still answered at once
kill_server
awk 'BEGIN { for (i = 0; i < 2000000; i++) print "0.1234567890123456789" i }' > "$T/state/fpx/history"
tmux -L "$SOCKET" new-session -d -x 150 -y 50 \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; sleep 5"
wait_for "fpx e4m3 rne>" && ok || bad "no prompt with a 50 MB history"
keys "2" Enter
wait_for "e4m3: 2 -> 0x40" && ok || bad "a line with a 50 MB history is not answered"
[ "$(wc -c < "$T/state/fpx/history")" -le 1048576 ] && ok || bad "the 50 MB history was not cut back"
# a policy that fixes the mode: the prompt shows what it rounds with (onnx saturates
# into e4m3), and round is refused under it
keys "policy onnx" Enter
wait_for "fpx e4m3 rne sat onnx>" && ok || bad "the prompt does not name the policy"
keys "round rtz" Enter
wait_for "policy onnx fixes the rounding mode" && ok || bad "round is not refused under policy onnx"
cursor_is "fpx e4m3 rne sat onnx>" && ok || bad "the prompt's mode is not the policy's (got '$(cursor_line)')"
keys "policy fpx" Enter
wait_for "fpx e4m3 rne>" && sleep 0.2
keys "quit" Enter
sleep 0.3

# a mistyped line at a terminal is reported, and quit after it still ends with status 0
kill_server
rm -f "$T/exited"
tmux -L "$SOCKET" new-session -d -x 150 -y 50 \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; echo EXITED \$? > $T/exited; sleep 5"
wait_for "fpx e4m3 rne>" && sleep 0.2
keys "foo" Enter
wait_for "fpx: " && ok || bad "a mistyped line is not reported"
keys "quit" Enter
file_has "$T/exited" "EXITED [0-9]*" && grep -q "EXITED 0" "$T/exited" && ok ||
	bad "quit after a mistyped line at a terminal: $(cat "$T/exited" 2>/dev/null), want EXITED 0"
kill_server

# Ctrl-C typed ahead: 300 times "12" and Ctrl-C written faster than the prompt comes back,
# then "1.5" and quit, in ten sessions on a pseudo-terminal of their own. Each Ctrl-C
# abandons what was typed before it and nothing typed after it: 1.5 is shown, no "12"
# joins a line, no stale "interrupted" follows it, and the session ends 0. (libedit's own
# reader went on after a Ctrl-C that came while it wrote: "fpx: interrupted" after 1.5
# in most sessions, and now and then a write error that ended the session with 1.)
if command -v python3 >/dev/null 2>&1; then
	python3 - "$FPX" "$T" <<'PY' > "$T/typeahead" 2>&1
import os, pty, select, sys, time
fpx, home = sys.argv[1], sys.argv[2]
env = dict(os.environ, TERM="xterm", HOME=home, XDG_STATE_HOME=home + "/state")
for session in range(10):
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(fpx, [fpx, "repl", "--color=never", "e4m3"], env)
    out = b""
    def drain(seconds):
        global out
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], max(0, end - time.time()))
            if not ready:
                return True
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            out += data
        return True
    start = time.time()
    while b"rne>" not in out and time.time() - start < 5:
        drain(0.05)
    for i in range(300):
        os.write(fd, b"12")
        os.write(fd, b"\x03")
        if i % 3 == 0:
            drain(0.0005)
    os.write(fd, b"1.5\r")
    os.write(fd, b"quit\r")
    while drain(0.5) and time.time() - start < 20:
        pass
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    shown = [l.strip() for l in out.split(b"\n") if b"e4m3:" in l or b"fpx:" in l]
    if status != 0 or shown != [b"e4m3: 1.5 -> 0x3c"]:
        print("session %d: status %d, shown %r" % (session, status, shown))
    os.close(fd)
PY
	[ ! -s "$T/typeahead" ] && ok || bad "Ctrl-C typed ahead: $(head -3 "$T/typeahead")"
else
	echo "repl-tty: python3 is not installed; the typed-ahead Ctrl-C test is skipped"
fi

printf 'repl-tty: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
