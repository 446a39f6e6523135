package uci

import (
	"bytes"
	"strconv"
	"testing"
)

// TestParseInfoAllocs: the parse a search runs on every line its engine writes allocates
// nothing, and gives the principal variation as the bytes of the line.
func TestParseInfoAllocs(t *testing.T) {
	line := []byte("info depth 9 seldepth 12 multipv 1 score cp -28 nodes 4000 nps 800000 hashfull 1 tbhits 0 time 5 pv b1c3 h10g8\r")
	var info Info
	var pv []byte
	allocs := testing.AllocsPerRun(100, func() {
		var ok bool
		var err error
		if info, pv, ok, err = parseInfo(line); !ok || err != nil {
			t.Fatal(ok, err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per line, want 0", allocs)
	}
	if info.Depth != 9 || info.Score != -28 || info.Nodes != 4000 || !bytes.Equal(pv, []byte("b1c3 h10g8")) {
		t.Errorf("got %+v, pv %q", info, pv)
	}
}

// BenchmarkParseInfo is the parse of one info line as Fairy-Stockfish writes it.
func BenchmarkParseInfo(b *testing.B) {
	line := []byte("info depth 7 seldepth 9 multipv 1 score cp 31 nodes 3968 nps 496000 hashfull 0 tbhits 0 time 8 pv h3e3 h10g8 h1g3 i10h10 i1h1 b10c8 h1h5")
	b.ReportAllocs()
	for b.Loop() {
		parseInfo(line)
	}
}

// FuzzNumber: the byte parser of info numbers reads a token exactly as strconv.ParseInt does in
// base 10 (the string parser it replaced), accepting and rejecting the same tokens.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"0", "-4", "+12", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1_000", "", "x", "--1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		if bytes.ContainsAny([]byte(tok), " \t") {
			return // a field is one word
		}
		got, _, err := number([]byte("nodes"), []byte(tok))
		want, werr := strconv.ParseInt(tok, 10, 64)
		if (err != nil) != (werr != nil) || err == nil && got != want {
			t.Fatalf("%q: %d, %v; strconv: %d, %v", tok, got, err, want, werr)
		}
	})
}
