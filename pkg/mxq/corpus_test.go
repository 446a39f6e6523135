package mxq

import (
	"bytes"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/internal/testutil"
	"github.com/qipu/qipu/pkg/xqf"
)

// moveStrings counts the strings between "Moves" and "Ends", independently of the reader.
func moveStrings(data []byte) int {
	n, in := 0, false
	for off := 0; off < len(data); off += 1 + int(data[off]) {
		s := string(data[off+1 : min(len(data), off+1+int(data[off]))])
		switch {
		case s == "Moves":
			in = true
		case s == "Ends":
			return n
		case in:
			n++
		}
	}
	return n
}

// TestCorpus reads every MXQ file of the shared corpus: one game each, valid, without any
// diagnostic, read as GBK, every move string played; the result from the event agrees with
// the end reason where that names a side (红方… Red lost, 黑方… Black lost, 双方议和 a
// draw); and the game survives an XQF round trip with the same main line and result.
func TestCorpus(t *testing.T) {
	t.Parallel()
	files := testutil.CorpusFiles(t, ".mxq")
	if len(files) < 10 {
		t.Errorf("%d MXQ files in the corpus, want at least 10", len(files))
	}
	plies, checked := 0, 0
	for _, p := range files {
		rel := testutil.Rel(p)
		data := testutil.ReadFile(t, p)
		g, err := decodeAll(t, rel, data)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		if !g.Valid() || len(g.Diagnostics) > 0 || g.Encoding.String() != "gb18030" || g.Format != FormatName {
			t.Errorf("%s: valid %v encoding %s diagnostics %v", rel, g.Valid(), g.Encoding, g.Diagnostics)
		}
		if want := moveStrings(data); g.Plies() != want || want == 0 {
			t.Errorf("%s: %d plies, the file has %d move strings", rel, g.Plies(), want)
		}
		plies += g.Plies()
		main := g.MainLine()
		reason := strings.Join(main[len(main)-1].Comments, "")
		want := ""
		switch {
		case reason == "双方议和":
			want = "1/2-1/2"
		case strings.HasPrefix(reason, "红方"):
			want = "0-1"
		case strings.HasPrefix(reason, "黑方"):
			want = "1-0"
		}
		if want != "" {
			checked++
			if g.Result != want {
				t.Errorf("%s: result %s, the end reason %q says %s", rel, g.Result, reason, want)
			}
		}
		for _, tag := range []string{"Event", "Site", "Date", "Red", "Black", "RedElo", "BlackElo"} {
			if v, _ := g.Tag(tag); v == "" {
				t.Errorf("%s: no %s tag", rel, tag)
			}
		}
		// Round trip through XQF: the same main line and result.
		var buf bytes.Buffer
		if err := xqf.Encode(&buf, g); err != nil {
			t.Errorf("%s: xqf: %v", rel, err)
			continue
		}
		back, err := xqf.Decode(&buf, xqf.Config{})
		if err != nil || back == nil {
			t.Errorf("%s: xqf decode: %v", rel, err)
			continue
		}
		if a, b := strings.Join(iccs(g), " "), strings.Join(iccs(back), " "); a != b || back.Result != g.Result {
			t.Errorf("%s: XQF round trip differs (%s, %s):\n%s\n%s", rel, g.Result, back.Result, a, b)
		}
	}
	if checked < 8 {
		t.Errorf("only %d end reasons name a side or a draw", checked)
	}
	t.Logf("%d files, %d plies, %d results checked against the end reason", len(files), plies, checked)
}

// TestFirstMove: 6A-4C in the first real file is 相三进五, g0-e2.
func TestFirstMove(t *testing.T) {
	t.Parallel()
	const rel = "walker8088__cchess/game_book/对局谱/w网络棋谱/网络棋谱（无讲评的）/弈天对局谱/弈天对局谱（8）/雷神（月将）/雷神(9弦)-负-剑月轩小琼(9f) 02-10-07.mxq"
	g, err := decodeAll(t, rel, testutil.ReadCorpus(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	if m := iccs(g); len(m) == 0 || m[0] != "G0-E2" {
		t.Errorf("first move %v", m[:min(len(m), 1)])
	}
}

// TestRoundTripSynthetic: the synthetic game survives the XQF round trip too (without the
// corpus).
func TestRoundTripSynthetic(t *testing.T) {
	t.Parallel()
	g, err := decodeAll(t, "x", mxqFile{header: stdHeader, moves: opening}.bytes(t))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := xqf.Encode(&buf, g); err != nil {
		t.Fatal(err)
	}
	back, err := xqf.Decode(&buf, xqf.Config{})
	if err != nil {
		t.Fatal(err)
	}
	red, _ := back.Tag("Red")
	if a, b := strings.Join(iccs(g), " "), strings.Join(iccs(back), " "); a != b || back.Result != "0-1" || red != "雷神(9弦)" {
		t.Errorf("round trip: %s / %s, result %s, red %q", a, b, back.Result, red)
	}
}
