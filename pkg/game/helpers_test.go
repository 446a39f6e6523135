package game_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
)

// sharedCorpus is the shared corpus of real archives, absent in CI.
const sharedCorpus = "../../../shared/corpus"

// resolveAny reads a move text in any notation, as the PGN replayer does without a Format tag.
func resolveAny(pos *board.Position, text string) (board.Move, string, error) {
	r, err := anynotation.Resolve(pos, text, notation.Unknown)
	if err != nil {
		return board.NoMove, "", err
	}
	if r.Nonstandard {
		if r.Note == "" {
			return r.Move, "non-standard move text", nil
		}
		return r.Move, r.Note, nil
	}
	return r.Move, "", nil
}

// feeder passes the events of the PGN reader to a game.Builder the way the PGN replayer
// does, with the builder's options under the test's control.
type feeder struct {
	pgn.BaseVisitor
	b     *game.Builder
	index int
	fen   bool
	res   string
	games []*game.Game
}

func (f *feeder) BeginGame(pgn.Loc) {
	f.index++
	f.b.Begin(f.index, "pgn", textenc.UTF8)
	f.fen, f.res = false, "*"
}

func (f *feeder) Tag(name, value []byte, loc pgn.Loc) {
	n, v := string(name), string(value)
	f.b.Tag(n, v)
	switch {
	case strings.EqualFold(n, "FEN") && !f.fen:
		f.fen = true
		f.b.SetFEN(v, loc)
	case strings.EqualFold(n, "Result"):
		f.res = v
	}
}

func (f *feeder) BeginMovetext() pgn.Skip {
	if !f.fen {
		f.b.SetSetup(board.StartSetup(), game.NoLoc)
	}
	return false
}

func (f *feeder) Move(text []byte, loc pgn.Loc) pgn.Skip {
	f.b.Move(string(text), loc)
	return false
}

func (f *feeder) NAG(n uint8, _ pgn.Loc)         { f.b.NAG(n) }
func (f *feeder) Comment(text []byte, _ pgn.Loc) { f.b.Comment(string(text)) }
func (f *feeder) BeginVariation(pgn.Loc) pgn.Skip {
	f.b.BeginVariation()
	return false
}
func (f *feeder) EndVariation(pgn.Loc) { f.b.EndVariation() }
func (f *feeder) Result(r string, _ pgn.Loc) {
	if r != "*" || f.res == "" {
		f.res = r
	}
}
func (f *feeder) Error(e *pgn.SyntaxError) {
	f.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: e.Loc, Token: e.Token, Message: e.Msg, Err: e})
}
func (f *feeder) EndGame(pgn.Loc) {
	f.b.Result(f.res)
	f.games = append(f.games, f.b.Finish())
}

// readGames reads every game of a PGN text through a Builder with the given Repair option.
func readGames(t testing.TB, text string, repair bool) []*game.Game {
	t.Helper()
	f := &feeder{b: &game.Builder{Path: "test.pgn", Resolve: resolveAny, Repair: repair}}
	rd := pgn.NewReader(strings.NewReader(text))
	for {
		if err := rd.ReadGame(f); err != nil {
			break
		}
	}
	return f.games
}

// readGame reads the one game of a PGN text.
func readGame(t testing.TB, text string, repair bool) *game.Game {
	t.Helper()
	gs := readGames(t, text, repair)
	if len(gs) != 1 {
		t.Fatalf("%d games in %q", len(gs), text)
	}
	return gs[0]
}

// corpusGames decodes a PGN file of the shared corpus (any encoding); it skips the test
// when the corpus is absent.
func corpusGames(t testing.TB, rel string) []*game.Game {
	t.Helper()
	path := filepath.Join(sharedCorpus, rel)
	data, err := os.Open(path)
	if err != nil {
		t.Skipf("shared corpus absent: %v", err)
	}
	defer data.Close()
	d, err := textenc.Open(data, textenc.Auto)
	if err != nil {
		t.Fatal(err)
	}
	var games []*game.Game
	if err := pgn.Decode(d, pgn.Config{Path: path}, func(g *game.Game) error {
		games = append(games, g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return games
}

// mainMoves returns the moves of a game's main line.
func mainMoves(g *game.Game) []board.Move {
	var ms []board.Move
	for _, n := range g.MainLine() {
		ms = append(ms, n.Move)
	}
	return ms
}

// kinds lists the kinds of a game's diagnostics, warnings marked with "w:".
func kinds(g *game.Game) []string {
	var out []string
	for _, d := range g.Diagnostics {
		k := string(d.Kind)
		if d.IsWarning() {
			k = "w:" + k
		}
		out = append(out, k)
	}
	return out
}
