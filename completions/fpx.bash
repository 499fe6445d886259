# bash completion for fpx. The options come from fpx: `fpx COMMAND --help`, written from
# its one option table, so that each command is offered its own. Format names come from
# `fpx formats --names` and policy names from `fpx policies`; the only names listed here
# are the commands and fields (tests/completions.sh checks them against `fpx --help`),
# mx's element formats and the integer formats of quantize and dequantize, which the OCP
# MX and ONNX texts fix.

_fpx_formats() {
	"${COMP_WORDS[0]}" formats --names 2>/dev/null
}

# The options of the command given (of every command without one), a line each: a name
# and, when it takes an argument, the argument's placeholder ("--round MODE").
_fpx_options() {
	"${COMP_WORDS[0]}" ${1:+"$1"} --help 2>/dev/null | awk '
		/^Options/ { on = 1; next }
		/^$/ { on = 0 }
		on {
			n = split(substr($0, 1, 29), w, /[ ,]+/); argument = ""
			for (i = 1; i <= n; i++) if (w[i] != "" && w[i] !~ /^-/) argument = w[i]
			for (i = 1; i <= n; i++) if (w[i] ~ /^-/) print w[i], argument
		}'
}

# Completes the last item of the comma-separated list being typed from the words given.
_fpx_list() {
	local done=${cur%"${cur##*,}"}
	COMPREPLY=($(compgen -P "$done" -W "$1" -- "${cur##*,}"))
	compopt -o nospace 2>/dev/null
}

_fpx() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local commands="show convert cast table dump plot info formats repl policies compare quantize dequantize mx map"
	local fields="input format hex bin class exact shortest digits hexfloat error ulps rel error_ratio ulps_ratio rel_ratio below above flags ternary"
	local i word command= operands=0 valued

	COMPREPLY=()
	# --opt=value: bash splits at '=', so the option stands two words back
	if [[ $prev == = ]]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	elif [[ $cur == = ]]; then
		prev=${COMP_WORDS[COMP_CWORD-1]} cur=
	fi
	case $prev in
	-r | --round) COMPREPLY=($(compgen -W "rne rna rtz rup rdn" -- "$cur")); return ;;
	--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
	-F | --format-file | --svg) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--policy) COMPREPLY=($(compgen -W "$("${COMP_WORDS[0]}" policies 2>/dev/null | awk '/^[^ ]/ { print $1 }')" -- "$cur")); return ;;
	--via | --to) COMPREPLY=($(compgen -W "$(_fpx_formats)" -- "$cur")); return ;;
	--in) _fpx_list "$(_fpx_formats)"; return ;;
	--tininess) COMPREPLY=($(compgen -W "after before" -- "$cur")); return ;;
	--endian) COMPREPLY=($(compgen -W "little big" -- "$cur")); return ;;
	--preset) COMPREPLY=($(compgen -W "nvfp4" -- "$cur")); return ;;
	--offset | --count) return ;;
	--range | --scale | --zero-point | --block | --max-precision | --random | --seed | -j | --jobs) return ;;
	-o | --fields) _fpx_list "$fields"; return ;;
	esac
	# what stands before: the command (if any) and how many operands
	valued=" $(_fpx_options | awk 'NF == 2 { printf "%s ", $1 }')"
	for ((i = 1; i < COMP_CWORD; i++)); do
		word=${COMP_WORDS[i]}
		if [[ $valued == *" $word "* ]]; then
			((i++))
			[[ ${COMP_WORDS[i]} == = ]] && ((i++))
		elif [[ $word == -* ]]; then
			:
		elif [[ -z $command && $operands -eq 0 && " $commands " == *" $word "* ]]; then
			command=$word
		else
			((operands += 1))
		fi
	done
	# a format first is `fpx show`
	[[ -z $command && $operands -gt 0 ]] && command=show
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(_fpx_options $command | awk '{ print $1 }')" -- "$cur"))
	elif [[ -z $command ]]; then
		COMPREPLY=($(compgen -W "$commands $(_fpx_formats)" -- "$cur"))
	elif [[ $command == mx && $operands -eq 0 ]]; then
		COMPREPLY=($(compgen -W "e2m1 e2m3 e3m2 e4m3 e5m2 int8" -- "$cur"))
	elif [[ ($command == quantize || $command == dequantize) && $operands -eq 0 ]]; then
		COMPREPLY=($(compgen -W "$(_fpx_formats) int2 int4 int8 int16 uint2 uint4 uint8 uint16" -- "$cur"))
	elif [[ $command == dump && $operands -eq 1 ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
	elif [[ " show convert table info plot " == *" $command "* && $operands -eq 0 && $cur == *,* ]]; then
		_fpx_list "$(_fpx_formats)"
	elif [[ " show convert table info plot " == *" $command "* && $operands -eq 0 ]]; then
		COMPREPLY=($(compgen -W "all $(_fpx_formats)" -- "$cur"))
	elif [[ $command != formats && $command != policies && ($operands -eq 0 || ($command == cast && $operands -eq 1)) ]]; then
		COMPREPLY=($(compgen -W "$(_fpx_formats)" -- "$cur"))
	fi
}
complete -F _fpx fpx
