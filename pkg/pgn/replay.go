package pgn

import (
	"bytes"
	"io"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	anynotation "github.com/qipu/qipu/pkg/notation/any"
)

// Config says where a PGN text comes from.
type Config struct {
	Path     string // names the source in diagnostics and in each Game
	Encoding string // the encoding the text was decoded from, recorded on each Game
}

// Decode reads every game of a UTF-8 PGN text and calls fn with each replayed game, in order.
// It stops early only if fn returns an error or the reader fails (returned).
func Decode(r io.Reader, cfg Config, fn func(*game.Game) error) error {
	rd := NewReader(r)
	rp := NewReplayer(cfg)
	for {
		err := rd.ReadGame(rp)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(rp.Game()); err != nil {
			return err
		}
	}
}

// Replayer is the Visitor that replays each game on the board with a game.Builder: moves are
// resolved in the notation named by the Format tag (detected per move when the tag is missing
// or does not fit), variations are replayed from the position before the move they replace,
// comments and NAGs are kept, and every problem becomes a positioned diagnostic on the game.
type Replayer struct {
	b      game.Builder
	cfg    Config
	index  int
	hint   notation.Format
	fen    bool   // a FEN tag was applied
	tagRes string // the result of the Result tag
	res    string // the result of the movetext
	moved  bool   // the current line has a move
	stack  []bool // moved, for the lines the open variations branch from
	last   *game.Game
	texts  *[internSlots]string // recently seen move texts, by hash: a file repeats the same few thousand
}

// internSlots is the size of the direct-mapped cache of move texts.
const internSlots = 4096

// intern returns text as a string, sharing the copy of an identical text seen recently, so
// that a replayed move usually costs no string allocation.
func (r *Replayer) intern(text []byte) string {
	if r.texts == nil {
		r.texts = new([internSlots]string)
	}
	h := uint32(2166136261) // FNV-1a
	for _, c := range text {
		h = (h ^ uint32(c)) * 16777619
	}
	slot := &r.texts[h%internSlots]
	if *slot != string(text) {
		*slot = string(text)
	}
	return *slot
}

// NewReplayer returns a Replayer for the games of one text.
func NewReplayer(cfg Config) *Replayer {
	r := &Replayer{cfg: cfg}
	r.b.Path = cfg.Path
	r.b.Resolve = r.resolve
	return r
}

// Game returns the game finished by the last EndGame (nil before).
func (r *Replayer) Game() *game.Game { return r.last }

func (r *Replayer) resolve(pos *board.Position, text string) (board.Move, string, error) {
	res, err := anynotation.Resolve(pos, text, r.hint)
	if err != nil {
		return board.NoMove, "", err
	}
	if r.hint != notation.Unknown && res.Format != r.hint {
		// The Format tag is wrong for this move: warn once, then expect the notation the
		// moves are really in, so a mislabelled game gets one warning, not one per move.
		r.hint = res.Format
	}
	if res.Nonstandard {
		if res.Note == "" {
			return res.Move, "non-standard move text", nil
		}
		return res.Move, res.Note, nil
	}
	return res.Move, "", nil
}

// BeginGame implements Visitor.
func (r *Replayer) BeginGame(Loc) {
	r.index++
	r.b.Begin(r.index, "pgn", r.cfg.Encoding)
	r.hint, r.fen, r.tagRes, r.res, r.moved = notation.Unknown, false, "", "", false
	r.stack = r.stack[:0]
}

// Tag implements Visitor: FEN (any case) sets the start position, Format (any case) the
// notation hint; every tag is kept on the game.
func (r *Replayer) Tag(name, value []byte, loc Loc) {
	n, v := string(name), string(value)
	r.b.Tag(n, v)
	switch {
	case strings.EqualFold(n, "FEN"):
		if fen := strings.TrimSpace(v); fen != "" && !r.fen {
			r.fen = true
			r.b.SetFEN(fen, loc)
		}
	case strings.EqualFold(n, "Format"):
		r.hint, _ = notation.ParseFormat(strings.TrimSpace(v))
	case strings.EqualFold(n, "Result"):
		r.tagRes = normalResult(strings.TrimSpace(v))
	}
}

// normalResult maps a Result tag value to a result, or "" when it is none.
func normalResult(v string) string {
	switch v {
	case "1-0", "0-1", "1/2-1/2", "*":
		return v
	}
	return resultOf([]byte(v))
}

// BeginMovetext implements Visitor. It sets up the standard start position when no FEN tag
// did, so that the position is known before anything of the movetext (a variation that opens
// before the first move must not replace the main line).
func (r *Replayer) BeginMovetext() Skip {
	if !r.fen {
		r.b.SetSetup(board.StartSetup(), game.NoLoc)
	}
	return false
}

// Move implements Visitor.
func (r *Replayer) Move(text []byte, loc Loc) Skip {
	r.moved = true
	r.b.Move(r.intern(text), loc)
	return false
}

// NAG implements Visitor.
func (r *Replayer) NAG(nag uint8, _ Loc) { r.b.NAG(nag) }

// Comment implements Visitor; comments are trimmed (cleanComment) and empty ones dropped.
func (r *Replayer) Comment(text []byte, _ Loc) {
	if c := cleanComment(text); len(c) > 0 {
		r.b.Comment(string(c))
	}
}

// cleanComment returns the comment text as qipu keeps it: without leading and trailing ASCII
// blanks and line breaks, with CRLF and CR turned into LF. Blanks such as U+3000 used to
// indent paragraphs are kept. It returns b itself when nothing changes.
func cleanComment(b []byte) []byte {
	b = bytes.Trim(b, " \t\r\n\v\f")
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\r' {
			if i+1 < len(b) && b[i+1] == '\n' {
				continue
			}
			out = append(out, '\n')
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// BeginVariation implements Visitor. A variation that opens before any move of its line has
// nothing to replace: it is a syntax error (and its moves are not replayed).
func (r *Replayer) BeginVariation(loc Loc) Skip {
	if !r.moved {
		e := &SyntaxError{Loc: loc, Token: "(", Msg: "variation before any move"}
		r.b.Diagnose(game.KindSyntax, false, loc, 0, e.Token, e.Msg, e)
	}
	r.stack = append(r.stack, r.moved)
	r.moved = false
	r.b.BeginVariation()
	return false
}

// EndVariation implements Visitor.
func (r *Replayer) EndVariation(Loc) {
	if n := len(r.stack); n > 0 {
		r.moved = r.stack[n-1]
		r.stack = r.stack[:n-1]
	}
	r.b.EndVariation()
}

// Result implements Visitor.
func (r *Replayer) Result(result string, _ Loc) { r.res = result }

// Error implements Visitor: the reader's syntax errors become diagnostics of the game.
func (r *Replayer) Error(err *SyntaxError) {
	r.b.Diagnose(game.KindSyntax, false, err.Loc, 0, err.Token, err.Msg, err)
}

// EndGame implements Visitor. The game's result is the movetext's unless that is missing or
// "*", then the Result tag's, else "*".
func (r *Replayer) EndGame(Loc) {
	res := r.res
	if res == "" || res == "*" && r.tagRes != "" {
		res = r.tagRes
	}
	if res == "" {
		res = "*"
	}
	r.b.Result(res)
	r.last = r.b.Finish()
}
