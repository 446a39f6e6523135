package xqf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

const sampleScript = `tag:Title=中炮对屏风马 tag:Event=全国象棋个人赛 tag:Red=胡荣华 tag:Black=杨官璘
	tag:Date=1960年 tag:Opening=ignored tag:Annotator=评论员
	{game_comment} h2e2 {中炮} h9g7 ( b9c7 {屏风马另一侧} b0c2 ) ( h7e7 h0g2 ) h0g2 i9h9 ( c6c5 ) i0h0`

// TestEncodeLayout checks the bytes Encode writes for a small game against the XQF 1.0
// layout.
func TestEncodeLayout(t *testing.T) {
	g := buildGame(t, board.StartFEN, sampleScript)
	g.Result = "0-1"
	data := encodeT(t, g)
	if !IsXQF(data) || string(data[:3]) != "XQ\x0a" {
		t.Fatalf("header starts % x", data[:16])
	}
	for i := 3; i < 0x10; i++ {
		if data[i] != 0 {
			t.Errorf("key byte %#x = %d, want 0", i, data[i])
		}
	}
	// The standard table, each side's pieces from its own right to left.
	want := []byte{80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3,
		9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86}
	if !bytes.Equal(data[offPieces:offPieces+32], want) {
		t.Errorf("piece table %v\nwant %v", data[offPieces:offPieces+32], want)
	}
	if data[offResult] != 2 || data[offWhoPlay] != 0 || data[offCodeA] != 0 {
		t.Errorf("result %d, who %d, type %d", data[offResult], data[offWhoPlay], data[offCodeA])
	}
	if n := binary.LittleEndian.Uint32(data[offPlayNodes:]); n != 10 {
		t.Errorf("PlayNodes %d, want 10", n)
	}
	if got := string(data[0x51 : 0x51+data[0x50]]); got != "\xd6\xd0\xc5\xda\xb6\xd4\xc6\xc1\xb7\xe7\xc2\xed" {
		t.Errorf("title % x", got) // 中炮对屏风马 in GBK
	}
	// Root: 18 20 F0 FF, comment length 12, "game_comment".
	root := data[HeaderSize:]
	if !bytes.Equal(root[:8], []byte{0x18, 0x20, 0xF0, 0xFF, 12, 0, 0, 0}) || string(root[8:20]) != "game_comment" {
		t.Errorf("root record % x", root[:20])
	}
	// First move h2e2 = 72→42: 72+0x18, 42+0x20, child flag, then "中炮" (4 bytes).
	first := root[20:]
	if !bytes.Equal(first[:8], []byte{72 + 0x18, 42 + 0x20, 0xF0, 0, 4, 0, 0, 0}) {
		t.Errorf("first record % x", first[:8])
	}
	// The second move h9g7 has two alternatives after it: child and sibling flags.
	second := first[12:]
	if !bytes.Equal(second[:4], []byte{79 + 0x18, 67 + 0x20, 0xFF, 0}) {
		t.Errorf("second record % x", second[:4])
	}
	back := decodeT(t, data)
	if len(back.Diagnostics) != 0 {
		t.Errorf("diagnostics %v", back.Diagnostics)
	}
	wantDump := `tag Title "中炮对屏风马"
tag Event "全国象棋个人赛"
tag Date "1960年"
tag Red "胡荣华"
tag Black "杨官璘"
tag Result "0-1"
tag Annotator "评论员"
tag XQFType "全局"
fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
result 0-1
comment "game_comment"
line 1 @1: H2-E2 {中炮} H9-G7 H0-G2 I9-H9 I0-H0
line 2 @4: C6-C5
line 3 @2: B9-C7 {屏风马另一侧} B0-C2
line 4 @2: H7-E7 H0-G2
`
	if got := treeDump(back); got != wantDump {
		t.Errorf("decoded\n%s\nwant\n%s", got, wantDump)
	}
}

// TestEncodeStrings: GBK, cut on a character boundary, '?' for characters GBK lacks.
func TestEncodeStrings(t *testing.T) {
	long := strings.Repeat("象", 40) // 80 bytes in GBK; Title holds 63
	g := buildGame(t, board.StartFEN, "tag:Title="+long+" tag:Red=A😀B tag:Black=𠀀x tag:Site=abcdefghijklmnopqrstuvwxyz")
	g.Root.Comments = []string{"line1\nline2", "second 😀"}
	data := encodeT(t, g)
	if data[0x50] != 62 {
		t.Errorf("title length %d, want 62 (31 characters)", data[0x50])
	}
	back := decodeT(t, data)
	for name, want := range map[string]string{
		"Title": strings.Repeat("象", 31), "Red": "A?B", "Black": "?x", "Site": "abcdefghijklmno"} {
		if v, _ := back.Tag(name); v != want {
			t.Errorf("%s = %q, want %q", name, v, want)
		}
	}
	if c := back.Root.Comments; len(c) != 1 || c[0] != "line1\nline2\nsecond ?" {
		t.Errorf("comments %q", c)
	}
	// The comment is stored with CRLF line breaks.
	if !bytes.Contains(data, []byte("line1\r\nline2\r\nsecond ?")) {
		t.Errorf("comment bytes not CRLF")
	}
}

// TestEncodeWarnings: a tag cut to its field and characters GBK lacks are reported through
// EncodeOptions.Warn, naming the tag and the length kept.
func TestEncodeWarnings(t *testing.T) {
	event := strings.Repeat("象棋", 30) // 60 characters, 120 bytes in GBK; the field holds 63
	g := buildGame(t, board.StartFEN, "tag:Event="+event+" tag:Red=A😀B😀 tag:Black=许银川 h2e2 {好😀}")
	g.Source, g.Index = "in.pgn", 3
	var warns []string
	var buf bytes.Buffer
	err := EncodeWith(&buf, g, EncodeOptions{Warn: func(d *game.Diagnostic) {
		if d.IsError() || d.Kind != game.KindEncoding || d.Path != "in.pgn" || d.Game != 3 {
			t.Errorf("warning %#v", d)
		}
		warns = append(warns, d.Error())
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`in.pgn: game 3: warning: encoding: tag Event is 60 characters, more than its XQF field holds: cut to its first 31 (62 bytes in GBK) ("Event")`,
		`in.pgn: game 3: warning: encoding: '😀' (U+1F600) in tag Red cannot be written in GBK: written '?', as 1 more characters ("Red")`,
		`in.pgn: game 3, ply 1: warning: encoding: '😀' (U+1F600) in a comment cannot be written in GBK: written '?'`,
	}
	if strings.Join(warns, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warns, "\n"), strings.Join(want, "\n"))
	}
	back := decodeT(t, buf.Bytes())
	if v, _ := back.Tag("Event"); v != event[:len("象")*31] {
		t.Errorf("Event read back %q", v)
	}
	// Encode writes the same bytes, without warnings.
	if data := encodeT(t, g); !bytes.Equal(data, buf.Bytes()) {
		t.Errorf("Encode and EncodeWith differ")
	}
}

// TestEncodeCut: an invalid game is written as far as it was replayed, with a marker comment
// on its last node and the result unknown unless KeepResult.
func TestEncodeCut(t *testing.T) {
	var b game.Builder
	b.Begin(1, "test", textenc.UTF8)
	b.Tag("Result", "1-0")
	b.Result("1-0")
	b.PlayMove(mv(t, "h2e2"), game.Loc{Offset: 10})
	b.Comment("中炮")
	b.PlayMove(mv(t, "h9g7"), game.Loc{Offset: 20})
	b.PlayMove(mv(t, "e2e9"), game.Loc{Offset: 30}) // illegal: the cannon cannot take without a screen
	g := b.Finish()
	if g.Valid() {
		t.Fatal("the game should be invalid")
	}
	for _, keep := range []bool{false, true} {
		var buf bytes.Buffer
		if err := EncodeWith(&buf, g, EncodeOptions{KeepResult: keep}); err != nil {
			t.Fatal(err)
		}
		back := decodeT(t, buf.Bytes())
		line := back.MainLine()
		wantResult := "*"
		if keep {
			wantResult = "1-0"
		}
		if len(line) != 2 || back.Result != wantResult || len(line[1].Comments) != 1 ||
			line[1].Comments[0] != `qipu: game ends here: illegal move "E2-E9" at ply 3` {
			var c []string
			if len(line) == 2 {
				c = line[1].Comments
			}
			t.Errorf("KeepResult %v: %d plies, result %q, comments %q", keep, len(line), back.Result, c)
		}
	}
}

// TestEncodeVerify: Encode trusts the tree; with Verify an illegal move is refused.
func TestEncodeVerify(t *testing.T) {
	g := &game.Game{Setup: board.StartSetup(), Result: "*"}
	g.Root.Children = []*game.Node{{Move: mv(t, "a0a9"), Parent: &g.Root}}
	var buf bytes.Buffer
	if err := EncodeWith(&buf, g, EncodeOptions{Verify: true}); !errors.Is(err, ErrUnencodable) || !errors.Is(err, notation.ErrIllegal) || buf.Len() > 0 {
		t.Errorf("Verify: %v, %d bytes", err, buf.Len())
	}
	if err := Encode(&buf, g); err != nil {
		t.Errorf("Encode: %v", err)
	}
}

// TestEncodeSetups: setups, side to move, move number and game type.
func TestEncodeSetups(t *testing.T) {
	for _, tc := range []struct {
		fen      string
		typ      string // XQFType tag, "" for none
		wantType byte
	}{
		{"3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 7", "", 2},
		{"3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "残局", 3},
		{"3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "endgame", 3},
		{"3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "1", 1},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "bogus", 0},
		// Five pawns on one file and doubled advisors still fit the slots.
		{"3k5/4P4/4P4/4P4/4P4/4P4/9/3A1A3/9/4K4 w - - 0 1", "", 2},
	} {
		script := ""
		if tc.typ != "" {
			script = "tag:XQFType=" + tc.typ
		}
		g := buildGame(t, tc.fen, script)
		data := encodeT(t, g)
		if data[offCodeA] != tc.wantType {
			t.Errorf("%s %q: type %d, want %d", tc.fen, tc.typ, data[offCodeA], tc.wantType)
		}
		back := decodeT(t, data)
		if got := back.Setup.FEN(); got != g.Setup.FEN() {
			t.Errorf("setup %s, want %s", got, g.Setup.FEN())
		}
	}
}

// TestEncodeErrors: what the piece table cannot hold, and other games Encode refuses.
func TestEncodeErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := Encode(&buf, nil); !errors.Is(err, ErrUnencodable) {
		t.Errorf("nil game: %v", err)
	}
	for _, tc := range []struct {
		fen string
		ok  bool
	}{
		{"3k5/9/9/9/9/9/9/R8/R8/R3K4 w - - 0 1", false},    // three red chariots
		{"3k5/9/9/P8/P8/P8/P8/P8/P8/4K4 w - - 0 1", false}, // six red pawns
		{"3k5/9/9/9/9/9/9/9/9/3KK4 w - - 0 1", false},      // two red generals
		{"3k1a1a1/4a4/9/9/9/9/9/9/9/4K4 w - - 0 1", false}, // three black advisors
		{"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", true},
	} {
		s, err := board.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		buf.Reset()
		err = Encode(&buf, &game.Game{Setup: s, Result: "*"})
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.fen, err)
		case !tc.ok && (!errors.Is(err, ErrUnencodable) || buf.Len() != 0):
			t.Errorf("%s: err %v, %d bytes written", tc.fen, err, buf.Len())
		}
	}
	g := buildGame(t, board.StartFEN, "h2e2")
	g.Root.Children[0].Move = board.NewMove(board.Square(95), 0)
	if err := Encode(&buf, g); !errors.Is(err, ErrUnencodable) {
		t.Errorf("off-board move: %v", err)
	}
	if err := Encode(failWriter{}, buildGame(t, board.StartFEN, "")); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("write error: %v", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestObfuscatedVersions writes a game as every version from 11 to 18 with random keys, the
// way XQStudio does, and reads it back.
func TestObfuscatedVersions(t *testing.T) {
	g := buildGame(t, "2bak4/4a4/4b4/9/6NRR/2B6/1rP1P4/3pB4/4p4/3K5 w - - 0 1",
		`tag:Title=野马操田 {局前} i5i9 {车} e7g9 ( e8f9 ) i9g9 e8f9 g5f7 ( h5h9 {车二进四} )`)
	plain := encodeT(t, g)
	want := treeDump(decodeT(t, plain))
	rng := rand.New(rand.NewPCG(1, 2))
	for version := byte(11); version <= 18; version++ {
		for trial := 0; trial < 20; trial++ {
			mask := byte(rng.IntN(256)) | 0xAA
			if trial == 0 {
				mask = 0 // as in BadMoveTest2: no stream key, square keys still apply
			}
			or := [4]byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), 0}
			or[3] = -(or[0] + or[1] + or[2])
			xy, xyf, xyt := byte(1+rng.IntN(254)), byte(1+rng.IntN(254)), byte(1+rng.IntN(254))
			data := obfuscate(t, plain, version, mask, or, xy, xyf, xyt, rng)
			back := decodeT(t, data)
			if len(back.Diagnostics) != 0 {
				t.Fatalf("version %d trial %d: %v", version, trial, back.Diagnostics)
			}
			if got := treeDump(back); got != want {
				t.Fatalf("version %d trial %d:\n%s\nwant\n%s", version, trial, got, want)
			}
		}
	}
}

// TestRoundTripCorpus: every corpus file survives XQF → game → XQF → game with the same tags,
// setup, moves, variations and comments (text GBK lacks, such as U+FFFD from undecodable
// bytes, comes back as '?'), and writing the result again gives the same bytes.
func TestRoundTripCorpus(t *testing.T) {
	files := corpusXQF(t)
	moves := 0
	for _, f := range files {
		g := decodeBytesT(t, f.rel, f.data)
		data := encodeT(t, g)
		back := decodeT(t, data)
		for _, d := range back.Diagnostics {
			if d.IsError() || d.Kind != game.KindSetup && d.Kind != game.KindResult {
				t.Errorf("%s: after the round trip: %v", f.rel, d)
			}
		}
		if got, want := treeDump(back), treeDump(gbkOnly(marked(g))); got != want {
			t.Errorf("%s: round trip differs\n got %.2000s\nwant %.2000s", f.rel, got, want)
		}
		if again := encodeT(t, back); !bytes.Equal(again, data) {
			t.Errorf("%s: second encoding differs", f.rel)
		}
		moves += walkTree(t, f.rel, back).moves
	}
	t.Logf("%d files, %d moves written and read back", len(files), moves)
}

// marked adds to g what Encode adds to an invalid game: the marker comment where each line
// stops (joined to the node's comment, as XQF keeps one per move) and, when the main line or
// the setup is cut, the result "*"; it returns g.
func marked(g *game.Game) *game.Game {
	marks, cut := gamecut.Marks(g, nil)
	for n, m := range marks {
		n.Comments = []string{strings.Join(append(n.Comments, m), "\n")}
	}
	if cut {
		g.Result = "*"
		g.SetTag("Result", "*")
	}
	return g
}

// gbkOnly replaces what GBK cannot hold by '?' in the tags and comments of g, as Encode does,
// and returns g.
func gbkOnly(g *game.Game) *game.Game {
	fix := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			if out, _, _ := encodeGBK(nil, string(r), -1); r >= 0x80 && string(out) == "?" {
				r = '?'
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	for i := range g.Tags {
		g.Tags[i].Value = fix(g.Tags[i].Value)
	}
	stack := []*game.Node{&g.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range n.Comments {
			n.Comments[i] = fix(c)
		}
		stack = append(stack, n.Children...)
	}
	return g
}
