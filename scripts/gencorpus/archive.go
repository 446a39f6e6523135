package main

// A large archive for benchmarks (not committed): -archive N writes N random games into
// -out DIR, shaped like the real archives qipu meets, many files of many games in every
// notation and encoding, single-game XQF files, and now and then a huge tree.

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/game"
	"github.com/qipu/qipu/pkg/notation/chinese"
	"github.com/qipu/qipu/pkg/notation/iccs"
	"github.com/qipu/qipu/pkg/notation/platform"
	"github.com/qipu/qipu/pkg/notation/wxf"
	"github.com/qipu/qipu/pkg/textenc"
	"github.com/qipu/qipu/pkg/xqf"
)

// The shape of an archive chunk: every chunk of chunkGames games is one folder with
// pgnPerChunk PGN files of gamesPerPGN games each and the rest as single-game XQF files.
// Every hugeEvery-th chunk also holds a huge tree (counted as one of its XQF games), in XQF
// and the same tree again in PGN.
const (
	chunkGames  = 1000
	pgnPerChunk = 2
	gamesPerPGN = 450
	hugeEvery   = 100
)

// hugeNodes is the number of moves of a huge tree, variations included (-huge-nodes).
var hugeNodes = 60000

// archiveStyles are the PGN styles of the archive, taken in turn by its PGN files.
var archiveStyles = []pgnStyle{
	{n: chinese.Notation{}, enc: textenc.GB18030, crlf: true, perLine: 4},
	{n: chinese.Notation{}, enc: textenc.UTF8, perLine: 4},
	{n: iccs.Notation{}, enc: textenc.UTF8, perLine: 6},
	{n: wxf.Notation{}, enc: textenc.UTF8, perLine: 6},
	{n: chinese.Notation{Traditional: true}, enc: textenc.Big5, crlf: true, script: "traditional", perLine: 4},
	{n: chinese.Notation{}, enc: textenc.GB18030, crlf: true, perLine: 4},
	{n: platform.Notation{}, enc: textenc.UTF8, perLine: 4},
	{n: iccs.Notation{Style: iccs.UCCI}, enc: textenc.UTF8, perLine: 8},
}

// largeArchive writes n games into out with the given number of workers. The content
// depends only on seed and n (each chunk has its own random source), not on the workers.
func largeArchive(out string, seed uint64, n, workers int) error {
	if n < 1 {
		return fmt.Errorf("-archive %d: want at least 1 game", n)
	}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunks := (n + chunkGames - 1) / chunkGames
	var next atomic.Int64
	var files, bytesOut atomic.Int64
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				c := int(next.Add(1) - 1)
				if c >= chunks {
					return
				}
				games := min(chunkGames, n-c*chunkGames)
				f, b, err := writeChunk(out, seed, c, games)
				files.Add(int64(f))
				bytesOut.Add(b)
				if err != nil {
					errs[w] = err
					next.Store(int64(chunks)) // stop the others
					return
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "gencorpus: %d games in %d files, %.1f MB, under %s\n",
		n, files.Load(), float64(bytesOut.Load())/1e6, out)
	return nil
}

// writeChunk writes chunk c (games games) and returns the number of files and bytes.
func writeChunk(out string, seed uint64, c, games int) (files int, size int64, err error) {
	g := &generator{rng: rand.New(rand.NewPCG(seed, uint64(c)+0x61726368)), out: out, n: c * chunkGames}
	dir := fmt.Sprintf("%04d", c)
	write := func(rel string, data []byte) error {
		files++
		size += int64(len(data))
		return g.writeRaw(dir+"/"+rel, data)
	}
	left := games
	var b bytes.Buffer
	for k := 0; k < pgnPerChunk && left > 0; k++ {
		st := archiveStyles[(c*pgnPerChunk+k)%len(archiveStyles)]
		b.Reset()
		for range min(gamesPerPGN, left) {
			if err := appendPGN(&b, g.randomGame("", 20, 160, nil), st, nil); err != nil {
				return files, size, err
			}
			left--
		}
		data, err := encodeText(b.Bytes(), st.enc)
		if err != nil {
			return files, size, err
		}
		if err := write(fmt.Sprintf("games-%d-%s.pgn", k, styleName(st)), data); err != nil {
			return files, size, err
		}
	}
	if c%hugeEvery == 0 && left > 0 {
		gm, err := g.hugeTree(hugeNodes)
		if err != nil {
			return files, size, err
		}
		b.Reset()
		if err := xqf.Encode(&b, gm); err != nil {
			return files, size, err
		}
		if err := write("huge-tree.xqf", b.Bytes()); err != nil {
			return files, size, err
		}
		left--
	}
	for i := 0; left > 0; i++ {
		gm, err := gameOf(g.randomGame("", 20, 160, nil), 1)
		if err != nil {
			return files, size, err
		}
		b.Reset()
		if err := xqf.Encode(&b, gm); err != nil {
			return files, size, err
		}
		if err := write(fmt.Sprintf("xqf/game-%03d.xqf", i), b.Bytes()); err != nil {
			return files, size, err
		}
		left--
	}
	return files, size, nil
}

func encodeText(text []byte, enc textenc.Encoding) ([]byte, error) {
	if enc == textenc.UTF8 {
		return text, nil
	}
	return textenc.EncodeString(string(text), enc)
}

func styleName(st pgnStyle) string {
	name := formatTag[st.n.Name()]
	if cn, ok := st.n.(chinese.Notation); ok && cn.Traditional {
		name += "-traditional"
	}
	if in, ok := st.n.(iccs.Notation); ok && in.Style == iccs.UCCI {
		name = "UCCI"
	}
	return fmt.Sprintf("%s-%s", name, st.enc)
}

// hugeTree builds a game of about nodes moves: a main line of 300 plies with alternatives
// branching off each move and off each other (up to four levels deep), as in the large
// opening trees of real XQF archives. Each main-line move gets an equal share of the nodes.
func (g *generator) hugeTree(nodes int) (*game.Game, error) {
	g.n++
	b := &game.Builder{}
	b.Begin(1, "xqf", textenc.GB18030)
	b.Tag("Event", "qipu 大型变着树")
	b.Tag("Round", fmt.Sprint(g.n))
	const mainPlies = 300
	var legal []board.Move
	// line plays up to plies random moves from pos, each with up to two alternatives,
	// while budget lasts (the main line, depth 0, ignores the budget).
	var line func(pos board.Position, plies, depth int, budget *int)
	line = func(pos board.Position, plies, depth int, budget *int) {
		for range plies {
			if depth > 0 && *budget <= 0 {
				return
			}
			legal = pos.LegalMoves(legal[:0])
			if len(legal) == 0 {
				return
			}
			before := pos
			m := legal[g.rng.IntN(len(legal))]
			pos.Play(m)
			if depth == 0 {
				// Keep the main line going to its full length: no mate on it while
				// another move exists.
				for tries := 0; !pos.HasLegalMove() && tries < len(legal); tries++ {
					pos = before
					m = legal[g.rng.IntN(len(legal))]
					pos.Play(m)
				}
			}
			b.PlayMove(m, game.NoLoc)
			share := nodes / mainPlies
			if depth > 0 {
				*budget--
			} else {
				budget = &share
			}
			if depth < 4 && len(legal) > 1 {
				for range 1 + g.rng.IntN(2) {
					if *budget <= 0 {
						break
					}
					b.BeginVariation()
					line(before, 5+g.rng.IntN(40), depth+1, budget)
					b.EndVariation()
				}
			}
		}
	}
	line(*board.StartPosition(), mainPlies, 0, nil)
	b.Result("*")
	gm := b.Finish()
	if !gm.Valid() {
		return nil, fmt.Errorf("huge tree does not replay: %v", gm.Errors()[0])
	}
	return gm, nil
}
