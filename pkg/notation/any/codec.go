package anynotation

import (
	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/notation"
)

// Codec is one notation with its output style: it decodes move texts in a position and
// encodes legal moves. Codecs are stateless values, safe for concurrent use.
type Codec interface {
	// Format names the notation.
	Format() notation.Format
	// Decode reads text as a move of the side to move in pos, in this notation only. note is
	// non-empty when the text is non-standard but fits exactly one legal move.
	Decode(pos *board.Position, text string) (m board.Move, note string, err error)
	// Encode appends the text of the legal move m of pos.
	Encode(dst []byte, pos *board.Position, m board.Move) []byte
}

type codec struct {
	f notation.Format
	o notation.Options
}

func (c codec) Format() notation.Format { return c.f }

func (c codec) Decode(pos *board.Position, text string) (board.Move, string, error) {
	r, read, err := resolveIn(pos, text, c.f)
	if !read {
		return board.NoMove, "", &notation.Error{Kind: notation.ErrSyntax, Notation: c.f.String(), Text: text,
			Reason: "not a " + c.f.String() + " move"}
	}
	if err != nil {
		return board.NoMove, "", err
	}
	return r.Move, r.Note, nil
}

func (c codec) Encode(dst []byte, pos *board.Position, m board.Move) []byte {
	return Append(dst, pos, m, c.f, c.o)
}

// Lookup returns the codec of the notation with the given name ("iccs", "wxf", "chinese" or
// "platform", any case), writing in the style o selects.
func Lookup(name string, o notation.Options) (Codec, error) {
	f, err := notation.ParseFormat(name)
	if err != nil {
		return nil, err
	}
	return codec{f, o}, nil
}

// Codecs returns the codecs of the four notations, in the order ICCS, WXF, Chinese, platform.
func Codecs(o notation.Options) []Codec {
	out := make([]Codec, 0, len(order))
	for _, f := range order {
		out = append(out, codec{f, o})
	}
	return out
}
