package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// decideOutput picks the output mode from Out and the inputs, and creates the output
// directory.
func (s *settings) decideOutput(inputs []input, temps *tempSet) error {
	if rep := s.cfg.Report; rep != "" && rep != "-" {
		for _, in := range inputs {
			if !in.stdin && sameFile(in.path, rep) {
				return usagef("%s: --report %s is an input file; inputs are never written", s.cfg.Command, rep)
			}
		}
		if fi, err := os.Stat(rep); err == nil && !fi.Mode().IsRegular() {
			return usagef("%s: --report %s: not a regular file", s.cfg.Command, rep)
		}
	}
	if s.cfg.Command == Check {
		s.outMode = outNothing
		return nil
	}
	out := s.cfg.Out
	if out == "" || out == "-" {
		s.outMode = outStdout
		return nil
	}
	s.outPath = filepath.Clean(out)
	dir := s.to == toXQF || len(s.cfg.Paths) > 1 || strings.HasSuffix(out, "/") ||
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
		if err := temps.mkdirAll(s.outPath); err != nil {
			return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
		}
		return nil
	}
	s.outMode = outFile
	if s.cfg.Report != "" && resolve(s.cfg.Report, nil) == resolve(s.outPath, nil) {
		return usagef("convert: --report and --out name the same file")
	}
	for _, in := range inputs {
		if !in.stdin && sameFile(in.path, s.outPath) {
			return usagef("convert: --out %s is an input file; inputs are never written", out)
		}
	}
	if err := temps.mkdirAll(filepath.Dir(s.outPath)); err != nil {
		return &UsageError{Err: fmt.Errorf("convert: --out: %w", err)}
	}
	return nil
}

// resolve returns the absolute form of path with the symbolic links of its directory
// resolved (as far as the directory exists; the last element is kept as it is): two names
// of one directory entry resolve alike. cache, if not nil, keeps the directories resolved.
func resolve(path string, cache map[string]string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, base := filepath.Dir(abs), filepath.Base(abs)
	if r, ok := cache[dir]; ok {
		return filepath.Join(r, base)
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

func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}
