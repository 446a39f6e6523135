package jsonl

import (
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/ending"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
)

// Options say what AppendGame writes.
type Options struct {
	// Moves writes the "moves" array (the --to jsonl output); the report leaves it out.
	Moves bool
	// Notations write the "iccs", "wxf", "chinese" and "platform" fields of each move, in that
	// order; a nil entry takes the notation's default style.
	Notations [4]notation.Notation
	// Tail, if not empty, is written as it is before the object's closing brace: members of
	// the game's own, with their leading comma (qipu analyze's ,"analysis":[…], see package
	// analysis). Empty, the object is the schema's alone.
	Tail []byte
}

// defaults are the notations of a zero Options.
var defaults = [4]notation.Notation{iccs.Notation{}, wxf.Notation{}, chinese.Notation{}, platform.Notation{}}

// withDefaults returns ns with the defaults in place of nil entries.
func withDefaults(ns [4]notation.Notation) [4]notation.Notation {
	for i := range ns {
		if ns[i] == nil {
			ns[i] = defaults[i]
		}
	}
	return ns
}

// Writer writes games as JSON Lines, one object per game, to an io.Writer.
type Writer struct {
	w   io.Writer
	o   Options
	buf []byte
}

// NewWriter returns a Writer of games with moves (the --to jsonl output) to w, in the
// notations of o (the defaults for nil entries).
func NewWriter(w io.Writer, o Options) *Writer {
	o.Notations = withDefaults(o.Notations)
	return &Writer{w: w, o: o}
}

// Write writes one game; source names its file in the "source" field.
func (w *Writer) Write(source string, g *game.Game) error {
	w.buf = AppendGame(w.buf[:0], source, g, &w.o)
	_, err := w.w.Write(w.buf)
	return err
}

// AppendGame appends one game as a JSON object of the schema (see the package documentation),
// in its field order, and a newline. It allocates nothing beyond dst's growth for games of a
// few dozen tags.
func AppendGame(dst []byte, source string, g *game.Game, o *Options) []byte {
	withMoves := o.Moves
	notations := &o.Notations
	if withMoves && (notations[0] == nil || notations[1] == nil || notations[2] == nil || notations[3] == nil) {
		ns := withDefaults(o.Notations)
		notations = &ns
	}
	dst = append(dst, `{"source":`...)
	dst = AppendString(dst, source)
	dst = append(dst, `,"index":`...)
	dst = strconv.AppendInt(dst, int64(g.Index), 10)
	dst = append(dst, `,"format":`...)
	dst = AppendString(dst, string(g.Format))
	dst = append(dst, `,"encoding":`...)
	dst = AppendString(dst, EncodingName(g.Encoding))
	dst = append(dst, `,"tags":{`...)
	// A JSON object keeps one value per name: the first, as Game.Tag does. A few tags are
	// compared pairwise; a set keeps a header of thousands of tags from being quadratic.
	var seen map[string]bool
	if len(g.Tags) > 32 {
		seen = make(map[string]bool, len(g.Tags))
	}
	for i, t := range g.Tags {
		dup := false
		if seen != nil {
			dup = seen[t.Name]
			seen[t.Name] = true
		} else {
			for _, u := range g.Tags[:i] {
				if u.Name == t.Name {
					dup = true
					break
				}
			}
		}
		if dup {
			continue
		}
		if dst[len(dst)-1] != '{' {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, t.Name)
		dst = append(dst, ':')
		dst = AppendString(dst, t.Value)
	}
	dst = append(dst, `},"start_fen":`...)
	pos := g.StartPosition()
	dst = AppendString(dst, pos.FEN())
	if withMoves {
		dst = append(dst, `,"moves":[`...)
	}
	plies := 0
	var buf []byte
	if !withMoves {
		// The end of the main line is known: only its moves are counted.
		plies = g.Plies()
		end := g.EndPosition()
		pos = &end
	}
	for n := &g.Root; withMoves && len(n.Children) > 0; plies++ {
		n = n.Children[0]
		m := n.Move
		if withMoves {
			if plies > 0 {
				dst = append(dst, ',')
			}
			for i, key := range [...]string{`{"iccs":`, `,"wxf":`, `,"chinese":`, `,"platform":`} {
				dst = append(dst, key...)
				buf = notations[i].Append(buf[:0], pos, m)
				dst = AppendBytes(dst, buf)
			}
			dst = append(dst, `,"capture":`...)
			dst = strconv.AppendBool(dst, pos.IsCapture(m))
			dst = append(dst, `,"check":`...)
			dst = strconv.AppendBool(dst, pos.GivesCheck(m))
			dst = append(dst, '}')
		}
		pos.Play(m)
	}
	if withMoves {
		dst = append(dst, ']')
	}
	dst = append(dst, `,"plies":`...)
	dst = strconv.AppendInt(dst, int64(plies), 10)
	dst = append(dst, `,"end_fen":`...)
	dst = AppendString(dst, pos.FEN())
	dst = append(dst, `,"result":`...)
	dst = AppendString(dst, g.Result)
	dst = append(dst, `,"status":`...)
	if g.Valid() {
		dst = append(dst, `"ok"`...)
	} else {
		dst = append(dst, `"invalid"`...)
	}
	dst = appendDiagnostics(dst, `,"errors":[`, g.Diagnostics, game.LevelError)
	dst = appendDiagnostics(dst, `,"warnings":[`, g.Diagnostics, game.LevelWarning)
	dst = appendDiagnostics(dst, `,"notes":[`, g.Diagnostics, game.LevelNote)
	dst = appendEnding(dst, &g.Ending)
	if g.Opening.Code != "" {
		dst = append(dst, `,"ecco":{"code":`...)
		dst = AppendString(dst, g.Opening.Code)
		dst = append(dst, `,"opening":`...)
		dst = AppendString(dst, g.Opening.Name)
		dst = append(dst, `,"variation":`...)
		dst = AppendString(dst, g.Opening.Variation)
		dst = append(dst, '}')
	}
	dst = append(dst, o.Tail...)
	return append(dst, "}\n"...)
}

// appendEnding appends the "ending" field: {"kind","loser","plies"}.
func appendEnding(dst []byte, e *ending.Ending) []byte {
	return e.AppendJSON(append(dst, `,"ending":`...))
}

// EncodingName is an encoding as the "encoding" field writes it: its name, "" for
// textenc.Auto (a game of a format without text).
func EncodingName(e textenc.Encoding) string {
	if e == textenc.Auto {
		return ""
	}
	return e.String()
}

// AppendFile appends the report entry of a file that yields no game, or of an error that
// belongs to the file rather than to one of its games: index 0, no tags, no positions.
func AppendFile(dst []byte, source, format, encoding string, diags []*game.Diagnostic) []byte {
	dst = append(dst, `{"source":`...)
	dst = AppendString(dst, source)
	dst = append(dst, `,"index":0,"format":`...)
	dst = AppendString(dst, format)
	dst = append(dst, `,"encoding":`...)
	dst = AppendString(dst, encoding)
	dst = append(dst, `,"tags":{},"start_fen":"","plies":0,"end_fen":"","result":"*","status":`...)
	status := `"ok"`
	for _, d := range diags {
		if d.IsError() {
			status = `"invalid"`
		}
	}
	dst = append(dst, status...)
	dst = appendDiagnostics(dst, `,"errors":[`, diags, game.LevelError)
	dst = appendDiagnostics(dst, `,"warnings":[`, diags, game.LevelWarning)
	dst = appendDiagnostics(dst, `,"notes":[`, diags, game.LevelNote)
	return append(dst, "}\n"...)
}

// appendDiagnostics appends the array of the diagnostics of one level, opened by head:
// {"kind","message","ply","line","col","offset","token"}, unknown fields omitted.
func appendDiagnostics(dst []byte, head string, diags []*game.Diagnostic, level game.Level) []byte {
	dst = append(dst, head...)
	first := true
	for _, d := range diags {
		if d.Level != level {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"kind":`...)
		dst = AppendString(dst, string(d.Kind))
		dst = append(dst, `,"message":`...)
		dst = AppendString(dst, d.Message)
		if d.Ply > 0 {
			dst = append(dst, `,"ply":`...)
			dst = strconv.AppendInt(dst, int64(d.Ply), 10)
		}
		if d.Loc.Line > 0 {
			dst = append(dst, `,"line":`...)
			dst = strconv.AppendInt(dst, int64(d.Loc.Line), 10)
			dst = append(dst, `,"col":`...)
			dst = strconv.AppendInt(dst, int64(max(d.Loc.Col, 1)), 10)
		}
		if d.Loc.Offset >= 0 && (d.Loc.Line == 0 || d.Loc.Offset > 0) {
			dst = append(dst, `,"offset":`...)
			dst = strconv.AppendInt(dst, d.Loc.Offset, 10)
		}
		if d.Token != "" {
			dst = append(dst, `,"token":`...)
			dst = AppendString(dst, d.Token)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string: UTF-8 kept as is (no HTML escaping), control
// characters escaped, invalid UTF-8 replaced by U+FFFD.
func AppendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, `\ufffd`...)
				i++
				start = i
				continue
			}
			i += size
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"', '\\':
			dst = append(dst, '\\', c)
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendBytes is AppendString for a byte slice.
func AppendBytes(dst, b []byte) []byte {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return AppendString(dst, string(b))
		}
	}
	dst = append(dst, '"')
	dst = append(dst, b...)
	return append(dst, '"')
}
