package ciformat

import (
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
)

// AppendAnnotation appends a GitHub Actions workflow command for a diagnostic, one line:
//
//	::error file=PATH,line=L,col=C,title=qipu KIND::game N, ply P: KIND: message ("token")
//
// A warning is a ::warning command and a note a ::notice. A binary file's place stays in the
// message as @offset.
func AppendAnnotation(dst []byte, d *game.Diagnostic) []byte {
	switch {
	case d.IsWarning():
		dst = append(dst, "::warning file="...)
	case d.IsNote():
		dst = append(dst, "::notice file="...)
	default:
		dst = append(dst, "::error file="...)
	}
	dst = appendEscaped(dst, d.Path, true)
	if d.Loc.Line > 0 {
		dst = append(dst, ",line="...)
		dst = strconv.AppendInt(dst, int64(d.Loc.Line), 10)
		dst = append(dst, ",col="...)
		dst = strconv.AppendInt(dst, int64(max(d.Loc.Col, 1)), 10)
	}
	dst = append(dst, ",title=qipu "...)
	dst = appendEscaped(dst, string(d.Kind), true)
	dst = append(dst, "::"...)
	// The message: the contract line without the path and place (the properties hold them;
	// a path printed quoted would not be a prefix of the line).
	bare := *d
	bare.Path = ""
	if d.Loc.Line > 0 {
		bare.Loc = game.NoLoc
	}
	msg := strings.TrimPrefix(strings.TrimPrefix(bare.Error(), ":"), " ")
	dst = appendEscaped(dst, msg, false)
	return append(dst, '\n')
}

// appendEscaped escapes a workflow command's data (% CR LF) or property (also : and ,).
// Other control bytes and bytes that are not UTF-8 (a file name may hold them) are written
// %XX too, so that an annotation is one line of UTF-8 and sends no escape sequence to a
// terminal or a log.
func appendEscaped(dst []byte, s string, property bool) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%':
			dst = append(dst, "%25"...)
		case c == '\r':
			dst = append(dst, "%0D"...)
		case c == '\n':
			dst = append(dst, "%0A"...)
		case property && c == ':':
			dst = append(dst, "%3A"...)
		case property && c == ',':
			dst = append(dst, "%2C"...)
		case c < 0x20 || c == 0x7F:
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&0xF])
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				dst = append(dst, '%', upperHex[c>>4], upperHex[c&0xF])
				continue
			}
			dst = append(dst, s[i:i+n]...)
			i += n - 1
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

const upperHex = "0123456789ABCDEF"

// github writes an annotation per diagnostic, in the order of the text output: the game's,
// with each of the file's own placed at a text line (undecodable bytes) before the first
// diagnostic at a later line, and the file's others last.
type github struct {
	out   errWriter
	buf   []byte
	order []*game.Diagnostic
}

func newGitHub(w io.Writer, _ Options) Printer { return &github{out: errWriter{w: w}} }

func (p *github) WriteFile(f *File) error {
	p.buf, p.order = p.buf[:0], p.order[:0]
	for i := range f.Games {
		for j := range f.Games[i].Diagnostics {
			p.order = append(p.order, &f.Games[i].Diagnostics[j].Diagnostic)
		}
	}
	for i := range f.Diagnostics {
		p.order = placeByLine(p.order, &f.Diagnostics[i].Diagnostic)
	}
	for _, d := range p.order {
		p.buf = AppendAnnotation(p.buf, d)
	}
	clear(p.order)
	p.out.write(p.buf)
	return p.out.err
}

// placeByLine inserts d into order before the first diagnostic about a later text line, or
// appends it when d has no line or none is later.
func placeByLine(order []*game.Diagnostic, d *game.Diagnostic) []*game.Diagnostic {
	if d.Loc.Line > 0 {
		for i, o := range order {
			if o.Loc.Line > d.Loc.Line {
				return slices.Insert(order, i, d)
			}
		}
	}
	return append(order, d)
}

func (p *github) Close() error { return p.out.err }
