# bash completion for fpx. Format names come from `fpx formats --names` and policy names
# from `fpx policies`; the only names listed here are mx's element formats and the
# integer formats of quantize and dequantize, which the OCP MX and ONNX texts fix.

_fpx_formats() {
	"${COMP_WORDS[0]}" formats --names 2>/dev/null
}

_fpx() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local commands="show convert cast table dump plot info formats repl policies compare quantize dequantize mx map"
	local options="-r --round -s --saturate --wrap -o --fields --tsv --csv --json --header --range
		--endian --offset --count -x --hex-input --svg --policy --via --max-precision --scale --zero-point --block --preset
		--in --to --random --seed --finite --tininess --testfloat -j --jobs -q --quiet
		--full --color -F --format-file --names -h --help -V --version"
	local fields="input format hex bin class exact shortest digits hexfloat error ulps rel error_ratio ulps_ratio rel_ratio below above flags ternary"
	local i word command= operands=0

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
	--in)
		local done=${cur%"${cur##*,}"}
		COMPREPLY=($(compgen -P "$done" -W "$(_fpx_formats)" -- "${cur##*,}"))
		compopt -o nospace 2>/dev/null
		return ;;
	--tininess) COMPREPLY=($(compgen -W "after before" -- "$cur")); return ;;
	--endian) COMPREPLY=($(compgen -W "little big" -- "$cur")); return ;;
	--preset) COMPREPLY=($(compgen -W "nvfp4" -- "$cur")); return ;;
	--offset | --count) return ;;
	--range | --scale | --zero-point | --block | --max-precision | --random | --seed | -j | --jobs) return ;;
	-o | --fields)
		local done=${cur%"${cur##*,}"}
		COMPREPLY=($(compgen -P "$done" -W "$fields" -- "${cur##*,}"))
		compopt -o nospace 2>/dev/null
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$options" -- "$cur"))
		return
	fi
	# what stands before: the command (if any) and how many operands
	for ((i = 1; i < COMP_CWORD; i++)); do
		word=${COMP_WORDS[i]}
		case $word in
		-r | --round | -o | --fields | --range | --color | -F | --format-file | --policy | --via | --scale | \
			--zero-point | --block | --max-precision | --in | --to | --random | --seed | --tininess | -j | \
			--jobs | --endian | --offset | --count | --svg | --preset) ((i++)) ;;
		-*) ;;
		=) ((i++)) ;;
		show | convert | cast | table | dump | plot | info | formats | repl | policies | compare | quantize | dequantize | mx | map)
			if [[ -z $command && $operands -eq 0 ]]; then command=$word; else ((operands += 1)); fi ;;
		*) ((operands += 1)) ;;
		esac
	done
	if [[ -z $command && $operands -eq 0 ]]; then
		COMPREPLY=($(compgen -W "$commands $(_fpx_formats)" -- "$cur"))
	elif [[ $command == mx && $operands -eq 0 ]]; then
		COMPREPLY=($(compgen -W "e2m1 e2m3 e3m2 e4m3 e5m2 int8" -- "$cur"))
	elif [[ ($command == quantize || $command == dequantize) && $operands -eq 0 ]]; then
		COMPREPLY=($(compgen -W "$(_fpx_formats) int2 int4 int8 int16 uint2 uint4 uint8 uint16" -- "$cur"))
	elif [[ $command == dump && $operands -eq 1 ]]; then
		COMPREPLY=($(compgen -f -- "$cur"))
	elif [[ -n $command && $command != formats && $command != policies &&
		($operands -eq 0 || ($command == cast && $operands -eq 1)) ]]; then
		COMPREPLY=($(compgen -W "$(_fpx_formats)" -- "$cur"))
	fi
}
complete -F _fpx fpx
