package ecco

import (
	"fmt"
	"testing"

	"github.com/qipu/qipu/pkg/board"
)

// baseRoutes reaches each base position by one of its move orders.
var baseRoutes = map[string]string{
	"C20": "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 车二进六 马２进３ 5. 马八进七 卒３进１",
	"C30": "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 车二进六 马２进３ 5. 兵七进一",
	"C61": "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１ 4. 马八进九 马２进３ 5. 炮八平七",
	"C72": "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵三进一 卒３进１ " +
		"5. 马八进九 卒１进１ 6. 炮八平七 马３进２",
}

// padding lists moves played by a side with nothing left to play: edge pawns and the general.
var padding = []string{"P9+1", "P1+1", "K5+1", "K5-1"}

// synthesize builds a game from one alternative of each side of a rule's line: the
// base route if any, then each side's required moves in order (fillers left out), with
// padding moves for a side that waits. It fails when a required move cannot be played, which
// catches slips in the data such as a wrong file.
func synthesize(t *testing.T, tb *table, l *line, alt [2]int) ([]board.Move, error) {
	pos := board.StartPosition()
	var moves []board.Move
	if l.base >= 0 {
		g := gameOf(t, "", baseRoutes[tb.bases[l.base].name])
		for _, n := range g.MainLine() {
			moves = append(moves, n.Move)
			pos.Play(n.Move)
		}
	}
	// The work left per side: one entry per step, a nil set for a wild step.
	var todo [2][][]target
	var fill [2][][]key // the fillers of each entry of todo
	for side := range 2 {
		if len(l.sides[side]) == 0 {
			continue
		}
		for _, st := range l.sides[side][alt[side]].steps {
			todo[side] = append(todo[side], append([]target(nil), st.targets...))
			fill[side] = append(fill[side], st.fillers)
		}
	}
	keyOf := func(m board.Move) key { return moveKey(pos.At(m.From()), m.From(), m.To()) }
	find := func(tg target) (board.Move, bool) {
		for _, m := range pos.LegalMoves(nil) {
			if has(tg, keyOf(m)) {
				return m, true
			}
		}
		return 0, false
	}
	for ply := len(moves); ply < MaxPlies; ply++ {
		side := ply % 2
		var m board.Move
		ok := false
		if q := todo[side]; len(q) > 0 {
			set := q[0]
			if len(set) == 0 { // wild
				todo[side] = q[1:]
				fill[side] = fill[side][1:]
			} else {
				for i, tg := range set {
					if m, ok = find(tg); ok {
						q[0] = append(set[:i:i], set[i+1:]...)
						break
					}
				}
				if !ok { // a filler may open the way
					for _, f := range fill[side][0] {
						if m, ok = find(target{f}); ok {
							break
						}
					}
					if !ok {
						return moves, fmt.Errorf("ply %d: none of %v can be played", ply, set)
					}
				} else if len(q[0]) == 0 {
					todo[side] = q[1:]
					fill[side] = fill[side][1:]
				}
			}
		} else if len(todo[0])+len(todo[1]) == 0 {
			break
		}
		if !ok {
			for _, p := range padding {
				k, _ := parseKey(p)
				if m, ok = find(target{k}); ok {
					break
				}
			}
			if !ok {
				return moves, fmt.Errorf("ply %d: no padding move", ply)
			}
		}
		moves = append(moves, m)
		pos.Play(m)
	}
	return moves, nil
}

// synthExceptions are the codes whose synthesized game rightly gets another code.
var synthExceptions = map[string]string{
	"D11": "D20", // 3…车９进１ is the D2 line (顺炮直车对横车)
}

// TestRulesPlayable builds a game for every code from its own rule and classifies it: every
// required move must be playable, and the game and its mirror must get the code (or a listed
// exception).
func TestRulesPlayable(t *testing.T) {
	for _, reading := range []Reading{Program, Pages} {
		t.Run(reading.String(), func(t *testing.T) { rulesPlayable(t, reading) })
	}
}

func rulesPlayable(t *testing.T, reading Reading) {
	tb := rules(reading)
	games := 0
	for i := range tb.rules {
		r := &tb.rules[i]
		for li := range r.lines {
			l := &r.lines[li]
			for a0 := range max(1, len(l.sides[0])) {
				for a1 := range max(1, len(l.sides[1])) {
					moves, err := synthesize(t, tb, l, [2]int{a0, a1})
					if err != nil {
						t.Errorf("%s line %d (%d, %d): %v", r.codeText, li, a0, a1, err)
						continue
					}
					if len(moves) == 0 {
						continue
					}
					games++
					got, _ := ClassifyMovesIn(moves, MaxPlies, reading)
					mirrored := make([]board.Move, len(moves))
					for j, m := range moves {
						mirrored[j] = board.NewMove(mirrorSquare(m.From()), mirrorSquare(m.To()))
					}
					if m, _ := ClassifyMovesIn(mirrored, MaxPlies, reading); m != got {
						t.Errorf("%s line %d (%d, %d): %s, mirrored %s", r.codeText, li, a0, a1, got.Code, m.Code)
					}
					if got.Code != r.codeText && synthExceptions[r.codeText] != got.Code {
						var p played
						p.replay(tb, moves)
						line := ""
						for j := 0; j < p.n; j++ {
							line += " " + p.keys[j].String()
						}
						t.Errorf("%s line %d (%d, %d): its own game is %s:%s", r.codeText, li, a0, a1, got.Code, line)
					}
				}
			}
		}
	}
	t.Logf("%d games built from the rules", games)
}
