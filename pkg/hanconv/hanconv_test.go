package hanconv

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current converter")

// The expected texts below are the outputs of the former converter
// (github.com/longbridgeapp/opencc v0.3.13, configurations tw2s and s2tw),
// captured before it was replaced: the results must not change.

var simplifiedCases = []struct{ in, want string }{
	{"中炮對屏風馬", "中炮对屏风马"},
	{"順手炮", "顺手炮"},
	{"列手炮", "列手炮"},
	{"仙人指路", "仙人指路"},
	{"飛相局", "飞相局"},
	{"過宮炮", "过宫炮"},
	{"起馬局", "起马局"},
	{"反宮馬", "反宫马"},
	{"單提馬", "单提马"},
	{"五七炮進三兵", "五七炮进三兵"},
	{"屏風馬左馬盤河", "屏风马左马盘河"},
	{"先手", "先手"},
	{"後手", "后手"},
	{"和棋", "和棋"},
	{"紅方", "红方"},
	{"黑方", "黑方"},
	{"將軍", "将军"},
	{"長將", "长将"},
	{"長捉", "长捉"},
	{"閒著", "闲着"},
	{"殘局", "残局"},
	{"排局", "排局"},
	{"七星聚會", "七星聚会"},
	{"野馬操田", "野马操田"},
	{"蚯蚓降龍", "蚯蚓降龙"},
	{"千里獨行", "千里独行"},
	{"胡榮華", "胡荣华"},
	{"許銀川", "许银川"},
	{"呂欽", "吕钦"},
	{"柳大華", "柳大华"},
	{"楊官璘", "杨官璘"},
	{"趙國榮", "赵国荣"},
	{"蔣川", "蒋川"},
	{"王天一", "王天一"},
	{"鄭惟桐", "郑惟桐"},
	{"謝靖", "谢靖"},
	{"洪智", "洪智"},
	{"趙鑫鑫", "赵鑫鑫"},
	{"李來群", "李来群"},
	{"孟立國", "孟立国"},
	{"橘中秘", "橘中秘"},
	{"梅花譜", "梅花谱"},
	{"適情雅趣", "适情雅趣"},
	{"金鵬十八變", "金鹏十八变"},
	{"韜略元機", "韬略元机"},
	{"竹香齋", "竹香斋"},
	{"自出洞來無敵手", "自出洞来无敌手"},
	{"全國象棋個人賽", "全国象棋个人赛"},
	{"五羊杯", "五羊杯"},
	{"亞洲象棋錦標賽", "亚洲象棋锦标赛"},
	{"紅方以中炮開局，黑方還以屏風馬。第十回合紅車過河捉卒，黑方馬後藏車，局面複雜。最後紅方棄子搶攻，黑方應對失誤，紅勝。", "红方以中炮开局，黑方还以屏风马。第十回合红车过河捉卒，黑方马后藏车，局面复杂。最后红方弃子抢攻，黑方应对失误，红胜。"},
	{"著法：車一平二 馬８進７；後炮進二，黑方只能退士。這盤棋體現了「以攻為守」的思想。", "着法：车一平二 马８进７；后炮进二，黑方只能退士。这盘棋体现了「以攻为守」的思想。"},
	// Invalid UTF-8: one U+FFFD per bad byte; ASCII untouched.
	{"\xff車", "\ufffd车"},
	{"a\x80b後", "a\ufffdb后"},
	{"Hu Ronghua 1-0", "Hu Ronghua 1-0"},
	{"", ""},
}

var traditionalCases = []struct{ in, want string }{
	{"中炮对屏风马", "中炮對屏風馬"},
	{"顺手炮", "順手炮"},
	{"列手炮", "列手炮"},
	{"仙人指路", "仙人指路"},
	{"飞相局", "飛相局"},
	{"过宫炮", "過宮炮"},
	{"起马局", "起馬局"},
	{"反宫马", "反宮馬"},
	{"单提马", "單提馬"},
	{"五七炮进三兵", "五七炮進三兵"},
	{"屏风马左马盘河", "屏風馬左馬盤河"},
	{"先手", "先手"},
	{"后手", "後手"},
	{"和棋", "和棋"},
	{"红方", "紅方"},
	{"黑方", "黑方"},
	{"将军", "將軍"},
	{"长将", "長將"},
	{"长捉", "長捉"},
	{"闲着", "閒著"},
	{"残局", "殘局"},
	{"排局", "排局"},
	{"七星聚会", "七星聚會"},
	{"野马操田", "野馬操田"},
	{"蚯蚓降龙", "蚯蚓降龍"},
	{"千里独行", "千里獨行"},
	{"胡荣华", "胡榮華"},
	{"许银川", "許銀川"},
	{"吕钦", "呂欽"},
	{"柳大华", "柳大華"},
	{"杨官璘", "楊官璘"},
	{"赵国荣", "趙國榮"},
	{"蒋川", "蔣川"},
	{"王天一", "王天一"},
	{"郑惟桐", "鄭惟桐"},
	{"谢靖", "謝靖"},
	{"洪智", "洪智"},
	{"赵鑫鑫", "趙鑫鑫"},
	{"李来群", "李來群"},
	{"孟立国", "孟立國"},
	{"橘中秘", "橘中秘"},
	{"梅花谱", "梅花譜"},
	{"适情雅趣", "適情雅趣"},
	{"金鹏十八变", "金鵬十八變"},
	{"韬略元机", "韜略元機"},
	{"竹香斋", "竹香齋"},
	{"自出洞来无敌手", "自出洞來無敵手"},
	{"全国象棋个人赛", "全國象棋個人賽"},
	{"五羊杯", "五羊杯"},
	{"亚洲象棋锦标赛", "亞洲象棋錦標賽"},
	{"红方以中炮开局，黑方还以屏风马。第十回合红车过河捉卒，黑方马后藏车，局面复杂。最后红方弃子抢攻，黑方应对失误，红胜。", "紅方以中炮開局，黑方還以屏風馬。第十回合紅車過河捉卒，黑方馬後藏車，局面複雜。最後紅方棄子搶攻，黑方應對失誤，紅勝。"},
	{"着法：车一平二 马８进７；后炮进二，黑方只能退士。这盘棋体现了“以攻为守”的思想。后来他发表了一篇关于象棋理论的文章，里面说干净利落的着法最难。", "著法：車一平二 馬８進７；後炮進二，黑方只能退士。這盤棋體現了“以攻為守”的思想。後來他發表了一篇關於象棋理論的文章，裡面說乾淨利落的著法最難。"},
	{"\xed\xa0\x80后", "\ufffd\ufffd\ufffd後"},
	{"ICCS H2-E2", "ICCS H2-E2"},
}

func TestToSimplified(t *testing.T) {
	t.Parallel()
	for _, c := range simplifiedCases {
		if got := ToSimplified(c.in); got != c.want {
			t.Errorf("ToSimplified(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestToTraditional(t *testing.T) {
	t.Parallel()
	for _, c := range traditionalCases {
		if got := ToTraditional(c.in); got != c.want {
			t.Errorf("ToTraditional(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestGolden compares both conversions on about a thousand texts (dictionary
// entries cut and joined at random, lines of real archives) with the former
// converter's outputs: input, simplified, traditional per line.
func TestGolden(t *testing.T) {
	t.Parallel()
	path := filepath.Join("testdata", "opencc-go.golden")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	lines := 0
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 {
			t.Fatalf("%s:%d: want 3 tab-separated fields, got %d", path, lines+1, len(f))
		}
		lines++
		s, tr := ToSimplified(f[0]), ToTraditional(f[0])
		if *update {
			out.WriteString(f[0] + "\t" + s + "\t" + tr + "\n")
			continue
		}
		if s != f[1] {
			t.Errorf("%s:%d: ToSimplified(%q) = %q, want %q", path, lines, f[0], s, f[1])
		}
		if tr != f[2] {
			t.Errorf("%s:%d: ToTraditional(%q) = %q, want %q", path, lines, f[0], tr, f[2])
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if lines < 900 {
		t.Errorf("%s: only %d lines", path, lines)
	}
}

// TestDictionaries loads every embedded dictionary and checks entries that
// the conversions depend on.
func TestDictionaries(t *testing.T) {
	t.Parallel()
	for _, c := range []*converter{tw2s, s2tw} {
		for _, names := range c.files {
			for _, name := range names {
				d := loadDict(name)
				if len(d.nodes) == 0 {
					t.Errorf("%s: no entries", name)
				}
			}
		}
	}
	st := loadDict("STPhrases.txt")
	// The last line has no newline and no tab: skipped, as before.
	if _, ok := entry(st, "开户 開戶"); ok {
		t.Error("STPhrases: the unterminated last line was read")
	}
	// A later line replaces an earlier one for the same key.
	if got, _ := entry(st, "回流"); got != "回流" {
		t.Errorf("STPhrases 回流 = %q, want the later line's 回流", got)
	}
	if got, _ := entry(loadDict("STCharacters.txt"), "后"); got != "後" {
		t.Errorf("STCharacters 后 = %q, want the first candidate 後", got)
	}
}

func TestParseDict(t *testing.T) {
	d := parseDict("a\tA B\n  b\tB\t C \nnotab\nc\t \nd\tD1\nd\tD2\nlong\tL")
	want := map[string]string{"a": "A", "b": "B", "d": "D2"}
	entries := 0
	for _, nd := range d.nodes {
		if nd.entry {
			entries++
		}
	}
	if entries != len(want) {
		t.Errorf("%d entries, want %v", entries, want)
	}
	for k, v := range want {
		if got, _ := entry(d, k); got != v {
			t.Errorf("entry %q = %q, want %q", k, got, v)
		}
	}
	if n, v := d.match("ab"); n != 1 || v != "A" {
		t.Errorf("match(ab) = %d, %q; want 1, A", n, v)
	}
	if n, _ := d.match("zz"); n != 0 {
		t.Errorf("match(zz) = %d, want 0", n)
	}
	// Entries longer than MaxMatch characters never match; shorter ones
	// below them still do.
	long := parseDict(strings.Repeat("字", 12) + "\tx\n字字\ty\n")
	if n, v := long.match(strings.Repeat("字", 12)); n != 6 || v != "y" {
		t.Errorf("match of a 12-character entry = %d, %q; want 6, y", n, v)
	}
}

func TestConcurrent(t *testing.T) {
	t.Parallel()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if s := ToTraditional("胡荣华 后胜 柳大华"); s != "胡榮華 後勝 柳大華" {
					t.Errorf("ToTraditional = %q", s)
					return
				}
				if s := ToSimplified("胡榮華 後勝 柳大華"); s != "胡荣华 后胜 柳大华" {
					t.Errorf("ToSimplified = %q", s)
					return
				}
			}
		})
	}
	wg.Wait()
}

// entry returns the first candidate of an entry of d.
func entry(d *dict, key string) (string, bool) {
	nd, ok := d.nodes[key]
	return nd.value, ok && nd.entry
}
