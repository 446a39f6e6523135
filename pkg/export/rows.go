package export

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
)

// Score is a game's result from the side to move's point of view: what the mover of a row
// went on to score. The zero Score is ScoreUnknown.
type Score int8

// The scores. Value turns them into the numbers of the score column.
const (
	ScoreUnknown Score = iota // the result is "*": null in every format
	ScoreLoss                 // 0
	ScoreDraw                 // 0.5
	ScoreWin                  // 1
)

// Value returns the score as the score column holds it (1, 0.5 or 0), and false for
// ScoreUnknown (null).
func (s Score) Value() (float64, bool) {
	switch s {
	case ScoreWin:
		return 1, true
	case ScoreDraw:
		return 0.5, true
	case ScoreLoss:
		return 0, true
	}
	return 0, false
}

// appendText appends the score as CSV and JSON write it ("1", "0.5", "0"), or null for
// ScoreUnknown.
func (s Score) appendText(dst []byte, null string) []byte {
	switch s {
	case ScoreWin:
		return append(dst, '1')
	case ScoreDraw:
		return append(dst, "0.5"...)
	case ScoreLoss:
		return append(dst, '0')
	}
	return append(dst, null...)
}

// Row is one position of a game's main line and the move played in it: one row of the
// export. Its strings are slices of one string per game (see AppendRows); keeping a Row
// keeps that string alive.
type Row struct {
	GameID    string // GameID of the game (16 hex digits)
	Source    string // the file the game came from, as Game.Source (invalid UTF-8 replaced by U+FFFD)
	Index     int    // the game's 1-based index in its file
	Ply       int    // 0 for the first move
	FEN       string // the position before the move, xqbase FEN as board.Position.FEN writes it
	Side      string // the side to move: "w" (Red) or "b" (Black)
	Move      string // the move in UCCI form, e.g. "h2e2"
	Result    string // "1-0", "0-1", "1/2-1/2" or "*"
	Score     Score  // Result from the mover's side
	PliesLeft int    // plies from this position to the end of the exported line, this move included (1 on the last row)
	Eval      Eval   // the engine's evaluation of FEN, when Options.Evals gives one
}

// Eval is an engine's evaluation of a row's position (the position before its move), from
// Red's point of view as qipu analyze gives it: the score_cp, mate and best columns of an
// export with an engine. The zero Eval is none (null columns): the position was not
// evaluated.
type Eval struct {
	// Known reports that the engine evaluated the position; the other fields hold only then.
	Known bool
	// Mate makes Score a count of moves to mate, positive when Red mates, negative when Red
	// is mated (0: the side to move is mated now); without it Score is centipawns.
	Mate  bool
	Score int32
	// Best is the engine's best move, board.NoMove when the position has no legal move.
	Best board.Move
}

// mirrored returns the evaluation of the left–right mirror of the position.
func (e Eval) mirrored() Eval {
	if e.Best != board.NoMove {
		e.Best = mirrorMove(e.Best)
	}
	return e
}

// Options choose which games AppendRows exports and how.
type Options struct {
	// Partial also exports a game cut at an error: the plies of its main line before the
	// error. Without it, a game with an error is skipped.
	Partial bool
	// KeepResult keeps the recorded result of a game whose main line was cut at an error
	// (with Partial). By default such a game's rows say "*" and a null score, as a converted
	// cut game does: the rows do not reach the end the result is about, and plies_left
	// counts to the cut.
	KeepResult bool
	// Mirror also exports the left–right mirror of each game (every square's column c
	// becomes 8−c), as a game of its own with its own GameID, right after the game. A game
	// that is its own mirror (every move on the middle file from a symmetric start) is
	// exported once.
	Mirror bool
	// Evals, if not nil, are the engine's evaluations of the main line's positions, by ply
	// (Evals[i] is the position before the move of ply i): each row carries its own (the
	// zero Eval past the end of Evals). The mirrored game's rows carry the same evaluations,
	// their best moves mirrored.
	Evals []Eval
}

// Skip says why a game gave no rows. The zero Skip means the game was exported.
type Skip struct {
	// Reason is a stable code: the kind of the game's first error ("illegal", "syntax",
	// "setup", "truncated", …, as game.Kind), or ReasonEmpty.
	Reason string
	// Detail is one line about it: the diagnostic in qipu's one-line form.
	Detail string
}

// ReasonEmpty is the Skip reason of a game whose main line holds no move.
const ReasonEmpty = "empty"

// SkipOf returns the Skip for an error that is not about one game: a file that cannot be
// read, yielded by record.ReadFile as (nil, err). Its reason is the kind of the
// *game.Diagnostic in err's chain, or "io" when there is none.
func SkipOf(err error) Skip {
	reason := string(game.KindIO)
	if d, ok := errors.AsType[*game.Diagnostic](err); ok {
		reason = string(d.Kind)
	}
	return Skip{Reason: reason, Detail: err.Error()}
}

// scratch is what AppendRows reuses from game to game: no allocation per ply.
type scratch struct {
	buf   []byte
	moves []board.Move
	ends  []int32 // per ply, the end of its FEN in buf; the move follows it (4 bytes)
	pos   board.Position
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

var (
	standardSetup = board.StartSetup()
	standardPos   = *board.StartPosition()
)

// AppendRows appends the rows of g's main line to dst, one per ply, and returns the
// extended slice; with Options.Mirror, the rows of the mirrored game follow. A game that
// gives no row (an error without Options.Partial, an empty main line) leaves dst as it is
// and the Skip says why.
//
// The strings of a game's rows are slices of one string built for the game: one allocation
// per game (two with its mirror; one more for a start position that is not the standard
// one), none per ply, besides the growth of dst. AppendRows is safe
// for concurrent use (each call takes its scratch space from a pool), so that workers can
// make rows in parallel and one goroutine write them in input order.
func AppendRows(dst []Row, g *game.Game, opts Options) ([]Row, Skip) {
	if !g.Valid() && !opts.Partial {
		return dst, skipInvalid(g)
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	s.moves = s.moves[:0]
	for n := &g.Root; len(n.Children) > 0; {
		n = n.Children[0]
		s.moves = append(s.moves, n.Move)
	}
	if len(s.moves) == 0 {
		if !g.Valid() {
			return dst, skipInvalid(g)
		}
		return dst, Skip{Reason: ReasonEmpty, Detail: "the main line holds no move"}
	}
	result := canonicalResult(g.Result)
	if !g.Valid() && !opts.KeepResult && mainLineCut(g) {
		result = "*"
	}
	source := g.Source
	if !utf8.ValidString(source) {
		source = strings.ToValidUTF8(source, "\uFFFD")
	}
	if g.Setup == standardSetup {
		s.pos = standardPos
	} else {
		s.pos = *g.StartPosition()
	}
	start := len(dst)
	dst = s.appendLine(dst, source, g.Index, result, opts.Evals, false)
	if opts.Mirror {
		id := dst[start].GameID
		mirrorSetup := s.pos.Setup() // s.pos is back at the start: appendLine works on a copy
		mirrorBoard(&mirrorSetup.Board)
		if mirrorSetup == standardSetup {
			s.pos = standardPos
		} else {
			p, err := board.NewPosition(mirrorSetup, board.AllProblems)
			if err != nil { // unreachable: every problem is ignored
				return dst, Skip{}
			}
			s.pos = *p
		}
		for i, m := range s.moves {
			s.moves[i] = mirrorMove(m)
		}
		before := len(dst)
		dst = s.appendLine(dst, source, g.Index, result, opts.Evals, true)
		if dst[before].GameID == id { // its own mirror
			clear(dst[before:])
			dst = dst[:before]
		}
	}
	return dst, Skip{}
}

// appendLine appends the rows of the line s.moves played from s.pos (which it leaves as it
// was), each with its evaluation in evals (mirrored when the line is the mirror of the game's).
func (s *scratch) appendLine(dst []Row, source string, index int, result string, evals []Eval, mirror bool) []Row {
	pos := s.pos
	b := s.buf[:0]
	b = appendID(b, &pos, s.moves)
	s.ends = s.ends[:0]
	for _, m := range s.moves {
		b = appendFEN(b, &pos)
		s.ends = append(s.ends, int32(len(b)))
		b = m.AppendICCS(b, true)
		pos.Play(m)
	}
	s.buf = b
	text := string(b) // the one allocation of the game
	id := text[:idLen]
	n := len(s.moves)
	turn := s.pos.Turn()
	res := resultScores[result]
	at := idLen
	dst = slices.Grow(dst, n) // one growth for the game's rows, not one per doubling
	for ply, end := range s.ends {
		side, score := "w", res.red
		if turn == board.Black {
			side, score = "b", res.black
		}
		var ev Eval
		if ply < len(evals) {
			if ev = evals[ply]; mirror {
				ev = ev.mirrored()
			}
		}
		dst = append(dst, Row{
			Eval:      ev,
			GameID:    id,
			Source:    source,
			Index:     index,
			Ply:       ply,
			FEN:       text[at:end],
			Side:      side,
			Move:      text[end : end+4],
			Result:    result,
			Score:     score,
			PliesLeft: n - ply,
		})
		at = int(end) + 4
		turn = turn.Other()
	}
	return dst
}

// resultScores maps a result to the score of each side.
var resultScores = map[string]struct{ red, black Score }{
	"1-0":     {ScoreWin, ScoreLoss},
	"0-1":     {ScoreLoss, ScoreWin},
	"1/2-1/2": {ScoreDraw, ScoreDraw},
	"*":       {ScoreUnknown, ScoreUnknown},
}

// canonicalResult returns one of the four results (the constant string), "*" for anything
// else.
func canonicalResult(r string) string {
	switch r {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2":
		return "1/2-1/2"
	}
	return "*"
}

// mainLineCut reports whether an error of g ends its main line (rather than a variation).
func mainLineCut(g *game.Game) bool {
	for _, c := range gamecut.Find(g) {
		if c.MainLine {
			return true
		}
	}
	return false
}

// skipInvalid is the Skip of a game with an error: its first error.
func skipInvalid(g *game.Game) Skip {
	for _, d := range g.Diagnostics {
		if d.IsError() {
			return Skip{Reason: string(d.Kind), Detail: d.Error()}
		}
	}
	return Skip{Reason: ReasonEmpty, Detail: "the main line holds no move"}
}

// appendFEN appends the xqbase FEN of p, byte for byte as p.FEN() writes it:
// "<placement> w|b - - <halfmove> <fullmove>".
func appendFEN(b []byte, p *board.Position) []byte {
	b = appendPlacementSide(b, p)
	b = append(b, " - - "...)
	b = strconv.AppendInt(b, int64(p.Halfmove()), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(max(p.Fullmove(), 1)), 10)
}

// appendPlacementSide appends the first two fields of p's FEN: "<placement> w|b".
func appendPlacementSide(b []byte, p *board.Position) []byte {
	sq := board.Square(0)
	for row := 0; row < 10; row++ {
		if row > 0 {
			b = append(b, '/')
		}
		empty := byte(0)
		for col := 0; col < 9; col++ {
			pc := p.At(sq)
			sq++
			if pc == board.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, '0'+empty)
				empty = 0
			}
			b = append(b, pc.FENChar())
		}
		if empty > 0 {
			b = append(b, '0'+empty)
		}
	}
	if p.Turn() == board.Black {
		return append(b, " b"...)
	}
	return append(b, " w"...)
}

// mirrorSquare reflects a square left–right: column c becomes 8−c.
func mirrorSquare(s board.Square) board.Square {
	return board.NewSquare(s.Row(), 8-s.Col())
}

// mirrorMove reflects a move left–right.
func mirrorMove(m board.Move) board.Move {
	return board.NewMove(mirrorSquare(m.From()), mirrorSquare(m.To()))
}

// mirrorBoard reflects a board left–right in place.
func mirrorBoard(b *[board.NumSquares]board.Piece) {
	for row := 0; row < 10; row++ {
		r := b[row*9 : row*9+9]
		for i, j := 0, 8; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
	}
}
