package pipeline

import (
	"bufio"
	"container/list"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/shape"
)

// convert --split-by (Config.SplitBy): every game goes to OUT/<group><ext> instead of the
// mirrored tree. The workers encode the games and, for event and ecco, compute their group
// names; the ordered writer places them, so that the files are the same for every -j (the
// group of --split-by N is the game's place in the output, which only the writer knows). The
// writer appends each game to its group's file in a temporary directory under OUT, and
// renames every group's file into place at the end of a run that succeeds: nothing of a
// group is held in memory, and an interrupted run leaves no partial file.

// maxSplitOpen bounds the group files the writer keeps open: beyond it, the file used least
// recently is closed and reopened in append mode when its group has more games.
const maxSplitOpen = 256

// splitBufSize is the buffer of each open group file.
const splitBufSize = 16 << 10

// splitData is the output of a batch's games under --split-by: their bytes, one after the
// other, and each game's group and end.
type splitData struct {
	data  []byte
	marks []splitMark
	paced int64 // the bytes taken from the runner's splitPacer
}

// splitPaceLimit bounds the games of the file at the head of the queue that its worker has
// handed to the writer and the writer has not yet written (splitPacer).
const splitPaceLimit = 8 << 20

// splitPacer makes the worker of the file at the head of the queue wait for the writer. The
// budget bounds only the files behind the head, since the head's output streams through:
// under --split-by the writer appends it to the group files, which may be slower than the
// worker makes it (a file per game with --split-by 1, groups reopened when many alternate),
// and a large input would pile up in memory. The head's worker waits while splitPaceLimit
// bytes are held; the writer, which drains the head, releases them as it goes, so the wait
// always ends. The zero splitPacer is ready to use.
type splitPacer struct {
	mu   sync.Mutex
	cond sync.Cond
	held int64
}

// acquire takes n bytes, waiting while others are held and n would pass the limit.
func (p *splitPacer) acquire(n int64) {
	p.mu.Lock()
	if p.cond.L == nil {
		p.cond.L = &p.mu
	}
	for p.held > 0 && p.held+n > splitPaceLimit {
		p.cond.Wait()
	}
	p.held += n
	p.mu.Unlock()
}

// release returns n bytes (none: nothing to do).
func (p *splitPacer) release(n int64) {
	if n == 0 {
		return
	}
	p.mu.Lock()
	p.held -= n
	p.mu.Unlock()
	p.cond.Broadcast()
}

// paceSplit makes the worker of the file at the head of the queue wait for the writer before
// it hands over more games (splitPacer); the files behind the head are bounded by the budget.
func (f *fileRun) paceSplit() {
	n := int64(len(f.cur.split.data))
	if n == 0 || !f.w.r.budget.IsHead(f.sl.seq) {
		return
	}
	f.w.r.splitPace.acquire(n)
	f.cur.split.paced = n
}

// splitMark is one game in splitData: its group name (empty for --split-by N: the writer
// names the group) and the end of its bytes.
type splitMark struct {
	key string
	end int
}

// splitByEvent is --split-by event.
var splitByEvent, _ = shape.ParseSplit("event")

// splitting reports whether convert writes one file per group.
func (s *settings) splitting() bool {
	return s.outMode == outDir && s.cfg.SplitBy != (shape.Split{})
}

// validateSplit checks --split-by: convert only, with --out DIR, and not with --to xqf.
func (s *settings) validateSplit() error {
	sp := s.cfg.SplitBy
	if sp == (shape.Split{}) {
		return nil
	}
	switch {
	case s.cfg.Out == "" || s.cfg.Out == "-":
		return usagef("convert: --split-by %s writes one file per group and needs --out DIR", sp)
	case s.to.perGame:
		return usagef("convert: --split-by %s: --to xqf writes one file per game already", sp)
	}
	return nil
}

// splitGroup sets the group name of a game about to be written (the worker's part): the
// Event tag as the game is written, before --strip-tags, or its ECCO code. --split-by N
// leaves it to the writer.
func (f *fileRun) splitGroup(g *game.Game) {
	s := f.w.s
	if !s.splitting() || s.cfg.SplitBy != splitByEvent && !s.cfg.SplitBy.NeedsECCO() {
		return
	}
	f.group = s.cfg.SplitBy.Key(g, 0, g.Opening.Code)
}

// emitSplit adds a game's output to the batch, with its group.
func (f *fileRun) emitSplit(data []byte) {
	sd := &f.cur.split
	sd.data = append(sd.data, data...)
	sd.marks = append(sd.marks, splitMark{key: f.group, end: len(sd.data)})
}

// splitWriter is the writer's part. Every group's file is written in a temporary directory
// under the output directory, named by the group's number, and moved into place at the end of
// a run that succeeds; a run that fails or is interrupted removes the directory. What it keeps
// of a group is small: for --split-by N not even that, since a run of N games is done when
// the next starts and its name is computed again at the end.
type splitWriter struct {
	dir    string      // the output directory
	temp   string      // the temporary directory in it
	ext    string      // the files' extension
	split  shape.Split // how games are grouped
	count  int         // N of --split-by N; 0 for event and ecco
	games  int         // games written: the next game's place in the output
	last   *splitFile  // the current group of --split-by N
	groups map[string]*splitFile
	order  []*splitFile    // the groups of event and ecco, in order
	made   int             // the groups made
	taken  map[string]bool // file names taken in dir, folded (foldName)
	open   list.List       // the groups with an open file, the most recently used first
	spare  *bufio.Writer   // the buffer of the last file closed, for the next one opened
}

// splitFile is one group's output file.
type splitFile struct {
	num    int    // the group's number: its temporary file's name
	target string // the final path (event, ecco)
	f      *os.File
	buf    *bufio.Writer
	elem   *list.Element // in splitWriter.open while f is open
}

// newSplitWriter returns the split writer of a run, its names taken after the output names
// the run claimed already (the inputs, the report).
func (w *writer) newSplitWriter() (*splitWriter, error) {
	s := w.r.s
	sw := &splitWriter{dir: s.outPath, ext: s.to.ext, split: s.cfg.SplitBy,
		groups: map[string]*splitFile{}, taken: map[string]bool{}}
	if sw.split != splitByEvent && !sw.split.NeedsECCO() {
		sw.count, _ = strconv.Atoi(sw.split.String())
	}
	// A name claimed in dir already (an input or the report there) is taken in every case.
	for _, name := range w.topClaimed {
		sw.taken[foldName(filepath.Base(name))] = true
	}
	if err := w.r.temps.MkdirAll(sw.dir); err != nil {
		return nil, err
	}
	t, err := os.MkdirTemp(sw.dir, fsio.TempPrefix+"split-")
	if err != nil {
		return nil, fmt.Errorf("writing under %s: %w", sw.dir, err)
	}
	sw.temp = t
	return sw, nil
}

// writeSplit appends a batch's games to their groups' files, in order.
func (w *writer) writeSplit(p *batch) error {
	sd := &p.split
	if len(sd.marks) == 0 {
		return nil
	}
	if w.split == nil {
		sw, err := w.newSplitWriter()
		if err != nil {
			return err
		}
		w.split = sw
	}
	sw := w.split
	start := 0
	for _, m := range sd.marks {
		g, err := sw.group(w, m.key)
		if err != nil {
			return err
		}
		if err := sw.write(g, sd.data[start:m.end]); err != nil {
			return err
		}
		start = m.end
		sw.games++
	}
	clear(sd.marks) // the keys
	return nil
}

// group returns the group of the next game, key as the worker named it, created at its first
// game.
func (sw *splitWriter) group(w *writer, key string) (*splitFile, error) {
	if sw.count > 0 {
		if sw.last != nil && sw.games%sw.count != 0 {
			return sw.last, nil
		}
		if sw.last != nil {
			if err := sw.closeFile(sw.last); err != nil { // done
				return nil, err
			}
		}
		sw.last = &splitFile{num: sw.made}
		sw.made++
		return sw.last, nil
	}
	if g, ok := sw.groups[key]; ok {
		return g, nil
	}
	g := &splitFile{num: sw.made, target: sw.claim(w, key, true)}
	sw.made++
	sw.groups[key] = g
	sw.order = append(sw.order, g)
	return g, nil
}

// claim returns the path of a group's file: dir/key+ext, or dir/key-2+ext, -3 … when the name
// is taken, also in another case (so that a case-insensitive file system cannot merge two
// groups), or by an input or the report. take records the name as taken; the names of
// --split-by N are not recorded, since no other group can have them.
func (sw *splitWriter) claim(w *writer, key string, take bool) string {
	for n := 1; ; n++ {
		name := key + sw.ext
		if n > 1 {
			name = key + "-" + strconv.Itoa(n) + sw.ext
		}
		fold := foldName(name)
		if sw.taken[fold] {
			continue
		}
		p := filepath.Join(sw.dir, name)
		r := claimOf(fsio.Resolve(p, w.dirs))
		if w.claimed[r] {
			continue
		}
		if take {
			sw.taken[fold] = true
			w.claimed[r] = true
		}
		return p
	}
}

// foldName is the form of a file name under which the names a case-insensitive (and
// normalization-insensitive) file system holds as one are equal: NFC, each letter as the
// smallest of its simple case folds.
func foldName(name string) string {
	return strings.Map(func(r rune) rune {
		low := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			low = min(low, f)
		}
		return low
	}, norm.NFC.String(name))
}

// tempName is the temporary file of group num.
func (sw *splitWriter) tempName(num int) string {
	return filepath.Join(sw.temp, strconv.Itoa(num))
}

// write appends data to group g's file, opening (or reopening) it first.
func (sw *splitWriter) write(g *splitFile, data []byte) error {
	if g.f == nil {
		if err := sw.openFile(g); err != nil {
			return err
		}
	} else {
		sw.open.MoveToFront(g.elem)
	}
	if _, err := g.buf.Write(data); err != nil {
		return fmt.Errorf("writing under %s: %w", sw.dir, err)
	}
	return nil
}

// openFile opens g's temporary file in append mode, created at its first game. The file used
// least recently is closed first when too many are open.
func (sw *splitWriter) openFile(g *splitFile) error {
	if sw.open.Len() >= maxSplitOpen {
		if err := sw.closeFile(sw.open.Back().Value.(*splitFile)); err != nil {
			return err
		}
	}
	f, err := os.OpenFile(sw.tempName(g.num), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("writing under %s: %w", sw.dir, err)
	}
	g.f = f
	if g.buf = sw.spare; g.buf != nil {
		sw.spare = nil
		g.buf.Reset(f)
	} else {
		g.buf = bufio.NewWriterSize(f, splitBufSize)
	}
	g.elem = sw.open.PushFront(g)
	return nil
}

// closeFile flushes and closes g's file, if open.
func (sw *splitWriter) closeFile(g *splitFile) error {
	if g.f == nil {
		return nil
	}
	err := g.buf.Flush()
	if cerr := g.f.Close(); err == nil {
		err = cerr
	}
	sw.open.Remove(g.elem)
	g.buf.Reset(nil)
	sw.spare, g.buf, g.f, g.elem = g.buf, nil, nil, nil
	if err != nil {
		return fmt.Errorf("writing under %s: %w", sw.dir, err)
	}
	return nil
}

// closeSplit completes the groups' files and moves them into place, in the order of the
// groups (ok); otherwise, or when that fails, it removes the temporary directory.
func (w *writer) closeSplit(ok bool) (err error) {
	sw := w.split
	if sw == nil {
		return nil
	}
	defer func() {
		if rerr := os.RemoveAll(sw.temp); rerr != nil && err == nil && ok {
			err = fmt.Errorf("writing under %s: %w", sw.dir, rerr)
		}
	}()
	for sw.open.Len() > 0 {
		if cerr := sw.closeFile(sw.open.Front().Value.(*splitFile)); cerr != nil && err == nil {
			err = cerr
		}
	}
	if !ok || err != nil {
		return err
	}
	for num := range sw.made {
		var target string
		if sw.count > 0 {
			target = sw.claim(w, sw.split.Key(nil, num*sw.count, ""), false)
		} else {
			target = sw.order[num].target
		}
		if err := fsio.Rename(sw.tempName(num), target); err != nil {
			return fmt.Errorf("writing %s: %w", target, err)
		}
	}
	return nil
}
