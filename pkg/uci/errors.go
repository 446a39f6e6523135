package uci

import (
	"errors"
	"fmt"
)

// The faults of an engine, wrapped by every *Error (errors.Is(err, ErrTimeout), …).
var (
	// ErrMissing: the engine's program does not exist or is not executable.
	ErrMissing = errors.New("engine not found")
	// ErrStart: the program started but did not complete the handshake (no uciok).
	ErrStart = errors.New("engine did not start")
	// ErrCrash: the process ended (or closed its output) in the middle of a search.
	ErrCrash = errors.New("engine crashed")
	// ErrTimeout: the engine did not answer within the timeout.
	ErrTimeout = errors.New("engine timed out")
	// ErrGarbage: the engine wrote something that is not the protocol (a best move that is
	// no move, a line too long).
	ErrGarbage = errors.New("engine wrote garbage")
	// ErrIllegal: the best move the engine returned is not legal in the position.
	ErrIllegal = errors.New("engine returned an illegal move")
)

// Error is a failure of one engine, on one position when FEN is set.
type Error struct {
	// Fault is one of ErrMissing, ErrStart, ErrCrash, ErrTimeout, ErrGarbage, ErrIllegal.
	Fault error
	// Engine names the engine: its "id name", or its path before the handshake.
	Engine string
	// FEN is the position searched, or "".
	FEN string
	// Detail says more (the line read, the move, the exit status).
	Detail string
	// Err is the underlying cause, if any (an exec or I/O error).
	Err error
}

// Error returns a one-line message: the engine, the fault, the detail and the position.
func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %v", e.Engine, e.Fault)
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	if e.FEN != "" {
		msg += " (position " + e.FEN + ")"
	}
	return msg
}

// Unwrap returns the fault and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Fault, e.Err}
	}
	return []error{e.Fault}
}
