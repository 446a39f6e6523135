package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
)

// input is one discovered input file.
type input struct {
	path    string // what to open, and the path shown in diagnostics; "-" for standard input
	source  string // the "source" of the JSON schema: the path as diagnostics print it (see place)
	rel     string // the path relative to the argument that found it (slash-separated); a file argument's base name
	outRel  string // where its output goes under an output directory (slash-separated, no extension change yet)
	arg     int    // index of the argument that found it (PATHs, then the entries of --files-from)
	stdin   bool
	walkErr error  // the directory walk failed here: reported as an io diagnostic
	special string // not a regular file (a named pipe, a socket, a device): skipped, and why
	regular bool   // the walk saw a regular file (opened without looking again)
}

// tempPrefix starts the names of qipu's temporary files; the walk skips them.
const tempPrefix = ".qipu-"

// discovery holds the options of a walk and what it found besides the inputs.
type discovery struct {
	shard Shard
	place *placer // sets source and outRel
	// out is the output directory, if it exists: a directory of the same file is not
	// entered (the run never reads its own output tree).
	out os.FileInfo
	// skipped are the directories not entered because they are the output directory.
	skipped []string
}

// discover lists the input files in order through emit, until emit returns false: the
// arguments in paths in the order given (checked beforehand: a missing one is a usage error),
// then the entries of listed (a missing one is reported as unreadable; a named pipe is read,
// as when it is an argument), each directory walked in the byte order of the paths below it.
// Directories whose name starts with a dot (.git, .svn) are not entered, nor the output
// directory, and qipu's own temporary files are left out. Only the inputs of the shard are
// emitted; the shard of a file is decided by its path relative to the argument that found it
// (see Shard). The list holds paths only: its memory grows with the number of files, not with
// their size.
func (d *discovery) discover(paths, listed []string, emit func(*input) bool) {
	if d.place == nil {
		d.place = newPlacer(len(paths) + len(listed))
	}
	stdin := false
	for k, p := range slices.Concat(paths, listed) {
		if p == "-" && k < len(paths) {
			if !stdin && !d.emit(&input{path: "-", rel: "stdin", stdin: true, arg: k}, emit) {
				return
			}
			stdin = true
			continue
		}
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			if !d.emit(&input{path: p, rel: filepath.Base(p), arg: k, walkErr: err}, emit) {
				return
			}
			continue
		}
		d.place.dir(k, p)
		if !d.walk(p, "", k, emit) {
			return
		}
	}
}

// emit places an input of the shard and hands it on; it reports false when emit asked to stop.
func (d *discovery) emit(in *input, emit func(*input) bool) bool {
	if !d.shard.Keeps(shardKey(in.rel)) {
		return true
	}
	d.place.place(in)
	return emit(in)
}

// walk emits the input files below dir (rel below argument k, "" for the argument itself) in
// the byte order of their paths: the entries of each directory sorted by name, a directory's
// name compared as if it ended in "/", so that "a-b.pgn" comes before "a.pgn" and both before
// "a/x.pgn". It reports false when emit asked to stop.
func (d *discovery) walk(dir, rel string, k int, emit func(*input) bool) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		r := rel
		if r == "" {
			r = "."
		}
		return d.emit(&input{path: dir, rel: r, arg: k, walkErr: err}, emit)
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int {
		return strings.Compare(sortName(a), sortName(b))
	})
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		r := name
		if rel != "" {
			r = rel + "/" + name
		}
		if e.IsDir() {
			if strings.HasPrefix(name, ".") {
				continue
			}
			if d.out != nil {
				if fi, err := e.Info(); err == nil && os.SameFile(fi, d.out) {
					d.skipped = append(d.skipped, path)
					continue
				}
			}
			if !d.walk(path, r, k, emit) {
				return false
			}
			continue
		}
		if strings.HasPrefix(name, tempPrefix) || !d.shard.Keeps(shardKey(r)) {
			continue
		}
		in := &input{path: path, rel: r, arg: k}
		switch t := e.Type(); {
		case t.IsRegular():
			in.regular = true
		case t&fs.ModeSymlink != 0:
			// Links to files are followed; links to directories are not (no loops).
			fi, err := os.Stat(path)
			switch {
			case err != nil:
				// A dangling link or a loop: an error when its name says it is a game file.
				if !known(name) {
					continue
				}
				in.walkErr = err
			case fi.IsDir():
				continue
			case !fi.Mode().IsRegular():
				if !known(name) {
					continue
				}
				in.special = specialKind(fi.Mode())
			}
		default:
			// A named pipe, a socket or a device is never opened by the walk (it may block
			// or never end): skipped, and said so when its name says it is a game file.
			if !known(name) {
				continue
			}
			in.special = specialKind(t)
		}
		if !d.emit(in, emit) {
			return false
		}
	}
	return true
}

// sortName is the name an entry sorts by: a directory's with a slash after it.
func sortName(e fs.DirEntry) string {
	if e.IsDir() {
		return e.Name() + "/"
	}
	return e.Name()
}

// specialKind names the kind of a file that is not regular.
func specialKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file"
}

// known reports whether a file name alone says it is a game record (record.NameMeansGame).
func known(name string) bool { return record.NameMeansGame(name) }

// skipSpecial reports a file found by a directory walk that is not a regular file (a named
// pipe, a socket, a device) but whose name says it is a game file: it is skipped, with a
// warning that says why (an error under Strict, which makes it unreadable).
func (f *fileRun) skipSpecial() {
	d := &game.Diagnostic{Kind: game.KindIO, Level: game.LevelWarning, Path: f.in.path, Loc: game.NoLoc,
		Message: "skipped: " + f.in.special + ", not a regular file"}
	f.fileDiag(d)
	if d.IsWarning() {
		f.cur.stats.skipped++
	}
}
