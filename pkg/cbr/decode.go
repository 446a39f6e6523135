package cbr

import (
	"fmt"
	"io"
	"iter"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/countio"
)

// Read reads a CBR record, a CBL library or a compressed library (at most MaxFileSize
// bytes) and yields its games in file order: Game.Index is the position in the file, Format
// is FormatName or CBLFormatName, Encoding "utf-16le" or that of a compressed library's
// strings. Each game is replayed through game.Builder; its problems are positioned
// diagnostics on it (byte offsets in the file, or in the decompressed library for a
// compressed one). A damaged library record is yielded as a game with an error and the next
// record is still read. A file-level failure (not CBR/CBL, a truncated header, a stream that
// does not inflate, a read error) is yielded once as (nil, err), err a *game.Diagnostic that
// unwraps to ErrNotCBR, ErrTruncated, ErrTooLarge, ErrCorrupt or ErrVersion; games read before
// it have been yielded.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		data, err := countio.ReadAtMost(r, MaxFileSize)
		if err != nil {
			yield(nil, fileError(cfg.Path, game.KindIO, int64(len(data)), "read: "+err.Error(), fmt.Errorf("cbr: read: %w", err)))
			return
		}
		if len(data) > MaxFileSize {
			yield(nil, fileError(cfg.Path, game.KindIO, MaxFileSize, fmt.Sprintf("file is larger than %d bytes", MaxFileSize), ErrTooLarge))
			return
		}
		decodeBytes(data, cfg, yield)
	}
}

// decodeBytes decodes a whole file.
func decodeBytes(data []byte, cfg Config, yield func(*game.Game, error) bool) {
	switch kindOf(data) {
	case kindRecord:
		if err := checkRecordHeader(data, cfg.Path); err != nil {
			yield(nil, err)
			return
		}
		var rr recordReader
		rr.b.Path = cfg.Path
		rr.b.Repair = cfg.Repair
		rr.b.ByOffset = true // the tree is read before the moves are replayed
		yield(rr.read(data, 0, 1, FormatName, nil, 0), nil)
	case kindLibrary:
		decodeLibrary(data, cfg, yield)
	case kindCompressed:
		decodeCompressed(data, cfg, yield)
	default:
		yield(nil, fileError(cfg.Path, game.KindSyntax, 0, `no "CCBridge Record", "CCBridgeLibrary" or compressed "CCBridge" magic`, ErrNotCBR))
	}
}

// checkRecordHeader returns the file-level diagnostic of a single CBR record whose version is
// unknown or whose header is cut.
func checkRecordHeader(data []byte, path string) *game.Diagnostic {
	if len(data) < 20 {
		return fileError(path, game.KindTruncated, int64(len(data)), fmt.Sprintf("file ends inside the CBR header (%d bytes)", len(data)), ErrTruncated)
	}
	v := data[19]
	if v == 0 || int(v) >= len(layouts) {
		return fileError(path, game.KindSyntax, 19, fmt.Sprintf("CBR version %d; only 1 and 2 are known", v), ErrVersion)
	}
	if need := layouts[v].moves + 4; len(data) < need {
		return fileError(path, game.KindTruncated, int64(len(data)),
			fmt.Sprintf("file ends inside the %d-byte CBR header (%d bytes)", need, len(data)), ErrTruncated)
	}
	return nil
}
