#!/usr/bin/env bash
# A Slurm job array that converts an archive in 16 shards:
#
#   sbatch scripts/cluster/slurm-convert.sh /shared/archive /shared/converted
#
# Task K of the array runs `qipu convert --shard K/16`: the shards are decided by a hash of
# each file's path relative to the archive, so the tasks share nothing but the file system.
# Their -o trees merge without collisions (every input file belongs to exactly one shard and
# has one place in the mirrored tree), and their reports concatenate into the single run's:
#   LC_ALL=C sort -s -t '"' -k4,4 "$OUT"/.reports/report-*.jsonl > report.jsonl
#
#SBATCH --job-name=qipu-convert
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --time=01:00:00
#SBATCH --output=qipu-convert-%A-%a.log
set -euo pipefail
ARCHIVE=${1:?usage: sbatch slurm-convert.sh ARCHIVE OUT}
OUT=${2:?usage: sbatch slurm-convert.sh ARCHIVE OUT}
K=${SLURM_ARRAY_TASK_ID:?run under sbatch (SLURM_ARRAY_TASK_ID is not set)}
N=${SLURM_ARRAY_TASK_COUNT:-16}
mkdir -p "$OUT/.reports"
code=0
qipu convert -q -j "${SLURM_CPUS_PER_TASK:-2}" --shard "$K/$N" --to chinese \
	--report "$OUT/.reports/report-$K.jsonl" -o "$OUT" "$ARCHIVE" || code=$?
# 1 means some game is invalid (reported); anything above is a real failure.
[ "$code" -le 1 ]
