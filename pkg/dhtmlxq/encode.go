package dhtmlxq

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/gamecut"
)

// notWritten are the tags Encode leaves out: they describe a PGN text, or the format holds
// them elsewhere (the start position).
var notWritten = map[string]bool{"game": true, "fen": true, "format": true, "setup": true}

// fieldKey returns the field key Encode writes a tag under, or false when the tag is left
// out: a name that is not ASCII letters, digits and '_', or that a structural field uses.
func fieldKey(name string) (string, bool) {
	lower := strings.ToLower(name)
	if k, ok := fieldKeys[lower]; ok {
		return k, true
	}
	if name == "" || len(name) > 64 || notWritten[lower] || skippedKeys[lower] ||
		lower == "binit" || lower == "movelist" || strings.HasPrefix(lower, "move_") || strings.HasPrefix(lower, "comment") {
		return "", false
	}
	for i := 0; i < len(name); i++ {
		if !isKeyByte(name[i]) {
			return "", false
		}
	}
	if _, known := tagNames[lower]; known {
		return "", false // a key whose tag has another name (e.g. Place, which reads as Site)
	}
	return name, true
}

// Encode writes g as one [DhtmlXQ]…[/DhtmlXQ] block in UTF-8: its tags (the PGN names of the
// known fields mapped back to their keys, other tags under their own name), the result as
// text (红胜, 黑胜, 和棋, 未知), the start position as binit (and as fen when binit cannot say
// it: a side to move other than the first move's, or more pieces of a kind than its slots),
// the main line as movelist, every variation as move_P_S_B, and every comment as commentN or
// commentB_N with "||" for line breaks. Decode reads the block back to the same tags, start
// position, tree and comments; what is lost is listed in the package documentation.
//
// An invalid game is written as far as it was replayed, as the PGN and XQF writers do: each
// line of play stops at its first bad move, the place carries a comment such as "qipu: game
// ends here: …", and when the main line or the setup is cut the result is written as 未知
// (EncodeOptions.KeepResult keeps it).
func Encode(w io.Writer, g *game.Game) error {
	return EncodeWith(w, g, EncodeOptions{})
}

// EncodeOptions adjust EncodeWith.
type EncodeOptions struct {
	// KeepResult writes the game's own result also when its record stops early; by default
	// such a game is written with the result 未知.
	KeepResult bool
}

// EncodeWith is Encode with options.
func EncodeWith(w io.Writer, g *game.Game, o EncodeOptions) error {
	if g == nil {
		return fmt.Errorf("dhtmlxq: nil game: %w", ErrUnencodable)
	}
	marks, cut := gamecut.Marks(g, nil)
	result := g.Result
	if cut && !o.KeepResult {
		result = "*"
	}
	buf := make([]byte, 0, 1024)
	buf = append(buf, "[DhtmlXQ]\n"...)
	wroteResult := false
	for _, t := range g.Tags {
		key, ok := fieldKey(t.Name)
		if !ok {
			continue
		}
		v := t.Value
		if key == "result" {
			if wroteResult {
				continue
			}
			v, wroteResult = resultText[result], true
			if v == "" {
				v = resultText["*"]
			}
		}
		if strings.TrimSpace(v) == "" {
			continue
		}
		buf = openField(buf, key)
		buf = escape(buf, strings.TrimSpace(v), false)
		buf = closeField(buf, key)
	}
	if !wroteResult && result != "" && result != "*" {
		if v, ok := resultText[result]; ok {
			buf = openField(buf, "result")
			buf = append(buf, v...)
			buf = closeField(buf, "result")
		}
	}
	var first board.Move
	hasFirst := len(g.Root.Children) > 0
	if hasFirst {
		first = g.Root.Children[0].Move
	}
	binit, ok := binitOf(&g.Setup)
	if ok {
		buf = openField(buf, "binit")
		buf = append(buf, binit[:]...)
		buf = closeField(buf, "binit")
	}
	if !ok || inferSide(&g.Setup, first, hasFirst) != g.Setup.Turn {
		buf = openField(buf, "fen")
		buf = append(buf, g.Setup.FEN()...)
		buf = closeField(buf, "fen")
	}
	buf, comments, err := appendTree(buf, g, marks)
	if err != nil {
		return err
	}
	buf = append(buf, comments...)
	buf = append(buf, "[/DhtmlXQ]\n"...)
	_, err = w.Write(buf)
	return err
}

func openField(buf []byte, key string) []byte {
	buf = append(buf, "[DhtmlXQ_"...)
	buf = append(buf, key...)
	return append(buf, ']')
}

func closeField(buf []byte, key string) []byte {
	buf = append(buf, "[/DhtmlXQ_"...)
	buf = append(buf, key...)
	return append(buf, "]\n"...)
}

// binitOf returns the 64 digits of a setup, or false when a side has more pieces of a kind
// than the slots RNBAKABNRCCPPPPP hold. Pieces take their slots in the order of the board
// from the top left, as vschess writes them.
func binitOf(s *board.Setup) (out [64]byte, ok bool) {
	for i := range out {
		out[i] = '9'
	}
	var used [32]bool
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		pc := s.Board[sq]
		if pc == board.NoPiece {
			continue
		}
		slot := -1
		base := int(pc.Color()) * 16
		for i := 0; i < 16; i++ {
			if slotRoles[i] == pc.Role() && !used[base+i] {
				slot = base + i
				break
			}
		}
		if slot < 0 {
			return out, false
		}
		used[slot] = true
		out[2*slot] = byte('0' + sq.Col())
		out[2*slot+1] = byte('0' + sq.Row())
	}
	return out, true
}

// pendingLine is a line of the tree still to write: it starts with node n at ply start and
// replaces that ply of branch parent.
type pendingLine struct {
	n             *game.Node
	parent, start int
}

// appendTree writes the main line and the variations, numbering the branches in the order
// they are written (the main line is branch 0), and returns the comment fields apart.
// marks are the comments that mark where a line of an invalid game stops (gamecut.Marks).
func appendTree(buf []byte, g *game.Game, marks map[*game.Node]string) (out, comments []byte, err error) {
	comments = appendComment(nil, 0, 0, g.Root.Comments, marks[&g.Root])
	kids := g.Root.Children
	var stack []pendingLine
	for i := len(kids) - 1; i >= 1; i-- {
		stack = append(stack, pendingLine{kids[i], 0, 1})
	}
	if len(kids) > 0 {
		stack = append(stack, pendingLine{kids[0], -1, 1})
	}
	var key []byte
	for id := 0; len(stack) > 0; id++ {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		key = key[:0]
		if id == 0 {
			key = append(key, "movelist"...)
		} else {
			key = append(key, "move_"...)
			key = strconv.AppendInt(key, int64(p.parent), 10)
			key = append(key, '_')
			key = strconv.AppendInt(key, int64(p.start), 10)
			key = append(key, '_')
			key = strconv.AppendInt(key, int64(id), 10)
		}
		buf = openField(buf, string(key))
		ply := p.start
		for n := p.n; ; {
			f, t := n.Move.From(), n.Move.To()
			if !f.Valid() || !t.Valid() {
				return nil, nil, fmt.Errorf("dhtmlxq: move %s off the board: %w", string(n.Move.AppendICCS(nil, false)), ErrUnencodable)
			}
			buf = append(buf, byte('0'+f.Col()), byte('0'+f.Row()), byte('0'+t.Col()), byte('0'+t.Row()))
			comments = appendComment(comments, id, ply, n.Comments, marks[n])
			if len(n.Children) == 0 {
				break
			}
			for i := len(n.Children) - 1; i >= 1; i-- {
				stack = append(stack, pendingLine{n.Children[i], id, ply + 1})
			}
			n = n.Children[0]
			ply++
		}
		buf = closeField(buf, string(key))
	}
	return buf, comments, nil
}

// appendComment writes the comments of a node, and its cut mark if any, as one field (joined
// by line breaks).
func appendComment(buf []byte, branch, ply int, cs []string, mark string) []byte {
	text := strings.Join(cs, "\n")
	if mark != "" {
		if text != "" {
			text += "\n"
		}
		text += mark
	}
	if text == "" {
		return buf
	}
	var key []byte
	key = append(key, "comment"...)
	if branch > 0 {
		key = strconv.AppendInt(key, int64(branch), 10)
		key = append(key, '_')
	}
	key = strconv.AppendInt(key, int64(ply), 10)
	buf = openField(buf, string(key))
	buf = escape(buf, text, true)
	return closeField(buf, string(key))
}
