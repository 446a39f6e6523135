package shape_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/shape"
)

const annotated = `[Event "测试"]
[Red "胡荣华"]
[Date "1982.05.01"]
[PlyCount "99"]
[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"]

{before} 1. 炮二平五 $1 {central} (1. 炮八平五 {mirror} 马２进３ $2) 1... 马８进７ $14
2. 马二进三 (2. 兵七进一 (2. 马八进七)) 2... 车９平８ {end} 1-0
`

func readOne(t *testing.T, text string) *game.Game {
	t.Helper()
	var out *game.Game
	for g, err := range record.Read(strings.NewReader(text), "t.pgn") {
		if err != nil {
			t.Fatal(err)
		}
		if out == nil {
			out = g
		}
	}
	if out == nil {
		t.Fatal("no game")
	}
	return out
}

// mainLine returns the main line's moves in UCCI.
func mainLine(g *game.Game) []string {
	var out []string
	for _, n := range g.MainLine() {
		out = append(out, n.Move.String())
	}
	return out
}

// count returns the nodes, comments, NAGs and extra children (variations) of g's tree.
func count(g *game.Game) (nodes, comments, nags, variations int) {
	stack := []*game.Node{&g.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nodes++
		comments += len(n.Comments)
		nags += len(n.NAGs())
		if len(n.Children) > 1 {
			variations += len(n.Children) - 1
		}
		stack = append(stack, n.Children...)
	}
	return
}

func encode(t *testing.T, g *game.Game) string {
	t.Helper()
	var b bytes.Buffer
	if err := pgn.Encode(&b, g, pgn.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestStrip(t *testing.T) {
	g := readOne(t, annotated)
	want := mainLine(g)
	if n, c, a, v := count(g); n != 9 || c != 4 || a != 3 || v != 3 {
		t.Fatalf("the test game reads as %d nodes, %d comments, %d NAGs, %d variations", n, c, a, v)
	}

	shape.StripNAGs(g)
	if _, c, a, v := count(g); c != 4 || a != 0 || v != 3 {
		t.Errorf("after StripNAGs: %d comments, %d NAGs, %d variations", c, a, v)
	}
	shape.StripComments(g)
	if _, c, _, v := count(g); c != 0 || v != 3 {
		t.Errorf("after StripComments: %d comments, %d variations", c, v)
	}
	shape.StripVariations(g)
	if n, _, _, v := count(g); n != 5 || v != 0 {
		t.Errorf("after StripVariations: %d nodes, %d variations", n, v)
	}
	if got := mainLine(g); !slices.Equal(got, want) {
		t.Errorf("main line %v, want %v", got, want)
	}

	// Written and read back: the same main line, nothing else.
	out := encode(t, g)
	if strings.ContainsAny(out, "{}()$") {
		t.Errorf("written with annotations:\n%s", out)
	}
	back := readOne(t, out)
	if got := mainLine(back); !slices.Equal(got, want) {
		t.Errorf("read back: %v, want %v\n%s", got, want, out)
	}
	if n, c, a, v := count(back); n != 5 || c+a+v != 0 {
		t.Errorf("read back: %d nodes, %d comments, %d NAGs, %d variations", n, c, a, v)
	}
}

func TestStripEachAlone(t *testing.T) {
	for _, tc := range []struct {
		name  string
		strip func(*game.Game)
		nodes int
		cav   [3]int // comments, NAGs, variations left
	}{
		{"comments", shape.StripComments, 9, [3]int{0, 3, 3}},
		{"nags", shape.StripNAGs, 9, [3]int{4, 0, 3}},
		{"variations", shape.StripVariations, 5, [3]int{3, 2, 0}},
	} {
		g := readOne(t, annotated)
		tc.strip(g)
		n, c, a, v := count(g)
		if n != tc.nodes || [3]int{c, a, v} != tc.cav {
			t.Errorf("%s: %d nodes, %v left, want %d, %v", tc.name, n, [3]int{c, a, v}, tc.nodes, tc.cav)
		}
		// The writer still writes what is left, and reading it back gives the same tree.
		back := readOne(t, encode(t, g))
		if bn, bc, ba, bv := count(back); bn != n || bc != c || ba != a || bv != v {
			t.Errorf("%s: read back as %d nodes, %d comments, %d NAGs, %d variations", tc.name, bn, bc, ba, bv)
		}
	}
}

func tagNames(g *game.Game) string {
	var names []string
	for _, t := range g.Tags {
		names = append(names, t.Name)
	}
	return strings.Join(names, " ")
}

func TestTags(t *testing.T) {
	g := readOne(t, annotated)
	before := tagNames(g)
	shape.StripTags(g)
	if tagNames(g) != before {
		t.Errorf("no names strips %s", tagNames(g))
	}
	shape.StripTags(g, "date", "RED", "fen", "NoSuchTag")
	if got := tagNames(g); strings.Contains(got, "Date") || strings.Contains(got, "Red") || !strings.Contains(got, "FEN") || !strings.Contains(got, "Event") {
		t.Errorf("after stripping date, RED, fen: %s", got)
	}

	if err := shape.AddTags(g, "plycount"); err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Tag("PlyCount"); v != "4" {
		t.Errorf("PlyCount %q, want 4 (it replaces the old value)", v)
	}
	if n := strings.Count(tagNames(g), "PlyCount"); n != 1 {
		t.Errorf("%d PlyCount tags", n)
	}
	empty := &game.Game{}
	if err := shape.AddTags(empty, "PlyCount"); err != nil || tagNames(empty) != "PlyCount" || empty.Tags[0].Value != "0" {
		t.Errorf("PlyCount of an empty game: %v %v", err, empty.Tags)
	}

	err := shape.AddTags(g, "PlyCount", "Opening")
	if !errors.Is(err, shape.ErrUnknownTag) || !strings.Contains(err.Error(), `"Opening"`) {
		t.Errorf("unknown tag: %v", err)
	}
	if got := strings.Join(shape.ComputedTags(), ","); got != "PlyCount" {
		t.Errorf("ComputedTags %s", got)
	}
}

func TestOptions(t *testing.T) {
	var zero shape.Options
	if !zero.IsZero() {
		t.Error("zero options not zero")
	}
	bad := shape.Options{AddTags: []string{"x"}}
	g := readOne(t, annotated)
	if err := bad.Apply(g); !errors.Is(err, shape.ErrUnknownTag) || bad.Check() == nil {
		t.Errorf("bad options: %v", err)
	}
	if n, _, _, _ := count(g); n != 9 {
		t.Error("failed options changed the game")
	}
	o := shape.Options{NoComments: true, NoVariations: true, NoNAGs: true, StripTags: []string{"PlyCount", "Red"}, AddTags: []string{"PlyCount"}}
	if o.IsZero() {
		t.Error("options zero")
	}
	if err := o.Apply(g); err != nil {
		t.Fatal(err)
	}
	if n, c, a, v := count(g); n != 5 || c+a+v != 0 {
		t.Errorf("after Apply: %d nodes, %d comments, %d NAGs, %d variations", n, c, a, v)
	}
	if got := tagNames(g); got != "Event Date FEN PlyCount" {
		t.Errorf("tags after Apply: %s", got)
	}
	if v, _ := g.Tag("PlyCount"); v != "4" {
		t.Errorf("PlyCount %s", v)
	}
}

// TestStripCorpus strips real games (PGN and XQF, with their comments and variations) and
// checks that the PGN written from them reads back to the same main line and nothing else.
func TestStripCorpus(t *testing.T) {
	files := testutil.CorpusFiles(t, ".pgn", ".xqf")
	games, rich := 0, 0
	o := shape.Options{NoComments: true, NoVariations: true, NoNAGs: true}
	for _, path := range files {
		for g, err := range record.ReadFile(path) {
			if err != nil || !g.Valid() {
				continue // invalid games carry the writer's note where they stop
			}
			_, c, a, v := count(g)
			if c+a+v > 0 {
				rich++
			} else if games > 300 {
				continue // enough plain games
			}
			want := mainLine(g)
			if err := o.Apply(g); err != nil {
				t.Fatal(err)
			}
			out := encode(t, g)
			back := readOne(t, out)
			if got := mainLine(back); !slices.Equal(got, want) {
				t.Fatalf("%s game %d: main line %v, want %v", testutil.Rel(path), g.Index, got, want)
			}
			if _, c, a, v := count(back); c+a+v != 0 {
				t.Fatalf("%s game %d: %d comments, %d NAGs, %d variations after stripping\n%s", testutil.Rel(path), g.Index, c, a, v, out)
			}
			games++
		}
		if rich >= 200 && games >= 500 {
			break
		}
	}
	t.Logf("%d games, %d of them with comments, NAGs or variations", games, rich)
	if rich == 0 {
		t.Error("no annotated game in the corpus: the test proves little")
	}
}
