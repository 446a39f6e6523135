#!/usr/bin/env bash
# Validates qipu's CI reports with the consumers' own tools, for real (not run by go test):
#   - SARIF with Microsoft's SARIF multitool (npm @microsoft/sarif-multitool: "validate", no
#     error-level result), and against the SARIF 2.1.0 JSON schema that the multitool's package
#     ships, with ajv (npm);
#   - JUnit XML parsed with Debian's python3-junitparser, to the same counts as qipu's summary;
#   - Code Climate JSON against the shape GitLab documents for code quality reports.
# Needs go, npm, and python3-junitparser (installed with apt-get when root and it is missing).
# Run from the repository root: scripts/ci/validate-formats.sh [PATH...] (default: corpus/)
set -euo pipefail
root=$(pwd)
[ -f go.mod ] && grep -q 'module github.com/qipu/qipu' go.mod || { echo "run from the qipu repository root" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# qipu runs in $work, where corpus/ links to the bundled archive: the paths stay relative, as
# in a CI job, and the odd names below are relative too.
ln -s "$root/corpus" "$work/corpus"
paths=()
for p in "$@"; do paths+=("$(realpath --relative-to="$work" "$p")"); done
[ ${#paths[@]} -gt 0 ] || paths=(corpus/)

echo "== build"
go build -o "$work/qipu" ./cmd/qipu
cd "$work"
# Files whose names need escaping in a URI: a broken game, a truncated XQF.
odd="odd dir:棋#1"
mkdir -p "$odd"
sed 's/车９进９/车９进８/' corpus/edge/broken-middle.pgn > "$odd/a b%.pgn"
cp corpus/edge/truncated.xqf "$odd/截断.xqf"

echo "== qipu check"
set +e
"$work/qipu" check -q --format json --output "sarif=$work/q.sarif" --output "junit=$work/q.xml" \
	--output "codeclimate=$work/q.json" "${paths[@]}" "$odd" > "$work/summary.json" 2> "$work/diagnostics.txt"
code=$?
set -e
echo "exit $code; summary: $(cat "$work/summary.json")"
[ "$code" -le 1 ] || { cat "$work/diagnostics.txt"; exit 1; }

echo "== SARIF: Microsoft SARIF multitool and the SARIF 2.1.0 schema"
npmdir="$work/npm"
mkdir -p "$npmdir"
(cd "$npmdir" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error \
	@microsoft/sarif-multitool@5 ajv@8 ajv-formats@3 >/dev/null)
tool=$(find "$npmdir/node_modules/@microsoft" -name Sarif.Multitool -type f | head -1)
chmod u+x "$tool" # the package's postinstall step, which npm no longer runs by default
schema=$(dirname "$tool")/sarif-2.1.0.json
(cd "$npmdir" && npx --no-install sarif-multitool validate --output "$work/validation.sarif" "$work/q.sarif") | tail -3
node - "$work/validation.sarif" <<'JS'
const log = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const res = log.runs.flatMap(r => r.results || []);
const by = {};
for (const r of res) by[r.level || 'warning'] = (by[r.level || 'warning'] || 0) + 1;
console.log(`multitool: ${res.length} results`, JSON.stringify(by), '(no error-level result)');
for (const r of res.filter(r => r.level === 'error')) console.log('ERROR', r.ruleId, r.message.text || r.message.id);
if (by.error) { console.log('FAIL'); process.exit(1); }
JS
(cd "$npmdir" && node - "$schema" "$work/q.sarif" <<'JS'
const Ajv2020 = require('ajv/dist/2020');
const addFormats = require('ajv-formats');
const fs = require('fs');
const ajv = new Ajv2020({strict: false, allErrors: true});
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(process.argv[2])));
const doc = JSON.parse(fs.readFileSync(process.argv[3]));
if (!validate(doc)) { console.log(JSON.stringify(validate.errors, null, 1)); process.exit(1); }
const results = doc.runs[0].results;
console.log(`schema ${process.argv[2].split('/').pop()}: valid; ${results.length} results, uris:`,
	[...new Set(results.map(r => r.locations[0].physicalLocation.artifactLocation.uri))].filter(u => /%/.test(u)).join(' '));
JS
)

echo "== JUnit: Debian's python3-junitparser"
if ! /usr/bin/python3 -c 'import junitparser' 2>/dev/null; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		apt-get install -y -qq python3-junitparser >/dev/null || { apt-get update -qq && apt-get install -y -qq python3-junitparser >/dev/null; }
	else
		echo "SKIP: python3-junitparser is not installed (apt-get install python3-junitparser)"; exit 1
	fi
fi
/usr/bin/python3 - "$work/q.xml" "$work/summary.json" <<'PY'
import json, sys
from junitparser import JUnitXml, Failure
xml = JUnitXml.fromfile(sys.argv[1])
s = json.load(open(sys.argv[2]))
games = failed_games = failed_files = cases = 0
for suite in xml:
    n = 0
    for case in suite:
        n += 1
        failed = any(isinstance(r, Failure) for r in case.result)
        if case.name.startswith('game '):
            games += 1
            failed_games += failed
        else:
            assert case.name == 'file', case.name
            failed_files += failed
        assert case.classname == suite.name, (case.classname, suite.name)
    assert n == suite.tests, (suite.name, n, suite.tests)
    cases += n
print(f'junitparser: {len(list(xml))} suites, {cases} testcases ({xml.tests} in <testsuites>), {xml.failures} failures; '
      f'{games} games, {failed_games} failed, {failed_files} files failed')
want = (s['games'], s['invalid'], s['unreadable'] + s['file_errors'])
got = (games, failed_games, failed_files)
assert got == want, f'junit (games, invalid, file failures) {got} != summary {want}'
assert xml.tests == cases and xml.failures == failed_games + failed_files
print(f'summary: games {s["games"]}, invalid {s["invalid"]}, unreadable {s["unreadable"]}, file_errors {s["file_errors"]}: the same')
PY

echo "== Code Climate: GitLab's code quality shape"
/usr/bin/python3 - "$work/q.json" "$work/q.sarif" <<'PY'
import json, sys
issues = json.load(open(sys.argv[1]))
sarif = json.load(open(sys.argv[2]))
assert isinstance(issues, list)
seen = set()
for i in issues:
    # GitLab: description, check_name, fingerprint, severity, location.path, location.lines.begin
    assert isinstance(i['description'], str) and i['description'], i
    assert isinstance(i['check_name'], str) and i['check_name'], i
    assert isinstance(i['fingerprint'], str) and i['fingerprint'] not in seen, i
    seen.add(i['fingerprint'])
    assert i['severity'] in ('info', 'minor', 'major', 'critical', 'blocker'), i
    p = i['location']['path']
    assert isinstance(p, str) and p and not p.startswith("/"), i  # relative, as GitLab wants
    b = i['location']['lines']['begin']
    assert isinstance(b, int) and b >= 1, i
n = len(sarif['runs'][0]['results'])
assert len(issues) == n, (len(issues), n)
sev = {}
for i in issues: sev[i['severity']] = sev.get(i['severity'], 0) + 1
print(f'{len(issues)} issues (as many as SARIF results), unique fingerprints, severities {sev}')
PY
echo "ALL OK"
