package qp

import (
	"bytes"
	"fmt"
	"io"
	"iter"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// Read reads a QP file (at most MaxFileSize bytes are read) and yields its one game: the
// position, Red to move, no moves. Input that is not QP or ends before its pieces yields a nil
// game and a *game.Diagnostic at the byte offset, unwrapping to ErrNotQP, ErrTruncated or the
// read error. A piece out of range or on an occupied square is an error on the game, whose
// position is then not played.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		var buf [MaxFileSize + 1]byte
		n, err := io.ReadFull(r, buf[:])
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			yield(nil, fileError(cfg.Path, game.KindIO, int64(n), "read: "+err.Error(), fmt.Errorf("qp: %w", err)))
			return
		}
		data := buf[:n]
		if !bytes.HasPrefix(data, []byte(Magic)) {
			yield(nil, fileError(cfg.Path, game.KindSyntax, 0, fmt.Sprintf("no %q signature", Magic), ErrNotQP))
			return
		}
		if len(data) < headerLen {
			yield(nil, fileError(cfg.Path, game.KindTruncated, int64(len(data)), "the file ends before the piece count", ErrTruncated))
			return
		}
		count := int(data[len(Magic)])
		end := headerLen + 3*count
		if len(data) < end {
			yield(nil, fileError(cfg.Path, game.KindTruncated, int64(len(data)),
				fmt.Sprintf("the file holds %d of its %d pieces", (len(data)-headerLen)/3, count), ErrTruncated))
			return
		}
		yield(decodeGame(data, end, cfg), nil)
	}
}

// decodeGame builds the game of a file whose count and pieces are all there (data[:end]).
func decodeGame(data []byte, end int, cfg Config) *game.Game {
	var b game.Builder
	b.Path, b.Repair = cfg.Path, cfg.Repair
	b.Begin(1, FormatName, textenc.Auto)
	var s board.Setup
	s.Turn = board.Red
	s.Fullmove = 1
	for off := headerLen; off < end; off += 3 {
		code, x, y := data[off], data[off+1], data[off+2]
		loc := game.Loc{Offset: int64(off)}
		if !validPiece(code, x, y) {
			tok := fmt.Sprintf("%d %d %d", code, x, y)
			msg := fmt.Sprintf("piece %s: code not 0–13, or square off the board", tok)
			b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Token: tok, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
			continue
		}
		sq := board.NewSquare(int(y), int(x))
		if s.Board[sq] != board.NoPiece {
			tok := fmt.Sprintf("%d %d %d", code, x, y)
			msg := fmt.Sprintf("piece %s: its square already holds a piece", tok)
			b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Token: tok, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
			continue
		}
		s.Board[sq] = pieces[code]
	}
	if len(data) > end {
		b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(end)}, Message: fmt.Sprintf("bytes after the %d pieces are ignored", (end-headerLen)/3)})

	}
	// The pieces that did read, as they stand: the errors above already make the game
	// invalid, and the builder reports what is wrong with the position itself.
	b.SetSetup(s, game.Loc{Offset: int64(headerLen)})
	return b.Finish()
}

// fileError returns the diagnostic of a file that yields no game.
func fileError(path string, kind game.Kind, off int64, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: game.Loc{Offset: off}, Message: msg, Err: err}
}
