package fsio

import (
	"io/fs"
	"os"
	"path/filepath"
)

// resolveDir resolves the links of an existing directory (absolute and clean) from its
// parent's resolution, resolved and cached first: a directory below one resolved already
// takes one Lstat, where filepath.EvalSymlinks would look at every element of a deep path
// again. It reports false when dir or an ancestor cannot be looked at.
func resolveDir(dir string, cache map[string]string) (string, bool) {
	if r, ok := cache[dir]; ok {
		return r, true
	}
	parent := filepath.Dir(dir)
	var r string
	if parent == dir {
		r = dir // the root
	} else {
		rp, ok := resolveDir(parent, cache)
		if !ok {
			return "", false
		}
		fi, err := os.Lstat(dir)
		switch {
		case err != nil:
			return "", false
		case fi.Mode()&fs.ModeSymlink != 0:
			if r, err = filepath.EvalSymlinks(dir); err != nil {
				return "", false
			}
		default:
			r = filepath.Join(rp, filepath.Base(dir))
		}
	}
	cache[dir] = r
	return r, true
}

// Resolve returns the absolute form of path with the symbolic links of its directory
// resolved (as far as the directory exists; the last element is kept as it is): two names
// of one directory entry resolve alike. cache, if not nil, keeps the directories resolved: a
// directory below one resolved already then takes one Lstat.
func Resolve(path string, cache map[string]string) string {
	abs := filepath.Clean(path)
	if !filepath.IsAbs(abs) {
		wd, ok := cache[""] // the working directory, looked up once
		if !ok {
			var err error
			if wd, err = os.Getwd(); err != nil {
				return abs
			}
			if cache != nil {
				cache[""] = wd
			}
		}
		abs = filepath.Join(wd, abs)
	}
	dir, base := filepath.Dir(abs), filepath.Base(abs)
	if r, ok := cache[dir]; ok {
		return filepath.Join(r, base)
	}
	if cache != nil {
		if r, ok := resolveDir(dir, cache); ok {
			return filepath.Join(r, base)
		}
	}
	// The deepest directory that exists, resolved, and the rest as it is.
	rest := ""
	d := dir
	for {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			r = filepath.Join(r, rest)
			if cache != nil {
				cache[dir] = r
			}
			return filepath.Join(r, base)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}
