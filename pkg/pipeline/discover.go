package pipeline

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/record"
)

// input is one discovered input file.
type input struct {
	path    string // what to open, and the path shown in diagnostics; "-" for standard input
	source  string // the "source" of the JSON schema: the path as diagnostics print it (see place)
	rel     string // the path relative to the argument that found it (slash-separated); a file argument's base name
	outRel  string // where its output goes under an output directory (slash-separated, no extension change yet)
	arg     int    // index of the argument that found it
	stdin   bool
	walkErr error // the directory walk failed here: reported as an io diagnostic
}

// tempPrefix starts the names of qipu's temporary files; the walk skips them.
const tempPrefix = ".qipu-"

// discover checks that every path exists (a missing one is a usage error) and lists the input
// files in order: the arguments in the order given, each directory walked in lexical order.
// Directories whose name starts with a dot (.git, .svn) are not entered, and qipu's own
// temporary files are left out. The list holds paths only: its memory grows with the number of
// files, not with their size.
func discover(paths []string) ([]input, error) {
	for _, p := range paths {
		if p == "-" {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return nil, &UsageError{Err: fmt.Errorf("%w", err)}
		}
	}
	var out []input
	for k, p := range paths {
		start := len(out)
		var err error
		if out, err = discoverArg(out, p); err != nil {
			return nil, err
		}
		for i := start; i < len(out); i++ {
			out[i].arg = k
		}
	}
	place(out, paths)
	return out, nil
}

// discoverArg appends the input files of one argument.
func discoverArg(out []input, p string) ([]input, error) {
	if p == "-" {
		return append(out, input{path: "-", rel: "stdin", stdin: true}), nil
	}
	fi, err := os.Stat(p)
	if err != nil {
		return nil, &UsageError{Err: fmt.Errorf("%w", err)}
	}
	if !fi.IsDir() {
		return append(out, input{path: p, rel: filepath.Base(p)}), nil
	}
	root := p
	if li, err := os.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		// A symbolic link to a directory: WalkDir does not follow its root when it is a
		// link, and would find nothing. A trailing separator makes it the directory.
		root = p + string(filepath.Separator)
	}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == root && d == nil {
				return err
			}
			out = append(out, input{path: path, rel: relTo(root, path), walkErr: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && strings.HasPrefix(name, ".") {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(name, tempPrefix) {
			return nil
		}
		switch t := d.Type(); {
		case t.IsRegular():
		case t&fs.ModeSymlink != 0:
			// Links to files are followed; links to directories are not (no loops).
			fi, err := os.Stat(path)
			if err != nil {
				// A dangling link or a loop: an error when its name says it is a game file.
				if known(name) {
					out = append(out, input{path: path, rel: relTo(root, path), walkErr: err})
				}
				return nil
			}
			if !fi.Mode().IsRegular() {
				return nil
			}
		default:
			return nil
		}
		out = append(out, input{path: path, rel: relTo(root, path)})
		return nil
	})
	if err != nil {
		return nil, &UsageError{Err: fmt.Errorf("walking %s: %w", root, err)}
	}
	return out, nil
}

// known reports whether a file name has the extension of a format qipu reads, other than the
// extensions of web pages and text notes (see containerExt).
func known(name string) bool {
	_, ok := record.Detect(nil, name)
	return ok && !containerExt(name)
}

// relTo returns path relative to root, slash-separated.
func relTo(root, path string) string {
	rel, err := filepath.Rel(root, path)
	if err != nil {
		rel = filepath.Base(path)
	}
	return filepath.ToSlash(rel)
}
