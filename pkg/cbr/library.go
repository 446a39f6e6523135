package cbr

import (
	"bytes"
	"fmt"

	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/internal/fields"
	"github.com/qipu/qipu/pkg/textenc"
)

// Layout of a CBL library (see the package overview).
const (
	libCapacity  = 60    // u32: entries of the index
	libName      = 64    // UTF-16, 512 bytes
	libIndex     = 66624 // the index table
	libEntrySize = 276
	libBlock     = 4096 // records take whole blocks
)

// entry is one used entry of a library index.
type entry struct {
	slot   int   // position in the index
	off    int64 // where the entry is
	blocks int
	size   int
	title  string
}

// decodeLibrary reads a CBL library of CBR records.
func decodeLibrary(data []byte, cfg Config, yield func(*game.Game, error) bool) {
	if len(data) < libIndex {
		yield(nil, fileError(cfg.Path, game.KindTruncated, int64(len(data)),
			fmt.Sprintf("file ends inside the %d-byte library header (%d bytes)", libIndex, len(data)), ErrTruncated))
		return
	}
	capacity := le32(data[libCapacity:])
	if maxCap := uint32((len(data) - libIndex) / libEntrySize); capacity > maxCap || capacity > MaxGames {
		yield(nil, fileError(cfg.Path, game.KindSyntax, libCapacity,
			fmt.Sprintf("index capacity %d does not fit the file (at most %d entries)", capacity, min(maxCap, MaxGames)), ErrCorrupt))
		return
	}
	name, _ := utf16Text(data[libName : libName+512])
	extra := []game.Tag{{Name: LibraryTag, Value: fields.Clean(name)}}
	if extra[0].Value == "" {
		extra = nil
	}
	var entries []entry
	for i := 0; i < int(capacity); i++ {
		off := libIndex + i*libEntrySize
		e := data[off : off+libEntrySize]
		if le32(e) == 0 { // flags 0: an unused entry
			continue
		}
		title, _ := utf16Text(e[100:])
		entries = append(entries, entry{slot: i, off: int64(off), blocks: int(le32(e[8:])),
			size: int(le32(e[12:])), title: fields.Clean(title)})
	}
	start := libIndex + int(capacity)*libEntrySize
	var rr recordReader
	rr.b.Path = cfg.Path
	rr.b.Repair = cfg.Repair
	rr.b.ByOffset = true // the tree is read before the moves are replayed
	pos := start
	for n, e := range entries {
		g := libraryGame(&rr, data, pos, n+1, e, extra)
		if rr.empty {
			if !yield(nil, emptyRecord(cfg.Path, n+1, int64(pos), e.title)) {
				return
			}
		} else if !yield(g, nil) {
			return
		}
		if e.blocks < 1 || e.blocks > (len(data)-pos)/libBlock+1 {
			// A bad block count: go on at the next record magic on a block boundary.
			pos = nextMagic(data, pos+libBlock, start)
			continue
		}
		pos += e.blocks * libBlock
	}
	// Records after the last indexed one.
	for n := len(entries) + 1; pos < len(data) && n <= MaxGames; n++ {
		p := nextMagic(data, pos, start)
		if p >= len(data) {
			break
		}
		g := rr.read(data[p:min(p+libBlock*16, len(data))], int64(p), n, CBLFormatName, extra, 0)
		if rr.empty {
			if !yield(nil, emptyRecord(cfg.Path, n, int64(p), "")) {
				return
			}
			pos = p + libBlock
			continue
		}
		g.Diagnostics = append(g.Diagnostics, &game.Diagnostic{Kind: game.KindSyntax, Level: game.LevelWarning, Path: cfg.Path,
			Loc: game.Loc{Offset: int64(p)}, Game: n,
			Message: fmt.Sprintf("record not listed in the library index (%d entries)", len(entries))})
		if !yield(g, nil) {
			return
		}
		pos = p + libBlock
	}
}

// libraryGame reads the record of an index entry at pos.
func libraryGame(rr *recordReader, data []byte, pos, index int, e entry, extra []game.Tag) *game.Game {
	rr.empty = false
	if pos+len(magicRecord) > len(data) || !bytes.HasPrefix(data[pos:], magicRecord) {
		b := &rr.b
		b.Begin(index, CBLFormatName, textenc.UTF16LE)
		if e.title != "" {
			b.Tag("Title", e.title)
		}
		for _, t := range extra {
			b.Tag(t.Name, t.Value)
		}
		kind, msg, err := game.KindSyntax, fmt.Sprintf("no record at %d for index entry %d (%q)", pos, e.slot, e.title), ErrCorrupt
		if pos >= len(data) {
			kind, msg, err = game.KindTruncated, fmt.Sprintf("the library ends before the record of index entry %d (%q)", e.slot, e.title), ErrTruncated
		}
		b.Diagnose(game.Diagnostic{Kind: kind, Level: game.LevelError, Loc: game.Loc{Offset: int64(min(pos, len(data)))}, Message: msg, Err: fmt.Errorf("cbr: %s: %w", msg, err)})
		return b.Finish()
	}
	end := len(data)
	if e.blocks >= 1 && pos+e.blocks*libBlock < end {
		end = pos + e.blocks*libBlock
	}
	limit := e.size
	if limit <= 0 || limit > end-pos {
		limit = -1 // not usable: no check
	}
	return rr.read(data[pos:end], int64(pos), index, CBLFormatName, extra, limit)
}

// nextMagic returns the first block boundary (counted from start) at or after pos where a
// record starts, or len(data).
func nextMagic(data []byte, pos, start int) int {
	if r := (pos - start) % libBlock; r != 0 {
		pos += libBlock - r
	}
	for ; pos+len(magicRecord) <= len(data); pos += libBlock {
		if bytes.HasPrefix(data[pos:], magicRecord) {
			return pos
		}
	}
	return len(data)
}
