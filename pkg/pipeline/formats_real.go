package pipeline

import (
	"io"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	anynotation "github.com/qipu/qipu/pkg/notation/any"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/xqf"
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

// xqfEncoding is the --encoding value handed to the XQF reader, which reads the header
// strings in a Windows code page: UTF-16 is no choice there, so it falls back to detection.
func xqfEncoding(name string) string {
	switch name {
	case "utf-16", "utf-16le", "utf-16be":
		return "auto"
	}
	return name
}

// realFormats wires the format packages: pkg/pgn, pkg/xqf and pkg/notation/any.
func realFormats() formatSet {
	return formatSet{
		decodePGN: func(r io.Reader, path, encoding string, fn func(*game.Game) error) error {
			// fn (fileRun.game) keeps nothing of a game: its memory can serve the next one.
			return pgn.Decode(r, pgn.Config{Path: path, Encoding: encoding, Reuse: true}, fn)
		},
		decodeXQF: func(r io.Reader, path, encoding string) (*game.Game, error) {
			return xqf.Decode(r, xqf.Config{Path: path, Encoding: xqfEncoding(encoding)})
		},
		isXQF: xqf.IsXQF,
		encodePGN: func(w io.Writer, g *game.Game, f moveFormat, o notationOptions) error {
			return pgn.Encode(w, g, pgn.WriteOptions{Notation: notationFormats[f], Options: o.options()})
		},
		encodeXQF: xqf.Encode,
		appendMove: func(dst []byte, pos *board.Position, m board.Move, f moveFormat, o notationOptions) []byte {
			return anynotation.Append(dst, pos, m, notationFormats[f], o.options())
		},
	}
}
