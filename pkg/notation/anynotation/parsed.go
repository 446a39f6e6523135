package anynotation

import (
	"errors"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// Parsed is a move text read in one notation, not yet resolved against a position. A reader
// that meets the same texts again and again (an archive repeats a few thousand) can read each
// once with ParseFor or ParseIn and resolve it wherever it occurs with Resolve.
type Parsed struct {
	format   notation.ID // Unknown in the zero value
	iccs     iccs.Syntax
	wxf      wxf.Syntax
	chinese  chinese.Syntax
	platform platform.Syntax
}

// Format returns the notation p was read in (Unknown for the zero Parsed).
func (p Parsed) Format() notation.ID { return p.format }

// ParseIn reads text in notation f alone; it reports false when f cannot read it. It does
// not allocate.
func ParseIn(text string, f notation.ID) (p Parsed, ok bool) {
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
func ParseFor(text string, hint notation.ID) (Parsed, bool) {
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
func valid(f notation.ID, text string) bool {
	_, ok := ParseIn(text, f)
	return ok
}
