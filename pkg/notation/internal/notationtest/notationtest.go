// Package notationtest provides move fixtures for the notation packages' tests and
// benchmarks: positions with a legal move, taken from the Fairy-Stockfish reference games in
// shared/oracle when they are present, else from the xqbase notation note's example game and tandem positions.
package notationtest

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/qipu/qipu/pkg/board"
)

// Case is a position and a legal move in it.
type Case struct {
	Pos  *board.Position
	Move board.Move
}

// OracleDir returns the path of shared/oracle relative to a package directory under
// pkg/notation, else of the repository's sample of it (testdata/oracle), or "" when neither
// is there.
func OracleDir() string {
	for _, p := range []string{"../../../shared/oracle", "../../../../shared/oracle", "../../../../../shared/oracle",
		"../../../testdata/oracle", "../../../../testdata/oracle"} {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
	}
	return ""
}

// fallback is the xqbase notation note's example game followed by the FENs of the oracle README's tandem examples,
// each with its ICCS move.
var fallback = []struct{ fen, moves string }{
	{board.StartFEN, "h2e2 h7e7 e2e6 d9e8 h0g2 h9g7 b2e2 b9c7 e6e4 i9h9"},
	{"rnba1abn1/1P2k2P1/9/9/r8/p5c2/4p3R/1C2B2C1/4K4/1N2p2NR w - - 4 25", "i3i8"},
	{"rnba1aPn1/2P1k1c1R/9/9/1r7/p8/3p5/1C2B2C1/4K4/1N1p3NR w - - 3 29", "i8i4"},
	{"rnba3n1/2Pk3c1/3a3cr/R8/5C3/2p6/2P6/5C2p/9/1NBAKABNp b - - 6 25", "h8c8"},
	{"P1bk1P1nr/9/9/5P3/2c2P3/9/9/1C7/4K4/3p1AR2 w - - 4 33", "f6f7"},
	{"rn1akabnr/1c7/b7P/1c1P4P/3P5/R3p4/9/1p3A2C/1p7/RN2KApN1 w - - 8 26", "d6d7"},
	{"4k4/3P1P3/4P4/3P1P3/9/9/9/9/9/4K4 w - - 0 1", "f8e8"},
}

// Cases returns up to max positions with the move played in them (every move of the first
// oracle games, half from each file), or the fallback when the oracle files are absent.
func Cases(max int) []Case {
	var out []Case
	if dir := OracleDir(); dir != "" {
		for _, name := range []string{"random-games.jsonl", "tandem-games.jsonl"} {
			f, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				continue
			}
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 16<<20)
			for start := len(out); sc.Scan() && len(out)-start < max/2; {
				var g struct {
					FEN  string   `json:"fen_start"`
					ICCS []string `json:"iccs"`
				}
				if json.Unmarshal(sc.Bytes(), &g) != nil {
					break
				}
				out = appendGame(out, g.FEN, g.ICCS)
			}
			f.Close()
		}
	}
	if len(out) == 0 {
		out = Fallback()
	}
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// Fallback returns the cases used when the oracle files are absent: the xqbase notation note's example game and the
// oracle README's tandem examples.
func Fallback() []Case {
	var out []Case
	for _, fb := range fallback {
		var moves []string
		for i := 0; i+4 <= len(fb.moves); i += 5 {
			moves = append(moves, fb.moves[i:i+4])
		}
		out = appendGame(out, fb.fen, moves)
	}
	return out
}

func appendGame(out []Case, fen string, moves []string) []Case {
	pos, err := board.FromFEN(fen)
	if err != nil {
		return out
	}
	for _, mv := range moves {
		if len(mv) == 5 {
			mv = mv[:2] + mv[3:]
		}
		if len(mv) != 4 {
			return out
		}
		from, ok1 := board.SquareFromICCS(mv[0], mv[1])
		to, ok2 := board.SquareFromICCS(mv[2], mv[3])
		m := board.NewMove(from, to)
		if !ok1 || !ok2 || !pos.IsLegal(m) {
			return out
		}
		cp := *pos
		out = append(out, Case{&cp, m})
		pos.Play(m)
	}
	return out
}
