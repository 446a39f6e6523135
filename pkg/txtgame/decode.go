package txtgame

import (
	"fmt"
	"io"
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/textfile"
	"github.com/qipu/qipu/pkg/internal/textmove"
	"github.com/qipu/qipu/pkg/internal/textpos"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/textenc"
)

// detect reports whether a token has the shape of a move in a registered notation.
func detect(t string) bool { return anynotation.Detect(t) != notation.Unknown }

// line is one line of the text and the offset where it starts.
type line struct {
	text string
	off  int
}

// lines yields the lines of text ("\r\n", "\r" or "\n" ends one), without their ends.
func lines(text string) iter.Seq[line] {
	return func(yield func(line) bool) {
		for off := 0; off < len(text); {
			end := strings.IndexAny(text[off:], "\r\n")
			next := len(text)
			if end < 0 {
				end = len(text)
			} else {
				end += off
				next = end + 1
				if text[end] == '\r' && next < len(text) && text[next] == '\n' {
					next++
				}
			}
			if !yield(line{text[off:end], off}) {
				return
			}
			off = next
		}
	}
}

// Read reads every game of a text (at most MaxFileSize bytes) and yields each, replayed
// through game.Builder, with every problem as a diagnostic at line:col of the decoded text.
// A text without a game, too large or unreadable yields a nil game and a *game.Diagnostic
// that unwraps to ErrNoGame, ErrTooLarge or the read error.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		text, enc, warn, err := readText(r, cfg)
		if err != nil {
			yield(nil, err)
			return
		}
		d := &decoder{cfg: cfg, enc: enc, warn: warn, cur: textpos.New(text), yield: yield}
		d.b.Path = cfg.Path
		d.b.Repair = cfg.Repair
		d.b.Resolve = d.res.Resolve
		d.run(text)
	}
}

// readText reads and decodes the input; warn reports bytes that did not decode.
func readText(r io.Reader, cfg Config) (text string, enc textenc.Encoding, warn *game.Diagnostic, err error) {
	return textfile.Read(r, cfg.Path, "txtgame", cfg.Encoding, MaxFileSize, ErrTooLarge)
}

// The states of a game's text.
const (
	stNone   = iota // no game is open
	stFields        // in XQStudio's header block
	stMoves         // the game's moves may come
	stClosed        // the game's moves have ended (a result, the closing dashes, other text)
)

// decoder holds the state of one Decode.
type decoder struct {
	cfg   Config
	enc   textenc.Encoding
	warn  *game.Diagnostic
	cur   textpos.Cursor
	yield func(*game.Game, error) bool
	b     game.Builder
	res   textmove.Resolver

	games   int
	state   int
	fenGame bool // the open game started with a FEN: lines without numbers hold moves
	xqs     bool // the open game is framed by XQStudio's dashes
	frame   int  // XQStudio dash lines met in the open game
	plies   int  // moves passed to the builder in the open game
	numWarn bool // a move number out of sequence was reported in the open game
	stray   bool // the current run of move lines after the game's end was reported
	section string
	orphan  game.Loc // the first move line met before any game (Line 0: none)
	stopped bool
	tooMany bool
}

func (d *decoder) loc(off int) game.Loc { return d.cur.At(off) }

// run reads the text line by line.
func (d *decoder) run(text string) {
	for ln := range lines(text) {
		l := trimSpace(ln.text)
		if l == "" {
			continue
		}
		off := ln.off + strings.Index(ln.text, l)
		d.line(l, off)
		if d.stopped {
			return
		}
	}
	d.finish()
	if d.stopped {
		return
	}
	if d.games == 0 {
		loc, msg := game.Loc{Line: 1, Col: 1, Offset: 0}, "no game: no header line (…红先胜…), FEN line or XQStudio header"
		if d.orphan.Line > 0 {
			loc, msg = d.orphan, "moves without a header line, a FEN or an XQStudio header: their start position is not given"
		}
		d.yield(nil, fileError(d.cfg.Path, game.KindSyntax, loc, msg, ErrNoGame))
	}
}

// line handles one trimmed, non-blank line at offset off.
func (d *decoder) line(l string, off int) {
	k := classify(l)
	if d.state == stFields {
		switch k {
		case kindDashes:
			d.frame++
			d.state = stMoves
		case kindField:
			d.field(l, off)
		default:
			d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: d.loc(off), Token: l, Message: "line in XQStudio's header block is not a field; ignored"})
		}
		return
	}
	switch k {
	case kindHeader:
		d.begin(off)
		d.header(l)
		d.state = stMoves
	case kindFEN:
		d.begin(off)
		d.fenGame = true
		fen, rest, _ := strings.Cut(l, ",")
		d.b.SetFEN(trimSpace(fen), d.loc(off))
		d.state = stMoves
		if rest != "" {
			d.moves(rest, off+len(fen)+1)
		}
	case kindDashes:
		switch {
		case d.state == stNone || d.state == stClosed && d.frame != 2:
			d.begin(off)
			d.xqs, d.frame, d.state = true, 1, stFields
		case d.xqs && d.frame == 2:
			d.frame = 3
			d.state = stClosed
		default:
			d.close()
		}
	case kindFooter:
		if !d.xqs {
			d.other(l)
		}
	case kindResult:
		if d.state == stMoves {
			d.result(resultWords[l])
			d.state = stClosed
			return
		}
		d.other(l)
	case kindMoves:
		d.moves(l, off)
	default:
		if d.state == stMoves && d.fenGame {
			d.moves(l, off)
			return
		}
		d.other(l)
	}
}

// other handles a line that is no part of a game: it ends the open game's moves, and is the
// heading of the games after it.
func (d *decoder) other(l string) {
	if d.state == stMoves && d.plies == 0 && !d.fenGame {
		// Between a header line and its moves: a comment on the game.
		d.b.Comment(l)
		return
	}
	d.close()
	d.section = l
}

// close ends the open game's moves (the game itself ends at the next one or at the end).
func (d *decoder) close() {
	if d.state != stNone {
		d.state = stClosed
	}
}

// begin finishes the open game and starts the next.
func (d *decoder) begin(off int) {
	d.finish()
	if d.stopped {
		return
	}
	if d.games >= MaxGames {
		if !d.tooMany {
			d.tooMany = true
			d.stopped = !d.yield(nil, fileError(d.cfg.Path, game.KindSyntax, d.loc(off),
				fmt.Sprintf("more than %d games; the rest are not read", MaxGames), ErrTooLarge))
		}
		d.stopped = true
		return
	}
	d.games++
	d.b.Begin(d.games, FormatName, d.enc)
	d.res.Hint = notation.Unknown
	d.state, d.fenGame, d.xqs, d.frame, d.plies, d.numWarn, d.stray = stMoves, false, false, 0, 0, false, false
	if d.warn != nil && d.games == 1 {
		d.b.Diagnose(game.Diagnostic{Kind: d.warn.Kind, Level: game.LevelWarning, Loc: d.warn.Loc, Message: d.warn.Message})
	}
	if d.section != "" {
		d.b.Tag("Section", d.section)
	}
	if d.orphan.Line > 0 && d.games == 1 {
		msg := fmt.Sprintf("moves at line %d come before any header line, FEN or XQStudio header: not read", d.orphan.Line)
		d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: d.orphan, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
	}
}

// finish yields the open game.
func (d *decoder) finish() {
	if d.state == stNone || d.stopped {
		return
	}
	d.state = stNone
	d.stopped = !d.yield(d.b.Finish(), nil)
}

// header reads a header line: players and Red's result.
func (d *decoder) header(l string) {
	i := headerMark(l)
	mark := headerMarks[i].mark
	j := strings.Index(l, mark)
	red, black := trimSpace(l[:j]), trimSpace(l[j+len(mark):])
	// A tiebreak mark in parentheses may follow Black's name; it stays in the Title.
	if k := strings.IndexAny(black, "（("); k > 0 {
		black = trimSpace(black[:k])
	}
	d.b.Tag("Title", l)
	if red != "" {
		d.b.Tag("Red", red)
	}
	if black != "" {
		d.b.Tag("Black", black)
	}
	d.result(headerMarks[i].result)
}

// result sets the game's result and its Result tag.
func (d *decoder) result(r string) {
	d.b.Result(r)
	d.b.Tag("Result", r)
}

// field reads a field of XQStudio's header block.
func (d *decoder) field(l string, off int) {
	key, v, _ := field(l)
	tag := fieldTags[key]
	if v == "" {
		return
	}
	if tag == "Result" {
		r, ok := resultWords[v]
		if !ok {
			d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: d.loc(off), Token: v, Message: fmt.Sprintf("result %q is not 红胜, 黑胜 or 和棋; read as unknown (*)", v)})
			r = "*"
		}
		d.result(r)
		return
	}
	d.b.Tag(tag, v)
}

// moves reads the move tokens of s (at offset off of the text): move numbers, moves and
// result tokens, separated by blanks (and commas in a FEN line).
func (d *decoder) moves(s string, off int) {
	if d.state != stMoves || d.xqs && d.frame != 2 {
		// Moves after the game's end, or before any game: no start position is known.
		if d.state == stNone {
			if d.orphan.Line == 0 {
				d.orphan = d.loc(off)
			}
			return
		}
		if !d.stray {
			d.stray = true
			loc := d.loc(off)
			msg := "moves after the end of this game's moves, with no header line before them: not read"
			d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Token: firstToken(stripNumber(s)), Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
		}
		return
	}
	for i := 0; i < len(s); {
		// Skip blanks and commas.
		r, w := utf8.DecodeRuneInString(s[i:])
		if isSpace(r) || r == ',' {
			i += w
			continue
		}
		j := i
		for j < len(s) {
			r, w := utf8.DecodeRuneInString(s[j:])
			if isSpace(r) || r == ',' {
				break
			}
			j += w
		}
		tok := s[i:j]
		tokOff := off + i
		i = j
		if n, rest, ok := moveNumber(tok); ok {
			d.number(n, tok, tokOff)
			if rest == "" {
				continue
			}
			tokOff += len(tok) - len(rest)
			tok = rest
		}
		if r, ok := resultWords[tok]; ok && !detect(tok) {
			d.result(r)
			d.state = stClosed
			return
		}
		d.plies++
		d.b.Move(textmove.Cut(tok), d.loc(tokOff))
	}
}

// number checks a move number against the moves read so far (a warning, once per game).
func (d *decoder) number(n int, tok string, off int) {
	if want := d.plies/2 + 1; n != want && !d.numWarn {
		d.numWarn = true
		d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: d.loc(off), Ply: d.plies + 1, Token: tok, Message: fmt.Sprintf("move number %d, expected %d", n, want)})
	}
}
