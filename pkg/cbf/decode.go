package cbf

import (
	"encoding/xml"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/textfile"
	"github.com/qipu/qipu/pkg/internal/textpos"
	"github.com/qipu/qipu/pkg/textenc"
)

// tagNames maps Head fields to PGN tag names; other fields keep their element name.
var tagNames = map[string]string{
	"Name": "Title", "Contest": "Event", "TimeRule": "TimeControl", "RedRating": "RedElo",
	"BlackRating": "BlackElo", "Referee": "Judge", "Commentator": "Annotator", "Creator": "Author",
}

// results are the RecordResult codes.
var results = [4]string{"*", "1-0", "0-1", "1/2-1/2"}

// maxComment is the longest comment kept.
const maxComment = 1 << 20

// Read reads one CBF document (at most MaxFileSize bytes) and yields its game, replayed
// through game.Builder, with every problem as a diagnostic positioned at line:col of the
// decoded text. A document that yields no game (not XML, not a ChineseChessRecord, too large,
// unreadable) yields a nil game and a *game.Diagnostic that unwraps to ErrSyntax, ErrNotCBF,
// ErrTooLarge or the read error. XML that breaks after the root has started ends the game
// there, with a syntax error on it.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		text, enc, warn, err := readText(r, cfg)
		if err != nil {
			yield(nil, err)
			return
		}
		d := &decoder{path: cfg.Path, text: text, cur: textpos.New(text)}
		d.b.Path = cfg.Path
		d.b.Repair = cfg.Repair
		g, err := d.decode(enc, warn)
		yield(g, err)
	}
}

// readText reads and decodes the input; warn reports bytes that did not decode.
func readText(r io.Reader, cfg Config) (text string, enc textenc.Encoding, warn *game.Diagnostic, err error) {
	return textfile.Read(r, cfg.Path, "cbf", cfg.Encoding, MaxFileSize, ErrTooLarge)
}

// loc returns the location of offset off of the text (offsets met in increasing order).
func (d *decoder) loc(off int64) game.Loc { return d.cur.At(int(off)) }

// decoder holds the state of one Decode.
type decoder struct {
	path, text string
	cur        textpos.Cursor
	b          game.Builder

	stack   []string // open elements
	buf     strings.Builder
	moves   int  // Move elements read (the root included)
	ended   bool // the move marked end="1" was read
	warned  bool // a move after the end was reported
	fen     bool
	moveLoc game.Loc
}

func (d *decoder) decode(enc textenc.Encoding, warn *game.Diagnostic) (*game.Game, error) {
	x := xml.NewDecoder(strings.NewReader(d.text))
	x.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil } // already UTF-8
	started := false
	for {
		off := x.InputOffset()
		tok, err := x.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			loc := d.loc(x.InputOffset())
			msg := "XML: " + err.Error()
			cause := fmt.Errorf("%w: %w", ErrSyntax, err)
			if !started {
				return nil, fileError(d.path, game.KindSyntax, loc, msg, cause)
			}
			d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Message: msg + "; the rest is ignored", Err: cause})
			break
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if !started {
				if t.Name.Local != rootName {
					return nil, fileError(d.path, game.KindSyntax, d.loc(off),
						fmt.Sprintf("root element is <%s>, want <%s>", t.Name.Local, rootName), ErrNotCBF)
				}
				started = true
				d.b.Begin(1, FormatName, enc)
				if warn != nil {
					d.b.Diagnose(game.Diagnostic{Kind: warn.Kind, Level: game.LevelWarning, Loc: warn.Loc, Message: warn.Message})
				}
			}
			d.stack = append(d.stack, t.Name.Local)
			d.buf.Reset()
			if d.in("MoveList", "Move") {
				d.startMove(t, d.loc(off))
			}
		case xml.CharData:
			if len(d.stack) == 3 && d.buf.Len() < maxComment {
				d.buf.Write(t)
			}
		case xml.EndElement:
			switch {
			case d.in("Head", ""):
				d.field(d.stack[2], strings.TrimSpace(d.buf.String()), d.loc(off))
			case d.in("MoveList", "Move"):
				d.endMove()
			}
			d.buf.Reset()
			if len(d.stack) > 0 {
				d.stack = d.stack[:len(d.stack)-1]
			}
		}
	}
	if !started {
		return nil, fileError(d.path, game.KindSyntax, game.Loc{Line: 1, Col: 1}, "no XML element", ErrNotCBF)
	}
	return d.b.Finish(), nil
}

// in reports whether the open element is a child of parent directly under the root (and is
// named child, when child is not "").
func (d *decoder) in(parent, child string) bool {
	return len(d.stack) == 3 && d.stack[1] == parent && (child == "" || d.stack[2] == child)
}

// field turns a Head field into a tag, the result or the start position.
func (d *decoder) field(name, v string, loc game.Loc) {
	if v == "" {
		return
	}
	switch name {
	case "FEN":
		if d.moves == 0 && !d.fen {
			d.fen = true
			d.b.SetFEN(v, loc)
		}
		return
	case "RecordResult":
		r := "*"
		if len(v) == 1 && v[0] >= '0' && v[0] <= '3' {
			r = results[v[0]-'0']
		} else {
			d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: loc, Token: v, Message: "RecordResult is not 0–3; read as unknown (*)"})
		}
		d.b.Result(r)
		d.b.Tag("Result", r)
		return
	}
	if n, ok := tagNames[name]; ok {
		name = n
	}
	d.b.Tag(name, v)
}

// startMove reads the value of a Move element.
func (d *decoder) startMove(t xml.StartElement, loc game.Loc) {
	d.moves++
	d.moveLoc = loc
	var value, end string
	for _, a := range t.Attr {
		switch a.Name.Local {
		case "value":
			value = a.Value
		case "end":
			end = a.Value
		}
	}
	if d.ended {
		if !d.warned {
			d.warned = true
			d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: loc, Token: value, Message: `moves after the one marked end="1" are ignored (variations are not read)`})
		}
		return
	}
	if end == "1" {
		d.ended = true
	}
	if d.moves == 1 {
		return // the root
	}
	// Every move goes to the builder, which judges it; one that does not read as a move
	// ends the line there as a bad move.
	m, ok := parseMove(value)
	if !ok {
		msg := fmt.Sprintf(`move value %q is not "xy-xy"`, value)
		d.b.BadMove(game.KindSyntax, loc, value, msg, fmt.Errorf("%s: %w", msg, ErrSyntax))
		return
	}
	d.b.PlayMove(m, loc)
}

// endMove passes the comment of a Move (the root's goes before the first move; the builder
// drops that of a move it did not add).
func (d *decoder) endMove() {
	if d.ended && d.warned {
		return
	}
	if c := strings.TrimSpace(d.buf.String()); c != "" {
		d.b.Comment(c)
	}
}

// parseMove reads "xy-xy" (x = 0…8 from Red's left, y = 0…9 from the top).
func parseMove(v string) (board.Move, bool) {
	if len(v) != 5 || v[2] != '-' {
		return 0, false
	}
	var n [4]int
	for i, p := range [4]int{0, 1, 3, 4} {
		c := v[p]
		if c < '0' || c > '9' {
			return 0, false
		}
		n[i] = int(c - '0')
	}
	if n[0] > 8 || n[2] > 8 {
		return 0, false
	}
	return board.NewMove(board.NewSquare(n[1], n[0]), board.NewSquare(n[3], n[2])), true
}
