// Package discover turns the PATH arguments of a batch run into its list of input files: the
// arguments in order, directories walked in byte order (package walk), the entries of
// --files-from, one shard of them; each input with its "source" (the path diagnostics print)
// and its place under an output directory. List holds them as the walk finds them, so that
// the workers start on the first files while the walk goes on.
package discover

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/walk"
)

// Input is one discovered input file.
type Input struct {
	Path    string // what to open, and the path shown in diagnostics; "-" for standard input
	Source  string // the "source" of the JSON schema: the path as diagnostics print it (see placer)
	Rel     string // the path relative to the argument that found it (slash-separated); a file argument's base name
	OutRel  string // where its output goes under an output directory (slash-separated, no extension change yet)
	Arg     int    // index of the argument that found it (PATHs, then the entries of --files-from)
	Stdin   bool
	WalkErr error  // the directory walk failed here: reported as an io diagnostic
	Special string // not a regular file (a named pipe, a socket, a device): skipped, and why
	Regular bool   // the walk saw a regular file (opened without looking again)
}

// Discovery holds the options of a walk and what it found besides the inputs. The zero
// value walks every file; a Discovery is used for one walk (copy it, unused, for another).
type Discovery struct {
	// Shard, if its Count is set, keeps only the inputs of one shard.
	Shard walk.Shard
	// Out is the output directory, if it exists: a directory of the same file is not
	// entered (the run never reads its own output tree).
	Out os.FileInfo
	// Skipped are the directories not entered because they are the output directory.
	Skipped []string
	place   *placer // sets Source and OutRel
}

// Discover lists the input files in order through emit, until emit returns false: the
// arguments in paths in the order given (checked beforehand: a missing one is a usage error),
// then the entries of listed (a missing one is reported as unreadable; a named pipe is read,
// as when it is an argument), each directory walked in the byte order of the paths below it.
// Directories whose name starts with a dot (.git, .svn) are not entered, nor the output
// directory, and qipu's own temporary files are left out. Only the inputs of the shard are
// emitted; the shard of a file is decided by its path relative to the argument that found it
// (see walk.Shard). The list holds paths only: its memory grows with the number of files, not with
// their size.
func (d *Discovery) Discover(paths, listed []string, emit func(*Input) bool) {
	if d.place == nil {
		d.place = newPlacer(len(paths) + len(listed))
	}
	stdin := false
	for k, p := range slices.Concat(paths, listed) {
		if p == "-" && k < len(paths) {
			if !stdin && !d.emit(&Input{Path: "-", Rel: "stdin", Stdin: true, Arg: k}, emit) {
				return
			}
			stdin = true
			continue
		}
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			if !d.emit(&Input{Path: p, Rel: filepath.Base(p), Arg: k, WalkErr: err}, emit) {
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
func (d *Discovery) emit(in *Input, emit func(*Input) bool) bool {
	if !d.Shard.Keeps(walk.Key(in.Rel)) {
		return true
	}
	d.place.place(in)
	return emit(in)
}

// walk emits the input files below the directory argument k (see package walk).
func (d *Discovery) walk(dir string, k int, emit func(*Input) bool) bool {
	o := walk.Options{Named: known, SkipPrefix: fsio.TempPrefix}
	if d.Out != nil {
		o.SkipDir = func(path string, e fs.DirEntry) bool {
			if fi, err := e.Info(); err == nil && os.SameFile(fi, d.Out) {
				d.Skipped = append(d.Skipped, path)
				return true
			}
			return false
		}
	}
	return walk.Dir(dir, &o, func(e *walk.Entry) bool {
		return d.emit(&Input{Path: e.Path, Rel: shareRel(e.Path, e.Rel), Arg: k, WalkErr: e.Err, Special: e.Special, Regular: e.Regular}, emit)
	})
}

// known reports whether a file name alone says it is a game record (record.NameMeansGame).
func known(name string) bool { return record.NameMeansGame(name) }

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

// TopFolder is the top-level folder of the input for stats: the first directory below the
// argument that found it, or the argument itself for a file argument and for the files
// directly in a directory argument. args are the PATH arguments; an input of --files-from
// is its own folder's argument, its path.
func (in *Input) TopFolder(args []string) string {
	arg := in.Path
	if in.Arg >= 0 && in.Arg < len(args) {
		arg = args[in.Arg]
	}
	if in.Stdin || in.Path == arg {
		return arg
	}
	if i := strings.IndexByte(in.Rel, '/'); i > 0 {
		return in.Rel[:i]
	}
	return arg
}
