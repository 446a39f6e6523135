// Package textfile reads a whole text file for the readers of text formats (CBF, plain-text
// games, .xqn): bounded in size, decoded to UTF-8 once by textenc, its undecodable bytes
// reported as one positioned warning.
package textfile

import (
	"fmt"
	"io"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/countio"
	"github.com/qipu/qipu/pkg/textenc"
)

// Read reads r (at most max bytes) and decodes it from enc (textenc.Auto detects). It returns
// the text, the encoding it was decoded from, and warn, an encoding warning at the line:col
// and offset of the first undecodable byte (nil when every byte decoded). A failed read, or
// an input larger than max, is err: a *game.Diagnostic of kind io at its byte offset, naming
// path, wrapping the read error (prefixed with the reader's name) or tooLarge.
func Read(r io.Reader, path, reader string, enc textenc.Encoding, max int64, tooLarge error) (text string, got textenc.Encoding, warn *game.Diagnostic, err error) {
	cr := &countio.Reader{R: io.LimitReader(r, max+1), ErrAt: -1}
	dec, err := textenc.Open(cr, enc)
	if err == nil {
		text, err = readAll(dec)
	}
	if err != nil {
		return "", textenc.Auto, nil, &game.Diagnostic{Kind: game.KindIO, Path: path, Loc: cr.Loc(),
			Message: "read: " + err.Error(), Err: fmt.Errorf("%s: %w", reader, err)}
	}
	if cr.N > max {
		return "", textenc.Auto, nil, &game.Diagnostic{Kind: game.KindIO, Path: path, Loc: game.Loc{Offset: max},
			Message: fmt.Sprintf("input is larger than %d bytes", max), Err: tooLarge}
	}
	det := dec.Detection()
	if n := dec.InvalidCount(); n > 0 {
		line, col := dec.FirstInvalidPos()
		warn = &game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning, Path: path,
			Loc:     game.Loc{Line: line, Col: col, Offset: dec.FirstInvalid()},
			Message: fmt.Sprintf("%d byte sequence(s) invalid in %s, replaced by U+FFFD", n, det.Encoding)}
	}
	return text, det.Encoding, warn, nil
}

// readAll reads the decoded text through a buffer on the stack (io.Copy into a
// strings.Builder would allocate 32 KiB per file).
func readAll(dec *textenc.Decoder) (string, error) {
	var sb strings.Builder
	var buf [4096]byte
	for {
		n, err := dec.Read(buf[:])
		sb.Write(buf[:n])
		if err == io.EOF {
			return sb.String(), nil
		}
		if err != nil {
			return sb.String(), err
		}
	}
}
