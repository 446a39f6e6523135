package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode"
	"unicode/utf8"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/memtest"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// recorder lists the events it receives, one string each.
type recorder struct {
	events []string
	// skip controls what the recorder skips: "movetext", "move" (after the first move of
	// each game), "variation".
	skip  string
	moves int
}

func (r *recorder) add(format string, args ...any) {
	r.events = append(r.events, fmt.Sprintf(format, args...))
}

func at(l Loc) string { return fmt.Sprintf("%d:%d@%d", l.Line, l.Col, l.Offset) }

func (r *recorder) BeginGame(l Loc) { r.moves = 0; r.add("game %s", at(l)) }
func (r *recorder) Tag(n, v []byte, l Loc) {
	r.add("tag %s=%q %s", n, v, at(l))
}
func (r *recorder) BeginMovetext() Skip {
	r.add("movetext")
	return r.skip == "movetext"
}
func (r *recorder) Move(t []byte, l Loc) Skip {
	r.moves++
	r.add("move %s %s", t, at(l))
	return r.skip == "move"
}
func (r *recorder) NAG(n uint8, l Loc)      { r.add("nag %d %s", n, at(l)) }
func (r *recorder) Comment(t []byte, l Loc) { r.add("comment %q %s", t, at(l)) }
func (r *recorder) EndVariation(l Loc)      { r.add(") %s", at(l)) }
func (r *recorder) Result(s string, l Loc)  { r.add("result %s %s", s, at(l)) }
func (r *recorder) Error(e *SyntaxError)    { r.add("error %v", e) }
func (r *recorder) EndGame(l Loc)           { r.add("end %s", at(l)) }
func (r *recorder) BeginVariation(l Loc) Skip {
	r.add("( %s", at(l))
	return r.skip == "variation"
}

func readAll(t testing.TB, text string, v Visitor) {
	t.Helper()
	rd := NewReader(strings.NewReader(text))
	for {
		err := rd.ReadGame(v)
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestEvents(t *testing.T) {
	text := "\uFEFF[Event \"a \\\"b\\\" c\\\\\"]\r\n[Red 甲]\r\n\r\n" +
		"1.炮二平五!? {评\r\n注} (1. 兵七进一 $2 ; 行注\n) 1...马８进７\t2. Ｈ２＋３Ｒ９＝８ 1-0\n" +
		"广告\n[Game \"Chinese Chess\"]\n1. h2e2+ *"
	var r recorder
	readAll(t, text, &r)
	want := []string{
		`game 1:1@3`,
		`tag Event="a \"b\" c\\" 1:1@3`,
		`tag Red="甲" 2:1@26`,
		`movetext`,
		`move 炮二平五 4:3@41`,
		`nag 5 4:7@53`,
		`comment "评\n注" 4:10@56`,
		`( 5:4@67`,
		`move 兵七进一 5:8@71`,
		`nag 2 5:13@84`,
		`comment " 行注" 5:16@87`,
		`) 6:1@96`,
		`move 马８进７ 6:7@102`,
		`move Ｈ２＋３ 6:15@118`,
		`move Ｒ９＝８ 6:19@130`,
		`result 1-0 6:24@143`,
		`end 8:1@154`,
		`game 8:1@154`,
		`tag Game="Chinese Chess" 8:1@154`,
		`movetext`,
		`move h2e2 9:4@180`,
		`result * 9:10@186`,
		`end 9:11@187`,
	}
	if got := strings.Join(r.events, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	for _, e := range r.events {
		var line, col int
		var off int64
		if i := strings.LastIndexByte(e, ' '); i >= 0 {
			if n, _ := fmt.Sscanf(e[i+1:], "%d:%d@%d", &line, &col, &off); n == 3 {
				if err := locInside([]byte(text), Loc{Line: line, Col: col, Offset: off}); err != nil {
					t.Errorf("%s: %v", e, err)
				}
			}
		}
	}
}

// TestSkipKeepsBoundaries reads files with visitors that skip the movetext, the rest of a
// game after its first move, or every variation: each must see the same games begin and end
// at the same places as a visitor that reads everything.
func TestSkipKeepsBoundaries(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.pgn")
	for _, path := range files {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkBoundaries(t, path, string(text))
	}
}

func boundaries(r *recorder) []string {
	var out []string
	for _, e := range r.events {
		if strings.HasPrefix(e, "game ") || strings.HasPrefix(e, "end ") {
			out = append(out, e)
		}
	}
	return out
}

func checkBoundaries(t testing.TB, name, text string) {
	t.Helper()
	var full recorder
	readAll(t, text, &full)
	want := strings.Join(boundaries(&full), " ")
	for _, skip := range []string{"movetext", "move", "variation"} {
		r := recorder{skip: skip}
		readAll(t, text, &r)
		if got := strings.Join(boundaries(&r), " "); got != want {
			t.Errorf("%s: skipping %s, games at\n%s\nwant\n%s", name, skip, got, want)
		}
		var skipped recorder
		rd := NewReader(strings.NewReader(text))
		for n := 0; ; n++ {
			// Alternate reading and skipping: the games read must be the same.
			var err error
			if n%2 == 0 {
				err = rd.ReadGame(&skipped)
			} else {
				err = rd.SkipGame()
			}
			if err == io.EOF {
				break
			}
		}
		for _, b := range boundaries(&skipped) {
			if !strings.Contains(want, b) {
				t.Errorf("%s: after SkipGame, a game at %s", name, b)
			}
		}
	}
}

// TestLineBreaks reads every testdata file with its line breaks turned into LF, CRLF and bare
// CR: the games, their diagnostics and their lines and columns are the same.
func TestLineBreaks(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.pgn")
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lf := strings.ReplaceAll(strings.ReplaceAll(string(b), "\r\n", "\n"), "\r", "\n")
		var ref []byte
		var refDiags string
		for _, nl := range []string{"\n", "\r\n", "\r"} {
			text := strings.ReplaceAll(lf, "\n", nl)
			games := decodeText(t, "x.pgn", strings.NewReader(text))
			checkLocs(t, []byte(text), games)
			out := encodeAll(t, games, notation.Chinese)
			var diags []string
			for _, g := range games {
				for _, d := range g.Diagnostics {
					d2 := *d
					d2.Loc.Offset = 0
					diags = append(diags, d2.Error())
				}
			}
			if ref == nil {
				ref, refDiags = out, strings.Join(diags, "\n")
				continue
			}
			if !bytes.Equal(out, ref) {
				t.Errorf("%s with %q line breaks: %s", path, nl, firstDiff(ref, out))
			}
			if d := strings.Join(diags, "\n"); d != refDiags {
				t.Errorf("%s with %q line breaks: diagnostics\n%s\nwant\n%s", path, nl, d, refDiags)
			}
		}
	}
}

// TestBrokenMiddle: in a file of three games whose second has a bad move, the first and third
// replay intact and the second keeps its moves up to the bad one, with a positioned error.
func TestBrokenMiddle(t *testing.T) {
	games := decodeFile(t, "testdata/broken.pgn", "broken.pgn")
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	for i, want := range []int{4, 4, 4} {
		if got := games[i].Plies(); got != want {
			t.Errorf("game %d: %d plies, want %d", i+1, got, want)
		}
	}
	if !games[0].Valid() || !games[2].Valid() {
		t.Errorf("games 1 and 3 should be valid:\n%s", diagLines(games))
	}
	errs := games[1].Errors()
	if len(errs) != 1 {
		t.Fatalf("game 2: %d errors, want 1:\n%s", len(errs), diagLines(games))
	}
	d := errs[0]
	if d.Loc.Line != 9 || d.Loc.Col != 30 || d.Ply != 5 || d.Game != 2 || d.Token != "车一进十" {
		t.Errorf("game 2: error %v, want it at 9:30, ply 5, on 车一进十", d)
	}
	if !errors.Is(d, notation.ErrSyntax) {
		t.Errorf("game 2: error %v is not a syntax error", d)
	}
	if games[0].Result != "1-0" || games[1].Result != "0-1" || games[2].Result != "1/2-1/2" {
		t.Errorf("results %s %s %s", games[0].Result, games[1].Result, games[2].Result)
	}
}

// repeatReader yields a prefix, then n copies of unit, then a suffix, without holding them.
func repeatReader(prefix, unit string, n int, suffix string) io.Reader {
	rs := []io.Reader{strings.NewReader(prefix)}
	rs = append(rs, &repeater{unit: unit, n: n})
	rs = append(rs, strings.NewReader(suffix))
	return io.MultiReader(rs...)
}

type repeater struct {
	unit string
	n    int
	off  int
}

func (r *repeater) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.unit[r.off:])
		k += c
		r.off += c
		if r.off == len(r.unit) {
			r.off = 0
			r.n--
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// TestLongComment reads a game with a 10 MiB comment: the comment is kept whole and the moves
// after it replay.
func TestLongComment(t *testing.T) {
	const n = 10 << 20 / len("象棋 chess ")
	in := repeatReader("[Event \"long\"]\n1. 炮二平五 {", "象棋 chess ", n, "} 马８进７ 2. 马二进三 *\n")
	var games []*game.Game
	err := Decode(in, Config{Path: "long.pgn"}, func(g *game.Game) error {
		games = append(games, g)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || games[0].Plies() != 3 || !games[0].Valid() {
		t.Fatalf("games %d, want one of 3 valid plies:\n%s", len(games), diagLines(games))
	}
	c := games[0].MainLine()[0].Comments
	if len(c) != 1 || len(c[0]) != n*len("象棋 chess ")-1 {
		t.Errorf("comment of %d bytes, want %d", len(c[0]), n*len("象棋 chess ")-1)
	}
}

// counter counts moves and games; it keeps nothing.
type counter struct {
	BaseVisitor
	games, moves, errs int
}

func (c *counter) BeginGame(Loc)         { c.games++ }
func (c *counter) Move([]byte, Loc) Skip { c.moves++; return false }
func (c *counter) Error(*SyntaxError)    { c.errs++ }

// TestLongLine reads 10 MiB of moves on one line, and a game that arrives one byte at a time.
func TestLongLine(t *testing.T) {
	const unit = "1. h2e2 h9g7 2. e2h2 g7h9 "
	n := 10 << 20 / len(unit)
	var c counter
	rd := NewReader(repeatReader("[Event \"one line\"]\n", unit, n, "*\n"))
	if err := rd.ReadGame(&c); err != nil {
		t.Fatal(err)
	}
	if c.moves != 4*n || c.errs != 0 {
		t.Errorf("%d moves, %d errors, want %d moves", c.moves, c.errs, 4*n)
	}
	// A whole game of full-width WXF moves glued into one word of 4.8 KB.
	glued := "[Format \"WXF\"]\n" + strings.Repeat("Ｈ２＋３Ｈ８＋７Ｈ３－２Ｈ７－８", 100) + " *\n"
	games := decodeUTF8(t, "glued", []byte(glued))
	if len(games) != 1 || games[0].Plies() != 400 || !games[0].Valid() {
		t.Errorf("glued game: %d games, %d plies, want 1 valid game of 400:\n%s", len(games), games[0].Plies(), diagLines(games))
	}
	text, err := os.ReadFile("testdata/variations.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var whole, bytewise recorder
	readAll(t, string(text), &whole)
	rd = NewReader(iotest.OneByteReader(bytes.NewReader(text)))
	for rd.ReadGame(&bytewise) == nil {
	}
	if strings.Join(whole.events, "\n") != strings.Join(bytewise.events, "\n") {
		t.Errorf("reading one byte at a time gives other events")
	}
}

// TestMemoryFlat decodes 20,000 games (about 10 MB) and checks the heap does not grow with
// them.
func TestMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	unit := "[Game \"Chinese Chess\"]\n[Event \"flat\"]\n[Result \"*\"]\n{" + strings.Repeat("注", 40) + "}\n" +
		strings.Repeat("1. 炮二平五 马８进７ 2. 炮五平二 马７退８ ", 8) + "*\n\n"
	const n = 20000
	var peak uint64
	var ms runtime.MemStats
	count := 0
	err := Decode(repeatReader("", unit, n, ""), Config{}, func(g *game.Game) error {
		count++
		if count%5000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if count != n {
		t.Fatalf("%d games, want %d", count, n)
	}
	if peak > 8<<20 {
		t.Errorf("heap reached %d bytes reading %d MB", peak, n*len(unit)>>20)
	}
	t.Logf("%d games, %d MB, heap at most %d KB", n, n*len(unit)>>20, peak>>10)
}

type failingReader struct{ n int }

var errDisk = errors.New("disk on fire")

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n <= 0 {
		return 0, errDisk
	}
	k := copy(p[:min(len(p), f.n)], strings.Repeat("[Event \"x\"]\n1. h2e2 h9g7 *\n", 1+len(p)/25))
	f.n -= k
	return k, nil
}

// TestDecodeErrors: a failing reader and a failing callback stop Decode with their error.
func TestDecodeErrors(t *testing.T) {
	n := 0
	err := Decode(&failingReader{n: 200}, Config{}, func(*game.Game) error { n++; return nil })
	if !errors.Is(err, errDisk) {
		t.Errorf("Decode over a failing reader: %v, want %v", err, errDisk)
	}
	if n == 0 {
		t.Errorf("no game before the failure")
	}
	stop := errors.New("stop")
	n = 0
	err = Decode(strings.NewReader("1. h2e2 *\n\n1. h2e2 *\n\n1. h2e2 *\n"), Config{}, func(*game.Game) error {
		n++
		if n == 2 {
			return stop
		}
		return nil
	})
	if err != stop || n != 2 {
		t.Errorf("Decode with a failing callback: %v after %d games", err, n)
	}
}

// TestEncodeIllegal: with Verify, a tree with an illegal move (not built by game.Builder) is
// refused; without it, Encode trusts the tree and checks nothing.
func TestEncodeIllegal(t *testing.T) {
	g := &game.Game{Setup: board.StartSetup(), Result: "*"}
	g.Root.Children = []*game.Node{{Move: board.NewMove(board.NewSquare(9, 0), board.NewSquare(0, 0)), Parent: &g.Root}}
	var b bytes.Buffer
	if err := Encode(&b, g, WriteOptions{Verify: true}); !errors.Is(err, notation.ErrIllegal) || b.Len() > 0 {
		t.Errorf("Encode of an illegal move: %v, %d bytes written", err, b.Len())
	}
	if err := Encode(&b, g, WriteOptions{}); err != nil || b.Len() == 0 {
		t.Errorf("Encode without Verify: %v, %d bytes written", err, b.Len())
	}
}

// TestEncodeComments: comments are trimmed, '}' and line-starting '[' are escaped, and the
// output reads back to the same text.
func TestEncodeComments(t *testing.T) {
	g := &game.Game{Setup: board.StartSetup(), Result: "1-0"}
	g.Root.Comments = []string{"  root } brace\r\n[Event \"x\"] quoted tag\r\nend  ", "", " \n "}
	g.Tags = []game.Tag{{Name: "event", Value: "E \"q\" \\ \n2"}, {Name: "Custom", Value: "c"},
		{Name: "Event", Value: "second"}, {Name: "FEN", Value: "ignored"}}
	var b bytes.Buffer
	if err := Encode(&b, g, WriteOptions{Notation: wxf.Notation{}}); err != nil {
		t.Fatal(err)
	}
	want := "[Game \"Chinese Chess\"]\n[Event \"E \\\"q\\\" \\\\  2\"]\n[Result \"1-0\"]\n[Custom \"c\"]\n" +
		"[Format \"WXF\"]\n\n{root ｝ brace\n [Event \"x\"] quoted tag\nend} 1-0\n\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	back := decodeText(t, "x", &b)
	if len(back) != 1 || len(back[0].Root.Comments) != 1 || back[0].Root.Comments[0] != commentText(g.Root.Comments[0]) {
		t.Errorf("read back %d games: %q", len(back), back[0].Root.Comments)
	}
	if v, _ := back[0].Tag("Event"); v != "E \"q\" \\  2" {
		t.Errorf("Event read back as %q", v)
	}
}

// TestIsSpace checks the reader's blank test against package unicode for every character,
// and maySpace against the first byte of each blank.
func TestIsSpace(t *testing.T) {
	for c := rune(0); c <= unicode.MaxRune; c++ {
		want := unicode.IsSpace(c) || c == 0xFEFF || c == 0x200B
		if isSpace(c) != want {
			t.Fatalf("isSpace(%U) = %v", c, !want)
		}
		if want && utf8.ValidRune(c) && !maySpace[utf8.AppendRune(nil, c)[0]] {
			t.Fatalf("maySpace misses %U", c)
		}
	}
}

// TestDecodeReusesReaderBuffer: Decode gives its read buffer back, so that decoding many small
// files (from readers of unknown size) does not clear a fresh 64 KiB buffer for each.
func TestDecodeReusesReaderBuffer(t *testing.T) {
	if memtest.Race {
		t.Skip("the race detector drops pooled values at random")
	}
	const text = "[Event \"x\"]\n1. h2e2 h9g7 2. h0g2 *\n"
	decode := func() {
		games := 0
		// iotest.OneByteReader hides the size, as a file or a decoder does.
		err := Decode(iotest.OneByteReader(strings.NewReader(text)), Config{Reuse: true}, func(g *game.Game) error {
			games++
			return nil
		})
		if err != nil || games != 1 {
			t.Fatalf("Decode = %d games, %v", games, err)
		}
	}
	if per := memtest.BytesPerRun(100, decode); per > bufSize/4 {
		t.Errorf("decoding a one-game text allocates %d bytes a time; want the read buffer reused", per)
	}
}
