#!/usr/bin/env bash
# Benchmarks qipu's batch pipeline (not part of go test). It builds qipu, generates a large
# archive in a temporary directory with scripts/gencorpus (GBK PGN in Chinese notation and
# XQF files), then times `check` and `convert` with -j 1 and -j 2 against the decode-only
# floor (reading the same files and decoding their text, nothing more), and prints games/s,
# MB/s, peak memory and the ratios DESIGN.md sets targets for. Last, `qipu perft 5` nodes/s.
#
# usage: scripts/bench.sh            (from anywhere in the repository)
#   PGN_MB=50 XQF_FILES=10000 JOBS="1 2" REPEAT=3 KEEP=1 scripts/bench.sh
# Times are the best of REPEAT runs (the machine may be shared); memory is the highest peak.
set -euo pipefail
cd "$(dirname "$0")/.."
PGN_MB=${PGN_MB:-50}
XQF_FILES=${XQF_FILES:-10000}
JOBS=${JOBS:-"1 2"}
work=$(mktemp -d)
if [[ -z ${KEEP:-} ]]; then trap 'rm -rf "$work"' EXIT; else echo "keeping $work"; fi

echo "building qipu and generating ${PGN_MB} MB of GBK PGN + ${XQF_FILES} XQF files in $work ..."
go build -o "$work/qipu" ./cmd/qipu
go run ./scripts/gencorpus -bench -out "$work/archive" -pgn-mb "$PGN_MB" -xqf "$XQF_FILES"
archive=$work/archive
q=$work/qipu

bytes_of() { du -sb "$1" | cut -f1; }
pgn_bytes=$(bytes_of "$archive/pgn")
xqf_bytes=$(bytes_of "$archive/xqf")
all_bytes=$((pgn_bytes + xqf_bytes))

# json_field NAME: the number after "NAME": in the JSON on stdin.
json_field() { sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"; }

games_of() { "$q" check -q --format json "$1" 2>/dev/null | json_field games; }
pgn_games=$(games_of "$archive/pgn")
xqf_games=$(games_of "$archive/xqf")
all_games=$((pgn_games + xqf_games))
printf 'archive: %d MB PGN (%d games, %d files), %d MB XQF (%d games, %d files)\n' \
  $((pgn_bytes >> 20)) "$pgn_games" "$(find "$archive/pgn" -type f | wc -l)" \
  $((xqf_bytes >> 20)) "$xqf_games" "$(find "$archive/xqf" -type f | wc -l)"

# measure LABEL GAMES BYTES CMD...: runs CMD $REPEAT times (output to /dev/null), prints one
# table row with the best time and the highest peak memory, and sets $secs to the best time.
have_time=; [[ -x /usr/bin/time && -z ${NO_TIME:-} ]] && have_time=1
REPEAT=${REPEAT:-3}
measure() {
  local label=$1 games=$2 nbytes=$3; shift 3
  local best= top=0 s m unit
  for ((i = 0; i < REPEAT; i++)); do
    if [[ -n $have_time ]]; then
      /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || true
      read -r s m <"$work/time"
      unit="MB RSS"
    else
      local t0 t1
      t0=$(date +%s.%N)
      "$1" "$2" --memstats "${@:3}" >/dev/null 2>"$work/err" || true
      t1=$(date +%s.%N)
      s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
      m=$(sed -n 's/.*peak memory \([0-9]*\) KB.*/\1/p' "$work/err")
      unit="MB (Go runtime)"
    fi
    if [[ -z $best ]] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$s; fi
    ((m > top)) && top=$m
  done
  secs=$best
  awk -v l="$label" -v s="$secs" -v g="$games" -v b="$nbytes" -v m="$((top / 1024)) $unit" 'BEGIN {
    s = (s < 0.01 ? 0.01 : s)
    printf "%-34s %7.2f s %10.0f games/s %8.1f MB/s   %s\n", l, s, g / s, b / 1048576 / s, m }'
}

declare -A T
echo
printf '%-34s %9s %16s %13s   %s\n' "run (whole archive)" "time" "games/s" "MB/s" "peak memory"
for j in $JOBS; do
  measure "decode-only  -j $j" "$all_games" "$all_bytes" "$q" check -q --decode-only -j "$j" "$archive"; T[decode$j]=$secs
  measure "check        -j $j" "$all_games" "$all_bytes" "$q" check -q -j "$j" "$archive"; T[check$j]=$secs
  measure "convert --to chinese -j $j" "$all_games" "$all_bytes" "$q" convert -q --to chinese -j "$j" "$archive"; T[chinese$j]=$secs
  measure "convert --to jsonl   -j $j" "$all_games" "$all_bytes" "$q" convert -q --to jsonl -j "$j" "$archive"; T[jsonl$j]=$secs
done
echo
printf '%-34s\n' "by part (-j ${JOBS##* })"
jl=${JOBS##* }
measure "decode-only  PGN" "$pgn_games" "$pgn_bytes" "$q" check -q --decode-only -j "$jl" "$archive/pgn"
measure "check        PGN" "$pgn_games" "$pgn_bytes" "$q" check -q -j "$jl" "$archive/pgn"
pgn_secs=$secs
measure "decode-only  XQF" "$xqf_games" "$xqf_bytes" "$q" check -q --decode-only -j "$jl" "$archive/xqf"
measure "check        XQF" "$xqf_games" "$xqf_bytes" "$q" check -q -j "$jl" "$archive/xqf"
plies=$("$q" check -q --format json -j "$jl" "$archive/pgn" 2>/dev/null | json_field plies)
echo
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
first=${JOBS%% *}
echo "ratios:"
echo "  check -j $jl / decode-only -j $jl           = $(ratio "${T[check$jl]}" "${T[decode$jl]}")   (target <= 3)"
echo "  check -j $first / check -j $jl (scaling)         = $(ratio "${T[check$first]}" "${T[check$jl]}")   (ideal $jl on $jl cores; $(nproc) here)"
echo "  convert chinese -j $jl / check -j $jl        = $(ratio "${T[chinese$jl]}" "${T[check$jl]}")"
echo "  convert jsonl -j $jl / check -j $jl          = $(ratio "${T[jsonl$jl]}" "${T[check$jl]}")"
awk -v p="$plies" -v s="$pgn_secs" -v j="$jl" 'BEGIN { printf "  PGN replay: %.2f M plies/s with -j %d (%.2f M per worker; target >= 2 M per core)\n", p / s / 1e6, j, p / s / 1e6 / j }'
echo
echo "perft 5 (engine, one thread):"
"$q" perft 5 | sed 's/^/  /'
