package ciformat

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// FingerprintVersion names the recipe of Fingerprint; it is the key of SARIF's
// partialFingerprints, and changes if the recipe ever does.
const FingerprintVersion = "qipu/v1"

// Fingerprint identifies a diagnostic across runs, so that a baseline, a code-scanning service
// or a code-quality report can tell a known problem from a new one. It is stable when lines
// are inserted above (another game before it, a longer header), when the file is re-encoded
// (GBK to UTF-8: only decoded text enters it) and when the game's index changes; it changes
// when the problem does.
//
// The recipe (version "qipu/v1"): the SHA-256 of these fields, each written as its length
// (uvarint) then its bytes, of which the first 16 bytes are written in hex (32 characters):
//
//  1. "qipu/v1";
//  2. the source path with slashes for separators;
//  3. the code (the diagnostic's Kind);
//  4. the game's identity, when g is not nil: its start position as FEN, then each tag as
//     name and value in file order, then the main-line moves before the diagnostic's ply in
//     ICCS (none for a diagnostic that is not about a move, Ply 0), then a field "end";
//  5. the ply, in decimal;
//  6. the move text (Token);
//  7. the message with the numbers that are positions replaced by "#": those after "line",
//     "col", "column", "byte", "offset", "game" (a word, any case, then spaces) and after "@",
//     and the line:col pairs. Other numbers (counts, plies) stay. The candidates a failed
//     move's message ends with ("; did you mean …?", move repair's) are left out: they
//     name possible fixes, not the problem.
//
// Neither the line, the column, the byte offset nor the game's index enters it.
func Fingerprint(source string, g *game.Game, d *game.Diagnostic) string {
	h := sha256.New()
	var buf [binary.MaxVarintLen64]byte
	field := func(s string) {
		n := binary.PutUvarint(buf[:], uint64(len(s)))
		h.Write(buf[:n])
		h.Write([]byte(s))
	}
	field(FingerprintVersion)
	field(filepath.ToSlash(source))
	field(string(d.Kind))
	if g != nil {
		writeIdentity(h, field, g, d.Ply)
	}
	field(strconv.Itoa(d.Ply))
	field(d.Token)
	field(StripPositions(withoutSuggestions(d.Message)))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:16])
}

// writeIdentity writes the game's identity fields (step 4 of Fingerprint).
func writeIdentity(h hash.Hash, field func(string), g *game.Game, ply int) {
	field(g.Setup.FEN())
	for _, t := range g.Tags {
		field(t.Name)
		field(t.Value)
	}
	var mv []byte
	n := 0
	for node := &g.Root; len(node.Children) > 0 && n < ply-1; n++ {
		node = node.Children[0]
		mv = node.Move.AppendICCS(mv[:0], false)
		field(string(mv))
	}
	field("end")
}

var (
	positionWords = regexp.MustCompile(`(?i)\b(line|col|column|byte|offset|game)(s?\s+)\d+`)
	atOffset      = regexp.MustCompile(`@\d+`)
	lineCol       = regexp.MustCompile(`\b\d+:\d+\b`)
)

// StripPositions replaces the numbers of a message that are positions (see Fingerprint) by
// "#".
func StripPositions(msg string) string {
	msg = positionWords.ReplaceAllString(msg, "${1}${2}#")
	msg = atOffset.ReplaceAllString(msg, "@#")
	return lineCol.ReplaceAllString(msg, "#:#")
}

// withoutSuggestions returns msg without the "; did you mean …?" it may end with.
func withoutSuggestions(msg string) string {
	if i := strings.LastIndex(msg, "; did you mean "); i >= 0 && strings.HasSuffix(msg, "?") {
		return msg[:i]
	}
	return msg
}
