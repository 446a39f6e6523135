package analysis

import (
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/uci"
)

// Eval is the engine's verdict on one position.
type Eval struct {
	// Ply is the number of moves played before the position (0: the start position).
	Ply int
	// FEN is the position.
	FEN string
	// Score is centipawns from Red's point of view, or, when Mate is set, moves to mate:
	// positive when Red mates, negative when Red is mated. Mate with Score 0 means the side to
	// move in FEN is mated (or has no legal move) now.
	Score int
	Mate  bool
	// Best is the best move (board.NoMove when the position has no legal move); PV the
	// principal variation, starting with Best.
	Best  board.Move
	PV    []board.Move
	Depth int
	Nodes int64
}

// FromResult turns an engine's answer for pos (scored from the side to move) into an Eval
// scored from Red's point of view.
func FromResult(ply int, pos *board.Position, fen string, r uci.Result) Eval {
	score := r.Score
	if pos.Turn() == board.Black {
		score = -score
	}
	return Eval{Ply: ply, FEN: fen, Score: score, Mate: r.Mate, Best: r.Best, PV: r.PV, Depth: r.Depth, Nodes: r.Nodes}
}

// MateCP is the centipawn value a mate counts for in Centipawns; scores beyond it are cut to
// it.
const MateCP = 1000

// Centipawns returns the score from Red's point of view as centipawns, mates and larger
// scores cut to ±MateCP: the scale on which mistakes and contradicted results are judged.
func (e *Eval) Centipawns() int {
	if !e.Mate {
		return max(-MateCP, min(MateCP, e.Score))
	}
	switch {
	case e.Score > 0:
		return MateCP
	case e.Score < 0:
		return -MateCP
	}
	// Mated now: the side to move lost.
	if blackToMove(e.FEN) {
		return MateCP
	}
	return -MateCP
}

// AppendComment appends the PGN comment text of the evaluation: "[%eval 0.28,9]" (pawns with
// two decimals; "#3" / "#-3" for a mate; the depth after the comma).
func (e *Eval) AppendComment(dst []byte) []byte {
	dst = append(dst, "[%eval "...)
	if e.Mate {
		dst = append(dst, '#')
		dst = strconv.AppendInt(dst, int64(e.Score), 10)
	} else {
		s := e.Score
		if s < 0 {
			dst = append(dst, '-')
			s = -s
		}
		dst = strconv.AppendInt(dst, int64(s/100), 10)
		dst = append(dst, '.', byte('0'+s%100/10), byte('0'+s%10))
	}
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(e.Depth), 10)
	return append(dst, ']')
}

// Comment returns AppendComment's text.
func (e *Eval) Comment() string { return string(e.AppendComment(nil)) }

// ParseEval finds an "[%eval …]" command in a comment and returns its score (centipawns, or
// moves to mate with mate set) and depth (0 when the command gives none). It accepts what
// AppendComment writes and the chess forms "[%eval 0.35]", "[%eval -1.2,14]", "[%eval #-3]".
func ParseEval(comment string) (score int, mate bool, depth int, ok bool) {
	i := strings.Index(comment, "[%eval ")
	if i < 0 {
		return 0, false, 0, false
	}
	rest := comment[i+len("[%eval "):]
	j := strings.IndexByte(rest, ']')
	if j < 0 {
		return 0, false, 0, false
	}
	body := strings.TrimSpace(rest[:j])
	val, d, hasDepth := strings.Cut(body, ",")
	if hasDepth {
		n, err := strconv.Atoi(strings.TrimSpace(d))
		if err != nil || n < 0 || n > 1000 {
			return 0, false, 0, false
		}
		depth = n
	}
	val = strings.TrimSpace(val)
	if m, isMate := strings.CutPrefix(val, "#"); isMate {
		n, err := strconv.Atoi(m)
		if err != nil || n < -10000 || n > 10000 {
			return 0, false, 0, false
		}
		return n, true, depth, true
	}
	f, err := strconv.ParseFloat(val, 64)
	if err != nil || f < -10000 || f > 10000 {
		return 0, false, 0, false
	}
	cp := f * 100
	if cp < 0 {
		score = -int(-cp + 0.5)
	} else {
		score = int(cp + 0.5)
	}
	return score, false, depth, true
}

// isEvalComment reports whether a comment is one eval command and nothing else (one qipu
// wrote), so that a new analysis replaces it.
func isEvalComment(c string) bool {
	c = strings.TrimSpace(c)
	return strings.HasPrefix(c, "[%eval ") && strings.IndexByte(c, ']') == len(c)-1
}
