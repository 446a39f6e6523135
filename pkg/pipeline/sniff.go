package pipeline

import (
	"path/filepath"
	"strings"
	"unicode"

	"github.com/qipu/qipu/pkg/textenc"
)

// fileKind is what an input file holds.
type fileKind int

const (
	kindSkip fileKind = iota // neither PGN nor XQF: skipped and counted
	kindPGN
	kindXQF
)

// sniffLen is how many leading bytes classify looks at.
const sniffLen = 4 << 10

// classify recognizes an input: by extension (.pgn, .xqf, any case), else by content (the XQF
// signature; text that opens with a PGN tag pair such as [Game "..."] or [Event "..."], or
// with the move number 1.). Standard input that is not XQF is read as PGN. Content that is
// unmistakably the other format overrides the extension: an XQF header in a .pgn file, PGN
// text in a .xqf file (misnamed files are read, not reported as garbage).
func classify(in *input, prefix []byte, enc textenc.Encoding, isXQF func([]byte) bool) fileKind {
	switch strings.ToLower(filepath.Ext(in.path)) {
	case ".pgn":
		if isXQF(prefix) {
			return kindXQF
		}
		return kindPGN
	case ".xqf":
		if !isXQF(prefix) && looksLikePGN(prefix, enc) {
			return kindPGN
		}
		return kindXQF
	}
	if isXQF(prefix) {
		return kindXQF
	}
	if in.stdin || looksLikePGN(prefix, enc) {
		return kindPGN
	}
	return kindSkip
}

// looksLikePGN reports whether text (in enc, or detected) starts like a PGN file.
func looksLikePGN(prefix []byte, enc textenc.Encoding) bool {
	if len(prefix) == 0 {
		return false
	}
	text, _, _ := textenc.DecodeBytes(prefix, enc)
	text = strings.TrimLeftFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '\uFEFF' })
	switch {
	case strings.HasPrefix(text, "["):
		// A tag pair: [Name "value"].
		i := 1
		for i < len(text) && (isIdent(text[i])) {
			i++
		}
		if i == 1 {
			return false
		}
		j := i
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		return j > i && j < len(text) && text[j] == '"'
	case strings.HasPrefix(text, "1."):
		return true
	}
	return false
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
