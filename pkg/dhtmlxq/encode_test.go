package dhtmlxq

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// repoCorpus is the repository's sample archive (generated PGN and XQF games).
const repoCorpus = "../../corpus"

// TestRoundTripRepoCorpus writes every valid game of the repository's PGN and XQF samples as
// DhtmlXQ and reads it back: tags, start, tree and comments are kept.
func TestRoundTripRepoCorpus(t *testing.T) {
	n := 0
	err := filepath.WalkDir(repoCorpus, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		var games []*game.Game
		switch strings.ToLower(filepath.Ext(p)) {
		case ".pgn":
			f := testutil.ReadFile(t, p)
			dec, err := textenc.Open(bytes.NewReader(f), textenc.Auto)
			if err != nil {
				return err
			}
			_ = pgn.Decode(dec, pgn.Config{Path: p}, func(g *game.Game) error {
				games = append(games, g)
				return nil
			})
		case ".xqf":
			if g, err := xqf.Decode(bytes.NewReader(testutil.ReadFile(t, p)), xqf.Config{Path: p}); err == nil {
				games = append(games, g)
			}
		}
		for _, g := range games {
			if !g.Valid() {
				continue
			}
			n++
			roundTrip(t, p, g)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Skip("no repository corpus")
	}
	t.Logf("%d PGN and XQF games written and read back", n)
}

// TestRoundTripSharedXQF does the same with the XQF files of the shared corpus that have
// variations and comments (the first 300 files, for time).
func TestRoundTripSharedXQF(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	files := testutil.CorpusFiles(t, ".xqf")
	n, vars := 0, 0
	for _, p := range files[:min(len(files), 300)] {
		g, err := xqf.Decode(bytes.NewReader(testutil.ReadFile(t, p)), xqf.Config{Path: p})
		if err != nil || !g.Valid() {
			continue
		}
		n++
		vars += len(lines(g)) - 1
		roundTrip(t, p, g)
	}
	t.Logf("%d XQF games (%d variations) written and read back", n, vars)
}

// TestEncodeSetup checks the start position: binit for any setup, fen only when the side to
// move is not the first move's (or binit cannot hold the pieces).
func TestEncodeSetup(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		moves     []string
		wantFEN   bool
	}{
		{"start", board.StartFEN, []string{"h2e2"}, false},
		{"black first", "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1", []string{"d9d8"}, false},
		{"black, no moves", "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1", nil, true},
		{"black in check, no moves", "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", nil, false},
		{"six pawns", "3k5/9/9/9/9/9/P1P1P1P1P/P8/9/4K4 w - - 0 1", []string{"e3e4"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b game.Builder
			b.Begin(1, "test", textenc.UTF8)
			b.SetFEN(tc.fen, game.NoLoc)
			for _, m := range tc.moves {
				f, _ := board.SquareFromICCS(m[0], m[1])
				to, _ := board.SquareFromICCS(m[2], m[3])
				b.PlayMove(board.NewMove(f, to), game.NoLoc)
			}
			g := b.Finish()
			out := encodeT(t, g)
			if got := bytes.Contains(out, []byte("[DhtmlXQ_fen]")); got != tc.wantFEN {
				t.Errorf("fen written: %v, want %v\n%s", got, tc.wantFEN, out)
			}
			roundTrip(t, tc.name, g)
		})
	}
}

// TestEncodeEscapes writes comments and tags with the characters the format gives a meaning
// to, and reads them back unchanged.
func TestEncodeEscapes(t *testing.T) {
	var b game.Builder
	b.Begin(1, "test", textenc.UTF8)
	b.Tag("Event", `a [DhtmlXQ_title]x[/DhtmlXQ_title] \u0041 b`)
	b.Tag("Place", "dropped: reads as Site")
	b.Tag("bad name", "dropped")
	b.Tag("Generator", "qipu")
	b.Comment("line one\nline two || three ||| \\u4E2D [/DhtmlXQ] end|")
	f, _ := board.SquareFromICCS('h', '2')
	to, _ := board.SquareFromICCS('e', '2')
	b.PlayMove(board.NewMove(f, to), game.NoLoc)
	b.Comment("|\n|")
	g := b.Finish()
	out := encodeT(t, g)
	roundTrip(t, "escapes", g)
	games, _ := decodeAll(t, "escapes", out)
	if c := games[0].Root.Comments; len(c) != 1 || c[0] != g.Root.Comments[0] {
		t.Errorf("comment read back as %q\n%s", c, out)
	}
	if bytes.Contains(out, []byte("Place")) || bytes.Contains(out, []byte("bad name")) {
		t.Errorf("tags that cannot be written were written:\n%s", out)
	}
}

func TestEncodeErrors(t *testing.T) {
	if err := Encode(&bytes.Buffer{}, nil); !errors.Is(err, ErrUnencodable) {
		t.Errorf("nil game: %v", err)
	}
	g := &game.Game{Setup: board.StartSetup(), Result: "*"}
	bad := &game.Node{Move: board.NewMove(board.Square(100), board.Square(3)), Parent: &g.Root}
	g.Root.Children = []*game.Node{bad}
	if err := Encode(&bytes.Buffer{}, g); !errors.Is(err, ErrUnencodable) {
		t.Errorf("move off the board: %v", err)
	}
}
