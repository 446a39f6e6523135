package xqf

import (
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/internal/bytestr"
	"github.com/qipu/qipu/pkg/textenc"
)

// newCodec reads Config.Encoding (see bytestr.New): textenc.Auto detects (GBK unless the
// file's text is clearly UTF-8 or Big5); UTF-16, which no XQF writer stores (the header
// strings have byte lengths), is taken as Auto; GBK is read as GB18030, its superset.
func newCodec(enc textenc.Encoding) (bytestr.Codec, error) {
	if !enc.Valid() {
		return bytestr.Codec{}, fmt.Errorf("xqf: %w: %v", textenc.ErrUnknownEncoding, enc)
	}
	return bytestr.New(enc), nil
}

// cleanField tidies a header string: NULs and surrounding white space are dropped.
func cleanField(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(s, "\x00", ""))
}

// cleanComment tidies a comment: CRLF and lone CR become "\n", NULs are dropped, and trailing
// white space (the final CRLF a Delphi TStringList always writes) is removed.
func cleanComment(s string) string {
	if strings.ContainsAny(s, "\r\x00") {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return strings.TrimRight(s, " \t\n")
}
