package diagram

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"

	"github.com/qipu/qipu/pkg/board"
)

// Geometry of an SVG board, in user units: points Step apart, Margin around the outer lines.
const (
	Step   = 40
	Margin = 34
	// Width and Height are the size of the board's viewBox.
	Width  = 2*Margin + 8*Step
	Height = 2*Margin + 9*Step
	radius = 17
)

// Style is the CSS of SVG boards. A page of boards drawn with Options.Shared puts it in its
// <style> once; a lone board carries it.
const Style = `svg.board{width:388px;max-width:100%;height:auto}
svg.board text{text-anchor:middle;dominant-baseline:central}
svg.board text.pc{font-size:23px;font-family:"Noto Serif CJK SC","Source Han Serif SC","Noto Sans CJK SC","Songti SC","STSong","SimSun","Microsoft YaHei","WenQuanYi Zen Hei",serif}
svg.board text.r{fill:#b00}
svg.board text.b{fill:#111}
text.qipu-lt,text.qipu-lab{text-anchor:middle;dominant-baseline:central;font-family:Helvetica,Arial,sans-serif}
text.qipu-lt{font-size:8px;fill:#777}
text.qipu-lab{font-size:11px;fill:#555}
`

// Defs writes the shared definitions of SVG boards (the grid, the file and rank labels, the
// discs of the pieces, the last-move marks, the arrowhead) as a hidden <svg> for a page whose
// boards are drawn with Options.Shared. Every id starts with "qipu-".
func Defs(w io.Writer) error {
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="board-defs" width="0" height="0" style="position:absolute" aria-hidden="true">`)
	appendDefs(&b)
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// appendDefs writes the <defs> element.
func appendDefs(b *bytes.Buffer) {
	b.WriteString("<defs>")
	// The grid: the board, ten ranks, the outer files whole, the inner ones cut by the river,
	// the palaces' diagonals.
	b.WriteString(`<g id="qipu-grid" stroke="#5a3d1e" stroke-width="1.2" fill="none">`)
	rect(b, Margin-8, Margin-8, 8*Step+16, 9*Step+16, `fill="#f0d9a8" stroke-width="2.5"`)
	for r := 0; r < 10; r++ {
		line(b, x(0), y(r), x(8), y(r))
	}
	for c := 0; c < 9; c++ {
		if c == 0 || c == 8 {
			line(b, x(c), y(0), x(c), y(9))
			continue
		}
		line(b, x(c), y(0), x(c), y(4))
		line(b, x(c), y(5), x(c), y(9))
	}
	for _, r := range [2]int{0, 7} {
		line(b, x(3), y(r), x(5), y(r+2))
		line(b, x(5), y(r), x(3), y(r+2))
	}
	b.WriteString("</g>")
	// Labels: ICCS ranks at the left, ICCS files below, for each view.
	for _, flip := range [2]bool{false, true} {
		id := "qipu-labels"
		if flip {
			id = "qipu-labels-flip"
		}
		b.WriteString(`<g id="` + id + `">`)
		for r := 0; r < 10; r++ {
			text(b, "qipu-lab", 9, y(r), string(rune('0'+at(r, 0, flip).Rank())))
		}
		for c := 0; c < 9; c++ {
			text(b, "qipu-lab", x(c), Height-9, string(rune(at(0, c, flip).File())))
		}
		b.WriteString("</g>")
	}
	// Discs: a plain one per side (for letters) and one per piece with its WXF letter in
	// small print (for Chinese glyphs, readable without CJK fonts).
	for _, c := range [2]board.Color{board.Red, board.Black} {
		stroke := `stroke="#b00"`
		if c == board.Black {
			stroke = `stroke="#111"`
		}
		b.WriteString(`<g id="qipu-` + side(c) + `">`)
		disc(b, stroke)
		b.WriteString("</g>")
		for _, r := range board.Roles {
			pc := board.MakePiece(c, r)
			b.WriteString(`<g id="` + discID(pc) + `">`)
			disc(b, stroke)
			text(b, "qipu-lt", 10, 11, Glyph(Letters, pc))
			b.WriteString("</g>")
		}
	}
	b.WriteString(`<circle id="qipu-from" r="9" fill="none" stroke="#2a7" stroke-width="2.5" stroke-dasharray="3 2"/>`)
	b.WriteString(`<circle id="qipu-to" r="21" fill="#7d9" fill-opacity="0.6" stroke="#2a7" stroke-width="2"/>`)
	b.WriteString(`<marker id="qipu-ah" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#16c"/></marker>`)
	b.WriteString("</defs>")
}

// SVG writes the board as one <svg class="board" data-fen="FEN"> element: a self-contained
// SVG document fragment, or with o.Shared a board for a page that holds Defs and Style.
func SVG(w io.Writer, pos *board.Position, o *Options) error {
	var b bytes.Buffer
	AppendSVG(&b, pos, o)
	_, err := w.Write(b.Bytes())
	return err
}

// AppendSVG writes the board of SVG to b.
func AppendSVG(b *bytes.Buffer, pos *board.Position, o *Options) {
	if o == nil {
		o = &Options{}
	}
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="board"`)
	if o.ID != "" {
		b.WriteString(` id="`)
		escape(b, o.ID)
		b.WriteByte('"')
	}
	b.WriteString(` data-fen="`)
	fen := pos.FEN()
	escape(b, fen)
	b.WriteString(`" viewBox="0 0 ` + strconv.Itoa(Width) + " " + strconv.Itoa(Height) + `" width="` + strconv.Itoa(Width) +
		`" height="` + strconv.Itoa(Height) + `" role="img" aria-label="`)
	escape(b, fen)
	b.WriteString(`">`)
	if !o.Shared {
		b.WriteString("<style>")
		b.WriteString(Style)
		b.WriteString("</style>")
		appendDefs(b)
	}
	b.WriteString(`<use href="#qipu-grid"/>`)
	if o.Flip {
		b.WriteString(`<use href="#qipu-labels-flip"/>`)
	} else {
		b.WriteString(`<use href="#qipu-labels"/>`)
	}
	from, to := lastSquares(o.LastMove)
	if from != board.NoSquare {
		use(b, "qipu-from", from, o.Flip)
		use(b, "qipu-to", to, o.Flip)
	}
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		pc := pos.At(sq)
		if pc == board.NoPiece {
			continue
		}
		if o.Glyphs == Letters {
			use(b, "qipu-"+side(pc.Color()), sq, o.Flip)
		} else {
			use(b, discID(pc), sq, o.Flip)
		}
	}
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		pc := pos.At(sq)
		if pc == board.NoPiece {
			continue
		}
		row, col := view(sq, o.Flip)
		text(b, "pc "+side(pc.Color()), x(col), y(row), Glyph(o.Glyphs, pc))
	}
	for _, m := range o.Arrows {
		if !m.From().Valid() || !m.To().Valid() || m.From() == m.To() {
			continue
		}
		r1, c1 := view(m.From(), o.Flip)
		r2, c2 := view(m.To(), o.Flip)
		b.WriteString(`<line class="arrow" x1="` + strconv.Itoa(x(c1)) + `" y1="` + strconv.Itoa(y(r1)) + `" x2="` +
			strconv.Itoa(x(c2)) + `" y2="` + strconv.Itoa(y(r2)) +
			`" stroke="#16c" stroke-width="5" stroke-opacity="0.75" marker-end="url(#qipu-ah)"/>`)
	}
	b.WriteString("</svg>")
}

// x and y return the coordinates of a drawn column and row.
func x(col int) int { return Margin + col*Step }
func y(row int) int { return Margin + row*Step }

// side returns "r" or "b", the class and id part of a side.
func side(c board.Color) string {
	if c == board.Black {
		return "b"
	}
	return "r"
}

// discID returns the id of a piece's disc: "qipu-rR" for Red's chariot, "qipu-bR" for Black's.
func discID(pc board.Piece) string {
	return "qipu-" + side(pc.Color()) + string(rune(Glyph(Letters, pc)[0]&^0x20))
}

func disc(b *bytes.Buffer, stroke string) {
	b.WriteString(`<circle r="` + strconv.Itoa(radius) + `" fill="#fbf1dc" ` + stroke + ` stroke-width="2"/>`)
}

func use(b *bytes.Buffer, id string, sq board.Square, flip bool) {
	row, col := view(sq, flip)
	b.WriteString(`<use href="#` + id + `" x="` + strconv.Itoa(x(col)) + `" y="` + strconv.Itoa(y(row)) + `"/>`)
}

func text(b *bytes.Buffer, class string, x, y int, s string) {
	b.WriteString(`<text class="` + class + `" x="` + strconv.Itoa(x) + `" y="` + strconv.Itoa(y) + `">`)
	escape(b, s)
	b.WriteString("</text>")
}

func line(b *bytes.Buffer, x1, y1, x2, y2 int) {
	b.WriteString(`<line x1="` + strconv.Itoa(x1) + `" y1="` + strconv.Itoa(y1) + `" x2="` + strconv.Itoa(x2) + `" y2="` + strconv.Itoa(y2) + `"/>`)
}

func rect(b *bytes.Buffer, x, y, w, h int, attrs string) {
	b.WriteString(`<rect x="` + strconv.Itoa(x) + `" y="` + strconv.Itoa(y) + `" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(h) + `" ` + attrs + `/>`)
}

// escape writes s escaped for XML text and attributes.
func escape(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s)) // a bytes.Buffer does not fail
}
