package pipeline

import (
	"io"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	anynotation "github.com/qipu/qipu/pkg/notation/any"
	"github.com/qipu/qipu/pkg/pgn"
)

// notationFormats maps the pipeline's move formats to the notation package's.
var notationFormats = [...]notation.Format{
	fmtICCS: notation.ICCS, fmtWXF: notation.WXF, fmtChinese: notation.Chinese, fmtPlatform: notation.Platform,
}

// options converts the writer's dialects to notation.Options.
func (o notationOptions) options() notation.Options {
	var no notation.Options
	if o.wxfFairy {
		no.WXFStyle = notation.WXFFairy
	}
	if o.iccsUCCI {
		no.ICCSStyle = notation.ICCSUCCI
	}
	no.Traditional = o.traditional
	return no
}

// encodePGN writes a game as Xiangqi PGN in UTF-8 with the move notation.
func encodePGN(w io.Writer, g *game.Game, f moveFormat, o notationOptions) error {
	return pgn.Encode(w, g, pgn.WriteOptions{Notation: notationFormats[f], Options: o.options()})
}

// appendMove appends the legal move m, played in pos, in the notation.
func appendMove(dst []byte, pos *board.Position, m board.Move, f moveFormat, o notationOptions) []byte {
	return anynotation.Append(dst, pos, m, notationFormats[f], o.options())
}
