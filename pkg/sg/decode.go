package sg

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/bytestr"
)

// Read reads the records of an SG file one at a time and yields a game for each, replayed
// through game.Builder, with every problem as a diagnostic at the byte offset in the file.
// Input that ends inside a record yields a nil game and a *game.Diagnostic that unwraps to
// ErrTruncated (or the read error); beyond MaxRecords records, one that unwraps to
// ErrTooLarge.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		var rec [RecordSize]byte
		var b game.Builder
		b.Path, b.Repair = cfg.Path, cfg.Repair
		c := bytestr.New(cfg.Encoding) // no detection: every known SG file is GBK
		for i := 0; ; i++ {
			start := int64(i) * RecordSize
			n, err := io.ReadFull(r, rec[:])
			switch {
			case err == io.EOF:
				return
			case errors.Is(err, io.ErrUnexpectedEOF):
				yield(nil, fileError(cfg.Path, game.KindTruncated, start+int64(n),
					fmt.Sprintf("the file ends %d bytes into record %d (a record is %d bytes)", n, i+1, RecordSize), ErrTruncated))
				return
			case err != nil:
				yield(nil, fileError(cfg.Path, game.KindIO, start+int64(n), "read: "+err.Error(), fmt.Errorf("sg: %w", err)))
				return
			}
			if i >= MaxRecords {
				yield(nil, fileError(cfg.Path, game.KindSyntax, start,
					fmt.Sprintf("more than %d records; the rest are not read", MaxRecords), ErrTooLarge))
				return
			}
			if !yield(decodeRecord(&b, rec[:], i+1, start, &c), nil) {
				return
			}
		}
	}
}

// decodeRecord replays one record, at offset start of the file, as game index.
func decodeRecord(b *game.Builder, rec []byte, index int, start int64, c *bytestr.Codec) *game.Game {
	g := replayRecord(b, rec, index, start, c)
	// The tail's meaning is not established: a value no known record has is a note.
	if string(rec[offTail:offTail+len(knownTail)]) != knownTail || !allByte(rec[offTail+len(knownTail):], 0) {
		g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelNote,
			Path: b.Path, Loc: game.Loc{Offset: start + offTail}, Game: index,
			Message: fmt.Sprintf("bytes 0x%X–0x%X differ from %q and zeros, what every known record holds there; their meaning is not established, so they are ignored", offTail, RecordSize-1, knownTail)})
	}
	return g
}

// replayRecord reads the fields and replays the moves of one record.
func replayRecord(b *game.Builder, rec []byte, index int, start int64, c *bytestr.Codec) *game.Game {
	at := func(off int) game.Loc { return game.Loc{Offset: start + int64(off)} }
	b.Begin(index, FormatName, c.Encoding())
	for _, f := range [2]struct {
		tag string
		off int
	}{{"Red", offRed}, {"Black", offBlack}} {
		raw := rec[f.off : f.off+nameLen]
		name, first, bad := c.Decode(raw)
		if first >= 0 {
			b.Diagnose(game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning, Loc: at(f.off + first), Message: c.Invalid(f.tag+"'s name", bad)})
		}
		if name = strings.TrimFunc(name, isBlank); name != "" {
			b.Tag(f.tag, name)
		}
	}
	code := string(rec[offResult : offResult+3])
	res, ok := results[code]
	if !ok {
		b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: at(offResult), Token: code, Message: fmt.Sprintf("result code %q is not R+c, B+c, D== or ---; read as unknown (*)", code)})
		res = "*"
	}
	b.Result(res)
	b.Tag("Result", res)
	if date := strings.TrimSpace(string(rec[offDate : offDate+10])); date != "" && printableASCII(date) {
		b.Tag("Date", date)
	}
	table := rec[offSetup:offMoves]
	switch {
	case !setupTable(table):
		msg := "set-up table is not 32 three-digit numbers; the moves are not replayed"
		b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: at(offSetup), Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
		return b.Finish()
	case string(table) != openingTable:
		msg := "set-up differs from the opening position; SG set-ups other than it are not established (captured pieces, which of two like pieces is which), so the moves are not replayed"
		b.Diagnose(game.Diagnostic{Kind: game.KindSetup, Level: game.LevelError, Loc: at(offSetup), Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSetup)})
		return b.Finish()
	}
	ply := 0
	for off := offMoves; ; off += 2 {
		if off >= offTail { // the area holds an even number of bytes
			msg := "move list has no end byte (0x09) before 0x456"
			b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: at(off), Ply: ply + 1, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
			break
		}
		if rec[off] == endOfMoves {
			break
		}
		ply++
		from, ok1 := square(rec[off])
		to, ok2 := square(rec[off+1])
		if !ok1 || !ok2 {
			tok := fmt.Sprintf("%02X %02X", rec[off], rec[off+1])
			msg := fmt.Sprintf("move bytes %s are not two squares (10 + 10·file + rank, 10–99)", tok)
			b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: at(off), Ply: ply, Token: tok, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
			break
		}
		b.PlayMove(board.NewMove(from, to), at(off))
	}
	return b.Finish()
}

// square reads a move byte: 10 + 10·x + y, x = 0…8 from Red's left, y = 0…9 from Black's
// back rank.
func square(c byte) (board.Square, bool) {
	if c < 10 || c > 99 {
		return board.NoSquare, false
	}
	v := int(c) - 10
	x, y := v/10, v%10
	if x > 8 {
		return board.NoSquare, false
	}
	return board.NewSquare(y, x), true
}

// isBlank reports the padding of the name fields: spaces (ASCII and full-width) and NULs.
func isBlank(r rune) bool { return r == ' ' || r == '\u3000' || r == 0 }

// printableASCII reports whether s is printable ASCII.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// fileError returns the diagnostic of a file, not of one game.
func fileError(path string, kind game.Kind, off int64, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: game.Loc{Offset: off}, Message: msg, Err: err}
}
