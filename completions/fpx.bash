# bash completion for fpx. Format names come from `fpx formats --names`.
_fpx() {
	local cur prev words cword
	_init_completion 2>/dev/null || {
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD-1]}
	}
	case $prev in
	-r | --round) COMPREPLY=($(compgen -W "rne rna rtz rup rdn" -- "$cur")); return ;;
	-o | --fields) COMPREPLY=($(compgen -W "input hex bin class exact shortest digits hexfloat error ulps rel below above flags ternary" -- "${cur##*,}")); return ;;
	-F | --format-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "-r --round -s --saturate -o --fields --tsv --csv --json --header --range -F --format-file --names --full --color -h --help -V --version" -- "$cur"))
		return
	fi
	if [[ $COMP_CWORD -eq 1 ]]; then
		COMPREPLY=($(compgen -W "show convert table info formats repl $(${COMP_WORDS[0]} formats --names 2>/dev/null)" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -W "$(${COMP_WORDS[0]} formats --names 2>/dev/null)" -- "$cur"))
}
complete -F _fpx fpx
