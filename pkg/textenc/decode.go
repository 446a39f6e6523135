package textenc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// fffdUTF8 is U+FFFD REPLACEMENT CHARACTER in UTF-8.
var fffdUTF8 = []byte("\uFFFD")

// newDecodeTransformer returns a decoder from enc to UTF-8 for the encodings
// that need one (nil for UTF-8). Byte order marks are not interpreted: the
// caller skips them.
func newDecodeTransformer(enc Encoding) transform.Transformer {
	switch enc {
	case GB18030, GBK:
		return gb18030Decoder
	case Big5:
		return big5Decoder
	case UTF16LE:
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewDecoder()
	case UTF16BE:
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewDecoder()
	}
	return nil
}

// gb18030Decoder and big5Decoder are shared by every decode: x/text's decoders of the two
// keep no state between calls (their Reset does nothing), so one of each serves every file
// and goroutine instead of one allocated per file. UTF-16's keeps state: one per call.
var (
	gb18030Decoder transform.Transformer = simplifiedchinese.GB18030.NewDecoder()
	big5Decoder    transform.Transformer = traditionalchinese.Big5.NewDecoder()
)

// legitFFFD returns how enc itself encodes U+FFFD, so that a replacement
// character that was really in the input is not counted as a decoding error.
func legitFFFD(enc Encoding) []byte {
	switch enc {
	case GB18030:
		return fffdGB18030
	case UTF16LE:
		return fffdUTF16LE
	case UTF16BE:
		return fffdUTF16BE
	}
	return nil // Big5 has no U+FFFD; UTF-8 is checked by its own path
}

// U+FFFD in GB18030 and UTF-16 (legitFFFD), built once: read only.
var (
	fffdGB18030 = []byte{0x84, 0x31, 0xA4, 0x37}
	fffdUTF16LE = []byte{0xFD, 0xFF}
	fffdUTF16BE = []byte{0xFF, 0xFD}
)

// conv is the decoding state shared by Decoder and DecodeBytes: the encoding
// in use, the absolute source offset, and the invalid-input counters.
type conv struct {
	det     Detection
	t       transform.Transformer // nil for UTF-8
	fffd    []byte                // legitFFFD(det.Encoding)
	pending bool                  // auto mode, all ASCII so far: detect at the first non-ASCII byte
	base    int64                 // absolute source offset of the next byte to decode
	invalid int                   // invalid sequences replaced by U+FFFD
	first   int64                 // absolute offset of the first one, -1 if none
	// firstOut is the index in the output buffer of the decode call that found the first
	// invalid sequence where its U+FFFD went; firstNew says that call has not been told.
	firstOut int
	firstNew bool
}

// start sets up c for input that begins with prefix (at most DetectLimit
// bytes; all of the input if complete is true) under the requested encoding,
// and returns the number of leading bytes to skip (the byte order mark).
func (c *conv) start(prefix []byte, enc Encoding, complete bool) int {
	c.first = -1
	if enc == GBK {
		enc = GB18030 // its superset: GBK text decodes the same
	}
	switch enc {
	case Auto:
		c.det = Detect(prefix)
		if c.det.Encoding == UTF8 && c.det.BOM == 0 && !complete && isASCII(prefix) {
			c.pending = true
		}
	case UTF16:
		switch bomEnc, n := bomOf(prefix); bomEnc {
		case UTF16LE, UTF16BE:
			c.det = Detection{Encoding: bomEnc, Confidence: 1, BOM: n}
		default:
			c.det = Detection{Encoding: UTF16LE, Confidence: 0.5}
			if d, ok := detectUTF16(prefix); ok {
				c.det = d
			}
		}
	default:
		c.det = Detection{Encoding: enc, Confidence: 1}
		if bomEnc, n := bomOf(prefix); bomEnc == enc {
			c.det.BOM = n
		}
	}
	c.setEncoding(c.det.Encoding)
	c.base = int64(c.det.BOM)
	return c.det.BOM
}

func (c *conv) setEncoding(enc Encoding) {
	c.det.Encoding = enc
	c.t = newDecodeTransformer(enc)
	c.fffd = legitFFFD(enc)
}

// record counts an invalid sequence at source offset off whose U+FFFD goes to index out of
// the output buffer.
func (c *conv) record(off int64, out int) {
	if c.invalid == 0 {
		c.first, c.firstOut, c.firstNew = off, out, true
	}
	c.invalid++
}

func isASCII(p []byte) bool {
	for _, b := range p {
		if b >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// decode converts a prefix of src to UTF-8, appending it to dst. It returns
// the extended dst and the number of source bytes consumed. more reports that
// nothing could be decoded without more input (an incomplete sequence, or the
// bytes needed for a deferred detection); it is never set when atEOF is true.
func (c *conv) decode(dst, src []byte, atEOF bool) (out []byte, n int, more bool) {
	if c.pending {
		i := 0
		for i < len(src) && src[i] < utf8.RuneSelf {
			i++
		}
		dst = append(dst, src[:i]...)
		c.base += int64(i)
		if i == len(src) {
			return dst, i, false
		}
		if len(src)-i < DetectLimit && !atEOF {
			return dst, i, i == 0
		}
		d := detectText(src[i:min(len(src), i+DetectLimit)])
		c.det.Confidence = d.Confidence
		c.setEncoding(d.Encoding)
		c.pending = false
		out, n, more = c.decode(dst, src[i:], atEOF)
		return out, i + n, more
	}
	if c.t == nil {
		out, n, more = c.decodeUTF8(dst, src, atEOF)
	} else {
		out, n, more = c.decodeTransform(dst, src, atEOF)
	}
	c.base += int64(n)
	return out, n, more
}

// completeUTF8 returns the length of the longest prefix of p that does not
// end inside a UTF-8 sequence that later bytes could complete.
func completeUTF8(p []byte) int {
	for j := len(p) - 1; j >= 0 && j >= len(p)-utf8.UTFMax+1; j-- {
		if utf8.RuneStart(p[j]) {
			if !utf8.FullRune(p[j:]) {
				return j
			}
			break
		}
	}
	return len(p)
}

func (c *conv) decodeUTF8(dst, src []byte, atEOF bool) ([]byte, int, bool) {
	end := len(src)
	if !atEOF {
		end = completeUTF8(src)
		if end == 0 && len(src) > 0 {
			return dst, 0, true
		}
	}
	p := src[:end]
	if utf8.Valid(p) {
		return append(dst, p...), end, false
	}
	for i := 0; i < len(p); {
		if p[i] < utf8.RuneSelf {
			dst = append(dst, p[i])
			i++
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && size == 1 {
			c.record(c.base+int64(i), len(dst))
			dst = append(dst, fffdUTF8...)
		} else {
			dst = append(dst, p[i:i+size]...)
		}
		i += size
	}
	return dst, end, false
}

// hasFFFD reports whether the UTF-8 text s contains U+FFFD (EF BF BD). It
// looks for the last byte, which is much rarer in Chinese text than the
// first (EF also starts the full-width digits).
func hasFFFD(s []byte) bool {
	for i := 2; i < len(s); i++ {
		j := bytes.IndexByte(s[i:], 0xBD)
		if j < 0 {
			return false
		}
		i += j
		if s[i-1] == 0xBF && s[i-2] == 0xEF {
			return true
		}
	}
	return false
}

// maxPiece bounds the source bytes handed to one Transform call, and so the
// output buffer growth.
const maxPiece = 32 << 10

func (c *conv) decodeTransform(dst, src []byte, atEOF bool) ([]byte, int, bool) {
	n := 0
	gbk := c.det.Encoding == GB18030 && gbkFast
	for n < len(src) {
		piece := src[n:min(len(src), n+maxPiece)]
		if need := 3*len(piece) + 8; cap(dst)-len(dst) < need {
			dst = append(dst[:cap(dst)], make([]byte, need)...)[:len(dst)]
		}
		if gbk {
			var k int
			if dst, k = decodeGBK(dst, piece); k > 0 {
				n += k
				continue
			}
			// A sequence decodeGBK leaves to x/text: give it a few bytes only, so that the
			// fast way resumes after it.
			piece = piece[:min(len(piece), 16)]
		}
		pieceEOF := atEOF && n+len(piece) == len(src)
		free := dst[len(dst):cap(dst)]
		nd, ns, err := c.t.Transform(free, piece, pieceEOF)
		if hasFFFD(free[:nd]) {
			// Rare path: decode the same bytes again one sequence at a time
			// to find where the invalid ones are.
			var k int
			dst, k = c.decodeSlow(dst, piece[:ns], pieceEOF && ns == len(piece), c.base+int64(n))
			ns = k
		} else {
			dst = dst[:len(dst)+nd]
		}
		n += ns
		switch {
		case err == nil || errors.Is(err, transform.ErrShortDst):
			// nil: the piece is done; ErrShortDst cannot happen with 3×
			// room, but is harmless: loop again.
		case errors.Is(err, transform.ErrShortSrc):
			if ns == 0 || n == len(src) {
				return dst, n, n == 0
			}
		default:
			// Not produced by the x/text decoders; never loop without
			// progress.
			if ns == 0 {
				c.record(c.base+int64(n), len(dst))
				dst = append(dst, fffdUTF8...)
				n++
			}
		}
		if ns == 0 && nd == 0 && err == nil {
			break
		}
	}
	return dst, n, false
}

// decodeSlow decodes src one sequence at a time with c.t, recording each
// sequence that decodes to U+FFFD without being an encoding of U+FFFD. base is
// the absolute offset of src[0]. It returns the bytes consumed, which is less
// than len(src) only when src ends in an incomplete sequence and atEOF is
// false.
func (c *conv) decodeSlow(dst, src []byte, atEOF bool, base int64) ([]byte, int) {
	var tmp [8]byte
	ascii := c.det.Encoding != UTF16LE && c.det.Encoding != UTF16BE
	i := 0
	for i < len(src) {
		if ascii && src[i] < utf8.RuneSelf {
			dst = append(dst, src[i])
			i++
			continue
		}
		// Find the shortest slice of src[i:] the decoder makes progress on:
		// exactly one sequence.
		var nd, ns, k int
		for k = 1; k <= 4 && i+k <= len(src); k++ {
			nd, ns, _ = c.t.Transform(tmp[:], src[i:i+k], atEOF && i+k == len(src))
			if ns > 0 {
				break
			}
		}
		if ns == 0 {
			if !atEOF && i+k > len(src) {
				return dst, i // incomplete sequence at the end: wait for more
			}
			c.record(base+int64(i), len(dst)) // never happens with x/text; no loop regardless
			dst = append(dst, fffdUTF8...)
			i++
			continue
		}
		// A failed sequence can be followed by another rune in the same
		// call; shrink the room to the first rune to consume only it.
		r, size := utf8.DecodeRune(tmp[:nd])
		if size < nd {
			nd2, ns2, _ := c.t.Transform(tmp[:size], src[i:i+k], atEOF && i+k == len(src))
			if ns2 > 0 && nd2 == size {
				nd, ns = nd2, ns2
			}
		}
		if r == utf8.RuneError && !bytes.Equal(src[i:i+ns], c.fffd) {
			c.record(base+int64(i), len(dst))
		}
		dst = append(dst, tmp[:nd]...)
		i += ns
	}
	return dst, i
}

// Decoder reads text in any supported encoding and yields UTF-8. The byte
// order mark is skipped; every invalid sequence becomes U+FFFD and is counted,
// with the byte offset of the first kept for diagnostics. Read never fails
// because of the content of the input, only because of the underlying reader.
//
// A Decoder is not safe for concurrent use.
type Decoder struct {
	r    io.Reader
	c    conv
	buf  []byte // source bytes; buf[r0:r1] not yet decoded
	r0   int
	r1   int
	out  []byte      // decoded bytes; out[o0:] not yet returned
	mem  *decoderMem // where buf and out came from; nil once released
	keep bool        // reused by Reset: the buffers stay with d at the end of the input
	o0   int
	rerr error // first error from r (io.EOF included)

	pos    textPos // the end of the text decoded so far, until the first invalid sequence
	badPos textPos // where the first invalid sequence is; zero if none
}

// decoderBuf is the size of a Decoder's source buffer; decodeChunk is the
// most it decodes at once.
const (
	decoderBuf  = 64 << 10
	decodeChunk = 16 << 10
)

// decoderBufs holds the buffers of Decoders that reached the end of their input: a run over
// many small files reuses them instead of clearing fresh ones for each file.
var decoderBufs = sync.Pool{New: func() any { return &decoderMem{src: make([]byte, decoderBuf)} }}

// decoderMem is a Decoder's memory: the source buffer and the decoded output.
type decoderMem struct {
	src, out []byte
}

// release gives the buffers back once the input is exhausted: nothing outside the Decoder
// refers to them (Read copies out of them).
func (d *Decoder) release() {
	if d.mem == nil || d.keep {
		return
	}
	d.mem.out = d.out[:0]
	decoderBufs.Put(d.mem)
	d.mem, d.buf, d.out = nil, nil, nil
	d.r0, d.r1, d.o0 = 0, 0, 0
}

// maxEmptyReads bounds consecutive (0, nil) reads from the underlying reader.
const maxEmptyReads = 100

// Open returns a Decoder reading r as enc. With Auto it reads up to
// DetectLimit bytes at once and detects the encoding from them; when those
// bytes are all ASCII, the decision is deferred to the first non-ASCII byte
// and made on the DetectLimit bytes from there (a multi-game file may start
// with pages of ASCII tags). An explicit encoding is used as given, and a byte
// order mark that matches it is skipped; UTF16 takes its byte order from the
// mark, else from the NUL bytes, else little-endian.
//
// The error is non-nil only for an encoding Open does not know or when
// reading the first bytes fails.
func Open(r io.Reader, enc Encoding) (*Decoder, error) {
	d := new(Decoder)
	if err := d.Reset(r, enc); err != nil {
		return nil, err
	}
	d.keep = false // a Decoder of one input gives its buffers back at its end
	return d, nil
}

// Reset makes d read r as enc from its start, as Open does, with d's memory: a caller that
// reads file after file with one Decoder allocates nothing per file. Its errors are Open's.
// Reset(nil, Auto) only drops the input (for a Decoder kept for later).
func (d *Decoder) Reset(r io.Reader, enc Encoding) error {
	mem := d.mem
	if mem != nil && cap(d.out) > 0 {
		mem.out = d.out[:0] // the output buffer as it grew serves on
	}
	*d = Decoder{}
	if r == nil {
		d.mem = mem // the buffers stay for the next input
		return nil
	}
	if !enc.valid() {
		d.mem = mem
		return fmt.Errorf("textenc: open: %w: %v", ErrUnknownEncoding, enc)
	}
	if mem == nil {
		mem = decoderBufs.Get().(*decoderMem)
	}
	*d = Decoder{r: r, buf: mem.src, out: mem.out[:0], mem: mem, keep: true, pos: textPos{line: 1, col: 1}}
	for d.r1 < DetectLimit && d.rerr == nil {
		d.fill()
	}
	if d.rerr != nil && d.rerr != io.EOF {
		return d.rerr
	}
	prefix := d.buf[:min(d.r1, DetectLimit)]
	d.r0 = d.c.start(prefix, enc, d.rerr != nil && d.r1 <= DetectLimit)
	return nil
}

// fill reads once from the underlying reader into the free end of buf,
// first moving the unread bytes to the front if that makes room.
func (d *Decoder) fill() {
	if d.r0 > 0 && d.r1 == len(d.buf) || d.r0 >= len(d.buf)/2 {
		d.r1 = copy(d.buf, d.buf[d.r0:d.r1])
		d.r0 = 0
	}
	if d.r1 == len(d.buf) {
		return
	}
	for i := 0; i < maxEmptyReads; i++ {
		n, err := d.r.Read(d.buf[d.r1:])
		if n < 0 || n > len(d.buf)-d.r1 {
			d.rerr = fmt.Errorf("textenc: read: invalid count %d from reader", n)
			return
		}
		d.r1 += n
		if err != nil {
			if err == io.EOF {
				d.rerr = io.EOF
			} else {
				d.rerr = fmt.Errorf("textenc: read: %w", err)
			}
			return
		}
		if n > 0 {
			return
		}
	}
	d.rerr = fmt.Errorf("textenc: read: %w", io.ErrNoProgress)
}

// Read reads decoded UTF-8 text into p. It returns io.EOF at the end of the
// input and a wrapped error if the underlying reader fails, after the text
// decoded before the failure.
func (d *Decoder) Read(p []byte) (int, error) {
	for d.o0 == len(d.out) {
		if err := d.decodeMore(); err != nil {
			return 0, err
		}
	}
	n := copy(p, d.out[d.o0:])
	d.o0 += n
	return n, nil
}

// decodeMore decodes the next chunk into d.out; it returns the reader's error
// when the input is exhausted.
func (d *Decoder) decodeMore() error {
	d.out, d.o0 = d.out[:0], 0
	for {
		if d.rerr == nil && d.r1-d.r0 < decodeChunk {
			d.fill()
		}
		if d.r0 == d.r1 && d.rerr != nil {
			d.release()
			return d.rerr
		}
		end := min(d.r1, d.r0+decodeChunk)
		atEOF := d.rerr != nil && end == d.r1
		var n int
		var more bool
		done := len(d.out)
		d.out, n, more = d.c.decode(d.out, d.buf[d.r0:end], atEOF)
		d.r0 += n
		if d.badPos.line == 0 {
			if d.c.firstNew {
				d.c.firstNew = false
				d.pos.advance(d.out[done:d.c.firstOut])
				d.badPos = d.pos
			} else {
				d.pos.advance(d.out[done:])
			}
		}
		if len(d.out) > 0 {
			return nil
		}
		if more && d.rerr == nil {
			d.fill()
		}
	}
}

// Detection reports the encoding being decoded. For Auto input whose first
// DetectLimit bytes are ASCII it says UTF-8 with confidence 1 until the first
// non-ASCII byte has been read, and from then on what detection found there.
func (d *Decoder) Detection() Detection { return d.c.det }

// Deferred reports whether the decision is still deferred past an all-ASCII prefix (see
// Open): Detection may then change once the first non-ASCII byte is read.
func (d *Decoder) Deferred() bool { return d.c.pending }

// InvalidCount returns how many invalid byte sequences have been replaced by
// U+FFFD so far.
func (d *Decoder) InvalidCount() int { return d.c.invalid }

// FirstInvalid returns the byte offset in the input (byte order mark
// included) of the first invalid sequence, or -1 if there has been none.
func (d *Decoder) FirstInvalid() int64 { return d.c.first }

// FirstInvalidPos returns where the first invalid sequence is in the decoded text (where its
// U+FFFD is): the line and column, 1-based, counted as package pgn counts them (a line ends
// at LF, CRLF or a lone CR; a column is one character, the byte order mark excluded). It
// returns 0, 0 when there has been none. A reader of the decoded text can thus place an
// "encoding" diagnostic at line:col, among its own diagnostics in order.
func (d *Decoder) FirstInvalidPos() (line, col int) { return d.badPos.line, d.badPos.col }

// textPos is a line and column in decoded text.
type textPos struct {
	line, col int
	cr        bool // the last byte was '\r' (a '\n' right after it ends no new line)
}

// advance moves p past the UTF-8 text b.
func (p *textPos) advance(b []byte) {
	if len(b) == 0 {
		return
	}
	lines := bytes.Count(b, []byte{'\n'})
	crs := bytes.Count(b, []byte{'\r'})
	if crs > 0 {
		lines += crs - bytes.Count(b, []byte("\r\n"))
	}
	if p.cr && b[0] == '\n' {
		lines--
	}
	p.line += lines
	// The last line break: the last '\n', or a '\r' after it (searched only in the short
	// tail, and only when the text has one).
	k := bytes.LastIndexByte(b, '\n')
	if crs > 0 {
		if j := bytes.LastIndexByte(b[k+1:], '\r'); j >= 0 {
			k += 1 + j
		}
	}
	if k >= 0 {
		p.col = 1 + utf8.RuneCount(b[k+1:])
	} else {
		p.col += utf8.RuneCount(b)
	}
	p.cr = b[len(b)-1] == '\r'
}

// DecodeBytes decodes a whole byte slice as enc (Auto, or an Encoding it does
// not know, to detect) and returns
// the UTF-8 text, the detection used, and the number of invalid sequences
// that were replaced by U+FFFD. It suits short fixed fields such as the
// strings of an XQF header.
func DecodeBytes(b []byte, enc Encoding) (text string, det Detection, invalid int) {
	var c conv
	if !enc.valid() {
		enc = Auto
	}
	skip := c.start(b[:min(len(b), DetectLimit)], enc, len(b) <= DetectLimit)
	scratch := decodeScratch.Get().(*[]byte)
	out := (*scratch)[:0]
	src := b[skip:]
	for len(src) > 0 {
		var n int
		out, n, _ = c.decode(out, src, true)
		if n == 0 {
			break // cannot happen at EOF; never loop
		}
		src = src[n:]
	}
	text = string(out)
	if cap(out) <= 1<<20 {
		*scratch = out[:0]
		decodeScratch.Put(scratch)
	}
	return text, c.det, c.invalid
}

// decodeScratch holds DecodeBytes's output buffers: it runs for every string of an XQF file,
// and the text is copied out of the buffer once.
var decodeScratch = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}
