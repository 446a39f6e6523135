// Package walk lists the files of an archive the way every qipu command reads them: a
// directory's files in the byte order of their paths (a directory's name compared as if it
// ended in "/", so that "a-b.pgn" comes before "a.pgn" and both before "a/x.pgn", as
// `LC_ALL=C sort` lists them), hidden directories (.git, .svn) not entered, links to files
// followed and links to directories not (no loops), special files (pipes, sockets, devices)
// never opened; and the parts of an archive that independent runs share out (Shard), and the
// path lists that --files-from reads (ReadList).
//
// Package record's Walk builds on it to list the game files below a directory.
package walk

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Entry is one file a walk found.
type Entry struct {
	// Path is what to open: the directory given joined with the path below it.
	Path string
	// Rel is the path below the directory given, slash-separated ("." for the directory
	// itself, when it cannot be read).
	Rel string
	// Err is set when the walk could not reach the file or read a directory (a dangling
	// link, a loop of links, a directory without permission).
	Err error
	// Special says why a file that is not regular (a named pipe, a socket, a device) is not
	// to be opened: it may block, or never end.
	Special string
	// Regular reports that the walk saw a regular file (it needs no second look).
	Regular bool
}

// Options adjust a walk.
type Options struct {
	// Shard keeps only the files of one shard, by the Key of their Rel.
	Shard Shard
	// Named reports whether a file's name alone says it is a game file. A dangling link or a
	// special file is reported (Err, Special) only when it is so named; otherwise it is left
	// out silently. Nil names none.
	Named func(name string) bool
	// SkipPrefix leaves out the files whose name starts with it (a program's own temporary
	// files). Empty leaves none out.
	SkipPrefix string
	// SkipDir, if set, is asked about every directory below the root; a directory it
	// returns true for is not entered.
	SkipDir func(path string, d fs.DirEntry) bool
}

// Dir walks the files below dir in byte order of their paths, calling emit for each of the
// shard, until emit returns false; it reports false when emit asked to stop. rel is the path
// of dir below the walk's root ("" for the root itself).
func Dir(dir string, o *Options, emit func(*Entry) bool) bool {
	return o.dir(dir, "", emit)
}

func (o *Options) dir(dir, rel string, emit func(*Entry) bool) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		r := rel
		if r == "" {
			r = "."
		}
		return emit(&Entry{Path: dir, Rel: r, Err: err})
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
			if strings.HasPrefix(name, ".") || o.SkipDir != nil && o.SkipDir(path, e) {
				continue
			}
			if !o.dir(path, r, emit) {
				return false
			}
			continue
		}
		if o.SkipPrefix != "" && strings.HasPrefix(name, o.SkipPrefix) || !o.Shard.Keeps(Key(r)) {
			continue
		}
		en := &Entry{Path: path, Rel: r}
		switch t := e.Type(); {
		case t.IsRegular():
			en.Regular = true
		case t&fs.ModeSymlink != 0:
			// Links to files are followed; links to directories are not (no loops).
			fi, err := os.Stat(path)
			switch {
			case err != nil:
				// A dangling link or a loop: an error when its name says it is a game file.
				if !o.named(name) {
					continue
				}
				en.Err = err
			case fi.IsDir():
				continue
			case !fi.Mode().IsRegular():
				if !o.named(name) {
					continue
				}
				en.Special = specialKind(fi.Mode())
			}
		default:
			// A named pipe, a socket or a device is never opened by the walk (it may block
			// or never end): skipped, and said so when its name says it is a game file.
			if !o.named(name) {
				continue
			}
			en.Special = specialKind(t)
		}
		if !emit(en) {
			return false
		}
	}
	return true
}

func (o *Options) named(name string) bool { return o.Named != nil && o.Named(name) }

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
