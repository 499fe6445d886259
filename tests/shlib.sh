# shlib.sh — how a shell test of fpx begins, sourced after FPX is set:
#   . "$(dirname "$0")/shlib.sh"
# a scratch folder T named after the script (removed at exit), and the counters that
# ok and bad keep (bad prints "FAIL: " and its text); the script prints its own
# "NAME: N passed, N failed" line from pass and fail at the end.
T=${TMPDIR:-/tmp}/fpx-$(basename "$0" .sh).$$
mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }
