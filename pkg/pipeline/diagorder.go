package pipeline

import "github.com/qipu/qipu/pkg/game"

// diagMark is where one diagnostic line of the current batch ends in its diag bytes, and the
// text line it is about (0 when it has none).
type diagMark struct {
	line int
	diag int
}

// placeFileDiag prints a diagnostic of the file itself: one placed at a text line (the
// undecodable bytes of a text file, found once the file is read) goes in order of line with
// the game diagnostics not yet handed to the writer, before the first of them at a later
// line; others, and those about a place past every game diagnostic still held, come last.
// Game diagnostics already handed on (a file whose diagnostics exceed a batch) stay where
// they are: such a warning then follows them.
func (f *fileRun) placeFileDiag(d *game.Diagnostic) {
	at := -1
	if d.Loc.Line > 0 {
		for i, m := range f.marks {
			if m.line > d.Loc.Line {
				at = i
				break
			}
		}
	}
	if at < 0 {
		f.appendDiag(d)
		return
	}
	start := diagMark{}
	if at > 0 {
		start = f.marks[at-1]
	}
	// Append, then rotate the new line into place and shift the marks after it.
	f.appendDiag(d)
	n := len(f.marks) - 1
	last, prev := f.marks[n], f.marks[n-1]
	dn := last.diag - prev.diag
	rotate(f.cur.diag[start.diag:], dn)
	f.marks = f.marks[:n]
	for i := at; i < n; i++ {
		f.marks[i].diag += dn
	}
	f.marks = append(f.marks[:at], append([]diagMark{{line: d.Loc.Line, diag: start.diag + dn}}, f.marks[at:]...)...)
}

// rotate moves the last n bytes of b to its front.
func rotate(b []byte, n int) {
	if n == 0 || n == len(b) {
		return
	}
	reverse(b)
	reverse(b[:n])
	reverse(b[n:])
}

func reverse(b []byte) {
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
}
