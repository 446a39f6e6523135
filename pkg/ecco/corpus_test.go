package ecco

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/record"
)

// taggedSource is a part of the shared corpus whose ECCO tags were written by one tagger.
type taggedSource struct {
	prefix string // path prefix under the corpus
	plies  int    // the tagger's ply bound
	names  bool   // the files carry Opening/Variation tags in simplified Chinese
}

// The taggers of the corpus (see ../shared/ecco/README.md): xqbase's own tools at 20 plies,
// and another tagger at 15 plies behind the Yvonne761 and walker8088 tags.
var taggedSources = []taggedSource{
	{"liangqi__xqwizard/XQWIZARD/橘中秘(繁体)/", 20, false}, // Big5, traditional names
	{"liangqi__xqwizard/", 20, true},
	{"Yvonne761__Chinese-Chess-Practical-Dataset/", 15, false},
	{"walker8088__cchess/games/对局谱/已转换/", 15, false},
	{"walker8088__cchess/tests/data/", 15, true},
}

var eccoTag = regexp.MustCompile(`^[A-E][0-9][0-9]$`)

// TestCorpusTags checks every game of the shared corpus that carries a non-empty ECCO tag
// against the code computed under its tagger's convention. The goal is no disagreement.
func TestCorpusTags(t *testing.T) {
	files := testutil.CorpusFiles(t, ".pgn")
	counts := map[int]int{}
	var bad []string
	for _, path := range files {
		rel := testutil.Rel(path)
		var src *taggedSource
		for i := range taggedSources {
			if strings.HasPrefix(rel, taggedSources[i].prefix) {
				src = &taggedSources[i]
				break
			}
		}
		if src == nil {
			continue
		}
		for g, err := range record.ReadFile(filepath.FromSlash(path)) {
			if err != nil || g == nil {
				continue
			}
			want, _ := g.Tag("ECCO")
			if !eccoTag.MatchString(want) {
				continue
			}
			counts[src.plies]++
			got, ok := Classify(g, src.plies)
			if !ok {
				bad = append(bad, fmt.Sprintf("%s: tag %s, no code computed", rel, want))
				continue
			}
			if got.Code != want {
				bad = append(bad, fmt.Sprintf("%s: tag %s, computed %s (%d plies): %s", rel, want, got.Code, src.plies, wxfLine(g)))
				continue
			}
			if src.names {
				if op, ok := g.Tag("Opening"); ok && op != got.Opening {
					bad = append(bad, fmt.Sprintf("%s: %s Opening tag %q, computed %q", rel, want, op, got.Opening))
				}
				if va, ok := g.Tag("Variation"); ok && va != got.Variation {
					bad = append(bad, fmt.Sprintf("%s: %s Variation tag %q, computed %q", rel, want, va, got.Variation))
				}
			}
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
	t.Logf("checked %d games tagged at 20 plies, %d at 15 plies; %d disagreements", counts[20], counts[15], len(bad))
	if counts[20] != 87 || counts[15] != 341 {
		t.Errorf("tagged games: %d at 20 plies and %d at 15, want 87 and 341", counts[20], counts[15])
	}
}
