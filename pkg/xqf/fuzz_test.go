// Fuzzing: run the target for three minutes, one fuzz run at a time (a run takes every
// core), with
//
//	go test -run XXX -fuzz '^FuzzDecode$' -fuzztime 3m -fuzzminimizetime 200x ./pkg/xqf
//
// -fuzzminimizetime 200x shrinks each new input with at most 200 runs: with the default (a
// minute) or a time (2s), the workers spend most of the run shrinking the inputs that add
// coverage and execute several times fewer.

package xqf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
)

// fuzzSeeds are small synthetic files (the corpus must not be copied into the repository):
// plain and obfuscated versions, and the damage the reader must survive. TestFuzzSeeds writes
// them to testdata/fuzz/FuzzDecode with -update.
func fuzzSeeds(tb testing.TB) map[string][]byte {
	plain := encodeT(tb, buildGame(tb, board.StartFEN,
		"tag:Title=中炮 tag:Event=全国赛 {开局} h2e2 {中炮} h9g7 ( b9c7 {屏风马} b0c2 ) ( h7e7 h0g2 ) h0g2 i9h9"))
	end := encodeT(tb, buildGame(tb, "2bak4/4a4/4b4/9/6NRR/2B6/1rP1P4/3pB4/4p4/3K5 w - - 0 1",
		"{野马操田} i5i9 ( h5h9 ) e7g9 {象} i9g9"))
	v18 := obfuscate(tb, plain, 18, 0xEF, [4]byte{3, 5, 7, 241}, 17, 99, 201, nil)
	seeds := map[string][]byte{
		"v10":      plain,
		"v10-end":  end,
		"v11":      obfuscate(tb, end, 11, 0xAA, [4]byte{1, 2, 3, 250}, 5, 6, 7, nil),
		"v12-mask": obfuscate(tb, plain, 12, 0, [4]byte{}, 200, 100, 50, nil),
		"v18":      v18,
		"trunc":    v18[:len(v18)-5],
		"header":   plain[:HeaderSize+8],
		"short":    plain[:40],
	}
	bad := bytes.Clone(plain)
	binary.LittleEndian.PutUint32(bad[HeaderSize+4:], 0x7FFFFFFF)
	seeds["badlen"] = bad
	// Header text that GBK writes differently from GB18030: the euro sign (0x80 in code page
	// 936) and a four-byte GB18030 sequence (U+0080), which Encode writes as '?'.
	for name, title := range map[string]string{"euro": "A\x80B", "gb18030-4byte": "\x81\x30\x81\x30x\xa2\xe3"} {
		b := bytes.Clone(plain)
		b[0x50] = byte(len(title))
		copy(b[0x51:], title)
		seeds[name] = b
	}
	illegal := bytes.Clone(end)
	illegal[HeaderSize+16] = 0x18 + 44 // the first move (after the root and its 8-byte comment) from e4, empty
	seeds["illegal"] = illegal
	return seeds
}

// The fuzz input is not the file itself: an XQF file needs its 1,024-byte header, mostly
// zeros, and the fuzzing engine spends its minimizing time on every new input that long. The
// input is compact: two bytes n (little-endian), then the first n bytes of the header (the
// rest of it is zeros), then the move records. An n above HeaderSize takes the rest of the
// input as a whole file, to reach short and odd files too.

// fuzzFile returns the XQF file a fuzz input stands for.
func fuzzFile(data []byte) []byte {
	if len(data) < 2 {
		return data
	}
	n := int(binary.LittleEndian.Uint16(data))
	data = data[2:]
	if n > HeaderSize {
		return data
	}
	n = min(n, len(data))
	file := make([]byte, HeaderSize, HeaderSize+len(data)-n)
	copy(file, data[:n])
	return append(file, data[n:]...)
}

// compactFile is the fuzz input that stands for file (fuzzFile(compactFile(file)) == file
// when file is as long as a header).
func compactFile(file []byte) []byte {
	if len(file) < HeaderSize {
		return append([]byte{0xFF, 0xFF}, file...)
	}
	n := HeaderSize
	for n > 0 && file[n-1] == 0 {
		n--
	}
	out := binary.LittleEndian.AppendUint16(nil, uint16(n))
	out = append(out, file[:n]...)
	return append(out, file[HeaderSize:]...)
}

// TestFuzzSeeds keeps testdata/fuzz/FuzzDecode in step with fuzzSeeds (-update rewrites it),
// and checks the compact form of the fuzz input.
func TestFuzzSeeds(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzDecode")
	for name, file := range fuzzSeeds(t) {
		data := compactFile(file)
		if got := fuzzFile(data); !bytes.Equal(got, file) {
			t.Errorf("%s: the compact input does not stand for the file", name)
		}
		if len(data) > 600 {
			t.Errorf("%s: fuzz seed of %d bytes; keep seeds small", name, len(data))
		}
		path := filepath.Join(dir, name)
		text := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(data)))
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != text {
			t.Errorf("%s is missing or stale (%v); run go test ./pkg/xqf -update", path, err)
		}
	}
}

// FuzzDecode: Decode never panics; an unreadable input gives a nil game and a
// *game.Diagnostic; a game replays legally, holds no more moves than the input has records
// and no more text than the input has bytes; allocation stays proportional to the input (no
// allocation from an unchecked length); decoding is deterministic; and Encode → Decode keeps
// the setup, tags, moves and comments.
//
// The seeds are in testdata/fuzz/FuzzDecode, in the compact form of fuzzFile.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, input []byte) {
		data := fuzzFile(input)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		g, err := Decode(bytes.NewReader(data), Config{Path: "fuzz.xqf"})
		runtime.ReadMemStats(&after)
		// TotalAlloc counts the whole process (the fuzzing engine too): the bound is loose,
		// but an allocation sized by a corrupt length field would be far beyond it.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20+4096*uint64(len(data)) {
			t.Fatalf("%d bytes allocated for %d bytes of input", alloc, len(data))
		}
		if err != nil {
			var d *game.Diagnostic
			if g != nil || !errors.As(err, &d) {
				t.Fatalf("game %v, error %#v", g, err)
			}
			return
		}
		st := walkTree(t, "fuzz", g)
		if max(len(data)-HeaderSize, 0)/4 < st.moves {
			t.Fatalf("%d moves from %d bytes", st.moves, len(data))
		}
		text := 0
		for _, tag := range g.Tags {
			text += len(tag.Value)
		}
		countComments(&g.Root, &text)
		if text > 3*len(data) {
			t.Fatalf("%d bytes of text from %d bytes", text, len(data))
		}
		first := dump(g)
		if g2, _ := Decode(bytes.NewReader(data), Config{Path: "fuzz.xqf"}); dump(g2) != first {
			t.Fatalf("not deterministic")
		}
		var buf bytes.Buffer
		if err := EncodeWith(&buf, g, EncodeOptions{Verify: true}); err != nil {
			t.Fatalf("encode: %v", err)
		}
		back, err := Decode(&buf, Config{Path: "fuzz.xqf"})
		if err != nil {
			t.Fatalf("decode after encode: %v", err)
		}
		if got, want := withoutType(treeDump(back)), withoutType(treeDump(gbkOnly(marked(g)))); got != want {
			t.Fatalf("round trip\n got %s\nwant %s", got, want)
		}
	})
}

func countComments(root *game.Node, n *int) {
	stack := []*game.Node{root}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, c := range x.Comments {
			*n += len(c)
		}
		stack = append(stack, x.Children...)
	}
}

// withoutType drops the XQFType tag line: a type byte out of range has no tag, and Encode
// then chooses one.
func withoutType(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "tag "+TypeTag+" ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
