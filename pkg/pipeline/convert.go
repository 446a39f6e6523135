package pipeline

import (
	"errors"
	"fmt"
	"strings"

	"github.com/qipu/qipu/pkg/jsonl"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// output encodes a game for convert. A game that cannot be written in the requested form (a
// character the output encoding lacks, a position XQF cannot hold) gets an encoding error and
// is left out of the output.
func (f *fileRun) output(g *game.Game) {
	f.w.buf.Reset()
	f.w.s.to.encode(f, g)
}

// outputPGN writes a game as Xiangqi PGN in the output encoding.
func (f *fileRun) outputPGN(g *game.Game) {
	w := f.w
	s := w.s
	if err := encodePGN(&w.buf, g, &s.pgn); err != nil {
		f.cannotWrite(g, "cannot write the game as PGN", err)
		return
	}
	data := w.buf.Bytes()
	if s.outEnc != textenc.UTF8 {
		enc, rep, err := textenc.EncodeLossy(string(data), s.outEnc)
		if err != nil {
			f.cannotWrite(g, "cannot encode the game in "+s.outEnc.String(), err)
			return
		}
		if rep.Count > 0 {
			f.replaced(g, rep)
		}
		data = enc
	}
	f.emit(data)
}

// outputJSONL writes a game as a JSON Lines object.
func (f *fileRun) outputJSONL(g *game.Game) {
	w := f.w
	s := w.s
	o := &s.games
	if len(f.jsonTail) > 0 { // the members a stage adds (analyze.go)
		oc := *o
		oc.Tail = f.jsonTail
		o = &oc
	}
	if s.outMode != outDir {
		// Straight into the batch: a long game's line is not held twice.
		f.cur.out = jsonl.AppendGame(f.cur.out, f.in.source, g, o)
		return
	}
	w.line = jsonl.AppendGame(w.line[:0], f.in.source, g, o)
	f.emit(w.line)
}

// outputXQF writes a game as a version-10 XQF file of its own.
func (f *fileRun) outputXQF(g *game.Game) {
	w := f.w
	// The writer's warnings (a tag cut to its header field, a character GBK lacks) are the
	// game's: they print and reach the report.
	opts := xqf.EncodeOptions{KeepResult: w.s.cfg.KeepResult, Warn: func(d *game.Diagnostic) {
		d.Path, d.Game = f.in.path, g.Index
		f.writerWarning(g, d)
	}}
	if err := xqf.EncodeWith(&w.buf, g, opts); err != nil {
		f.cannotWrite(g, "cannot write the game as XQF", err)
		return
	}
	f.writeXQF(w.buf.Bytes())
}

// replaced adds the encoding warning of a game written with characters the output encoding
// lacks replaced by '?'. For Big5 output of simplified text it suggests the flags that would
// have avoided it, unless they were given.
func (f *fileRun) replaced(g *game.Game, rep textenc.Replacements) {
	s := f.w.s
	msg := fmt.Sprintf("%q cannot be written in %s", rep.First[0].Rune, s.outEnc)
	if rep.Count > 1 {
		msg = fmt.Sprintf("%s, nor %d more character(s)", msg, rep.Count-1)
	}
	msg += "; written as '?'"
	if s.outEnc == textenc.Big5 {
		var hints []string
		if cn, ok := s.cfg.Notation.(chinese.Notation); (ok || s.cfg.Notation == nil) && !cn.Traditional {
			hints = append(hints, "--traditional")
		}
		if s.script != ScriptTraditional {
			hints = append(hints, "--script traditional")
		}
		if len(hints) > 0 {
			msg += " (try " + strings.Join(hints, " ") + ")"
		}
	}
	f.writerWarning(g, &game.Diagnostic{Kind: game.KindEncoding, Level: game.LevelWarning,
		Path: f.in.path, Loc: game.NoLoc, Game: g.Index, Message: msg})
}

// writerWarning adds a warning of the output writer to the game: an error under --strict,
// like every other warning.
func (f *fileRun) writerWarning(g *game.Game, d *game.Diagnostic) {
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
	g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: game.KindEncoding, Path: f.in.path,
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
	err := error(nil)
	if f.spill == nil {
		f.spill, err = f.w.r.temps.CreateTemp(f.dir)
	}
	if err == nil {
		_, err = f.spill.Write(f.cur.file)
		if err != nil {
			err = fmt.Errorf("writing under %s: %w", f.dir, err)
		}
	}
	if err == nil && f.cur.fileEnd {
		name := f.spill.Name()
		err = f.spill.Close()
		f.spill = nil
		if err != nil {
			f.w.r.temps.Remove(name)
			err = fmt.Errorf("writing under %s: %w", f.dir, err)
		} else {
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
		f.spill.Close()
		f.w.r.temps.Remove(f.spill.Name())
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
	t, err := f.w.r.temps.CreateTemp(f.dir)
	if err == nil {
		_, err = t.Write(data)
		if cerr := t.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			f.w.r.temps.Remove(t.Name())
		}
	}
	if err != nil {
		f.failed = true
		f.cur.fatal = fmt.Errorf("writing under %s: %w", f.dir, err)
		return
	}
	f.cur.files = append(f.cur.files, doneFile{dir: f.dir, base: base, ext: ".xqf", temp: t.Name()})
}

// convertScript converts the tag values and comments of a game to the script.
func convertScript(g *game.Game, sc Script) {
	conv := textenc.ToSimplified
	if sc == ScriptTraditional {
		conv = textenc.ToTraditional
	}
	for i := range g.Tags {
		if v, err := conv(g.Tags[i].Value); err == nil {
			g.Tags[i].Value = v
		}
	}
	for _, s := range []*string{&g.Opening.Name, &g.Opening.Variation} {
		if v, err := conv(*s); err == nil {
			*s = v
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
