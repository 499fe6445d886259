# embed.awk — turns formats/NAME.fmt into builtin.c: each file's text as a C string, with
# its name and aliases pulled out so that a lookup need not parse every file.
# Usage: awk -f src/embed.awk formats/a.fmt formats/b.fmt > src/builtin.c

function flush() {
	if (file == "")
		return
	printf "\t{ \"%s\", \"%s\",\n%s\t},\n", file, names, text
}

function quote(s) {
	gsub(/\\/, "\\\\", s)
	gsub(/"/, "\\\"", s)
	return s
}

BEGIN {
	print "/* Generated from formats/NAME.fmt by src/embed.awk. Do not edit. */"
	print "#include \"builtin.h\""
	print ""
	print "const struct builtin_format builtin_formats[] = {"
}

FNR == 1 { flush(); file = FILENAME; names = ""; text = ""; count++ }

{ text = text "\t  \"" quote($0) "\\n\"\n" }

$1 == "name" || $1 == "aliases" {
	for (i = 2; i <= NF && $i !~ /^#/; i++)
		names = names (names == "" ? "" : " ") quote($i)
}

END {
	flush()
	print "};"
	print ""
	printf "const size_t builtin_format_count = %d;\n", count
}
