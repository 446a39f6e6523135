package uci

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
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
func (l Limit) String() string { return string(l.appendTo(nil)) }

// appendTo appends the arguments of "go" to b.
func (l Limit) appendTo(b []byte) []byte {
	switch {
	case l.Nodes > 0:
		return strconv.AppendInt(append(b, "nodes "...), l.Nodes, 10)
	case l.Depth > 0:
		return strconv.AppendInt(append(b, "depth "...), int64(l.Depth), 10)
	case l.MoveTime > 0:
		return strconv.AppendInt(append(b, "movetime "...), l.MoveTime.Milliseconds(), 10)
	}
	return append(b, "depth 1"...)
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

// Engine is one running engine process. Its methods are not safe for concurrent use.
//
// The engine's output is read in the goroutine that asks, from a pipe the runtime polls: a
// search sets one read deadline for its whole wait and reads its lines in place, so that no
// goroutine, channel, timer or string stands between the engine's answer and the caller.
type Engine struct {
	cfg     Config
	cmd     *exec.Cmd
	in      *os.File      // the write end of the engine's standard input
	stdin   io.Writer     // writes in
	out     *os.File      // the read end of the engine's standard output
	rd      *bufio.Reader // buffers out
	long    []byte        // a line longer than rd's buffer, put together
	waited  bool
	waitErr error
	name    string
	dialect Dialect
	options map[string]bool // the options the engine declares, lower case
	threads string          // the Threads value set again before each search; "" when the engine has none
	dead    bool
	wbuf    []byte
	pv      []byte // the moves of the search's last scored info line
	// stockfish: the engine is of the Stockfish family (its "id name" says so), whose
	// commands queue behind a running search.
	stockfish bool
	fen       []byte // the FEN of the position searched
	queued    bool   // a search was handed over early (SearchThen)
	queuedFEN []byte // its FEN and limit
	queuedLim Limit
	// wakeCtx is the context whose end wakes the engine's reads (arm); wakeStop ends that.
	wakeCtx  context.Context
	wakeStop func() bool
	// Searches counts the searches the engine was asked for.
	Searches int
}

// errLongLine is readLine's error for a line longer than maxLine.
var errLongLine = errors.New("line too long")

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
	// The pipes are made here rather than by StdinPipe and StdoutPipe so that Wait does not
	// close them under a read, and so that they are files the runtime polls, whose reads
	// take deadlines.
	in, inW, err := os.Pipe()
	if err != nil {
		return nil, e.fail(ErrStart, "", "", err)
	}
	out, outW, err := os.Pipe()
	if err != nil {
		in.Close()
		inW.Close()
		return nil, e.fail(ErrStart, "", "", err)
	}
	e.cmd.Stdin, e.cmd.Stdout = in, outW
	err = e.cmd.Start()
	in.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		out.Close()
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			return nil, e.fail(ErrMissing, "", "", err)
		}
		return nil, e.fail(ErrStart, "", "", err)
	}
	e.in, e.stdin = inW, newPipeWriter(inW)
	e.out, e.rd = out, bufio.NewReaderSize(newPipeReader(out), 64<<10)
	if err := e.handshake(ctx); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

func (e *Engine) handshake(ctx context.Context) error {
	hello, ok := "uci", "uciok"
	if e.dialect == UCCI {
		hello, ok = "ucci", "ucciok"
	}
	if err := e.send(hello); err != nil {
		return e.retag(err, ErrStart)
	}
	e.arm(ctx, e.cfg.Timeout)
	for {
		t, err := e.next(ctx)
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
	lname := strings.ToLower(e.name)
	e.stockfish = strings.Contains(lname, "stockfish") || strings.Contains(lname, "pikafish")
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
	e.arm(ctx, e.cfg.Timeout)
	for {
		t, err := e.next(ctx)
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

// Search searches pos from a clean state under the limit, and returns the engine's answer
// with its moves in ICCS squares. A crash, a timeout or garbage leaves the engine dead (Alive
// false; it is killed).
func (e *Engine) Search(ctx context.Context, pos *board.Position, lim Limit) (Result, error) {
	return e.SearchThen(ctx, pos, nil, lim)
}

// SearchThen is Search, and when next is not nil it also hands the engine the commands of
// next's search before it waits for pos's answer, so that the engine goes from one search to
// the other without waiting for a round trip through the caller. The following Search (or
// SearchThen) of next, at the same limit, reads that answer; a search of another position
// reads it first and drops it. Only engines that hold commands while they search get them
// early (Stockfish-family engines, whose "setoption" waits for the search to end, under a
// node or depth limit); the others search next when they are asked.
func (e *Engine) SearchThen(ctx context.Context, pos, next *board.Position, lim Limit) (Result, error) {
	e.fen = pos.AppendFEN(e.fen[:0])
	if e.dead {
		return Result{}, e.fail(ErrCrash, string(e.fen), "the engine is no longer running", nil)
	}
	e.Searches++
	res, err := e.search(ctx, pos, next, lim)
	if err != nil {
		var ue *Error
		if errors.As(err, &ue) && ue.FEN == "" {
			ue.FEN = pos.FEN()
		}
		if !errors.Is(err, ErrIllegal) {
			e.Kill()
		}
	}
	return res, err
}

// queues reports whether the engine may be given a search's commands while it searches: the
// commands begin with "setoption name Threads", which a Stockfish-family engine carries out
// only once its search has ended.
func (e *Engine) queues(lim Limit) bool {
	return e.stockfish && e.threads != "" && (lim.Nodes > 0 || lim.Depth > 0)
}

// search searches pos, whose FEN is in e.fen.
func (e *Engine) search(ctx context.Context, pos, next *board.Position, lim Limit) (Result, error) {
	sent := e.queued && bytes.Equal(e.queuedFEN, e.fen) && e.queuedLim == lim // handed over early
	if e.queued && !sent {
		// A search handed over early that nobody asks for after all: its answer is read and
		// dropped.
		if _, _, err := e.answer(ctx, e.queuedLim); err != nil {
			return Result{}, err
		}
	}
	e.queued = false
	if !sent {
		if err := e.sendSearch(e.fen, lim); err != nil {
			return Result{}, err
		}
	}
	if next != nil && e.queues(lim) {
		e.queuedFEN = next.AppendFEN(e.queuedFEN[:0])
		if err := e.sendSearch(e.queuedFEN, lim); err != nil {
			return Result{}, err
		}
		e.queued, e.queuedLim = true, lim
	}
	res, best, err := e.answer(ctx, lim)
	if err != nil {
		return Result{}, err
	}
	return e.finish(pos, res, best)
}

// sendSearch writes the commands of one search.
func (e *Engine) sendSearch(fen []byte, lim Limit) error {
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
	b = append(lim.appendTo(append(b, "go "...)), '\n')
	e.wbuf = b
	if _, err := e.stdin.Write(b); err != nil {
		return e.fail(ErrCrash, "", "writing the search's commands", err)
	}
	return nil
}

// answer reads the answer of the search the engine is on, up to its best move: the last
// scored info line (its PV left in e.pv) and the best move's text.
func (e *Engine) answer(ctx context.Context, lim Limit) (Result, []byte, error) {
	e.arm(ctx, e.cfg.Timeout+lim.MoveTime)
	var res Result
	e.pv = e.pv[:0]
	for {
		t, err := e.readLine()
		if err != nil {
			return Result{}, nil, e.readErr(ctx, err)
		}
		if bytes.HasPrefix(t, []byte("info")) {
			info, pv, ok, err := parseInfo(t)
			if err != nil || !ok || !info.HasScore || info.MultiPV > 1 {
				continue // a line the protocol lets an engine write, or one that says nothing
			}
			res.Score, res.Mate, res.Depth, res.Nodes = info.Score, info.Mate, info.Depth, info.Nodes
			e.pv = append(e.pv[:0], pv...)
			continue
		}
		if rest, ok := bytes.CutPrefix(t, []byte("bestmove")); ok {
			best, _ := fieldBytes(rest)
			return res, best, nil
		}
	}
}

// finish checks the best move and converts the principal variation.
func (e *Engine) finish(pos *board.Position, res Result, best []byte) (Result, error) {
	switch string(best) {
	case "(none)", "0000", "none", "nomove":
		if pos.HasLegalMove() {
			return Result{}, e.fail(ErrIllegal, "", "no best move in a position with legal moves", nil)
		}
		return res, nil
	}
	m, ok := e.dialect.ParseMove(string(best))
	if !ok {
		return Result{}, e.fail(ErrGarbage, "", fmt.Sprintf("bestmove %q is no %s move", best, e.dialect), nil)
	}
	if !pos.IsLegal(m) {
		return Result{}, e.fail(ErrIllegal, "", fmt.Sprintf("bestmove %q (ICCS %s)", best, m), nil)
	}
	res.Best = m
	q := *pos
	for tok, rest := fieldBytes(e.pv); len(tok) > 0; tok, rest = fieldBytes(rest) {
		pm, ok := e.dialect.ParseMove(string(tok))
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

// arm bounds the reads of one wait for the engine's answer: they fail once d has passed, or
// at once when ctx is done. The wake-up at ctx's end stays registered while the engine is
// asked under the same context, which is one for a whole run.
func (e *Engine) arm(ctx context.Context, d time.Duration) {
	e.out.SetReadDeadline(time.Now().Add(d))
	if ctx.Err() != nil {
		e.out.SetReadDeadline(time.Unix(1, 0)) // ended already: the wake-up may have been undone
		return
	}
	if ctx == e.wakeCtx || ctx.Done() == nil {
		return
	}
	if e.wakeStop != nil {
		e.wakeStop()
	}
	out := e.out
	e.wakeCtx, e.wakeStop = ctx, context.AfterFunc(ctx, func() { out.SetReadDeadline(time.Unix(1, 0)) })
}

// readLine returns the engine's next line without its line end and trailing blanks, valid
// until the next read.
func (e *Engine) readLine() ([]byte, error) {
	b, err := e.rd.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		e.long = append(e.long[:0], b...)
		for errors.Is(err, bufio.ErrBufferFull) {
			if len(e.long) > maxLine {
				return nil, errLongLine
			}
			b, err = e.rd.ReadSlice('\n')
			e.long = append(e.long, b...)
		}
		b = e.long
	}
	if err != nil && (len(b) == 0 || !errors.Is(err, io.EOF)) {
		return nil, err // a last line without its line end is still read; EOF comes next
	}
	if len(b) > maxLine+1 {
		return nil, errLongLine
	}
	return bytes.TrimRight(b, "\r\n \t"), nil
}

// next returns the engine's next line as a string, for the handshake.
func (e *Engine) next(ctx context.Context) (string, error) {
	b, err := e.readLine()
	if err != nil {
		return "", e.readErr(ctx, err)
	}
	return string(b), nil
}

// readErr turns a failed read into the engine's fault: interrupted, a line too long, no
// answer in time, or the end of the output (with the exit status of the process).
func (e *Engine) readErr(ctx context.Context, err error) error {
	switch {
	case ctx.Err() != nil:
		return e.fail(ErrCrash, "", "interrupted", ctx.Err())
	case errors.Is(err, errLongLine):
		return e.fail(ErrGarbage, "", fmt.Sprintf("a line longer than %d bytes", maxLine), nil)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return e.fail(ErrTimeout, "", "no answer in "+e.cfg.Timeout.String(), nil)
	case !errors.Is(err, io.EOF):
		return e.fail(ErrCrash, "", "reading its output", err)
	}
	detail := "output ended"
	if werr := e.wait(); werr != nil {
		detail = werr.Error()
	}
	return e.fail(ErrCrash, "", detail, nil)
}

func (e *Engine) fail(fault error, fen, detail string, err error) *Error {
	return &Error{Fault: fault, Engine: e.name, FEN: fen, Detail: detail, Err: err}
}

// wait waits for the process, once, and closes the output pipe. A process that has not ended
// a second after it was asked to (it closed its output and goes on) is killed.
func (e *Engine) wait() error {
	if e.wakeStop != nil {
		e.wakeStop()
		e.wakeStop, e.wakeCtx = nil, nil
	}
	if !e.waited {
		e.waited = true
		t := time.AfterFunc(time.Second, func() { e.cmd.Process.Kill() })
		e.waitErr = e.cmd.Wait()
		t.Stop()
		e.out.Close()
	}
	return e.waitErr
}

// Kill ends the process at once and waits for it. It is safe to call more than once.
func (e *Engine) Kill() {
	if e.cmd == nil || e.cmd.Process == nil {
		return
	}
	e.queued = false
	if !e.dead {
		e.dead = true
		e.in.Close()
		e.cmd.Process.Kill()
	}
	e.wait()
}

// Close asks the engine to quit, and kills it if it has not within a second.
func (e *Engine) Close() error {
	if e.cmd == nil || e.cmd.Process == nil || e.dead {
		e.Kill()
		return nil
	}
	e.send("quit")
	e.in.Close()
	e.dead = true
	// What the engine still writes is read, so that it is never stuck on a full pipe, up to
	// the end of its output or for a second.
	e.out.SetReadDeadline(time.Now().Add(time.Second))
	for {
		if _, err := e.readLine(); err != nil {
			if !errors.Is(err, io.EOF) {
				e.cmd.Process.Kill()
			}
			break
		}
	}
	e.wait()
	return nil
}
