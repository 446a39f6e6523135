// Package txtgame reads games written as plain text, without PGN tags, in the three layouts
// found in public archives and test suites:
//
//   - Multi-game text: per game a header line "<red>  红先胜|红先负|红先和  <black>" (the last
//     character is Red's result; a tiebreak mark such as "（加2）" may follow), then numbered
//     move pairs ("  1. 炮二平五  马８进７    2. …"), the last pair possibly Red's move only.
//     Other lines between games ("第一站2001·8·14（上午）") are section headings: the last one
//     read is kept as the Section tag of the games after it.
//   - XQStudio's text export: a line of dashes, "标题: …" and the other header fields (标题
//     Title, 赛事 Event, 日期 Date, 地点 Site, 红方 Red, 黑方 Black, 结果 the result, 评论
//     Annotator, 作者 Author), dashes, the numbered move pairs, dashes, and the
//     "棋谱由XQStudio生成" line.
//   - One move per line after a FEN line, and a result line 红胜, 黑胜 or 和棋 (cchess's test
//     files); also the one-line form "FEN, moves separated by spaces, result".
//
// The words of the layouts are read in simplified glyphs, as in the known files, and in their
// traditional forms (紅先勝, 標題, 紅勝 …) for texts in Big5. The first two layouts give no
// position: the game starts from the opening position, Red to
// move. Moves are read in whatever notation they are written (Chinese with full-width or
// ASCII digits, WXF, ICCS) and replayed by game.Builder, the one judge of legality. Text is
// decoded at the edge by textenc (GBK, Big5, UTF-8 or UTF-16, detected unless given).
//
// Move lines that follow no header line, FEN or XQStudio header give no start position: they
// are reported, never replayed from a guessed one. A text with no game at all (a readme) is a
// file error that wraps ErrNoGame.
package txtgame

import (
	"bytes"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// FormatName is the name of the format in game.Game.Format and in qipu's output.
const FormatName = "txt"

// Limits that keep a corrupt or hostile file from costing unbounded time or memory.
const (
	// MaxFileSize is the largest input Decode reads (16 MiB); the real multi-game texts are
	// about 100 KB.
	MaxFileSize = 16 << 20
	// MaxGames is the most games Decode yields from one file; further games are reported.
	MaxGames = 1 << 16
)

// Errors the diagnostics of Decode wrap; test with errors.Is.
var (
	// ErrNoGame: the text holds no game (no header line, FEN line or XQStudio header).
	ErrNoGame = game.ReaderError("txtgame: no game in the text", game.ErrNoGame)
	// ErrSyntax: a line that does not read where it stands (moves outside any game).
	ErrSyntax = game.ReaderError("txtgame: syntax error", game.ErrSyntax)
	// ErrTooLarge: the input is larger than MaxFileSize or holds more than MaxGames games.
	ErrTooLarge = game.ReaderError("txtgame: input too large", game.ErrTooLarge)
)

// Config is what Read takes besides the bytes (game.ReadConfig). For this format:
// Path names the source in diagnostics and in Game.Source.
// Encoding of the input; textenc.Auto detects it.
// Repair lets the replay undo the known breakages of a start position
// (game.Builder.Repair): a repaired game is valid with a "repaired" warning.
type Config = game.ReadConfig

// sniffLines is how many lines of the prefix Sniff looks at.
const sniffLines = 64

// Sniff reports whether prefix (the first bytes of a file; 4 KiB are enough) starts a text of
// games in one of the three layouts (in simplified or traditional glyphs): a header line
// ("…红先胜…") whose next non-blank line holds numbered moves, a line of dashes followed by
// XQStudio's "标题:" line, or a FEN as the first line followed by a move. It decodes the
// prefix (detecting its encoding) to tell.
func Sniff(prefix []byte) bool {
	if !maybeGames(prefix) {
		return false
	}
	text, _, _ := textenc.DecodeBytes(prefix, textenc.Auto)
	var prev kind
	first := true
	n := 0
	for line := range lines(text) {
		if n++; n > sniffLines {
			break
		}
		l := trimSpace(line.text)
		if l == "" {
			continue
		}
		k := classify(l)
		if first {
			first = false
			if k == kindFEN {
				if _, rest, _ := strings.Cut(l, ","); isMoveToken(firstToken(rest)) {
					return true
				}
				prev = k
				continue
			}
		}
		switch {
		case prev == kindHeader && k == kindMoves:
			return isMoveToken(firstToken(stripNumber(l)))
		case prev == kindDashes && k == kindField && fieldTags[fieldKey(l)] == "Title":
			return true
		case prev == kindFEN:
			return k == kindOther && isMoveToken(l) || k == kindMoves && isMoveToken(firstToken(stripNumber(l)))
		}
		prev = k
	}
	return false
}

// sniffMarks are byte strings one of which a text of games holds in its prefix, whatever its
// ASCII-compatible encoding: 红先 in GBK, UTF-8 and Big5 (紅先), XQStudio's dashes, and the
// slashes of a FEN.
var sniffMarks = [][]byte{
	{0xBA, 0xEC, 0xCF, 0xC8}, []byte("红先"), {0xAC, 0xF5, 0xA5, 0xFD},
	[]byte("--------------------"), []byte("/9/"),
}

// maybeGames is Sniff's cheap first test, so that the files no sniffer claims (images,
// notes) are not all decoded: a UTF-16 byte order mark, or one of sniffMarks.
func maybeGames(p []byte) bool {
	if len(p) >= 2 && (p[0] == 0xFF && p[1] == 0xFE || p[0] == 0xFE && p[1] == 0xFF) {
		return true
	}
	for _, m := range sniffMarks {
		if bytes.Contains(p, m) {
			return true
		}
	}
	// A FEN without an empty rank: count the slashes of the first line.
	line := p[:min(len(p), 256)]
	if i := bytes.IndexAny(line, "\r\n"); i >= 0 {
		line = line[:i]
	}
	return bytes.Count(line, []byte("/")) == 9
}

// kind classifies a line.
type kind uint8

const (
	kindOther  kind = iota
	kindHeader      // "<red>  红先胜  <black>"
	kindMoves       // "  1. 炮二平五  马８进７ …"
	kindDashes      // XQStudio's frame
	kindField       // "标题: …"
	kindFEN         // a FEN, possibly followed by ", moves, result"
	kindResult      // 红胜, 黑胜, 和棋
	kindFooter      // 棋谱由XQStudio生成 …
)

// headerMarks are the words of a header line, with Red's result.
var headerMarks = [...]struct{ mark, result string }{
	{"红先胜", "1-0"}, {"红先负", "0-1"}, {"红先和", "1/2-1/2"},
	{"紅先勝", "1-0"}, {"紅先負", "0-1"}, {"紅先和", "1/2-1/2"}, // the same in traditional glyphs (Big5 texts)
}

// resultWords are the result lines of the one-move-per-line layout and the values of
// XQStudio's 结果 field.
var resultWords = map[string]string{
	"红胜": "1-0", "黑胜": "0-1", "和棋": "1/2-1/2", "和局": "1/2-1/2",
	"紅勝": "1-0", "黑勝": "0-1",
	"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "1/2-1/2", "*": "*",
}

// fieldTags maps XQStudio's header fields to tags.
var fieldTags = map[string]string{
	"标题": "Title", "赛事": "Event", "日期": "Date", "地点": "Site", "红方": "Red",
	"黑方": "Black", "结果": "Result", "评论": "Annotator", "作者": "Author",
	"標題": "Title", "賽事": "Event", "地點": "Site", "紅方": "Red", "結果": "Result", "評論": "Annotator",
}

// classify returns the kind of a trimmed, non-blank line.
func classify(l string) kind {
	switch {
	case isDashes(l):
		return kindDashes
	case strings.HasPrefix(l, "棋谱由XQStudio生成"), strings.HasPrefix(l, "棋譜由XQStudio生成"):
		return kindFooter
	}
	if _, _, ok := moveNumber(l); ok {
		return kindMoves
	}
	if _, ok := resultWords[l]; ok {
		return kindResult
	}
	if headerMark(l) >= 0 {
		return kindHeader
	}
	if key, _, ok := field(l); ok && fieldTags[key] != "" {
		return kindField
	}
	if isFEN(l) {
		return kindFEN
	}
	return kindOther
}

// isDashes reports whether l is a line of at least 20 '-'.
func isDashes(l string) bool {
	if len(l) < 20 {
		return false
	}
	for i := 0; i < len(l); i++ {
		if l[i] != '-' {
			return false
		}
	}
	return true
}

// headerMark returns the index in headerMarks of the mark of a header line, or -1.
func headerMark(l string) int {
	for i, h := range headerMarks {
		if strings.Contains(l, h.mark) {
			return i
		}
	}
	return -1
}

// field splits "key: value" (ASCII or full-width colon).
func field(l string) (key, value string, ok bool) {
	i := strings.IndexByte(l, ':')
	w := 1
	if j := strings.Index(l, "："); j >= 0 && (i < 0 || j < i) {
		i, w = j, len("：")
	}
	if i <= 0 || i > 12 {
		return "", "", false
	}
	return trimSpace(l[:i]), trimSpace(l[i+w:]), true
}

// fieldKey returns the key of a "key: value" line.
func fieldKey(l string) string {
	k, _, _ := field(l)
	return k
}

// isFEN reports whether the part of l before a comma is a FEN that parses.
func isFEN(l string) bool {
	fen, _, _ := strings.Cut(l, ",")
	if strings.Count(fen, "/") != 9 {
		return false
	}
	_, err := board.ParseFEN(trimSpace(fen))
	return err == nil
}

// moveNumber reads the move number that starts a trimmed line, "12." (one to four digits).
func moveNumber(l string) (n int, rest string, ok bool) {
	i := 0
	for i < len(l) && i < 5 && l[i] >= '0' && l[i] <= '9' {
		n = n*10 + int(l[i]-'0')
		i++
	}
	if i == 0 || i > 4 || i >= len(l) || l[i] != '.' {
		return 0, "", false
	}
	return n, l[i+1:], true
}

// stripNumber drops the move number of a trimmed move line.
func stripNumber(l string) string {
	if _, rest, ok := moveNumber(l); ok {
		return trimSpace(rest)
	}
	return l
}

// isMoveToken reports whether a token has the shape of a move in some notation.
func isMoveToken(t string) bool {
	return t != "" && detect(t)
}

// firstToken returns the first blank-separated token of s.
func firstToken(s string) string {
	s = trimSpace(s)
	for i, r := range s {
		if isSpace(r) || r == ',' {
			return s[:i]
		}
	}
	return s
}

// isSpace reports the blanks of these texts: ASCII blanks and the full-width space.
func isSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\n' || r == '\v' || r == '\f' || r == '\u3000' || r == '\uFEFF'
}

// trimSpace trims blanks (isSpace) from both ends.
func trimSpace(s string) string { return strings.TrimFunc(s, isSpace) }

// fileError returns the diagnostic of a file that yields no game.
func fileError(path string, kind game.Kind, loc game.Loc, msg string, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: kind, Path: path, Loc: loc, Message: msg, Err: err}
}
