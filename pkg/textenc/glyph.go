package textenc

import "unicode/utf8"

// Glyph maps a character of move text to its canonical form, the one the
// notation readers match. The mapping is a fixed contract:
//
//	chariot   车 車 俥 硨 (and 伡 砗, OpenCC's simplifications of 俥 硨) → 车
//	horse     马 馬 傌 (and 㐷, OpenCC's simplification of 傌)         → 马
//	cannon    炮 砲 包                                                 → 炮
//	kings     帥 → 帅, 將 → 将 (帅 and 将 stay distinct)
//	forward   進 上 → 进;  back 下 → 退;  rear 後 → 后
//	numerals  壹 贰 貳 叁 參 叄 参 肆 伍 陆 陸 柒 捌 玖 → 一 … 九
//	full-width digits ０–９ → '0'–'9', letters Ａ–Ｚ ａ–ｚ → ASCII,
//	＋ → '+', － and U+2212 MINUS SIGN → '-', ． → '.', ＝ → '='
//	U+3000 IDEOGRAPHIC SPACE and U+00A0 NO-BREAK SPACE → ' '
//
// Every other character, among them 仕 士 相 象 兵 卒 退 平 前 中 and 一 … 九, is
// returned unchanged. Glyph does not allocate.
func Glyph(r rune) rune {
	if r < 0x80 {
		return r
	}
	if r >= 0xFF01 && r <= 0xFF5E {
		switch {
		case r >= '０' && r <= '９':
			return '0' + r - '０'
		case r >= 'Ａ' && r <= 'Ｚ':
			return 'A' + r - 'Ａ'
		case r >= 'ａ' && r <= 'ｚ':
			return 'a' + r - 'ａ'
		}
		switch r {
		case '＋':
			return '+'
		case '－':
			return '-'
		case '．':
			return '.'
		case '＝':
			return '='
		}
		return r
	}
	switch r {
	case '車', '俥', '硨', '伡', '砗':
		return '车'
	case '馬', '傌', '㐷':
		return '马'
	case '砲', '包':
		return '炮'
	case '帥':
		return '帅'
	case '將':
		return '将'
	case '進', '上':
		return '进'
	case '下':
		return '退'
	case '後':
		return '后'
	case '壹':
		return '一'
	case '贰', '貳':
		return '二'
	case '叁', '參', '叄', '参':
		return '三'
	case '肆':
		return '四'
	case '伍':
		return '五'
	case '陆', '陸':
		return '六'
	case '柒':
		return '七'
	case '捌':
		return '八'
	case '玖':
		return '九'
	case '\u3000', '\u00A0':
		return ' '
	case '\u2212':
		return '-'
	}
	return r
}

// NormalizeMoveText appends s to dst with every character replaced by its
// Glyph, and returns the extended slice. Invalid UTF-8 in s becomes U+FFFD.
func NormalizeMoveText(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		dst = utf8.AppendRune(dst, Glyph(r))
		i += size
	}
	return dst
}
