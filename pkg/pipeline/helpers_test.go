package pipeline

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

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
		out = append(out, string(m.AppendICCS(nil, false)))
		pos.Play(m)
	}
	return out
}

// pgnText writes games as PGN with ICCS moves, one Event tag each.
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

// xqfFile returns an XQF file (version 10, as pkg/xqf writes it) of a game of ICCS moves.
func xqfFile(moves ...string) string {
	var b game.Builder
	b.Begin(1, "xqf", textenc.GB18030)
	b.Tag("Event", "xqf")
	for i, s := range moves {
		s = strings.ToLower(strings.ReplaceAll(s, "-", ""))
		from, _ := board.SquareFromICCS(s[0], s[1])
		to, _ := board.SquareFromICCS(s[2], s[3])
		b.PlayMove(board.NewMove(from, to), game.Loc{Offset: int64(i)})
	}
	var buf bytes.Buffer
	if err := xqf.Encode(&buf, b.Finish()); err != nil {
		panic(err)
	}
	return buf.String()
}

// hookReader reads r and calls hook once when more than at bytes have been read.
type hookReader struct {
	r    io.Reader
	n    int
	at   int
	hook func()
}

func (h *hookReader) Read(p []byte) (int, error) {
	// Small reads, so that the hook fires in the middle of the input.
	n, err := h.r.Read(p[:min(len(p), 512)])
	h.n += n
	if h.hook != nil && h.n > h.at {
		h.hook()
		h.hook = nil
	}
	return n, err
}

// cancelProgress cancels the run once a file is done.
type cancelProgress struct{ cancel func() }

func (c *cancelProgress) Start(int)   {}
func (c *cancelProgress) Advance(int) { c.cancel() }
func (c *cancelProgress) Finish()     {}

// outputOf and notationOf split a --to value into Config.Output and Config.Notation.
func outputOf(to string) Output {
	o, _, err := ParseOutput(to)
	if err != nil {
		return PGN // an unknown notation: Notation keeps the name
	}
	return o
}

func notationOf(to string) notation.Notation {
	_, name, _ := ParseOutput(to)
	n, _ := Notations{}.Lookup(name)
	return n
}

// otherNotation is a notation the pipeline does not know.
type otherNotation struct{ notation.Notation }

func (otherNotation) Name() string { return "fen" }

// encodingOf parses an --encoding value.
func encodingOf(name string) textenc.Encoding {
	enc, err := textenc.ParseEncoding(name)
	if err != nil {
		panic(err)
	}
	return enc
}
