package textenc

import "github.com/qipu/qipu/pkg/hanconv"

// ToSimplified converts traditional Chinese text to simplified with the
// OpenCC dictionaries (configuration tw2s: phrases first, then characters,
// Taiwan variants included), e.g. 車九進一 → 车九进一, 下著 → 下着. It is meant
// for tag values and comments; move text is normalised by Glyph instead.
// The dictionaries load on first use (a few tens of milliseconds); it is safe
// for concurrent use. The error is always nil (the dictionaries are embedded
// in pkg/hanconv); it stays for the callers written against the former
// loader.
func ToSimplified(s string) (string, error) { return hanconv.ToSimplified(s), nil }

// ToTraditional converts simplified Chinese text to traditional with the
// OpenCC dictionaries (configuration s2tw, Taiwan standard, the characters
// Big5 holds), e.g. 红胜 → 紅勝, 后马 → 後馬. It is safe for concurrent use.
// The error is always nil.
func ToTraditional(s string) (string, error) { return hanconv.ToTraditional(s), nil }
