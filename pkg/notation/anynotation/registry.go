package anynotation

import (
	"strings"

	"github.com/qipu/qipu/pkg/notation"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
)

// registered lists the notations in their default style, in the order detection tries them:
// the stricter shapes first, so a text that two notations read goes to the first. The
// notation.ID of registered[i] is i+1, and its String is the value's Name.
//
// Adding a notation means adding its value here, its Format constant, and its case to the
// typed switches of ParseIn, Parsed.Resolve and scanIn, which keep the hot path on static
// calls: through an interface or a function value, the position and the text would escape
// to the heap in every caller.
var registered = [...]notation.Notation{iccs.Notation{}, wxf.Notation{}, chinese.Notation{}, platform.Notation{}}

// order is the notation.ID of each registered notation, in the same order.
var order = func() (o [len(registered)]notation.ID) {
	for i := range o {
		o[i] = notation.ID(i + 1)
	}
	return o
}()

// All returns the registered notations in their default style, in the order Detect and
// Resolve try them: ICCS, WXF, Chinese, platform. The slice is the caller's.
func All() []notation.Notation {
	return append([]notation.Notation(nil), registered[:]...)
}

// Lookup returns the registered notation named name ("iccs", "wxf", "chinese" or
// "platform", in any case, so the PGN [Format] values ICCS, WXF, Chinese and Platform work
// too), in its default style; set the style on the returned value's concrete type, or build
// the value directly (wxf.Notation{Style: wxf.Fairy}). An unknown name fails with a
// *notation.NameError, which wraps notation.ErrUnknownName.
func Lookup(name string) (notation.Notation, error) {
	for _, n := range registered {
		if strings.EqualFold(name, n.Name()) {
			return n, nil
		}
	}
	want := ""
	for i, n := range registered {
		switch {
		case i == len(registered)-1:
			want += " or "
		case i > 0:
			want += ", "
		}
		want += n.Name()
	}
	return nil, &notation.NameError{What: "notation", Name: name, Want: want}
}

// IDOf returns the notation.ID of the registered notation n belongs to (whatever
// its style), or Unknown: the hint Resolve and ParseFor take.
func IDOf(n notation.Notation) notation.ID {
	if n == nil {
		return notation.Unknown
	}
	for i, r := range registered {
		if r.Name() == n.Name() {
			return order[i]
		}
	}
	return notation.Unknown
}
