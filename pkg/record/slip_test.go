package record_test

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/slip"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/textenc"
)

// slipOutcome counts what move repair made of real games given one slip each.
type slipOutcome struct {
	games, undetected, detected, restored, wrong, left int
	byKind                                             map[slip.Kind][2]int // detected, restored
	wrongCases, leftCases                              []string
}

// slipGames gives one slip to one move of each valid one-game PGN file of paths (at a ply
// and of a kind drawn from a seed of its name), writes it back in the file's own encoding,
// and reads it with Repair: the game is restored (the original main line, move for move),
// repaired to another line, or left broken.
func slipGames(t *testing.T, paths []string, slipsPerGame int) slipOutcome {
	t.Helper()
	out := slipOutcome{byKind: map[slip.Kind][2]int{}}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var info record.Info
		var games []*game.Game
		for g, err := range record.Read(bytes.NewReader(data), path, record.WithInfo(func(i record.Info) { info = i })) {
			if err == nil && g != nil {
				games = append(games, g)
			}
		}
		if len(games) != 1 || !games[0].Valid() || info.Format.Name() != "pgn" || len(games[0].Warnings()) > 0 {
			continue
		}
		g := games[0]
		main := g.MainLine()
		if len(main) < 20 || main[0].Text == "" {
			continue
		}
		text, det, invalid := textenc.DecodeBytes(data, info.Encoding)
		if invalid != 0 {
			continue
		}
		h := fnv.New64a()
		h.Write([]byte(path))
		rng := rand.New(rand.NewPCG(h.Sum64(), 7))
		for range slipsPerGame {
			k := rng.IntN(len(main))
			n := main[k]
			edits := slip.Edits(nil, n.Text)
			if len(edits) == 0 {
				continue
			}
			ed := edits[rng.IntN(len(edits))]
			bad, ok := replaceAt(text, n.Loc, n.Text, ed.Text)
			if !ok {
				t.Fatalf("%s: move %q not found at %d:%d", path, n.Text, n.Loc.Line, n.Loc.Col)
			}
			enc, err := textenc.EncodeString(bad, det.Encoding)
			if err != nil {
				continue // the slip's glyph is not in the file's encoding
			}
			out.games++
			var rg []*game.Game
			for g, err := range record.Read(bytes.NewReader(enc), path, record.WithRepair()) {
				if err == nil && g != nil {
					rg = append(rg, g)
				}
			}
			plain := 0
			for g, err := range record.Read(bytes.NewReader(enc), path) {
				if err == nil && g != nil && g.Valid() && slices.Equal(moves(g), moves(games[0])) {
					plain++
				}
			}
			if plain == 1 {
				out.undetected++ // the slip reads as the same move (a lenient reading)
				continue
			}
			var plainValid bool
			for g, err := range record.Read(bytes.NewReader(enc), path) {
				plainValid = err == nil && g != nil && g.Valid()
			}
			if plainValid {
				out.undetected++ // another game that replays: no tool can see the slip
				continue
			}
			out.detected++
			c := out.byKind[ed.Kind]
			c[0]++
			switch {
			case len(rg) == 1 && rg[0].Valid() && slices.Equal(moves(rg[0]), moves(g)):
				out.restored++
				c[1]++
			case len(rg) == 1 && rg[0].Valid():
				out.wrong++
				out.wrongCases = append(out.wrongCases, fmt.Sprintf("%s ply %d %q→%q (%v): %v", path, k+1, n.Text, ed.Text, ed.Kind, rg[0].Warnings()))
			default:
				out.left++
				if len(rg) == 1 {
					out.leftCases = append(out.leftCases, fmt.Sprintf("ply %d %q→%q (%v): %s", k+1, n.Text, ed.Text, ed.Kind, rg[0].Errors()[0].Message))
				}
			}
			out.byKind[ed.Kind] = c
		}
	}
	return out
}

// moves returns the main line of g in ICCS.
func moves(g *game.Game) []string {
	var out []string
	for _, n := range g.MainLine() {
		out = append(out, n.Move.String())
	}
	return out
}

// replaceAt replaces the move text old at loc (line, column in runes, lines ended by LF,
// CR or CRLF as the PGN reader counts them) of text with repl.
func replaceAt(text string, loc game.Loc, old, repl string) (string, bool) {
	line, i := 1, 0
	for line < loc.Line && i < len(text) {
		switch text[i] {
		case '\r':
			line++
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
		case '\n':
			line++
		}
		i++
	}
	for c := 1; c < loc.Col && i < len(text); c++ {
		_, size := utf8.DecodeRuneInString(text[i:])
		i += size
	}
	if !strings.HasPrefix(text[i:], old) {
		return "", false
	}
	return text[:i] + repl + text[i+len(old):], true
}

// slipCorpus lists the PGN files under dir (of the shared data), skipping when absent.
func slipCorpus(t *testing.T, dir string) []string {
	t.Helper()
	root := dir
	if _, err := os.Stat(root); err != nil {
		t.Skip("shared corpus not present")
	}
	var paths []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".pgn") {
			paths = append(paths, p)
		}
		return nil
	})
	return paths
}

// TestRepairSlipsRealGames: real games of the shared corpus, each given one slip in its own
// encoding (GBK simplified, Big5 traditional): --repair restores at least 90% of those whose
// slip shows, move for move, and repairs at most 0.2% to another line.
func TestRepairSlipsRealGames(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, set := range []struct {
		name, dir string
		slips     int
	}{
		{"GBK", filepath.Join(sharedCorpus, "walker8088__cchess/games"), 5},
		{"Big5", filepath.Join(sharedCorpus, "Yvonne761__Chinese-Chess-Practical-Dataset/Dataset/對局"), 5},
		{"Big5-tagged", "../../../shared/ecco/tagged", 1},
	} {
		t.Run(set.name, func(t *testing.T) {
			o := slipGames(t, slipCorpus(t, set.dir), set.slips)
			t.Logf("%d slipped games: %d undetected, %d detected: %d restored, %d repaired to another line, %d left broken; by kind (detected, restored): %v",
				o.games, o.undetected, o.detected, o.restored, o.wrong, o.left, o.byKind)
			for _, c := range o.wrongCases {
				t.Log("wrong:", c)
			}
			if os.Getenv("QIPU_SLIP_DEBUG") != "" {
				for _, c := range o.leftCases {
					t.Log("left:", c)
				}
			}
			if o.detected < 50 {
				t.Fatalf("only %d detected slips", o.detected)
			}
			if r := float64(o.restored) / float64(o.detected); r < 0.9 {
				t.Errorf("restored %.1f%% of detected slips, want ≥ 90%%", 100*r)
			}
			if w := float64(o.wrong) / float64(o.detected); w > 0.002 {
				t.Errorf("repaired %.2f%% of detected slips to another line, want ≤ 0.2%%", 100*w)
			}
		})
	}
}
