#!/usr/bin/env bash
# usage: scripts/compare-outputs.sh QIPU_BINARY [CORPUS]   prints one "digest  command" line per command's output
# on the shared corpus (stdout, stderr and output trees), so two binaries can be compared with diff.
set -u
q=$(readlink -f "$1"); c=$(readlink -f "${2:-$(dirname "$0")/../../shared/corpus}")
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
h() { sha256sum | cut -c1-16; }
# output trees: the temp dir's name and run times are blanked
norm() { sed -E -e "s#$t#T#g" -e 's/"(seconds|elapsed[a-z_]*|duration[a-z_]*)": ?[0-9.e+-]+/"\1":0/g'; }
tree() { (cd "$1" && find . -type f | LC_ALL=C sort | while read -r f; do echo "$f $(norm <"$f" | sha256sum | cut -c1-16)"; done) | h; }
run() { # name, args...
  local name=$1; shift
  "$q" "$@" >"$t/out" 2>"$t/err"; local rc=$?
  # stderr: drop timing figures of the summary line
  echo "$(norm <"$t/out" | h) $(sed -E 's/[0-9.]+ ?(ms|s|µs|games\/s|files\/s|MB|MiB)\b//g' "$t/err" | h) rc=$rc  $name"
}
for to in iccs wxf chinese platform jsonl dhtmlxq; do run "convert --to $to" convert -q -j 2 --to $to "$c"; done
run "convert --to chinese --traditional --out-encoding big5" convert -q -j 2 --to chinese --traditional --out-encoding big5 "$c"
run "convert --repair --fix-results --ecco add --to jsonl" convert -q -j 2 --repair --fix-results --ecco add --to jsonl "$c"
rm -rf "$t/x"; "$q" convert -q -j 2 --to xqf -o "$t/x" "$c" >/dev/null 2>&1; echo "$(tree "$t/x") convert --to xqf -o tree"
rm -rf "$t/p"; "$q" convert -q -j 2 --to iccs -o "$t/p" "$c" >/dev/null 2>&1; echo "$(tree "$t/p") convert --to iccs -o tree"
rm -rf "$t/s"; "$q" convert -q -j 2 --split-by ecco -o "$t/s" "$c" >/dev/null 2>&1; echo "$(tree "$t/s") convert --split-by ecco tree"
run "check --report -" check -q -j 2 --report - "$c"
run "check -v" check -j 2 -v "$c"
for f in json github sarif junit codeclimate; do run "check --format $f" check -q -j 2 --format $f "$c"; done
run "dedupe" dedupe -q -j 2 "$c"
for f in text json html; do run "stats --format $f" stats -q -j 2 --format $f "$c"; done
for f in csv jsonl parquet; do rm -rf "$t/e"; "$q" export -q -j 2 --format $f -o "$t/e" "$c" >/dev/null 2>&1; echo "$(tree "$t/e") export --format $f tree"; done
run "check --where plies>=40" check -q -j 2 --report - --where 'plies >= 40' "$c"
