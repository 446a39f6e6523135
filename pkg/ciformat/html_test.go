package ciformat_test

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/diagram"
	"github.com/qipu/qipu/pkg/game"
)

var boardRE = regexp.MustCompile(`(?s)<svg xmlns="http://www.w3.org/2000/svg" class="board".*?</svg>`)

// checkBoards parses every board of a page as XML and checks that its pieces stand on the
// squares of its data-fen; it returns the number of boards.
func checkBoards(t *testing.T, page []byte) int {
	t.Helper()
	boards := boardRE.FindAll(page, -1)
	for _, svg := range boards {
		var root struct {
			FEN   string `xml:"data-fen,attr"`
			Texts []struct {
				Class string `xml:"class,attr"`
				X     int    `xml:"x,attr"`
				Y     int    `xml:"y,attr"`
				Text  string `xml:",chardata"`
			} `xml:"text"`
		}
		if err := xml.Unmarshal(svg, &root); err != nil {
			t.Fatalf("a board does not parse: %v\n%s", err, svg)
		}
		s, err := board.ParseFEN(root.FEN)
		if err != nil {
			t.Fatalf("data-fen %q: %v", root.FEN, err)
		}
		got := map[board.Square]string{}
		for _, tx := range root.Texts {
			sq := board.NewSquare((tx.Y-diagram.Margin)/diagram.Step, (tx.X-diagram.Margin)/diagram.Step)
			got[sq] = tx.Text
		}
		for sq := board.Square(0); sq < board.NumSquares; sq++ {
			if want := diagram.Glyph(diagram.Chinese, s.Board[sq]); got[sq] != want {
				t.Errorf("%s: %s holds %q, want %q", root.FEN, sq, got[sq], want)
			}
		}
	}
	return len(boards)
}

func TestHTMLEdge(t *testing.T) {
	page := render(t, "html", edgeFiles(t))
	n := checkBoards(t, page)
	want := 0
	for _, f := range edgeFiles(t) {
		for _, g := range f.Games {
			for _, d := range g.Diagnostics {
				if d.FEN != "" {
					want++
				}
			}
		}
	}
	if n != want || n == 0 {
		t.Errorf("%d boards, want %d (one per failed move)", n, want)
	}
	for _, bad := range []string{`src="http`, `href="http`, "<link", "@import", "url(http"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("the page is not self-contained: it holds %q", bad)
		}
	}
	if c := bytes.Count(page, []byte("<script")); c != 1 {
		t.Errorf("%d scripts, want the filter's one", c)
	}
}

// TestHTMLHostile: markup in a path, a message, a move text or a code stays text.
func TestHTMLHostile(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(2)>"'&`
	d := func(kind game.Kind, ply int, fen string) ciformat.Diagnostic {
		return ciformat.Diagnostic{Diagnostic: game.Diagnostic{Kind: kind, Level: game.LevelError, Path: evil, Loc: game.Loc{Line: 3, Col: 1},
			Game: 1, Ply: ply, Token: evil, Message: "tag " + evil, FEN: fen}, Candidates: []string{"h2e2", evil}}
	}
	files := []*ciformat.File{{Source: evil + ".pgn", Diagnostics: []ciformat.Diagnostic{d(game.Kind(evil), 0, "")},
		Games: []ciformat.Game{{Index: 1, Diagnostics: []ciformat.Diagnostic{d(game.KindIllegal, 2, board.StartFEN), d(game.KindSyntax, 3, evil)}}}}}
	page := string(render(t, "html", files))
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "<img") || strings.Contains(page, `"'&`) {
		t.Errorf("markup got through:\n%s", page)
	}
	if strings.Count(page, "<script") != 1 {
		t.Errorf("%d scripts", strings.Count(page, "<script"))
	}
	if n := checkBoards(t, []byte(page)); n != 1 {
		t.Errorf("%d boards, want 1 (a FEN that does not parse draws none)", n)
	}
	if !strings.Contains(page, `class="arrow"`) {
		t.Error("the candidate h2e2 is not drawn")
	}
}

// TestHTMLStreams: the printer writes each file as it comes, so that a report of many
// diagnostics is never held in memory.
func TestHTMLStreams(t *testing.T) {
	f, _ := ciformat.Lookup("html")
	var b bytes.Buffer
	p := f.New(&b, ciformat.Options{})
	for i := 1; i <= 50; i++ {
		before := b.Len()
		file := &ciformat.File{Source: "f" + strconv.Itoa(i) + ".pgn", Games: []ciformat.Game{{Index: 1, Diagnostics: []ciformat.Diagnostic{{
			Diagnostic: game.Diagnostic{Kind: game.KindIllegal, Game: 1, Ply: 1, Message: "x", FEN: board.StartFEN}}}}}}
		if err := p.WriteFile(file); err != nil {
			t.Fatal(err)
		}
		if b.Len() == before {
			t.Fatalf("file %d: nothing written before Close", i)
		}
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if n := checkBoards(t, b.Bytes()); n != 50 {
		t.Errorf("%d boards", n)
	}
	if per := b.Len() / 50; per > 4000 {
		t.Errorf("%d bytes a board and diagnostic: the boards do not share their definitions", per)
	}
}
