#!/usr/bin/env bash
# Runs the Slurm recipe for real on this machine: starts a single-node Slurm cluster (Debian's
# slurm-wlm and munge; needs root and apt-get), submits the job array of slurm-convert.sh on
# the bundled corpus/ with sbatch, waits for it, and checks that the merged report and the
# merged output tree equal a single run's. Not run by go test.
#
#   scripts/cluster/slurm-local.sh            # from the repository root
#
# The cluster lives in a temporary directory (its slurm.conf is passed with SLURM_CONF, so
# /etc/slurm is not touched) and is stopped at the end: only the daemons this script started
# are stopped, by their process ids. Without root or apt-get it skips, saying why (exit 0).
set -euo pipefail
root=$(pwd)
[ -f scripts/cluster/slurm-convert.sh ] || { echo "run from the qipu repository root" >&2; exit 2; }
if [ "$(id -u)" != 0 ]; then echo "SKIP: slurm-local.sh needs root (it installs and starts slurmctld, slurmd and munged)"; exit 0; fi
if ! command -v apt-get >/dev/null; then echo "SKIP: slurm-local.sh needs apt-get (Debian's slurm-wlm and munge)"; exit 0; fi

echo "== install slurm-wlm and munge"
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -qq slurm-wlm munge >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq slurm-wlm munge >/dev/null; }
fi
slurmctld -V

work=$(mktemp -d /tmp/qipu-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	sleep 1
	rm -rf "$work"
}
trap cleanup EXIT
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)

echo "== munge"
mkdir -p "$work/munge/run" "$work/munge/log" "$work/munge/lib"
dd if=/dev/urandom bs=1 count=1024 of="$work/munge/munge.key" status=none
chmod 700 "$work/munge" "$work/munge/lib" "$work/munge/log"
chmod 755 "$work/munge/run"
chmod 400 "$work/munge/munge.key"
sock="$work/munge/run/munge.socket.2"
munged --force --key-file "$work/munge/munge.key" --socket "$sock" \
	--pid-file "$work/munge/run/munged.pid" --log-file "$work/munge/log/munged.log" --seed-file "$work/munge/lib/munged.seed"
pids+=("$(cat "$work/munge/run/munged.pid")")
munge -S "$sock" -n | unmunge -S "$sock" | grep STATUS

echo "== slurm.conf for $host: $cpus CPUs, ${mem} MB"
mkdir -p "$work/spool/ctld" "$work/spool/d" "$work/log"
export SLURM_CONF="$work/slurm.conf"
cat > "$SLURM_CONF" <<CONF
ClusterName=qipu-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
StateSaveLocation=$work/spool/ctld
SlurmdSpoolDir=$work/spool/d
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF" -i
slurmd -f "$SLURM_CONF"
for _ in $(seq 50); do
	[ -s "$work/slurmctld.pid" ] && [ -s "$work/slurmd.pid" ] && break
	sleep 0.2
done
pids+=("$(cat "$work/slurmd.pid")" "$(cat "$work/slurmctld.pid")")
for _ in $(seq 60); do
	state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
	[ "$state" = idle ] && break
	sleep 1
done
sinfo
[ "$state" = idle ] || { echo "FAIL: the node is $state"; tail -20 "$work/log/slurmctld.log" "$work/log/slurmd.log"; exit 1; }

echo "== build qipu"
mkdir -p "$work/bin"
go build -o "$work/bin/qipu" ./cmd/qipu
export PATH="$work/bin:$PATH"

echo "== sbatch scripts/cluster/slurm-convert.sh corpus/ (a job array of 16 shards)"
out="$work/converted"
mkdir -p "$work/jobs"
# --cpus-per-task=1: two tasks at a time on this node (the recipe asks for 2 each).
sbatch --wait --chdir="$work/jobs" --cpus-per-task=1 "$root/scripts/cluster/slurm-convert.sh" "$root/corpus" "$out"
sacct_line=$(ls "$work/jobs" | wc -l)
echo "job array done: $sacct_line task logs; shard reports: $(ls "$out/.reports" | wc -l)"

echo "== compare with a single run"
scripts/cluster/merge-reports.sh "$out"/.reports/report-*.jsonl > "$work/merged.jsonl"
set +e
qipu convert -q --to chinese --report "$work/single.jsonl" -o "$work/single" "$root/corpus"
code=$?
set -e
echo "single run: exit $code, $(wc -l < "$work/single.jsonl") report lines; merged: $(wc -l < "$work/merged.jsonl") lines"
cmp "$work/merged.jsonl" "$work/single.jsonl" && echo "merged report == single run's report"
diff -r -x .reports "$out" "$work/single" && echo "merged output tree == single run's tree ($(find "$work/single" -type f | wc -l) files)"
echo "ALL OK"
