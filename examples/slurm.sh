#!/usr/bin/env bash
# A Slurm array job: shard K of N runs as array task K, one task per CPU; a dependent job merges the
# shards once every task has succeeded. The knobs come from the environment (sbatch passes it on),
# so nothing here needs editing. From the directory where OUT and logs/ should be:
#
#   export N=100 SEEDS=1-100000 OUT=results/big VARIANTS=all ARGS="--max-nodes 200000"
#   mkdir -p logs
#   jobid=$(sbatch --parsable --array=1-$N examples/slurm.sh)
#   sbatch --dependency=afterok:$jobid --kill-on-invalid-dep=yes --output=logs/merge-%j.out \
#     --wrap "solitaire merge $(seq -s " " -f "$OUT/shard-%g" 1 "$N") --out $OUT"
#
# N        shards, and the array size: submit with --array=1-$N (a task outside 1..N, or an array
#          1-M with M other than N, stops with a message in its log before doing anything)
# SEEDS    seed range A-B, split over the shards
# OUT      output directory: shard K writes OUT/shard-K, the merge writes OUT
# VARIANTS variants to analyse, or all
# ARGS     more analyze options, e.g. "--max-nodes 2000000 --cells 3"
# SOLITAIRE the command, e.g. "node /path/to/clone/dist/src/cli/main.js" (default: solitaire)
#
# logs/ must exist before sbatch (Slurm opens --output before the script runs, and does not say
# when it cannot). --kill-on-invalid-dep=yes cancels the merge when a task fails, rather than
# leaving it pending (DependencyNeverSatisfied) for ever; the failed task's log says why. Every task passes --resume: a task that fails or is preempted can be resubmitted
# alone (sbatch --array=K examples/slurm.sh, same knobs) and keeps the rows it already wrote; the
# merge, run again, replaces its own earlier output.
#SBATCH --job-name=solitaire
#SBATCH --array=1-100
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --output=logs/solitaire-%A_%a.out
set -euo pipefail
N=${N:-100}
SEEDS=${SEEDS:-1-100000}
OUT=${OUT:-results/big}
VARIANTS=${VARIANTS:-all}
ARGS=${ARGS:-}
SOLITAIRE=${SOLITAIRE:-solitaire}

die() {
  echo "slurm.sh: $*" >&2
  exit 2
}
[[ $N =~ ^[1-9][0-9]*$ ]] || die "N=$N: expected the number of shards"
K=${SLURM_ARRAY_TASK_ID:?not an array task: submit with sbatch --array=1-\$N examples/slurm.sh}
((K >= 1 && K <= N)) || die "array task $K, but N=$N shards: submit with --array=1-$N (or set N to the array size)"
# A whole array (not a resubmitted task) must be 1-N exactly, or some seeds would have no shard.
if [[ ${SLURM_ARRAY_TASK_MIN:-1} == 1 && ${SLURM_ARRAY_TASK_COUNT:-1} -gt 1 && ${SLURM_ARRAY_TASK_MAX:-$N} != "$N" ]]; then
  die "the array is 1-$SLURM_ARRAY_TASK_MAX, but N=$N shards: submit with --array=1-$N (or set N=$SLURM_ARRAY_TASK_MAX)"
fi

# shellcheck disable=SC2086 # VARIANTS, ARGS and SOLITAIRE are word lists
$SOLITAIRE analyze $VARIANTS --seeds "$SEEDS" --shard "$K/$N" --workers "${SLURM_CPUS_PER_TASK:-1}" --quiet --resume $ARGS \
  --out "$OUT/shard-$K"
