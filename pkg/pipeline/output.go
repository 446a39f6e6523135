package pipeline

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/internal/discover"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/shape"
)

// decideOutput picks the output mode from Out and the PATHs, and creates the output
// directory. checkInputs, once the inputs are known, checks that no output is an input.
func (s *settings) decideOutput(temps *fsio.TempSet) error {
	if rep := s.cfg.Report; rep != "" && rep != "-" {
		if fi, err := os.Stat(rep); err == nil && !fi.Mode().IsRegular() {
			return usagef("%s: --report %s: not a regular file", s.command, rep)
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
	dir := s.to.perGame || s.conv.SplitBy != (shape.Split{}) || len(s.cfg.Paths) > 1 || s.cfg.FilesFrom != "" || strings.HasSuffix(out, "/") ||
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
	if s.cfg.Report != "" && fsio.Resolve(s.cfg.Report, nil) == fsio.Resolve(s.outPath, nil) {
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
func (s *settings) checkInputs(inputs []*discover.Input) error {
	check := func(target, what, shown string) error {
		fi, err := os.Stat(target)
		if err != nil {
			return nil // not there yet: no input
		}
		base := filepath.Base(target)
		for _, in := range inputs {
			if in.Stdin || in.WalkErr != nil || in.Regular && filepath.Base(in.Path) != base {
				continue
			}
			if ii, err := os.Stat(in.Path); err == nil && os.SameFile(ii, fi) {
				return usagef("%s: %s %s is an input file; inputs are never written", s.command, what, shown)
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
