package pgn

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// TestEncodeCut: an invalid game is written up to its first bad move with a marker comment
// there, and with the result "*" unless KeepResult.
func TestEncodeCut(t *testing.T) {
	games := decodeUTF8(t, "cut", []byte("[Event \"cut\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车九进九 3. 车一平二 1-0\n"))
	if len(games) != 1 || games[0].Valid() {
		t.Fatalf("want one invalid game, got %d", len(games))
	}
	for _, tc := range []struct {
		keep bool
		want string
	}{
		{false, "1. 炮二平五 马８进７ 2. 马二进三\n{qipu: game ends here: illegal move \"车九进九\" at ply 4} *\n"},
		{true, "1. 炮二平五 马８进７ 2. 马二进三\n{qipu: game ends here: illegal move \"车九进九\" at ply 4} 1-0\n"},
	} {
		var b bytes.Buffer
		if err := Encode(&b, games[0], WriteOptions{Notation: chinese.Notation{}, KeepResult: tc.keep}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		result := "[Result \"*\"]"
		if tc.keep {
			result = "[Result \"1-0\"]"
		}
		if !strings.Contains(out, tc.want) || !strings.Contains(out, result) {
			t.Errorf("KeepResult %v:\n%s\nwant the movetext %q and %s", tc.keep, out, tc.want, result)
		}
		// The marked record reads back as a valid game, and writing it again changes nothing.
		back := decodeUTF8(t, "back", b.Bytes())
		var again bytes.Buffer
		if err := Encode(&again, back[0], WriteOptions{Notation: chinese.Notation{}, KeepResult: tc.keep}); err != nil || !back[0].Valid() || again.String() != out {
			t.Errorf("KeepResult %v: read back valid %v, written again:\n%s", tc.keep, back[0].Valid(), again.String())
		}
	}
}

// TestEncodeWrapsComments: long comments are wrapped to LineWidth (Chinese between
// characters, Latin after spaces) and read back to the same text.
func TestEncodeWrapsComments(t *testing.T) {
	comments := []string{
		strings.Repeat("红方弃子抢攻，黑方应以稳健为上。", 12),
		strings.Repeat("The red cannon takes the centre and the horse follows. ", 6),
		"short",
		strings.Repeat("x", 120) + " tail", // a word longer than a line overflows
		"第一段  \n" + strings.Repeat("第二段文字", 20) + "  \n  end", // lines ending in two spaces
		strings.Repeat("棋[Event \"x\"] ", 8),                  // no break before '['
		strings.Repeat("ab ", 40) + "\n[Game \"y\"]" + strings.Repeat(" 炮", 50),
		strings.Repeat("１２３４５６７８９０", 10) + "}" + strings.Repeat("。", 45),
	}
	g := &game.Game{Setup: board.StartSetup(), Result: "*"}
	g.Root.Comments = comments
	var out bytes.Buffer
	if err := Encode(&out, g, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(out.String(), "\n") {
		if w := width([]byte(line)); w > LineWidth && !strings.HasPrefix(line, "{xxxx") {
			t.Errorf("line %d is %d columns: %q", i+1, w, line)
		}
	}
	back := decodeUTF8(t, "wrapped", out.Bytes())
	if len(back) != 1 {
		t.Fatalf("%d games read back:\n%s", len(back), out.String())
	}
	var want []string
	for _, c := range comments {
		want = append(want, commentText(c))
	}
	if got := back[0].Root.Comments; strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		for i := range want {
			if i >= len(got) || got[i] != want[i] {
				t.Errorf("comment %d read back as\n%q\nwant\n%q\noutput:\n%s", i, got[min(i, len(got)-1)], want[i], out.String())
				break
			}
		}
	}
}

// TestSoftBreak: in a comment, a line break after two spaces joins the lines; after one
// space (a common trailing blank in real archives) or none, it is kept.
func TestSoftBreak(t *testing.T) {
	for in, want := range map[string]string{
		"{炮二  \n平五}":       "炮二平五",
		"{炮二 \n平五}":        "炮二 \n平五",
		"{炮二\r\n平五}":       "炮二\n平五",
		"{ab   \r\ncd}":    "ab cd",
		"{ab    \n\ncd}":   "ab  \ncd",
		"{  \nab}":         "ab",
		"{a\n  \n  \nb}":   "a\nb",
		"{x  \n[Event \"}": "x",
	} {
		games := decodeUTF8(t, "soft", []byte(in+" 1. h2e2 *"))
		if len(games) == 0 || len(games[0].Root.Comments) == 0 || games[0].Root.Comments[0] != want {
			var got []string
			if len(games) > 0 {
				got = games[0].Root.Comments
			}
			t.Errorf("%q: comments %q, want %q", in, got, want)
		}
	}
}

// shout is a notation qipu does not register: ICCS in lower case with a bang.
type shout struct{ iccs.Notation }

func (shout) Name() string { return "shout" }
func (shout) Append(dst []byte, pos *board.Position, m board.Move) []byte {
	return append(m.AppendICCS(dst, true), '!')
}

// TestEncodeNotationValues: the moves are written by the notation value in its style, and
// [Format] names it; a notation anynotation does not register is written through the
// interface, under its own name.
func TestEncodeNotationValues(t *testing.T) {
	games := decodeUTF8(t, "n", []byte("1. 炮二平五 马８进７ 2. 马二进三 *\n"))
	for _, tc := range []struct {
		n    notation.Notation
		want string
	}{
		{nil, "[Format \"Chinese\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *"},
		{chinese.Notation{Traditional: true}, "[Format \"Chinese\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 *"},
		{iccs.Notation{Style: iccs.UCCI}, "[Format \"ICCS\"]\n\n1. h2e2 h9g7 2. h0g2 *"},
		{wxf.Notation{Style: wxf.Fairy}, "[Format \"WXF\"]\n\n1. C2=5 H8+7 2. H2+3 *"},
		{platform.Notation{}, "[Format \"Platform\"]\n\n1. 炮二3-五3 馬三8 2. 馬三3 *"},
		{shout{}, "[Format \"shout\"]\n\n1. h2e2! h9g7! 2. h0g2! *"},
	} {
		var b bytes.Buffer
		if err := Encode(&b, games[0], WriteOptions{Notation: tc.n, Verify: true}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("%v: got\n%s\nwant …%s", tc.n, b.String(), tc.want)
		}
	}
	// No allocation per move: writing a long game allocates a few buffers, whatever its length.
	long := decodeFile(t, "../../corpus/classic/masters-utf8.pgn", "masters-utf8.pgn")
	for _, n := range []notation.Notation{chinese.Notation{}, iccs.Notation{}, wxf.Notation{}, platform.Notation{}} {
		for _, g := range long {
			if a := testing.AllocsPerRun(10, func() { _ = Encode(io.Discard, g, WriteOptions{Notation: n}) }); a > 6 {
				t.Errorf("%s: %v allocations for a game of %d plies", n.Name(), a, g.Plies())
			}
		}
	}
}
