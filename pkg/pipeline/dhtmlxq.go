package pipeline

import (
	"github.com/qipu/qipu/pkg/dhtmlxq"
	"github.com/qipu/qipu/pkg/game"
)

// dhtmlxqExt is the extension of the files DhtmlXQ output writes under an output directory.
// The format has no extension of its own: the 东萍 pages hold their blocks in HTML, the
// ccbridge.net export and vschess's sample data are .txt files, and a few tools write .ubb.
// ".txt" is what the web viewers load as text and any editor opens; qipu (and vschess, and
// cchess) recognize the file by its "[DhtmlXQ]" marker, which Encode writes at offset 0.
const dhtmlxqExt = ".txt"

// outputDhtmlXQ writes a game as one [DhtmlXQ] block followed by a blank line, so that the
// blocks of a stream or of a multi-game file stand apart. A game the format cannot hold (a
// move off the board) gets an encoding error and is left out.
func (f *fileRun) outputDhtmlXQ(g *game.Game) {
	w := f.w
	if err := dhtmlxq.EncodeWith(&w.buf, g, dhtmlxq.EncodeOptions{KeepResult: w.s.cfg.KeepResult}); err != nil {
		f.cannotWrite(g, "cannot write the game as DhtmlXQ", err)
		return
	}
	w.buf.WriteByte('\n')
	f.emit(w.buf.Bytes())
}

// notGameFile counts as skipped a file that its name alone sent to a reader and whose
// content holds no trace of the format: a web page, a .txt note or a .ubb forum post without
// a single "[DhtmlXQ" marker (record.ErrUnknownFormat). Like a file of no known format, it
// gets no diagnostic and no report entry. A file whose content says DhtmlXQ but holds no
// block is still reported as unreadable.
func (f *fileRun) notGameFile() {
	f.cur.stats.files--
	f.cur.stats.skipped++
	f.format, f.encoding = "", ""
}
