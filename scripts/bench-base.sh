# Sourced by bench.sh when BASE names a commit: the A/B figures of this build ($q) against
# BASE's on the GBK set (40 copies of the PGN files of ../shared/corpus/walker8088__cchess,
# 12,240 files), and the check CPU on the Big5 set (the shared corpus's PGN files this build
# reads as Big5, 40 copies) and the XQF set (its XQF files, 20 copies), each a ratio of pairs
# run in turn (A B A B ...: the machine's drift cancels), quoted as the median with the lowest
# and highest pair. Uses $work, $REPEAT and GNU time.
gbk_corpus=../shared/corpus/walker8088__cchess
[[ -d $gbk_corpus ]] || { echo "bench.sh: BASE needs $gbk_corpus" >&2; exit 2; }
base_dir=$work/base-src
git worktree add --detach "$base_dir" "$BASE" >/dev/null 2>&1 ||
  { echo "bench.sh: cannot check out $BASE" >&2; exit 2; }
(cd "$base_dir" && go build -o "$work/qipu-base" ./cmd/qipu)
git worktree remove --force "$base_dir"
qb=$work/qipu-base
gbk=$work/gbk
for ((i = 1; i <= 40; i++)); do
  mkdir -p "$gbk/c$i"
  (cd "$gbk_corpus" && find . -type f -iname '*.pgn' -print0 | tar --null -cf - -T -) | tar -xf - -C "$gbk/c$i"
done
gbk_files=$(find "$gbk" -type f | wc -l)
# The Big5 and XQF sets: the files of the whole shared corpus of that encoding or format.
shared=$(dirname "$gbk_corpus")
(cd "$shared" && "$q" check -q --report - . 2>/dev/null || true) |
  sed -n 's/^{"source":"\([^"]*\)","index":[0-9]*,"format":"pgn","encoding":"big5".*/\1/p' | sort -u >"$work/big5.list"
(cd "$shared" && find . -type f -iname '*.xqf' | sort) >"$work/xqf.list"
# copyset DIR LIST COPIES: COPIES copies of the files of LIST (paths below $shared) under DIR.
copyset() {
  local i
  for ((i = 1; i <= $3; i++)); do
    mkdir -p "$1/c$i"
    (cd "$shared" && tr '\n' '\0' <"$2" | tar --null -cf - -T -) | tar -xf - -C "$1/c$i"
  done
}
copyset "$work/big5" "$work/big5.list" 40
copyset "$work/xqfset" "$work/xqf.list" 20
npairs=$((REPEAT > 7 ? REPEAT : 7))
# cpu_wall CMD...: one run of CMD (a shell command line), output thrown away; sets $cpu
# (user + system seconds) and $wall.
cpu_wall() {
  /usr/bin/time -f '%U %S %e' -o "$work/time" sh -c "$*" >/dev/null 2>&1 || true
  read -r u sy wall < <(tail -n 1 "$work/time")
  cpu=$(awk -v u="$u" -v s="$sy" 'BEGIN { print u + s }')
}
# ab FIELD A B: $npairs pairs of the command lines A and B in turn; prints the median ratio of
# FIELD (cpu or wall), A's over B's, with the lowest and highest pair and the medians.
ab() {
  local field=$1 a=() b=() r=() i
  for ((i = 0; i < npairs; i++)); do
    cpu_wall "$2"; a+=("${!field}")
    cpu_wall "$3"; b+=("${!field}")
    r+=("$(awk -v x="${a[-1]}" -v y="${b[-1]}" 'BEGIN { printf "%.3f", (y > 0 ? x / y : 0) }')")
  done
  local lo hi
  lo=$(printf '%s\n' "${r[@]}" | sort -g | head -n 1)
  hi=$(printf '%s\n' "${r[@]}" | sort -g | tail -n 1)
  printf '%sx (%s-%s; %s s / %s s)' "$(printf '%s\n' "${r[@]}" | median)" "$lo" "$hi" \
    "$(printf '%s\n' "${a[@]}" | median)" "$(printf '%s\n' "${b[@]}" | median)"
}
iconv_all="find '$gbk' -type f -exec cat {} + | iconv -c -f GB18030 -t UTF-8"
printf 'GBK set: %d files; this build against %s, %d pairs in turn\n' "$gbk_files" "$BASE" "$npairs"
printf '%-44s %-40s %s\n' "figure" "value (median, lowest-highest pair)" "goal"
printf '%-44s %-40s %s\n' "check -q -j 1 CPU, this / $BASE" "$(ab cpu "'$q' check -q -j 1 '$gbk'" "'$qb' check -q -j 1 '$gbk'")" "<= 1.05x"
printf '%-44s %-40s %s\n' "check -q -j 2 wall, this / $BASE" "$(ab wall "'$q' check -q -j 2 '$gbk'" "'$qb' check -q -j 2 '$gbk'")" "<= 1.05x"
printf '%-44s %-40s %s\n' "check -q -j 2 / iconv -f GB18030, wall" "$(ab wall "'$q' check -q -j 2 '$gbk'" "$iconv_all")" "<= 1.5x (stretch)"
printf '%-44s %-40s %s\n' "Big5 set ($(find "$work/big5" -type f | wc -l) files): check -q -j 1 CPU" "$(ab cpu "'$q' check -q -j 1 '$work/big5'" "'$qb' check -q -j 1 '$work/big5'")" "<= 1.05x"
printf '%-44s %-40s %s\n' "XQF set ($(find "$work/xqfset" -type f | wc -l) files): check -q -j 1 CPU" "$(ab cpu "'$q' check -q -j 1 '$work/xqfset'" "'$qb' check -q -j 1 '$work/xqfset'")" "<= 1.05x"
rm -rf "$work/big5" "$work/xqfset"
/usr/bin/time -f '%e %M' -o "$work/time" "$q" export -q -j 2 -o "$work/gbk-export" "$gbk" >/dev/null 2>&1 || true
read -r secs kb < <(tail -n 1 "$work/time")
# The positions written: the manifest's row count.
positions=$(sed -n 's/^  "rows": \([0-9]*\).*/\1/p' "$work/gbk-export/manifest.json" | head -n 1)
rm -rf "$work/gbk-export"
printf '%-44s %-40s %s\n' "export -j 2, positions/s (peak RSS)" \
  "$(awk -v p="$positions" -v s="$secs" -v k="$kb" 'BEGIN { printf "%.2f M/s (%d positions, %.0f MB)", p / (s > 0 ? s : 0.01) / 1e6, p, k / 1024 }')" ">= 1 M/s, <= 200 MB"
rm -rf "$gbk"
echo
