package pipeline

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// errStop stops a reader from the game callback after a fatal output error.
var errStop = errors.New("pipeline: stop")

// maxKeptBuffer is the largest output buffer a worker keeps for the next game.
const maxKeptBuffer = 4 << 20

// worker reads, replays and encodes input files, one at a time.
type worker struct {
	r    *runner
	s    *settings
	ctx  context.Context
	br   *bufio.Reader
	buf  bytes.Buffer // one game's encoded output
	line []byte       // one game's JSON line
}

func newWorker(r *runner, ctx context.Context) *worker {
	return &worker{r: r, s: r.s, ctx: ctx, br: bufio.NewReaderSize(nil, 64<<10)}
}

// fileRun is the processing of one input file.
type fileRun struct {
	w         *worker
	in        *input
	sl        *slot
	cur       piece // results not yet handed to the writer
	format    string
	encoding  string
	games     int
	written   int                // games written to output files (outDir)
	fileDiags []*game.Diagnostic // diagnostics of the file itself
	src       countReader        // the file's bytes, counted to place a read error
	// outDir: the temporary output file of a PGN or JSON Lines conversion, and where it goes
	tmp       *os.File
	tmpBuf    *bufio.Writer
	dir, base string
	failed    bool // a fatal error was reported
}

// process handles one input file and always closes its slot.
func (w *worker) process(j job) {
	defer close(j.slot.ch)
	if w.ctx.Err() != nil {
		return
	}
	f := &fileRun{w: w, in: j.in, sl: j.slot}
	if w.s.outMode == outDir {
		rel := j.in.outRel
		f.dir = filepath.Join(w.s.outPath, filepath.FromSlash(path.Dir(rel)))
		f.base = strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		if f.base == "" {
			f.base = path.Base(rel)
		}
	}
	f.read()
	if w.ctx.Err() != nil && !f.failed {
		f.abort()
		return
	}
	f.finish()
}

// read opens, recognizes and decodes the file.
func (f *fileRun) read() {
	w, in := f.w, f.in
	f.src.errAt = -1
	if in.walkErr != nil {
		f.unreadable(game.KindIO, ioMessage(in.walkErr), in.walkErr)
		return
	}
	var src io.Reader
	if in.stdin {
		// Standard input may wait for ever (a terminal, an idle pipe): an interruption
		// must not wait for it.
		src = &ctxReader{ctx: w.ctx, r: w.s.stdin}
	} else {
		fh, err := openInput(w.ctx, in.path)
		if err != nil {
			f.unreadable(game.KindIO, ioMessage(err), err)
			return
		}
		defer fh.Close()
		src = fh
		if fi, err := fh.Stat(); err == nil && !fi.Mode().IsRegular() {
			src = &ctxReader{ctx: w.ctx, r: fh} // a named pipe or a device
		}
	}
	f.src.r = src
	w.br.Reset(&f.src)
	defer w.br.Reset(nil)
	prefix, err := w.br.Peek(record.SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		f.unreadable(game.KindIO, ioMessage(err), err)
		return
	}
	format, ok := record.Detect(prefix, in.path, record.WithEncoding(w.s.inEnc))
	if !ok && in.stdin {
		format = pgnFormat // standard input is PGN unless its content says otherwise
	} else if !ok {
		f.cur.stats.skipped++
		return
	}
	f.cur.stats.files++
	if w.s.cfg.DecodeOnly {
		f.decodeOnly(format)
		return
	}
	f.format = format.Name()
	f.decode(format)
}

// pgnFormat is record's PGN.
var pgnFormat, _ = record.FormatByName("pgn")

// decodeOnly reads the file and decodes its text, and nothing more (Config.DecodeOnly).
func (f *fileRun) decodeOnly(format record.Format) {
	var err error
	if !format.Text() {
		_, err = io.Copy(io.Discard, f.w.br)
	} else {
		var dec *textenc.Decoder
		if dec, err = textenc.Open(f.w.br, f.w.s.inEnc); err == nil {
			_, err = io.Copy(io.Discard, dec)
		}
	}
	if err != nil {
		f.fileDiag(&game.Diagnostic{Kind: game.KindIO, Path: f.in.path, Loc: f.src.loc(),
			Message: ioMessage(err), Err: err})
	}
}

// decode reads the games of the file through record and handles each; the errors of the file
// itself (unreadable, truncated, no game, undecodable bytes) become its diagnostics.
func (f *fileRun) decode(format record.Format) {
	w := f.w
	opts := []record.Option{record.WithFormat(format), record.WithEncoding(w.s.inEnc),
		// f.game keeps nothing of a game: its memory can serve the next one.
		record.WithReuse(),
		record.WithInfo(func(i record.Info) {
			if i.Encoding != textenc.Auto {
				f.encoding = i.Encoding.String()
			}
		}),
	}
	if w.s.cfg.Strict {
		opts = append(opts, record.WithStrict())
	}
	for g, err := range record.Read(w.br, f.in.path, opts...) {
		if w.ctx.Err() != nil {
			return
		}
		if err != nil {
			var d *game.Diagnostic
			if !errors.As(err, &d) {
				d = &game.Diagnostic{Kind: game.KindIO, Path: f.in.path, Loc: game.NoLoc, Message: err.Error(), Err: err}
			}
			f.fileDiag(d)
			continue
		}
		f.encoding = g.Encoding
		if f.game(g) != nil {
			return
		}
	}
}

// unreadable records a file that cannot be read at all: at the offset where reading failed
// (0 when it cannot be opened).
func (f *fileRun) unreadable(kind game.Kind, msg string, err error) {
	f.fileDiag(&game.Diagnostic{Kind: kind, Path: f.in.path, Loc: f.src.loc(), Message: msg, Err: err})
}

// openInput opens an input file. Opening a named pipe waits for a writer: that wait gives up
// when ctx is done (the file is closed if it opens later).
func openInput(ctx context.Context, path string) (*os.File, error) {
	if fi, err := os.Stat(path); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return os.Open(path)
	}
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
		return nil, ctx.Err()
	}
}

// ctxReader is a reader that gives up when ctx is done, even while the read it started
// blocks; that read goes on in the background, and its result is then dropped.
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	done chan readResult // where the background reads deliver
	buf  []byte
}

type readResult struct {
	n   int
	err error
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if c.done == nil {
		c.done = make(chan readResult, 1)
	}
	// The background read fills a buffer of its own: p may be gone when it returns.
	if cap(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		c.done <- readResult{n, err}
	}()
	select {
	case res := <-c.done:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		c.buf = nil // still the background read's
		return 0, c.ctx.Err()
	}
}

// countReader counts the bytes read from a file, and where reading first failed, so that an
// io diagnostic names a byte offset like every other.
type countReader struct {
	r     io.Reader
	n     int64 // bytes read
	errAt int64 // offset of the first read error; -1 for none
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF && c.errAt < 0 {
		c.errAt = c.n
	}
	return n, err
}

// loc is the offset of the first read error, or else of the bytes read so far.
func (c *countReader) loc() game.Loc {
	if c.errAt >= 0 {
		return game.Loc{Offset: c.errAt}
	}
	return game.Loc{Offset: c.n}
}

func (f *fileRun) fileDiag(d *game.Diagnostic) {
	if f.w.s.cfg.Strict {
		d.Warning = false
	}
	f.fileDiags = append(f.fileDiags, d)
}

// ioMessage shortens an *os.PathError to its cause: the path is already in the diagnostic.
func ioMessage(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// game handles one decoded game: strictness, script conversion, output, statistics, report
// and diagnostics.
func (f *fileRun) game(g *game.Game) error {
	w := f.w
	s := w.s
	f.games++
	if s.script != scriptKeep {
		convertScript(g, s.script)
	}
	if s.outMode != outNothing {
		err := f.output(g)
		// A worker keeps its buffers from game to game, but not the size of an outlandish
		// one.
		if cap(w.line) > maxKeptBuffer {
			w.line = nil
		}
		if w.buf.Cap() > maxKeptBuffer {
			w.buf = bytes.Buffer{}
		}
		if err != nil {
			f.fatal(err)
			return errStop
		}
	}
	st := &f.cur.stats
	st.games++
	st.plies += g.Plies()
	if errs := g.Errors(); len(errs) > 0 {
		st.invalid++
		st.byKind[kindIndex(errs[0].Kind)]++
	} else {
		st.valid++
	}
	for _, d := range g.Diagnostics {
		if d.Warning {
			st.warnings++
		}
		f.appendDiag(d)
	}
	if s.cfg.Report != "" {
		f.cur.report = appendGameJSON(f.cur.report, f.in.source, g, false, s.notation)
	}
	if f.cur.size() >= chunkSize {
		f.flush()
	}
	return nil
}

func (f *fileRun) appendDiag(d *game.Diagnostic) {
	f.cur.diag = append(f.cur.diag, d.Error()...)
	f.cur.diag = append(f.cur.diag, '\n')
	if f.w.s.format == formatGitHub {
		f.cur.annot = appendAnnotation(f.cur.annot, d)
	}
}

// output encodes a game for convert. A game that cannot be written in the requested form (a
// character the output encoding lacks, a position XQF cannot hold) gets an encoding error and
// is left out of the output; only a failing write is returned.
func (f *fileRun) output(g *game.Game) error {
	w := f.w
	s := w.s
	w.buf.Reset()
	switch {
	case s.to.isPGN():
		if err := encodePGN(&w.buf, g, s.to.moveFormat(), s.notation); err != nil {
			f.cannotWrite(g, "cannot write the game as PGN", err)
			return nil
		}
		data := w.buf.Bytes()
		if s.outEnc != textenc.UTF8 {
			enc, err := textenc.EncodeString(string(data), s.outEnc)
			if err != nil {
				msg := "cannot encode the game in " + s.outEnc.String()
				var ue *textenc.UnencodableError
				if errors.As(err, &ue) && ue.Rune >= 0 {
					msg = fmt.Sprintf("cannot encode %q in %s; try --traditional --script traditional for big5", ue.Rune, s.outEnc)
					if s.outEnc != textenc.Big5 {
						msg = fmt.Sprintf("cannot encode %q in %s", ue.Rune, s.outEnc)
					}
				}
				f.cannotWrite(g, msg, err)
				return nil
			}
			data = enc
		}
		return f.emit(data)
	case s.to == toJSONL:
		if s.outMode != outDir {
			// Straight into the piece: a long game's line is not held twice.
			f.cur.out = appendGameJSON(f.cur.out, f.in.source, g, true, s.notation)
			return nil
		}
		w.line = appendGameJSON(w.line[:0], f.in.source, g, true, s.notation)
		return f.emit(w.line)
	case s.to == toXQF:
		if err := xqf.Encode(&w.buf, g); err != nil {
			f.cannotWrite(g, "cannot write the game as XQF", err)
			return nil
		}
		return f.writeXQF(w.buf.Bytes())
	}
	return nil
}

// cannotWrite adds an encoding error to a game that is left out of the output.
func (f *fileRun) cannotWrite(g *game.Game, msg string, err error) {
	if err != nil && !errors.Is(err, textenc.ErrUnencodable) {
		msg += ": " + err.Error()
	}
	g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: game.KindEncoding, Path: f.in.path,
		Loc: game.NoLoc, Game: g.Index, Message: msg + "; the game is left out of the output", Err: err})
}

// emit writes a game's output: into the piece for standard output or the single output file,
// or into the file's temporary output file under the output directory.
func (f *fileRun) emit(data []byte) error {
	if f.w.s.outMode != outDir {
		f.cur.out = append(f.cur.out, data...)
		return nil
	}
	if f.tmp == nil {
		t, err := f.w.r.temps.create(f.dir)
		if err != nil {
			return err
		}
		f.tmp = t
		f.tmpBuf = bufio.NewWriterSize(t, chunkSize)
	}
	if _, err := f.tmpBuf.Write(data); err != nil {
		return fmt.Errorf("writing under %s: %w", f.dir, err)
	}
	return nil
}

// writeXQF writes one game's XQF file: base.xqf for the first game of the input, base-N.xqf
// for the N-th.
func (f *fileRun) writeXQF(data []byte) error {
	t, err := f.w.r.temps.create(f.dir)
	if err != nil {
		return err
	}
	_, err = t.Write(data)
	if cerr := t.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		f.w.r.temps.remove(t.Name())
		return fmt.Errorf("writing under %s: %w", f.dir, err)
	}
	f.written++
	base := f.base
	if f.written > 1 {
		base = fmt.Sprintf("%s-%d", f.base, f.written)
	}
	f.cur.files = append(f.cur.files, doneFile{temp: t.Name(), dir: f.dir, base: base, ext: ".xqf"})
	return nil
}

// fatal reports an output failure: the writer stops the run.
func (f *fileRun) fatal(err error) {
	f.failed = true
	f.cur.fatal = err
	f.dropTemp()
}

func (f *fileRun) dropTemp() {
	if f.tmp != nil {
		f.tmp.Close()
		f.w.r.temps.remove(f.tmp.Name())
		f.tmp = nil
	}
}

// abort drops the file's results after cancellation.
func (f *fileRun) abort() {
	f.dropTemp()
	for _, d := range f.cur.files {
		f.w.r.temps.remove(d.temp)
	}
}

// flush hands the collected results to the writer.
func (f *fileRun) flush() {
	if f.cur.empty() {
		return
	}
	f.w.r.budget.acquire(f.sl.seq, int64(f.cur.size()))
	p := f.cur // a pointer travels: the channel of each file stays small (depth × 8 bytes)
	f.sl.ch <- &p
	f.cur = piece{}
}

// finish reports the file's own diagnostics, completes its output file and hands the rest to
// the writer.
func (f *fileRun) finish() {
	s := f.w.s
	if len(f.fileDiags) > 0 {
		st := &f.cur.stats
		if hasError(f.fileDiags) {
			if f.games == 0 {
				st.unreadable++
			} else {
				st.fileErrors++
			}
		}
		for _, d := range f.fileDiags {
			if d.Warning {
				st.warnings++
			}
			f.appendDiag(d)
		}
		if s.cfg.Report != "" {
			f.cur.report = appendFileJSON(f.cur.report, f.in.source, f.format, f.encoding, f.fileDiags)
		}
	}
	if f.tmp != nil && !f.failed {
		err := f.tmpBuf.Flush()
		if cerr := f.tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			f.w.r.temps.remove(f.tmp.Name())
			f.cur.fatal = fmt.Errorf("writing under %s: %w", f.dir, err)
		} else {
			f.cur.files = append(f.cur.files, doneFile{temp: f.tmp.Name(), dir: f.dir, base: f.base, ext: s.to.ext()})
		}
		f.tmp = nil
	}
	f.flush()
}

func hasError(ds []*game.Diagnostic) bool {
	for _, d := range ds {
		if !d.Warning {
			return true
		}
	}
	return false
}

// convertScript converts the tag values and comments of a game to the script.
func convertScript(g *game.Game, sc script) {
	conv := textenc.ToSimplified
	if sc == scriptTraditional {
		conv = textenc.ToTraditional
	}
	for i := range g.Tags {
		if v, err := conv(g.Tags[i].Value); err == nil {
			g.Tags[i].Value = v
		}
	}
	stack := []*game.Node{&g.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range n.Comments {
			if v, err := conv(c); err == nil {
				n.Comments[i] = v
			}
		}
		stack = append(stack, n.Children...)
	}
}
