package pipeline

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"unicode/utf8"
)

// place sets the "source" of every input and where its output goes under an output directory
// (outRel), from the arguments that found them.
//
// The source is the path as diagnostics print it: the argument as given for a file, the
// argument joined with the path below it for a directory (what the walk opens), "-" for
// standard input; so it is unique within a run and opens from where the command ran. A name
// that is not UTF-8, which JSON cannot hold, is Go-quoted as diagnostics print it (invalid
// bytes as \xNN), so that it stays unique.
//
// The output rule never lets two inputs of a run meet and never leaves OUT:
//   - one argument: a directory's tree is mirrored below OUT (OUT/sub/x.pgn for DIR/sub/x.xqf),
//     a file is written as OUT/ its base name, standard input as OUT/stdin;
//   - several arguments: the same, but each directory argument's tree goes below a folder
//     named after the directory (its last element; "root" for the file-system root), made
//     unique with -2, -3 … when two arguments have the same name. Files of several file
//     arguments that share a base name get -2, -3 … as the output names of a multi-game XQF
//     file do.
//
// Relative, absolute and ".." arguments all follow the rule: no output path is built from
// the argument's own text but its last element.
func place(inputs []input, paths []string) {
	tops := make([]string, len(paths))
	if len(paths) > 1 {
		used := map[string]bool{}
		for k, p := range paths {
			if p == "-" || !isDir(p) {
				continue
			}
			name := dirName(p)
			top := name
			for n := 2; used[top]; n++ {
				top = fmt.Sprintf("%s-%d", name, n)
			}
			used[top] = true
			tops[k] = top
		}
	}
	for i := range inputs {
		in := &inputs[i]
		switch {
		case in.stdin:
			in.source = "-"
		case utf8.ValidString(in.path):
			in.source = in.path
		default:
			in.source = strconv.Quote(in.path)
		}
		in.outRel = in.rel
		if top := tops[in.arg]; top != "" {
			in.outRel = top + "/" + in.rel
		}
	}
}

// dirName is the name of a directory argument's folder under OUT: its last element, taken
// from the absolute path for ".", ".." and the like.
func dirName(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	switch name := filepath.Base(p); name {
	case ".", "..", "", string(filepath.Separator):
		return "root"
	default:
		return name
	}
}

// isDir reports whether the argument p is a directory (or a link to one).
func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
