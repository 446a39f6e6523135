package mxq

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// TestDecode reads a complete synthetic file: tags in order, the result from the event, the
// moves (6A-4C is g0-e2), the end reason on the last move, no diagnostic.
func TestDecode(t *testing.T) {
	t.Parallel()
	data := mxqFile{header: stdHeader, moves: opening}.bytes(t)
	g, err := decodeAll(t, "x.mxq", data)
	if err != nil {
		t.Fatal(err)
	}
	var tags []string
	for _, tg := range g.Tags {
		tags = append(tags, tg.Name+"="+tg.Value)
	}
	want := "Event=雷神(9弦)-负-剑月轩小琼(9f) Site=铁人巷 Date=02-10-07 Red=雷神(9弦) Black=剑月轩小琼(9f) Result=0-1 " +
		"RedElo=1817 BlackElo=1936 MXQText6=10 MXQText7=5 MXQText8=0 MXQText9=289 MXQText10=262"
	if got := strings.Join(tags, " "); got != want {
		t.Errorf("tags\n%s\nwant\n%s", got, want)
	}
	if got := strings.Join(iccs(g), " "); got != "G0-E2 H9-G7 H0-G2 I9-H9 I0-H0 B9-C7" {
		t.Errorf("main line %s", got)
	}
	last := g.MainLine()[len(g.MainLine())-1]
	if g.Result != "0-1" || g.Format != FormatName || g.Encoding.String() != "gb18030" || g.Index != 1 || g.Source != "x.mxq" ||
		len(g.Diagnostics) != 0 || fmt.Sprint(last.Comments) != "[认负]" || len(g.Root.Comments) != 0 {
		t.Errorf("result %s format %s encoding %s index %d source %s comments %v / %v diagnostics %v",
			g.Result, g.Format, g.Encoding, g.Index, g.Source, last.Comments, g.Root.Comments, g.Diagnostics)
	}
	// Every move's offset is its string's length byte: the first after "Moves".
	if off := g.MainLine()[0].Loc.Offset; data[off] != 5 || string(data[off+1:off+6]) != "6A-4C" {
		t.Errorf("first move at %d", off)
	}
}

// TestResultWords: the event's result word is Red's result, in GBK or in the Big5 forms read
// as GBK; an event without one gives no players and "*".
func TestResultWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ event, red, black, result string }{
		{"a-胜-b", "a", "b", "1-0"},
		{"a(1星)-和-b(2段)", "a(1星)", "b(2段)", "1/2-1/2"},
		{"a-负-b", "a", "b", "0-1"},
		{"a-衊-b", "a", "b", "1-0"},
		{"a-㎝-b", "a", "b", "1/2-1/2"},
		{"a-璽-b", "a", "b", "0-1"},
		{"a-b-负-c", "a-b", "c", "0-1"},
		{"a-和-b-胜-c", "a", "b-胜-c", "1/2-1/2"},
		{"a vs b", "", "", "*"},
		{"", "", "", "*"},
	} {
		red, black, result := splitEvent(tc.event)
		if red != tc.red || black != tc.black || result != tc.result {
			t.Errorf("%q: %q %q %q, want %q %q %q", tc.event, red, black, result, tc.red, tc.black, tc.result)
		}
	}
}

// TestProblems: every problem is a diagnostic at the byte offset of its string, with its
// level; the reader never judges a move (an illegal one is the builder's error).
func TestProblems(t *testing.T) {
	t.Parallel()
	type want struct {
		kind    game.Kind
		warning bool
		str     string // the string the diagnostic points at ("" for the end of the file)
	}
	for _, tc := range []struct {
		name    string
		f       mxqFile
		valid   bool
		plies   int
		want    []want
		comment string // the end reason on the game (the line broke off)
	}{
		{"bad move text", mxqFile{header: stdHeader, moves: []string{"6A-4C", "7J+6H", "7A-6C"}}, false, 1,
			[]want{{game.KindSyntax, false, "7J+6H"}}, "认负"},
		{"rank off the board", mxqFile{header: stdHeader, moves: []string{"6A-4K"}}, false, 0,
			[]want{{game.KindSyntax, false, "6A-4K"}}, "认负"},
		{"illegal", mxqFile{header: stdHeader, moves: []string{"6A-4C", "7J-7H"}}, false, 1,
			[]want{{game.KindIllegal, false, "7J-7H"}}, "认负"},
		{"no Ends", mxqFile{header: stdHeader, moves: opening[:2], noEnds: true}, false, 2,
			[]want{{game.KindTruncated, false, ""}}, "认负"},
		{"no CommentsEnd", mxqFile{header: stdHeader, moves: opening[:2], noCommentsEnd: true}, true, 2,
			[]want{{game.KindTruncated, true, ""}}, ""},
		{"between", mxqFile{header: stdHeader, moves: opening[:2], between: []string{"a comment"}}, true, 2,
			[]want{{game.KindSyntax, true, "a comment"}}, ""},
		{"tail", mxqFile{header: stdHeader, moves: opening[:2], tail: []byte{1, 2, 3}}, true, 2,
			[]want{{game.KindSyntax, true, "\x02"}}, ""},
		{"short header", mxqFile{header: stdHeader[:3], moves: opening[:2]}, true, 2,
			[]want{{game.KindSyntax, true, "Moves"}}, ""},
		{"bad Elo", mxqFile{header: header(map[int]string{3: "12a"}), moves: opening[:2]}, true, 2,
			[]want{{game.KindSyntax, true, "12a"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data := tc.f.bytes(t)
			g, err := decodeAll(t, "p.mxq", data)
			if err != nil {
				t.Fatal(err)
			}
			if g.Valid() != tc.valid || g.Plies() != tc.plies || len(g.Diagnostics) != len(tc.want) {
				t.Fatalf("valid %v plies %d diagnostics %v", g.Valid(), g.Plies(), g.Diagnostics)
			}
			for i, w := range tc.want {
				d := g.Diagnostics[i]
				off := int(d.Loc.Offset)
				var at string
				if off < len(data) {
					at = string(data[off+1 : min(len(data), off+1+int(data[off]))])
				}
				if d.Kind != w.kind || d.IsWarning() != w.warning || at != w.str || d.Path != "p.mxq" || d.Game != 1 {
					t.Errorf("diagnostic %v at %q, want %s (warning %v) at %q", d, at, w.kind, w.warning, w.str)
				}
				if !d.IsWarning() && w.kind != game.KindIllegal && !errors.Is(d, ErrSyntax) && !errors.Is(d, ErrTruncated) {
					t.Errorf("error %v wraps no sentinel", d)
				}
			}
			if got := strings.Join(g.Root.Comments, "|"); got != tc.comment {
				t.Errorf("game comment %q, want %q", got, tc.comment)
			}
		})
	}
}

// TestFileErrors: inputs that yield no game but one positioned file-level diagnostic.
func TestFileErrors(t *testing.T) {
	t.Parallel()
	full := mxqFile{header: stdHeader, moves: opening}.bytes(t)
	noMoves := bytes.Repeat([]byte{1, 'x'}, MaxHeaderStrings+1)
	for _, tc := range []struct {
		name string
		r    io.Reader
		kind game.Kind
		off  int64
		err  error
	}{
		{"empty", bytes.NewReader(nil), game.KindSyntax, 0, ErrNotMXQ},
		{"pgn", strings.NewReader("[Event \"x\"]\n1. h2e2 h9g7\n"), game.KindSyntax, 0, ErrNotMXQ},
		{"no Moves", bytes.NewReader(noMoves), game.KindSyntax, 0, ErrNotMXQ},
		{"cut in the header", bytes.NewReader(full[:20]), game.KindTruncated, 16, ErrTruncated},
		{"ends before Moves", bytes.NewReader(full[:16]), game.KindTruncated, 16, ErrTruncated},
		{"too large", io.MultiReader(bytes.NewReader(full), bytes.NewReader(make([]byte, MaxFileSize))), game.KindIO, MaxFileSize, ErrTooLarge},
		{"read error", io.MultiReader(bytes.NewReader(full[:10]), errReader{}), game.KindIO, 10, errRead},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			n := 0
			for g, err := range Read(tc.r, Config{Path: "f"}) {
				n++
				var d *game.Diagnostic
				if g != nil || !errors.As(err, &d) || d.Kind != tc.kind || d.Loc.Offset != tc.off || d.Path != "f" || !errors.Is(err, tc.err) {
					t.Errorf("game %v, error %v; want %s at %d wrapping %v", g, err, tc.kind, tc.off, tc.err)
				}
			}
			if n != 1 {
				t.Errorf("yielded %d times", n)
			}
		})
	}
}

var errRead = errors.New("disk on fire")

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errRead }

// TestEncoding: Auto reads GBK, or Big5 when the header's text is Big5; an explicit encoding is
// used as it is; UTF-16 is taken as Auto.
func TestEncoding(t *testing.T) {
	t.Parallel()
	gbk := mxqFile{header: stdHeader, moves: opening[:1]}.bytes(t)
	var big5 []byte
	for _, s := range append(header(map[int]string{0: "象棋世家", 2: "紅方棋手(9段)-勝-黑方棋手(8段)", 10: "黑方認輸"}), "Moves", "6A-4C", "Ends", "CommentsEnd") {
		b, err := textenc.EncodeString(s, textenc.Big5)
		if err != nil {
			t.Fatal(err)
		}
		big5 = append(append(big5, byte(len(b))), b...)
	}
	for _, tc := range []struct {
		name string
		data []byte
		enc  textenc.Encoding
		want string // encoding, then Red
	}{
		{"gbk auto", gbk, textenc.Auto, "gb18030 雷神(9弦)"},
		{"gbk utf-16", gbk, textenc.UTF16LE, "gb18030 雷神(9弦)"},
		{"big5 auto", big5, textenc.Auto, "big5 紅方棋手(9段)"},
		{"big5 as gbk", big5, textenc.GB18030, "gb18030 "}, // no result word: no players
	} {
		var got string
		for g, err := range Read(bytes.NewReader(tc.data), Config{Encoding: tc.enc}) {
			if err != nil {
				t.Fatal(err)
			}
			red, _ := g.Tag("Red")
			got = g.Encoding.String() + " " + red
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestSniff: the real layout is claimed; other formats and near misses are not.
func TestSniff(t *testing.T) {
	t.Parallel()
	full := mxqFile{header: stdHeader, moves: opening}.bytes(t)
	noMove := mxqFile{header: stdHeader}.bytes(t)
	movesAt := bytes.Index(full, []byte("\x05Moves"))
	for _, tc := range []struct {
		name   string
		prefix []byte
		want   bool
	}{
		{"file", full, true},
		{"no move", noMove, true},
		{"cut after Moves", full[:movesAt+6], true},
		{"cut inside the first move", full[:movesAt+8], true},
		{"cut in the header", full[:movesAt], false},
		{"empty", nil, false},
		{"pgn", []byte("[Event \"x\"]\n1. h2e2\n"), false},
		{"xqf", append([]byte("XQ\x0a"), make([]byte, 1021)...), false},
		{"cbr", append([]byte("CCBridge Record\x00"), make([]byte, 100)...), false},
		{"two strings then Moves", []byte("\x01a\x01b\x05Moves\x04Ends"), false},
		{"control byte in the header", []byte("\x01a\x01\n\x01c\x05Moves\x04Ends"), false},
		{"not a move after Moves", []byte("\x01a\x01b\x01c\x05Moves\x05hello"), false},
		{"three strings, Moves, Ends", []byte("\x01a\x01b\x01c\x05Moves\x04Ends"), true},
	} {
		if got := Sniff(tc.prefix); got != tc.want {
			t.Errorf("%s: Sniff = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestAllocs: decoding allocates a bounded amount per game, not per ply: a game of 400
// plies costs no more allocations than one of 100 plus the builder's node chunks. (Both
// shuffle the horses, so the builder records the same few dozen repeats of positions in
// each: it keeps a repeat only up to game.MaxRepetition occurrences.)
func TestAllocs(t *testing.T) {
	shuffle := func(cycles int) []byte {
		var moves []string
		for i := 0; i < cycles; i++ { // horses out and back: legal forever
			moves = append(moves, "7A-6C", "7J-6H", "6C-7A", "6H-7J")
		}
		return mxqFile{header: stdHeader, moves: moves}.bytes(t)
	}
	count := func(data []byte) float64 {
		return testing.AllocsPerRun(20, func() {
			for _, err := range Read(bytes.NewReader(data), Config{}) {
				if err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	a, b := count(shuffle(25)), count(shuffle(100))
	t.Logf("allocations per game: %.0f (100 plies), %.0f (400 plies)", a, b)
	if b > a+16 {
		t.Errorf("400 plies cost %.0f allocations, 100 plies %.0f: something allocates per ply", b, a)
	}
}
