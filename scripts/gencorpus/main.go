// Command gencorpus writes qipu's sample archive of Xiangqi game records: seeded random legal
// games (played with pkg/board) as PGN in each notation and encoding, as XQF, and hand-made
// edge cases. The output is a pure function of the flags, so the archive is reproducible:
//
//	go run ./scripts/gencorpus                  # the bundled sample archive in corpus/
//	go run ./scripts/gencorpus -out DIR -bench -pgn-mb 50 -xqf 10000   # a large archive for scripts/bench.sh
//	go run ./scripts/gencorpus -archive 1000000 -out DIR   # a million games, every format and encoding
//	go run ./scripts/gencorpus -classic ../shared/corpus   # corpus/classic, real games read from public archives
//
// The PGN text is written here, from pkg/notation, not with pkg/pgn's writer, so that the
// archive tests the reader against text it did not produce.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

var verbose bool

func main() {
	out := flag.String("out", "corpus", "output `DIR` (replaced files only; nothing else is removed)")
	seed := flag.Uint64("seed", 1, "random seed")
	games := flag.Int("games", 6, "games per PGN file of the sample archive")
	xqfN := flag.Int("xqf", 8, "number of XQF files")
	bench := flag.Bool("bench", false, "write a large archive instead: -pgn-mb of GBK PGN and -xqf XQF files")
	pgnMB := flag.Int("pgn-mb", 50, "with -bench: megabytes of GBK PGN (Chinese notation) to write")
	archiveN := flag.Int("archive", 0, "write a large archive of `N` random games into -out instead (PGN files of 450 games in every notation and encoding, single-game XQF files, a huge tree every 100,000 games)")
	flag.IntVar(&hugeNodes, "huge-nodes", hugeNodes, "with -archive: moves of each huge tree, variations included")
	jobs := flag.Int("j", 0, "with -archive: parallel workers (default: number of CPUs)")
	flag.BoolVar(&verbose, "v", false, "with -classic: list each game's file and source on standard error")
	classic := flag.String("classic", "", "write only OUT/classic: the classic games, read from the shared test corpus at `DIR`")
	flag.Parse()
	g := &generator{rng: rand.New(rand.NewPCG(*seed, 0x71707531)), out: *out}
	var err error
	switch {
	case *archiveN > 0:
		err = largeArchive(*out, *seed, *archiveN, *jobs)
	case *classic != "":
		err = g.classicArchive(*classic)
	case *bench:
		err = g.benchArchive(*pgnMB, *xqfN)
	default:
		err = g.sampleArchive(*games, *xqfN)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}

// generator holds the random source and the output directory.
type generator struct {
	rng *rand.Rand
	out string
	n   int // games made so far, for the Round tag and names
}

// genGame is a generated game: its setup, its moves and a few tags.
type genGame struct {
	fen    string // "" for the standard start
	moves  []board.Move
	result string
	tags   [][2]string
}

var surnames = []string{"王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "胡", "许", "吕", "蒋"}
var given = []string{"天一", "家华", "荣华", "来群", "银川", "广", "鑫鑫", "燕", "洪", "东", "明", "建国"}

func (g *generator) name() string {
	return surnames[g.rng.IntN(len(surnames))] + given[g.rng.IntN(len(given))]
}

// randomGame plays random legal moves from fen for up to maxPly plies. When avoid is set, a
// move for which it returns true is not chosen if another exists.
func (g *generator) randomGame(fen string, minPly, maxPly int, avoid func(*board.Position, board.Move) bool) genGame {
	g.n++
	pos := board.StartPosition()
	if fen != "" {
		p, err := board.FromFEN(fen)
		if err != nil {
			panic(err)
		}
		pos = p
	}
	r := genGame{fen: fen, result: "*"}
	plies := minPly + g.rng.IntN(maxPly-minPly+1)
	var legal, ok []board.Move
	for range plies {
		legal = pos.LegalMoves(legal[:0])
		if len(legal) == 0 {
			break
		}
		ok = ok[:0]
		for _, m := range legal {
			if avoid == nil || !avoid(pos, m) {
				ok = append(ok, m)
			}
		}
		if len(ok) == 0 {
			ok = legal
		}
		m := ok[g.rng.IntN(len(ok))]
		r.moves = append(r.moves, m)
		pos.Play(m)
	}
	if !pos.HasLegalMove() { // mate or stalemate: the side to move has lost
		r.result = "1-0"
		if pos.Turn() == board.Red {
			r.result = "0-1"
		}
	}
	r.tags = [][2]string{
		{"Game", "Chinese Chess"}, {"Event", "qipu 样本对局"}, {"Site", "随机"},
		{"Date", fmt.Sprintf("2026.%02d.%02d", 1+g.n%12, 1+g.n%28)}, {"Round", fmt.Sprint(g.n)},
		{"Red", g.name()}, {"Black", g.name()}, {"Result", r.result},
	}
	return r
}

// pgnStyle is how one PGN file is written.
type pgnStyle struct {
	n       notation.Notation // the moves' notation, in its style
	enc     textenc.Encoding
	bom     bool
	crlf    bool
	script  string // "traditional" converts the tags
	perLine int    // full moves per line
}

// formatTag is the [Format] value of each notation, by its name.
var formatTag = map[string]string{"iccs": "ICCS", "wxf": "WXF", "chinese": "Chinese", "platform": "Platform"}

// appendPGN writes one game as Xiangqi PGN text (UTF-8; the file is encoded at the end).
func appendPGN(b *bytes.Buffer, r genGame, st pgnStyle, comments map[int]string) error {
	nl := "\n"
	if st.crlf {
		nl = "\r\n"
	}
	for _, t := range r.tags {
		v := t[1]
		if st.script == "traditional" {
			var err error
			if v, err = textenc.ToTraditional(v); err != nil {
				return err
			}
		}
		fmt.Fprintf(b, "[%s \"%s\"]%s", t[0], v, nl)
	}
	if r.fen != "" {
		fmt.Fprintf(b, "[FEN \"%s\"]%s", r.fen, nl)
	}
	fmt.Fprintf(b, "[Format \"%s\"]%s%s", formatTag[st.n.Name()], nl, nl)
	pos := board.StartPosition()
	if r.fen != "" {
		pos, _ = board.FromFEN(r.fen)
	}
	num := max(pos.Fullmove(), 1)
	perLine := max(st.perLine, 1)
	var line []byte
	full := 0
	for i, m := range r.moves {
		black := pos.Turn() == board.Black
		switch {
		case !black:
			line = fmt.Appendf(line, "%d. ", num)
		case i == 0:
			line = fmt.Appendf(line, "%d. ... ", num)
		}
		line = st.n.Append(line, pos, m)
		line = append(line, ' ')
		if c, ok := comments[i]; ok {
			line = fmt.Appendf(line, "{%s} ", c)
		}
		pos.Play(m)
		if black {
			num++
			if full++; full%perLine == 0 {
				b.Write(bytes.TrimRight(line, " "))
				b.WriteString(nl)
				line = line[:0]
			}
		}
	}
	line = append(line, r.result...)
	b.Write(line)
	b.WriteString(nl + nl)
	return nil
}

// writeFile writes text (UTF-8) in the encoding, creating the directory.
func (g *generator) writeFile(rel string, text []byte, enc textenc.Encoding, bom bool) error {
	data := text
	if enc != textenc.UTF8 {
		var err error
		data, err = textenc.EncodeString(string(text), enc)
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
	}
	if bom {
		switch enc {
		case textenc.UTF8:
			data = append([]byte{0xEF, 0xBB, 0xBF}, data...)
		case textenc.UTF16LE:
			data = append([]byte{0xFF, 0xFE}, data...)
		}
	}
	return g.writeRaw(rel, data)
}

func (g *generator) writeRaw(rel string, data []byte) error {
	p := filepath.Join(g.out, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// gameOf turns a genGame into a game.Game for the XQF writer.
func gameOf(r genGame, index int) (*game.Game, error) {
	b := &game.Builder{}
	b.Begin(index, "xqf", textenc.GB18030)
	for _, t := range r.tags {
		if t[0] != "Game" {
			b.Tag(t[0], t[1])
		}
	}
	if r.fen != "" {
		b.SetFEN(r.fen, game.NoLoc)
	}
	for _, m := range r.moves {
		b.PlayMove(m, game.NoLoc)
	}
	b.Result(r.result)
	gm := b.Finish()
	if !gm.Valid() {
		return nil, fmt.Errorf("generated game %d does not replay: %v", index, gm.Errors()[0])
	}
	return gm, nil
}

func (g *generator) writeXQF(rel string, r genGame, index int) error {
	gm, err := gameOf(r, index)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := xqf.Encode(&b, gm); err != nil {
		return fmt.Errorf("%s: %w", rel, err)
	}
	return g.writeRaw(rel, b.Bytes())
}

// sampleArchive writes the bundled corpus/ archive.
func (g *generator) sampleArchive(perFile, nXQF int) error {
	styles := []struct {
		rel string
		st  pgnStyle
	}{
		{"pgn/iccs-utf8.pgn", pgnStyle{n: iccs.Notation{}, enc: textenc.UTF8, perLine: 6}},
		{"pgn/ucci-utf8.pgn", pgnStyle{n: iccs.Notation{Style: iccs.UCCI}, enc: textenc.UTF8, perLine: 8}},
		{"pgn/wxf-utf8-bom.pgn", pgnStyle{n: wxf.Notation{}, enc: textenc.UTF8, bom: true, perLine: 6}},
		{"pgn/wxf-fairy-utf8.pgn", pgnStyle{n: wxf.Notation{Style: wxf.Fairy}, enc: textenc.UTF8, perLine: 6}},
		{"pgn/chinese-gbk.pgn", pgnStyle{n: chinese.Notation{}, enc: textenc.GB18030, crlf: true, perLine: 4}},
		{"pgn/chinese-utf8.pgn", pgnStyle{n: chinese.Notation{}, enc: textenc.UTF8, perLine: 4}},
		{"pgn/chinese-big5-traditional.pgn", pgnStyle{n: chinese.Notation{Traditional: true}, enc: textenc.Big5, crlf: true, script: "traditional", perLine: 4}},
		{"pgn/platform-utf8.pgn", pgnStyle{n: platform.Notation{}, enc: textenc.UTF8, perLine: 4}},
		{"pgn/chinese-utf16.pgn", pgnStyle{n: chinese.Notation{}, enc: textenc.UTF16LE, bom: true, crlf: true, perLine: 4}},
	}
	for _, s := range styles {
		var b bytes.Buffer
		for range perFile {
			if err := appendPGN(&b, g.randomGame("", 20, 120, nil), s.st, nil); err != nil {
				return err
			}
		}
		if err := g.writeFile(s.rel, b.Bytes(), s.st.enc, s.st.bom); err != nil {
			return err
		}
	}
	for i := range nXQF {
		if err := g.writeXQF(fmt.Sprintf("xqf/game-%02d.xqf", i+1), g.randomGame("", 20, 120, nil), 1); err != nil {
			return err
		}
	}
	if err := g.edgeCases(); err != nil {
		return err
	}
	return g.writeRaw("README.md", []byte(readme))
}

// readme describes the sample archive; it is written with it.
const readme = `# corpus: qipu's sample archive

Three kinds of files, all written by qipu's own code:

- ` + "`classic/`" + `: 26 real games, classical and modern, in every format and encoding qipu reads.
  ` + "`qipu check corpus/classic`" + ` exits 0.
- ` + "`pgn/`, `xqf/`" + `: seeded random legal games (played with pkg/board, written with
  pkg/notation), one file per notation and encoding, for volume.
- ` + "`edge/`" + `: hand-made edge cases. ` + "`qipu check corpus/edge`" + ` exits 1: it holds one broken
  game and one unreadable file on purpose.

Regenerate with ` + "`go run ./scripts/gencorpus`" + ` (pgn/, xqf/, edge/ and this file; seeded,
deterministic: do not edit by hand) and ` + "`go run ./scripts/gencorpus -classic ../shared/corpus`" + `
(classic/, from the shared test corpus of public archives; ` + "`-v`" + ` lists each game's source).
A large archive for benchmarks goes elsewhere: ` + "`go run ./scripts/gencorpus -archive 1000000 -out DIR`" + `.

## classic/: real games

Moves are facts, and the manuals are centuries old. Each game was read from a public archive
with qipu's readers (pkg/pgn, pkg/xqf, pkg/textenc; every move replayed) and written with
qipu's writers (pkg/pgn, pkg/xqf), the code behind ` + "`qipu convert`" + `; the main line of every
game is identical to the source's (checked with ` + "`qipu convert --to jsonl`" + ` on both). Kept:
the moves with their variations, the result, and the tags that say where a game comes from
(Event = the manual or the event, Round = the chapter, Title, Date, Site, Red, Black, ECCO,
Opening). Dropped: comments (the archives' annotations and notices) and tags naming the
archives' editors. Two spellings of 杨官璘 in the sources (杨官辚, 杨官麟) are corrected.

Archives read (folders of the shared test corpus):

- **xqbase**: the xqbase (象棋百科全书) edition of 橘中秘 shipped with XQWizard, GB2312 and its
  Big5 traditional edition, read from the xqbase archive mirrored in the xqwizard repository
  (` + "`liangqi__xqwizard/XQWIZARD/橘中秘/`, `…/橘中秘(繁体)/`" + `).
- **cchess**: the game books collected in the cchess repository, XQF
  (` + "`walker8088__cchess/game_book/`" + `: ` + "`古谱/`" + ` for the manuals, ` + "`残局谱/适情雅趣360局/`" + ` for
  the endgames, ` + "`对局谱/`" + ` for the modern games).

| file | format | games | from |
|---|---|---|---|
| classic/manuals-utf8.pgn | PGN, Chinese moves, UTF-8 | 橘中秘 (1632) 卷上 得先 第1局, 第16局; 梅花谱 (清, 王再越) 当头炮破转角马 第2局; 自出洞来无敌手 “手”字 第五局 | xqbase 橘中秘; cchess 古谱/梅花谱, 古谱/自出洞来无敌手 |
| classic/manuals-gbk.pgn | PGN, Chinese moves, GBK | 梅花谱 顺炮直车破横车 第2局; 橘中秘 让双马 第1局 (a handicap setup); 适情雅趣 (1570) 卷四 第349局 力小任大 | cchess 古谱/梅花谱, 古谱/适情雅趣550局全本; xqbase 橘中秘 |
| classic/juzhongmi-big5.pgn | PGN, traditional Chinese moves and tags, Big5 | 橘中秘 卷上 得先 第20局 屏風馬破當頭炮; 讓左馬 第1局 (a handicap setup) | xqbase 橘中秘(繁体) |
| classic/endgames-wxf.pgn | PGN, WXF moves, UTF-8 | 适情雅趣 第14局 移花接木, 第20局 落花流水, 第43局 雁阵排空; 橘中秘 残局 车胜马双象 (setups, with variations) | cchess 残局谱/适情雅趣360局, 古谱/橘中秘/桔中秘残局谱 |
| classic/masters-utf8.pgn | PGN, Chinese moves, UTF-8 | 胡荣华 1-0 杨官璘, 第一届五羊杯, 1981; 许银川 ½ 柳大华, 第十九届五羊杯, 1999 | cchess 对局谱/专辑 |
| classic/masters-gbk.pgn | PGN, Chinese moves, GBK | 许银川 1-0 甘小晋, 全国象棋赛, 1990; 徐天红 0-1 李来群, 全国象棋赛, 1987 | cchess 对局谱/专辑, 对局谱/1987年全国赛 |
| classic/masters-big5.pgn | PGN, traditional Chinese, Big5 | 言穆江 0-1 胡荣华, 1981; 陶汉明 ½ 许银川, 石林杯全国团体赛, 1998 | cchess 对局谱/专辑, 对局谱/1998年团体 |
| classic/masters-iccs.pgn | PGN, ICCS moves, UTF-8 | 李来群 0-1 邓颂宏, 石林杯全国团体赛, 1998; 胡荣华 ½ 吕钦, 1990 | cchess 对局谱/1998年团体, 对局谱/专辑 |
| classic/xqf/lv-qin-xu-yinchuan-1995.xqf | XQF | 吕钦 ½ 许银川, 第十五届五羊杯, 1995 | cchess 对局谱/1995对局 |
| classic/xqf/yang-guanlin-jiang-zhiliang-1985.xqf | XQF | 杨官璘 ½ 蒋志梁, 百岁杯, 1985 | cchess 对局谱/专辑/1_杨官璘集 |
| classic/xqf/zhao-guorong-xu-tianhong-1992.xqf | XQF | 赵国荣 1-0 徐天红, 第三届银荔杯, 1992 | cchess 对局谱/专辑/2_赵国荣专集 |
| classic/xqf/li-laiqun-wang-jialiang-1982.xqf | XQF | 李来群 1-0 王嘉良, 1982 | cchess 对局谱/专辑/7_李来群专集 |
| classic/xqf/juzhongmi-2-08.xqf | XQF | 橘中秘 让先 第8局 大列手炮局 | xqbase 橘中秘 |

## pgn/, xqf/, edge/: generated

| path | what |
|---|---|
| pgn/iccs-utf8.pgn, pgn/ucci-utf8.pgn | ICCS (H2-E2) and UCCI (h2e2) moves, UTF-8 |
| pgn/wxf-utf8-bom.pgn, pgn/wxf-fairy-utf8.pgn | WXF (xqbase) with a UTF-8 byte order mark; Fairy-Stockfish WXF |
| pgn/chinese-gbk.pgn, pgn/chinese-utf8.pgn, pgn/chinese-utf16.pgn | simplified Chinese moves in GBK (CRLF), UTF-8, UTF-16LE with BOM |
| pgn/chinese-big5-traditional.pgn | traditional Chinese moves and tags in Big5 (CRLF) |
| pgn/platform-utf8.pgn | platform notation (炮五3) |
| xqf/game-NN.xqf | version-10 XQF written by pkg/xqf |
| edge/broken-middle.pgn | three games; the second has an illegal 4th ply (车９进９) |
| edge/setup-black-to-move.pgn | an endgame setup (FEN), Black to move, with comments |
| edge/tandem-pawns.pgn | three Red pawns on one file and two on another: Chinese, WXF, fairy WXF |
| edge/warnings.pgn | side to move taken from the first move; 前 omitted where only one chariot fits |
| edge/variations.pgn | nested variations and comments |
| edge/tags-only.pgn | tags and no moves |
| edge/gbk-cr-linebreaks.pgn | GBK text with bare CR line breaks |
| edge/pgn-without-extension.txt | PGN recognized by its content |
| edge/notes.txt | not a game record: skipped |
| edge/xqf-full.xqf, edge/xqf-setup.xqf | XQF of a full game and of a setup |
| edge/truncated.xqf | an XQF file cut inside its header: unreadable |
`

// edgeCases writes corpus/edge: the inputs that exercise recovery and the notation corners.
func (g *generator) edgeCases() error {
	zh := pgnStyle{n: chinese.Notation{}, enc: textenc.UTF8, perLine: 4}

	// A broken game between two good ones: the middle game's 4th ply is illegal.
	var b bytes.Buffer
	appendPGN(&b, g.randomGame("", 30, 30, nil), zh, nil)
	b.WriteString("[Game \"Chinese Chess\"]\n[Event \"坏棋局\"]\n[Result \"*\"]\n[Format \"Chinese\"]\n\n" +
		"1. 炮二平五 马８进７\n2. 马二进三 车９进９\n3. 车一平二 *\n\n")
	appendPGN(&b, g.randomGame("", 30, 30, nil), zh, nil)
	if err := g.writeFile("edge/broken-middle.pgn", b.Bytes(), textenc.UTF8, false); err != nil {
		return err
	}

	// A setup position (an endgame), Black to move, with comments.
	b.Reset()
	setup := "3k5/4a4/4ba3/9/2b6/6R2/9/4B4/4A4/3AK1c2 b - - 0 1"
	r := g.randomGame(setup, 12, 12, nil)
	r.tags = append(r.tags, [2]string{"Opening", "残局"})
	appendPGN(&b, r, zh, map[int]string{0: "黑方先走", 3: "注释：第四步"})
	if err := g.writeFile("edge/setup-black-to-move.pgn", b.Bytes(), textenc.UTF8, false); err != nil {
		return err
	}

	// Tandem pawns: three Red pawns on one file and two on another (前/中/后, 一…五, WXF
	// markers and a–e), written in Chinese, WXF and fairy WXF.
	tandem := "r2aka1n1/9/4P4/2P6/4P4/2P6/4P4/9/9/3K5 w - - 0 1"
	soldier := func(pos *board.Position, m board.Move) bool {
		return pos.At(m.From()).Role() != board.Soldier
	}
	b.Reset()
	tr := g.randomGame(tandem, 16, 16, soldier)
	appendPGN(&b, tr, zh, nil)
	appendPGN(&b, tr, pgnStyle{n: wxf.Notation{}, perLine: 4}, nil)
	appendPGN(&b, tr, pgnStyle{n: wxf.Notation{Style: wxf.Fairy}, perLine: 4}, nil)
	if err := g.writeFile("edge/tandem-pawns.pgn", b.Bytes(), textenc.UTF8, false); err != nil {
		return err
	}

	// Side to move taken from the first move (a side warning), and 前 omitted where only one
	// chariot can make the move (a notation warning).
	if err := g.writeFile("edge/warnings.pgn", []byte(
		"[Game \"Chinese Chess\"]\n[Event \"黑先，FEN 写红先\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"+
			"1. 将５进１ 帅六进一 2. 将５平６ *\n\n"+
			"[Game \"Chinese Chess\"]\n[Event \"车二进三：前字省略\"]\n[FEN \"3k5/9/9/9/9/9/9/7R1/9/4K2R1 w - - 0 1\"]\n\n"+
			"1. 车二进三 将４进１ 2. 前车平六 *\n\n"), textenc.UTF8, false); err != nil {
		return err
	}

	// Tags and no moves; a file of GBK text with bare CR line breaks; UTF-16 text; PGN in a
	// file without the .pgn extension (recognized by content); a file that is no game record.
	if err := g.writeFile("edge/tags-only.pgn", []byte("[Game \"Chinese Chess\"]\n[Event \"只有标签\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n"), textenc.UTF8, false); err != nil {
		return err
	}
	b.Reset()
	appendPGN(&b, g.randomGame("", 16, 16, nil), pgnStyle{n: chinese.Notation{}, perLine: 3}, nil)
	cr := bytes.ReplaceAll(b.Bytes(), []byte("\n"), []byte("\r"))
	if err := g.writeFile("edge/gbk-cr-linebreaks.pgn", cr, textenc.GB18030, false); err != nil {
		return err
	}
	b.Reset()
	appendPGN(&b, g.randomGame("", 16, 16, nil), pgnStyle{n: iccs.Notation{}, perLine: 8}, nil)
	if err := g.writeFile("edge/pgn-without-extension.txt", b.Bytes(), textenc.UTF8, false); err != nil {
		return err
	}
	if err := g.writeFile("edge/notes.txt", []byte("这不是棋谱。 This file is no game record and is skipped.\n"), textenc.UTF8, false); err != nil {
		return err
	}

	// Variations and comments.
	if err := g.writeFile("edge/variations.pgn", []byte(
		"[Game \"Chinese Chess\"]\n[Event \"变着\"]\n[Result \"*\"]\n\n"+
			"{开局前的注释} 1. 炮二平五 马８进７ (1. ... 炮８平５ {顺炮} 2. 马二进三 (2. 马八进七) 马８进７) "+
			"2. 马二进三 车９平８ {屏风马} 3. 车一平二 *\n\n"), textenc.UTF8, false); err != nil {
		return err
	}

	// XQF: a multi-variation game from a setup, and a truncated file (unreadable).
	r = g.randomGame("", 24, 24, nil)
	if err := g.writeXQF("edge/xqf-full.xqf", r, 1); err != nil {
		return err
	}
	gm, err := gameOf(r, 1)
	if err != nil {
		return err
	}
	var xb bytes.Buffer
	if err := xqf.Encode(&xb, gm); err != nil {
		return err
	}
	if err := g.writeRaw("edge/truncated.xqf", xb.Bytes()[:600]); err != nil {
		return err
	}
	sr := g.randomGame(setup, 8, 8, nil)
	return g.writeXQF("edge/xqf-setup.xqf", sr, 1)
}

// benchArchive writes a large archive: mb megabytes of GBK PGN in Chinese notation, in files
// of about 1 MB, and n XQF files in folders of 1,000.
func (g *generator) benchArchive(mb, n int) error {
	st := pgnStyle{n: chinese.Notation{}, enc: textenc.GB18030, crlf: true, perLine: 4}
	var b bytes.Buffer
	total := 0
	for file := 1; total < mb<<20; file++ {
		b.Reset()
		for b.Len() < 1<<20 {
			if err := appendPGN(&b, g.randomGame("", 40, 160, nil), st, nil); err != nil {
				return err
			}
		}
		data, err := textenc.EncodeString(b.String(), textenc.GB18030)
		if err != nil {
			return err
		}
		if err := g.writeRaw(fmt.Sprintf("pgn/part-%03d.pgn", file), data); err != nil {
			return err
		}
		total += len(data)
	}
	for i := range n {
		rel := fmt.Sprintf("xqf/%02d/game-%05d.xqf", i/1000, i)
		if err := g.writeXQF(rel, g.randomGame("", 40, 160, nil), 1); err != nil {
			return err
		}
	}
	return nil
}
