#!/usr/bin/env bash
# Renders qipu's HTML pages (check --output html=FILE) in headless Chromium, takes a screenshot
# of each, and checks from the rendered DOM that every <svg class="board" data-fen="FEN"> holds
# exactly the pieces of its FEN, each on its square.
#
#   scripts/render-report.sh [--install] PAGE.html... 
#
# Screenshots go next to each page (PAGE.png) unless OUT=DIR is set. Chromium is
# /usr/bin/chromium (Debian's package `chromium`, or CHROMIUM=PATH); without it the script
# says so and exits 0, unless --install asks it to apt-get install chromium first. Nothing
# else is installed, and nothing in the build or CI depends on this script.
set -euo pipefail
install=0
if [[ ${1:-} == --install ]]; then install=1; shift; fi
if [[ $# -eq 0 ]]; then echo "usage: $0 [--install] PAGE.html..." >&2; exit 2; fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [[ ! -x $chromium ]]; then
	if [[ $install == 1 ]]; then
		apt-get install -y chromium
	else
		echo "render-report: $chromium not found; skipped (--install installs Debian's chromium)"
		exit 0
	fi
fi
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
	--disable-component-update --disable-sync --user-data-dir="$profile" --hide-scrollbars)
status=0
for page in "$@"; do
	abs=$(cd "$(dirname "$page")" && pwd)/$(basename "$page")
	shot=${OUT:-$(dirname "$abs")}/$(basename "${page%.*}").png
	"$chromium" "${flags[@]}" --window-size=1100,1600 --screenshot="$shot" "file://$abs" >/dev/null 2>&1 ||
		{ echo "render-report: $page: chromium failed to take a screenshot"; status=1; continue; }
	dom=$("$chromium" "${flags[@]}" --dump-dom "file://$abs" 2>/dev/null) ||
		{ echo "render-report: $page: chromium failed to render"; status=1; continue; }
	printf '%s' "$dom" | python3 -c '
import sys
from html.parser import HTMLParser
page = sys.argv[1]
# The drawing: points 40 apart, 34 from the edge (pkg/diagram); Red at the bottom.
STEP, MARGIN = 40, 34
GLYPH = {"K": "帅", "A": "仕", "B": "相", "N": "马", "R": "车", "C": "炮", "P": "兵",
         "k": "将", "a": "士", "b": "象", "n": "马", "r": "车", "c": "炮", "p": "卒"}
def squares(fen):
    out = {}
    for row, rank in enumerate(fen.split()[0].split("/")):
        col = 0
        for ch in rank:
            if ch.isdigit(): col += int(ch)
            else:
                out[(row, col)] = ("r" if ch.isupper() else "b", GLYPH[ch]); col += 1
    return out
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.boards = []; s.depth = 0; s.cur = None; s.text = None; s.hidden = 0
    def handle_starttag(s, tag, attrs):
        a = dict(attrs)
        if s.cur is not None: s.depth += 1
        if tag == "svg" and "board" in (a.get("class") or "").split():
            s.cur = {"fen": a.get("data-fen", ""), "pieces": []}; s.depth = 0
        elif s.cur is not None and tag == "text" and (a.get("class") or "").startswith("pc "):
            s.text = [a["class"].split()[1], int(float(a["x"])), int(float(a["y"])), ""]
    def handle_data(s, d):
        if s.text is not None: s.text[3] += d
    def handle_endtag(s, tag):
        if s.cur is None: return
        if tag == "text" and s.text is not None:
            s.cur["pieces"].append(s.text); s.text = None
        if tag == "svg" and s.depth == 0:
            s.boards.append(s.cur); s.cur = None
        else: s.depth -= 1
p = P(); p.feed(sys.stdin.read())
bad = 0
for i, b in enumerate(p.boards, 1):
    want = squares(b["fen"])
    got = {}
    for side, x, y, glyph in b["pieces"]:
        sq = ((y - MARGIN) // STEP, (x - MARGIN) // STEP)
        if sq in got: bad += 1; print(f"{page}: board {i}: two pieces on {sq}")
        got[sq] = (side, glyph.strip())
    fen = b["fen"]
    if got != want:
        bad += 1
        print(f"{page}: board {i} ({fen}): pieces {sorted(got.items())} differ from the FEN {sorted(want.items())}")
print(f"{page}: {len(p.boards)} boards rendered, {len(p.boards) - bad} with exactly the pieces of their data-fen" + ("" if not bad else f", {bad} wrong"))
sys.exit(1 if bad else 0)
' "$page" || status=1
	echo "$page: screenshot $shot"
done
exit $status
