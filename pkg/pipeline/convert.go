package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/jsonl"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/textenc"
	gamewriter "github.com/qipu/qipu/pkg/writer"
)

// encoder is a worker's state for convert's writer: the options it hands the writer, the
// writer's warnings of the game at hand and a scratch buffer.
type encoder struct {
	opts  gamewriter.Options
	warns []*game.Diagnostic
	jsonl jsonl.Options // the JSON Lines options with a stage's members
	buf   []byte        // one game's output, for an output directory, a split or XQF
}

// output encodes a game for convert through the output's writer (package writer). A game
// that cannot be written in the requested form (a character the output encoding lacks, a
// position XQF cannot hold) gets an encoding error and is left out of the output.
func (f *fileRun) output(g *game.Game) {
	w := f.w
	s := w.s
	e := &w.enc
	if e.opts.Warn == nil {
		e.opts = gamewriter.Options{Notation: s.pgn.Notation, Encoding: s.outEnc, KeepResult: s.write.KeepResult, JSONL: &s.games}
		e.opts.Warn = func(d *game.Diagnostic) { e.warns = append(e.warns, d) }
	}
	e.opts.Source = f.in.Source
	e.warns = e.warns[:0]
	t := s.to
	direct := s.outMode != outDir && !t.perGame && !s.splitting()
	dst := e.buf[:0]
	if direct {
		// Straight into the batch: a long game's output is not held twice.
		dst = f.cur.out
	}
	e.opts.JSONL = &s.games
	if len(f.jsonTail) > 0 { // the members a stage adds (analyze.go)
		e.jsonl = s.games
		e.jsonl.Tail = f.jsonTail
		e.opts.JSONL = &e.jsonl
	}
	out, err := t.w.Append(dst, g, &e.opts)
	for _, d := range e.warns {
		f.writerWarning(g, d)
	}
	if err != nil {
		var ee *gamewriter.EncodingError
		if errors.As(err, &ee) {
			f.cannotWrite(g, "cannot encode the game in "+ee.Encoding.String(), ee.Err)
		} else {
			f.cannotWrite(g, "cannot write the game as "+t.w.Title, err)
		}
		return
	}
	switch {
	case direct:
		f.cur.out = out
	case t.perGame:
		e.buf = out
		f.writeXQF(out)
	default:
		e.buf = out
		f.emit(out)
	}
	if cap(e.buf) > maxKeptBuffer {
		// A worker keeps its buffer from game to game, but not the size of an outlandish one.
		e.buf = nil
	}
}

// hints are what a warning of a game written with characters the output encoding lacks
// replaced by '?' suggests: for Big5 output of simplified text the flags that would have
// avoided it, unless they were given.
func (f *fileRun) hints(d *game.Diagnostic) {
	s := f.w.s
	if s.outEnc != textenc.Big5 || s.to.w.Name != "pgn" || d.Kind != game.KindEncoding {
		return
	}
	var hints []string
	if cn, ok := s.write.Notation.(chinese.Notation); (ok || s.write.Notation == nil) && !cn.Traditional {
		hints = append(hints, "--traditional")
	}
	if s.script != ScriptTraditional {
		hints = append(hints, "--script traditional")
	}
	if len(hints) > 0 {
		d.Message += " (try " + strings.Join(hints, " ") + ")"
	}
}

// writerWarning adds a warning of the output writer to the game: an error under --strict,
// like every other warning.
func (f *fileRun) writerWarning(g *game.Game, d *game.Diagnostic) {
	d.Path, d.Game = f.in.Path, g.Index
	f.hints(d)
	if f.w.s.cfg.Strict {
		d.Level = game.LevelError
	}
	g.Diagnostics = append(g.Diagnostics, d)
}

// cannotWrite adds an encoding error to a game that is left out of the output.
func (f *fileRun) cannotWrite(g *game.Game, msg string, err error) {
	if err != nil && !errors.Is(err, textenc.ErrUnencodable) {
		msg += ": " + err.Error()
	}
	g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: game.KindEncoding, Path: f.in.Path,
		Loc: game.NoLoc, Game: g.Index, Message: msg + "; the game is left out of the output", Err: err})
}

// emit adds a game's output to the batch: for standard output or the single output file, or
// for the file's output file under the output directory, which the writer creates.
func (f *fileRun) emit(data []byte) {
	if f.w.s.splitting() {
		f.emitSplit(data) // split.go
		return
	}
	if f.w.s.outMode != outDir {
		f.cur.out = append(f.cur.out, data...)
		return
	}
	if f.cur.file == nil {
		f.cur.file, f.spillBuf = f.spillBuf, nil
	}
	f.cur.file = append(f.cur.file, data...)
	if !f.emitted {
		f.emitted = true
		f.cur.dest = doneFile{dir: f.dir, base: f.base, ext: f.w.s.to.ext}
	}
}

// spillFile writes the output file data of the batch to the file's own temporary file,
// created at the first spill: an output larger than a batch is streamed to disk by its worker
// rather than held for the writer. At the end the batch hands the writer the temporary file
// to move into place.
func (f *fileRun) spillFile() {
	// The buffer stays with the worker for the next data: a batch that kept it, empty, would
	// hold its memory until the writer reaches the file.
	defer func() { f.spillBuf, f.cur.file = f.cur.file[:0], nil }()
	if f.failed {
		return
	}
	if f.spill == nil {
		f.spill = f.w.r.temps.NewSpill(f.dir)
	}
	_, err := f.spill.Write(f.cur.file)
	if err == nil && f.cur.fileEnd {
		var name string
		name, err = f.spill.Finish()
		f.spill = nil
		if err == nil {
			f.cur.fileEnd = false
			f.cur.files = append(f.cur.files, doneFile{dir: f.dir, base: f.base, ext: f.w.s.to.ext, temp: name})
		}
	}
	if err != nil {
		f.failed = true
		f.cur.fatal = err
		f.cur.fileEnd = false
		f.dropSpill()
	}
}

// dropSpill removes the spill file, if any.
func (f *fileRun) dropSpill() {
	if f.spill != nil {
		f.spill.Drop()
		f.spill = nil
	}
}

// writeXQF adds one game's XQF file to the batch: base.xqf for the first game of the input,
// base-N.xqf for the N-th.
func (f *fileRun) writeXQF(data []byte) {
	if f.failed {
		return
	}
	f.written++
	base := f.base
	if f.written > 1 {
		base = fmt.Sprintf("%s-%d", f.base, f.written)
	}
	// Written here, not by the writer: a file of many games makes as many files, which
	// would otherwise wait in memory behind a large file at the head of the queue.
	name, err := f.w.r.temps.WriteTemp(f.dir, data)
	if err != nil {
		f.failed = true
		f.cur.fatal = err
		return
	}
	f.cur.files = append(f.cur.files, doneFile{dir: f.dir, base: base, ext: ".xqf", temp: name})
}
