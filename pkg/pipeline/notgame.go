package pipeline

import "github.com/qipu/qipu/pkg/game"

// notGameFile counts as skipped a file that its name alone sent to a reader and whose
// content holds no trace of the format: a web page, a .txt note or a .ubb forum post without
// a single "[DhtmlXQ" marker (record.ErrUnknownFormat). Like a file of no known format, it
// gets no diagnostic and no report entry. A file whose content says DhtmlXQ but holds no
// block is still reported as unreadable.
func (f *fileRun) notGameFile() {
	f.cur.stats.Files--
	f.cur.stats.Skipped++
	f.format, f.encoding = "", ""
}

// skipSpecial reports a file found by a directory walk that is not a regular file (a named
// pipe, a socket, a device) but whose name says it is a game file: it is skipped, with a
// warning that says why (an error under Strict, which makes it unreadable).
func (f *fileRun) skipSpecial() {
	d := &game.Diagnostic{Kind: game.KindIO, Level: game.LevelWarning, Path: f.in.Path, Loc: game.NoLoc,
		Message: "skipped: " + f.in.Special + ", not a regular file"}
	f.fileDiag(d)
	if d.IsWarning() {
		f.cur.stats.Skipped++
	}
}
