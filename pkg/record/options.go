package record

import (
	"github.com/qipu/qipu/pkg/endcheck"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/textenc"
)

// Option adjusts how Read, ReadFile and Detect work.
type Option func(*options)

type options struct {
	encoding  textenc.Encoding
	strict    bool
	reuse     bool
	maxGames  int
	format    Format
	known     bool // format comes from WithRecognition: byContent says what sniffing found
	byContent bool
	info      func(Info)
	repair    bool
	checks    []*game.Check // nil: DefaultChecks
	checkBuf  []*game.Check // the array WithChecks copies into, kept by reset
}

// reset empties o for the next Read, keeping the array of the checks.
func (o *options) reset() {
	buf := o.checkBuf
	clear(buf)
	*o = options{checkBuf: buf[:0]}
}

// DefaultChecks returns the checks Read runs on every game unless WithChecks says otherwise:
// the ending check with its default settings (endcheck.NewCheck). The opening
// classification (ecco.NewCheck, whose package reads games through this one in its tests) is
// added with WithChecks, as the command line does.
func DefaultChecks() []*game.Check { return append([]*game.Check(nil), defaultChecks...) }

var defaultChecks = []*game.Check{endcheck.NewCheck(endcheck.Options{})}

// WithChecks runs checks, each with the settings it was built with, on every game once it is
// replayed, in the order given, instead of DefaultChecks; no checks runs none.
func WithChecks(checks ...*game.Check) Option {
	return func(o *options) {
		// A copy, in an array the options keep from one Read to the next; non-nil even empty.
		o.checks = append(o.checkBuf[:0], checks...)
		if o.checks == nil {
			o.checks = []*game.Check{}
		}
		o.checkBuf = o.checks
	}
}

// runChecks runs the checks on g.
func (o *options) runChecks(g *game.Game) {
	checks := o.checks
	if checks == nil {
		checks = defaultChecks
	}
	for _, c := range checks {
		c.Run(g)
	}
}

func (o *options) apply(opts []Option) {
	for _, opt := range opts {
		if opt != nil {
			opt(o)
		}
	}
}

// WithEncoding reads the text in enc instead of detecting it (textenc.Auto, the default,
// detects). The XQF reader takes it for its header strings and comments; UTF-16, which XQF
// cannot hold, falls back to detection there.
func WithEncoding(enc textenc.Encoding) Option {
	return func(o *options) { o.encoding = enc }
}

// WithStrict turns every warning into an error: the diagnostics of the games and of the file
// itself. Notes stay notes.
func WithStrict() Option {
	return func(o *options) { o.strict = true }
}

// WithRepair lets every reader undo the known breakages of a start position (one side's
// pieces mirrored left–right, the board mirrored or rotated, the side to move) when a game's
// main line fails in its first plies and the repaired position makes the whole line legal:
// see game.Builder.Repair. A repaired game is valid with a "repaired" warning. Without it,
// the first error of such a game names the repair that would work.
func WithRepair() Option {
	return func(o *options) { o.repair = true }
}

// WithMaxGames stops after n games (n > 0); the rest of the input is not read.
func WithMaxGames(n int) Option {
	return func(o *options) { o.maxGames = n }
}

// WithReuse lets the readers recycle the memory of a game (its move tree, its tags) for the
// next one: a yielded game is then valid only until the loop asks for the next. It saves an
// allocation per move when the caller keeps nothing of a game after its loop iteration.
func WithReuse() Option {
	return func(o *options) { o.reuse = true }
}

// WithFormat reads the input as f, without sniffing (for a caller that has already called
// Detect, or knows better). The zero Format means "detect".
func WithFormat(f Format) Option {
	return func(o *options) { o.format, o.known = f, false }
}

// WithRecognition reads the input as r.Format, taking what Recognize found instead of
// sniffing its first bytes again (for a caller that has called Recognize on them).
func WithRecognition(r Recognition) Option {
	return func(o *options) { o.format, o.known, o.byContent = r.Format, r.Format.f != nil, r.ByContent }
}

// Info describes an input once it is recognized.
type Info struct {
	// Format is the format the input is read as.
	Format Format
	// Encoding is the encoding of a text format, detected from the first bytes (or the one
	// given with WithEncoding). It is textenc.Auto for the other formats, whose readers set
	// Game.Encoding themselves.
	Encoding textenc.Encoding
}

// WithInfo calls fn once the format (and for text, the encoding) is decided, before the first
// game is read. It is not called when the input is unreadable or of no known format.
func WithInfo(fn func(Info)) Option {
	return func(o *options) { o.info = fn }
}
