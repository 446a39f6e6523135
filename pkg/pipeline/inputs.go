package pipeline

import (
	"fmt"
	"os"

	"github.com/qipu/qipu/pkg/internal/discover"
	"github.com/qipu/qipu/pkg/walk"
)

// prepareDiscovery reads the list of FilesFrom and checks the PATHs (a missing one is a usage
// error) before the walk starts: the shard asked for, and the output directory to leave out.
func (s *settings) prepareDiscovery() (*discover.Discovery, []string, error) {
	cfg := &s.cfg
	var listed []string
	if cfg.FilesFrom != "" {
		var err error
		if listed, err = walk.ReadList(cfg.FilesFrom, s.stdin); err != nil {
			return nil, nil, &UsageError{Err: fmt.Errorf("%s: %w", s.command, err)}
		}
		if len(cfg.Paths) == 0 && len(listed) == 0 {
			return nil, nil, usagef("%s: --files-from %s lists no PATH", s.command, cfg.FilesFrom)
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
	d := &discover.Discovery{Shard: cfg.Shard}
	if cmd := s.cmd; cmd != nil && cmd.outDir && cfg.Out != "" {
		if fi, err := os.Stat(cfg.Out); err == nil && fi.IsDir() {
			d.Out = fi
		}
	}
	return d, listed, nil
}
