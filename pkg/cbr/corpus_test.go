package cbr

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/game"
)

// expectedGames counts the games of a corpus file independently of the reader: 1 for a CBR
// record, the used index entries of a CBL library, the header count of a compressed library.
func expectedGames(tb testing.TB, data []byte) int {
	tb.Helper()
	switch {
	case bytes.HasPrefix(data, []byte("CCBridge Record\x00")):
		return 1
	case bytes.HasPrefix(data, []byte("CCBridgeLibrary\x00")):
		n := 0
		capacity := int(binary.LittleEndian.Uint32(data[60:]))
		for i := 0; i < capacity; i++ {
			if binary.LittleEndian.Uint32(data[66624+276*i:]) != 0 {
				n++
			}
		}
		return n
	}
	zr, err := zlib.NewReader(bytes.NewReader(data[20:]))
	if err != nil {
		tb.Fatal(err)
	}
	lib, err := io.ReadAll(zr)
	if err != nil {
		tb.Fatal(err)
	}
	pos := 0
	for i := 0; i < 5; i++ { // name, two strings, author, e-mail
		pos += 4 + int(binary.LittleEndian.Uint32(lib[pos:]))
	}
	return int(binary.LittleEndian.Uint32(lib[pos+38:]))
}

// corpusInvalid lists the games of the corpus that are not valid, with why; every other game
// must read without any diagnostic. None is today.
var corpusInvalid = map[string]string{}

// corpusEmpty lists the empty records of the corpus (notes, not games), by file and index,
// with their offsets: both are title pages of a library, an empty board, a comment and no
// move (the first is followed by left-over move records that the root's end-of-line flag
// excludes).
var corpusEmpty = map[string]int64{
	"walker8088__cchess/tests/data/1989年龙化杯象棋名师邀请赛35局.CBL#1":  101952,
	"walker8088__cchess/tests/data/1989年龙化杯象棋名师邀请赛35局.CBL#22": 187968,
}

// TestCorpus reads every CBR and CBL file of the corpus: no file error, as many games and
// empty records as the file says (index entries, header count), the games numbered as the
// library numbers its records, each game valid or with its expected positioned error, each
// empty record a positioned note, and a summary in the log.
func TestCorpus(t *testing.T) {
	files := corpusFiles(t)
	if len(files) < 10 {
		t.Errorf("%d CBR/CBL files in the corpus, want at least 10", len(files))
	}
	var total, plies, nodes, invalid, empty int
	seenEmpty := 0
	for _, f := range files {
		games, errs, notes := decodeNotes(f.data, f.rel)
		for _, err := range errs {
			t.Errorf("%s: file error %v", f.rel, err)
		}
		if want := expectedGames(t, f.data); len(games)+len(notes) != want {
			t.Errorf("%s: %d games and %d empty records, the file lists %d", f.rel, len(games), len(notes), want)
		}
		indexes := map[int]bool{}
		for _, d := range notes {
			key := fmt.Sprintf("%s#%d", f.rel, d.Game)
			off, ok := corpusEmpty[key]
			if !ok || d.Kind != game.KindEmptyRecord || !d.IsNote() || d.Loc.Offset != off || d.Path != f.rel ||
				!errors.Is(d, ErrEmptyRecord) {
				t.Errorf("%s: unexpected note %v (want one at %d: %v)", key, d, off, ok)
			}
			indexes[d.Game] = true
			seenEmpty++
		}
		p, n, bad := 0, 0, 0
		for _, g := range games {
			if indexes[g.Index] || g.Index < 1 || g.Index > len(games)+len(notes) || g.Source != f.rel {
				t.Errorf("%s: game index %d (taken or out of range) source %q", f.rel, g.Index, g.Source)
			}
			indexes[g.Index] = true
			p += g.Plies()
			n += countNodes(&g.Root)
			key := fmt.Sprintf("%s#%d", f.rel, g.Index)
			var got []string
			for _, d := range g.Diagnostics {
				if d.Loc.Offset < 0 || d.Path != f.rel || d.Game != g.Index {
					t.Errorf("%s: diagnostic not positioned: %v", key, d)
				}
				got = append(got, fmt.Sprintf("%s@%d", d.Kind, d.Loc.Offset))
			}
			if !g.Valid() {
				bad++
			}
			if want := corpusInvalid[key]; strings.Join(got, " ") != want {
				t.Errorf("%s: diagnostics %q, want %q: %v", key, got, want, g.Diagnostics)
			}
		}
		t.Logf("%s: %d games, %d empty records, %d plies in main lines, %d moves in all, %d invalid", f.rel, len(games), len(notes), p, n, bad)
		total, plies, nodes, invalid, empty = total+len(games), plies+p, nodes+n, invalid+bad, empty+len(notes)
	}
	if seenEmpty != len(corpusEmpty) {
		t.Errorf("%d empty records, want %d", seenEmpty, len(corpusEmpty))
	}
	t.Logf("corpus: %d files, %d games, %d empty records, %d plies in main lines, %d moves in all, %d invalid", len(files), total, empty, plies, nodes, invalid)
}

// BenchmarkDecodeCorpus reads every CBR/CBL file of the corpus per iteration and reports the
// cost per game (compare with the XQF reader's games/s).
func BenchmarkDecodeCorpus(b *testing.B) {
	files := corpusFiles(b)
	games, plies := 0, 0
	var size int64
	for _, f := range files {
		gs, _ := decodeAll(f.data, f.rel)
		games += len(gs)
		for _, g := range gs {
			plies += countNodes(&g.Root)
		}
		size += int64(len(f.data))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			for _, err := range Read(bytes.NewReader(f.data), Config{Path: f.rel}) {
				if err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	sec := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*games)/sec, "games/s")
	b.ReportMetric(float64(b.N*plies)/sec, "plies/s")
	b.ReportMetric(sec*1e9/float64(b.N*games), "ns/game")
}

// BenchmarkDecodeGame decodes one synthetic 60-ply CBR record per iteration.
func BenchmarkDecodeGame(b *testing.B) {
	data := cbrGame{title: "bench", moves: benchLine()}.cbr()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, err := range Read(bytes.NewReader(data), Config{}) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchLine is a legal 20-ply opening line.
func benchLine() []*snode {
	return line("h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "c6c5", "b0c2", "b7a7",
		"a0b0", "a9b9", "h0h6", "h7i7", "h6g6", "i7i8", "g3g4", "c9e7", "g2f4", "d9e8")
}

// TestCompressedAgrees checks the compressed reading against independent records: eight games
// of the compressed kind-3 library are also in CCBridgeLibrary libraries of other authors, and
// three games of 吕钦专集 (the layout with an event string, another author) are also in that
// kind-3 library; their main lines must be the same move for move.
func TestCompressedAgrees(t *testing.T) {
	const (
		z   = "hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/对局/全国象棋个人锦标赛对局精选.CBL"
		lq  = "hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/大师专集/吕钦专集.CBL"
		y56 = "walker8088__cchess/tests/data/1956年全国象棋锦标赛93局.CBL"
		y66 = "walker8088__cchess/tests/data/1966年全国个人赛对局选.CBL"
		he  = "walker8088__cchess/game_book/古谱/专辑何顺安.CBL"
	)
	pairs := []struct {
		aRel  string
		aGame int
		bRel  string
		bGame int
	}{
		{z, 1, y56, 69}, {z, 2, y56, 77}, {z, 3, y56, 73}, {z, 4, y56, 88}, {z, 6, he, 2}, {z, 10, he, 5},
		{z, 16, y66, 104}, {z, 17, y66, 51},
		{lq, 6, z, 34}, {lq, 31, z, 35}, {lq, 68, z, 46},
	}
	libs := map[string][]*game.Game{}
	for _, rel := range []string{z, lq, y56, y66, he} {
		libs[rel], _ = decodeAll(readCorpus(t, rel), rel)
	}
	mainLine := func(g *game.Game) string {
		var s []string
		for _, n := range g.MainLine() {
			s = append(s, string(n.Move.AppendICCS(nil, false)))
		}
		return strings.Join(s, " ")
	}
	for _, p := range pairs {
		a, b := libs[p.aRel][p.aGame-1], libs[p.bRel][p.bGame-1]
		if ma, mb := mainLine(a), mainLine(b); ma != mb || a.Plies() < 39 {
			t.Errorf("%s game %d and %s game %d differ:\n%s\n%s", p.aRel, p.aGame, p.bRel, p.bGame, ma, mb)
		}
	}
}

// TestCompressedEventLayout checks the tags of a record whose event is set (吕钦专集): Event,
// Date, Title, the players and the result, as the same game's title says in another library
// ("广东吕钦(红先胜)浙江于幼华(1986.11.23)").
func TestCompressedEventLayout(t *testing.T) {
	const lq = "hbsxcjp__cchess_qt/棋谱文件/棋谱研究/棋谱大全/大师专集/吕钦专集.CBL"
	games, errs := decodeAll(readCorpus(t, lq), lq)
	if len(errs) != 0 || len(games) != 123 {
		t.Fatalf("%d games, errors %v; want 123 and none", len(games), errs)
	}
	g := games[30]
	want := map[string]string{"Event": "全国象棋个人锦标赛", "Date": "86-11-23", "Title": "五七炮进三兵对反宫马飞左象",
		"Red": "吕钦", "Black": "于幼华", "Result": "1-0", "Library": "吕钦专集"}
	for name, v := range want {
		if got, _ := g.Tag(name); got != v {
			t.Errorf("game 31 tag %s = %q, want %q", name, got, v)
		}
	}
}
