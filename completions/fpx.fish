# fish completion for fpx. Each command is offered its own options: those its
# `fpx COMMAND --help` lists, written from fpx's one option table. Format names come
# from `fpx formats --names` and policy names from `fpx policies`; the only names listed
# here are mx's element formats and the integer formats of quantize and dequantize,
# which the OCP MX and ONNX texts fix.

function __fpx_formats
    command fpx formats --names 2>/dev/null
end

# the formats, each after the items of the comma-separated list being typed
function __fpx_format_items
    set -l done (string replace -r '[^,]*$' '' -- (commandline -ct))
    for name in (__fpx_formats)
        echo $done$name
    end
end

# The options of the command given (of every command without one) as its --help lists
# them: the left column, names and the argument's placeholder.
function __fpx_option_lines
    command fpx $argv --help 2>/dev/null | string match -r -- '^ +-.*' | string sub -l 29
end

# the command on the line: the first operand when it is one, show when it is a format
function __fpx_command
    set -l words (commandline -opc)
    set -e words[1]
    set -l valued (__fpx_option_lines | string match -r -- '.* [A-Z].*' | string match -ar -- '-[-\w]+')
    set -l skip 0
    for w in $words
        if test $skip -eq 1
            set skip 0
        else if contains -- $w $valued
            set skip 1
        else if not string match -q -- '-*' $w
            if contains -- $w show convert cast table dump plot info formats repl policies compare quantize dequantize mx map
                echo $w
            else
                echo show
            end
            return
        end
    end
end

# true when the command on the line takes the option named (long name, no dashes)
function __fpx_takes
    set -l command (__fpx_command)
    if not set -q __fpx_options_of; or test "$command" != "$__fpx_options_of"
        set -g __fpx_options_of $command
        set -g __fpx_options (__fpx_option_lines $command | string match -ar -- '--[-\w]+')
    end
    contains -- --$argv[1] $__fpx_options
end

# true when no command and no format has been given yet
function __fpx_needs_first
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    for w in $words
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $w
            case -r --round -o --fields --range --endian --offset --count --svg --color -F --format-file --policy --via --max-precision --scale --zero-point --block --preset --in --to --random --seed --tininess -j --jobs
                set skip 1
            case '-*'
            case '*'
                return 1
        end
    end
    return 0
end

# true right after a command that takes a format
function __fpx_needs_format
    set -l words (commandline -opc)
    set -l n (count $words)
    test $n -ge 2; and contains -- $words[$n] cast dump repl compare quantize dequantize map
    or begin; test $n -ge 3; and test $words[(math $n - 1)] = cast; end
end

# true right after a command that takes a list of formats, or all
function __fpx_needs_format_list
    set -l words (commandline -opc)
    test (count $words) -ge 2; and contains -- $words[-1] show convert table info plot
end

# true right after mx, and right after quantize or dequantize
function __fpx_after
    set -l words (commandline -opc)
    test (count $words) -ge 2; and contains -- $words[-1] $argv
end

function __fpx_fields
    set -l token (commandline -ct)
    set -l done (string replace -r '[^,]*$' '' -- $token)
    for field in input format hex bin class exact shortest digits hexfloat error ulps rel error_ratio ulps_ratio rel_ratio below above flags ternary
        echo $done$field
    end
end

complete -c fpx -f
complete -c fpx -n __fpx_needs_first -a 'show convert cast table dump plot info formats repl policies compare quantize dequantize mx map' -d command
complete -c fpx -n __fpx_needs_first -a '(__fpx_formats)' -d format
complete -c fpx -n __fpx_needs_format -a '(__fpx_formats)' -d format
complete -c fpx -n __fpx_needs_format_list -a '(__fpx_format_items)' -d format
complete -c fpx -n '__fpx_needs_format_list; and not string match -q "*,*" -- (commandline -ct)' -a all -d 'every built-in format'
complete -c fpx -n '__fpx_after mx' -a 'e2m1 e2m3 e3m2 e4m3 e5m2 int8' -d 'MX element format'
complete -c fpx -n '__fpx_after quantize dequantize' -a 'int2 int4 int8 int16 uint2 uint4 uint8 uint16' -d 'integer format'

complete -c fpx -n '__fpx_takes round' -s r -l round -x -a 'rne rna rtz rup rdn' -d 'rounding mode'
complete -c fpx -n '__fpx_takes saturate' -s s -l saturate -d 'overflow and inf give +-max'
complete -c fpx -n '__fpx_takes wrap' -l wrap -d 'integers, fixed point: wrap modulo 2^bits'
complete -c fpx -n '__fpx_takes fields' -s o -l fields -x -a '(__fpx_fields)' -d 'output fields'
complete -c fpx -n '__fpx_takes tsv' -l tsv -d 'tab-separated fields'
complete -c fpx -n '__fpx_takes csv' -l csv -d 'comma-separated fields'
complete -c fpx -n '__fpx_takes json' -l json -d 'one JSON object per line'
complete -c fpx -n '__fpx_takes header' -l header -d 'print the field names first'
complete -c fpx -n '__fpx_takes range' -l range -x -d 'table: only codes A to B'
complete -c fpx -n '__fpx_takes hex-input' -s x -l hex-input -d 'values are bare hex codes'
complete -c fpx -n '__fpx_takes svg' -l svg -r -F -d 'plot: write an SVG image'
complete -c fpx -n '__fpx_takes endian' -l endian -x -a 'little big' -d 'dump: byte order'
complete -c fpx -n '__fpx_takes offset' -l offset -x -d 'dump: skip N bytes first'
complete -c fpx -n '__fpx_takes count' -l count -x -d 'dump: read at most N codes'
complete -c fpx -n '__fpx_takes policy' -l policy -x -a '(command fpx policies 2>/dev/null | string match -r "^[^ ]+")' -d 'round as that stack does'
complete -c fpx -n '__fpx_takes via' -l via -x -a '(__fpx_formats)' -d 'round into this format first'
complete -c fpx -n '__fpx_takes max-precision' -l max-precision -x -d 'functions, constants: undecided past BITS bits'
complete -c fpx -n '__fpx_takes scale' -l scale -x -d 'quantize: the scale, or one per block'
complete -c fpx -n '__fpx_takes zero-point' -l zero-point -x -d 'quantize: the zero point, or one per block'
complete -c fpx -n '__fpx_takes block' -l block -x -d 'values per block'
complete -c fpx -n '__fpx_takes preset' -l preset -x -a 'nvfp4' -d 'mx: NVIDIA NVFP4 blocks'
complete -c fpx -n '__fpx_takes in' -l in -x -a '(__fpx_format_items)' -d "map: the operands' formats"
complete -c fpx -n '__fpx_takes to' -l to -x -a '(__fpx_formats)' -d "map: the result's format"
complete -c fpx -n '__fpx_takes random' -l random -x -d 'map: N random combinations'
complete -c fpx -n '__fpx_takes seed' -l seed -x -d 'map: the random seed'
complete -c fpx -n '__fpx_takes finite' -l finite -d 'map: skip NaN and infinite operands'
complete -c fpx -n '__fpx_takes tininess' -l tininess -x -a 'after before' -d 'map: tininess after or before rounding'
complete -c fpx -n '__fpx_takes testfloat' -l testfloat -d 'map: Berkeley TestFloat lines'
complete -c fpx -n '__fpx_takes jobs' -s j -l jobs -x -d 'map: worker processes'
complete -c fpx -n '__fpx_takes quiet' -s q -l quiet -d 'map: no progress line'
complete -c fpx -n '__fpx_takes full' -l full -d 'show: never fold long exact values'
complete -c fpx -n '__fpx_takes color' -l color -x -a 'auto always never' -d 'colour the readout'
complete -c fpx -n '__fpx_takes format-file' -s F -l format-file -r -F -d 'load format descriptions'
complete -c fpx -n '__fpx_takes names' -l names -d 'formats: every name and alias'
complete -c fpx -n '__fpx_takes help' -s h -l help -d 'show the help'
complete -c fpx -n '__fpx_takes version' -s V -l version -d 'show the version'
