#!/usr/bin/env bash
# check-duckdb.sh: run the DuckDB SQL of the README ("Build a training set") on a real export
# of the bundled corpus, with DuckDB itself (npm @duckdb/node-api, installed into a temporary
# directory, never into the repository), and print what each statement returns.
#
# Usage: scripts/export/check-duckdb.sh
#
# It builds qipu, runs the README's export commands in a temporary directory where corpus/
# links to the bundled archive (so the paths are the README's), takes the ```sql block that
# follows the line "<!-- scripts/export/check-duckdb.sh runs this block -->" in README.md, and
# runs its statements (separated by a ";" at the end of a line) in turn. Needs go, node and
# npm; DUCKDB_NODE_API_VERSION picks the version (default below). Exits 1 when a statement
# fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
version=${DUCKDB_NODE_API_VERSION:-1.5.6-r.1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sql=$(awk '
	/<!-- scripts\/export\/check-duckdb.sh runs this block -->/ { want = 1; next }
	want && /^```sql$/ { inblock = 1; next }
	inblock && /^```$/ { exit }
	inblock { print }
' README.md)
[ -n "$sql" ] || { echo "check-duckdb: no sql block after the marker in README.md" >&2; exit 2; }
printf '%s\n' "$sql" > "$tmp/readme.sql"

echo "building qipu and exporting corpus/classic/ ..." >&2
go build -o "$tmp/bin/qipu" ./cmd/qipu
ln -s "$root/corpus" "$tmp/corpus"
(
	cd "$tmp"
	PATH="$tmp/bin:$PATH"
	qipu export --split train=0.9,val=0.05,test=0.05 -o export/ corpus/classic/
	qipu export --format csv -o export-csv/ corpus/classic/
) >&2

echo "installing @duckdb/node-api@$version into $tmp/npm ..." >&2
mkdir -p "$tmp/npm"
(cd "$tmp/npm" && npm install --silent --no-audit --no-fund --no-package-lock "@duckdb/node-api@$version" >&2)

cat > "$tmp/npm/run.mjs" <<'JS'
import { readFileSync } from 'node:fs'
import { DuckDBInstance } from '@duckdb/node-api'

const statements = readFileSync(process.argv[2], 'utf8')
  .split(/;[ \t]*\n/)
  .map(s => s.trim())
  .filter(s => s.replace(/--.*$/gm, '').trim() !== '')
const db = await DuckDBInstance.create(':memory:')
const conn = await db.connect()
console.error('DuckDB ' + (await conn.runAndReadAll('SELECT version()')).getRows()[0][0])
for (const sql of statements) {
  console.log(sql.split('\n').map(l => 'D ' + l).join('\n'))
  const reader = await conn.runAndReadAll(sql)
  console.log(reader.columnNames().join('\t'))
  for (const row of reader.getRows()) console.log(row.map(v => (v === null ? 'NULL' : String(v))).join('\t'))
  console.log()
}
JS
cd "$tmp" && node npm/run.mjs readme.sql
