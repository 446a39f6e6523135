#!/usr/bin/env bash
# How busy qipu analyze keeps its engines (not part of go test; scripts/bench.sh runs it).
#
# qipu analyze -j $JOBS searches every position of the games under $ANALYZE_GAMES (default the bundled
# corpus/classic) with $ENGINE (default Fairy-Stockfish at ../shared/anchors/fsf, skipped when
# absent) at --nodes $NODES. Each engine process runs under /usr/bin/time, so the engines' own
# CPU is known apart from qipu's. Then the same positions are searched by $JOBS engine
# processes driven directly from the shell, with the same commands per position (Threads,
# ucinewgame, isready, position fen, go nodes), side by side, each on its share. It prints:
#
#   - busy: the engines' CPU under qipu as a share of qipu's wall time x $JOBS (1 = every
#     engine searching all the time);
#   - speed: positions/s under qipu against the engines alone (1 = qipu costs the engines
#     nothing);
#   - qipu's own CPU as a share of the engines' CPU.
# Each is the median of $REPEAT runs, with the lowest and highest.
#
# usage: scripts/bench-analyze.sh
#   ENGINE=PATH NODES=4000 JOBS=2 REPEAT=3 ANALYZE_GAMES=DIR QIPU=BINARY scripts/bench-analyze.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=${ENGINE:-$root/../shared/anchors/fsf}
NODES=${NODES:-4000}
JOBS=${JOBS:-2}
REPEAT=${REPEAT:-3}
GAMES=${ANALYZE_GAMES:-$root/corpus/classic}
if [ ! -x "$ENGINE" ]; then
	echo "analyze: no engine at $ENGINE: skipped"
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${QIPU:-}" ]; then
	(cd "$root" && go build -o "$work/qipu" ./cmd/qipu)
	QIPU=$work/qipu
fi
cat >"$work/engine" <<EOF
#!/bin/sh
exec /usr/bin/time -f "%U %S" -a -o "$work/engine.times" "$ENGINE" "\$@"
EOF
chmod +x "$work/engine"

# One direct driver: the positions of a file, one engine process, qipu's commands per search.
drive() {
	local fens=$1
	coproc ENG { "$ENGINE"; }
	local line
	printf 'uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nisready\n' >&"${ENG[1]}"
	while read -r line <&"${ENG[0]}"; do [ "$line" = readyok ] && break; done
	while read -r fen; do
		printf 'setoption name Threads value 1\nucinewgame\nisready\n' >&"${ENG[1]}"
		while read -r line <&"${ENG[0]}"; do [ "$line" = readyok ] && break; done
		printf 'position fen %s\ngo nodes %s\n' "$fen" "$NODES" >&"${ENG[1]}"
		while read -r line <&"${ENG[0]}"; do [ "${line%% *}" = bestmove ] && break; done
	done <"$fens"
	printf 'quit\n' >&"${ENG[1]}"
	wait "$ENG_PID" 2>/dev/null || true
}

median() { sort -g | awk '{v[NR]=$1} END {printf "%.3f (%.3f-%.3f)", v[int((NR+1)/2)], v[1], v[NR]}'; }

busy=() speed=() own=()
for _ in $(seq "$REPEAT"); do
	rm -rf "$work/engine.times" "$work/out"
	/usr/bin/time -f "%e %U %S" -o "$work/qipu.time" "$QIPU" analyze -q -j "$JOBS" --engine "$work/engine" \
		--engine-option UCI_Variant=xiangqi --nodes "$NODES" --to jsonl -o "$work/out" "$GAMES"
	rm -f "$work/fens"
	read -r wall user sys <"$work/qipu.time"
	engines=$(awk '{s += $1 + $2} END {print s}' "$work/engine.times")
	# Every output file, those of subdirectories (corpus/classic/xqf) too.
	find "$work/out" -name '*.jsonl' -exec cat {} + | grep -o '"fen":"[^"]*"' | sed 's/^"fen":"//; s/"$//' >"$work/fens"
	positions=$(wc -l <"$work/fens")
	split -n "l/$JOBS" -d "$work/fens" "$work/part."
	start=$(date +%s.%N)
	for p in "$work"/part.*; do drive "$p" & done
	wait
	alone=$(echo "$(date +%s.%N) - $start" | bc -l)
	rm -f "$work"/part.*
	busy+=("$(echo "$engines / ($wall * $JOBS)" | bc -l)")
	speed+=("$(echo "$alone / $wall" | bc -l)")
	own+=("$(echo "($user + $sys - $engines) / $engines" | bc -l)")
done
echo "analyze -j $JOBS --nodes $NODES, $positions positions of $(basename "$GAMES"), $REPEAT runs:"
echo "  engines busy under qipu:          $(printf '%s\n' "${busy[@]}" | median) of wall x $JOBS"
echo "  positions/s, qipu / engines alone: $(printf '%s\n' "${speed[@]}" | median)"
echo "  qipu's own CPU / the engines':     $(printf '%s\n' "${own[@]}" | median)"
