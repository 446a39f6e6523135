package ending

import (
	"math/bits"

	"github.com/qipu/qipu/pkg/board"
)

// MaxCycle is the number of cycle moves a MoveSet holds. JudgeCycle judges longer cycles in
// full but records only their first MaxCycle moves in Verdict.Checks and Verdict.Chases.
const MaxCycle = 256

// MoveSet is a set of move indexes of a cycle (0 is the cycle's first move), below MaxCycle.
type MoveSet [MaxCycle / 64]uint64

// Has reports whether move i is in the set.
func (s MoveSet) Has(i int) bool {
	return i >= 0 && i < MaxCycle && s[i>>6]>>(i&63)&1 != 0
}

// Count returns the number of moves in the set.
func (s MoveSet) Count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

func (s *MoveSet) add(i int) {
	if i < MaxCycle {
		s[i>>6] |= 1 << (i & 63)
	}
}

// Verdict is what the repetition rules say about a cycle.
type Verdict struct {
	Kind  Kind  // None (not a cycle), PerpetualCheck, MutualPerpetualCheck, PerpetualChase or Repetition
	Loser Side  // the side that loses (PerpetualCheck, PerpetualChase), else NoSide
	Rules Rules // the rule set the cycle was judged by
	// Turn is the side to move in the repeated position: it makes the cycle's first move.
	Turn board.Color
	// Moves is the cycle's length in plies.
	Moves int
	// Checks holds the moves of the cycle that gave check.
	Checks MoveSet
	// Chases holds the moves of the cycle that chased: newly attacked a piece the chase rules
	// let be chased (a check is never a chase). Filled under XQBase only.
	Chases MoveSet
	// For PerpetualChase: the chased piece, its square in the repeated position, and the
	// piece that made the chaser's first chasing move (the lowest square when every chasing
	// move attacked several). Chased is board.NoSquare otherwise.
	Chased      board.Square
	ChasedPiece board.Piece
	Chaser      board.Piece
}

// Result returns the game result the verdict proves: "1-0" or "0-1" when a side loses,
// "1/2-1/2" for a draw (mutual perpetual check, repetition), "*" for None.
func (v Verdict) Result() string {
	switch {
	case v.Loser == Red:
		return "0-1"
	case v.Loser == Black:
		return "1-0"
	case v.Kind == MutualPerpetualCheck || v.Kind == Repetition:
		return "1/2-1/2"
	}
	return "*"
}

// Reason returns a short sentence for messages, e.g. "Red checks on every move of the
// cycle".
func (v Verdict) Reason() string { return string(v.AppendReason(nil)) }

// AppendReason appends Reason's text to dst and returns the extended buffer.
func (v Verdict) AppendReason(dst []byte) []byte {
	switch v.Kind {
	case PerpetualCheck:
		c, _ := v.Loser.Color()
		dst = append(dst, title(c)...)
		return append(dst, " checks on every move of the cycle"...)
	case MutualPerpetualCheck:
		return append(dst, "both sides check on every move of the cycle"...)
	case PerpetualChase:
		c, _ := v.Loser.Color()
		dst = append(dst, title(c)...)
		dst = append(dst, "'s "...)
		dst = append(dst, v.Chaser.Role().String()...)
		dst = append(dst, " chases "...)
		dst = append(dst, title(c.Other())...)
		dst = append(dst, "'s "...)
		if v.ChasedPiece.Role() != board.Chariot {
			dst = append(dst, "unprotected "...)
		}
		dst = append(dst, v.ChasedPiece.Role().String()...)
		dst = append(dst, " on "...)
		dst = append(dst, v.Chased.File(), '0'+byte(v.Chased.Rank()))
		return append(dst, " with every move of the cycle"...)
	case Repetition:
		if v.Rules == XQBase {
			return append(dst, "the position repeats with neither a perpetual check nor a perpetual chase"...)
		}
		return append(dst, "the position repeats without a perpetual check"...)
	}
	return append(dst, "not a cycle"...)
}

// Mover returns the color that makes move i of the cycle.
func (v Verdict) Mover(i int) board.Color {
	if i%2 == 0 {
		return v.Turn
	}
	return v.Turn.Other()
}

// JudgeCycle judges a repetition cycle: pos is the repeated position (the position before
// the cycle's first move and after its last) and cycle the moves between its last two
// occurrences. It plays the cycle on a copy of pos; pos is not changed.
//
// The verdict, in this order of precedence:
//   - PerpetualCheck: one side checks with every one of its moves of the cycle and the other
//     does not; the checker loses.
//   - MutualPerpetualCheck: both sides check with every move; a draw.
//   - PerpetualChase (rules XQBase only): one side chases the same piece with every one of its
//     moves that is not a check (at least one move chases), and the other side does not; the
//     chaser loses. See the package documentation for what a chase is.
//   - Repetition: anything else; a draw.
//
// It returns Kind None when the moves are not a cycle from pos: an odd or empty list, an
// illegal move, or a last move that does not bring pos back. It allocates nothing.
func JudgeCycle(pos *board.Position, cycle []board.Move, rules Rules) Verdict {
	v := Verdict{Kind: None, Rules: rules, Moves: len(cycle), Chased: board.NoSquare}
	if pos == nil {
		return v
	}
	v.Turn = pos.Turn()
	if len(cycle) == 0 || len(cycle)%2 != 0 {
		return v
	}
	var j judge
	j.init(pos, rules == XQBase)
	for i, m := range cycle {
		check, chase, ok := j.play(m)
		if !ok {
			return v
		}
		if check {
			v.Checks.add(i)
		}
		if chase {
			v.Chases.add(i)
		}
	}
	if j.pos.Key() != pos.Key() {
		return v
	}
	allChecks := [2]bool{
		j.checks[board.Red] == j.moves[board.Red],
		j.checks[board.Black] == j.moves[board.Black],
	}
	switch {
	case allChecks[board.Red] && allChecks[board.Black]:
		v.Kind = MutualPerpetualCheck
	case allChecks[board.Red]:
		v.Kind, v.Loser = PerpetualCheck, Red
	case allChecks[board.Black]:
		v.Kind, v.Loser = PerpetualCheck, Black
	default:
		v.Kind = Repetition
		chasing := [2]bool{j.chasing(board.Red), j.chasing(board.Black)}
		if chasing[board.Red] != chasing[board.Black] {
			c := board.Red
			if chasing[board.Black] {
				c = board.Black
			}
			v.Kind, v.Loser = PerpetualChase, SideOf(c)
			v.Chased = j.chased[c].First()
			v.ChasedPiece = pos.At(v.Chased)
			v.Chaser = j.chaser[c]
		}
	}
	return v
}

// judge replays a cycle and keeps, per side, the counts of its moves, checks and chases
// and the pieces it has chased with every chasing move so far.
type judge struct {
	pos    board.Position
	chase  bool                           // judge chases
	origin [board.NumSquares]board.Square // the square in the repeated position of the piece now on each square
	moves  [2]int
	checks [2]int
	chases [2]int
	chased [2]board.Bitboard // by origin square
	chaser [2]board.Piece    // the piece of the side's first chasing move
	list   board.MoveList
}

func (j *judge) init(pos *board.Position, chase bool) {
	j.pos = *pos
	j.chase = chase
	for s := range j.origin {
		j.origin[s] = board.Square(s)
	}
}

// chasing reports whether every move of c chases one same piece.
func (j *judge) chasing(c board.Color) bool {
	// Every move chases: a side that alternates check and chase is not judged under the
	// xqbase league's rules (nor AXF's), though the Chinese rules forbid it.
	return j.chases[c] > 0 && j.chases[c] == j.moves[c] && !j.chased[c].Empty()
}

// play makes move m, which must be legal, and reports whether it gave check and whether it
// chased (only when the chase rules are on).
func (j *judge) play(m board.Move) (check, chase, ok bool) {
	p := &j.pos
	if !p.IsLegal(m) {
		return false, false, false
	}
	us := p.Turn()
	from, to := m.From(), m.To()
	mover := p.At(from)
	var before board.Bitboard
	if j.chase {
		before = j.captures(from)
	}
	p.Play(m)
	j.origin[to] = j.origin[from]
	j.origin[from] = board.NoSquare
	j.moves[us]++
	if p.InCheck() {
		j.checks[us]++
		return true, false, true
	}
	if !j.chase {
		return false, false, true
	}
	p.PassTurn()
	targets := j.captures(to).AndNot(before)
	var victims board.Bitboard
	for !targets.Empty() {
		t := targets.PopFirst()
		if j.chaseable(mover, to, t) {
			victims = victims.Set(j.origin[t])
		}
	}
	p.PassTurn()
	if victims.Empty() {
		return false, false, true
	}
	if j.chases[us] == 0 {
		j.chased[us] = victims
		j.chaser[us] = mover
	} else {
		j.chased[us] = j.chased[us].And(victims)
	}
	j.chases[us]++
	return false, true, true
}

// captures returns the squares of the enemy pieces the piece on from can legally capture,
// its side being to move.
func (j *judge) captures(from board.Square) board.Bitboard {
	var out board.Bitboard
	j.pos.GenerateLegal(&j.list)
	for _, m := range j.list.Slice() {
		if m.From() == from && j.pos.At(m.To()) != board.NoPiece {
			out = out.Set(m.To())
		}
	}
	return out
}

// chaseable reports whether the attack of piece a on from (its side to move, with a legal
// capture of t) on the enemy piece on t is a chase by the xqbase
// league's definition: a horse or cannon attacking a chariot, or a horse, chariot or cannon
// attacking an unprotected horse, cannon or soldier across the river, never a piece of its
// own kind.
func (j *judge) chaseable(a board.Piece, from, t board.Square) bool {
	victim := j.pos.At(t)
	ar, vr := a.Role(), victim.Role()
	if ar != board.Horse && ar != board.Chariot && ar != board.Cannon || ar == vr {
		return false
	}
	switch vr {
	case board.Chariot:
		return true // ar is a horse or a cannon: a chariot is worth more, protected or not
	case board.Horse, board.Cannon:
	case board.Soldier:
		if !crossed(victim.Color(), t) {
			return false
		}
	default:
		return false
	}
	return !j.protected(from, t)
}

// crossed reports whether a soldier of color c on sq has crossed the river.
func crossed(c board.Color, sq board.Square) bool {
	if c == board.Red {
		return sq.Row() <= 4
	}
	return sq.Row() >= 5
}

// protected reports whether the piece on t would be recaptured legally after the side to
// move took it with the piece on a (a legal capture): a defender that is pinned, or that
// would leave its general in check, does not protect.
func (j *judge) protected(a, t board.Square) bool {
	m := board.NewMove(a, t)
	u := j.pos.Play(m)
	j.pos.GenerateLegal(&j.list)
	found := false
	for _, r := range j.list.Slice() {
		if r.To() == t {
			found = true
			break
		}
	}
	j.pos.Unplay(m, u)
	return found
}
