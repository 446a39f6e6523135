package pgn

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"iter"
	"strings"
	"sync"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/strarena"
	"github.com/qipu/qipu/pkg/internal/textmove"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "pgn"

// Config is what Read takes besides the text (game.ReadConfig). A PGN text is read as UTF-8:
// Encoding is the encoding it was decoded from (package record decodes it), recorded on each
// game.
type Config = game.ReadConfig

// Read reads every game of a UTF-8 PGN text and yields each replayed game, in order; a read
// error comes last, as (nil, err). It is the signature every reader package has. It drives the
// reader itself: a consumer that stops ends the reading there.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		d := startDecoding(r, cfg)
		defer d.finish()
		for {
			err := d.rd.ReadGame(&d.rp)
			if err == io.EOF {
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(d.rp.Game(), nil) {
				return
			}
		}
	}
}

// Decode is Read with a callback: it calls fn with each replayed game, in order, and stops
// early only if fn returns an error or the reader fails (returned).
func Decode(r io.Reader, cfg Config, fn func(*game.Game) error) error {
	d := startDecoding(r, cfg)
	defer d.finish()
	for {
		err := d.rd.ReadGame(&d.rp)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(d.rp.Game()); err != nil {
			return err
		}
	}
}

// startDecoding takes a decoding from the pool for the text r.
func startDecoding(r io.Reader, cfg Config) *decoding {
	d := decodings.Get().(*decoding)
	d.rd.reset(r)
	d.rp.reset(cfg)
	return d
}

// finish gives the decoding back, holding neither the input nor its settings: the pool must
// not keep the input alive.
func (d *decoding) finish() {
	d.rd.reset(nil)
	d.rp.reset(Config{})
	decodings.Put(d)
}

// decoding is the memory of one Decode: its Reader, with a read buffer of its own, and its
// Replayer, with the builder's buffers, the text caches and the node chunks. A run over many
// files takes it from decodings for each, so that a file costs no allocation of its own.
type decoding struct {
	rd Reader
	rp Replayer
}

var decodings = sync.Pool{New: func() any {
	d := new(decoding)
	d.rd.own = bufio.NewReaderSize(nil, bufSize)
	d.rp.b.Resolve = d.rp.resolve
	d.rp.cache = new(textCache)
	return d
}}

// Replayer is the Visitor that replays each game on the board with a game.Builder: moves are
// resolved in the notation named by the Format tag (detected per move when the tag is missing
// or does not fit), variations are replayed from the position before the move they replace,
// comments and NAGs are kept, and every problem becomes a positioned diagnostic on the game.
type Replayer struct {
	b      game.Builder
	cfg    Config
	index  int
	hint   notation.ID
	fen    bool   // a FEN tag was applied
	tagRes string // the result of the Result tag
	res    string // the result of the movetext
	moved  bool   // the current line has a move
	stack  []bool // moved, for the lines the open variations branch from
	last   *game.Game
	cache  *textCache     // recently seen move texts and tag fields
	texts  strarena.Arena // where the strings a game keeps are carved (tags, moves, comments)
	move   *moveSlot      // the entry of the move being replayed
}

// A file repeats the same few thousand move texts, and tag names and values (event, players)
// from game to game: the Replayer keeps them in caches, so that a replayed move usually costs
// no allocation and its text is read once, not at every ply. Move texts go in an open-address
// table, emptied when it is three quarters full; tag fields in a direct-mapped one.
const (
	moveSlots = 4096
	maxMoves  = moveSlots * 3 / 4
	tagSlots  = 256
	maxTagKey = 64 // longer tag values are not cached
)

type textCache struct {
	moves  [moveSlots]moveSlot
	nmoves int
	tags   [tagSlots]string
}

// moveSlot is a move text and, when valid, how anynotation.ParseFor read it for the hint.
// Texts of up to 16 bytes (nearly all) are also kept packed in lo and hi, so that a lookup
// compares two words instead of reading the string.
type moveSlot struct {
	lo, hi uint64 // packKey(text)
	text   string // "" for a free slot
	parsed anynotation.Parsed
	hint   notation.ID
	ok     bool // ParseFor(text, hint) succeeded: parsed resolves the text
	valid  bool // hint, ok and parsed are set
}

// packKey returns the bytes of a text of at most 16 bytes, zero-padded, as two little-endian
// words; a longer text gives zeros.
func packKey(b []byte) (lo, hi uint64) {
	switch n := len(b); {
	case n > 16:
	case n > 8: // two loads; the second one's bytes already in lo are shifted out
		lo = binary.LittleEndian.Uint64(b)
		hi = binary.LittleEndian.Uint64(b[n-8:]) >> (8 * (16 - n))
	case n >= 4:
		lo = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))>>(8*(8-n))<<32
	default:
		for i := n - 1; i >= 0; i-- {
			lo = lo<<8 | uint64(b[i])
		}
	}
	return lo, hi
}

// hashText returns a hash of b for the caches; lo and hi are packKey(b).
func hashText(b []byte, lo, hi uint64) uint64 {
	const k = 0x9E3779B97F4A7C15
	h := uint64(len(b)) * k
	if len(b) > 16 {
		for ; len(b) >= 8; b = b[8:] {
			h = (h ^ binary.LittleEndian.Uint64(b)) * k
		}
		lo, hi = packKey(b)
	}
	h = (h ^ lo) * k
	h = (h ^ hi) * k
	return h ^ h>>32
}

// moveSlotOf returns the cache entry of a move text (not empty), which holds the text as a
// string (a copy shared by every occurrence).
func (r *Replayer) moveSlotOf(text []byte) *moveSlot {
	if r.cache == nil {
		r.cache = new(textCache)
	}
	c := r.cache
	lo, hi := packKey(text)
	for i := hashText(text, lo, hi); ; i++ {
		slot := &c.moves[i%moveSlots]
		if slot.lo == lo && slot.hi == hi && len(slot.text) == len(text) &&
			(len(text) <= 16 || slot.text == string(text)) {
			return slot
		}
		if slot.text == "" { // a free slot: the text is new
			if c.nmoves == maxMoves {
				c.moves, c.nmoves = [moveSlots]moveSlot{}, 0
				return r.moveSlotOf(text)
			}
			c.nmoves++
			*slot = moveSlot{lo: lo, hi: hi, text: r.texts.String(text)}
			return slot
		}
	}
}

// tagText returns text as a string, shared with an identical tag name or value seen recently.
func (r *Replayer) tagText(text []byte) string {
	if len(text) > maxTagKey {
		return r.texts.String(text)
	}
	if r.cache == nil {
		r.cache = new(textCache)
	}
	lo, hi := packKey(text)
	slot := &r.cache.tags[hashText(text, lo, hi)%tagSlots]
	if *slot != string(text) {
		*slot = r.texts.String(text)
	}
	return *slot
}

// NewReplayer returns a Replayer for the games of one text.
func NewReplayer(cfg Config) *Replayer {
	r := new(Replayer)
	r.b.Resolve = r.resolve
	r.reset(cfg)
	return r
}

// reset readies the Replayer for the games of a new text read with cfg, keeping its memory:
// the builder's, and the caches of texts (a new file repeats the last one's move texts).
func (r *Replayer) reset(cfg Config) {
	r.cfg, r.index, r.last, r.move = cfg, 0, nil, nil
	r.stack = r.stack[:0]
	r.b.Path, r.b.Reuse, r.b.Repair = cfg.Path, cfg.Reuse, cfg.Repair
}

// Game returns the game finished by the last EndGame (nil before).
func (r *Replayer) Game() *game.Game { return r.last }

func (r *Replayer) resolve(pos *board.Position, text string) (board.Move, string, error) {
	var res anynotation.Resolved
	var err error
	if slot := r.move; slot != nil && slot.text == text {
		if !slot.valid || slot.hint != r.hint {
			slot.parsed, slot.ok = anynotation.ParseFor(text, r.hint)
			slot.hint, slot.valid = r.hint, true
		}
		if slot.ok {
			res, err = slot.parsed.Resolve(pos, text)
		} else {
			res, err = anynotation.Resolve(pos, text, r.hint)
		}
	} else {
		res, err = anynotation.Resolve(pos, text, r.hint)
	}
	// A Format tag that is wrong for this move: the notation the moves are really in is
	// expected next (textmove.Outcome).
	return textmove.Outcome(res, err, &r.hint)
}

// BeginGame implements Visitor.
func (r *Replayer) BeginGame(Loc) {
	r.index++
	r.b.Begin(r.index, FormatName, r.cfg.Encoding)
	r.hint, r.fen, r.tagRes, r.res, r.moved = notation.Unknown, false, "", "", false
	r.stack = r.stack[:0]
}

// Tag implements Visitor: FEN (any case) sets the start position, Format (any case) the
// notation hint; every tag is kept on the game.
func (r *Replayer) Tag(name, value []byte, loc Loc) {
	n, v := r.tagText(name), r.tagText(value)
	r.b.Tag(n, v)
	switch {
	case strings.EqualFold(n, "FEN"):
		if fen := strings.TrimSpace(v); fen != "" && !r.fen {
			r.fen = true
			r.b.SetFEN(fen, loc)
		}
	case strings.EqualFold(n, "Format"):
		r.hint, _ = notation.ParseID(strings.TrimSpace(v))
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
	if len(text) == 0 { // not from Reader, which reports no empty move
		r.b.Move("", loc)
		return false
	}
	r.move = r.moveSlotOf(text)
	r.b.Move(r.move.text, loc)
	r.move = nil
	return false
}

// NAG implements Visitor.
func (r *Replayer) NAG(nag uint8, _ Loc) { r.b.NAG(nag) }

// Comment implements Visitor; comments are trimmed (cleanComment) and empty ones dropped.
func (r *Replayer) Comment(text []byte, _ Loc) {
	if c := cleanComment(text); len(c) > 0 {
		r.b.Comment(r.texts.String(c))
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
		r.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Token: e.Token, Message: e.Msg, Err: e})
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
	r.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: err.Loc, Token: err.Token, Message: err.Msg, Err: err})
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
