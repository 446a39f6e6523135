package pipeline

import (
	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/anynotation"
	"github.com/qipu/qipu/pkg/pgn"
)

// pgnNotation is the notation of PGN output as the PGN writer takes it.
type pgnNotation = pgn.WriteOptions

// pgnNotationOf returns the PGN writer's options for a notation value; ok is false for a
// notation anynotation does not register (its moves could not be read back).
func pgnNotationOf(n notation.Notation) (o pgnNotation, ok bool) {
	if anynotation.IDOf(n) == notation.Unknown {
		return o, false
	}
	o.Notation = n
	return o, true
}
