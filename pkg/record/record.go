// Package record reads Xiangqi game-record files of any format qipu knows with one call: PGN
// in any encoding (UTF-8, GBK/GB18030, Big5, UTF-16), XQF (every version, the obfuscated
// ones included), 象棋桥 CBR records, CBL libraries and CBF documents, DhtmlXQ texts, 弈天 MXQ
// records, SG records, QP puzzles, .xqn texts and plain-text games without tags. It
// recognizes the format by content (then by file name), the text encoding, decodes the file
// once, replays every move on the board and yields each game with its diagnostics on it:
//
//	for g, err := range record.ReadFile(path) {
//		if err != nil {
//			fmt.Println(err) // the file itself: unreadable, not a game file, truncated
//			continue
//		}
//		for pos, m := range g.Moves() {
//			fmt.Println(iccs.Format(pos, m))
//		}
//	}
//
// Diagnostics about one game (an illegal move, a bad setup, a non-standard move text) are on
// the game (Game.Diagnostics), with those of the checks that judge each game as a whole once
// it is replayed (DefaultChecks: how it ends; WithChecks chooses). Errors about the file
// itself are yielded as (nil, err), err a *game.Diagnostic positioned in the file, with a
// Kind, that unwraps to its cause: a sentinel such as ErrUnknownFormat, ErrNoGame,
// xqf.ErrTruncated, or the read error. The reader goes on after an error where the format
// lets it (the next record of a library). A file-level warning — undecodable bytes in a PGN
// text, replaced by U+FFFD, after its games — is yielded the same way, with
// Diagnostic.IsWarning() set; IsWarning tells it from a failure, and WithStrict turns it into
// an error like every other warning. A file-level note (a library record that holds no game,
// game.KindEmptyRecord) is yielded the same way with Diagnostic.IsNote() set: information
// only, it never makes the file invalid, and WithStrict leaves it a note.
//
// The command line's batch engine (package pipeline) reads every file through this package:
// adding a reader here adds it to the command.
package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"sync"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/countio"
	"github.com/qipu/qipu/pkg/textenc"
)

// Errors of the file level, wrapped by the *game.Diagnostic yielded for them.
var (
	// ErrUnknownFormat: the content is no format record reads, and neither is the name; or
	// the name is (a web page, a .txt), but the content holds no trace of the format.
	ErrUnknownFormat = errors.New("record: not a game record of a known format")
	// ErrNoGame: the file is of a known format but holds no game.
	ErrNoGame = errors.New("record: no game found")
)

// IsWarning reports whether err is a file-level diagnostic that is only a warning: the games
// of the file were read.
func IsWarning(err error) bool {
	var d *game.Diagnostic
	return errors.As(err, &d) && d.IsWarning()
}

// ReadFile reads the game-record file at path; see Read. A file that cannot be opened is
// yielded as an io diagnostic.
func ReadFile(path string, opts ...Option) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		f, err := os.Open(path)
		if err != nil {
			yield(nil, ioDiagnostic(path, game.Loc{Offset: 0}, err))
			return
		}
		defer f.Close()
		Read(f, path, opts...)(yield)
	}
}

// Read reads every game of a game-record file from r. name names the source in diagnostics
// and in Game.Source, and its extension helps recognize the format when the content does not
// (see Detect). Each game is replayed and carries its diagnostics; errors about the file
// itself are yielded as (nil, err) (see the package documentation). Breaking out of the
// loop stops reading.
//
// r is read once, sequentially; a *bufio.Reader is used as it is.
func Read(r io.Reader, name string, opts ...Option) iter.Seq2[*game.Game, error] {
	return func(yield func(*game.Game, error) bool) {
		st := readStates.Get().(*readState)
		defer readStates.Put(st)
		st.o.reset()
		st.o.apply(opts)
		st.rd = reading{o: &st.o, name: name, yield: yield, st: st}
		defer st.drop()
		st.rd.run(r)
	}
}

// readState is the memory of one Read, kept for the next (readStates): a run over many files
// allocates no reader state, read buffer or text decoder per file.
type readState struct {
	rd  reading
	o   options
	br  *bufio.Reader // for an input that is not a *bufio.Reader
	dec textenc.Decoder
	// onGame passes a game of a reader with a callback (format.decode) on to rd.item.
	onGame func(*game.Game) error
}

var readStates = sync.Pool{New: func() any {
	st := new(readState)
	st.onGame = func(g *game.Game) error {
		if !st.rd.item(g, nil) {
			return errStop
		}
		return nil
	}
	return st
}}

// drop lets go of the input and the caller's values: the pool keeps only memory.
func (st *readState) drop() {
	st.rd = reading{}
	st.o.reset()
	if st.br != nil {
		st.br.Reset(nil)
	}
	_ = st.dec.Reset(nil, textenc.Auto)
}

// bufSize is the read buffer of an input that is not a *bufio.Reader.
const bufSize = 64 << 10

// reading is the state of one Read.
type reading struct {
	o      *options
	st     *readState       // the memory it reads with
	f      Format           // the format being read
	dec    *textenc.Decoder // a text's decoder whose detection is deferred (item), else nil
	first  textenc.Encoding // the encoding detected first, on the games
	name   string
	yield  func(*game.Game, error) bool
	cr     countio.Reader
	games  int
	failed bool // an error (not a warning) was yielded
	done   bool // the consumer stopped
	// byName: the format was taken from the name alone (its bytes do not show it), so a
	// reader that finds nothing of its format in the file says it is no game file; a file
	// whose bytes do show it is a broken one of that format.
	byName bool
}

func (rd *reading) run(r io.Reader) {
	rd.cr.ErrAt = -1
	var br *bufio.Reader
	var src io.Reader
	if b, ok := r.(*bufio.Reader); ok && b.Size() >= SniffLen {
		// Count above the caller's buffer: a read error surfaces once the buffered bytes
		// are consumed, so the count is the same.
		br = b
		rd.cr.R = b
		src = &rd.cr
	} else {
		rd.cr.R = r
		if rd.st.br == nil {
			rd.st.br = bufio.NewReaderSize(nil, bufSize)
		}
		br = rd.st.br
		br.Reset(&rd.cr)
		src = br
	}
	f, ok := rd.recognize(br)
	if !ok {
		return
	}
	if f.f.text {
		rd.readText(f, src)
	} else {
		if rd.o.info != nil {
			rd.o.info(Info{Format: f})
		}
		rd.decode(f, src, rd.o.encoding)
	}
	if !rd.done && !rd.failed && rd.games == 0 {
		// Positioned at the start of the file, as every diagnostic of a readable file is.
		loc := game.Loc{Offset: 0}
		if f.f.text {
			loc = game.Loc{Line: 1, Col: 1, Offset: -1}
		}
		rd.fileError(&game.Diagnostic{Kind: game.KindSyntax, Path: rd.name, Loc: loc,
			Message: "no game found", Err: ErrNoGame})
	}
}

// recognize decides the format of the file, from WithRecognition or from its first bytes;
// false: a file diagnostic was yielded.
func (rd *reading) recognize(br *bufio.Reader) (Format, bool) {
	if rd.o.known {
		rd.byName = !rd.o.byContent
		return rd.o.format, true
	}
	prefix, err := br.Peek(SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		rd.fileError(ioDiagnostic(rd.name, rd.cr.Loc(), err))
		return Format{}, false
	}
	r, ok := rd.o.recognize(prefix, rd.name)
	if !ok {
		rd.fileError(&game.Diagnostic{Kind: game.KindSyntax, Path: rd.name, Loc: game.Loc{Offset: 0},
			Message: "not a game record (neither its content nor its name is a known format)",
			Err:     ErrUnknownFormat})
		return Format{}, false
	}
	rd.byName = !r.ByContent
	return r.Format, true
}

// readText decodes a text format to UTF-8 and reads it; undecodable bytes are a warning
// after the games.
func (rd *reading) readText(f Format, src io.Reader) {
	dec := &rd.st.dec
	if err := dec.Reset(src, rd.o.encoding); err != nil {
		rd.fileError(rd.readError(err))
		return
	}
	if rd.o.info != nil {
		rd.o.info(Info{Format: f, Encoding: dec.Detection().Encoding})
	}
	// Detection deferred past an ASCII prefix: each game takes the latest word (item).
	rd.dec, rd.first = nil, dec.Detection().Encoding
	if dec.Deferred() {
		rd.dec = dec
	}
	rd.decode(f, dec, rd.first)
	rd.dec = nil
	enc := dec.Detection().Encoding
	if rd.done {
		return
	}
	if n := dec.InvalidCount(); n > 0 {
		// A warning, as the XQF reader reports its undecodable strings: the games replayed,
		// and a move text hit by the bad bytes is already a syntax error.
		// Placed at the line and column of the first one in the decoded text, as the
		// readers place their own diagnostics (with its byte offset too).
		loc := game.Loc{Offset: dec.FirstInvalid()}
		loc.Line, loc.Col = dec.FirstInvalidPos()
		rd.fileError(&game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning, Path: rd.name,
			Loc:     loc,
			Message: fmt.Sprintf("%d byte sequence(s) invalid in %s, replaced by U+FFFD", n, enc)})
	}
}

// decode runs the format's reader and passes its games and errors on.
func (rd *reading) decode(f Format, src io.Reader, enc textenc.Encoding) {
	c := game.ReadConfig{Path: rd.name, Encoding: enc, Reuse: rd.o.reuse, Repair: rd.o.repair}
	rd.f = f
	if f.f.decode != nil {
		// A reader with a callback: the function the state keeps, no closure per file.
		if err := f.f.decode(src, c, rd.st.onGame); err != nil && err != errStop {
			rd.item(nil, err)
		}
		return
	}
	for g, err := range f.f.read(src, c) {
		if !rd.item(g, err) {
			return
		}
	}
}

// errStop ends a reader's decode when the consumer stops.
var errStop = errors.New("record: stopped")

// item passes on one game or error of the reader; it reports whether to go on.
func (rd *reading) item(g *game.Game, err error) bool {
	f := rd.f
	if err != nil {
		d := rd.readError(err)
		if f.f.notThis != nil && rd.byName && rd.games == 0 && errors.Is(err, f.f.notThis) {
			// Found by its name only, and its content is no game record either.
			d = &game.Diagnostic{Kind: game.KindSyntax, Path: rd.name, Loc: d.Loc,
				Message: "not a game record (" + d.Message + ")",
				Err:     fmt.Errorf("%w: %w", ErrUnknownFormat, err)}
		}
		return rd.fileError(d)
	}
	if g == nil {
		return true
	}
	if rd.dec != nil {
		// Detection was deferred past an ASCII prefix: take the latest word.
		if enc := rd.dec.Detection().Encoding; enc != rd.first {
			g.Encoding = enc
		}
	}
	rd.o.runChecks(g)
	if rd.o.strict {
		for _, d := range g.Diagnostics {
			if d.IsWarning() { // notes stay notes
				d.Level = game.LevelError
			}
		}
	}
	rd.games++
	if !rd.yield(g, nil) {
		rd.done = true
		return false
	}
	if rd.o.maxGames > 0 && rd.games >= rd.o.maxGames {
		rd.done = true
		return false
	}
	return true
}

// readError turns an error of a reader that is not about one game into a positioned
// diagnostic: the reader's own, or an io diagnostic at the offset where reading failed.
func (rd *reading) readError(err error) *game.Diagnostic {
	var d *game.Diagnostic
	if errors.As(err, &d) {
		if d.Path == "" {
			d.Path = rd.name
		}
		return d
	}
	return ioDiagnostic(rd.name, rd.cr.Loc(), err)
}

// fileError yields a file-level diagnostic; it reports whether to go on.
func (rd *reading) fileError(d *game.Diagnostic) bool {
	if rd.o.strict && d.IsWarning() { // notes stay notes
		d.Level = game.LevelError
	}
	if d.IsError() {
		rd.failed = true
	}
	if !rd.yield(nil, d) {
		rd.done = true
		return false
	}
	return true
}

// ioDiagnostic is the diagnostic of a read error.
func ioDiagnostic(path string, loc game.Loc, err error) *game.Diagnostic {
	return &game.Diagnostic{Kind: game.KindIO, Path: path, Loc: loc, Message: ioMessage(err), Err: err}
}

// ioMessage shortens an *os.PathError to its cause: the path is already in the diagnostic.
func ioMessage(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
