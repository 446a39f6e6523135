package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/board"
)

// DefaultTimeout is how long an engine may take to answer when Config.Timeout is zero: the
// handshake, readyok, or a search beyond its move time.
const DefaultTimeout = 30 * time.Second

// maxLine is the longest line an engine may write.
const maxLine = 1 << 20

// Option is one "setoption name NAME value VALUE".
type Option struct {
	Name, Value string
}

// Config says how to start and set up an engine.
type Config struct {
	// Path is the engine's program; Args its arguments.
	Path string
	Args []string
	// Options are set, in order, after the handshake.
	Options []Option
	// Dialect is the engine's squares and protocol; Auto detects it from "id name".
	Dialect Dialect
	// Timeout bounds every wait for the engine's answer (zero: DefaultTimeout); a search
	// under a move time may take that much longer.
	Timeout time.Duration
	// Stderr receives the engine's standard error (nil: discarded).
	Stderr io.Writer
}

// Limit is how long one search goes on: a node count, a depth or a move time (the first one
// set, in that order). The zero Limit searches to depth 1.
type Limit struct {
	Nodes    int64
	Depth    int
	MoveTime time.Duration
}

// String returns the arguments of "go": "nodes 4000", "depth 12" or "movetime 500".
func (l Limit) String() string {
	switch {
	case l.Nodes > 0:
		return "nodes " + strconv.FormatInt(l.Nodes, 10)
	case l.Depth > 0:
		return "depth " + strconv.Itoa(l.Depth)
	case l.MoveTime > 0:
		return "movetime " + strconv.FormatInt(l.MoveTime.Milliseconds(), 10)
	}
	return "depth 1"
}

// Result is the answer of one search: the last scored info line and the best move, with every
// move in ICCS squares. Score is the side to move's point of view.
type Result struct {
	// Best is the best move; NoMove when the position has no legal move (mate, stalemate).
	Best board.Move
	// PV is the principal variation, cut at its first move that is not legal.
	PV []board.Move
	// Score is centipawns, or moves to mate when Mate is set (negative: the side to move is
	// mated; 0: it is mated now).
	Score int
	Mate  bool
	Depth int
	Nodes int64
}

// line is one line read from the engine, or the end of its output.
type line struct {
	text string
	err  error
}

// Engine is one running engine process. Its methods are not safe for concurrent use.
type Engine struct {
	cfg     Config
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan line
	exited  chan struct{} // closed once the process has been waited for
	waitErr error
	name    string
	dialect Dialect
	options map[string]bool // the options the engine declares, lower case
	threads string          // the Threads value set again before each search; "" when the engine has none
	dead    bool
	wbuf    []byte
	pv      []string
	// Searches counts the searches the engine was asked for.
	Searches int
}

// Start starts the engine and completes the handshake: "uci" (UCCI: "ucci") up to "uciok",
// the options, then "isready" up to "readyok". Threads is set to 1 when the engine declares it
// and the options do not set it, so that a search depends on its position and limit only.
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	e := &Engine{cfg: cfg, name: cfg.Path, dialect: cfg.Dialect, options: map[string]bool{}}
	path, err := exec.LookPath(cfg.Path)
	if err != nil {
		return nil, e.fail(ErrMissing, "", "", err)
	}
	e.cmd = exec.CommandContext(ctx, path, cfg.Args...)
	e.cmd.Stderr = cfg.Stderr
	e.cmd.WaitDelay = time.Second
	if e.stdin, err = e.cmd.StdinPipe(); err != nil {
		return nil, e.fail(ErrStart, "", "", err)
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, e.fail(ErrStart, "", "", err)
	}
	if err := e.cmd.Start(); err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return nil, e.fail(ErrMissing, "", "", err)
		}
		return nil, e.fail(ErrStart, "", "", err)
	}
	e.lines = make(chan line, 64)
	e.exited = make(chan struct{})
	go e.read(out)
	if err := e.handshake(ctx); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

// read sends the engine's output lines to e.lines, then the end of the output, and waits for
// the process.
func (e *Engine) read(out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 0, 4096), maxLine)
	for sc.Scan() {
		e.lines <- line{text: sc.Text()}
	}
	err := sc.Err()
	if err == nil {
		err = io.EOF
	}
	e.lines <- line{err: err}
	close(e.lines)
	e.waitErr = e.cmd.Wait()
	close(e.exited)
}

func (e *Engine) handshake(ctx context.Context) error {
	hello, ok := "uci", "uciok"
	if e.dialect == UCCI {
		hello, ok = "ucci", "ucciok"
	}
	if err := e.send(hello); err != nil {
		return e.retag(err, ErrStart)
	}
	deadline := time.Now().Add(e.cfg.Timeout)
	for {
		t, err := e.next(ctx, deadline)
		if err != nil {
			return e.retag(err, ErrStart)
		}
		switch {
		case t == ok:
			goto options
		case strings.HasPrefix(t, "id name "):
			e.name = strings.TrimSpace(t[len("id name "):])
		case strings.HasPrefix(t, "option name "):
			name := t[len("option name "):]
			if i := strings.Index(name, " type "); i >= 0 {
				name = name[:i]
			}
			e.options[strings.ToLower(strings.TrimSpace(name))] = true
		}
	}
options:
	if e.dialect == Auto {
		e.dialect = detect(e.name)
	}
	threads := ""
	for _, o := range e.cfg.Options {
		if strings.EqualFold(o.Name, "Threads") {
			threads = o.Value
		}
		if err := e.setOption(o); err != nil {
			return e.retag(err, ErrStart)
		}
	}
	if threads == "" && e.options["threads"] {
		threads = "1"
		if err := e.setOption(Option{"Threads", "1"}); err != nil {
			return e.retag(err, ErrStart)
		}
	}
	if e.options["threads"] {
		e.threads = threads
	}
	return e.retag(e.ready(ctx), ErrStart)
}

func (e *Engine) setOption(o Option) error {
	if e.dialect == UCCI {
		return e.send("setoption " + o.Name + " " + o.Value)
	}
	return e.send("setoption name " + o.Name + " value " + o.Value)
}

// ready sends "isready" and waits for "readyok".
func (e *Engine) ready(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(e.cfg.Timeout)
	for {
		t, err := e.next(ctx, deadline)
		if err != nil {
			return err
		}
		if t == "readyok" {
			return nil
		}
	}
}

// retag gives a handshake failure the fault ErrStart, unless the engine was interrupted.
func (e *Engine) retag(err error, fault error) error {
	var ue *Error
	if errors.As(err, &ue) && ue.Fault != ErrTimeout && !errors.Is(ue.Err, context.Canceled) {
		ue.Fault = fault
	}
	return err
}

// Name returns the engine's "id name" (its path when it gives none).
func (e *Engine) Name() string { return e.name }

// Dialect returns the engine's dialect, detected when the Config said Auto.
func (e *Engine) Dialect() Dialect { return e.dialect }

// Alive reports whether the engine can still be asked: it has not crashed, timed out or been
// closed.
func (e *Engine) Alive() bool { return !e.dead }

// Search searches pos from a clean state ("ucinewgame" and "isready" first) under the limit,
// and returns the engine's answer with its moves in ICCS squares. A crash, a timeout or
// garbage leaves the engine dead (Alive false; it is killed).
func (e *Engine) Search(ctx context.Context, pos *board.Position, lim Limit) (Result, error) {
	fen := pos.FEN()
	if e.dead {
		return Result{}, e.fail(ErrCrash, fen, "the engine is no longer running", nil)
	}
	e.Searches++
	res, err := e.search(ctx, pos, fen, lim)
	if err != nil {
		var ue *Error
		if errors.As(err, &ue) && ue.FEN == "" {
			ue.FEN = fen
		}
		if !errors.Is(err, ErrIllegal) {
			e.Kill()
		}
	}
	return res, err
}

func (e *Engine) search(ctx context.Context, pos *board.Position, fen string, lim Limit) (Result, error) {
	// The commands of one search go in one write, without waiting for "readyok" in between:
	// the engine reads its commands in order and nothing it says before "bestmove" is
	// needed, so a wait would only leave it idle for a round trip.
	b := e.wbuf[:0]
	if e.dialect != UCCI {
		// "ucinewgame" alone leaves per-thread state behind in Stockfish-family engines (the
		// same position searched after another gives another score, even at a fixed depth);
		// setting Threads again makes the engine build its search threads anew, as a fresh
		// process has them, so that a search depends on its position and limit only.
		if e.threads != "" && (lim.Nodes > 0 || lim.Depth > 0) { // reproducible limits only: it costs a few ms
			b = append(append(append(b, "setoption name Threads value "...), e.threads...), '\n')
		}
		b = append(b, "ucinewgame\n"...)
	}
	b = append(append(append(b, "position fen "...), fen...), '\n')
	b = append(append(append(b, "go "...), lim.String()...), '\n')
	e.wbuf = b
	if _, err := e.stdin.Write(b); err != nil {
		return Result{}, e.fail(ErrCrash, "", "writing the search's commands", err)
	}
	deadline := time.Now().Add(e.cfg.Timeout + lim.MoveTime)
	var res Result
	e.pv = e.pv[:0]
	for {
		t, err := e.next(ctx, deadline)
		if err != nil {
			return Result{}, err
		}
		if strings.HasPrefix(t, "info") {
			info, ok, err := ParseInfo(t)
			if err != nil || !ok || !info.HasScore || info.MultiPV > 1 {
				continue // a line the protocol lets an engine write, or one that says nothing
			}
			res.Score, res.Mate, res.Depth, res.Nodes = info.Score, info.Mate, info.Depth, info.Nodes
			e.pv = append(e.pv[:0], info.PV...)
			continue
		}
		if rest, ok := strings.CutPrefix(t, "bestmove"); ok {
			best, _ := field(rest)
			return e.finish(pos, res, best)
		}
	}
}

// finish checks the best move and converts the principal variation.
func (e *Engine) finish(pos *board.Position, res Result, best string) (Result, error) {
	if best == "(none)" || best == "0000" || best == "none" || best == "nomove" {
		if pos.HasLegalMove() {
			return Result{}, e.fail(ErrIllegal, "", "no best move in a position with legal moves", nil)
		}
		return res, nil
	}
	m, ok := e.dialect.ParseMove(best)
	if !ok {
		return Result{}, e.fail(ErrGarbage, "", fmt.Sprintf("bestmove %q is no %s move", best, e.dialect), nil)
	}
	if !pos.IsLegal(m) {
		return Result{}, e.fail(ErrIllegal, "", fmt.Sprintf("bestmove %q (ICCS %s)", best, m), nil)
	}
	res.Best = m
	q := *pos
	for _, s := range e.pv {
		pm, ok := e.dialect.ParseMove(s)
		if !ok || !q.IsLegal(pm) {
			break
		}
		res.PV = append(res.PV, pm)
		q.Play(pm)
	}
	if len(res.PV) == 0 || res.PV[0] != m {
		res.PV = append(res.PV[:0], m) // a PV that does not start with the best move is not its line
	}
	return res, nil
}

// send writes one command line.
func (e *Engine) send(cmd string) error {
	e.wbuf = append(append(e.wbuf[:0], cmd...), '\n')
	if _, err := e.stdin.Write(e.wbuf); err != nil {
		return e.fail(ErrCrash, "", "writing "+strconv.Quote(cmd), err)
	}
	return nil
}

// next returns the engine's next line, waiting until the deadline.
func (e *Engine) next(ctx context.Context, deadline time.Time) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case l, ok := <-e.lines:
		if !ok {
			return "", e.fail(ErrCrash, "", "output closed", nil)
		}
		if l.err == nil {
			return strings.TrimRight(l.text, "\r \t"), nil
		}
		if errors.Is(l.err, bufio.ErrTooLong) {
			return "", e.fail(ErrGarbage, "", fmt.Sprintf("a line longer than %d bytes", maxLine), nil)
		}
		<-e.exited
		detail := "output ended"
		if e.waitErr != nil {
			detail = e.waitErr.Error()
		}
		return "", e.fail(ErrCrash, "", detail, nil)
	case <-timer.C:
		return "", e.fail(ErrTimeout, "", "no answer in "+e.cfg.Timeout.String(), nil)
	case <-ctx.Done():
		return "", e.fail(ErrCrash, "", "interrupted", ctx.Err())
	}
}

func (e *Engine) fail(fault error, fen, detail string, err error) *Error {
	return &Error{Fault: fault, Engine: e.name, FEN: fen, Detail: detail, Err: err}
}

// Kill ends the process at once and waits for it. It is safe to call more than once.
func (e *Engine) Kill() {
	if e.cmd == nil || e.cmd.Process == nil {
		return
	}
	if !e.dead {
		e.dead = true
		e.stdin.Close()
		e.cmd.Process.Kill()
	}
	e.drain()
}

// drain discards the rest of the output until the process has been waited for.
func (e *Engine) drain() {
	for {
		select {
		case _, ok := <-e.lines:
			if !ok {
				<-e.exited
				return
			}
		case <-e.exited:
			return
		}
	}
}

// Close asks the engine to quit, and kills it if it has not within a second.
func (e *Engine) Close() error {
	if e.cmd == nil || e.cmd.Process == nil || e.dead {
		e.Kill()
		return nil
	}
	e.send("quit")
	e.stdin.Close()
	e.dead = true
	done := make(chan struct{})
	go func() { e.drain(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
		e.cmd.Process.Kill()
		<-done
	}
	return nil
}
