#!/usr/bin/env bash
# The Slurm recipe run for real (npm run test:slurm; CI runs it when it is root): stands up a
# one-node Slurm cluster on this machine, submits examples/slurm.sh UNEDITED as a small array with
# its knobs in the environment, plus the dependent merge, waits, and checks that every task
# succeeded and that the merged summaries are byte-identical to a straight run of the same analysis.
#
# Needs root and Debian/Ubuntu: installs slurm-wlm and munge with apt-get when they are missing.
# Starts its own munged (own key and socket), slurmctld and slurmd (no systemd) with a generated
# slurm.conf (this host, `hostname -s`, its CPUs; state, spool, logs and pid files in a temporary
# directory), and stops the daemons it started, by PID, at the end (also on failure or Ctrl-C).
# Knobs: N (default 3), SEEDS (1-9), VARIANTS ("signora winery"), ARGS (--max-nodes 3000),
# TIMEOUT (seconds to wait for the jobs, 300), KEEP=1 keeps the temporary directory.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MAIN=$ROOT/dist/src/cli/main.js
export N=${N:-3} SEEDS=${SEEDS:-1-9} VARIANTS=${VARIANTS:-signora winery} ARGS=${ARGS:---max-nodes 3000}
TIMEOUT=${TIMEOUT:-300}
say() { echo "slurm-test: $*" >&2; }
fail() {
  say "FAILED: $*"
  exit 1
}

[[ $(id -u) == 0 ]] || fail "needs root (it installs slurm-wlm and munge and starts munged, slurmctld and slurmd)"
[[ -f $MAIN ]] || fail "$MAIN missing: build first (npm run build)"
[[ $N =~ ^[0-9]+$ ]] && ((N >= 2)) || fail "N=$N: the test needs N >= 2 (it also submits an array 1-(N-1))"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null || ! command -v sbatch >/dev/null; then
  command -v apt-get >/dev/null || fail "slurm-wlm and munge are missing and there is no apt-get to install them"
  say "installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get install -y -qq --no-install-recommends slurm-wlm munge || { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurm-wlm munge; }; } >/dev/null 2>&1 ||
    fail "apt-get install slurm-wlm munge failed"
fi

WORK=$(mktemp -d /tmp/slurm-test.XXXXXX)
chmod 755 "$WORK"
PIDS=()
cleanup() {
  local rc=$?
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null || true
  done
  if ((rc != 0)); then
    for f in "$WORK"/slurmctld.log "$WORK"/slurmd.log "$WORK"/run/logs/*; do
      [[ -f $f ]] && { echo "---- $f (last lines)"; tail -n 15 "$f"; } >&2
    done
  fi
  if [[ ${KEEP:-} == 1 ]]; then say "kept $WORK"; else rm -rf "$WORK"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- munge: our own daemon, key and socket, so that a munged already running is left alone ----
mkdir -m 700 "$WORK/munge"
dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$WORK/munge/munge.key"
SOCKET=$WORK/munge/munge.socket
munged --foreground --force --key-file="$WORK/munge/munge.key" --socket="$SOCKET" --pid-file="$WORK/munge/munged.pid" \
  --log-file="$WORK/munge/munged.log" --seed-file="$WORK/munge/munged.seed" 2>>"$WORK/munge/munged.err" &
PIDS+=($!)
for _ in $(seq 1 50); do [[ -S $SOCKET ]] && break; sleep 0.1; done
[[ -S $SOCKET ]] || fail "munged did not start: $(cat "$WORK/munge/munged.err" "$WORK/munge/munged.log" 2>/dev/null | tail -n 3)"
munge --socket="$SOCKET" -n | unmunge --socket="$SOCKET" >/dev/null || fail "munge does not work"

# ---- slurm.conf: one node, this host ----
HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])' 2>/dev/null || echo "$1"; }
CTLD_PORT=$(free_port 16817)
SLURMD_PORT=$(free_port 16818)
mkdir -p "$WORK/state" "$WORK/spool"
export SLURM_CONF=$WORK/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=soltest
SlurmctldHost=$HOST
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=3600
NodeName=$HOST CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i -f "$SLURM_CONF" 2>>"$WORK/slurmctld.log" &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" 2>>"$WORK/slurmd.log" &
PIDS+=($!)
for _ in $(seq 1 100); do
  state=$(sinfo -h -n "$HOST" -o %T 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.2
done
[[ $state == idle ]] || fail "the node did not come up (sinfo: ${state:-no answer})"
say "one-node cluster up: $HOST, $CPUS CPUs, slurmctld port $CTLD_PORT (pids ${PIDS[*]})"

# ---- the recipe, as docs/scale.md submits it; the knobs from the environment ----
RUN=$WORK/run
mkdir -p "$RUN/logs"
cd "$RUN"
export OUT=results/big SOLITAIRE="$(command -v node) $MAIN"
t0=$(date +%s)
jobid=$(sbatch --parsable --array=1-"$N" "$ROOT/examples/slurm.sh")
# shellcheck disable=SC2046
mergeid=$(sbatch --parsable --dependency=afterok:"$jobid" --kill-on-invalid-dep=yes --output=logs/merge-%j.out \
  --wrap "$SOLITAIRE merge $(seq -s " " -f "$OUT/shard-%g" 1 "$N") --out $OUT")
say "submitted array job $jobid (1-$N) and merge job $mergeid"

# (A failed task cancels the merge: --kill-on-invalid-dep, so the wait ends either way.)
while [[ -n $(squeue -h -j "$jobid,$mergeid" -o %i 2>/dev/null) ]]; do
  (($(date +%s) - t0 < TIMEOUT)) || fail "jobs still queued or running after $TIMEOUT s: $(squeue -h -j "$jobid,$mergeid" -o '%i %T %r' | tr '\n' ';')"
  sleep 1
done

# ---- every task and the merge completed with exit code 0 (no accounting: scontrol's job records) ----
states=$(scontrol -o show job "$jobid" | grep -o 'JobId=[0-9]* ArrayJobId=[0-9]* ArrayTaskId=[0-9]*\|JobState=[A-Z_]*\|ExitCode=[0-9:]*' | paste -sd ' ')
done_tasks=$(scontrol -o show job "$jobid" | grep -c 'JobState=COMPLETED .*ExitCode=0:0')
[[ $done_tasks == "$N" ]] || fail "$done_tasks of $N array tasks completed with exit code 0: $states"
scontrol -o show job "$mergeid" | grep -q 'JobState=COMPLETED .*ExitCode=0:0' ||
  fail "the merge job did not complete: $(scontrol -o show job "$mergeid" | grep -o 'JobState=[A-Z_]* Reason=[^ ]*\|ExitCode=[0-9:]*' | paste -sd ' ')"
for k in $(seq 1 "$N"); do
  log=logs/solitaire-${jobid}_$k.out
  [[ -f $log ]] || fail "task $k left no log $log"
  ! grep -q 'solitaire:' "$log" || fail "task $k said: $(grep 'solitaire:' "$log")"
done

# ---- merged = a straight run, byte for byte ----
# shellcheck disable=SC2086
node "$MAIN" analyze $VARIANTS --seeds "$SEEDS" --workers "$CPUS" --quiet $ARGS --out "$WORK/straight" >/dev/null
files=$(cd "$WORK/straight" && ls -- *-summary.csv strategies.csv 2>/dev/null)
[[ -n $files ]] || fail "the straight run wrote no summary"
for f in $files; do
  cmp -s "$WORK/straight/$f" "$OUT/$f" || fail "$OUT/$f differs from the straight run's"
done
t=$(($(date +%s) - t0))
say "$N array tasks and the merge completed, $(echo "$files" | wc -w) files byte-identical to a straight run ($t s from submission)"

# ---- an array that does not match N: every task stops at once, saying why, and writes nothing ----
short=$((N - 1))
badid=$(OUT=results/mismatch sbatch --parsable --array=1-"$short" "$ROOT/examples/slurm.sh")
t1=$(date +%s)
while [[ -n $(squeue -h -j "$badid" -o %i 2>/dev/null) ]]; do
  (($(date +%s) - t1 < 60)) || fail "the mismatched array is still queued or running after 60 s"
  sleep 1
done
failed=$(scontrol -o show job "$badid" | grep -c 'JobState=FAILED .*ExitCode=2:0')
[[ $failed == "$short" ]] || fail "$failed of $short tasks of a mismatched array failed with exit code 2"
for k in $(seq 1 "$short"); do
  grep -q "slurm.sh: the array is 1-$short, but N=$N shards: submit with --array=1-$N" "logs/solitaire-${badid}_$k.out" ||
    fail "task $k of the mismatched array did not say why: $(cat "logs/solitaire-${badid}_$k.out")"
done
[[ ! -e results/mismatch ]] || fail "the mismatched array wrote results/mismatch"
say "an array 1-$short with N=$N: every task stopped with the reason in its log, nothing written"
say "passed ($(($(date +%s) - t0)) s from the first submission)"
