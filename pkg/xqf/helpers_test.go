package xqf

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// mv parses a UCCI move ("h2e2").
func mv(tb testing.TB, s string) board.Move {
	tb.Helper()
	from, ok1 := board.SquareFromICCS(s[0], s[1])
	to, ok2 := board.SquareFromICCS(s[2], s[3])
	if len(s) != 4 || !ok1 || !ok2 {
		tb.Fatalf("bad move %q", s)
	}
	return board.NewMove(from, to)
}

// buildGame replays a small script through game.Builder, as a reader would: moves in UCCI,
// "(" and ")" around variations, "{text}" comments (no spaces inside), "tag:Name=Value".
func buildGame(tb testing.TB, fen, script string) *game.Game {
	tb.Helper()
	var b game.Builder
	b.Begin(1, "test", textenc.UTF8)
	var tags [][2]string
	var rest []string
	for _, tok := range strings.Fields(script) {
		if name, ok := strings.CutPrefix(tok, "tag:"); ok {
			n, v, _ := strings.Cut(name, "=")
			tags = append(tags, [2]string{n, v})
			continue
		}
		rest = append(rest, tok)
	}
	for _, t := range tags {
		b.Tag(t[0], t[1])
	}
	b.SetFEN(fen, game.NoLoc)
	for _, tok := range rest {
		switch {
		case tok == "(":
			b.BeginVariation()
		case tok == ")":
			b.EndVariation()
		case strings.HasPrefix(tok, "{"):
			b.Comment(strings.Trim(tok, "{}"))
		default:
			b.PlayMove(mv(tb, tok), game.NoLoc)
		}
	}
	g := b.Finish()
	if !g.Valid() {
		tb.Fatalf("script does not replay: %v", g.Diagnostics)
	}
	return g
}

func encodeT(tb testing.TB, g *game.Game) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, g); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func decodeT(tb testing.TB, data []byte) *game.Game {
	tb.Helper()
	return decodeBytesT(tb, "test.xqf", append([]byte(nil), data...))
}

// treeDump is the dump without the format line and diagnostics: what a round trip keeps.
func treeDump(g *game.Game) string {
	var out []string
	for _, l := range strings.Split(dump(g), "\n") {
		if !strings.HasPrefix(l, "diag ") && !strings.HasPrefix(l, "format ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// obfuscate turns a version-10 file written by Encode into a file of a later version, the way
// XQStudio's writer (iSaveXQFile) does: the given key bytes with KeysSum making the checksum
// zero, the piece table keyed (and rotated from version 12), absent pieces as random values
// above 89, the root record's squares "XQ", random low tag bits and reserved bytes, comment
// lengths present only for comments and offset by the comment key, and the tree
// stream-encrypted by addition.
func obfuscate(tb testing.TB, plain []byte, version, mask byte, or [4]byte, xy, xyf, xyt byte, rng *rand.Rand) []byte {
	tb.Helper()
	if rng == nil {
		rng = rand.New(rand.NewPCG(7, 7))
	}
	out := make([]byte, HeaderSize, len(plain)+64)
	copy(out, plain[:HeaderSize])
	out[offVersion], out[offKeyMask] = version, mask
	copy(out[offKeyOrA:], or[:])
	out[offKeysSum], out[offKeyXY], out[offKeyXYf], out[offKeyXYt] = -(xy + xyf + xyt), xy, xyf, xyt
	k := deriveKeys(out)
	var slots [32]byte
	copy(slots[:], plain[offPieces:offPieces+32])
	for i := range slots {
		v := slots[i]
		if v == 0xFF {
			v = byte(90 + rng.IntN(155))
		}
		out[slotOffset(version, k.xy, i)] = v + k.xy
	}
	for off := HeaderSize; off < len(plain); {
		from, to, tag := plain[off], plain[off+1], plain[off+2]
		size := binary.LittleEndian.Uint32(plain[off+4:])
		if off == HeaderSize {
			from, to = 'X', 'Q'
		} else {
			from, to = from+k.xyf, to+k.xyt
		}
		t := byte(rng.IntN(32))
		if tag&0xF0 != 0 {
			t |= tagChild
		}
		if tag&0x0F != 0 {
			t |= tagSibling
		}
		if size > 0 {
			t |= tagRemark
		}
		out = append(out, from, to, t, byte(rng.IntN(256)))
		if size > 0 {
			out = binary.LittleEndian.AppendUint32(out, size+k.rmk)
			out = append(out, plain[off+8:off+8+int(size)]...)
		}
		off += 8 + int(size)
	}
	for p := HeaderSize; p < len(out); p++ {
		out[p] += k.f32[p&31]
	}
	return out
}
