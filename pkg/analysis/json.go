package analysis

import (
	"strconv"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/jsonl"
)

// AppendJSON appends the "analysis" member of a game's JSON object, with its leading comma:
// ,"analysis":[{"ply":0,"fen":"…","score_cp":28,"best":"b0c2","pv":["b0c2",…],"depth":9,
// "nodes":4000},…]. "mate" replaces "score_cp" for a mate; "best" is left out, and "pv" is
// empty, in a position without a legal move. Moves are ICCS in lower case.
func AppendJSON(dst []byte, evals []Eval) []byte {
	dst = append(dst, `,"analysis":[`...)
	for i := range evals {
		e := &evals[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"ply":`...)
		dst = strconv.AppendInt(dst, int64(e.Ply), 10)
		dst = append(dst, `,"fen":`...)
		dst = jsonl.AppendString(dst, e.FEN)
		if e.Mate {
			dst = append(dst, `,"mate":`...)
		} else {
			dst = append(dst, `,"score_cp":`...)
		}
		dst = strconv.AppendInt(dst, int64(e.Score), 10)
		if e.Best != board.NoMove {
			dst = append(dst, `,"best":"`...)
			dst = e.Best.AppendICCS(dst, true)
			dst = append(dst, '"')
		}
		dst = append(dst, `,"pv":[`...)
		for j, m := range e.PV {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '"')
			dst = m.AppendICCS(dst, true)
			dst = append(dst, '"')
		}
		dst = append(dst, `],"depth":`...)
		dst = strconv.AppendInt(dst, int64(e.Depth), 10)
		dst = append(dst, `,"nodes":`...)
		dst = strconv.AppendInt(dst, e.Nodes, 10)
		dst = append(dst, '}')
	}
	return append(dst, ']')
}
