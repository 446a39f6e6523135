// Package anynotation dispatches between qipu's four move notations (ICCS, WXF, Chinese and
// the platform format): it detects the notation of a move text, resolves a text against a
// position whatever its notation, formats a move in a chosen notation, and finds where a move
// ends in movetext whose moves are glued together.
//
// Import it as "github.com/qipu/qipu/pkg/notation/any"; the package name is anynotation, since
// any is a predeclared identifier.
package anynotation

import (
	"errors"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
)

// Resolved is a move text resolved against a position.
type Resolved struct {
	Move   board.Move
	Format notation.Format // the notation the text was read in
	// Nonstandard is set when the text fits exactly one legal move but is not how the
	// notation writes it (前/后 omitted or needless, tandem pieces numbered another way, seed
	// 002's marker order, or a notation other than the hinted one); Note says which. The
	// caller reports it as a `notation` warning.
	Nonstandard bool
	Note        string
}

// order is the order in which notations are tried when the hint does not fit.
var order = [...]notation.Format{notation.ICCS, notation.WXF, notation.Chinese, notation.Platform}

// otherNote[hint][f] is the note for a text read in f instead of the hinted notation.
var otherNote = func() (t [5][5]string) {
	for h := notation.ICCS; h <= notation.Platform; h++ {
		for f := notation.ICCS; f <= notation.Platform; f++ {
			t[h][f] = "move written in " + f.String() + " notation, not " + h.String()
		}
	}
	return t
}()

// Resolve reads text as a move of the side to move in pos. It tries the hinted notation first
// (unless hint is Unknown); when the text does not read in it, or no hint is given, it tries
// every notation the text's shape fits (ICCS, WXF, Chinese, platform, in that order) and takes
// the first that resolves. A move read in another notation than a given hint is reported as
// non-standard.
//
// Errors are *notation.Error with the original text: ErrSyntax when no notation reads the
// text, else the error of the first notation that read it (ErrIllegal, or ErrAmbiguous with
// the candidate moves).
func Resolve(pos *board.Position, text string, hint notation.Format) (Resolved, error) {
	if hint != notation.Unknown {
		if r, read, err := resolveIn(pos, text, hint); read {
			return r, err
		}
	}
	var first error
	for _, f := range order {
		if f == hint {
			continue
		}
		r, read, err := resolveIn(pos, text, f)
		if !read {
			continue
		}
		if err == nil {
			if hint != notation.Unknown && int(hint) < len(otherNote) {
				r.Nonstandard, r.Note = true, otherNote[hint][f]
			}
			return r, nil
		}
		if first == nil {
			first = err
		}
	}
	if first != nil {
		return Resolved{}, first
	}
	name := ""
	if hint != notation.Unknown {
		name = hint.String()
	}
	return Resolved{}, &notation.Error{Kind: notation.ErrSyntax, Notation: name, Text: text, Reason: "not a move in any notation"}
}

// resolveIn reads and resolves text in notation f; read is false (and nothing allocated)
// when f cannot read it.
func resolveIn(pos *board.Position, text string, f notation.Format) (r Resolved, read bool, err error) {
	p, ok := ParseIn(text, f)
	if !ok {
		return r, false, nil
	}
	r, err = p.Resolve(pos, text)
	return r, true, err
}

// Parsed is a move text read in one notation, not yet resolved against a position. A reader
// that meets the same texts again and again (an archive repeats a few thousand) can read each
// once with ParseFor or ParseIn and resolve it wherever it occurs with Resolve.
type Parsed struct {
	format   notation.Format // Unknown in the zero value
	iccs     iccs.Syntax
	wxf      wxf.Syntax
	chinese  chinese.Syntax
	platform platform.Syntax
}

// Format returns the notation p was read in (Unknown for the zero Parsed).
func (p Parsed) Format() notation.Format { return p.format }

// ParseIn reads text in notation f alone; it reports false when f cannot read it. It does
// not allocate.
func ParseIn(text string, f notation.Format) (p Parsed, ok bool) {
	switch f {
	case notation.ICCS:
		p.iccs, ok = iccs.TryParse(text)
	case notation.WXF:
		p.wxf, ok = wxf.TryParse(text)
	case notation.Chinese:
		p.chinese, ok = chinese.TryParse(text)
	case notation.Platform:
		p.platform, ok = platform.TryParse(text)
	}
	if ok {
		p.format = f
	}
	return p, ok
}

// ParseFor reads text as Resolve(pos, text, hint) does before it consults the position, when
// that reading does not depend on the position: in the hinted notation when the text reads in
// it, or, without a hint, in the only notation that reads it. It reports false otherwise (a
// text of another notation than the hint, or one that several notations read): Resolve must
// then decide.
func ParseFor(text string, hint notation.Format) (Parsed, bool) {
	if hint != notation.Unknown {
		return ParseIn(text, hint)
	}
	var only Parsed
	for _, f := range order {
		if p, ok := ParseIn(text, f); ok {
			if only.format != notation.Unknown {
				return Parsed{}, false
			}
			only = p
		}
	}
	return only, only.format != notation.Unknown
}

// Resolve resolves in pos the text that ParseIn or ParseFor read as p, without reading it
// again: it returns what Resolve(pos, text, hint) returns when p = ParseFor(text, hint) (or
// ParseIn(text, hint)) succeeded. For the zero Parsed it returns an ErrSyntax error.
func (p *Parsed) Resolve(pos *board.Position, text string) (Resolved, error) {
	var m board.Move
	var note string
	var err error
	switch p.format {
	case notation.ICCS:
		m, err = p.iccs.Resolve(pos)
	case notation.WXF:
		m, note, err = p.wxf.ResolveNote(pos)
	case notation.Chinese:
		m, note, err = p.chinese.ResolveNote(pos)
	case notation.Platform:
		m, note, err = p.platform.ResolveNote(pos)
	default:
		return Resolved{}, &notation.Error{Kind: notation.ErrSyntax, Text: text, Reason: "not a move in any notation"}
	}
	if err != nil {
		var e *notation.Error
		if errors.As(err, &e) {
			e.Text = text
		}
		return Resolved{}, err
	}
	return Resolved{Move: m, Format: p.format, Nonstandard: note != "", Note: note}, nil
}

// valid reports whether text reads in notation f.
func valid(f notation.Format, text string) bool {
	switch f {
	case notation.ICCS:
		_, ok := iccs.TryParse(text)
		return ok
	case notation.WXF:
		_, ok := wxf.TryParse(text)
		return ok
	case notation.Chinese:
		_, ok := chinese.TryParse(text)
		return ok
	case notation.Platform:
		_, ok := platform.TryParse(text)
		return ok
	}
	return false
}

// Detect returns the notation whose shape text has (ICCS, WXF, Chinese or platform, tried
// in that order), or Unknown. It does not consult a position.
func Detect(text string) notation.Format {
	for _, f := range order {
		if valid(f, text) {
			return f
		}
	}
	return notation.Unknown
}

// Append appends the text of the legal move m of pos in notation f, styled by o, and returns
// the extended buffer. It writes nothing for Unknown. Appending into a buffer with room does
// not allocate.
func Append(dst []byte, pos *board.Position, m board.Move, f notation.Format, o notation.Options) []byte {
	switch f {
	case notation.ICCS:
		return iccs.Notation{Style: iccs.Style(o.ICCSStyle)}.Append(dst, pos, m)
	case notation.WXF:
		return wxf.Notation{Style: wxf.Style(o.WXFStyle)}.Append(dst, pos, m)
	case notation.Chinese:
		return chinese.Notation{Traditional: o.Traditional}.Append(dst, pos, m)
	case notation.Platform:
		return platform.Notation{}.Append(dst, pos, m)
	}
	return dst
}

// ScanMove returns the byte length of the single move token at the start of s, for movetext
// whose moves are glued together without separators ("C2.5H8+7", "Ｃ２．５Ｈ８＋７",
// "炮二平五马８进７", "炮三7車五10(吃)", "炮二3-五3马８进７"), or 0 when no move starts there. Characters are
// compared after textenc.Glyph normalization; the length counts the original bytes. A check
// mark after a move is not part of it.
func ScanMove(s string) int {
	var ends [6]int // byte offset after each of the first runes
	var ascii [6]byte
	n := 0
	for i := 0; i < len(s) && n < len(ends); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
			r = textenc.Glyph(r)
		}
		i += size
		if r < utf8.RuneSelf {
			ascii[n] = byte(r)
		} else {
			ascii[n] = 0
		}
		ends[n] = i
		n++
	}
	if n == 0 {
		return 0
	}
	if ascii[0] != 0 {
		// ICCS (with or without dash) or WXF: all ASCII after normalization.
		if n >= 5 && ascii[2] == '-' && isASCII(ascii[:5]) && valid(notation.ICCS, s[:ends[4]]) {
			return ends[4]
		}
		if n >= 4 && isASCII(ascii[:4]) && valid(notation.ICCS, s[:ends[3]]) {
			return ends[3]
		}
		if n >= 4 && isASCII(ascii[:4]) && valid(notation.WXF, s[:ends[3]]) {
			return ends[3]
		}
		return 0
	}
	for _, k := range [...]int{5, 4} {
		if k <= n && valid(notation.Chinese, s[:ends[k-1]]) {
			return ends[k-1]
		}
	}
	return platform.Scan(s)
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c == 0 {
			return false
		}
	}
	return true
}
