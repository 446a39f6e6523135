package notation

import (
	"errors"
	"strings"

	"github.com/qipu/qipu/pkg/board"
)

// ID names a move notation without a style: the hint a reader passes to anynotation (from a
// PGN [Format] tag, say), and the key of anynotation's registry. Its String is the Name of the
// notation's values; anynotation.Lookup and anynotation.IDOf go from one to the other. (A
// file format is a record.Format; "Format" names nothing else in the module.)
type ID uint8

// The notations qipu reads and writes. Unknown means "not given": readers then detect the
// notation from the shape of each move text.
const (
	Unknown  ID = iota
	ICCS        // coordinates: H2-E2 (or UCCI h2e2)
	WXF         // World Xiangqi Federation letters: C2.5, H8+7, C+-2
	Chinese     // vertical-line Chinese: 炮二平五, 马８进７
	Platform    // the platform display format: 炮三7, 車五10(吃)
)

var formatNames = [...]string{"unknown", "iccs", "wxf", "chinese", "platform"}

// String returns "iccs", "wxf", "chinese", "platform", or "unknown".
func (f ID) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "unknown"
}

// ErrUnknownName is wrapped by the errors of the functions that look up a notation or a style
// by name (ParseID, iccs.ParseStyle, wxf.ParseStyle, anynotation.Lookup).
var ErrUnknownName = errors.New("unknown name")

// NameError is an unknown notation or style name. It unwraps to ErrUnknownName.
type NameError struct {
	What string // what was looked up: "notation", "WXF style", "ICCS style"
	Name string // the name given
	Want string // the names accepted, for the message: "xqbase or fairy"
}

// Error returns, for example, `unknown WXF style "x" (want xqbase or fairy)`.
func (e *NameError) Error() string {
	return "unknown " + e.What + " " + quote(e.Name) + " (want " + e.Want + ")"
}

// Unwrap returns ErrUnknownName.
func (e *NameError) Unwrap() error { return ErrUnknownName }

func quote(s string) string { return "\"" + s + "\"" }

// ParseID returns the notation named name: "iccs", "wxf", "chinese" or "platform", in any
// case (so the PGN [Format] values ICCS, WXF, Chinese and Platform work too).
func ParseID(name string) (ID, error) {
	for f := ICCS; f <= Platform; f++ {
		if strings.EqualFold(name, formatNames[f]) {
			return f, nil
		}
	}
	return Unknown, &NameError{"notation", name, "iccs, wxf, chinese or platform"}
}

// Op is the direction of a vertical-line move (WXF and Chinese): forward (进, +), backward
// (退, -) or sideways (平, . or =). Forward is toward the opponent.
type Op uint8

// The directions. NoOp is the zero value and never a valid direction.
const (
	NoOp Op = iota
	Forward
	Backward
	Sideways
)

// Pick says how a vertical-line text designates the moving piece among the pieces of its
// kind.
type Pick uint8

// The ways a vertical-line text picks the moving piece.
const (
	// PickFile: by the file it stands on (炮二…, C2…). The zero value.
	PickFile Pick = iota
	// PickFront: the front one of two or three on a file (前, WXF +).
	PickFront
	// PickMiddle: the middle one of three (中, WXF . in qipu's and the WXF's order).
	PickMiddle
	// PickRear: the rear one (后, WXF - in qipu's and the WXF's order).
	PickRear
	// PickOrdinal: the Index-th (一…五, WXF a–e). Without a file it counts the pieces of
	// every file holding two or more, files right to left in the mover's view, then front to
	// back (as the xqbase notation note numbers tandem pawns); with a file, it counts that file from the front (Fairy-Stockfish's 15=6).
	PickOrdinal
)

// Line is the content of a vertical-line move text (WXF and Chinese share it): which piece
// moves, in which direction, and how far or to which file. Files and the last number are in
// the mover's numbering, 1–9 from the mover's right.
type Line struct {
	Role  board.Role // NoRole when the text names no piece (15=6, 前九平八)
	Pick  Pick       // how the piece is picked among its kind
	File  uint8      // file of the moving piece, 1–9; 0 when the text gives none
	Index uint8      // 1–5 for PickOrdinal, else 0
	Op    Op         // direction
	Arg   uint8      // 1–9: ranks moved (straight move along the file) or destination file
}

// ParseStyle returns the style of a notation named name, in any case: the first of styles
// whose String is name. Other names fail with a *NameError naming what ("ICCS style") and
// the styles' names. The notations' own ParseStyle functions are this one with their styles.
func ParseStyle[S interface{ String() string }](what, name string, styles ...S) (S, error) {
	want := ""
	for i, s := range styles {
		if strings.EqualFold(name, s.String()) {
			return s, nil
		}
		switch {
		case i == 0:
		case i == len(styles)-1:
			want += " or "
		default:
			want += ", "
		}
		want += s.String()
	}
	var zero S
	if len(styles) > 0 {
		zero = styles[0]
	}
	return zero, &NameError{What: what, Name: name, Want: want}
}
