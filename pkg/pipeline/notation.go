package pipeline

import (
	"io"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/pgn"
)

// pgnNotation is the notation of PGN output as the PGN writer takes it.
type pgnNotation = pgn.WriteOptions

// pgnNotationOf converts a notation value to the PGN writer's options; ok is false for a
// notation the writer does not know.
func pgnNotationOf(n notation.Notation) (o pgnNotation, ok bool) {
	switch n := n.(type) {
	case iccs.Notation:
		o.Notation = notation.ICCS
		if n.Style == iccs.UCCI {
			o.Options.ICCSStyle = notation.ICCSUCCI
		}
	case wxf.Notation:
		o.Notation = notation.WXF
		if n.Style == wxf.Fairy {
			o.Options.WXFStyle = notation.WXFFairy
		}
	case chinese.Notation:
		o.Notation = notation.Chinese
		o.Options.Traditional = n.Traditional
	case platform.Notation:
		o.Notation = notation.Platform
	default:
		return o, false
	}
	return o, true
}

// encodePGN writes a game as Xiangqi PGN in UTF-8 in the notation of o.
func encodePGN(w io.Writer, g *game.Game, o *pgnNotation) error {
	return pgn.Encode(w, g, *o)
}
