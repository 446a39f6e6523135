package pipeline

import (
	"bufio"
	"context"
	"errors"
	"io"
	"path"
	"path/filepath"
	"strings"

	"github.com/qipu/qipu/pkg/ciformat"
	"github.com/qipu/qipu/pkg/ecco"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/countio"
	"github.com/qipu/qipu/pkg/internal/discover"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/jsonl"
	"github.com/qipu/qipu/pkg/query"
	"github.com/qipu/qipu/pkg/record"
	"github.com/qipu/qipu/pkg/textenc"
)

// maxKeptBuffer is the largest output buffer a worker keeps for the next game.
const maxKeptBuffer = 4 << 20

// worker reads, replays and encodes input files, one at a time.
type worker struct {
	r   *runner
	s   *settings
	ctx context.Context
	br  *bufio.Reader
	enc encoder // convert's writer (convert.go)
	env query.GameEnv
}

func newWorker(r *runner, ctx context.Context) *worker {
	return &worker{r: r, s: r.s, ctx: ctx, br: bufio.NewReaderSize(nil, 64<<10)}
}

// fileRun is the processing of one input file.
type fileRun struct {
	w         *worker
	in        *discover.Input
	sl        *orderSlot
	cur       batch // results not yet handed to the writer
	format    string
	encoding  string
	games     int
	written   int                // games written to output files (outDir)
	fileDiags []*game.Diagnostic // diagnostics of the file itself
	src       countio.Reader     // the file's bytes, counted to place a read error
	// outDir: where the file's outputs go; emitted says its output file has data. The writer
	// creates an output that fits in one batch; one that outgrows it the worker streams into
	// a temporary file of its own (spill), which the writer moves into place.
	dir, base string
	emitted   bool
	spill     *fsio.Spill
	spillBuf  []byte            // the output buffer, kept between batches once the output spills
	failed    bool              // writing the spill file failed: the run stops
	marks     []diagMark        // the diagnostic lines of cur, for placeFileDiag
	ci        ciformat.FileData // what the CI outputs and the baseline need (ci.go)
	group     string            // convert --split-by: the group of the game being written (split.go)
	dup       duplicate         // the cleanup stage's verdict on the game being handled (cleanup.go)
	jsonTail  []byte            // analyze: the JSON Lines "analysis" of the game being written (analyze.go)
}

// process handles one input file and always closes its slot.
func (w *worker) process(j job) {
	defer j.slot.close()
	if w.ctx.Err() != nil {
		return
	}
	f := &fileRun{w: w, in: j.in, sl: j.slot}
	if w.s.outMode == outDir {
		rel := j.in.OutRel
		f.dir = filepath.Join(w.s.outPath, filepath.FromSlash(path.Dir(rel)))
		f.base = strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		if f.base == "" {
			f.base = path.Base(rel)
		}
	}
	f.read()
	if w.ctx.Err() != nil {
		f.dropSpill() // the writer drops what was sent
		return
	}
	f.finish()
}

// read opens, recognizes and decodes the file.
func (f *fileRun) read() {
	w, in := f.w, f.in
	f.src.ErrAt = -1
	if in.WalkErr != nil {
		f.unreadable(game.KindIO, ioMessage(in.WalkErr), in.WalkErr)
		return
	}
	if in.Special != "" {
		f.skipSpecial()
		return
	}
	var src io.Reader
	if in.Stdin {
		// Standard input may wait for ever (a terminal, an idle pipe): an interruption
		// must not wait for it.
		src = &fsio.CtxReader{Ctx: w.ctx, R: w.s.stdin}
	} else {
		fh, err := fsio.Open(w.ctx, in.Path, in.Regular)
		if err != nil {
			f.unreadable(game.KindIO, ioMessage(err), err)
			return
		}
		defer fh.Close()
		src = fh
		if size, regular, err := fh.Stat(); err == nil && !regular {
			src = &fsio.CtxReader{Ctx: w.ctx, R: fh} // a named pipe or a device
		} else if err == nil {
			// A large file waits for its share of the decoding pool (Config.MemoryLimit).
			n := inputCost(w.r.large, size)
			if !w.r.large.Acquire(w.ctx, f.sl.seq, n) {
				return
			}
			defer w.r.large.Release(n)
		}
	}
	f.src.R = src
	w.br.Reset(&f.src)
	defer w.br.Reset(nil)
	prefix, err := w.br.Peek(record.SniffLen)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		f.unreadable(game.KindIO, ioMessage(err), err)
		return
	}
	found, ok := record.Recognize(prefix, in.Path, record.WithEncoding(w.s.inEnc))
	if !ok && in.Stdin {
		// Standard input is PGN unless its content says otherwise (and it did not).
		found = record.Recognition{Format: pgnFormat}
	} else if !ok {
		f.cur.stats.Skipped++
		return
	}
	f.cur.stats.Files++
	if w.s.check.DecodeOnly {
		f.decodeOnly(found.Format)
		return
	}
	f.format = found.Format.Name()
	f.decode(found)
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
		f.fileDiag(&game.Diagnostic{Kind: game.KindIO, Path: f.in.Path, Loc: f.src.Loc(),
			Message: ioMessage(err), Err: err})
	}
}

// decode reads the games of the file through record and handles each; the errors of the file
// itself (unreadable, truncated, no game, undecodable bytes) become its diagnostics.
func (f *fileRun) decode(found record.Recognition) {
	w := f.w
	opts := []record.Option{record.WithRecognition(found), record.WithEncoding(w.s.inEnc),
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
	if w.s.cfg.Repair {
		opts = append(opts, record.WithRepair())
	}
	opts = append(opts, record.WithChecks(w.s.checks...))
	enc := textenc.Encoding(-1) // none yet: the first game names the file's
	for g, err := range record.Read(w.br, f.in.Path, opts...) {
		if w.ctx.Err() != nil {
			return
		}
		if err != nil {
			if f.games == 0 && errors.Is(err, record.ErrUnknownFormat) {
				f.notGameFile()
				return
			}
			var d *game.Diagnostic
			if !errors.As(err, &d) {
				d = &game.Diagnostic{Kind: game.KindIO, Path: f.in.Path, Loc: game.NoLoc, Message: err.Error(), Err: err}
			}
			f.fileDiag(d)
			continue
		}
		if g.Encoding != enc {
			enc = g.Encoding
			f.encoding = jsonl.EncodingName(enc)
		}
		f.game(g)
	}
}

// selected reports whether g passes --where and --position.
func (f *fileRun) selected(g *game.Game) bool {
	s := f.w.s
	if s.cfg.Where != nil {
		env := &f.w.env
		env.Reset(g, "", g.Opening.Code, g.Ending.Kind.String())
		if !s.cfg.Where.Match(env) {
			return false
		}
	}
	return s.cfg.Positions == nil || s.cfg.Positions.Match(g)
}

// unreadable records a file that cannot be read at all: at the offset where reading failed
// (0 when it cannot be opened).
func (f *fileRun) unreadable(kind game.Kind, msg string, err error) {
	f.fileDiag(&game.Diagnostic{Kind: kind, Path: f.in.Path, Loc: f.src.Loc(), Message: msg, Err: err})
}

func (f *fileRun) fileDiag(d *game.Diagnostic) {
	if f.w.s.cfg.Strict && d.IsWarning() {
		d.Level = game.LevelError
	}
	if !f.ciFileDiag(d) {
		return
	}
	f.fileDiags = append(f.fileDiags, d)
}

// game handles one decoded game: strictness, script conversion, output, statistics, report
// and diagnostics.
func (f *fileRun) game(g *game.Game) {
	w := f.w
	s := w.s
	f.games++
	if !f.selected(g) {
		f.cur.stats.LeftOut++
		return
	}
	if s.eccoTraditional && g.Opening.Code != "" {
		g.Opening.Name, _ = textenc.ToTraditional(g.Opening.Name)
		g.Opening.Variation, _ = textenc.ToTraditional(g.Opening.Variation)
	}
	if s.conv.ECCOTags != ECCOKeep {
		ecco.Tags(g, s.conv.ECCOTags == ECCOReplace)
	}
	switch s.script {
	case ScriptSimplified:
		g.MapText(textenc.ToSimplified)
	case ScriptTraditional:
		g.MapText(textenc.ToTraditional)
	}
	f.dup = duplicate{}
	for _, st := range w.r.stages { // the command's stages (stage.go)
		st.game(f, g)
	}
	dup := f.dup
	if s.outMode != outNothing && !dup.dropped {
		if !s.conv.Shape.IsZero() {
			s.conv.Shape.Apply(g) // checked by validate: it cannot fail
		}
		f.output(g)
	}
	st := &f.cur.stats
	st.Games++
	st.Plies += g.Plies()
	if errs := g.Errors(); len(errs) > 0 {
		st.Invalidate(errs[0].Kind)
	} else {
		st.Valid++
	}
	for _, d := range g.Diagnostics {
		switch {
		case d.IsWarning():
			st.Warnings++
		case d.IsNote():
			st.Notes++
		}
		f.appendDiag(d) // a note only with Verbose
	}
	if s.cfg.Report != "" && dup.dropped {
		f.cur.report = f.appendDuplicateJSON(f.cur.report, g, dup.kept)
	} else if s.cfg.Report != "" {
		f.cur.report = jsonl.AppendGame(f.cur.report, f.in.Source, g, &s.reports)
	}
	if f.cur.size() >= chunkSize {
		f.flush()
	}
}

func (f *fileRun) appendDiag(d *game.Diagnostic) {
	if !d.IsNote() || f.w.s.cfg.Verbose { // notes are shown with -v only
		f.cur.diag = append(f.cur.diag, d.Error()...)
		f.cur.diag = append(f.cur.diag, '\n')
	}
	f.marks = append(f.marks, diagMark{line: d.Loc.Line, diag: len(f.cur.diag)})
}

// flush hands the collected results to the writer. Output file data goes to the spill file
// instead, once there is one.
func (f *fileRun) flush() {
	if f.spill != nil || len(f.cur.file) > 0 && !f.cur.fileEnd {
		// Spilled already (the end closes the spill file), or outgrowing a batch.
		f.spillFile()
	}
	if f.cur.empty() {
		return
	}
	f.w.r.budget.Acquire(context.Background(), f.sl.seq, int64(f.cur.size()))
	f.paceSplit() // split.go
	p := f.cur
	f.sl.send(&p)
	f.cur = batch{}
	f.marks = f.marks[:0]
}

// finish reports the file's own diagnostics, completes its output file and hands the rest to
// the writer.
func (f *fileRun) finish() {
	s := f.w.s
	if len(f.fileDiags) > 0 {
		st := &f.cur.stats
		if hasError(f.fileDiags) {
			if f.games == 0 {
				st.Unreadable++
			} else {
				st.FileErrors++
			}
		}
		for _, d := range f.fileDiags {
			switch {
			case d.IsWarning():
				st.Warnings++
			case d.IsNote():
				st.Notes++
			}
			f.placeFileDiag(d)
		}
		if s.cfg.Report != "" {
			f.cur.report = jsonl.AppendFile(f.cur.report, f.in.Source, f.format, f.encoding, f.fileDiags)
		}
	}
	for _, st := range f.w.r.stages {
		st.fileEnd(f)
	}
	if f.emitted && !f.failed {
		f.cur.fileEnd = true
		f.cur.dest = doneFile{dir: f.dir, base: f.base, ext: s.to.ext}
	}
	f.flush()
}

func hasError(ds []*game.Diagnostic) bool {
	for _, d := range ds {
		if d.IsError() {
			return true
		}
	}
	return false
}
