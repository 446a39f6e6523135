package ecco

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/record"
)

// taggedSource is a part of the shared corpus whose ECCO tags were written by one tagger.
type taggedSource struct {
	prefix string // path prefix under the corpus
	plies  int    // the tagger's ply bound
	names  bool   // the files carry Opening/Variation tags in simplified Chinese
}

// The taggers of the corpus: xqbase's own tools at 20 plies,
// and another tagger at 15 plies behind the Yvonne761 and walker8088 tags.
var taggedSources = []taggedSource{
	{"liangqi__xqwizard/XQWIZARD/橘中秘(繁体)/", 20, false}, // Big5, traditional names
	{"liangqi__xqwizard/", 20, true},
	{"Yvonne761__Chinese-Chess-Practical-Dataset/", 15, false},
	{"walker8088__cchess/games/对局谱/已转换/", 15, false},
	{"walker8088__cchess/tests/data/", 15, true},
}

var eccoTag = regexp.MustCompile(`^[A-E][0-9][0-9]$`)

// knownDisagreements lists the tagged games whose tag the Pages reading of the published
// rules does not give, with the reason (the Program reading gives every tag). They are
// reported in the test log, not as failures.
var knownDisagreements = map[string]string{
	// 1. 炮二平五 炮８平５ 2. 车一进一 马８进７ 3. 马二进三 车９平８ 4. 车一平六 车８进４ is, word
	// for word, the second line of D05 (2. 车一进一，马８进７ 3. ……，车９平８ 4. ……，车８进４);
	// by position it is also the first line of D05 (3. 马二进三 transposes to 2. 马二进三 马８进７
	// 3. 车一进一). The 15-ply tagger says D03, which excludes D04-D05. No other tagged game
	// reaches these lines, so the rules are kept as printed.
	"Yvonne761__Chinese-Chess-Practical-Dataset/Dataset/對局/大師對局/以賽事分類/全國賽對局譜/00002123.pgn": "D03",
}

// TestCorpusTags checks every game of the shared corpus that carries a non-empty ECCO tag
// against the code computed under its tagger's convention (the goal is no disagreement), and
// that each game's mirror gets the same code.
func TestCorpusTags(t *testing.T) {
	files := testutil.CorpusFiles(t, ".pgn")
	for _, reading := range []Reading{Program, Pages} {
		t.Run(reading.String(), func(t *testing.T) { corpusTags(t, files, reading) })
	}
}

func corpusTags(t *testing.T, files []string, reading Reading) {
	known := map[string]string{}
	if reading == Pages {
		known = knownDisagreements
	}
	counts := map[int]int{}
	nknown := 0
	shifts := map[string]int{} // 15-ply tags that 20 plies would change
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
			got, ok := ClassifyIn(g, src.plies, reading)
			if !ok {
				bad = append(bad, fmt.Sprintf("%s: tag %s, no code computed", rel, want))
				continue
			}
			if got.Code != want {
				if known[rel] == want {
					t.Logf("known disagreement: %s: tag %s, computed %s (%d plies): %s", rel, want, got.Code, src.plies, wxfLine(g))
					nknown++
					continue
				}
				bad = append(bad, fmt.Sprintf("%s: tag %s, computed %s (%d plies): %s", rel, want, got.Code, src.plies, wxfLine(g)))
				continue
			}
			// The mirrored game gets the same code.
			var mirrored []board.Move
			for _, n := range g.MainLine() {
				mirrored = append(mirrored, board.NewMove(mirrorSquare(n.Move.From()), mirrorSquare(n.Move.To())))
			}
			if m, _ := ClassifyMovesIn(mirrored, src.plies, reading); m != got {
				bad = append(bad, fmt.Sprintf("%s: computed %s, mirrored %s", rel, got.Code, m.Code))
			}
			if src.plies == 15 && got.Code == want {
				if at20, _ := ClassifyIn(g, 20, reading); at20.Code != got.Code {
					shifts[got.Code+"→"+at20.Code]++
				}
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
	t.Logf("checked %d games tagged at 20 plies, %d at 15 plies; %d disagreements, %d known", counts[20], counts[15], len(bad), nknown)
	if nknown != len(known) {
		t.Errorf("%d known disagreements seen, %d listed: a listed game now agrees or is gone", nknown, len(known))
	}
	// With 20 plies, a 15-ply tag may only deepen into the code its rule continues to:
	// C45→C46 ×7, B55→B56 ×2 and C23→C25 ×1, and C25's second printed line (8. 兵七进一 …
	// 9. 兵三进一) also takes two C24 games to C25.
	want := map[string]int{"C45→C46": 7, "B55→B56": 2, "C23→C25": 1, "C24→C25": 2}
	if !maps.Equal(shifts, want) {
		t.Errorf("15-ply tags changed by 20 plies: %v, want %v", shifts, want)
	}
	t.Logf("15-ply tags changed by 20 plies: %v", shifts)
	if counts[20] != 87 || counts[15] != 341 {
		t.Errorf("tagged games: %d at 20 plies and %d at 15, want 87 and 341", counts[20], counts[15])
	}
}

// BenchmarkClassifyCorpus classifies the tagged games of the corpus (read once) in turn.
func BenchmarkClassifyCorpus(b *testing.B) {
	var games []*game.Game
	for _, path := range testutil.CorpusFiles(b, ".pgn") {
		rel := testutil.Rel(path)
		if !strings.HasPrefix(rel, "Yvonne761__") && !strings.HasPrefix(rel, "liangqi__xqwizard/XQWIZARD/") {
			continue
		}
		for g, err := range record.ReadFile(filepath.FromSlash(path)) {
			if err == nil && g != nil && g.IsStandardStart() {
				games = append(games, g)
			}
		}
	}
	if len(games) == 0 {
		b.Skip("no games")
	}
	rules(Program)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Classify(games[i%len(games)], DefaultPlies)
		i++
	}
}
