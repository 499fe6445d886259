# fish completion for fpx. Format names come from `fpx formats --names` and policy names
# from `fpx policies`; the only names listed here are mx's element formats and the
# integer formats of quantize and dequantize, which the OCP MX and ONNX texts fix.

function __fpx_formats
    command fpx formats --names 2>/dev/null
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
    test $n -ge 2; and contains -- $words[$n] show convert cast table dump plot info repl compare quantize dequantize
    or begin; test $n -ge 3; and test $words[(math $n - 1)] = cast; end
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
complete -c fpx -n '__fpx_after mx' -a 'e2m1 e2m3 e3m2 e4m3 e5m2 int8' -d 'MX element format'
complete -c fpx -n '__fpx_after quantize dequantize' -a 'int2 int4 int8 int16 uint2 uint4 uint8 uint16' -d 'integer format'

complete -c fpx -s r -l round -x -a 'rne rna rtz rup rdn' -d 'rounding mode'
complete -c fpx -s s -l saturate -d 'overflow and inf give +-max'
complete -c fpx -l wrap -d 'integers, fixed point: wrap modulo 2^bits'
complete -c fpx -s o -l fields -x -a '(__fpx_fields)' -d 'output fields'
complete -c fpx -l tsv -d 'tab-separated fields'
complete -c fpx -l csv -d 'comma-separated fields'
complete -c fpx -l json -d 'one JSON object per line'
complete -c fpx -l header -d 'print the field names first'
complete -c fpx -l range -x -d 'table: only codes A to B'
complete -c fpx -s x -l hex-input -d 'values are bare hex codes'
complete -c fpx -l svg -r -F -d 'plot: write an SVG image'
complete -c fpx -l endian -x -a 'little big' -d 'dump: byte order'
complete -c fpx -l offset -x -d 'dump: skip N bytes first'
complete -c fpx -l count -x -d 'dump: read at most N codes'
complete -c fpx -l policy -x -a '(command fpx policies 2>/dev/null | string match -r "^[^ ]+")' -d 'round as that stack does'
complete -c fpx -l via -x -a '(__fpx_formats)' -d 'round into this format first'
complete -c fpx -l max-precision -x -d 'functions, constants: undecided past BITS bits'
complete -c fpx -l scale -x -d 'quantize: the scale, or one per block'
complete -c fpx -l zero-point -x -d 'quantize: the zero point, or one per block'
complete -c fpx -l block -x -d 'values per block'
complete -c fpx -l preset -x -a 'nvfp4' -d 'mx: NVIDIA NVFP4 blocks'
complete -c fpx -l in -x -a '(__fpx_formats)' -d "map: the operands' formats"
complete -c fpx -l to -x -a '(__fpx_formats)' -d "map: the result's format"
complete -c fpx -l random -x -d 'map: N random combinations'
complete -c fpx -l seed -x -d 'map: the random seed'
complete -c fpx -l finite -d 'map: skip NaN and infinite operands'
complete -c fpx -l tininess -x -a 'after before' -d 'map: tininess after or before rounding'
complete -c fpx -l testfloat -d 'map: Berkeley TestFloat lines'
complete -c fpx -s j -l jobs -x -d 'map: worker processes'
complete -c fpx -s q -l quiet -d 'map: no progress line'
complete -c fpx -l full -d 'show: never fold long exact values'
complete -c fpx -l color -x -a 'auto always never' -d 'colour the readout'
complete -c fpx -s F -l format-file -r -F -d 'load format descriptions'
complete -c fpx -l names -d 'formats: every name and alias'
complete -c fpx -s h -l help -d 'show the help'
complete -c fpx -s V -l version -d 'show the version'
