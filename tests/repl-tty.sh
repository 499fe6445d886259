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
screen() { tmux -L "$SOCKET" capture-pane -p -S -500 2>/dev/null; }
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
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; echo EXITED > $T/exited; sleep 5"

wait_for "fpx e4m3 rne>" && ok || bad "no prompt"
keys "1.5" Enter
wait_for "e4m3: 1.5 -> 0x3c" && ok || bad "typed value not shown"
wait_for "fpx e4m3 rne>" && sleep 0.2
keys Up
sleep 0.3
[ "$(cursor_line)" = "fpx e4m3 rne> 1.5" ] && ok || bad "Up does not recall 1.5 (got '$(cursor_line)')"
keys C-u
keys "forma" Tab
sleep 0.3
[ "$(cursor_line)" = "fpx e4m3 rne> format" ] && ok || bad "Tab does not complete forma to the common prefix of format and formats (got $(cursor_line))"
keys " bfloa" Tab
sleep 0.3
[ "$(cursor_line)" = "fpx e4m3 rne> format bfloat16" ] && ok || bad "Tab does not complete 'bfloa' (got '$(cursor_line)')"
keys Enter
wait_for "fpx bfloat16 rne>" && ok || bad "format command did not switch"
keys "round r" Tab
sleep 0.3
keys Tab
sleep 0.3
screen | grep -q "rne  rna  rtz  rup  rdn" && ok || bad "Tab does not list the modes"
keys C-u "12345" C-c
sleep 0.3
[ "$(cursor_line)" = "fpx bfloat16 rne>" ] && ok || bad "Ctrl-C does not abandon the line (got '$(cursor_line)')"
keys "quit" Enter
wait_for "EXITED" 2>/dev/null
[ -f "$T/exited" ] && ok || bad "quit does not end the session"
# libedit writes its history with vis(3) encoding: a space is \040
grep -qx "1.5" "$T/state/fpx/history" && grep -qxE 'format( |\\040)bfloat16' "$T/state/fpx/history" && ok ||
	bad "history file lacks the lines typed"

# a second session recalls the first one's lines
tmux -L "$SOCKET" kill-server 2>/dev/null
rm -f "$T/exited"
tmux -L "$SOCKET" new-session -d -x 150 -y 50 \
	"env HOME=$T XDG_STATE_HOME=$T/state TERM=xterm $FPX repl --color=never e4m3; echo EXITED > $T/exited; sleep 5"
wait_for "fpx e4m3 rne>" && sleep 0.2
keys Up
sleep 0.3
[ "$(cursor_line)" = "fpx e4m3 rne> quit" ] && ok || bad "a new session does not recall the last line (got '$(cursor_line)')"
keys Up
sleep 0.3
[ "$(cursor_line)" = "fpx e4m3 rne> format bfloat16" ] && ok || bad "a new session does not recall earlier lines (got '$(cursor_line)')"
keys C-u "quit" Enter
wait_for "EXITED" 2>/dev/null

printf 'repl-tty: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
