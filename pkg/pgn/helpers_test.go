package pgn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/textenc"
)

// corpusDir is the shared corpus of real game records, read-only; tests skip without it.
const corpusDir = "../../../shared/corpus"

// decodeText decodes any supported encoding to UTF-8 with textenc, then reads and replays
// every game.
func decodeText(t testing.TB, name string, r io.Reader) []*game.Game {
	t.Helper()
	d, err := textenc.Open(r, textenc.Auto)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var games []*game.Game
	err = Decode(d, Config{Path: name, Encoding: d.Detection().Encoding}, func(g *game.Game) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return games
}

// decodeUTF8 reads and replays the games of a UTF-8 text.
func decodeUTF8(t testing.TB, name string, text []byte) []*game.Game {
	t.Helper()
	var games []*game.Game
	err := Decode(bytes.NewReader(text), Config{Path: name}, func(g *game.Game) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return games
}

func decodeFile(t testing.TB, path, name string) []*game.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return decodeText(t, name, f)
}

// encodeAll writes the games in notation f.
func encodeAll(t testing.TB, games []*game.Game, f notation.ID) []byte {
	t.Helper()
	n, err := anynotation.Lookup(f.String())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, g := range games {
		if err := Encode(&b, g, WriteOptions{Notation: n, Verify: true}); err != nil {
			t.Fatalf("game %d: %v", g.Index, err)
		}
	}
	return b.Bytes()
}

// diagLines lists the diagnostics of the games, one a line.
func diagLines(games []*game.Game) string {
	var b strings.Builder
	for _, g := range games {
		for _, d := range g.Diagnostics {
			b.WriteString(d.Error())
			b.WriteByte('\n')
		}
	}
	if b.Len() == 0 {
		return "(none)\n"
	}
	return b.String()
}

// sameGame reports how the game b, read back from the output of a, differs from a: setup,
// result, and the whole tree (moves, NAGs, comments as the writer writes them).
func sameGame(a, b *game.Game) error {
	if a.Setup.Board != b.Setup.Board || a.Setup.Turn != b.Setup.Turn {
		if !hasSetupError(a) {
			return fmt.Errorf("setup %s, read back %s", a.Setup.FEN(), b.Setup.FEN())
		}
	}
	// An invalid game is written cut, with a marker comment at each cut and, when its main
	// line is cut, the result "*".
	marks, cut := gamecut.Marks(a, commentText)
	if want := a.Result; !cut && want != b.Result || cut && b.Result != "*" {
		return fmt.Errorf("result %q (cut %v), read back %q", want, cut, b.Result)
	}
	return sameNode(&a.Root, &b.Root, "", marks)
}

// notSetup returns the diagnostics of g other than those about its setup (which writing
// cannot repair).
func notSetup(g *game.Game) []*game.Diagnostic {
	var out []*game.Diagnostic
	for _, d := range g.Diagnostics {
		// Setup problems and a Result the final position contradicts belong to the game,
		// not to how it was written: they come back with it.
		if d.Kind != game.KindSetup && !(d.Kind == game.KindResult && d.IsWarning()) {
			out = append(out, d)
		}
	}
	return out
}

func hasSetupError(g *game.Game) bool {
	for _, d := range g.Diagnostics {
		if d.Kind == game.KindSetup && d.IsError() {
			return true
		}
	}
	return false
}

func sameNode(a, b *game.Node, path string, marks map[*game.Node]string) error {
	if a.Move != b.Move {
		return fmt.Errorf("%s: move %s, read back %s", path, a.Move, b.Move)
	}
	if !bytes.Equal(a.NAGs(), b.NAGs()) {
		return fmt.Errorf("%s: NAGs %v, read back %v", path, a.NAGs(), b.NAGs())
	}
	var ca []string
	for _, c := range a.Comments {
		if t := commentText(c); t != "" {
			ca = append(ca, t)
		}
	}
	if m, ok := marks[a]; ok {
		ca = append(ca, commentText(m)) // written as every comment is ('}' as '｝')
	}
	if fmt.Sprint(ca) != fmt.Sprint(b.Comments) {
		return fmt.Errorf("%s: comments %q, read back %q", path, ca, b.Comments)
	}
	if len(a.Children) != len(b.Children) {
		return fmt.Errorf("%s: %d children, read back %d", path, len(a.Children), len(b.Children))
	}
	for i := range a.Children {
		if err := sameNode(a.Children[i], b.Children[i], fmt.Sprintf("%s/%d:%s", path, i, a.Children[i].Move), marks); err != nil {
			return err
		}
	}
	return nil
}

// checkRoundTrip writes the games in notation f, reads the output back and checks the same
// games come back, cleanly, and that writing them again gives the same bytes. It returns the
// output.
func checkRoundTrip(t testing.TB, name string, games []*game.Game, f notation.ID) []byte {
	t.Helper()
	out := encodeAll(t, games, f)
	back := decodeUTF8(t, name+" (written)", out)
	if len(back) != len(games) {
		t.Errorf("%s in %s: %d games written, %d read back", name, f, len(games), len(back))
		return out
	}
	for i, g := range games {
		if err := sameGame(g, back[i]); err != nil {
			t.Errorf("%s in %s: game %d: %v", name, f, g.Index, err)
		}
		if unexpected := notSetup(back[i]); len(unexpected) > 0 {
			t.Errorf("%s in %s: game %d read back with diagnostics:\n%s", name, f, g.Index, diagLines([]*game.Game{{Diagnostics: unexpected}}))
		}
	}
	inComment := false // the line starts inside a comment (one with line breaks of its own)
	for i, line := range strings.Split(string(out), "\n") {
		if !strings.HasPrefix(line, "[") && width([]byte(line)) > LineWidth && canWrap(line, inComment) {
			t.Errorf("%s in %s: output line %d is %d columns wide: %q", name, f, i+1, width([]byte(line)), line)
		}
		if !strings.HasPrefix(line, "[") || inComment {
			inComment = endsInComment(line, inComment)
		}
	}
	if again := encodeAll(t, back, f); !bytes.Equal(again, out) {
		t.Errorf("%s in %s: writing the game read back changes the output:\n%s", name, f, firstDiff(out, again))
	}
	return out
}

// firstDiff shows the first line where a and b differ.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n- %q\n+ %q", i+1, x, y)
		}
	}
	return "(same lines)"
}

// checkLocs checks that every diagnostic of the games lies inside text, and that its line and
// column agree with its byte offset.
func checkLocs(t testing.TB, text []byte, games []*game.Game) {
	t.Helper()
	for _, g := range games {
		for _, d := range g.Diagnostics {
			if err := locInside(text, d.Loc); err != nil {
				t.Errorf("%v: %v", d, err)
			}
		}
	}
}

// locInside checks loc against text: 0 ≤ offset ≤ len(text), and line:col is where offset
// is (lines broken by LF, CRLF or CR; columns counting characters from 1).
func locInside(text []byte, loc Loc) error {
	if loc.Offset < 0 || loc.Offset > int64(len(text)) {
		return fmt.Errorf("offset %d outside the input (%d bytes)", loc.Offset, len(text))
	}
	line, col := 1, 1
	start := 0
	if bytes.HasPrefix(text, []byte("\uFEFF")) {
		start = 3
	}
	for i := start; i < int(loc.Offset); i++ {
		switch c := text[i]; {
		case c == '\n' && i > 0 && text[i-1] == '\r':
		case c == '\n', c == '\r':
			line, col = line+1, 1
		case c&0xC0 != 0x80:
			col++
		}
	}
	if line != loc.Line || col != loc.Col {
		return fmt.Errorf("offset %d is at %d:%d, not %d:%d", loc.Offset, line, col, loc.Line, loc.Col)
	}
	return nil
}

// endsInComment reports whether a movetext line that starts inside a comment or not (in)
// ends inside one.
func endsInComment(line string, in bool) bool {
	for _, r := range line {
		switch r {
		case '{':
			in = true
		case '}':
			in = false
		}
	}
	return in
}

// canWrap reports whether a movetext line wider than LineWidth had a place to break within
// LineWidth columns: a soft break inside a comment (two columns for its spaces), or a blank
// between tokens outside comments. inComment says the line starts inside a comment.
func canWrap(line string, inComment bool) bool {
	col := 0
	var prev rune = -1
	comment := inComment || strings.HasSuffix(line, "  ") // a wrapped comment's line
	for _, r := range line {
		switch r {
		case '{':
			comment = true
		case '}':
			comment = false // a '}' in a comment's text is written '｝'
		}
		if prev >= 0 && (col+2 <= LineWidth && canBreak(prev, r) || !comment && r == ' ' && col <= LineWidth) {
			return true
		}
		col++
		if isWide(r) {
			col++
		}
		prev = r
	}
	return false
}
