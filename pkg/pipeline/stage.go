package pipeline

import (
	"fmt"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/headsem"
)

// stage is one per-game feature of a command (CI outputs, export, split, the cleanup
// commands' notes): a name, and what it does with each game and at the end of each file in
// a worker, with each batch in input order in the writer, and at the end of the run. A
// command lists its stages in commands.go; fileRun.game, fileRun.finish and the writer call
// every active stage in that order, so a new feature is one new type and one line in the
// command table. Embed noStage to leave a step out.
type stage interface {
	// name is the feature's name, for messages.
	name() string
	// active reports whether the run uses the stage (its options are given; the pass is
	// the one it works in). It is asked once per run (each pass of a cleanup command).
	active(r *runner) bool
	// open runs in the writer before the workers start.
	open(w *writer) error
	// game runs in a worker for every selected game, before the game is written.
	game(f *fileRun, g *game.Game)
	// fileEnd runs in a worker once a file's games are read, before its last batch goes.
	fileEnd(f *fileRun)
	// note runs in the writer for every batch, in input order, even once the run fails.
	note(w *writer, seq int, p *batch)
	// write runs in the writer for every batch of a healthy run, in input order.
	write(w *writer, p *batch) error
	// close completes what the stage wrote (ok) or removes it, at the end of the run.
	close(w *writer, ok bool) error
}

// noStage does nothing at every step; a stage embeds it for the steps it leaves out.
type noStage struct{}

func (noStage) open(*writer) error          { return nil }
func (noStage) fileEnd(*fileRun)            {}
func (noStage) note(*writer, int, *batch)   {}
func (noStage) write(*writer, *batch) error { return nil }
func (noStage) close(*writer, bool) error   { return nil }

// game is the step of a stage that acts only per file or in the writer; every stage of
// today has a per-game step of its own.
//
//lint:ignore U1000 the default step, part of what noStage gives a new stage
func (noStage) game(*fileRun, *game.Game) {}

// activeStages returns the stages of the run's command that it uses, then Config's test
// stages.
func (r *runner) activeStages() []stage {
	var out []stage
	for _, st := range r.s.cmd.stages {
		if st.active(r) {
			out = append(out, st)
		}
	}
	for _, st := range r.s.hooks.stages {
		if st.active(r) {
			out = append(out, st)
		}
	}
	return out
}

// stageData returns the slot of a batch for the data a stage sends from a worker to the
// writer, for stages that have no field of their own in batch.
func (p *batch) stageData(st stage) *any {
	if p.extra == nil {
		p.extra = map[stage]*any{}
	}
	v := p.extra[st]
	if v == nil {
		v = new(any)
		p.extra[st] = v
	}
	return v
}

// ciStage: --select, --ignore, the baseline and the CI outputs of check (ci.go).
type ciStage struct{ noStage }

func (ciStage) name() string                    { return "ci" }
func (ciStage) active(r *runner) bool           { return r.s.ci != nil }
func (ciStage) open(w *writer) error            { return w.openCI() }
func (ciStage) game(f *fileRun, g *game.Game)   { f.ciGame(g) }
func (ciStage) fileEnd(f *fileRun)              { f.ciFinish() }
func (ciStage) write(w *writer, p *batch) error { return w.writeCI(p.ci) }
func (ciStage) close(w *writer, ok bool) error  { return w.closeCI(ok) }

// cleanStage: the notes of dedupe, stats and --dedupe's verdicts (cleanup.go). It runs
// before the stages that leave a duplicate out.
type cleanStage struct{ noStage }

func (cleanStage) name() string                  { return "cleanup" }
func (cleanStage) active(r *runner) bool         { return r.clean != nil }
func (cleanStage) game(f *fileRun, g *game.Game) { f.dup = f.cleanGame(g) }
func (cleanStage) fileEnd(f *fileRun)            { f.cleanFile() }
func (cleanStage) note(w *writer, seq int, p *batch) {
	if p.clean != nil {
		w.r.clean.absorb(seq, p.clean)
	}
}

// exportStage: qipu export's rows (export.go).
type exportStage struct{ noStage }

func (exportStage) name() string                    { return "export" }
func (exportStage) active(r *runner) bool           { return r.s.exporting }
func (exportStage) open(w *writer) error            { return w.openExport() }
func (exportStage) game(f *fileRun, g *game.Game)   { f.exportGame(g, f.dup) }
func (exportStage) write(w *writer, p *batch) error { return w.writeExport(p) }
func (exportStage) close(w *writer, ok bool) error {
	if err := w.closeExport(ok); err != nil {
		w.r.closeAnalyzer("export")
		return fmt.Errorf("export: %w", err)
	}
	return w.r.closeAnalyzer("export")
}

// splitStage: convert --split-by (split.go).
type splitStage struct{ noStage }

func (splitStage) name() string          { return "split" }
func (splitStage) active(r *runner) bool { return r.s.splitting() }
func (splitStage) game(f *fileRun, g *game.Game) {
	if !f.dup.dropped {
		f.splitGroup(g) // before --strip-tags
	}
}
func (splitStage) open(w *writer) error {
	w.r.splitPace = &headsem.Pacer{Limit: splitPaceLimit}
	return nil
}
func (splitStage) note(w *writer, _ int, p *batch) { w.r.splitPace.Release(p.split.paced) }
func (splitStage) write(w *writer, p *batch) error { return w.writeSplit(p) }
func (splitStage) close(w *writer, ok bool) error  { return w.closeSplit(ok) }
