package discover

import (
	"fmt"
	"path/filepath"
	"strconv"
	"unicode/utf8"
)

// placer sets the "source" of every input and where its output goes under an output directory
// (OutRel), from the argument that found it.
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
// the argument's own text but its last element. The entries of --files-from count as
// arguments.
type placer struct {
	multi bool
	tops  map[int]string // the folder of each directory argument under OUT (several arguments)
	used  map[string]bool
}

// newPlacer returns the placer of a run with the given number of arguments.
func newPlacer(args int) *placer {
	return &placer{multi: args > 1, tops: map[int]string{}, used: map[string]bool{}}
}

// dir names the folder of directory argument k (path p) under OUT. The discovery calls it for
// the directory arguments in their order, before placing their inputs.
func (pl *placer) dir(k int, p string) {
	if !pl.multi {
		return
	}
	name := dirName(p)
	top := name
	for n := 2; pl.used[top]; n++ {
		top = fmt.Sprintf("%s-%d", name, n)
	}
	pl.used[top] = true
	pl.tops[k] = top
}

// place sets in.Source and in.OutRel.
func (pl *placer) place(in *Input) {
	switch {
	case in.Stdin:
		in.Source = "-"
	case utf8.ValidString(in.Path):
		in.Source = in.Path
	default:
		in.Source = strconv.Quote(in.Path)
	}
	in.OutRel = in.Rel
	if top := pl.tops[in.Arg]; top != "" {
		in.OutRel = top + "/" + in.Rel
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
