package anynotation

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/internal/notationtest"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// oracleGame is one game of the Fairy-Stockfish reference files (shared/oracle/README.md).
type oracleGame struct {
	Mode     string   `json:"mode"`
	Index    int      `json:"index"`
	FENStart string   `json:"fen_start"`
	FENEnd   string   `json:"fen_end"`
	ICCS     []string `json:"iccs"`
	WXF      []string `json:"wxf"`
	NLegal   []int    `json:"nlegal"`
}

func loadOracle(t testing.TB) []oracleGame {
	t.Helper()
	dir := notationtest.OracleDir()
	if dir == "" {
		t.Skip("shared/oracle not found")
	}
	var games []oracleGame
	for _, name := range []string{"random-games.jsonl", "tandem-games.jsonl"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Skipf("oracle file: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var g oracleGame
			if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			games = append(games, g)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return games
}

// style is one output notation and style, with the Format that names its notation.
type style struct {
	name string
	n    notation.Notation
	f    notation.ID
}

func mkStyle(name string, n notation.Notation) style { return style{name, n, IDOf(n)} }

var styles = []style{
	mkStyle("iccs", iccs.Notation{}),
	mkStyle("ucci", iccs.Notation{Style: iccs.UCCI}),
	mkStyle("wxf-xqbase", wxf.Notation{}),
	mkStyle("wxf-fairy", wxf.Notation{Style: wxf.Fairy}),
	mkStyle("chinese", chinese.Notation{}),
	mkStyle("chinese-traditional", chinese.Notation{Traditional: true}),
	mkStyle("platform", platform.Notation{}),
}

// big5Runes are the characters traditional output may use, all in plain Big5 (checked with
// Python's strict big5 codec).
var big5Runes = []rune("帥仕相馬車炮兵將士象卒進退平前中後一二三四五六七八九１２３４５６７８９")

// TestOracleGames checks every move of the reference games against Fairy-Stockfish, and at
// every ply every legal move in every notation and style: format, then parse and resolve,
// gives the move back (as a standard text), and no two legal moves share a text. Where the
// platform text carries an origin, the short form must be ambiguous.
func TestOracleGames(t *testing.T) {
	games := loadOracle(t)
	if testing.Short() {
		games = slices.Concat(games[:20], games[len(games)-20:])
	}
	var moves, legalChecks, platformAmbiguous int
	var buf []byte
	texts := make([][]string, len(styles))
	for _, g := range games {
		pos, err := board.FromFEN(g.FENStart)
		if err != nil {
			t.Fatalf("%s/%d: %v", g.Mode, g.Index, err)
		}
		if len(g.ICCS) != len(g.WXF) {
			t.Fatalf("%s/%d: %d iccs, %d wxf", g.Mode, g.Index, len(g.ICCS), len(g.WXF))
		}
		for ply, want := range g.ICCS {
			at := func() string { return g.Mode + "/" + itoa(g.Index) + " ply " + itoa(ply+1) + " " + pos.FEN() }
			legal := pos.LegalMoves(nil)
			if ply < len(g.NLegal) && len(legal) != g.NLegal[ply] {
				t.Fatalf("%s: %d legal moves, oracle %d", at(), len(legal), g.NLegal[ply])
			}
			s, err := iccs.Parse(want)
			if err != nil {
				t.Fatalf("%s: %v", at(), err)
			}
			m, err := s.Resolve(pos)
			if err != nil {
				t.Fatalf("%s: %s: %v", at(), want, err)
			}
			if got := string(iccs.Notation{}.Append(buf[:0], pos, m)); got != want {
				t.Errorf("%s: ICCS %s, oracle %s", at(), got, want)
			}
			if got := string(wxf.Notation{Style: wxf.Fairy}.Append(buf[:0], pos, m)); got != g.WXF[ply] {
				t.Errorf("%s: %s: fairy WXF %s, oracle %s", at(), want, got, g.WXF[ply])
			}
			r, err := Resolve(pos, g.WXF[ply], notation.WXF)
			if err != nil || r.Move != m || r.Nonstandard {
				t.Errorf("%s: reading oracle WXF %s: %+v, %v; want %s", at(), g.WXF[ply], r, err, m)
			}
			moves++

			// Every legal move, every notation and style.
			for i := range texts {
				texts[i] = texts[i][:0]
			}
			for _, lm := range legal {
				for si, st := range styles {
					buf = st.n.Append(buf[:0], pos, lm)
					text := string(buf)
					texts[si] = append(texts[si], text)
					if st.n == (chinese.Notation{Traditional: true}) {
						for _, r := range text {
							if !slices.Contains(big5Runes, r) {
								t.Fatalf("%s: traditional %q has %q, not in plain Big5", at(), text, r)
							}
						}
					}
					r, err := Resolve(pos, text, st.f)
					if err != nil || r.Move != lm || r.Format != st.f || r.Nonstandard {
						t.Fatalf("%s: %s %s %q: got %+v, %v", at(), st.name, lm, text, r, err)
					}
					if st.f == notation.Platform && strings.ContainsRune(text, '-') {
						// The short form of this move fits several legal moves.
						short := string(platform.AppendShort(nil, pos, lm))
						_, err := Resolve(pos, short, notation.Platform)
						var e *notation.Error
						if !errors.As(err, &e) || !errors.Is(err, notation.ErrAmbiguous) || len(e.Candidates) < 2 {
							t.Fatalf("%s: platform %q (short form %q) needs no origin: %v", at(), text, short, err)
						}
						platformAmbiguous++
					}
					legalChecks++
				}
			}
			for si, st := range styles {
				seen := map[string]int{}
				for _, x := range texts[si] {
					seen[x]++
				}
				for i, x := range texts[si] {
					if seen[x] != 1 {
						t.Fatalf("%s: %s: %q fits %d legal moves (one is %s)", at(), st.name, x, seen[x], legal[i])
					}
				}
			}
			pos.Play(m)
		}
		if got, want := pos.BoardFEN(), fieldOne(g.FENEnd); got != want {
			t.Errorf("%s/%d: end %s, oracle %s", g.Mode, g.Index, got, want)
		}
	}
	t.Logf("%d games, %d moves checked against the oracle, %d legal-move round trips, %d platform texts with an origin (the short form is ambiguous)",
		len(games), moves, legalChecks, platformAmbiguous)
}

func fieldOne(fen string) string {
	for i := 0; i < len(fen); i++ {
		if fen[i] == ' ' {
			return fen[:i]
		}
	}
	return fen
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
