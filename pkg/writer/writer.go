// Package writer holds the game writers by name, as values: each knows its file extension,
// whether it writes one file per game, and how to append a game to a byte slice with its
// options and warnings. The pipeline's convert uses them, and so can a library user:
//
//	w, _ := writer.Lookup("pgn")
//	out, err := w.Append(nil, g, &writer.Options{Encoding: textenc.GBK, Warn: warn})
//
// The built-in writers are "pgn", "jsonl", "xqf" and "dhtmlxq" (builtin.go); Register adds
// another.
package writer

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/jsonl"
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/textenc"
)

// Options are what a writer may take from the caller. A writer reads the fields that apply to
// its format and ignores the others.
type Options struct {
	// Notation writes the moves of a text format (PGN); nil means the format's default.
	Notation notation.Notation
	// Encoding is the character encoding of a text format (PGN); the zero value (Auto) is
	// UTF-8.
	// A character it lacks is written '?' with a warning (see Warn).
	Encoding textenc.Encoding
	// KeepResult writes the game's own result also when its record stops early; by default
	// such a game is written with the result unknown.
	KeepResult bool
	// Source names the game's file in formats that record it (JSON Lines' "source").
	Source string
	// JSONL are the JSON Lines options; nil means moves in the default notations.
	JSONL *jsonl.Options
	// Warn, when set, receives each warning of the writer (game.KindEncoding, no location,
	// Game the game's Index): a character the encoding lacks written '?', a tag cut to a
	// header field. Without it, warnings are dropped.
	Warn func(*game.Diagnostic)
}

// warn hands d to o.Warn, if any.
func (o *Options) warn(d *game.Diagnostic) {
	if o.Warn != nil {
		o.Warn(d)
	}
}

// Writer is one output format.
type Writer struct {
	// Name is the writer's name, in lower case ("pgn").
	Name string
	// Title names the format in messages ("PGN").
	Title string
	// Ext is the extension of its files, with the dot (".pgn").
	Ext string
	// PerGame: each game is a file of its own (XQF); otherwise the games of a file are
	// written one after another into one file or stream.
	PerGame bool
	// Append appends g to dst and returns the extended slice. On an error, it returns dst
	// as it was (the game is not written); a game the format cannot hold is such an error.
	// o is never nil.
	Append func(dst []byte, g *game.Game, o *Options) ([]byte, error)
}

// EncodingError is the error of a game whose text cannot be encoded in the output encoding at
// all (not a missing character, which is replaced with a warning).
type EncodingError struct {
	Encoding textenc.Encoding
	Err      error
}

// Error names the encoding and the cause.
func (e *EncodingError) Error() string {
	return fmt.Sprintf("cannot encode the game in %s: %v", e.Encoding, e.Err)
}

// Unwrap returns the cause.
func (e *EncodingError) Unwrap() error { return e.Err }

var (
	mu      sync.RWMutex
	writers = map[string]Writer{}
)

// Register adds a writer under its Name (compared in lower case), replacing one of that name.
// It panics when the name is empty or Append is nil: a programming error.
func Register(w Writer) {
	if w.Name == "" || w.Append == nil {
		panic("writer: Register needs a Name and an Append")
	}
	mu.Lock()
	writers[strings.ToLower(w.Name)] = w
	mu.Unlock()
}

// Lookup returns the writer named name, in any case.
func Lookup(name string) (Writer, bool) {
	mu.RLock()
	w, ok := writers[strings.ToLower(name)]
	mu.RUnlock()
	return w, ok
}

// Names returns the names of the registered writers, sorted.
func Names() []string {
	mu.RLock()
	names := make([]string, 0, len(writers))
	for n := range writers {
		names = append(names, n)
	}
	mu.RUnlock()
	sort.Strings(names)
	return names
}
