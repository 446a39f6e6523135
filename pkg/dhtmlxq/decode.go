package dhtmlxq

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/textpos"
	"github.com/qipu/qipu/pkg/textenc"
)

// Read reads a text (at most MaxFileSize bytes, in any encoding textenc reads) and yields
// one replayed game per [DhtmlXQ] block, in the order of the text, with Index 1, 2, …. Every
// problem of a game is a positioned diagnostic on it (line:col of the decoded text). A text
// that yields no game (no block, unreadable, too large) yields once a nil game and a
// *game.Diagnostic that unwraps to ErrNoGame, ErrTooLarge or the read error; when the text
// holds no "[DhtmlXQ" marker at all it unwraps to ErrNoMarker as well as ErrNoGame.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		text, enc, warn, err := readText(r, cfg)
		if errors.Is(err, errTooLargeNoMarker) {
			yield(nil, noMarker(cfg.Path))
			return
		}
		if err != nil {
			yield(nil, err)
			return
		}
		d := &decoder{path: cfg.Path, enc: enc, text: text, html: looksHTML(text)}
		d.moves = make([]pmove, 0, min(len(text)/4, 1<<16))
		d.b.Path = cfg.Path
		d.b.Repair = cfg.Repair
		d.b.ByOffset = true // the blocks of a page come in any order
		sc := scanner{s: text, cur: textpos.New(text)}
		var blk block
		n := 0
		for sc.next(&blk) {
			n++
			if n > MaxBlocks {
				yield(nil, fileError(cfg.Path, game.KindSyntax, blk.loc,
					fmt.Sprintf("more than %d blocks; the rest is ignored", MaxBlocks), ErrTooLarge))
				return
			}
			g := d.decodeBlock(n, &blk, warn)
			warn = nil
			if !yield(g, nil) {
				return
			}
		}
		if n == 0 {
			if indexFoldString(text, marker) < 0 {
				yield(nil, noMarker(cfg.Path))
				return
			}
			yield(nil, fileError(cfg.Path, game.KindSyntax, game.Loc{Line: 1, Col: 1},
				"no [DhtmlXQ] block", ErrNoGame))
		}
	}
}

// errTooLargeNoMarker: readText stopped at MaxFileSize without seeing a marker.
var errTooLargeNoMarker = errors.New("too large, no marker")

// noMarker is the diagnostic of a text without a single "[DhtmlXQ" marker.
func noMarker(path string) *game.Diagnostic {
	return fileError(path, game.KindSyntax, game.Loc{Line: 1, Col: 1},
		"no [DhtmlXQ] marker", fmt.Errorf("%w: %w", ErrNoMarker, ErrNoGame))
}

// readText reads and decodes the input. warn is the diagnostic of bytes that did not decode,
// to put on the first game.
func readText(r io.Reader, cfg Config) (text string, enc textenc.Encoding, warn *game.Diagnostic, err error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return "", textenc.Auto, nil, fileError(cfg.Path, game.KindIO, game.Loc{Offset: int64(len(data))}, "read: "+err.Error(), fmt.Errorf("dhtmlxq: read: %w", err))
	}
	if len(data) > MaxFileSize {
		if indexFold(data, marker) < 0 && !Sniff(data[:4096]) {
			// Too large to be read, and no block in sight: a file of another kind.
			return "", textenc.Auto, nil, errTooLargeNoMarker
		}
		return "", textenc.Auto, nil, fileError(cfg.Path, game.KindIO, game.Loc{Offset: MaxFileSize},
			fmt.Sprintf("input is larger than %d bytes", MaxFileSize), ErrTooLarge)
	}
	text, det, invalid := textenc.DecodeBytes(data, cfg.Encoding)
	if invalid > 0 {
		// Rare: decode again through a Decoder, which keeps the offset of the first bad byte.
		first := int64(-1)
		if dec, err := textenc.Open(bytes.NewReader(data), det.Encoding); err == nil {
			_, _ = io.Copy(io.Discard, dec)
			first = dec.FirstInvalid()
		}
		msg := fmt.Sprintf("%d byte sequence(s) invalid in %s, replaced by U+FFFD", invalid, det.Encoding)
		warn = &game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning, Path: cfg.Path, Loc: game.Loc{Offset: first}, Message: msg}
	}
	return text, det.Encoding, warn, nil
}

// looksHTML reports whether the text is a web page (its blocks' values may then hold HTML
// character references): it has an <html>, <body>, <div> or <!DOCTYPE tag before its first
// block.
func looksHTML(s string) bool {
	i := indexFoldString(s, marker)
	if i < 0 {
		return false
	}
	head := s[:i]
	for _, t := range []string{"<html", "<body", "<div", "<!doctype"} {
		if indexFoldString(head, t) >= 0 {
			return true
		}
	}
	return false
}
