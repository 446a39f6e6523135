package vline

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// MaxCandidates bounds the candidate moves a Result keeps.
const MaxCandidates = 16

// Result is the outcome of Resolve.
type Result struct {
	// N is the number of legal moves the deciding reading found: 1 is success, 0 illegal,
	// more ambiguous.
	N int
	// Moves holds the first min(N, MaxCandidates) of them.
	Moves [MaxCandidates]board.Move
	// Note says why the text is non-standard; "" when it is how qipu, or for WXF also
	// Fairy-Stockfish, would write the move.
	Note string
	// Reason explains a failure (N == 0).
	Reason string
}

// Candidates returns a copy of the moves found (for an ambiguity error).
func (r *Result) Candidates() []board.Move {
	n := min(r.N, MaxCandidates)
	return append([]board.Move(nil), r.Moves[:n]...)
}

func (r *Result) add(m board.Move) {
	if r.N < MaxCandidates {
		r.Moves[r.N] = m
	}
	r.N++
}

// The notes Resolve gives for non-standard texts.
const (
	NoteOmitted    = "前/后 omitted"
	NoteNotNeeded  = "前/后 where none is needed"
	NoteNumbering  = "tandem pieces numbered another way"
	NoteNoPiece    = "piece name omitted"
	NoteTableOrder = "中/后 markers in the order of the xqbase notation note's table (+ - .)"
)

// Dialect says which forms of a notation count as standard and which extra readings apply.
type Dialect uint8

// The dialects.
const (
	Chinese Dialect = iota // standard = the xqbase notation note's form
	WXF                    // standard = the xqbase notation note's or Fairy-Stockfish's form; digit and marker-order readings
)

type reading uint8

const (
	readStandard reading = iota
	readRelaxed
)

// Resolve finds the legal move of the side to move that l describes. Readings are tried in
// order, and the first one that fits any legal move decides (one: success, several:
// ambiguous):
//
//  1. the standard reading (前/后 of two, 前/中/后 of three, ordinals per the xqbase note, or per
//     Fairy-Stockfish when a file is given; a bare file means every piece of the kind on it);
//  2. WXF only: a leading digit pair (15+1) read as piece digit + file (K5+1);
//  3. WXF only: the markers . and - swapped (the xqbase notation note's table: 中 -, 后 .);
//  4. only when the standard reading designates no piece at all: a relaxed reading, where
//     markers that fit no tandem are ignored (the file, if given, still counts) and an
//     ordinal counts any file from the front.
//
// A marker or ordinal that designates a piece which cannot make the move is therefore
// illegal, not read as another piece.
//
// The Note of a success is empty when the text is the canonical form of the move.
func Resolve(pos *board.Position, l notation.Line, d Dialect) Result {
	var res Result
	if m, ok := Sole(pos, l); ok {
		res.add(m)
		return res
	}
	c := pos.Turn()
	eff := l
	designated := collect(pos, c, l, readStandard, &res)
	if res.N == 0 && d == WXF && l.Role == board.NoRole && l.Pick == notation.PickOrdinal && l.File != 0 && l.Index >= 1 && l.Index <= 7 {
		eff = notation.Line{Role: board.Role(l.Index), File: l.File, Op: l.Op, Arg: l.Arg}
		collect(pos, c, eff, readStandard, &res)
		if res.N == 0 {
			eff = l
		}
	}
	tableOrder := false
	if res.N == 0 && d == WXF && (l.Pick == notation.PickMiddle || l.Pick == notation.PickRear) {
		sw := l
		sw.Pick = notation.PickMiddle + notation.PickRear - l.Pick
		collect(pos, c, sw, readStandard, &res)
		tableOrder = res.N > 0
	}
	if res.N == 0 && !designated {
		collect(pos, c, l, readRelaxed, &res)
	}
	switch {
	case res.N == 0:
		res.Reason = reason(pos, c, l)
	case res.N == 1:
		switch {
		case tableOrder:
			res.Note = NoteTableOrder
		default:
			res.Note = note(pos, res.Moves[0], eff, d)
		}
	}
	return res
}

// Sole returns the move l describes in the common case: l names a piece kind and its file,
// the side to move has only one piece of the kind on that file, and the piece can make the
// move. Resolve then finds that move alone, and the text is canonical (no note). ok is false
// in every other case, where Resolve decides.
func Sole(pos *board.Position, l notation.Line) (board.Move, bool) {
	if l.Pick != notation.PickFile || l.Role == board.NoRole || l.File < 1 || l.File > 9 {
		return board.NoMove, false
	}
	c := pos.Turn()
	onFile := pos.Pieces(c, l.Role).And(board.FileBB(ColOf(c, int(l.File))))
	if onFile.Count() != 1 {
		return board.NoMove, false
	}
	from := onFile.First()
	to, ok := Dest(c, l.Role, from, l.Op, int(l.Arg))
	if !ok {
		return board.NoMove, false
	}
	m := board.NewMove(from, to)
	return m, pos.IsLegal(m)
}

func reason(pos *board.Position, c board.Color, l notation.Line) string {
	if l.Role == board.NoRole {
		return "no legal move fits"
	}
	all := pos.Pieces(c, l.Role)
	if all.Empty() {
		return "no such piece"
	}
	if l.File >= 1 && l.File <= 9 && all.And(board.FileBB(ColOf(c, int(l.File)))).Empty() {
		return "no such piece on that file"
	}
	return "no legal move fits"
}

// note compares the text's line with the canonical ones of m.
func note(pos *board.Position, m board.Move, eff notation.Line, d Dialect) string {
	from := m.From()
	pc := pos.At(from)
	if eff.Pick == notation.PickFile && eff.Role != board.NoRole &&
		pos.Pieces(pc.Color(), pc.Role()).And(board.FileBB(from.Col())).Count() == 1 {
		return "" // the common case: the only piece of its kind on its file
	}
	fromFile := uint8(FileOf(pc.Color(), from.Col()))
	canon := Describe(pos, m, false)
	if same(eff, canon, fromFile) {
		return ""
	}
	if d == WXF && same(eff, Describe(pos, m, true), fromFile) {
		return ""
	}
	switch {
	case eff.Role == board.NoRole && canon.Role != board.NoRole:
		return NoteNoPiece
	case eff.Pick == notation.PickFile && canon.Pick != notation.PickFile:
		return NoteOmitted
	case eff.Pick != notation.PickFile && canon.Pick == notation.PickFile:
		return NoteNotNeeded
	}
	return NoteNumbering
}

func same(eff, canon notation.Line, fromFile uint8) bool {
	if eff.Role != canon.Role || eff.Pick != canon.Pick || eff.Index != canon.Index {
		return false
	}
	return eff.File == canon.File || canon.File == 0 && eff.File == fromFile
}

// collect adds to res every legal move that l, read as rd, fits, and reports whether the
// reading designates any piece at all.
func collect(pos *board.Position, c board.Color, l notation.Line, rd reading, res *Result) bool {
	if l.Role != board.NoRole {
		return collectRole(pos, c, l.Role, l, rd, res)
	}
	found := false
	for _, r := range board.Roles {
		if collectRole(pos, c, r, l, rd, res) {
			found = true
		}
	}
	return found
}

func collectRole(pos *board.Position, c board.Color, r board.Role, l notation.Line, rd reading, res *Result) bool {
	origins := originsOf(pos, c, r, l, rd)
	designated := !origins.Empty()
	for !origins.Empty() {
		from := origins.PopFirst()
		to, ok := Dest(c, r, from, l.Op, int(l.Arg))
		if !ok {
			continue
		}
		if m := board.NewMove(from, to); pos.IsLegal(m) {
			res.add(m)
		}
	}
	return designated
}

// originsOf returns the squares of the pieces of color c and role r that l, read as rd, may
// designate.
func originsOf(pos *board.Position, c board.Color, r board.Role, l notation.Line, rd reading) board.Bitboard {
	all := pos.Pieces(c, r)
	if all.Empty() {
		return all
	}
	var fileCol = -1
	if l.File != 0 {
		if l.File > 9 {
			return board.Bitboard{}
		}
		fileCol = ColOf(c, int(l.File))
	}
	if l.Pick == notation.PickFile {
		if fileCol < 0 || rd != readStandard {
			return board.Bitboard{}
		}
		return all.And(board.FileBB(fileCol))
	}
	var out board.Bitboard
	var buf [board.NumRows]board.Square
	if l.Pick == notation.PickOrdinal {
		i := int(l.Index)
		if i < 1 {
			return out
		}
		if rd == readStandard && fileCol < 0 {
			if s := nthAcross(c, all, i); s != board.NoSquare {
				out = out.Set(s)
			}
			return out
		}
		for col := 0; col < board.NumCols; col++ {
			if fileCol >= 0 && col != fileCol {
				continue
			}
			onFile := all.And(board.FileBB(col))
			k := onFile.Count()
			if k < i {
				continue
			}
			if rd == readStandard {
				// Fairy-Stockfish's index + file: the file holds two or more (a piece-less
				// index form only where Fairy-Stockfish writes one).
				if k < 2 || l.Role == board.NoRole && k < 3 && tandemFiles(all) < 2 {
					continue
				}
			}
			order(c, onFile, &buf)
			out = out.Set(buf[i-1])
		}
		return out
	}
	if rd == readRelaxed {
		if fileCol >= 0 {
			return all.And(board.FileBB(fileCol))
		}
		return all
	}
	for col := 0; col < board.NumCols; col++ {
		if fileCol >= 0 && col != fileCol {
			continue
		}
		onFile := all.And(board.FileBB(col))
		k := onFile.Count()
		if k < 2 {
			continue
		}
		order(c, onFile, &buf)
		switch l.Pick {
		case notation.PickFront:
			out = out.Set(buf[0])
		case notation.PickRear:
			out = out.Set(buf[k-1])
		case notation.PickMiddle:
			for j := 1; j < k-1; j++ {
				out = out.Set(buf[j])
			}
		}
	}
	return out
}
