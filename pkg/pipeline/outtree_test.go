package pipeline

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/fsio"
)

// TestOutputTreeIdenticalForAnyJobs: under an output directory, where creator goroutines write
// the files, the tree is the same for every -j: the same names (those that meet in one folder
// get -2, -3 in input order), the same bytes, and no temporary file left; also for XQF, whose
// files (one per game) the workers write and the creators rename.
func TestOutputTreeIdenticalForAnyJobs(t *testing.T) {
	t.Parallel()
	dir := archive(t)
	files := map[string]string{}
	for i := range 30 {
		// Three inputs that take one output name in each folder.
		for _, ext := range []string{"pgn", "PGN", "txt"} {
			files[fmt.Sprintf("many/d%d/same.%s", i%7, ext)] = pgnText(fmt.Sprintf("s%d%s", i, ext), randomGame(uint64(900+i), 6+i%5))
		}
	}
	writeTree(t, dir, files)
	for _, to := range []string{"chinese", "xqf"} {
		var first map[string]string
		for _, j := range []int{1, 2, 7} {
			out := t.TempDir()
			code, _, errs, err := runCfg(t, context.Background(), options{Command: Convert, Output: outputOf(to), Notation: notationOf(to),
				Paths: []string{dir}, Out: out, Jobs: j, Quiet: true})
			if code != ExitInvalid || err != nil {
				t.Fatalf("to %s -j %d: exit %d, %v; stderr:\n%s", to, j, code, err, errs)
			}
			tree := map[string]string{}
			for _, f := range listTree(t, out) {
				if strings.Contains(f, fsio.TempPrefix) {
					t.Errorf("to %s -j %d: temporary file left: %s", to, j, f)
				}
				b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(f)))
				if err != nil {
					t.Fatal(err)
				}
				tree[f] = string(b)
			}
			if j == 1 {
				first = tree
				if _, ok := tree["many/d0/same-3.pgn"]; to == "chinese" && !ok {
					t.Errorf("to %s: no many/d0/same-3.pgn in %v", to, slices.Sorted(maps.Keys(tree)))
				}
				continue
			}
			for name, body := range first {
				if got, ok := tree[name]; !ok || got != body {
					t.Errorf("to %s -j %d: %s differs from -j 1 (present %v)", to, j, name, ok)
				}
			}
			if len(tree) != len(first) {
				t.Errorf("to %s -j %d: %d files, -j 1 wrote %d", to, j, len(tree), len(first))
			}
		}
	}
}
