package textenc

import (
	"fmt"
	"sync"

	"github.com/longbridgeapp/opencc"
)

// scriptConverter converts between Chinese scripts with an OpenCC
// configuration, loading its dictionaries on first use.
type scriptConverter struct {
	config string // OpenCC configuration name
	once   sync.Once
	cc     *opencc.OpenCC
	err    error
}

var (
	// tw2s: Taiwan-standard traditional (what Big5 archives hold, e.g. 著法)
	// to simplified; it also converts OpenCC-standard traditional text.
	toSimplified = scriptConverter{config: "tw2s"}
	// s2tw: simplified to Taiwan-standard traditional, whose characters
	// (為, 裡, 著) are the ones Big5 has, unlike OpenCC's standard (爲, 裏).
	toTraditional = scriptConverter{config: "s2tw"}
)

func (c *scriptConverter) convert(s string) (string, error) {
	if isASCIIString(s) {
		return s, nil
	}
	c.once.Do(func() {
		c.cc, c.err = opencc.New(c.config)
		if c.err != nil {
			c.err = fmt.Errorf("textenc: loading OpenCC %s dictionaries: %w", c.config, c.err)
		}
	})
	if c.err != nil {
		return "", c.err
	}
	out, err := c.cc.Convert(s)
	if err != nil {
		return "", fmt.Errorf("textenc: OpenCC %s conversion: %w", c.config, err)
	}
	return out, nil
}

func isASCIIString(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// ToSimplified converts traditional Chinese text to simplified with the
// OpenCC dictionaries (configuration tw2s: phrases first, then characters,
// Taiwan variants included), e.g. 車九進一 → 车九进一, 下著 → 下着. It is meant
// for tag values and comments; move text is normalised by Glyph instead.
// The dictionaries load on first use (a few tens of milliseconds); it is safe
// for concurrent use.
func ToSimplified(s string) (string, error) { return toSimplified.convert(s) }

// ToTraditional converts simplified Chinese text to traditional with the
// OpenCC dictionaries (configuration s2tw, Taiwan standard, the characters
// Big5 holds), e.g. 红胜 → 紅勝, 后马 → 後馬. It is safe for concurrent use.
func ToTraditional(s string) (string, error) { return toTraditional.convert(s) }
