#!/usr/bin/env bash
# Merge the JSON Lines reports (or --to jsonl outputs) of the shards of one run into what a
# single run writes: a stable sort by the "source" field, in byte order. Lines of one file
# stay together and in order, because every file belongs to one shard.
#
#   scripts/cluster/merge-reports.sh report-*.jsonl > report.jsonl
set -euo pipefail
LC_ALL=C sort -s -t '"' -k4,4 "$@"
