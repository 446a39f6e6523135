package ecco

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/record"
)

// taggedDir holds 5,000 games of the 15-ply tagger, tags intact (shared data, absent in CI).
const taggedDir = "../../../shared/ecco/tagged"

// TestTaggedGames: under the program's reading every tag of the 15-ply tagger's games agrees
// with the computed code at 15 plies (C85 and C86 either way, the tagger's label swap).
func TestTaggedGames(t *testing.T) {
	if _, err := os.Stat(taggedDir); err != nil {
		t.Skip("tagged games absent")
	}
	var paths []string
	filepath.WalkDir(taggedDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(strings.ToLower(p), ".pgn") {
			paths = append(paths, p)
		}
		return nil
	})
	pairs := map[string][]string{}
	n, agree := 0, 0
	for _, p := range paths {
		for g, err := range record.ReadFile(p) {
			if err != nil || g == nil {
				continue
			}
			want, _ := g.Tag("ECCO")
			if !eccoTag.MatchString(want) {
				continue
			}
			got, ok := Classify(g, 15)
			n++
			if ok && (got.Code == want || swappedLabel(want, got.Code)) {
				agree++
				continue
			}
			k := want + "/" + got.Code
			pairs[k] = append(pairs[k], p+": "+wxfLine(g))
		}
	}
	keys := make([]string, 0, len(pairs))
	for k := range pairs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(pairs[keys[i]]) > len(pairs[keys[j]]) })
	for _, k := range keys {
		msg := fmt.Sprintf("tag/computed %s: %d games, e.g. %s", k, len(pairs[k]), pairs[k][0])
		if os.Getenv("QIPU_ECCO_ALL") != "" {
			msg = fmt.Sprintf("tag/computed %s: %d games:\n  %s", k, len(pairs[k]), strings.Join(pairs[k], "\n  "))
		}
		t.Error(msg)
	}
	t.Logf("%d tagged games, %d agree (%.2f%%)", n, agree, 100*float64(agree)/float64(max(n, 1)))
}
