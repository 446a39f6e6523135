package xqn

import (
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/textfile"
	"github.com/qipu/qipu/pkg/internal/textmove"
	"github.com/qipu/qipu/pkg/internal/textpos"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// results are the Result values that give the game's result.
var results = map[string]bool{"1-0": true, "0-1": true, "1/2-1/2": true, "*": true}

// Read reads every game of an .xqn text (at most MaxFileSize bytes; the known files hold
// one, and a [Title] tag after moves starts another) and yields each, replayed through
// game.Builder, with every problem as a diagnostic at line:col of the decoded text. A text
// without a tag or a move, too large or unreadable yields a nil game and a *game.Diagnostic
// that unwraps to ErrNoGame, ErrTooLarge or the read error.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		text, enc, warn, err := readText(r, cfg)
		if err != nil {
			yield(nil, err)
			return
		}
		d := &decoder{cfg: cfg, text: text, enc: enc, warn: warn, cur: textpos.New(text), yield: yield}
		d.b.Path = cfg.Path
		d.b.Repair = cfg.Repair
		d.b.Resolve = d.res.Resolve
		d.run()
	}
}

// readText reads and decodes the input; warn reports bytes that did not decode.
func readText(r io.Reader, cfg Config) (text string, enc textenc.Encoding, warn *game.Diagnostic, err error) {
	return textfile.Read(r, cfg.Path, "xqn", cfg.Encoding, MaxFileSize, ErrTooLarge)
}

// decoder holds the state of one Decode.
type decoder struct {
	cfg   Config
	text  string
	enc   textenc.Encoding
	warn  *game.Diagnostic
	cur   textpos.Cursor
	yield func(*game.Game, error) bool
	b     game.Builder
	res   textmove.Resolver

	games   int
	open    bool // a game is begun
	moved   bool // the open game has a move (a [Title] then starts the next game)
	score   string
	stopped bool
}

func (d *decoder) loc(off int) game.Loc { return d.cur.At(off) }

// run reads the text token by token: brackets, move numbers, moves and results.
func (d *decoder) run() {
	s := d.text
	for i := 0; i < len(s) && !d.stopped; {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f':
			i++
		case strings.HasPrefix(s[i:], "\uFEFF"):
			i += len("\uFEFF")
		case c == '[':
			i = d.bracket(i)
		default:
			j := i
			for j < len(s) && !isBlank(s[j]) && s[j] != '[' {
				j++
			}
			d.token(s[i:j], i)
			i = j
		}
	}
	if d.stopped {
		return
	}
	d.finish()
	if d.games == 0 && !d.stopped {
		d.yield(nil, &game.Diagnostic{Kind: game.KindSyntax, Path: d.cfg.Path, Loc: game.Loc{Line: 1, Col: 1, Offset: 0},
			Message: "no game: no tag and no move", Err: ErrNoGame})
	}
}

func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// bracket reads [Key "value"] at i and returns the offset after it.
func (d *decoder) bracket(i int) int {
	s := d.text
	end := strings.IndexAny(s[i:min(len(s), i+maxBracket)], "]\r\n")
	if end < 0 || s[i+end] != ']' {
		d.ensure(i)
		line := s[i:]
		if k := strings.IndexAny(line, "\r\n"); k >= 0 {
			line = line[:k]
		}
		msg := "a [ that does not close on its line; the line is skipped"
		d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: d.loc(i), Token: firstN(line, 40), Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
		return i + len(line)
	}
	body := s[i+1 : i+end]
	next := i + end + 1
	key, rest, _ := strings.Cut(body, " ")
	rest = strings.TrimSpace(rest)
	if key == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' {
		d.ensure(i)
		msg := `a bracket that is not [Key "value"]; ignored`
		d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: d.loc(i), Token: firstN(body, 40), Message: msg})
		return next
	}
	value := rest[1 : len(rest)-1]
	if key == "Score" {
		d.ensure(i)
		d.score = body // `Score "d=s"`, verbatim: a substring, no allocation per move
		return next
	}
	if key == "Title" && d.moved {
		d.finish()
		if d.stopped {
			return next
		}
	}
	d.ensure(i)
	if d.moved {
		d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: d.loc(i), Token: key, Message: fmt.Sprintf("tag %s after the moves; kept", key)})
	}
	if value == "" {
		return next
	}
	if key == "Result" && results[value] {
		d.b.Result(value)
	}
	d.b.Tag(key, value)
	return next
}

// token reads a move number, a move or a result.
func (d *decoder) token(tok string, off int) {
	d.ensure(off)
	if d.stopped {
		return
	}
	// A move number: digits and a dot, glued to the move or alone.
	k := 0
	for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
		k++
	}
	if k > 0 && k < len(tok) && tok[k] == '.' {
		for k < len(tok) && tok[k] == '.' {
			k++
		}
		tok, off = tok[k:], off+k
		if tok == "" {
			return
		}
	}
	if results[tok] {
		d.b.Result(tok)
		return
	}
	var buf [16]byte
	text := iccsMove(buf[:0], tok)
	loc := d.loc(off)
	d.moved = true
	if d.b.Move(textmove.Cut(text), loc) && d.score != "" {
		d.b.Comment(d.score)
	}
	d.score = ""
}

// iccsMove returns the ICCS text of an .xqn coordinate move ("H6xH9" → "H6-H9", "E2xE6+" →
// "E2-E6"), appended to buf, or tok itself when it is not one.
func iccsMove(buf []byte, tok string) string {
	t := strings.TrimRight(tok, "+#")
	if len(t) != 5 || !isFile(t[0]) || !isRank(t[1]) || !isFile(t[3]) || !isRank(t[4]) {
		return tok
	}
	switch t[2] {
	case 'x', 'X':
		buf = append(buf, t[:2]...)
		buf = append(buf, '-')
		buf = append(buf, t[3:]...)
		return string(buf)
	case '-':
		return t
	}
	return tok
}

func isFile(c byte) bool { return c >= 'A' && c <= 'I' || c >= 'a' && c <= 'i' }
func isRank(c byte) bool { return c >= '0' && c <= '9' }

// ensure begins a game if none is open.
func (d *decoder) ensure(off int) {
	if d.open || d.stopped {
		return
	}
	if d.games >= MaxGames {
		d.stopped = true
		d.yield(nil, &game.Diagnostic{Kind: game.KindSyntax, Path: d.cfg.Path, Loc: d.loc(off),
			Message: fmt.Sprintf("more than %d games; the rest are not read", MaxGames), Err: ErrTooLarge})
		return
	}
	d.games++
	d.open, d.moved, d.score = true, false, ""
	d.res.Hint = notation.Unknown
	d.b.Begin(d.games, FormatName, d.enc)
	if d.warn != nil && d.games == 1 {
		d.b.Diagnose(game.Diagnostic{Kind: d.warn.Kind, Level: game.LevelWarning, Loc: d.warn.Loc, Message: d.warn.Message})
	}
}

// finish yields the open game.
func (d *decoder) finish() {
	if !d.open || d.stopped {
		return
	}
	d.open = false
	d.stopped = !d.yield(d.b.Finish(), nil)
}

// firstN returns s cut to at most n bytes, on a character boundary.
func firstN(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
