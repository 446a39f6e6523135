package pipeline

import (
	"strconv"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
)

// appendGameJSON appends one game as a JSON object of the JSON Lines schema of qipu's output contract, in its
// field order, and a newline. The report leaves out "moves".
func appendGameJSON(dst []byte, source string, g *game.Game, withMoves bool, notations *[4]notation.Notation) []byte {
	dst = append(dst, `{"source":`...)
	dst = appendJSONString(dst, source)
	dst = append(dst, `,"index":`...)
	dst = strconv.AppendInt(dst, int64(g.Index), 10)
	dst = append(dst, `,"format":`...)
	dst = appendJSONString(dst, g.Format)
	dst = append(dst, `,"encoding":`...)
	dst = appendJSONString(dst, g.Encoding)
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
		dst = appendJSONString(dst, t.Name)
		dst = append(dst, ':')
		dst = appendJSONString(dst, t.Value)
	}
	dst = append(dst, `},"start_fen":`...)
	pos := g.StartPosition()
	dst = appendJSONString(dst, pos.FEN())
	if withMoves {
		dst = append(dst, `,"moves":[`...)
	}
	plies := 0
	var buf []byte
	for n := &g.Root; len(n.Children) > 0; plies++ {
		n = n.Children[0]
		m := n.Move
		if withMoves {
			if plies > 0 {
				dst = append(dst, ',')
			}
			for i, key := range [...]string{`{"iccs":`, `,"wxf":`, `,"chinese":`, `,"platform":`} {
				dst = append(dst, key...)
				buf = notations[i].Append(buf[:0], pos, m)
				dst = appendJSONBytes(dst, buf)
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
	dst = appendJSONString(dst, pos.FEN())
	dst = append(dst, `,"result":`...)
	dst = appendJSONString(dst, g.Result)
	dst = append(dst, `,"status":`...)
	if g.Valid() {
		dst = append(dst, `"ok"`...)
	} else {
		dst = append(dst, `"invalid"`...)
	}
	dst = appendDiagnosticsJSON(dst, `,"errors":[`, g.Diagnostics, false)
	dst = appendDiagnosticsJSON(dst, `,"warnings":[`, g.Diagnostics, true)
	return append(dst, "}\n"...)
}

// appendFileJSON appends the report entry of a file that yields no game, or of an error that
// belongs to the file rather than to one of its games: index 0, no tags, no positions.
func appendFileJSON(dst []byte, source, format, encoding string, diags []*game.Diagnostic) []byte {
	dst = append(dst, `{"source":`...)
	dst = appendJSONString(dst, source)
	dst = append(dst, `,"index":0,"format":`...)
	dst = appendJSONString(dst, format)
	dst = append(dst, `,"encoding":`...)
	dst = appendJSONString(dst, encoding)
	dst = append(dst, `,"tags":{},"start_fen":"","plies":0,"end_fen":"","result":"*","status":`...)
	status := `"ok"`
	for _, d := range diags {
		if d.IsError() {
			status = `"invalid"`
		}
	}
	dst = append(dst, status...)
	dst = appendDiagnosticsJSON(dst, `,"errors":[`, diags, false)
	dst = appendDiagnosticsJSON(dst, `,"warnings":[`, diags, true)
	return append(dst, "}\n"...)
}

// appendDiagnosticsJSON appends the array of errors (warnings false) or warnings, opened by
// head: {"kind","message","ply","line","col","offset","token"}, unknown fields omitted.
func appendDiagnosticsJSON(dst []byte, head string, diags []*game.Diagnostic, warnings bool) []byte {
	dst = append(dst, head...)
	first := true
	for _, d := range diags {
		if d.IsWarning() != warnings {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"kind":`...)
		dst = appendJSONString(dst, string(d.Kind))
		dst = append(dst, `,"message":`...)
		dst = appendJSONString(dst, d.Message)
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
			dst = appendJSONString(dst, d.Token)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string: UTF-8 kept as is (no HTML escaping), control
// characters escaped, invalid UTF-8 replaced by U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
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

// appendJSONBytes is appendJSONString for a byte slice.
func appendJSONBytes(dst, b []byte) []byte {
	for _, c := range b {
		if c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return appendJSONString(dst, string(b))
		}
	}
	dst = append(dst, '"')
	dst = append(dst, b...)
	return append(dst, '"')
}
