package ciformat

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"strconv"

	"github.com/qipu/qipu/pkg/board"
	"github.com/qipu/qipu/pkg/diagram"
	"github.com/qipu/qipu/pkg/game"
)

// The HTML report: one self-contained page (no external script, style, font or image):
//
//	<main>  (a flex column: the summary, written last, is shown first)
//	  the boards' shared definitions (diagram.Defs), the filter (built by a small inline script)
//	  <section class="file"> per file with diagnostics: its own, then per game
//	    <li class="diag" data-code data-level id="d-N"> the diagnostic, a link to its board and
//	    <figure id="b-N"><svg class="board" data-fen="FEN"> the position before the failing
//	    move, the previous move marked and the candidate moves (Diagnostic.Candidates) as
//	    arrows
//	  <section id="summary"> files, games, errors, warnings and notes, counts by code
//
// The page streams: each file is written when it comes and only the counts are kept, so a
// report of any size costs the memory of one file's diagnostics. Every text of the input
// (paths, messages, move texts) is escaped.

type htmlPrinter struct {
	out     errWriter
	o       Options
	started bool
	buf     bytes.Buffer
	next    int // diagnostics written, for their ids
	boards  int
	files   int // files with diagnostics
	games   int
	invalid int // games with an error
	levels  [3]int
	codes   map[game.Kind][3]int
}

func newHTML(w io.Writer, o Options) Printer {
	return &htmlPrinter{out: errWriter{w: w}, o: o, codes: map[game.Kind][3]int{}}
}

const htmlStyle = `body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;margin:0;background:#fafafa;color:#222}
main{display:flex;flex-direction:column;max-width:1100px;margin:0 auto;padding:1em}
#summary{order:-2}#filters{order:-1;margin:.5em 0 1em}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.1em;margin:1.2em 0 .3em;word-break:break-all}h3{font-size:1em;margin:.6em 0 .2em}
section.file{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.4em 1em;margin:.5em 0}
ul.diags{list-style:none;padding:0;margin:0}
li.diag{padding:.3em 0;border-top:1px solid #eee}
.lvl{display:inline-block;min-width:4.5em;font-weight:600}
.error .lvl{color:#b00}.warning .lvl{color:#a60}.note .lvl{color:#06a}
code{background:#f1f1f1;padding:0 .25em;border-radius:3px}
figure{margin:.4em 0 .6em 1em}figcaption{font-size:.85em;color:#555}
table{border-collapse:collapse}td,th{padding:.1em .8em;text-align:left;border-bottom:1px solid #eee}
.hidden{display:none}
#filters label{margin-right:1em;white-space:nowrap}
`

// htmlScript builds the filter (a checkbox per level and per code present) and hides the
// diagnostics, games and files the boxes leave out.
const htmlScript = `(function(){
var ds=[].slice.call(document.querySelectorAll("li.diag")),f=document.getElementById("filters");
function uniq(a){return a.filter(function(x,i){return a.indexOf(x)===i}).sort()}
var levels=uniq(ds.map(function(d){return d.dataset.level})),codes=uniq(ds.map(function(d){return d.dataset.code}));
function boxes(title,kind,vals){var p=document.createElement("div");p.appendChild(document.createTextNode(title+": "));
vals.forEach(function(v){var l=document.createElement("label"),c=document.createElement("input");c.type="checkbox";c.checked=true;c.dataset[kind]=v;c.onchange=apply;l.appendChild(c);l.appendChild(document.createTextNode(" "+v));p.appendChild(l)});f.appendChild(p)}
function on(kind){var s={};[].forEach.call(f.querySelectorAll("input"),function(c){if(c.dataset[kind]!==undefined&&c.checked)s[c.dataset[kind]]=1});return s}
function apply(){var l=on("level"),c=on("code");ds.forEach(function(d){d.classList.toggle("hidden",!(l[d.dataset.level]&&c[d.dataset.code]))});
[].forEach.call(document.querySelectorAll(".game,section.file"),function(g){g.classList.toggle("hidden",!g.querySelector("li.diag:not(.hidden)"))})}
if(ds.length){boxes("level","level",levels);boxes("code","code",codes)}
})();`

func (p *htmlPrinter) start() {
	if p.started {
		return
	}
	p.started = true
	b := &p.buf
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>qipu check</title>\n<style>\n")
	b.WriteString(htmlStyle)
	b.WriteString(diagram.Style)
	b.WriteString("</style>\n</head>\n<body>\n<main>\n")
	_ = diagram.Defs(b) // a bytes.Buffer does not fail
	b.WriteString("<div id=\"filters\"></div>\n")
	p.flush()
}

func (p *htmlPrinter) flush() {
	p.out.write(p.buf.Bytes())
	p.buf.Reset()
}

func (p *htmlPrinter) WriteFile(f *File) error {
	p.start()
	p.games += len(f.Games)
	has := len(f.Diagnostics) > 0
	for i := range f.Games {
		g := &f.Games[i]
		if slices.ContainsFunc(g.Diagnostics, func(d Diagnostic) bool { return d.IsError() }) {
			p.invalid++
		}
		has = has || len(g.Diagnostics) > 0
	}
	if !has {
		return p.out.err
	}
	p.files++
	b := &p.buf
	b.WriteString("<section class=\"file\">\n<h2>")
	escapeHTML(b, f.Source)
	b.WriteString("</h2>\n")
	if len(f.Diagnostics) > 0 {
		p.diagnostics(f.Diagnostics)
	}
	for i := range f.Games {
		g := &f.Games[i]
		if len(g.Diagnostics) == 0 {
			continue
		}
		b.WriteString("<div class=\"game\"><h3>game " + strconv.Itoa(g.Index) + "</h3>\n")
		p.diagnostics(g.Diagnostics)
		b.WriteString("</div>\n")
		if b.Len() > 64<<10 {
			p.flush()
		}
	}
	b.WriteString("</section>\n")
	p.flush()
	return p.out.err
}

// diagnostics writes a list of diagnostics, each with its board when it has a position.
func (p *htmlPrinter) diagnostics(ds []Diagnostic) {
	b := &p.buf
	b.WriteString("<ul class=\"diags\">\n")
	for i := range ds {
		d := &ds[i]
		p.next++
		id := strconv.Itoa(p.next)
		lvl := d.Level.String()
		p.levels[d.Level%3]++
		c := p.codes[d.Kind]
		c[d.Level%3]++
		p.codes[d.Kind] = c
		b.WriteString(`<li class="diag ` + lvl + `" id="d-` + id + `" data-level="` + lvl + `" data-code="`)
		escapeHTML(b, string(d.Kind))
		b.WriteString(`"><span class="lvl">` + lvl + `</span> <code>`)
		escapeHTML(b, string(d.Kind))
		b.WriteString("</code> ")
		if loc := locText(&d.Diagnostic); loc != "" {
			b.WriteString("<span class=\"loc\">")
			escapeHTML(b, loc)
			b.WriteString("</span> ")
		}
		escapeHTML(b, messageText(&d.Diagnostic))
		pos := diagramPosition(d)
		if pos != nil {
			b.WriteString(` <a href="#b-` + id + `">board</a>`)
		}
		if b.Len() > 64<<10 {
			p.flush()
		}
		if pos != nil {
			p.board(d, pos, id)
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ul>\n")
}

// board writes the figure of a diagnostic's position.
func (p *htmlPrinter) board(d *Diagnostic, pos *board.Position, id string) {
	b := &p.buf
	p.boards++
	o := diagram.Options{Shared: true, LastMove: d.LastMove}
	for _, c := range d.Candidates {
		if m, ok := parseICCS(c); ok {
			o.Arrows = append(o.Arrows, m)
		}
	}
	b.WriteString(`<figure id="b-` + id + `">`)
	diagram.AppendSVG(b, pos, &o)
	b.WriteString("<figcaption>the position before ply " + strconv.Itoa(d.Ply))
	if d.LastMove != board.NoMove {
		b.WriteString(", after ")
		b.Write(d.LastMove.AppendICCS(nil, false))
	}
	b.WriteString(` · <a href="#d-` + id + `">back to the diagnostic</a></figcaption></figure>`)
}

// diagramPosition returns the position of a diagnostic's board, or nil when it has none.
func diagramPosition(d *Diagnostic) *board.Position {
	if d.FEN == "" || d.Ply <= 0 {
		return nil
	}
	s, err := board.ParseFEN(d.FEN)
	if err != nil {
		return nil
	}
	pos, err := board.NewPosition(s, board.AllProblems)
	if err != nil {
		return nil
	}
	return pos
}

// parseICCS reads a move in ICCS ("h2e2", "H2-E2").
func parseICCS(s string) (board.Move, bool) {
	if len(s) == 5 && s[2] == '-' {
		s = s[:2] + s[3:]
	}
	if len(s) != 4 {
		return board.NoMove, false
	}
	from, ok1 := board.SquareFromICCS(s[0]|0x20, s[1])
	to, ok2 := board.SquareFromICCS(s[2]|0x20, s[3])
	return board.NewMove(from, to), ok1 && ok2
}

// locText returns a diagnostic's place in its file: "line:col" or "@offset".
func locText(d *game.Diagnostic) string {
	switch {
	case d.Loc.Line > 0:
		return strconv.Itoa(d.Loc.Line) + ":" + strconv.Itoa(max(d.Loc.Col, 1))
	case d.Loc.Offset >= 0:
		return "@" + strconv.FormatInt(d.Loc.Offset, 10)
	}
	return ""
}

func (p *htmlPrinter) Close() error {
	p.start()
	b := &p.buf
	b.WriteString("<section id=\"summary\">\n<h1>qipu check</h1>\n<p>")
	if p.o.Version != "" {
		b.WriteString("qipu ")
		escapeHTML(b, p.o.Version)
		b.WriteString(": ")
	}
	b.WriteString(strconv.Itoa(p.games) + " games, " + strconv.Itoa(p.invalid) + " invalid; " +
		strconv.Itoa(p.levels[game.LevelError]) + " errors, " + strconv.Itoa(p.levels[game.LevelWarning]) + " warnings, " +
		strconv.Itoa(p.levels[game.LevelNote]) + " notes in " + strconv.Itoa(p.files) + " files; " +
		strconv.Itoa(p.boards) + " boards</p>\n")
	if len(p.codes) > 0 {
		b.WriteString("<table><tr><th>code</th><th>errors</th><th>warnings</th><th>notes</th></tr>\n")
		codes := make([]game.Kind, 0, len(p.codes))
		for k := range p.codes {
			codes = append(codes, k)
		}
		slices.Sort(codes)
		for _, k := range codes {
			c := p.codes[k]
			b.WriteString("<tr><td><code>")
			escapeHTML(b, string(k))
			b.WriteString("</code></td><td>" + strconv.Itoa(c[0]) + "</td><td>" + strconv.Itoa(c[1]) + "</td><td>" + strconv.Itoa(c[2]) + "</td></tr>\n")
		}
		b.WriteString("</table>\n")
	}
	b.WriteString("</section>\n</main>\n<script>\n")
	b.WriteString(htmlScript)
	b.WriteString("\n</script>\n</body>\n</html>\n")
	p.flush()
	return p.out.err
}

// escapeHTML writes s escaped for HTML text and attribute values (& < > ' " and the
// characters XML cannot hold).
func escapeHTML(b *bytes.Buffer, s string) {
	_ = xml.EscapeText(b, []byte(s)) // a bytes.Buffer does not fail
}
