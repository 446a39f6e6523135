// verify-parquet.mjs: read a Parquet file of qipu's export with hyparquet, a reader written
// independently of the Go one, print its schema, row count and first rows as JSON, and
// compare every row with the CSV and JSON Lines exports of the same games.
//
// Usage: node verify-parquet.mjs FILE.parquet [FILE.csv] [FILE.jsonl]
//
// hyparquet must be importable from where this file is (verify-parquet.sh installs it into
// a temporary directory and copies this file there). Exits 1 on the first difference.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet'

const columns = ['game_id', 'source', 'index', 'ply', 'fen', 'side', 'move', 'result', 'score', 'plies_left']
const [parquetPath, csvPath, jsonlPath] = process.argv.slice(2)
if (!parquetPath) {
  console.error('usage: node verify-parquet.mjs FILE.parquet [FILE.csv] [FILE.jsonl]')
  process.exit(2)
}

const file = await asyncBufferFromFile(parquetPath)
const metadata = await parquetMetadataAsync(file)
const schema = parquetSchema(metadata)
const codecs = metadata.row_groups[0]?.columns.map(c => c.meta_data.codec) ?? []
console.log(JSON.stringify({
  file: parquetPath,
  created_by: metadata.created_by,
  num_rows: Number(metadata.num_rows),
  row_groups: metadata.row_groups.map(rg => Number(rg.num_rows)),
  schema: schema.children.map((c, i) => ({
    name: c.element.name,
    type: c.element.type,
    repetition: c.element.repetition_type,
    logical: c.element.logical_type?.type ?? c.element.converted_type ?? null,
    codec: codecs[i],
  })),
}, null, 2))

const names = schema.children.map(c => c.element.name)
if (JSON.stringify(names) !== JSON.stringify(columns)) {
  fail(`columns ${JSON.stringify(names)}, want ${JSON.stringify(columns)}`)
}

// normalize turns a row of any source into one array of comparable values.
function normalize(r) {
  return columns.map(c => (r[c] === undefined ? null : r[c]))
}

// parquetRows yields the rows of the Parquet file, one row group at a time.
async function * parquetRows() {
  let start = 0
  for (const rg of metadata.row_groups) {
    const end = start + Number(rg.num_rows)
    const rows = await parquetReadObjects({ file, rowStart: start, rowEnd: end })
    for (const r of rows) yield normalize(r)
    start = end
  }
}

// jsonlRows yields the rows of a JSON Lines file.
async function * jsonlRows(path) {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (line !== '') yield normalize(JSON.parse(line))
  }
}

// csvRows yields the rows of a CSV file (RFC 4180: quoted fields may hold commas, doubled
// quotes and line breaks), checking its header.
async function * csvRows(path) {
  let pending = null
  let header = null
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    const text = pending === null ? line : pending + '\n' + line
    const fields = parseCSV(text)
    if (fields === null) { // a quoted field goes on to the next line
      pending = text
      continue
    }
    pending = null
    if (header === null) {
      header = fields
      if (JSON.stringify(header) !== JSON.stringify(columns)) fail(`CSV header ${JSON.stringify(header)}`)
      continue
    }
    const r = Object.fromEntries(header.map((h, i) => [h, fields[i]]))
    for (const c of ['index', 'ply', 'plies_left']) r[c] = Number(r[c])
    r.score = r.score === '' ? null : Number(r.score)
    yield normalize(r)
  }
  if (pending !== null) fail('CSV ends inside a quoted field')
}

// parseCSV splits one CSV record, or returns null when a quoted field is not closed.
function parseCSV(text) {
  const out = []
  let i = 0
  for (;;) {
    let field = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) return null
        if (text[i] === '"') {
          if (text[i + 1] === '"') { field += '"'; i += 2; continue }
          i++
          break
        }
        field += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== ',') field += text[i++]
    }
    out.push(field)
    if (i >= text.length) return out
    if (text[i] !== ',') fail(`CSV: unexpected ${JSON.stringify(text[i])} after a quoted field in ${JSON.stringify(text)}`)
    i++
  }
}

function fail(msg) {
  console.error('FAIL: ' + msg)
  process.exit(1)
}

const others = []
if (csvPath) others.push(['csv', csvRows(csvPath)[Symbol.asyncIterator]()])
if (jsonlPath) others.push(['jsonl', jsonlRows(jsonlPath)[Symbol.asyncIterator]()])

let n = 0
const first = []
for await (const row of parquetRows()) {
  if (first.length < 3) first.push(Object.fromEntries(columns.map((c, i) => [c, row[i]])))
  for (const [name, it] of others) {
    const { value, done } = await it.next()
    if (done) fail(`${name} ends after ${n} rows; the Parquet file has ${Number(metadata.num_rows)}`)
    if (JSON.stringify(value) !== JSON.stringify(row)) {
      fail(`row ${n}: parquet ${JSON.stringify(row)}\n      ${name}    ${JSON.stringify(value)}`)
    }
  }
  n++
}
for (const [name, it] of others) {
  if (!(await it.next()).done) fail(`${name} has more rows than the Parquet file (${n})`)
}
if (n !== Number(metadata.num_rows)) fail(`read ${n} rows, metadata says ${metadata.num_rows}`)
console.log('first rows:')
for (const r of first) console.log(JSON.stringify(r))
const compared = others.map(([name]) => name).join(' and ')
console.log(`ok: ${n} rows read by hyparquet` + (compared ? `, every one equal to the ${compared} export` : ''))
