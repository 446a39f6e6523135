// Package textenc turns the bytes of game-record archives into UTF-8 text and
// back.
//
// Real archives come in GB2312/GBK/GB18030 (ElephantEye, XQWizard, cchess),
// Big5 (the traditional editions), UTF-8 with or without a byte order mark,
// and occasionally UTF-16. Text is decoded once, here, before any tokenizer
// sees it: Big5 and GBK trail bytes can equal '[', ']', '{', '}' and '\'.
//
// Reading:
//
//   - Detect guesses the encoding from the first DetectLimit bytes: a byte
//     order mark, UTF-16 by its NUL bytes, valid UTF-8, else GB18030 against
//     Big5 by scoring the characters each decoding yields.
//   - Open wraps an io.Reader in a Decoder that detects (or takes an explicit
//     Encoding), skips the byte order mark and streams UTF-8. Invalid input
//     becomes U+FFFD; the decoder counts it and keeps the byte offset and the
//     line:col in the decoded text (FirstInvalidPos) of the first, for an
//     "encoding" diagnostic. DecodeBytes does the same for a byte slice.
//
// Writing: EncodeString and Encoder produce UTF-8, GBK (one- and two-byte
// codes only, what GBK readers accept), GB18030, Big5 or UTF-16; a character
// the target cannot hold is an *UnencodableError. EncodeLossy writes '?' for
// it instead and reports which characters it replaced, so that a converter
// keeps the game and warns.
//
// Move text: Glyph and NormalizeMoveText map every variant glyph and digit
// form of Chinese, WXF and ICCS move text to one canonical form (车 马 炮 帅 将
// 进 退 后, ASCII digits and letters), the contract the notation readers rely
// on.
//
// Tag values and comments: ToSimplified and ToTraditional convert between
// scripts with OpenCC's dictionaries.
package textenc
