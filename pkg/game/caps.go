package game

import "fmt"

// Limits that keep one pathological game from exhausting memory or flooding the output. The
// Builder applies them to every game; the readers that hold a tree of their own before they
// build it (xqf, cbr, dhtmlxq) stop at the same MaxNodes and MaxPly.
const (
	// MaxNodes bounds the moves of one game, variations included (real games have a few
	// hundred; the largest real opening trees some tens of thousands; a tree of 200,000 moves
	// still fits).
	MaxNodes = 1 << 18
	// MaxPly bounds the depth of a line of play.
	MaxPly = 10000
	// MaxDiagnostics bounds the diagnostics kept per game; the rest are counted in one
	// closing diagnostic.
	MaxDiagnostics = 100
	// MaxComments bounds the comments kept per game (one per move of the largest known
	// trees); later comments are dropped with one diagnostic.
	MaxComments = 1 << 17
	// MaxCommentBytes bounds the bytes of the comments kept per game (the most annotated
	// real games hold well under 1 MiB); later comments are dropped with one diagnostic.
	MaxCommentBytes = 16 << 20
	// MaxTags bounds the header fields kept per game (real games have a few dozen); later
	// ones are dropped with one diagnostic.
	MaxTags = 1000
	// MaxTagBytes bounds the bytes of the header fields kept per game, names and values;
	// later fields are dropped with one diagnostic.
	MaxTagBytes = 1 << 20
)

// caps is what the current game holds against its limits (MaxNodes, MaxPly, MaxDiagnostics,
// MaxComments, MaxCommentBytes, MaxTags, MaxTagBytes), and what was left out past them.
type caps struct {
	nodes        int     // moves added to the current game
	tooLong      bool    // the game reached MaxNodes
	hidden       [2]int  // diagnostics beyond MaxDiagnostics: errors, warnings
	hiddenAs     [2]Kind // the kind of the first hidden error, warning
	hiddenLoc    Loc     // where the first hidden diagnostic was
	comments     int     // comments kept in the current game, and their bytes
	commentBytes int
	commentsFull bool // MaxComments or MaxCommentBytes was reached
	tagBytes     int  // bytes of the tags kept
	tagsFull     bool // MaxTags or MaxTagBytes was reached
}

// reset empties c for a new game (the kind and place of a hidden diagnostic are set with its
// count, so they are left as they are).
func (c *caps) reset() {
	c.nodes, c.tooLong, c.hidden = 0, false, [2]int{}
	c.comments, c.commentBytes, c.commentsFull = 0, 0, false
	c.tagBytes, c.tagsFull = 0, false
}

// full reports whether the current line may take no more moves (the game or the line is at
// its limit), recording the reason once.
func (b *Builder) full(loc Loc, text string) bool {
	switch {
	case b.tooLong:
		return true
	case b.nodes >= MaxNodes:
		b.tooLong = true
		b.diag(KindSyntax, false, loc, b.cur.ply+1, text, fmt.Sprintf("game has more than %d moves; the rest is ignored", MaxNodes), nil)
		return true
	case b.cur.ply >= MaxPly:
		b.cur.dead = true
		b.diag(KindSyntax, false, loc, b.cur.ply+1, text, fmt.Sprintf("line longer than %d plies; the rest is ignored", MaxPly), nil)
		return true
	}
	return false
}

// atLimit reports whether full would refuse the next move, without its text.
func (b *Builder) atLimit() bool { return b.tooLong || b.nodes >= MaxNodes || b.cur.ply >= MaxPly }
