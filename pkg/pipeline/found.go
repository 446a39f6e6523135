package pipeline

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/internal/tally"
)

// found records, per argument, whether it yielded a game file: a file read as a game record,
// or one that could not be read. An argument that yields none (an empty directory, a file
// that is no game record) fails the run: a CI job that validates nothing must not pass.
type found struct {
	args []bool
}

// note records a batch of input seq's results.
func (fd *found) note(r *runner, seq int, st *tally.Counts) {
	if st.Files == 0 && st.Unreadable == 0 {
		return
	}
	if fd.args == nil {
		fd.args = make([]bool, len(r.s.cfg.Paths)+1) // the last for the --files-from list
	}
	fd.args[min(r.list.Get(seq).Arg, len(r.s.cfg.Paths))] = true
}

// report prints "qipu: no game files found in PATH" for each argument (and the --files-from
// list as a whole) that yielded no game file, and reports whether there was one. A shard of a
// run may hold no game file of an argument: with Shard, nothing is said.
func (fd *found) report(w *writer) (none bool, err error) {
	cfg := &w.r.s.cfg
	if cfg.Shard.Count > 1 || cfg.AllowNoGames {
		return false, nil // a shard may hold none of an argument's files
	}
	args := cfg.Paths
	if cfg.FilesFrom != "" {
		args = append(args[:len(args):len(args)], "--files-from "+cfg.FilesFrom)
	}
	for k, p := range args {
		if fd.args != nil && fd.args[k] {
			continue
		}
		none = true
		if _, err := fmt.Fprintf(w.stderr, "qipu: no game files found in %s\n", printable(p)); err != nil {
			return none, fmt.Errorf("writing standard error: %w", err)
		}
	}
	return none, nil
}

// printable returns a path as a one-line message may hold it: as it is, or Go-quoted when it
// holds bytes that are not UTF-8 or runes that are not graphic (as diagnostics print names).
func printable(p string) string {
	for i := 0; i < len(p); {
		r, n := utf8.DecodeRuneInString(p[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsGraphic(r) || (i == 0 && r == '"') {
			return strconv.Quote(p)
		}
		i += n
	}
	return p
}
