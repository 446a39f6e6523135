package stats

import (
	"fmt"
	"html"
	"html/template"
	"io"
	"strings"
)

// WriteHTML writes the report as one self-contained HTML page: inline CSS and SVG charts
// (game lengths, results, error kinds, validity per top-level folder) and the top tables. The
// page loads nothing from the network and runs no script.
func (r *Report) WriteHTML(w io.Writer, title string) error {
	return r.WriteHTMLLinked(w, title, "")
}

// WriteHTMLLinked writes the page of WriteHTML with its counts of invalid games and unreadable
// files linked to report, the address of the HTML page of `qipu check --output html=FILE` on
// the same inputs (a path relative to this page, or a URL); "" links nothing.
func (r *Report) WriteHTMLLinked(w io.Writer, title, report string) error {
	results := make([]bar, 0, 4)
	for _, name := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		results = append(results, bar{label: resultLabel(name), value: r.Results[name], color: resultColor(name)})
	}
	var kinds []bar
	for _, e := range sortedCounts(r.InvalidByKind) {
		kinds = append(kinds, bar{label: e.Name, value: e.Count, color: "#c0392b"})
	}
	if r.Unreadable > 0 {
		kinds = append(kinds, bar{label: "unreadable files", value: r.Unreadable, color: "#7f8c8d"})
	}
	var warns []bar
	for _, e := range sortedCounts(r.WarningsByKind) {
		warns = append(warns, bar{label: e.Name, value: e.Count, color: "#d68910"})
	}
	var endings []bar
	for _, name := range endingOrder {
		if n := r.Endings[name]; n > 0 {
			endings = append(endings, bar{label: name, value: n, color: endingColor(name)})
		}
	}
	var eccos []bar
	for _, e := range r.ECCO.Entries {
		eccos = append(eccos, bar{label: e.Name, value: e.Count, color: "#16a085"})
	}
	lengths := make([]bar, LengthBuckets)
	for i, n := range r.Lengths {
		lengths[i] = bar{label: bucketLabel(i), value: n, color: "#2e86c1"}
	}
	data := struct {
		Title, Report             string
		R                         *Report
		Lengths, Results          template.HTML
		Kinds, Warnings, Validity template.HTML
		Endings, ECCO             template.HTML
	}{
		Title: title, Report: report, R: r,
		Lengths:  columnChart(lengths, "plies in the main line", "games"),
		Results:  barChart(results),
		Kinds:    barChart(kinds),
		Warnings: barChart(warns),
		Validity: validityChart(r.Folders),
		Endings:  barChart(endings),
		ECCO:     barChart(eccos),
	}
	return page.Execute(w, data)
}

// endingOrder lists the endings in the order reports show them.
var endingOrder = []string{"checkmate", "stalemate", "perpetual-check", "perpetual-chase", "mutual-perpetual-check", "repetition", "natural-limit", "unfinished"}

func endingColor(name string) string {
	switch name {
	case "checkmate", "stalemate":
		return "#c0392b"
	case "perpetual-check", "perpetual-chase":
		return "#d68910"
	case "unfinished":
		return "#7f8c8d"
	}
	return "#2e86c1"
}

func resultLabel(r string) string {
	switch r {
	case "1-0":
		return "1-0 Red wins"
	case "0-1":
		return "0-1 Black wins"
	case "1/2-1/2":
		return "½-½ draw"
	}
	return "* unknown"
}

func resultColor(r string) string {
	switch r {
	case "1-0":
		return "#c0392b"
	case "0-1":
		return "#2c3e50"
	case "1/2-1/2":
		return "#7f8c8d"
	}
	return "#bdc3c7"
}

// bar is one bar of a chart.
type bar struct {
	label string
	value int
	color string
}

// barChart draws horizontal bars with their labels and values.
func barChart(bars []bar) template.HTML {
	if len(bars) == 0 {
		return template.HTML(`<p class="none">none</p>`)
	}
	const labelW, barW, rowH = 170, 360, 24
	most := 0
	for _, b := range bars {
		most = max(most, b.value)
	}
	var s strings.Builder
	h := len(bars)*rowH + 8
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`, labelW+barW+80, h)
	for i, b := range bars {
		y := 4 + i*rowH
		w := 0
		if most > 0 {
			w = b.value * barW / most
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" class="lbl">%s</text>`, labelW-8, y+16, html.EscapeString(b.label))
		fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s: %d</title></rect>`,
			labelW, y+3, max(w, 1), rowH-8, b.color, html.EscapeString(b.label), b.value)
		fmt.Fprintf(&s, `<text x="%d" y="%d" class="val">%d</text>`, labelW+max(w, 1)+6, y+16, b.value)
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// columnChart draws vertical bars (a histogram) with axis captions.
func columnChart(bars []bar, xCaption, yCaption string) template.HTML {
	const colW, plotH, left, bottom = 40, 220, 60, 70
	most := 0
	for _, b := range bars {
		most = max(most, b.value)
	}
	width := left + len(bars)*colW + 20
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`, width, plotH+bottom+20)
	fmt.Fprintf(&s, `<line x1="%d" y1="10" x2="%d" y2="%d" class="axis"/>`, left, left, plotH+10)
	fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" class="axis"/>`, left, plotH+10, width-10, plotH+10)
	fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" class="val">%d</text>`, left-6, 16, most)
	fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" class="val">0</text>`, left-6, plotH+10)
	for i, b := range bars {
		h := 0
		if most > 0 {
			h = b.value * plotH / most
		}
		x := left + i*colW + 4
		fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s plies: %d games</title></rect>`,
			x, plotH+10-h, colW-8, h, b.color, html.EscapeString(b.label), b.value)
		fmt.Fprintf(&s, `<text transform="translate(%d,%d) rotate(-45)" text-anchor="end" class="lbl">%s</text>`,
			x+colW/2, plotH+24, html.EscapeString(b.label))
	}
	fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle" class="cap">%s</text>`, left+len(bars)*colW/2, plotH+bottom+12, html.EscapeString(xCaption))
	fmt.Fprintf(&s, `<text transform="translate(14,%d) rotate(-90)" text-anchor="middle" class="cap">%s</text>`, plotH/2+10, html.EscapeString(yCaption))
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// validityChart draws one stacked bar per folder: valid, invalid games, unreadable files.
func validityChart(folders []Folder) template.HTML {
	if len(folders) == 0 {
		return template.HTML(`<p class="none">none</p>`)
	}
	const labelW, barW, rowH = 220, 360, 24
	most := 0
	for _, f := range folders {
		most = max(most, f.Valid+f.Invalid+f.Unreadable)
	}
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`, labelW+barW+160, len(folders)*rowH+8)
	for i, f := range folders {
		y := 4 + i*rowH
		name := f.Name
		if name == "" {
			name = "."
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end" class="lbl">%s</text>`, labelW-8, y+16, html.EscapeString(shorten(name, 30)))
		x := labelW
		for _, part := range []struct {
			n     int
			color string
			what  string
		}{{f.Valid, "#27ae60", "valid games"}, {f.Invalid, "#c0392b", "invalid games"}, {f.Unreadable, "#7f8c8d", "unreadable files"}} {
			if part.n == 0 || most == 0 {
				continue
			}
			w := max(part.n*barW/most, 1)
			fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s: %d %s</title></rect>`,
				x, y+3, w, rowH-8, part.color, html.EscapeString(name), part.n, part.what)
			x += w
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" class="val">%d valid, %d invalid</text>`, x+6, y+16, f.Valid, f.Invalid)
	}
	s.WriteString(`</svg>`)
	return template.HTML(s.String())
}

// shorten cuts a label to n runes with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
body{font-family:system-ui,"Noto Sans CJK SC","Microsoft YaHei",sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.2em .8em;text-align:left;border-bottom:1px solid #eee}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.grid{display:flex;flex-wrap:wrap;gap:2em}.grid>div{flex:1 1 420px}
svg .lbl{font-size:12px;fill:#333}svg .val{font-size:11px;fill:#555}svg .cap{font-size:12px;fill:#333}svg .axis{stroke:#888}
.none{color:#888}
</style></head><body>
<h1>{{.Title}}</h1>
<table>
<tr><th>files read</th><td class="n">{{.R.Files}}</td><th>games</th><td class="n">{{.R.Games}}</td></tr>
<tr><th>unreadable files</th><td class="n">{{if .Report}}<a href="{{.Report}}">{{.R.Unreadable}}</a>{{else}}{{.R.Unreadable}}{{end}}</td><th>valid games</th><td class="n">{{.R.Valid}}</td></tr>
<tr><th>skipped (not game files)</th><td class="n">{{.R.Skipped}}</td><th>invalid games</th><td class="n">{{if .Report}}<a href="{{.Report}}">{{.R.Invalid}}</a>{{else}}{{.R.Invalid}}{{end}}</td></tr>
<tr><th>file errors</th><td class="n">{{.R.FileErrors}}</td><th>plies</th><td class="n">{{.R.Plies}}</td></tr>
<tr><th>warnings</th><td class="n">{{.R.Warnings}}</td><th>duplicate games</th><td class="n">{{.R.Duplicates.Games}} in {{.R.Duplicates.Groups}} groups</td></tr>
</table>
<div class="grid">
<div><h2>Formats</h2><table>{{range $k, $v := .R.Formats}}<tr><td>{{$k}}</td><td class="n">{{$v}}</td></tr>{{end}}</table></div>
<div><h2>Encodings</h2><table>{{range $k, $v := .R.Encodings}}<tr><td>{{$k}}</td><td class="n">{{$v}}</td></tr>{{end}}</table></div>
</div>
<h2>Game lengths</h2>
{{.Lengths}}
<div class="grid">
<div><h2>Results</h2>{{.Results}}</div>
<div><h2>Invalid games by first error</h2>{{if .Report}}<p><a href="{{.Report}}">every diagnostic, with the board at each failed move</a></p>{{end}}{{.Kinds}}</div>
</div>
<h2>Warnings by kind</h2>
{{.Warnings}}
<h2>How games end</h2>
{{.Endings}}
<h2>Openings by ECCO code (computed)</h2>
{{.ECCO}}
<h2>Validity per top-level folder</h2>
{{.Validity}}
<div class="grid">
<div><h2>Players with most games</h2><table>{{range .R.Players.Entries}}<tr><td>{{.Name}}</td><td class="n">{{.Count}}</td></tr>{{else}}<tr><td class="none">none</td></tr>{{end}}</table></div>
<div><h2>Events with most games</h2><table>{{range .R.Events.Entries}}<tr><td>{{.Name}}</td><td class="n">{{.Count}}</td></tr>{{else}}<tr><td class="none">none</td></tr>{{end}}</table></div>
<div><h2>Openings</h2><table>{{range .R.Openings.Entries}}<tr><td>{{.Name}}</td><td class="n">{{.Count}}</td></tr>{{else}}<tr><td class="none">none</td></tr>{{end}}</table></div>
</div>
<p style="color:#888;font-size:.85em">Written by qipu stats.</p>
</body></html>
`))
