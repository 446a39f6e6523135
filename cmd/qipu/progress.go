package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress draws the progress bar of convert and check: files done out of the files found
// (with the ETA), and games per second. The pipeline writes its diagnostics through
// stderrWriter, which takes the bar off its line first and draws it again after, so that no
// diagnostic is glued to the bar. The bar and the diagnostics are written from the
// pipeline's single writer goroutine.
type progress struct {
	w        io.Writer
	bar      *progressbar.ProgressBar
	start    time.Time
	lastDesc time.Time
	games    int
	done     bool
}

// isTerminal reports whether w is a terminal (tests replace it).
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newProgress returns a progress bar on w when w is a terminal, else nil.
func newProgress(w io.Writer) *progress {
	if !isTerminal(w) {
		return nil
	}
	return &progress{w: w}
}

// stderrWriter returns the writer the pipeline should print diagnostics to: w itself, with
// the bar cleared before each write and drawn again after it.
func (p *progress) stderrWriter() io.Writer { return barWriter{p} }

type barWriter struct{ p *progress }

func (b barWriter) Write(data []byte) (int, error) {
	p := b.p
	if p.bar == nil || p.done {
		return p.w.Write(data)
	}
	p.bar.Clear()
	n, err := p.w.Write(data)
	if r := p.bar.String(); r != "" {
		io.WriteString(p.w, "\r"+strings.TrimPrefix(r, "\r"))
	}
	return n, err
}

// Start draws the bar for the files found.
func (p *progress) Start(files int) {
	p.start = time.Now()
	p.bar = progressbar.NewOptions(max(files, 1),
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionSetDescription("0 games"),
		progressbar.OptionSetItsString("files"),
		progressbar.OptionShowIts(),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionClearOnFinish(),
	)
}

// Advance counts a finished file and its games.
func (p *progress) Advance(games int) {
	p.games += games
	if now := time.Now(); now.Sub(p.lastDesc) >= 250*time.Millisecond {
		p.lastDesc = now
		rate := float64(p.games) / max(now.Sub(p.start).Seconds(), 1e-3)
		p.bar.Describe(fmt.Sprintf("%d games, %.0f games/s", p.games, rate))
	}
	p.bar.Add(1)
}

// Finish removes the bar.
func (p *progress) Finish() {
	p.done = true
	p.bar.Finish()
	p.bar.Clear()
}

var _ pipeline.Progress = (*progress)(nil)
