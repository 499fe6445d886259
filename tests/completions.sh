#!/bin/sh
# completions.sh — the bash, zsh and fish completions: each file loads; completing
# `fpx convert e4` offers e4m3 (format names come from `fpx formats --names`); every
# long option of `fpx --help` is offered by all three, and after a command exactly the
# options its `fpx COMMAND --help` lists; the last item of a comma-separated list
# (`-o hex,sh`, `e4m3,bf`, `--in`) completes. bash and fish are asked directly; zsh,
# which answers only a terminal, is driven in tmux. A shell that is not installed is
# skipped, and said so.
# Usage: sh tests/completions.sh [build-dir]
BUILD=$(cd "${1:-.}" && pwd)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=${TMPDIR:-/tmp}/fpx-completions.$$
SOCKET=fpx-zsh-$$
mkdir -p "$T"
trap 'tmux -L "$SOCKET" kill-server 2>/dev/null; rm -rf "$T"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; }
PATH="$BUILD:$PATH"
export PATH

long_options=$(fpx --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+')
[ -n "$long_options" ] && ok || bad "no long options in --help"

# offers SHELL WHAT LIST: every word of WHAT is in LIST
offers() {
	for word in $2; do
		printf '%s\n' "$3" | grep -qx -- "$word" && ok || bad "$1 does not offer $word"
	done
}

# The lists the completion files hold (commands, fields; written by `make regen` from
# the tables, tests/generated.sh) are those fpx gives: each file names every command of
# `fpx --help` and every field, and no other.
commands=$(fpx --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }' | sort | tr '\n' ' ')
fields=$(fpx --help | sed -n '/^Fields (-o):/,/^$/p' | awk 'NR > 1 && NF { print $1 }' | sort | tr '\n' ' ')
[ -n "$commands" ] && [ -n "$fields" ] && ok || bad "no commands or fields in fpx --help"
sorted() { tr ' \t' '\n\n' | grep -v '^$' | sort | tr '\n' ' '; }
C=$ROOT/completions
got=$(sed -n 's/.*local commands="\([^"]*\)".*/\1/p' "$C/fpx.bash" | sorted)
[ "$got" = "$commands" ] && ok || bad "fpx.bash lists the commands '$got', fpx --help '$commands'"
got=$(sed -n '/^_fpx_commands() {/,/^}/s/.*reply=(\([^)]*\)).*/\1/p' "$C/_fpx" | sorted)
[ "$got" = "$commands" ] && ok || bad "_fpx lists the commands '$got', fpx --help '$commands'"
got=$(sed -n "/^function __fpx_commands/,/^end/s/.*printf '%s\\\\n' //p" "$C/fpx.fish" | sorted)
[ "$got" = "$commands" ] && ok || bad "fpx.fish lists the commands '$got', fpx --help '$commands'"
got=$(sed -n 's/.*local fields="\([^"]*\)".*/\1/p' "$C/fpx.bash" | sorted)
[ "$got" = "$fields" ] && ok || bad "fpx.bash lists the fields '$got', fpx --help '$fields'"
got=$(sed -n 's/.*for field in \(.*\)$/\1/p' "$C/fpx.fish" | sorted)
[ "$got" = "$fields" ] && ok || bad "fpx.fish lists the fields '$got', fpx --help '$fields'"
got=$(sed -n '/_values -s ,/,/^}/p' "$C/_fpx" | tr -d '\\\n' | sed "s/.*'output field'//; s/}.*//" | sorted)
[ "$got" = "$fields" ] && ok || bad "_fpx lists the fields '$got', fpx --help '$fields'"

# lacks SHELL WHAT LIST: no word of WHAT is in LIST
lacks() {
	for word in $2; do
		printf '%s\n' "$3" | grep -qx -- "$word" && bad "$1 offers $word" || ok
	done
}

# own SHELL COMMAND LIST: the long options in LIST are exactly those of `fpx COMMAND
# --help` (fpx's one option table decides which options a command takes)
own() {
	want=$(fpx $2 --help | sed -n '/^Options/,/^$/p' | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+' | sort | tr '\n' ' ')
	got=$(printf '%s\n' "$3" | grep -xE -- '--[a-z-]+' | sort -u | tr '\n' ' ')
	[ "$got" = "$want" ] && ok || bad "$1: fpx $2 -- offers '$got', its --help lists '$want'"
}

# ---- bash ----
if command -v bash >/dev/null 2>&1; then
	bash -n "$ROOT/completions/fpx.bash" && ok || bad "bash: the file does not parse"
	ask_bash() { # words... : the completions for the last word
		bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _fpx; printf "%s\n" "${COMPREPLY[@]}"' \
			"$ROOT/completions/fpx.bash" "$@"
	}
	offers bash "e4m3" "$(ask_bash fpx convert e4)"
	offers bash "$long_options" "$(ask_bash fpx --)"
	offers bash "rne rna rtz rup rdn" "$(ask_bash fpx convert -r '')"
	offers bash "fpx ml_dtypes onnx onnx-nosat ofp8-sat webnn cann" "$(ask_bash fpx convert --policy '')"
	lacks bash "by rne;" "$(ask_bash fpx convert --policy '')"
	offers bash "e2m1 e2m3 e3m2 e4m3 e5m2 int8" "$(ask_bash fpx mx '')"
	lacks bash "binary64 bfloat16" "$(ask_bash fpx mx '')"
	offers bash "int8 uint4 e4m3" "$(ask_bash fpx quantize --scale 1 '')"
	for c in $commands; do own bash $c "$(ask_bash fpx $c --)"; done
	own bash show "$(ask_bash fpx e4m3 --)"
	own bash convert "$(ask_bash fpx -F x.fmt --via e4m3 convert --)"
	offers bash "hex,shortest" "$(ask_bash fpx convert -o hex,sh)"
	offers bash "hex,shortest" "$(ask_bash fpx convert --fields = hex,sh)"
	offers bash "e4m3,bfloat16" "$(ask_bash fpx convert e4m3,bf)"
	offers bash "all" "$(ask_bash fpx table '')"
	offers bash "e4m3,bfloat16" "$(ask_bash fpx map --in e4m3,bf)"
	offers bash "e4m3" "$(ask_bash fpx convert --round = rne e4)"
else
	echo "completions: bash is not installed; skipped"
fi

# ---- fish ----
if command -v fish >/dev/null 2>&1; then
	fish --no-execute "$ROOT/completions/fpx.fish" && ok || bad "fish: the file does not parse"
	ask_fish() {
		fish -c "source $ROOT/completions/fpx.fish; complete -C'$1'" | cut -f1
	}
	offers fish "e4m3" "$(ask_fish 'fpx convert e4')"
	offers fish "$long_options" "$(ask_fish 'fpx --')"
	offers fish "rne rna rtz rup rdn" "$(ask_fish 'fpx convert -r ')"
	offers fish "fpx ml_dtypes onnx onnx-nosat ofp8-sat webnn cann" "$(ask_fish 'fpx convert --policy ')"
	offers fish "e2m1 e2m3 e3m2 e4m3 e5m2 int8" "$(ask_fish 'fpx mx ')"
	lacks fish "binary64 bfloat16" "$(ask_fish 'fpx mx ')"
	offers fish "int8 uint4" "$(ask_fish 'fpx quantize ')"
	for c in $commands; do own fish $c "$(ask_fish "fpx $c --")"; done
	own fish show "$(ask_fish 'fpx e4m3 --')"
	offers fish "hex,shortest" "$(ask_fish 'fpx convert -o hex,sh')"
	offers fish "e4m3,bfloat16" "$(ask_fish 'fpx convert e4m3,bf')"
	offers fish "all" "$(ask_fish 'fpx table ')"
	offers fish "e4m3,bfloat16" "$(ask_fish 'fpx map --in e4m3,bf')"
else
	echo "completions: fish is not installed; skipped"
fi

# ---- zsh ----
if command -v zsh >/dev/null 2>&1 && command -v tmux >/dev/null 2>&1; then
	zsh -n "$ROOT/completions/_fpx" && ok || bad "zsh: the file does not parse"
	cat > "$T/.zshrc" <<ZSHRC
fpath=($ROOT/completions \$fpath)
autoload -Uz compinit && compinit -u -D
PROMPT='zsh> '
LISTMAX=1000
ZSHRC
	tmux -L "$SOCKET" new-session -d -x 200 -y 60 "env ZDOTDIR=$T TERM=xterm PATH=$PATH zsh -i"
	screen() { tmux -L "$SOCKET" capture-pane -p; }
	ask_zsh() { # what to type: the words on screen after two Tabs
		tmux -L "$SOCKET" send-keys C-u "$1" Tab Tab
		sleep 1
		screen | tr -s ' \t' '\n\n'
		tmux -L "$SOCKET" send-keys C-u
		tmux -L "$SOCKET" send-keys C-l
		sleep 0.3
	}
	i=0
	until screen | grep -q 'zsh>' || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done
	offers zsh "e4m3 e4m3fnuz" "$(ask_zsh 'fpx convert e4')"
	offers zsh "$long_options" "$(ask_zsh 'fpx --')"
	offers zsh "rne rna rtz rup rdn" "$(ask_zsh 'fpx convert -r ')"
	offers zsh "ml_dtypes onnx-nosat ofp8-sat" "$(ask_zsh 'fpx convert --policy=')"
	offers zsh "e2m1 e2m3 e3m2 e4m3 e5m2 int8" "$(ask_zsh 'fpx mx ')"
	lacks zsh "binary64 bfloat16" "$(ask_zsh 'fpx mx ')"
	for c in plot convert; do own zsh $c "$(ask_zsh "fpx $c --")"; done
	offers zsh "bfloat16" "$(ask_zsh 'fpx convert e4m3,bf')"
	offers zsh "all" "$(ask_zsh 'fpx table al')"
	offers zsh "bfloat16" "$(ask_zsh 'fpx map --in=e4m3,bf')"
else
	echo "completions: zsh or tmux is not installed; skipped"
fi

printf 'completions: %d passed, %d failed\n' "$pass" "$fail"
[ "$fail" -eq 0 ]
