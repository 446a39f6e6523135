package pipeline

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/walk"
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
		if !d.walk(p, k, emit) {
			return
		}
	}
}

// emit places an input of the shard and hands it on; it reports false when emit asked to stop.
func (d *discovery) emit(in *input, emit func(*input) bool) bool {
	if !d.shard.Keeps(walk.Key(in.rel)) {
		return true
	}
	d.place.place(in)
	return emit(in)
}

// walk emits the input files below the directory argument k (see package walk).
func (d *discovery) walk(dir string, k int, emit func(*input) bool) bool {
	o := walk.Options{Named: known, SkipPrefix: fsio.TempPrefix}
	if d.out != nil {
		o.SkipDir = func(path string, e fs.DirEntry) bool {
			if fi, err := e.Info(); err == nil && os.SameFile(fi, d.out) {
				d.skipped = append(d.skipped, path)
				return true
			}
			return false
		}
	}
	return walk.Dir(dir, &o, func(e *walk.Entry) bool {
		return d.emit(&input{path: e.Path, rel: shareRel(e.Path, e.Rel), arg: k, walkErr: e.Err, special: e.Special, regular: e.Regular}, emit)
	})
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
		f.cur.stats.Skipped++
	}
}

// shareRel returns rel as the tail of path when path ends with it (always, where the path
// separator is a slash), so that an input holds one copy of its name: the list of inputs of
// an archive of 100,000 files is then a third smaller, and so is the live heap it keeps the
// collector marking.
func shareRel(path, rel string) string {
	if filepath.Separator == '/' && strings.HasSuffix(path, rel) {
		return path[len(path)-len(rel):]
	}
	return rel
}
