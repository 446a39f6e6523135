package board

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// oracleDirs are the full reference games and, failing them, the repository's sample.
var oracleDirs = []string{"../../../shared/oracle", "../../testdata/oracle"}

type perftCase struct {
	fen    string
	counts []uint64 // counts[d-1] = perft(d)
}

func readPerft(t testing.TB, path string) []perftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, ";")
		c := perftCase{fen: strings.TrimSpace(parts[0])}
		for i, p := range parts[1:] {
			fields := strings.Fields(p)
			if len(fields) != 2 || fields[0] != "D"+strconv.Itoa(i+1) {
				t.Fatalf("bad perft line %q", line)
			}
			n, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			c.counts = append(c.counts, n)
		}
		cases = append(cases, c)
	}
	return cases
}

// TestPerft checks every reference position to depth 4 (depth 5 unless -short) and that the
// position, including its Zobrist key, is unchanged afterwards.
func TestPerft(t *testing.T) {
	for _, c := range readPerft(t, "testdata/perft.epd") {
		pos, err := FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		before := *pos
		for d, want := range c.counts {
			depth := d + 1
			if depth == 5 && testing.Short() {
				continue
			}
			if got := pos.Perft(depth); got != want {
				t.Errorf("perft(%d) of %s = %d, want %d", depth, c.fen, got, want)
			}
		}
		if *pos != before {
			t.Errorf("perft changed the position %s", c.fen)
		}
	}
}

// TestDivideSumsToPerft checks Divide against Perft and GenerateLegal.
func TestDivideSumsToPerft(t *testing.T) {
	pos := StartPosition()
	var sum uint64
	entries := pos.Divide(3)
	for _, e := range entries {
		sum += e.Nodes
	}
	if len(entries) != 44 || sum != 79666 {
		t.Fatalf("divide(3): %d moves, %d nodes; want 44, 79666", len(entries), sum)
	}
}

type oracleGame struct {
	Mode     string   `json:"mode"`
	Index    int      `json:"index"`
	FenStart string   `json:"fen_start"`
	FenEnd   string   `json:"fen_end"`
	ICCS     []string `json:"iccs"`
	NLegal   []int    `json:"nlegal"`
	Result   string   `json:"result"`
	Reason   string   `json:"result_reason"`
}

func readOracle(t testing.TB) []oracleGame {
	t.Helper()
	var games []oracleGame
	oracleDir := oracleDirs[0]
	if _, err := os.Stat(oracleDir); err != nil {
		oracleDir = oracleDirs[1]
	}
	for _, name := range []string{"random-games.jsonl", "tandem-games.jsonl"} {
		data, err := os.ReadFile(filepath.Join(oracleDir, name))
		if os.IsNotExist(err) {
			t.Skipf("oracle not found at %s", oracleDir)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var g oracleGame
			if err := json.Unmarshal([]byte(line), &g); err != nil {
				t.Fatal(err)
			}
			games = append(games, g)
		}
	}
	return games
}

func parseICCSMove(t testing.TB, s string) Move {
	t.Helper()
	if len(s) != 5 || s[2] != '-' {
		t.Fatalf("bad ICCS %q", s)
	}
	from, ok1 := SquareFromICCS(s[0], s[1])
	to, ok2 := SquareFromICCS(s[3], s[4])
	if !ok1 || !ok2 {
		t.Fatalf("bad ICCS %q", s)
	}
	return NewMove(from, to)
}

// checkInvariants verifies the redundant state of a position against its mailbox.
func checkInvariants(t testing.TB, p *Position, where string) {
	t.Helper()
	var pieces [2][8]Bitboard
	var rows [2][10]uint16
	var cols [2][9]uint16
	generals := [2]int{}
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == NoPiece {
			continue
		}
		c := pc.Color()
		pieces[c][pc.Role()] = pieces[c][pc.Role()].Set(sq)
		rows[c][sq.Row()] |= 1 << sq.Col()
		cols[c][sq.Col()] |= 1 << sq.Row()
		if pc.Role() == General {
			generals[c]++
			if p.general[c] != sq {
				t.Fatalf("%s: general square %v, board has %v", where, p.general[c], sq)
			}
		}
	}
	if generals != [2]int{1, 1} {
		t.Fatalf("%s: generals per side %v", where, generals)
	}
	if pieces != p.pieces || rows != p.rows || cols != p.cols {
		t.Fatalf("%s: bitboards or line masks disagree with the mailbox", where)
	}
	if p.key != p.ComputeKey() {
		t.Fatalf("%s: incremental key %x, fresh %x", where, p.key, p.ComputeKey())
	}
}

// TestOracleGames replays every reference game: legal move counts at every ply, legality of
// the played move, invariants after every ply, and the final position.
func TestOracleGames(t *testing.T) {
	games := readOracle(t)
	var list MoveList
	plies := 0
	for _, g := range games {
		name := g.Mode + "/" + strconv.Itoa(g.Index)
		pos, err := FromFEN(g.FenStart)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, text := range g.ICCS {
			where := name + " ply " + strconv.Itoa(i+1) + " " + text
			pos.GenerateLegal(&list)
			if list.N != g.NLegal[i] || pos.CountLegal() != g.NLegal[i] {
				t.Fatalf("%s: %d legal moves (count %d), want %d in %s", where, list.N, pos.CountLegal(), g.NLegal[i], pos.FEN())
			}
			m := parseICCSMove(t, text)
			if !pos.IsLegal(m) {
				t.Fatalf("%s: move not legal in %s", where, pos.FEN())
			}
			found := false
			for _, lm := range list.Slice() {
				found = found || lm == m
			}
			if !found {
				t.Fatalf("%s: move missing from the legal list", where)
			}
			pos.Play(m)
			checkInvariants(t, pos, where)
			plies++
		}
		if n := len(g.ICCS); n < len(g.NLegal) && pos.CountLegal() != g.NLegal[n] {
			t.Fatalf("%s: final position has %d legal moves, want %d", name, pos.CountLegal(), g.NLegal[n])
		}
		want := strings.Fields(g.FenEnd)
		if pos.BoardFEN() != want[0] || (pos.Turn() == Black) != (want[1] == "b") {
			t.Fatalf("%s: end %s, want %s", name, pos.FEN(), g.FenEnd)
		}
		mated := !pos.HasLegalMove()
		if mated != (g.Reason == "checkmate" || g.Reason == "stalemate") {
			t.Errorf("%s: no legal move = %v, oracle says %s", name, mated, g.Reason)
		}
		if g.Reason == "checkmate" && !pos.IsCheckmate() || g.Reason == "stalemate" && !pos.IsStalemate() {
			t.Errorf("%s: oracle says %s", name, g.Reason)
		}
	}
	t.Logf("%d games, %d plies replayed", len(games), plies)
}

// TestIsLegalMatchesGenerator compares the exact single-move test with the generated list for
// every from/to pair in the positions of a few reference games.
func TestIsLegalMatchesGenerator(t *testing.T) {
	games := readOracle(t)
	var list MoveList
	for _, g := range games[:20] {
		pos, _ := FromFEN(g.FenStart)
		for _, text := range g.ICCS {
			pos.GenerateLegal(&list)
			legal := map[Move]bool{}
			for _, m := range list.Slice() {
				legal[m] = true
			}
			for from := Square(0); from < NumSquares; from++ {
				for to := Square(0); to < NumSquares; to++ {
					m := NewMove(from, to)
					if pos.IsLegal(m) != legal[m] {
						t.Fatalf("IsLegal(%v) = %v in %s", m, !legal[m], pos.FEN())
					}
				}
			}
			pos.Play(parseICCSMove(t, text))
		}
	}
}

func TestPlayUnplay(t *testing.T) {
	games := readOracle(t)
	g := games[0]
	pos, _ := FromFEN(g.FenStart)
	type step struct {
		m Move
		u Undo
	}
	var steps []step
	start := *pos
	for _, text := range g.ICCS {
		m := parseICCSMove(t, text)
		steps = append(steps, step{m, pos.Play(m)})
	}
	for i := len(steps) - 1; i >= 0; i-- {
		pos.Unplay(steps[i].m, steps[i].u)
	}
	if *pos != start {
		t.Fatal("unplaying every move does not restore the start position")
	}
}
