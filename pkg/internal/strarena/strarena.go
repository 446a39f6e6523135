// Package strarena turns short byte texts into strings carved from shared chunks: a reader
// that keeps many small texts (tag values, move texts, comments) for its games pays one
// allocation per chunk instead of one per text.
package strarena

import "strings"

// Chunk is the size of one chunk of text; MaxLen the longest text carved from a chunk (a
// longer one gets a string of its own, so that a chunk is not wasted on it).
const (
	Chunk  = 4096
	MaxLen = 512
)

// Arena hands out strings that share chunks. A chunk is never written again once a string
// views it (a full one is left to the strings that hold it, and a new one started), so every
// string stays valid and unchanged for as long as it is held. The zero Arena is ready; an
// Arena must not be copied after use.
type Arena struct {
	sb strings.Builder
}

// String returns b as a string.
func (a *Arena) String(b []byte) string {
	switch {
	case len(b) == 0:
		return ""
	case len(b) > MaxLen:
		return string(b)
	}
	if a.sb.Cap()-a.sb.Len() < len(b) {
		a.sb.Reset() // the strings carved so far keep the old chunk
		a.sb.Grow(Chunk)
	}
	n := a.sb.Len()
	a.sb.Write(b)
	return a.sb.String()[n:]
}
