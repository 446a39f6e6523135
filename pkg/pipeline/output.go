package pipeline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/shape"
)

// decideOutput picks the output mode from Out and the PATHs, and creates the output
// directory. checkInputs, once the inputs are known, checks that no output is an input.
func (s *settings) decideOutput(temps *fsio.TempSet) error {
	if rep := s.cfg.Report; rep != "" && rep != "-" {
		if fi, err := os.Stat(rep); err == nil && !fi.Mode().IsRegular() {
			return usagef("%s: --report %s: not a regular file", s.cfg.Command, rep)
		}
	}
	if !s.cmd.converts { // check, dedupe, stats and export write no converted games
		s.outMode = outNothing
		return nil
	}
	out := s.cfg.Out
	if out == "" || out == "-" {
		s.outMode = outStdout
		return nil
	}
	s.outPath = filepath.Clean(out)
	dir := s.to.perGame || s.cfg.SplitBy != (shape.Split{}) || len(s.cfg.Paths) > 1 || s.cfg.FilesFrom != "" || strings.HasSuffix(out, "/") ||
		strings.HasSuffix(out, string(filepath.Separator))
	for _, p := range s.cfg.Paths {
		if p == "-" {
			continue
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			dir = true
		}
	}
	fi, err := os.Stat(s.outPath)
	switch {
	case err == nil && fi.IsDir():
		dir = true
	case err == nil && dir:
		return usagef("convert: --out %s: not a directory", out)
	case err == nil && !fi.Mode().IsRegular():
		return usagef("convert: --out %s: not a regular file", out)
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
	}
	if dir {
		s.outMode = outDir
		if err := temps.MkdirAll(s.outPath); err != nil {
			return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
		}
		return nil
	}
	s.outMode = outFile
	if s.cfg.Report != "" && resolve(s.cfg.Report, nil) == resolve(s.outPath, nil) {
		return usagef("convert: --report and --out name the same file")
	}
	if err := temps.MkdirAll(filepath.Dir(s.outPath)); err != nil {
		return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
	}
	return nil
}

// checkInputs reports a usage error when the report or the output file is one of the
// inputs. Only the inputs that may be that file are looked at: those of the same name, and
// those the walk did not see as regular files (links, PATH arguments); a hard link under
// another name is replaced, never written through.
func (s *settings) checkInputs(inputs []*input) error {
	check := func(target, what, shown string) error {
		fi, err := os.Stat(target)
		if err != nil {
			return nil // not there yet: no input
		}
		base := filepath.Base(target)
		for _, in := range inputs {
			if in.stdin || in.walkErr != nil || in.regular && filepath.Base(in.path) != base {
				continue
			}
			if ii, err := os.Stat(in.path); err == nil && os.SameFile(ii, fi) {
				return usagef("%s: %s %s is an input file; inputs are never written", s.cfg.Command, what, shown)
			}
		}
		return nil
	}
	if rep := s.cfg.Report; rep != "" && rep != "-" {
		if err := check(rep, "--report", rep); err != nil {
			return err
		}
	}
	if s.outMode == outFile {
		return check(s.outPath, "--out", s.cfg.Out)
	}
	return nil
}

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

// resolve returns the absolute form of path with the symbolic links of its directory
// resolved (as far as the directory exists; the last element is kept as it is): two names
// of one directory entry resolve alike. cache, if not nil, keeps the directories resolved.
func resolve(path string, cache map[string]string) string {
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
