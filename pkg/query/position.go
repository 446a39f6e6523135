package query

import (
	"errors"
	"fmt"
	"sort"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// ErrNoPosition is returned by NewPositionMatcher for an empty list of positions.
var ErrNoPosition = errors.New("query: no position given")

// PositionMatcher reports whether a game's main line reaches one of a set of positions:
// the same pieces on the same squares and the same side to move (the move counters are
// ignored). It is immutable: one PositionMatcher serves any number of goroutines.
type PositionMatcher struct {
	targets   []target // sorted by key
	minPieces int      // the fewest pieces of a target: a line with fewer can stop
}

// target is one position sought.
type target struct {
	key    uint64 // the board's Zobrist key of placement and side to move
	board  [board.NumSquares]board.Piece
	turn   board.Color
	pieces int
}

// NewPositionMatcher returns a matcher of the positions given as FENs (xqbase FEN, as
// board.ParseFEN reads it; the move counters do not matter). With mirror, it also matches
// the left–right mirror of each position. A FEN that does not read gives an error wrapping
// board.ErrFEN; the position itself is not validated, since a game may start from an odd
// setup and reach it.
func NewPositionMatcher(fens []string, mirror bool) (*PositionMatcher, error) {
	if len(fens) == 0 {
		return nil, ErrNoPosition
	}
	m := &PositionMatcher{minPieces: board.NumSquares + 1}
	for i, fen := range fens {
		s, err := board.ParseFEN(fen)
		if err != nil {
			return nil, fmt.Errorf("query: position %d: %w", i+1, err)
		}
		m.add(&s)
		if mirror {
			ms := Mirror(s)
			m.add(&ms)
		}
	}
	sort.Slice(m.targets, func(i, j int) bool { return m.targets[i].key < m.targets[j].key })
	return m, nil
}

// add adds the position of s unless it is there already.
func (m *PositionMatcher) add(s *board.Setup) {
	var p board.Position
	p.Reset(s)
	t := target{key: p.Key(), board: s.Board, turn: s.Turn}
	for _, pc := range s.Board {
		if pc != board.NoPiece {
			t.pieces++
		}
	}
	for _, o := range m.targets {
		if o.board == t.board && o.turn == t.turn {
			return
		}
	}
	m.targets = append(m.targets, t)
	m.minPieces = min(m.minPieces, t.pieces)
}

// Mirror returns the setup reflected left–right: the piece on column c goes to column 8−c;
// the side to move and the counters stay.
func Mirror(s board.Setup) board.Setup {
	out := s
	for row := range 10 {
		for col := range 9 {
			out.Board[row*9+col] = s.Board[row*9+8-col]
		}
	}
	return out
}

// Match reports whether g's main line, its start position included, reaches one of the
// positions. It replays the main line on a board kept on the stack and allocates nothing.
// The line stops early once it holds fewer pieces than any position sought.
func (m *PositionMatcher) Match(g *game.Game) bool {
	var pos board.Position
	pos.Reset(&g.Setup)
	pieces := 0
	for _, pc := range g.Setup.Board {
		if pc != board.NoPiece {
			pieces++
		}
	}
	for n := &g.Root; ; {
		if pieces < m.minPieces {
			return false
		}
		if m.MatchPosition(&pos) {
			return true
		}
		if len(n.Children) == 0 {
			return false
		}
		n = n.Children[0]
		if pos.At(n.Move.To()) != board.NoPiece {
			pieces--
		}
		pos.Play(n.Move)
	}
}

// MatchPosition reports whether pos is one of the positions, for a caller that replays the
// game itself.
func (m *PositionMatcher) MatchPosition(pos *board.Position) bool {
	key := pos.Key()
	ts := m.targets
	// The first target whose key is not below key.
	lo, hi := 0, len(ts)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if ts[mid].key < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	for i := lo; i < len(ts) && ts[i].key == key; i++ {
		if ts[i].turn == pos.Turn() && sameBoard(pos, &ts[i].board) {
			return true
		}
	}
	return false
}

// sameBoard reports whether pos has exactly the pieces of b (a Zobrist key can collide).
func sameBoard(pos *board.Position, b *[board.NumSquares]board.Piece) bool {
	for sq := range board.NumSquares {
		if pos.At(board.Square(sq)) != b[sq] {
			return false
		}
	}
	return true
}
