#!/usr/bin/env bash
# verify-parquet.sh: check qipu's Parquet export with a reader written independently of the
# Go one. hyparquet (JavaScript, MIT) is installed from npm into a temporary directory —
# never into the repository — and verify-parquet.mjs reads the Parquet file with it, prints
# its schema, row count and first rows as JSON, and compares every row with the CSV and JSON
# Lines exports of the same games.
#
# Usage: scripts/export/verify-parquet.sh [SAMPLE_DIR]
#
# SAMPLE_DIR holds parquet/positions.parquet, csv/positions.csv and jsonl/positions.jsonl.
# Without it, the script exports the shared corpus (../shared/corpus, with cut games and
# mirrors) in the three formats into the temporary directory first:
#   go test ./pkg/export -run '^TestExportSample$' -export-sample=DIR
# Needs node and npm; HYPARQUET_VERSION picks the version (default below). Exits 1 when a row
# differs.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=${HYPARQUET_VERSION:-1.33.0}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sample=${1:-}
if [ -z "$sample" ]; then
	sample=$tmp/sample
	echo "exporting the shared corpus into $sample ..." >&2
	go test -count=1 -run '^TestExportSample$' ./pkg/export -export-sample="$sample" >&2
fi
for f in parquet/positions.parquet csv/positions.csv jsonl/positions.jsonl; do
	[ -f "$sample/$f" ] || { echo "verify-parquet: $sample/$f not found" >&2; exit 2; }
done

echo "installing hyparquet@$version into $tmp ..." >&2
(cd "$tmp" && npm install --silent --no-audit --no-fund --no-package-lock "hyparquet@$version" >&2)
cp scripts/export/verify-parquet.mjs "$tmp/"
node "$tmp/verify-parquet.mjs" "$sample/parquet/positions.parquet" "$sample/csv/positions.csv" "$sample/jsonl/positions.jsonl"
