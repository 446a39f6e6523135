package diagram_test

import (
	"bytes"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/diagram"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// play returns the start position after the ICCS moves, and the last of them.
func play(t *testing.T, moves ...string) (*board.Position, board.Move) {
	t.Helper()
	pos := board.StartPosition()
	last := board.NoMove
	for _, s := range moves {
		from, ok1 := board.SquareFromICCS(s[0], s[1])
		to, ok2 := board.SquareFromICCS(s[2], s[3])
		m := board.NewMove(from, to)
		if !ok1 || !ok2 || !pos.IsLegal(m) {
			t.Fatalf("move %s is not legal in %s", s, pos.FEN())
		}
		pos.Play(m)
		last = m
	}
	return pos, last
}

// middle is a mid-game: the central cannon against the screen horses, a few captures in.
var middle = []string{"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "c6c5", "c3c4", "h7i7", "h4g4", "c5c4", "g4c4", "i7i3", "e2e6", "g7e6"}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (go test ./pkg/diagram -update):\n%s", name, path, got)
	}
}

func TestTextGolden(t *testing.T) {
	mid, last := play(t, middle...)
	opening, h2e2 := play(t, "h2e2")
	for _, tc := range []struct {
		name string
		pos  *board.Position
		o    diagram.Options
	}{
		{"start", board.StartPosition(), diagram.Options{}},
		{"opening", opening, diagram.Options{LastMove: h2e2}},
		{"middle", mid, diagram.Options{LastMove: last}},
		{"middle-black", mid, diagram.Options{LastMove: last, Flip: true}},
		{"middle-letters", mid, diagram.Options{LastMove: last, Glyphs: diagram.Letters}},
		{"middle-letters-black", mid, diagram.Options{LastMove: last, Glyphs: diagram.Letters, Flip: true}},
		{"middle-color", mid, diagram.Options{LastMove: last, Color: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			golden(t, "text-"+tc.name, diagram.AppendText(nil, tc.pos, &tc.o))
		})
	}
}

// TestTextShape checks what the goldens show, for any position: ten rows of nine points,
// Red in parentheses and Black in brackets, no colour unless asked.
func TestTextShape(t *testing.T) {
	mid, last := play(t, middle...)
	for _, o := range []diagram.Options{{}, {Flip: true}, {Glyphs: diagram.Letters}, {Glyphs: diagram.Letters, Flip: true, LastMove: last}} {
		out := string(diagram.AppendText(nil, mid, &o))
		if strings.Contains(out, "\x1b") {
			t.Errorf("%+v: colour without Options.Color", o)
		}
		rows := 0
		red, black := 0, 0
		for _, l := range strings.Split(out, "\n") {
			if len(l) > 1 && l[0] >= '0' && l[0] <= '9' && l[1] == ' ' {
				rows++
			}
			red += strings.Count(l, "(")
			black += strings.Count(l, "[")
		}
		if rows != 10 {
			t.Errorf("%+v: %d rows of points", o, rows)
		}
		wantRed, wantBlack := 0, 0
		for sq := board.Square(0); sq < board.NumSquares; sq++ {
			if pc := mid.At(sq); pc != board.NoPiece && pc.Color() == board.Red {
				wantRed++
			} else if pc != board.NoPiece {
				wantBlack++
			}
		}
		if red != wantRed || black != wantBlack {
			t.Errorf("%+v: %d red and %d black pieces drawn, want %d and %d", o, red, black, wantRed, wantBlack)
		}
	}
}

func TestSVGGolden(t *testing.T) {
	mid, last := play(t, middle...)
	var b bytes.Buffer
	diagram.AppendSVG(&b, board.StartPosition(), nil)
	golden(t, "svg-start", append(b.Bytes(), '\n'))
	b.Reset()
	arrow := board.NewMove(board.NewSquare(7, 1), board.NewSquare(7, 4))
	diagram.AppendSVG(&b, mid, &diagram.Options{LastMove: last, Arrows: []board.Move{arrow}, Shared: true, ID: "b-1"})
	golden(t, "svg-middle-shared", append(b.Bytes(), '\n'))
}

// svgNode is an element of a parsed SVG board.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Text    string     `xml:",chardata"`
	Nodes   []svgNode  `xml:",any"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// TestSVGParsesAndMatchesFEN parses every kind of board as XML and checks that its pieces
// (the <text class="pc …"> outside the definitions) stand on the squares of its data-fen,
// one glyph per piece, in the side's colour.
func TestSVGParsesAndMatchesFEN(t *testing.T) {
	mid, last := play(t, middle...)
	for _, tc := range []struct {
		pos *board.Position
		o   diagram.Options
	}{
		{board.StartPosition(), diagram.Options{}},
		{mid, diagram.Options{LastMove: last}},
		{mid, diagram.Options{Flip: true, Glyphs: diagram.Letters}},
		{mid, diagram.Options{Shared: true, Arrows: []board.Move{last}}},
	} {
		var b bytes.Buffer
		diagram.AppendSVG(&b, tc.pos, &tc.o)
		var root svgNode
		if err := xml.Unmarshal(b.Bytes(), &root); err != nil {
			t.Fatalf("%+v: %v\n%s", tc.o, err, b.Bytes())
		}
		if root.XMLName.Local != "svg" || root.attr("class") != "board" {
			t.Fatalf("%+v: root %v class %q", tc.o, root.XMLName, root.attr("class"))
		}
		s, err := board.ParseFEN(root.attr("data-fen"))
		if err != nil {
			t.Fatal(err)
		}
		got := map[board.Square]string{}
		for _, n := range root.Nodes {
			if n.XMLName.Local != "text" {
				continue
			}
			cls := strings.Fields(n.attr("class"))
			if len(cls) != 2 || cls[0] != "pc" {
				t.Errorf("text of class %q on the board", n.attr("class"))
				continue
			}
			x, _ := strconv.Atoi(n.attr("x"))
			y, _ := strconv.Atoi(n.attr("y"))
			col, row := (x-diagram.Margin)/diagram.Step, (y-diagram.Margin)/diagram.Step
			if tc.o.Flip {
				row, col = 9-row, 8-col
			}
			sq := board.NewSquare(row, col)
			if _, dup := got[sq]; dup {
				t.Errorf("two pieces on %s", sq)
			}
			got[sq] = n.Text
			if pc := s.Board[sq]; pc != board.NoPiece && (cls[1] == "r") != (pc.Color() == board.Red) {
				t.Errorf("%s drawn in class %q", sq, cls[1])
			}
		}
		for sq := board.Square(0); sq < board.NumSquares; sq++ {
			want := diagram.Glyph(tc.o.Glyphs, s.Board[sq])
			if got[sq] != want {
				t.Errorf("%+v: %s holds %q, the FEN says %q", tc.o, sq, got[sq], want)
			}
		}
	}
}

func TestDefsParse(t *testing.T) {
	var b bytes.Buffer
	if err := diagram.Defs(&b); err != nil {
		t.Fatal(err)
	}
	var root svgNode
	if err := xml.Unmarshal(b.Bytes(), &root); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	var walk func(n *svgNode)
	walk = func(n *svgNode) {
		if id := n.attr("id"); id != "" {
			if ids[id] {
				t.Errorf("id %q twice", id)
			}
			ids[id] = true
		}
		for i := range n.Nodes {
			walk(&n.Nodes[i])
		}
	}
	walk(&root)
	for _, id := range []string{"qipu-grid", "qipu-labels", "qipu-labels-flip", "qipu-rR", "qipu-bK", "qipu-r", "qipu-b", "qipu-from", "qipu-to", "qipu-ah"} {
		if !ids[id] {
			t.Errorf("no %q in the definitions", id)
		}
	}
}

func TestParseGlyphs(t *testing.T) {
	for _, name := range []string{"chinese", "letters"} {
		g, ok := diagram.ParseGlyphs(name)
		if !ok || g.String() != name {
			t.Errorf("ParseGlyphs(%q) = %v, %v", name, g, ok)
		}
	}
	if _, ok := diagram.ParseGlyphs("runes"); ok {
		t.Error("ParseGlyphs accepts runes")
	}
}
