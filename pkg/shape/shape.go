// Package shape reshapes games for convert: it strips comments, variations, NAGs and tags,
// adds computed tags (--no-comments, --no-variations, --no-nags, --strip-tags,
// --add-tags), and names the output group of a game (--split-by event|ecco|N).
//
// Every function changes the game in place and keeps its main line: what is stripped is
// what a writer would have written beside it.
package shape

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/game"
)

// ErrUnknownTag is wrapped by the error for a tag AddTags cannot compute.
var ErrUnknownTag = errors.New("shape: no such computed tag")

// walk calls fn for every node of g's tree, the root included, without recursion (an XQF
// tree may hold hundreds of thousands of nodes).
func walk(g *game.Game, fn func(n *game.Node)) {
	stack := []*game.Node{&g.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		fn(n)
		stack = append(stack, n.Children...)
	}
}

// StripComments removes every comment: those before the first move and those after each
// move, in the main line and in the variations. (A writer's own notes, such as where an
// invalid game stops, are not comments of the game and stay.)
func StripComments(g *game.Game) {
	walk(g, func(n *game.Node) { n.Comments = nil })
}

// StripVariations keeps only the main line: the first child of every node. The game's
// diagnostics are left as they are.
func StripVariations(g *game.Game) {
	for n := &g.Root; len(n.Children) > 0; n = n.Children[0] {
		n.Children = n.Children[:1:1]
	}
}

// StripNAGs removes every numeric annotation glyph ($n).
func StripNAGs(g *game.Game) {
	walk(g, (*game.Node).ClearNAGs)
}

// keptTags lists the tags StripTags never removes.
var keptTags = []string{"FEN"}

// StripTags removes the tags with any of the names, compared without regard to case, except
// FEN: for a game whose setup could not be read, the FEN tag is the only record of its start
// (otherwise the writers write the setup, whatever the tag says, and stripping it would change
// nothing). The other tags keep their order.
func StripTags(g *game.Game, names ...string) {
	if len(names) == 0 {
		return
	}
	out := g.Tags[:0]
	for _, t := range g.Tags {
		if !hasFold(names, t.Name) || hasFold(keptTags, t.Name) {
			out = append(out, t)
		}
	}
	clear(g.Tags[len(out):])
	g.Tags = out
}

func hasFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// computed lists the tags AddTags computes: a new one is a line here.
var computed = []struct {
	name  string
	value func(g *game.Game) string
}{
	// PlyCount: the number of moves of the main line, as in PGN's supplemental tag.
	{"PlyCount", func(g *game.Game) string { return strconv.Itoa(g.Plies()) }},
}

// ComputedTags returns the names of the tags AddTags computes.
func ComputedTags() []string {
	out := make([]string, len(computed))
	for i, c := range computed {
		out[i] = c.name
	}
	return out
}

// CheckTags returns an error wrapping ErrUnknownTag for the first name that is not one of
// ComputedTags (compared without regard to case), for a caller that checks its options
// before reading any game.
func CheckTags(names ...string) error {
	for _, name := range names {
		if findComputed(name) < 0 {
			return fmt.Errorf("%w: %q (known: %s)", ErrUnknownTag, name, strings.Join(ComputedTags(), ", "))
		}
	}
	return nil
}

func findComputed(name string) int {
	for i, c := range computed {
		if strings.EqualFold(c.name, name) {
			return i
		}
	}
	return -1
}

// AddTags sets each named tag (one of ComputedTags, any case) to its value computed from
// the game, replacing a tag of that name or appending it. It fails, changing nothing, on a
// name it does not know (CheckTags).
func AddTags(g *game.Game, names ...string) error {
	if err := CheckTags(names...); err != nil {
		return err
	}
	for _, name := range names {
		c := computed[findComputed(name)]
		g.SetTag(c.name, c.value(g))
	}
	return nil
}

// Options are the shaping options of convert.
type Options struct {
	NoComments   bool     // --no-comments
	NoVariations bool     // --no-variations
	NoNAGs       bool     // --no-nags
	StripTags    []string // --strip-tags
	AddTags      []string // --add-tags
}

// Check reports an option that cannot apply: an AddTags name that is not computed.
func (o *Options) Check() error { return CheckTags(o.AddTags...) }

// IsZero reports whether the options change nothing.
func (o *Options) IsZero() bool {
	return !o.NoComments && !o.NoVariations && !o.NoNAGs && len(o.StripTags) == 0 && len(o.AddTags) == 0
}

// Apply shapes g: variations, comments and NAGs first, then the tags stripped, then those
// added (so that a tag both stripped and added is recomputed). Its only error is Check's.
func (o *Options) Apply(g *game.Game) error {
	if err := o.Check(); err != nil {
		return err
	}
	if o.NoVariations {
		StripVariations(g)
	}
	if o.NoComments {
		StripComments(g)
	}
	if o.NoNAGs {
		StripNAGs(g)
	}
	StripTags(g, o.StripTags...)
	return AddTags(g, o.AddTags...)
}
