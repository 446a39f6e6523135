package writer

import (
	"bytes"
	"fmt"

	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/jsonl"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// DhtmlXQExt is the extension of DhtmlXQ files. The format has no extension of its own: the
// 东萍 pages hold their blocks in HTML, the ccbridge.net export and vschess's sample data are
// .txt files, and a few tools write .ubb. ".txt" is what the web viewers load as text and any
// editor opens; readers recognize the file by its "[DhtmlXQ]" marker, written at offset 0.
const DhtmlXQExt = ".txt"

func init() {
	Register(Writer{Name: "pgn", Title: "PGN", Ext: ".pgn", Append: appendPGN})
	Register(Writer{Name: "jsonl", Title: "JSON Lines", Ext: ".jsonl", Append: appendJSONL})
	Register(Writer{Name: "xqf", Title: "XQF", Ext: ".xqf", PerGame: true, Append: appendXQF})
	Register(Writer{Name: "dhtmlxq", Title: "DhtmlXQ", Ext: DhtmlXQExt, Append: appendDhtmlXQ})
}

// appendPGN writes g as Xiangqi PGN (pgn.Encode) in o.Encoding; a character the encoding lacks
// is written '?' with one warning naming the first and counting the others.
func appendPGN(dst []byte, g *game.Game, o *Options) ([]byte, error) {
	n := len(dst)
	out, err := pgn.Append(dst, g, pgn.WriteOptions{Notation: o.Notation, KeepResult: o.KeepResult})
	if err != nil || o.Encoding == textenc.UTF8 || o.Encoding == textenc.Auto {
		return out, err
	}
	enc, rep, err := textenc.EncodeLossy(string(out[n:]), o.Encoding)
	if err != nil {
		return dst[:n], &EncodingError{Encoding: o.Encoding, Err: err}
	}
	if rep.Count > 0 {
		msg := fmt.Sprintf("%q cannot be written in %s", rep.First[0].Rune, o.Encoding)
		if rep.Count > 1 {
			msg = fmt.Sprintf("%s, nor %d more character(s)", msg, rep.Count-1)
		}
		o.warn(&game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning,
			Loc: game.NoLoc, Game: g.Index, Message: msg + "; written as '?'"})
	}
	return append(out[:n], enc...), nil
}

// appendJSONL writes g as one JSON Lines object (jsonl.AppendGame) with o.JSONL's options.
func appendJSONL(dst []byte, g *game.Game, o *Options) ([]byte, error) {
	jo := o.JSONL
	if jo == nil {
		jo = &jsonl.Options{Moves: true}
	}
	return jsonl.AppendGame(dst, o.Source, g, jo), nil
}

// appendXQF writes g as a version-10 XQF file (xqf.EncodeWith), its warnings to o.Warn.
func appendXQF(dst []byte, g *game.Game, o *Options) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	if err := xqf.EncodeWith(b, g, xqf.EncodeOptions{KeepResult: o.KeepResult, Warn: o.Warn}); err != nil {
		return dst, err
	}
	return b.Bytes(), nil
}

// appendDhtmlXQ writes g as one [DhtmlXQ] block (dhtmlxq.EncodeWith) followed by a blank
// line, so that the blocks of a stream or of a multi-game file stand apart.
func appendDhtmlXQ(dst []byte, g *game.Game, o *Options) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	if err := dhtmlxq.EncodeWith(b, g, dhtmlxq.EncodeOptions{KeepResult: o.KeepResult}); err != nil {
		return dst, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}
