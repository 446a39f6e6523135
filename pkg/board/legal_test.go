package board

import (
	"math/rand/v2"
	"testing"
)

// referenceLegal lists the legal moves the slow, obvious way: every pseudo-legal move is
// played and kept when the mover's general is not attacked afterwards.
func referenceLegal(p *Position) []Move {
	var l MoveList
	p.genPseudo(&l)
	var out []Move
	us := p.turn
	for _, m := range l.Slice() {
		captured := p.makeMove(m)
		if g := p.general[us]; g == NoSquare || !p.attacked(g, us^1) {
			out = append(out, m)
		}
		p.unmakeMove(m, captured)
	}
	return out
}

// TestLegalMatchesReference walks random games from every perft position and compares the
// generator, the counter, HasLegalMove and IsLegal with the reference at every ply. The pin
// and cannon-screen shortcuts of the fast paths are exact only if this holds everywhere.
func TestLegalMatchesReference(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 8
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var l MoveList
	positions, checks := 0, 0
	for _, c := range readPerft(t, "testdata/perft.epd") {
		for range games {
			pos, err := FromFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 150; ply++ {
				want := referenceLegal(pos)
				pos.GenerateLegal(&l)
				if l.N != len(want) || pos.CountLegal() != len(want) || pos.HasLegalMove() != (len(want) > 0) {
					t.Fatalf("%s: generated %d, counted %d, reference %d", pos.FEN(), l.N, pos.CountLegal(), len(want))
				}
				inList := map[Move]bool{}
				for _, m := range l.Slice() {
					inList[m] = true
				}
				for _, m := range want {
					if !inList[m] || !pos.IsLegal(m) {
						t.Fatalf("%s: legal move %v missing (IsLegal %v)", pos.FEN(), m, pos.IsLegal(m))
					}
				}
				positions++
				if pos.InCheck() {
					checks++
				}
				if len(want) == 0 {
					break
				}
				pos.Play(want[rng.IntN(len(want))])
			}
		}
	}
	t.Logf("%d positions, %d in check", positions, checks)
	if checks == 0 {
		t.Error("no position in check: the evasion filter went untested")
	}
}
