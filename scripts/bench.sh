#!/usr/bin/env bash
# Benchmarks qipu at scale (not part of go test). It builds qipu, generates an archive of
# $GAMES random games with `scripts/gencorpus -archive` in a temporary directory (folders of
# PGN files in every notation and encoding and single-game XQF files, and in every 100th
# folder an XQF tree of about 60,000 moves with the same tree again in PGN), then prints:
#
#   - the ceiling of -j 2: two one-core processes that split the archive (GOMAXPROCS=1,
#     -j 1, --shard 0/2 and 1/2, side by side), for check and for convert -o; and the wall
#     time of those two as a fraction of -j 2's (1 when -j 2 gets all the machine gives two
#     independent processes), medians of runs in turn;
#   - peak resident memory of check, convert -o (every --to), dedupe, stats and export at
#     -j 2 and -j 8 (JS="2 8" lists the -j values);
#   - the wall-time ratio of `check -j 1` to `check -j 2` (runs taken in turn, A B A B);
#   - the wall-time ratio of `convert -o` (-j 2) to `cp -r` of the same tree;
#   - `qipu perft 5` against the speed anchors of ../shared/anchors when they are there
#     (else qipu's own nodes/s);
#   - games/s, plies/s and peak memory of `check`, `convert -o` and `dedupe` (if the command
#     exists) at -j 2, and export's positions/s and peak memory;
#   - scripts/bench-analyze.sh: how busy `qipu analyze` keeps its engines against the same
#     engines driven alone (when ../shared/anchors/fsf is there).
#
# usage: scripts/bench.sh                     (from anywhere in the repository)
#   GAMES=1000000 scripts/bench.sh            the million-game archive (about 1.2 GB, 102,000 files)
#   COPIES=40 scripts/bench.sh                an archive shaped like the real ones: 40 copies of the
#                                             PGN and XQF files of ../shared/corpus (59,480 files of
#                                             3 KB on average, 1 to 4 games each, a few large trees)
#                                             and $HUGE generated XQF trees of $HUGE_NODES moves
#                                             (default 4 of 230,000), spread among the copies
#   REPEAT=5 KEEP=1 ARCHIVE=DIR QIPU=BINARY scripts/bench.sh
#   BASE=86cfc98 scripts/bench.sh             first, A/B against that commit (built in a temporary
#                                             worktree) on the GBK set, 40 copies of the PGN files
#                                             of ../shared/corpus/walker8088__cchess: check -q -j 1
#                                             CPU and check -j 2 wall as ratios to BASE's, check
#                                             -j 2 against iconv -f GB18030 of the same files, and
#                                             export -j 2 positions/s and peak memory; each ratio
#                                             the median of max(REPEAT, 7) pairs in turn with their
#                                             spread (BASE_ONLY=1 stops after these)
# Times and ratios are medians of $REPEAT runs (the machine may be shared); memory is the
# highest peak. ARCHIVE reuses an archive made by gencorpus -archive (or kept by KEEP=1).
# Ratios from one run are indications, not assertions: no test depends on them. Every timed
# convert writes a new output tree, removed only at the end: the script needs free disk of
# about 1.4x the archive for each (25 trees at REPEAT=5); see timed below for why.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-20000}
REPEAT=${REPEAT:-3}
J=${J:-2}
work=$(mktemp -d)
if [[ -z ${KEEP:-} ]]; then trap 'rm -rf "$work"' EXIT; else echo "keeping $work"; fi
[[ -x /usr/bin/time ]] || { echo "bench.sh: needs /usr/bin/time (GNU time) for peak memory" >&2; exit 2; }

# QIPU=BINARY measures a qipu built beforehand (another commit's, to compare).
if [[ -n ${QIPU:-} ]]; then cp "$QIPU" "$work/qipu"; else go build -o "$work/qipu" ./cmd/qipu; fi
q=$work/qipu
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
if [[ -n ${BASE:-} ]]; then
  source scripts/bench-base.sh
  [[ -n ${BASE_ONLY:-} ]] && exit 0
fi
archive=${ARCHIVE:-}
if [[ -z $archive && -n ${COPIES:-} ]]; then
  corpus=../shared/corpus
  [[ -d $corpus ]] || { echo "bench.sh: COPIES needs $corpus" >&2; exit 2; }
  echo "copying the PGN and XQF files of $corpus $COPIES times into $work/archive ..."
  mkdir -p "$work/archive/c1"
  (cd "$corpus" && find . -type f \( -iname '*.pgn' -o -iname '*.xqf' \) -print0 | tar --null -cf - -T -) |
    tar -xf - -C "$work/archive/c1"
  for ((i = 2; i <= COPIES; i++)); do cp -r "$work/archive/c1" "$work/archive/c$i"; done
  # Real archives hold a few huge opening trees among their small files.
  HUGE=${HUGE:-4}
  HUGE_NODES=${HUGE_NODES:-230000}
  for ((k = 1; k <= HUGE; k++)); do
    # 901 games: chunk 0's two PGN files of 450 games, then its huge tree.
    go run ./scripts/gencorpus -archive 901 -huge-nodes "$HUGE_NODES" -seed "$k" -out "$work/huge" 2>/dev/null
    cp "$work/huge/0000/huge-tree.xqf" "$work/archive/c$(( (k * COPIES + HUGE - 1) / HUGE ))/huge-tree-$k.xqf"
    rm -rf "$work/huge"
  done
  archive=$work/archive
fi
if [[ -z $archive ]]; then
  echo "generating an archive of $GAMES games in $work/archive ..."
  go run ./scripts/gencorpus -archive "$GAMES" -out "$work/archive"
  archive=$work/archive
fi
files=$(find "$archive" -type f | wc -l)
mb=$(( $(du -sb "$archive" | cut -f1) >> 20 ))

# json_field NAME: the number after "NAME": in the JSON on stdin.
json_field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"; }
summary=$("$q" check -q --format json -j "$J" "$archive" 2>/dev/null || true)
games=$(json_field games <<<"$summary")
plies=$(json_field plies <<<"$summary")
printf 'archive: %d files, %d MB, %d games, %d plies\n\n' "$files" "$mb" "$games" "$plies"

# Timed runs write into a new directory each ($work/outs/N for @OUT@ in a command), all removed
# when the script ends: on ext4 mounted with online discard (as here) creating files in the
# minute after a large tree was deleted costs 2-6x the system time (21 s instead of 8 s for
# the same convert -o), which made the figures measure the previous run's rm -rf. So the
# script needs free disk for every timed convert (about 1.4x the archive each; 25 runs at
# REPEAT=5). The memory runs, whose time is not shown, come last and reuse $work/out.
outs=0
mkdir -p "$work/outs"
# timed CMD...: runs CMD once (output to /dev/null; @OUT@ in its arguments is a new directory;
# without it the tree $work/out is removed first); sets $secs and $kb (peak resident memory).
timed() {
  local args=("$@")
  if [[ "$*" == *@OUT@* ]]; then
    outs=$((outs + 1))
    args=("${args[@]//@OUT@/$work/outs/$outs}")
  else
    rm -rf "$work/out"
  fi
  /usr/bin/time -f '%e %M' -o "$work/time" "${args[@]}" >/dev/null 2>"$work/err" || true
  # GNU time puts "Command exited with non-zero status N" first when the run fails (a corpus
  # with invalid games makes check exit 1): the figures are on the last line.
  read -r secs kb < <(tail -n 1 "$work/time")
}
# measure CMD...: $REPEAT runs; sets $med (median seconds) and $top (highest peak, KB).
measure() {
  local all=() i
  top=0
  for ((i = 0; i < REPEAT; i++)); do
    timed "$@"
    all+=("$secs")
    ((kb > top)) && top=$kb
  done
  med=$(printf '%s\n' "${all[@]}" | median)
}
# pair A B: runs the commands A and B in turn $REPEAT times (strings split as words); sets
# $ratio (median of A/B pair by pair), $ta and $tb (median seconds).
pair() {
  local a=() b=() r=() i
  for ((i = 0; i < REPEAT; i++)); do
    timed $1; a+=("$secs")
    timed $2; b+=("$secs")
    r+=("$(awk -v x="${a[-1]}" -v y="${b[-1]}" 'BEGIN { printf "%.4f", (y > 0 ? x / y : 0) }')")
  done
  ratio=$(printf '%s\n' "${r[@]}" | median)
  ta=$(printf '%s\n' "${a[@]}" | median)
  tb=$(printf '%s\n' "${b[@]}" | median)
}
mib() { awk -v k="$1" 'BEGIN { printf "%.0f MB", k / 1024 }'; }

# The ceiling of -j 2: two one-core processes that split the archive, side by side (the
# shards of --shard share the files out; convert's write into the same directory).
cat >"$work/halves" <<'EOF'
#!/bin/sh
q=$1; shift
GOMAXPROCS=1 "$q" "$@" -j 1 --shard 0/2 >/dev/null 2>&1 &
GOMAXPROCS=1 "$q" "$@" -j 1 --shard 1/2 >/dev/null 2>&1 &
wait
EOF
chmod +x "$work/halves"
printf '%-44s %-22s %s\n' "figure" "value" "goal"
# ceiling NAME ARGS...: -j 2's wall time as a fraction of the ceiling's, for qipu ARGS.
ceiling() {
  local name=$1; shift
  pair "$work/halves $q $* $archive" "$q $* -j 2 $archive"
  printf '%-44s %-22s %s\n' "$name: ceiling / -j 2, wall" "${ratio}x (${ta} s / ${tb} s)" "$goal"
}
goal=">= 0.95x" ceiling "check" check -q
goal=">= 0.9x" ceiling "convert --to chinese -o DIR" convert -q --to chinese -o @OUT@
pair "$q check -q -j 1 $archive" "$q check -q -j $J $archive"
printf '%-44s %-22s %s\n' "check -j 1 / -j $J, wall" "${ratio}x (${ta} s / ${tb} s)" ">= 1.8x on 2 cores ($(nproc) here)"
pair "$q convert -q --to chinese -j $J -o @OUT@ $archive" "cp -r $archive @OUT@"
printf '%-44s %-22s %s\n' "convert -o DIR / cp -r, wall" "${ratio}x (${ta} s / ${tb} s)" "design ~1.3x (check alone: see below)"

# perft 5 from the start position, one thread: nodes per CPU second (user + system), the
# start-up (a perft 1 run) taken off, so that a busy machine does not count against a program.
# qipu, and the speed anchors of ../shared/anchors when they are there.
start='rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
anchors=../shared/anchors
# cpu_of DEPTH CMD...: CPU seconds of CMD with @D@ in its arguments replaced by DEPTH.
cpu_of() {
  local d=$1; shift
  /usr/bin/time -f '%U %S' -o "$work/time" sh -c "${*//@D@/$d}" >/dev/null 2>&1 || true
  tail -n 1 "$work/time" | awk '{ print $1 + $2 }'
}
# nps CMD...: median nodes/s of perft 5 by CMD (a shell command with @D@ for the depth).
nps() {
  local all=() i t1 t5
  for ((i = 0; i < REPEAT; i++)); do
    t1=$(cpu_of 1 "$@")
    t5=$(cpu_of 5 "$@")
    all+=("$(awk -v a="$t1" -v b="$t5" 'BEGIN { printf "%.0f", 133312995 / ((b - a) > 0.001 ? b - a : 0.001) }')")
  done
  printf '%s\n' "${all[@]}" | median
}
qnps=$(nps "'$q' perft @D@")
printf '%-44s %-22s %s\n' "perft 5, qipu (CPU time)" "$(awk -v n="$qnps" 'BEGIN { printf "%.1f M nodes/s", n / 1e6 }')" ""
if [[ -x $anchors/pikafish ]]; then
  a=$(nps "printf 'uci\\nposition fen $start\\ngo perft @D@\\nquit\\n' | '$anchors/pikafish'")
  printf '%-44s %-22s %s\n' "perft 5, qipu / anchor pikafish" "$(awk -v x="$qnps" -v y="$a" 'BEGIN { printf "%.2fx (%.1f M nodes/s)", x / y, y / 1e6 }')" ">= 1.0x"
fi
if [[ -x $anchors/fsf ]]; then
  a=$(nps "printf 'uci\\nsetoption name UCI_Variant value xiangqi\\nposition startpos\\ngo perft @D@\\nquit\\n' | '$anchors/fsf'")
  printf '%-44s %-22s %s\n' "perft 5, qipu / anchor fsf" "$(awk -v x="$qnps" -v y="$a" 'BEGIN { printf "%.2fx (%.1f M nodes/s)", x / y, y / 1e6 }')" ""
fi
if [[ ! -x $anchors/pikafish && ! -x $anchors/fsf ]]; then
  echo "(no speed anchors in $anchors: qipu's own figure only)"
fi

echo
printf '%-34s %10s %12s %14s %10s\n' "run (-j $J, whole archive)" "time" "games/s" "plies/s" "peak RSS"
row() {
  local label=$1; shift
  measure "$@"
  awk -v l="$label" -v s="$med" -v g="$games" -v p="$plies" -v k="$top" 'BEGIN {
    s = (s < 0.01 ? 0.01 : s)
    printf "%-34s %8.2f s %12.0f %14.0f %7.0f MB\n", l, s, g / s, p / s, k / 1024 }'
}
row "check" "$q" check -q -j "$J" "$archive"
row "convert --to chinese -o DIR" "$q" convert -q --to chinese -j "$J" -o @OUT@ "$archive"
if help=$("$q" dedupe --help 2>&1); then
  jflag=(); [[ $help == *--jobs* ]] && jflag=(-j "$J")
  row "dedupe" "$q" dedupe "${jflag[@]}" "$archive"
fi

# export -j 2: positions (training rows) per second of wall time, and its peak memory.
measure "$q" export -q -j "$J" -o @OUT@ "$archive"
positions=$(sed -n 's/^  "rows": \([0-9]*\).*/\1/p' "$work/outs/$outs/manifest.json" | head -n 1)
printf '%-34s %8.2f s %12s %14s %7.0f MB   %.2f M positions/s (goal >= 1 M/s, <= 200 MB)\n' "export" "$med" "" "" \
  "$(awk -v k="$top" 'BEGIN { print k / 1024 }')" "$(awk -v p="${positions:-0}" -v s="$med" 'BEGIN { print p / (s > 0 ? s : 0.01) / 1e6 }')"

echo
# Peak memory of every command (one run each of the converts and the cleanups), last: these
# runs delete their outputs, and nothing is timed after them.
for j in ${JS:-2 8}; do
  measure "$q" check -q -j "$j" "$archive"
  printf '%-44s %-22s %s\n' "check -j $j, peak RSS" "$(mib "$top")" "<= 200 MB"
  for to in chinese iccs wxf platform jsonl xqf dhtmlxq; do
    REPEAT=1 measure "$q" convert -q --to "$to" -j "$j" -o "$work/out" "$archive"
    printf '%-44s %-22s %s\n' "convert --to $to -o DIR -j $j, peak RSS" "$(mib "$top")" "<= 200 MB"
  done
  for c in dedupe stats export; do
    "$q" "$c" --help >/dev/null 2>&1 || continue
    args=(-j "$j")
    [[ $c == export ]] && args+=(-q -o "$work/out")
    REPEAT=1 measure "$q" "$c" "${args[@]}" "$archive"
    printf '%-44s %-22s %s\n' "$c -j $j, peak RSS" "$(mib "$top")" "<= 200 MB"
  done
done

echo
# How busy analyze keeps its engines (skipped without the shared Fairy-Stockfish build).
QIPU="$work/qipu" REPEAT="$REPEAT" scripts/bench-analyze.sh
