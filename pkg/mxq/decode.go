package mxq

import (
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/bytestr"
	"github.com/qipu/qipu/pkg/internal/countio"
	"github.com/qipu/qipu/pkg/internal/fields"
	"github.com/qipu/qipu/pkg/textenc"
)

// Read reads one MXQ file (at most MaxFileSize bytes) and yields its game, replayed
// through game.Builder, with every problem as a diagnostic positioned at a byte offset. A file
// that yields no game (unreadable, too large, not MXQ, cut before "Moves") yields a nil game
// and a *game.Diagnostic that unwraps to ErrNotMXQ, ErrTruncated, ErrTooLarge or the read
// error.
func Read(r io.Reader, cfg Config) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		data, err := countio.ReadAtMost(r, MaxFileSize)
		if err != nil {
			yield(nil, fileError(cfg.Path, game.KindIO, int64(len(data)), "read: "+err.Error(), fmt.Errorf("mxq: read: %w", err)))
			return
		}
		if len(data) > MaxFileSize {
			yield(nil, fileError(cfg.Path, game.KindIO, MaxFileSize, fmt.Sprintf("input is larger than %d bytes", MaxFileSize), ErrTooLarge))
			return
		}
		var d decoder
		d.b.Path = cfg.Path
		d.b.Repair = cfg.Repair
		d.b.ByOffset = true // the header is read before the moves, its text decoded after
		g, ferr := d.decode(data, cfg)
		if ferr != nil {
			yield(nil, ferr)
			return
		}
		yield(g, nil)
	}
}

// decoder reads one file.
type decoder struct {
	b     game.Builder
	data  []byte
	codec bytestr.Codec
}

// span is a string of the file: its length byte's offset and its bytes.
type span struct {
	off int
	s   []byte
}

// decode reads the file; it returns the game, or the file-level diagnostic when there is none.
func (d *decoder) decode(data []byte, cfg Config) (*game.Game, *game.Diagnostic) {
	d.data = data
	var header [MaxHeaderStrings]span
	n, off := 0, 0
	for {
		s, next, ok := stringAt(data, off)
		if !ok {
			if off >= len(data) && n > 0 {
				return nil, fileError(cfg.Path, game.KindTruncated, int64(off),
					fmt.Sprintf(`file ends after %d strings, before "Moves"`, n), ErrTruncated)
			}
			if off < len(data) && n > 0 {
				return nil, fileError(cfg.Path, game.KindTruncated, int64(off),
					fmt.Sprintf("string of %d bytes runs past the end of the file (%d bytes left)", data[off], len(data)-off-1), ErrTruncated)
			}
			return nil, fileError(cfg.Path, game.KindSyntax, 0, "not an MXQ file (no length-prefixed strings)", ErrNotMXQ)
		}
		if string(s) == markMoves {
			off = next
			break
		}
		if n == MaxHeaderStrings {
			return nil, fileError(cfg.Path, game.KindSyntax, 0,
				fmt.Sprintf(`not an MXQ file (no "Moves" among the first %d strings)`, MaxHeaderStrings), ErrNotMXQ)
		}
		header[n] = span{off, s}
		n++
		off = next
	}
	d.encoding(cfg.Encoding, header[:n])
	b := &d.b
	b.Begin(1, FormatName, d.codec.Encoding())
	reason := d.tags(header[:n], off)
	complete := d.moves(off)
	if reason != "" && complete {
		b.Comment(reason) // on the last move, or on the game when there is none
	}
	g := b.Finish()
	if reason != "" && !complete {
		// The line broke off before its end: the words are the game's, not a move's.
		g.Root.Comments = append(g.Root.Comments, reason)
	}
	return g, nil
}

// encoding settles the codec of the strings: the configured encoding, or for Auto the one the
// text of the header shows (its non-ASCII strings together).
func (d *decoder) encoding(enc textenc.Encoding, header []span) {
	d.codec = bytestr.New(enc)
	if !d.codec.Detecting() {
		return
	}
	var text []byte
	for _, h := range header {
		if !bytestr.IsASCII(h.s) {
			text = append(text, h.s...)
			text = append(text, ' ')
		}
	}
	d.codec.Choose(text)
}

// text decodes a string, reporting the first byte that does not decode.
func (d *decoder) text(h span, what string) string {
	s, first, bad := d.codec.Decode(h.s)
	if first >= 0 {
		d.b.Diagnose(game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(h.off + 1 + first)}, Message: d.codec.Invalid(what, bad)})
	}
	return s
}

// Places of the header strings.
const (
	hSite = iota
	hDate
	hEvent
	hRedElo
	hBlackElo
	hUnknown // five numbers, hUnknown to hUnknown+4
)

// resultWords maps the result word of the event (Red's result) to the PGN result.
var resultWords = []struct{ word, result string }{
	{"胜", "1-0"}, {"勝", "1-0"}, {"衊", "1-0"},
	{"和", "1/2-1/2"}, {"㎝", "1/2-1/2"},
	{"负", "0-1"}, {"負", "0-1"}, {"璽", "0-1"},
}

// tags adds the header's tags and the result; it returns how the game ended ("" if not
// given). movesOff is where the move list starts, for the warning of a short header.
func (d *decoder) tags(header []span, movesOff int) (reason string) {
	b := &d.b
	var vals [MaxHeaderStrings]string
	for i, h := range header {
		vals[i] = fields.Clean(d.text(h, "header string"))
	}
	if len(header) != headerStrings {
		b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(movesOff - 1 - len(markMoves))}, Message: fmt.Sprintf(`%d strings before "Moves", %d in every known file; read by their place`, len(header), headerStrings)})

	}
	event := vals[hEvent]
	red, black, result := splitEvent(event)
	add := func(name, v string) {
		if v != "" {
			b.Tag(name, v)
		}
	}
	add("Event", event)
	add("Site", vals[hSite])
	add("Date", vals[hDate])
	add("Red", red)
	add("Black", black)
	b.Tag("Result", result)
	b.Result(result)
	for _, i := range []int{hRedElo, hBlackElo} {
		if i >= len(header) || vals[i] == "" {
			continue
		}
		if !isDecimal(vals[i]) {
			b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(header[i].off)}, Token: vals[i], Message: "Elo is not a decimal number; kept as it is"})
		}
		name := "RedElo"
		if i == hBlackElo {
			name = "BlackElo"
		}
		add(name, vals[i])
	}
	// The last string is how the game ended (the eleventh in every file seen); the ones
	// between the Elos and it are kept by their place.
	reasonAt := len(header) - 1
	if reasonAt < hUnknown {
		return ""
	}
	for i := hUnknown; i < reasonAt; i++ {
		if vals[i] != "" {
			b.Tag(fmt.Sprintf("MXQText%d", i+1), vals[i])
		}
	}
	return vals[reasonAt]
}

// splitEvent reads "<red>-<word>-<black>": the players and Red's result ("*" without a
// result word).
func splitEvent(event string) (red, black, result string) {
	best := -1
	for _, w := range resultWords {
		sep := "-" + w.word + "-"
		if i := strings.Index(event, sep); i >= 0 && (best < 0 || i < best) {
			best = i
			red, black, result = strings.TrimSpace(event[:i]), strings.TrimSpace(event[i+len(sep):]), w.result
		}
	}
	if best < 0 {
		return "", "", "*"
	}
	return red, black, result
}

func isDecimal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// moves plays the move list that starts at off and reads what follows it; it reports whether
// every move string was played (the line did not break off).
func (d *decoder) moves(off int) (complete bool) {
	b := &d.b
	data := d.data
	ply := 0
	live := true
	for {
		s, next, ok := stringAt(data, off)
		if !ok {
			d.truncated(off, fmt.Sprintf(`the move list after %d plies`, ply), false)
			return false
		}
		if string(s) == markEnds {
			off = next
			break
		}
		ply++
		loc := game.Loc{Offset: int64(off)}
		if !live {
			off = next
			continue
		}
		from, to, ok := parseMove(s)
		if !ok {
			text := strings.ToValidUTF8(fields.Clean(string(s)), "\uFFFD")
			msg := fmt.Sprintf(`move string %q is not "dL-dL" (file digit 0–8, rank letter A–J); the line ends here`, text)
			b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelError, Loc: loc, Ply: ply, Token: text, Message: msg, Err: fmt.Errorf("%s: %w", msg, ErrSyntax)})
			live = false
		} else if !b.PlayMove(board.NewMove(from, to), loc) {
			live = false
		}
		off = next
	}
	// After "Ends": "CommentsEnd" and nothing else in every file seen.
	extra := 0
	first := off
	for {
		s, next, ok := stringAt(data, off)
		if !ok {
			if extra > 0 {
				d.unread(first, extra)
			}
			d.truncated(off, `"CommentsEnd"`, true)
			return live
		}
		off = next
		if string(s) == markCommentsEnd {
			break
		}
		extra++
	}
	if extra > 0 {
		d.unread(first, extra)
	}
	if off < len(data) {
		b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(off)}, Message: fmt.Sprintf(`%d byte(s) after "CommentsEnd"; ignored`, len(data)-off)})

	}
	return live
}

// unread reports the strings between "Ends" and "CommentsEnd".
func (d *decoder) unread(off, n int) {
	d.b.Diagnose(game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(off)}, Message: fmt.Sprintf(`%d string(s) between "Ends" and "CommentsEnd", a part no known file uses; not read`, n)})

}

// truncated reports a file that ends (or whose last string runs past its end) before what;
// an error, or a warning once the moves are read.
func (d *decoder) truncated(off int, what string, warning bool) {
	msg := "file ends inside " + what
	if off < len(d.data) {
		msg = fmt.Sprintf("a string of %d bytes runs past the end of the file (%d bytes left), inside %s", d.data[off], len(d.data)-off-1, what)
	}
	diag := game.Diagnostic{Kind: game.KindTruncated, Level: game.LevelWarning, Loc: game.Loc{Offset: int64(off)}, Message: msg}
	if !warning {
		diag.Level, diag.Err = game.LevelError, fmt.Errorf("mxq: %s: %w", msg, ErrTruncated)
	}
	d.b.Diagnose(diag)
}

// parseMove reads "dL-dL": file digit 0–8 from Red's left, rank letter A (Red's back rank)
// to J.
func parseMove(s []byte) (from, to board.Square, ok bool) {
	if len(s) != 5 || s[2] != '-' {
		return board.NoSquare, board.NoSquare, false
	}
	from, okf := parseSquare(s[0], s[1])
	to, okt := parseSquare(s[3], s[4])
	return from, to, okf && okt
}

func parseSquare(file, rank byte) (board.Square, bool) {
	if file < '0' || file > '8' || rank < 'A' || rank > 'J' {
		return board.NoSquare, false
	}
	// Row 0 is Black's back rank.
	return board.NewSquare(9-int(rank-'A'), int(file-'0')), true
}
