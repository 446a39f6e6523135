package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/qipu/qipu/pkg/pipeline"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress draws the progress bar of convert and check: files done out of the files found
// (with the ETA), and games per second.
type progress struct {
	w        io.Writer
	bar      *progressbar.ProgressBar
	start    time.Time
	lastDesc time.Time
	games    int
}

// newProgress returns a progress bar on w when w is a terminal, else nil.
func newProgress(w io.Writer) pipeline.Progress {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progress{w: w}
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
	p.bar.Finish()
	p.bar.Clear()
}
