package pipeline

import (
	"path/filepath"
	"strconv"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/fsio"
	"github.com/qipu/qipu/pkg/internal/groupfile"
	"github.com/qipu/qipu/pkg/shape"
)

// convert --split-by (Config.SplitBy): every game goes to OUT/<group><ext> instead of the
// mirrored tree. The workers encode the games and, for event and ecco, compute their group
// names; the ordered writer places them, so that the files are the same for every -j (the
// group of --split-by N is the game's place in the output, which only the writer knows). The
// writer appends each game to its group's file in a temporary directory under OUT, and
// renames every group's file into place at the end of a run that succeeds: nothing of a
// group is held in memory, and an interrupted run leaves no partial file.

// splitData is the output of a batch's games under --split-by: their bytes, one after the
// other, and each game's group and end.
type splitData struct {
	data  []byte
	marks []splitMark
	paced int64 // the bytes taken from the runner's splitPace
}

// splitPaceLimit bounds the games of the file at the head of the queue that its worker has
// handed to the writer and the writer has not yet written (headsem.Pacer): under --split-by
// the writer appends them to the group files, which may be slower than the worker makes them
// (a file per game with --split-by 1, groups reopened when many alternate).
const splitPaceLimit = 8 << 20

// paceSplit makes the worker of the file at the head of the queue wait for the writer before
// it hands over more games (headsem.Pacer); the files behind the head are bounded by the budget.
func (f *fileRun) paceSplit() {
	n := int64(len(f.cur.split.data))
	if n == 0 || !f.w.r.budget.IsHead(f.sl.seq) {
		return
	}
	f.w.r.splitPace.Acquire(n)
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
	return s.outMode == outDir && s.conv.SplitBy != (shape.Split{})
}

// validateSplit checks --split-by: convert only, with --out DIR, and not with --to xqf.
func (s *settings) validateSplit() error {
	sp := s.conv.SplitBy
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
	if !s.splitting() || s.conv.SplitBy != splitByEvent && !s.conv.SplitBy.NeedsECCO() {
		return
	}
	f.group = s.conv.SplitBy.Key(g, 0, g.Opening.Code)
}

// emitSplit adds a game's output to the batch, with its group.
func (f *fileRun) emitSplit(data []byte) {
	sd := &f.cur.split
	sd.data = append(sd.data, data...)
	sd.marks = append(sd.marks, splitMark{key: f.group, end: len(sd.data)})
}

// splitWriter is the writer's part: it names the groups and places each game in its group's
// file, which package groupfile writes in a temporary directory under the output directory
// and moves into place at the end of a run that succeeds. What it keeps of a group is small:
// for --split-by N not even that, since a run of N games is done when the next starts and its
// name is computed again at the end.
type splitWriter struct {
	dir     string      // the output directory
	ext     string      // the files' extension
	split   shape.Split // how games are grouped
	count   int         // N of --split-by N; 0 for event and ecco
	games   int         // games written: the next game's place in the output
	last    int         // the current group of --split-by N, -1 before the first
	files   *groupfile.Set
	groups  map[string]int  // the groups of event and ecco by key
	targets []string        // the groups' paths, for event and ecco
	taken   map[string]bool // file names taken in dir, folded (groupfile.FoldName)
}

// newSplitWriter returns the split writer of a run, its names taken after the output names
// the run claimed already (the inputs, the report).
func (w *writer) newSplitWriter() (*splitWriter, error) {
	s := w.r.s
	sw := &splitWriter{dir: s.outPath, ext: s.to.ext, split: s.conv.SplitBy, last: -1,
		groups: map[string]int{}, taken: map[string]bool{}}
	if sw.split != splitByEvent && !sw.split.NeedsECCO() {
		sw.count, _ = strconv.Atoi(sw.split.String())
	}
	// A name claimed in dir already (an input or the report there) is taken in every case.
	for _, name := range w.topClaimed {
		sw.taken[groupfile.FoldName(filepath.Base(name))] = true
	}
	if err := w.r.temps.MkdirAll(sw.dir); err != nil {
		return nil, err
	}
	files, err := groupfile.New(sw.dir, 0)
	if err != nil {
		return nil, err
	}
	sw.files = files
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
		if err := sw.files.Append(g, sd.data[start:m.end]); err != nil {
			return err
		}
		start = m.end
		sw.games++
	}
	clear(sd.marks) // the keys
	return nil
}

// group returns the number of the next game's group, key as the worker named it, added at
// its first game.
func (sw *splitWriter) group(w *writer, key string) (int, error) {
	if sw.count > 0 {
		if sw.last >= 0 && sw.games%sw.count != 0 {
			return sw.last, nil
		}
		if sw.last >= 0 {
			if err := sw.files.Done(sw.last); err != nil {
				return 0, err
			}
		}
		sw.last = sw.files.Add()
		return sw.last, nil
	}
	if g, ok := sw.groups[key]; ok {
		return g, nil
	}
	g := sw.files.Add()
	sw.groups[key] = g
	sw.targets = append(sw.targets, sw.claim(w, key, true))
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
		fold := groupfile.FoldName(name)
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

// closeSplit completes the groups' files and moves them into place, in the order of the
// groups (ok); otherwise it removes them.
func (w *writer) closeSplit(ok bool) error {
	sw := w.split
	if sw == nil {
		return nil
	}
	if !ok {
		sw.files.Discard()
		return nil
	}
	return sw.files.Commit(func(num int) string {
		if sw.count > 0 {
			return sw.claim(w, sw.split.Key(nil, num*sw.count, ""), false)
		}
		return sw.targets[num]
	})
}
