package walk

import (
	"errors"
	"fmt"
	"hash/fnv"
	"path"
	"strconv"
	"strings"
)

// Shard selects one part of the inputs, so that N workers that share nothing but the file
// system can split an archive: shard Index of Count keeps the input files whose key hashes to
// Index (FNV-1a, 64 bits, modulo Count). The key is the file's path below the directory
// argument that found it (for a file named by an argument or a --files-from entry, the path
// under which its output goes), slash-separated, without its extension and without trailing
// "-N" numbers: a.pgn, a.xqf and a-2.pgn, whose outputs could take each other's names
// (a.pgn, a-2.pgn, ...), are in one shard, so the -o trees of the shards merge without
// collisions into the single run's. Every file belongs to exactly one shard, and the same
// file to the same shard on every machine. The zero value (Count 0) keeps everything.
type Shard struct {
	Index, Count int
}

// ErrShard is wrapped by the error of ParseShard for text that is not K/N.
var ErrShard = errors.New("walk: not a shard")

// ParseShard reads "K/N": shard K (from 0) of N.
func ParseShard(s string) (Shard, error) {
	k, n, ok := strings.Cut(strings.TrimSpace(s), "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
		return Shard{}, fmt.Errorf("%w: %q (want K/N with 0 <= K < N)", ErrShard, s)
	}
	return Shard{Index: ki, Count: ni}, nil
}

// String returns "K/N", or "" for the zero value.
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count)
}

// Keeps reports whether the input file with the given key belongs to the shard.
func (s Shard) Keeps(key string) bool {
	if s.Count <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return h.Sum64()%uint64(s.Count) == uint64(s.Index)
}

// Valid reports whether s is the zero Shard or a shard K of N with 0 <= K < N.
func (s Shard) Valid() bool {
	return s == Shard{} || (s.Count >= 1 && s.Index >= 0 && s.Index < s.Count)
}

// Key is the shard key of an input whose output goes to rel (slash-separated, below the
// output directory): rel without its extension and trailing "-N" numbers.
func Key(rel string) string {
	dir, base := path.Split(rel)
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	for {
		i := strings.LastIndexByte(base, '-')
		if i <= 0 || i == len(base)-1 || strings.Trim(base[i+1:], "0123456789") != "" {
			break
		}
		base = base[:i]
	}
	return dir + base
}
