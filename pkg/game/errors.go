package game

import "errors"

// The vocabulary of reader errors. Every reader's own sentinel errors (xqf.ErrTruncated,
// cbr.ErrTooLarge, …) wrap one of these, so that a caller can tell what went wrong with
// errors.Is whatever the format: errors.Is(err, game.ErrTruncated).
var (
	// ErrSyntax: bytes or text that do not follow the format.
	ErrSyntax = errors.New("syntax error")
	// ErrTruncated: input that ends in the middle of a record.
	ErrTruncated = errors.New("truncated input")
	// ErrTooLarge: input beyond a reader's caps (file size, records, strings).
	ErrTooLarge = errors.New("input too large")
	// ErrNotFormat: content that holds no trace of the reader's format.
	ErrNotFormat = errors.New("not of the format")
	// ErrNoGame: input of the format that holds no game.
	ErrNoGame = errors.New("no game")
	// ErrUnsupported: a part of the format that is not established (a version, a layout)
	// and that the reader reports instead of guessing.
	ErrUnsupported = errors.New("not supported")
	// ErrUnencodable: a game that a writer cannot represent in its format.
	ErrUnencodable = errors.New("cannot be written in the format")
)

// ReaderError returns a sentinel error of a reader: its own message, wrapping kind, one of
// the vocabulary above.
func ReaderError(msg string, kind error) error { return &readerError{msg, kind} }

type readerError struct {
	msg  string
	kind error
}

func (e *readerError) Error() string { return e.msg }
func (e *readerError) Unwrap() error { return e.kind }
