#!/usr/bin/env bash
# Exercises the pre-commit hook as a user would (not run by go test): a temporary git
# repository holding a broken and a valid game file, and `pre-commit try-repo` on this
# repository's committed HEAD (try-repo clones the repository: commit the hook first).
# Installs Debian's pre-commit with apt-get when it is missing and this runs as root.
# Run from the repository root: scripts/ci/precommit-try.sh
set -euo pipefail
root=$(pwd)
[ -f .pre-commit-hooks.yaml ] || { echo "run from the qipu repository root" >&2; exit 2; }
if ! command -v pre-commit >/dev/null; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		apt-get install -y -qq pre-commit >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq pre-commit >/dev/null 2>&1; }
	else
		echo "SKIP: pre-commit is not installed (apt-get install pre-commit, or pip install pre-commit)"; exit 0
	fi
fi
pre-commit --version
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/cache" # a fresh hook environment: built from HEAD now
repo="$work/games"
mkdir -p "$repo/games"
cp corpus/edge/broken-middle.pgn "$repo/games/broken.PGN" # any case: the hook's regex is (?i)
cp corpus/classic/xqf/*.xqf "$repo/games/" 2>/dev/null || true
cp corpus/classic/masters-gbk.pgn "$repo/games/valid.pgn"
echo "not a game" > "$repo/README.md" # not a game file: the hook must not see it
cp corpus/edge/notes.txt "$repo/games/notes.txt" # a text the hook sees that holds no game: no failure
git -C "$repo" init -q
git -C "$repo" add .
head=$(git -C "$root" rev-parse --short HEAD)
echo "== try-repo $root (HEAD $head) on: $(cd "$repo" && git ls-files | tr '\n' ' ')"
set +e
(cd "$repo" && pre-commit try-repo "$root" qipu-check --all-files --verbose --color never) > "$work/broken.log" 2>&1
broken=$?
set -e
sed -n '/^qipu check/,$p' "$work/broken.log"
echo "pre-commit exit status: $broken (want 1: the broken game fails the hook)"
git -C "$repo" rm -qf games/broken.PGN
echo "== again without the broken file"
set +e
(cd "$repo" && pre-commit try-repo "$root" qipu-check --all-files --verbose --color never) > "$work/valid.log" 2>&1
valid=$?
set -e
sed -n '/^qipu check/,$p' "$work/valid.log"
echo "pre-commit exit status: $valid (want 0)"
if [ "$broken" -ne 1 ] || [ "$valid" -ne 0 ]; then
	echo "FAIL"; cat "$work/broken.log"; exit 1
fi
echo "ALL OK"
