package main

// The classic games of corpus/classic: real games from the old manuals and from famous
// modern events, read from the public archives mirrored in the shared test corpus with
// qipu's own readers (pkg/pgn, pkg/xqf, pkg/textenc, replayed by game.Builder) and written
// with qipu's own writers (pkg/pgn, pkg/xqf), the code behind `qipu convert`. Only the
// moves (main line and variations), the result and the tags that say where a game comes
// from are kept: comments are dropped (they are the archives' annotations and notices,
// not the games), and so are tags naming the archive's editors.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/record"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/pgn"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// The two archives the classic games are read from, relative to the shared corpus.
const (
	// The xqbase (象棋百科全书) archive as shipped with XQWizard, mirrored in the
	// xqwizard repository: 橘中秘 in GB2312 and in Big5.
	xqbaseDir = "liangqi__xqwizard/XQWIZARD"
	// The game books collected in the cchess repository (XQF).
	cchessDir = "walker8088__cchess/game_book"
)

// An output file of corpus/classic and how it is written.
type classicFile struct {
	rel   string           // path under corpus/classic
	to    notation.ID      // PGN notation; Unknown writes XQF
	enc   textenc.Encoding // PGN encoding
	trad  bool             // traditional characters (moves and tags)
	games []classicGame
}

// A game of corpus/classic: its source and the tags that say where it comes from (in the
// script of the file: traditional for the Big5 files).
type classicGame struct {
	src  string      // path under the shared corpus
	tags [][2]string // set after the source's tags (an empty value removes the tag)
}

// keptTags are the source tags carried over; the others (the archive's Game, Author and
// Annotator, XQF bookkeeping) are dropped.
var keptTags = map[string]bool{
	"Event": true, "Round": true, "Date": true, "Site": true, "Red": true, "Black": true,
	"Title": true, "ECCO": true, "Opening": true, "Variation": true, "RedTeam": true, "BlackTeam": true,
}

func manual(src, book, round, title string) classicGame {
	return classicGame{src: src, tags: [][2]string{{"Event", book}, {"Round", round}, {"Title", title}}}
}

func match(src string, tags ...[2]string) classicGame { return classicGame{src: src, tags: tags} }

var jzm = xqbaseDir + "/橘中秘"
var jzmTrad = xqbaseDir + "/橘中秘(繁体)"
var mhp = cchessDir + "/古谱/梅花谱"
var sqyq = cchessDir + "/残局谱/适情雅趣360局"
var albums = cchessDir + "/对局谱/专辑"

// classicFiles is the content of corpus/classic.
var classicFiles = []classicFile{
	{rel: "manuals-utf8.pgn", to: notation.Chinese, enc: textenc.UTF8, games: []classicGame{
		manual(jzm+"/1.得先/1-01.顺炮横车破直车弃马.PGN", "橘中秘", "卷上 得先 第1局", "顺炮横车破直车弃马"),
		manual(jzm+"/1.得先/1-16.大列手炮局.PGN", "橘中秘", "卷上 得先 第16局", "大列手炮局"),
		manual(mhp+"/当头炮破转角马/第2局取中兵压马破左士兑炮.XQF", "梅花谱", "当头炮破转角马 第2局", "取中兵压马破左士兑炮"),
		manual(cchessDir+"/古谱/自出洞来无敌手/“手”字 第五局.xqf", "自出洞来无敌手", "“手”字 第五局", ""),
	}},
	{rel: "manuals-gbk.pgn", to: notation.Chinese, enc: textenc.GB18030, games: []classicGame{
		manual(mhp+"/顺炮直车破横车/第2局巡河炮攻横车拦河去兵.XQF", "梅花谱", "顺炮直车破横车 第2局", "巡河炮攻横车拦河去兵"),
		manual(jzm+"/4.让双马/4-01.让双马-巡河炮破当头炮取兵.PGN", "橘中秘", "让双马 第1局", "巡河炮破当头炮取兵"),
		manual(cchessDir+"/古谱/适情雅趣550局全本（徐家亮 诠注本）/卷四/第349局 力小任大.XQF", "适情雅趣", "卷四 第349局", "力小任大"),
	}},
	{rel: "juzhongmi-big5.pgn", to: notation.Chinese, enc: textenc.Big5, trad: true, games: []classicGame{
		manual(jzmTrad+"/1.得先/1-20.屏风马破当头炮.PGN", "橘中秘", "卷上 得先 第20局", "屏風馬破當頭炮"),
		manual(jzmTrad+"/3.让左马/3-01.让左马-顺炮横车破直车.PGN", "橘中秘", "讓左馬 第1局", "順炮橫車破直車"),
	}},
	{rel: "endgames-wxf.pgn", to: notation.WXF, enc: textenc.UTF8, games: []classicGame{
		manual(sqyq+"/适情雅趣014移花接木.XQF", "适情雅趣", "第14局", "移花接木"),
		manual(sqyq+"/适情雅趣020落花流水.XQF", "适情雅趣", "第20局", "落花流水"),
		manual(sqyq+"/适情雅趣043雁阵排空.XQF", "适情雅趣", "第43局", "雁阵排空"),
		manual(cchessDir+"/古谱/橘中秘/桔中秘残局谱/车胜马双象1.XQF", "橘中秘", "残局", "车胜马双象"),
	}},
	{rel: "masters-utf8.pgn", to: notation.Chinese, enc: textenc.UTF8, games: []classicGame{
		match(albums+"/9_胡荣华专集/- 上海胡荣华 (胜) 广东杨官辚 (1981年1月17日于广州).xqf", [2]string{"Black", "广东杨官璘"}),
		match(albums + "/3_许银川专集/- 广东许银川 (和) 湖北柳大华 (1999.1.10于广州).xqf"),
	}},
	{rel: "masters-gbk.pgn", to: notation.Chinese, enc: textenc.GB18030, games: []classicGame{
		match(albums + "/3_许银川专集/- 广东许银川 (胜) 四川甘小晋 (1990年6月16日于邯郸).xqf"),
		match(cchessDir + "/对局谱/1987年全国赛/037 - 江苏徐天红 (负) 河北李来群 (1987年11月21日于番禺).xqf"),
	}},
	{rel: "masters-big5.pgn", to: notation.Chinese, enc: textenc.Big5, trad: true, games: []classicGame{
		match(albums + "/9_胡荣华专集/- 江苏言穆江 (负) 上海胡荣华 (1981年5月24日于金坛).xqf"),
		match(cchessDir + "/对局谱/1998年团体/169 - 吉林陶汉明 (和) 广东许银川 (1998.4.1于昆明).xqf"),
	}},
	{rel: "masters-iccs.pgn", to: notation.ICCS, enc: textenc.UTF8, games: []classicGame{
		match(cchessDir + "/对局谱/1998年团体/091 - 河北李来群 (负) 深圳邓颂宏 (1998.3.29于昆明).xqf"),
		match(albums + "/6_吕钦专集/- 中国胡荣华 (和) 中国吕钦 (1990年4月5日于新加坡).xqf"),
	}},
	{rel: "xqf/lv-qin-xu-yinchuan-1995.xqf", games: []classicGame{
		match(cchessDir + "/对局谱/1995对局/081 - 广东吕钦 (和) 广东许银川 (1995.1.15于广州).xqf"),
	}},
	{rel: "xqf/yang-guanlin-jiang-zhiliang-1985.xqf", games: []classicGame{
		match(albums+"/1_杨官璘集/中炮七路马对屏风马5.XQF", [2]string{"Red", "杨官璘"}),
	}},
	{rel: "xqf/zhao-guorong-xu-tianhong-1992.xqf", games: []classicGame{
		match(albums + "/2_赵国荣专集/- 黑龙江赵国荣 (胜) 江苏徐天红 (1992年5月3日于桂林).xqf"),
	}},
	{rel: "xqf/li-laiqun-wang-jialiang-1982.xqf", games: []classicGame{
		match(albums+"/7_李来群专集/019 李来群胜王嘉良(16-10-1982).XQF", [2]string{"Title", ""}, [2]string{"Date", "1982-10-16"}),
	}},
	{rel: "xqf/juzhongmi-2-08.xqf", games: []classicGame{
		manual(jzm+"/2.让先/2-08.让先-大列手炮局.PGN", "橘中秘", "让先 第8局", "让先 第8局 大列手炮局"),
	}},
}

// classicArchive writes corpus/classic from the shared corpus at src.
func (g *generator) classicArchive(src string) error {
	n := 0
	for _, f := range classicFiles {
		var b bytes.Buffer
		for _, cg := range f.games {
			gm, err := readClassic(filepath.Join(src, filepath.FromSlash(cg.src)))
			if err != nil {
				return err
			}
			if f.trad {
				for i := range gm.Tags {
					gm.Tags[i].Value, _ = textenc.ToTraditional(gm.Tags[i].Value)
				}
			}
			cleanClassic(gm, cg.tags)
			resultFromBoard(gm)
			n++
			if verbose {
				fmt.Fprintf(os.Stderr, "classic/%s\t%s\n", f.rel, cg.src)
			}
			if f.to == notation.Unknown {
				if err := xqf.Encode(&b, gm); err != nil {
					return fmt.Errorf("%s: %w", cg.src, err)
				}
				continue
			}
			n, err := anynotation.Lookup(f.to.String())
			if err != nil {
				return err
			}
			if f.trad {
				n = chinese.Notation{Traditional: true}
			}
			opts := pgn.WriteOptions{Notation: n}
			if err := pgn.Encode(&b, gm, opts); err != nil {
				return fmt.Errorf("%s: %w", cg.src, err)
			}
		}
		rel := "classic/" + f.rel
		if f.to == notation.Unknown {
			if err := g.writeRaw(rel, b.Bytes()); err != nil {
				return err
			}
			continue
		}
		if err := g.writeFile(rel, b.Bytes(), f.enc, false); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "gencorpus: %d classic games in %d files\n", n, len(classicFiles))
	return nil
}

// resultFromBoard gives a game whose Result is unknown the result its last position shows
// when that is a mate (in Xiangqi a stalemated side loses too): the old manuals end their
// lines at the mate without writing a result.
func resultFromBoard(gm *game.Game) {
	if gm.Result != "*" || gm.Plies() == 0 {
		return
	}
	last := gm.StartPosition()
	for _, n := range gm.MainLine() {
		last.Play(n.Move)
	}
	if last.HasLegalMove() {
		return
	}
	gm.Result = "1-0"
	if last.Turn() == board.Red {
		gm.Result = "0-1"
	}
	gm.SetTag("Result", gm.Result)
}

// readClassic reads the one game of a source file, in whatever format and encoding, as any
// user of package record would; it must replay without an error.
func readClassic(path string) (*game.Game, error) {
	var gm *game.Game
	for g, err := range record.ReadFile(path, record.WithChecks()) {
		switch {
		case err != nil:
			return nil, err
		case gm != nil:
			return nil, fmt.Errorf("%s: more than one game", path)
		}
		gm = g
	}
	if gm == nil {
		return nil, fmt.Errorf("%s: no game", path)
	}
	if !gm.Valid() {
		return nil, fmt.Errorf("%s: %v", path, gm.Errors()[0])
	}
	return gm, nil
}

// cleanClassic keeps the moves, the result and the origin tags of a game, then sets the
// manifest's tags.
func cleanClassic(gm *game.Game, set [][2]string) {
	kept := gm.Tags[:0]
	for _, t := range gm.Tags {
		if keptTags[t.Name] && strings.TrimSpace(t.Value) != "" {
			kept = append(kept, t)
		}
	}
	gm.Tags = kept
	for _, t := range set {
		gm.SetTag(t[0], t[1])
	}
	kept = gm.Tags[:0]
	for _, t := range gm.Tags {
		if t.Value != "" {
			kept = append(kept, t)
		}
	}
	gm.Tags = kept
	gm.Diagnostics = nil
	stack := []*game.Node{&gm.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n.Comments = nil
		stack = append(stack, n.Children...)
	}
}
