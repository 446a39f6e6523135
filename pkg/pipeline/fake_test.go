package pipeline

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	anynotation "github.com/qipu/qipu/pkg/notation/any"
)

// fakeFormats is a small stand-in for the pgn and xqf packages, so that the pipeline's own
// behaviour (discovery, ordering, outputs, exit codes) is tested whatever their state:
//   - PGN: one tag per line, movetext tokens separated by blanks, any notation;
//   - XQF: "XQ" then a line of ICCS moves ("XQ!" is an unreadable file);
//   - writers: tags, [Format], numbered moves; XQF writes "XQ" and the ICCS moves.
func fakeFormats() formatSet {
	fs := realFormats()
	fs.decodePGN = fakeDecodePGN
	fs.decodeXQF = fakeDecodeXQF
	fs.isXQF = hasXQFMagic
	fs.encodePGN = fakeEncodePGN
	fs.encodeXQF = fakeEncodeXQF
	return fs
}

// useFakes installs fakeFormats for the duration of a test.
func useFakes(t *testing.T) {
	t.Helper()
	old := formats
	formats = fakeFormats()
	t.Cleanup(func() { formats = old })
}

func resolveAny(pos *board.Position, text string) (board.Move, string, error) {
	r, err := anynotation.Resolve(pos, text, notation.Unknown)
	return r.Move, r.Note, err
}

// errFakeIO is the read error of the fake PGN reader on a path containing "ioerror", after
// the first game.
var errFakeIO = errors.New("input/output error")

// decodeHook, when set, runs before each fake PGN game is handed on (tests use it to cancel).
var decodeHook func(path string, index int)

func fakeDecodePGN(r io.Reader, path, encoding string, fn func(*game.Game) error) error {
	br := bufio.NewReader(r)
	b := &game.Builder{Path: path, Resolve: resolveAny}
	index, inGame, inMoves := 0, false, false
	finish := func() error {
		g := b.Finish()
		inGame, inMoves = false, false
		if decodeHook != nil {
			decodeHook(path, g.Index)
		}
		if err := fn(g); err != nil {
			return err
		}
		if strings.Contains(path, "ioerror") {
			return fmt.Errorf("fake pgn: read: %w", errFakeIO)
		}
		return nil
	}
	for line := 1; ; line++ {
		s, err := br.ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("fake pgn: %w", err)
		}
		t := strings.TrimRight(s, "\r\n")
		switch {
		case strings.HasPrefix(t, "["):
			if inMoves {
				if err := finish(); err != nil {
					return err
				}
			}
			if !inGame {
				index++
				b.Begin(index, "pgn", encoding)
				inGame = true
			}
			name, value, _ := strings.Cut(strings.Trim(t, "[]"), " ")
			value = strings.Trim(value, `"`)
			if name == "FEN" {
				b.SetFEN(value, game.Loc{Line: line, Col: 1, Offset: -1})
			} else {
				b.Tag(name, value)
			}
		case strings.TrimSpace(t) != "":
			if !inGame {
				index++
				b.Begin(index, "pgn", encoding)
				inGame = true
			}
			inMoves = true
			col := 1
			for _, tok := range strings.Split(t, " ") {
				loc := game.Loc{Line: line, Col: col, Offset: -1}
				col += len([]rune(tok)) + 1
				switch {
				case tok == "":
				case tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*":
					b.Result(tok)
				case strings.HasSuffix(tok, "."):
				case strings.HasPrefix(tok, "{"):
					b.Comment(strings.Trim(tok, "{}"))
				default:
					b.Move(tok, loc)
				}
			}
		}
		if err != nil {
			break
		}
	}
	if inGame {
		return finish()
	}
	return nil
}

func fakeDecodeXQF(r io.Reader, path, encoding string) (*game.Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(data, []byte("XQ")) || bytes.HasPrefix(data, []byte("XQ!")) {
		return nil, &game.Diagnostic{Kind: game.KindSyntax, Path: path, Loc: game.Loc{Offset: 0}, Message: "not an XQF file"}
	}
	b := &game.Builder{Path: path, Resolve: resolveAny}
	b.Begin(1, "xqf", "gb18030")
	b.Tag("Event", "xqf")
	for i, tok := range strings.Fields(string(data[2:])) {
		b.Move(tok, game.Loc{Offset: int64(2 + i)})
	}
	return b.Finish(), nil
}

var formatTagValue = [...]string{fmtICCS: "ICCS", fmtWXF: "WXF", fmtChinese: "Chinese", fmtPlatform: "Platform"}

func fakeEncodePGN(w io.Writer, g *game.Game, f moveFormat, o notationOptions) error {
	var b []byte
	for _, t := range g.Tags {
		if t.Name != "Format" {
			b = fmt.Appendf(b, "[%s \"%s\"]\n", t.Name, t.Value)
		}
	}
	b = fmt.Appendf(b, "[Format \"%s\"]\n\n", formatTagValue[f])
	pos := g.StartPosition()
	for i, n := range g.MainLine() {
		if i%2 == 0 {
			b = fmt.Appendf(b, "%d. ", i/2+1)
		}
		b = formats.appendMove(b, pos, n.Move, f, o)
		b = append(b, ' ')
		pos.Play(n.Move)
	}
	b = append(b, g.Result...)
	b = append(b, "\n\n"...)
	_, err := w.Write(b)
	return err
}

func fakeEncodeXQF(w io.Writer, g *game.Game) error {
	b := []byte("XQ")
	pos := g.StartPosition()
	for _, n := range g.MainLine() {
		b = append(b, ' ')
		b = anynotation.Append(b, pos, n.Move, notation.ICCS, notation.Options{ICCSStyle: notation.ICCSUCCI})
		pos.Play(n.Move)
	}
	_, err := w.Write(b)
	return err
}

// randomGame plays n seeded random legal moves from the start and returns them in ICCS.
func randomGame(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 7))
	pos := board.StartPosition()
	var out []string
	var moves []board.Move
	for range n {
		moves = pos.LegalMoves(moves[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		out = append(out, string(anynotation.Append(nil, pos, m, notation.ICCS, notation.Options{})))
		pos.Play(m)
	}
	return out
}

// pgnText writes games in the fake PGN layout.
func pgnText(event string, games ...[]string) string {
	var b strings.Builder
	for i, g := range games {
		fmt.Fprintf(&b, "[Game \"Chinese Chess\"]\n[Event \"%s %d\"]\n\n", event, i+1)
		for j, m := range g {
			if j%2 == 0 {
				fmt.Fprintf(&b, "%d. ", j/2+1)
			}
			b.WriteString(m + " ")
		}
		b.WriteString("*\n\n")
	}
	return b.String()
}
