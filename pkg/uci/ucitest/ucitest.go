// Package ucitest is a fake UCI engine for tests: a test binary runs it when re-executed with
// the environment variable Env set (Main), and it answers the protocol the way a real engine
// does, or fails in the way its mode says.
//
// Its answers are deterministic: the best move is the first legal move of the position in
// pkg/board's order, the score is ten centipawns per legal move, the principal variation the
// best move and the first legal reply. Each "go" appends the position's FEN to the file named
// by LogEnv, if set, so a test can count the searches an engine was asked for.
package ucitest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/qipu/qipu/pkg/board"
)

// Env names the mode of the fake engine; LogEnv a file that receives one line per search;
// StateEnv a file whose existence the crash-once mode uses to crash only the first time.
const (
	Env      = "QIPU_FAKE_UCI"
	LogEnv   = "QIPU_FAKE_UCI_LOG"
	StateEnv = "QIPU_FAKE_UCI_STATE"
)

// The modes.
const (
	ModeOK        = "ok"         // a Pikafish-like engine (ranks 0-9)
	ModeFairy     = "fairy"      // "id name Fairy-Stockfish …", ranks 1-10
	ModeUCCI      = "ucci"       // the UCCI handshake, scores without cp
	ModeSlowStart = "slow-start" // waits 300 ms before its handshake answer
	ModeNoStart   = "no-start"   // exits at once, before uciok
	ModeCrash     = "crash"      // exits at every go
	ModeCrashOnce = "crash-once" // exits at the first go only (StateEnv)
	// ModeFairyCrashOnce is ModeFairy, exiting at the first go only (StateEnv): a crash with
	// a search handed over early.
	ModeFairyCrashOnce = "fairy-crash-once"
	ModeHang           = "hang"      // never answers go
	ModeGarbage        = "garbage"   // answers go with "bestmove zz99"
	ModeIllegal        = "illegal"   // answers go with a well-formed move that is not legal
	ModeLongLine       = "long-line" // answers go with an info line of 2 MiB before its best move
)

// Main runs the fake engine if Env is set, and exits; otherwise it returns. Call it first in
// TestMain.
func Main() {
	mode := os.Getenv(Env)
	if mode == "" {
		return
	}
	os.Exit(Run(mode, os.Stdin, os.Stdout))
}

// Run answers the protocol on in and out in the given mode, until "quit" or the end of in, and
// returns the exit status.
func Run(mode string, in io.Reader, out io.Writer) int {
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) {
		fmt.Fprintf(w, format+"\n", args...)
		w.Flush()
	}
	sc := bufio.NewScanner(in)
	pos := board.StartPosition()
	for sc.Scan() {
		cmd := strings.TrimSpace(sc.Text())
		word, rest, _ := strings.Cut(cmd, " ")
		switch word {
		case "uci", "ucci":
			switch mode {
			case ModeNoStart:
				return 3
			case ModeSlowStart:
				time.Sleep(300 * time.Millisecond)
			}
			name := "FakeFish 1"
			if mode == ModeFairy || mode == ModeFairyCrashOnce {
				name = "Fairy-Stockfish fake"
			}
			say("id name %s", name)
			say("id author qipu tests")
			say("option name Threads type spin default 1 min 1 max 8")
			say("option name Hash type spin default 16 min 1 max 1024")
			say("%sok", word)
		case "isready":
			say("readyok")
		case "position":
			fen, ok := strings.CutPrefix(rest, "fen ")
			if p, err := board.FromFEN(fen); ok && err == nil {
				pos = p
			}
		case "go":
			if f := os.Getenv(LogEnv); f != "" {
				if lf, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
					fmt.Fprintln(lf, pos.FEN())
					lf.Close()
				}
			}
			switch mode {
			case ModeCrash:
				return 4
			case ModeCrashOnce, ModeFairyCrashOnce:
				if st := os.Getenv(StateEnv); st != "" {
					if _, err := os.Stat(st); err != nil {
						os.WriteFile(st, nil, 0o644)
						return 4
					}
				}
			case ModeHang:
				continue
			case ModeLongLine:
				say("info string %s", strings.Repeat("x", 2<<20))
			case ModeGarbage:
				say("info depth 1 score cp oops")
				say("bestmove zz99")
				continue
			}
			answer(say, pos, mode)
		case "quit":
			return 0
		}
	}
	return 0
}

// answer writes the info line and the best move of pos.
func answer(say func(string, ...any), pos *board.Position, mode string) {
	moves := pos.LegalMoves(nil)
	score := "cp " + fmt.Sprint(10*len(moves))
	if mode == ModeUCCI {
		score = fmt.Sprint(10 * len(moves))
	}
	if len(moves) == 0 {
		score = "mate 0"
		if !pos.InCheck() {
			score = "cp 0"
		}
		say("info depth 0 score %s", score)
		say("bestmove (none)")
		return
	}
	best := moves[0]
	pv := square(best, mode)
	q := *pos
	q.Play(best)
	if replies := q.LegalMoves(nil); len(replies) > 0 {
		pv += " " + square(replies[0], mode)
	}
	say("info string fake search")
	say("info depth 3 seldepth 4 multipv 1 score %s nodes %d nps 1000 time 1 pv %s", score, 100+len(moves), pv)
	if mode == ModeIllegal {
		// A move of the side not to move: well formed, never legal.
		for sq := board.Square(0); sq < board.NumSquares; sq++ {
			if pc := pos.At(sq); pc != board.NoPiece && pc.Color() != pos.Turn() {
				say("bestmove %s", board.NewMove(sq, (sq+1)%board.NumSquares))
				return
			}
		}
	}
	say("bestmove %s", square(best, mode))
}

// square writes a move in the mode's dialect.
func square(m board.Move, mode string) string {
	if mode != ModeFairy && mode != ModeFairyCrashOnce {
		return m.String()
	}
	f, t := m.From(), m.To()
	return fmt.Sprintf("%c%d%c%d", f.File(), f.Rank()+1, t.File(), t.Rank()+1)
}
