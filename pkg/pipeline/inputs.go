package pipeline

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/qipu/qipu/pkg/walk"
)

// prepareDiscovery reads the list of FilesFrom and checks the PATHs (a missing one is a usage
// error) before the walk starts: the shard asked for, and the output directory to leave out.
func (s *settings) prepareDiscovery() (*discovery, []string, error) {
	cfg := &s.cfg
	var listed []string
	if cfg.FilesFrom != "" {
		var err error
		if listed, err = walk.ReadList(cfg.FilesFrom, s.stdin); err != nil {
			return nil, nil, &UsageError{Err: fmt.Errorf("%s: %w", cfg.Command, err)}
		}
		if len(cfg.Paths) == 0 && len(listed) == 0 {
			return nil, nil, usagef("%s: --files-from %s lists no PATH", cfg.Command, cfg.FilesFrom)
		}
	}
	for _, p := range cfg.Paths {
		if p == "-" {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return nil, nil, &UsageError{Err: fmt.Errorf("%w", err)}
		}
	}
	d := &discovery{shard: cfg.Shard}
	if cmd := cfg.Command.def(); cmd != nil && cmd.outDir && cfg.Out != "" {
		if fi, err := os.Stat(cfg.Out); err == nil && fi.IsDir() {
			d.out = fi
		}
	}
	return d, listed, nil
}

// InputFile is an input file as Discover finds it.
type InputFile struct {
	// Path is what to open and what diagnostics show; "-" is standard input.
	Path string
	// Source is the file's "source" in JSON Lines and reports.
	Source string
	// Err is set when the walk could not reach the file (a dangling link, an unreadable
	// directory): report it as an io diagnostic.
	Err error
	// Skipped, if set, says why the file is not read (a named pipe or another special file
	// found by a walk): report it as skipped.
	Skipped string
}

// Discover lists the input files of cfg as Run reads them, in the same order: Paths, then the
// entries of FilesFrom (read from cfg.Stdin for "-"), keeping those of cfg.Shard, leaving out
// the output directory of a Convert. Commands other than convert and check that take PATHs
// get --files-from and --shard through it. A PATH that does not exist is a *UsageError.
func Discover(cfg Config) ([]InputFile, error) {
	if cfg.Stdin == nil {
		cfg.Stdin = strings.NewReader("")
	}
	if err := cfg.validateScale(); err != nil {
		return nil, err
	}
	s := &settings{cfg: cfg, stdin: cfg.Stdin, stderr: io.Discard}
	d, listed, err := s.prepareDiscovery()
	if err != nil {
		return nil, err
	}
	var out []InputFile
	d.discover(cfg.Paths, listed, func(in *input) bool {
		out = append(out, InputFile{Path: in.path, Source: in.source, Err: in.walkErr, Skipped: in.special})
		return true
	})
	return out, nil
}
