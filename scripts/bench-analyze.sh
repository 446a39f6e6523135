#!/usr/bin/env bash
# How busy qipu analyze keeps its engines (not part of go test; scripts/bench.sh runs it).
#
# qipu analyze -j $JOBS searches every position of the games under $ANALYZE_GAMES (default the bundled
# corpus/classic) with $ENGINE (default Fairy-Stockfish at ../shared/anchors/fsf, skipped when
# absent) at --nodes $NODES. Each engine process runs under /usr/bin/time, so the engines' own
# CPU is known apart from qipu's. Then the same positions are searched by $JOBS engine
# processes alone, side by side, each given all the commands of its share at once. It prints:
#
#   - busy: nodes/s under qipu against the engines alone (the same positions at the same node
#     limit, so the nodes are the same: their wall times' ratio; 1 = qipu costs the engines
#     nothing);
#   - the engines' CPU as a share of the wall time x $JOBS, under qipu and alone (an engine
#     sleeps a little in every search as it sets up its threads, so even alone this is below 1);
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

# The engines alone: one engine process is given every command of its share of the positions
# at once, the same commands qipu sends (the handshake, then per position Threads,
# ucinewgame, position fen, go nodes), from a file, so it never waits for a driver. The
# engine reads its commands in order and a setoption waits for the search before it; the
# last setoption keeps the end of the input from stopping the last search. Its wall time is
# the most the engine can do, and its CPU the most busy it can be.
alone() {
	local fens=$1
	{
		printf 'uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nisready\n'
		while read -r fen; do
			printf 'setoption name Threads value 1\nucinewgame\nposition fen %s\ngo nodes %s\n' "$fen" "$NODES"
		done <"$fens"
		printf 'setoption name Threads value 1\nquit\n'
	} >"$fens.in"
	/usr/bin/time -f "%U %S" -a -o "$work/alone.times" "$ENGINE" <"$fens.in" >"$fens.out"
	local got
	got=$(grep -c '^bestmove' "$fens.out" || true)
	if [ "$got" -ne "$(wc -l <"$fens")" ]; then
		echo "analyze: the engine alone answered $got of $(wc -l <"$fens") positions" >&2
		exit 1
	fi
}

median() { sort -g | awk '{v[NR]=$1} END {printf "%.3f (%.3f-%.3f)", v[int((NR+1)/2)], v[1], v[NR]}'; }

busy=() cpu=() cpualone=() own=()
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
	rm -f "$work/alone.times"
	start=$(date +%s.%N)
	pids=()
	for p in "$work"/part.??; do
		alone "$p" &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do wait "$pid"; done
	alone=$(echo "$(date +%s.%N) - $start" | bc -l)
	alonecpu=$(awk '{s += $1 + $2} END {print s}' "$work/alone.times")
	rm -f "$work"/part.*
	busy+=("$(echo "$alone / $wall" | bc -l)")
	cpu+=("$(echo "$engines / ($wall * $JOBS)" | bc -l)")
	cpualone+=("$(echo "$alonecpu / ($alone * $JOBS)" | bc -l)")
	own+=("$(echo "($user + $sys - $engines) / $engines" | bc -l)")
done
echo "analyze -j $JOBS --nodes $NODES, $positions positions of $(basename "$GAMES"), $REPEAT runs:"
echo "  engines busy (nodes/s under qipu / alone): $(printf '%s\n' "${busy[@]}" | median)"
echo "  engines' CPU / (wall x $JOBS), under qipu: $(printf '%s\n' "${cpu[@]}" | median)"
echo "  engines' CPU / (wall x $JOBS), alone:      $(printf '%s\n' "${cpualone[@]}" | median)"
echo "  qipu's own CPU / the engines':            $(printf '%s\n' "${own[@]}" | median)"
