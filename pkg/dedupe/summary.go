// Package dedupe finds the games of an archive that are the same game, whatever their file
// format, encoding, script, notation, tags or comments: two games are the same when they
// start from the same position and their main lines, once replayed, are the same moves.
//
// It also relates a game whose main line is a strict prefix of another's from the same start
// (a truncated copy beside the full game: relation Prefix) and a game that is the left–right
// mirror of another (relation Mirror).
//
// Memory is what makes it usable on real archives: a game is reduced to a Summary of a few
// dozen bytes (hashes of its start and main line, its size), so millions of games fit. The
// prefix relation needs the moves of every game a second time, so finding it takes two
// passes over the games: Add every game (pass 1), then Freeze, then give every game to
// AddPrefixes in any order (pass 2), then Groups.
//
//	ix := dedupe.NewIndex()
//	for each file f, each game g: ix.Add(fileID, g.Index, dedupe.Summarize(g))   // pass 1
//	ix.Freeze()
//	for each file f, each game g: ix.AddPrefixes(fileID, g)                      // pass 2
//	groups := ix.Groups()
//
// Hashes are 64-bit and computed the same way on every run and machine, so the output is
// deterministic; two different games share a hash with a probability of about n²/2⁶⁵ for n
// games (one in ten million for a million games).
package dedupe

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// Summary is what the index keeps of one game.
type Summary struct {
	// Key identifies the start position and the main line (with its length).
	Key uint64
	// MirrorKey is the Key of the game mirrored left–right (start and every move).
	MirrorKey uint64
	// Plies is the length of the main line as far as it replays.
	Plies uint32
	// Variations counts the alternatives in the move tree; Comments the comments.
	Variations, Comments uint32
}

// Summarize reduces a replayed game to its Summary. It allocates nothing.
func Summarize(g *game.Game) Summary {
	start, mstart := startHashes(&g.Setup)
	h, mh := start, mstart
	var plies uint32
	for n := &g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		h = step(h, n.Move)
		mh = step(mh, mirrorMove(n.Move))
		plies++
	}
	s := Summary{Key: finish(h, plies), MirrorKey: finish(mh, plies), Plies: plies}
	s.Variations, s.Comments = treeCounts(&g.Root)
	return s
}

// treeCounts counts the alternatives (children beyond the first) and the comments of the
// tree under root, without recursion.
func treeCounts(root *game.Node) (variations, comments uint32) {
	var stack [64]*game.Node
	todo := stack[:0]
	todo = append(todo, root)
	for len(todo) > 0 {
		n := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		comments += uint32(len(n.Comments))
		if len(n.Children) > 1 {
			variations += uint32(len(n.Children) - 1)
		}
		todo = append(todo, n.Children...)
	}
	return variations, comments
}

// mix is the finalizer of SplitMix64: a bijection of 64-bit values whose every output bit
// depends on every input bit.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// startHashes hashes a setup's board and side to move, and the same for the setup mirrored
// left–right. The move counters do not count: they do not change the game.
func startHashes(s *board.Setup) (h, mirrored uint64) {
	if s.Board == standard.Board && s.Turn == standard.Turn {
		return standardHash, standardMirror
	}
	return hashSetup(s)
}

var (
	standard                     = board.StartSetup()
	standardHash, standardMirror = hashSetup(&standard)
)

// hashSetup is startHashes without the shortcut for the standard start: each occupied square
// contributes a mixed (square, piece) word to a sum, so the order of the squares does not
// matter and the mirror is the same sum over reflected squares.
func hashSetup(s *board.Setup) (h, mirrored uint64) {
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		p := uint64(s.Board[sq])
		if p == 0 {
			continue
		}
		h += mix(p<<8 | uint64(sq) | 1<<20)
		mirrored += mix(p<<8 | uint64(mirrorSquare(sq)) | 1<<20)
	}
	turn := uint64(s.Turn) + 1
	return mix(h ^ turn<<32), mix(mirrored ^ turn<<32)
}

// step extends a line hash by one move.
func step(h uint64, m board.Move) uint64 { return mix(h ^ uint64(m)<<1 ^ 1) }

// finish turns the hash of a line of plies moves into its key.
func finish(h uint64, plies uint32) uint64 { return mix(h ^ uint64(plies)<<40) }

// mirrorSquare reflects a square left–right (column c becomes 8−c).
func mirrorSquare(s board.Square) board.Square {
	row, col := int(s)/9, int(s)%9
	return board.Square(row*9 + 8 - col)
}

func mirrorMove(m board.Move) board.Move {
	return board.NewMove(mirrorSquare(m.From()), mirrorSquare(m.To()))
}
