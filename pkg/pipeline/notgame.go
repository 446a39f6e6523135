package pipeline

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
