#!/usr/bin/env bash
# A Slurm array job: shard K of N runs as array task K, one task per CPU.
# Submit the shards, then a merge that starts once every shard has succeeded:
#
#   jobid=$(sbatch --parsable examples/slurm.sh)
#   sbatch --dependency=afterok:$jobid --wrap "solitaire merge $(seq -f 'results/big/shard-%g' 1 100) --out results/big"
#
# Edit N to match --array. A task that fails or is preempted can be resubmitted alone
# (sbatch --array=K examples/slurm.sh): --resume keeps the rows it already wrote.
#SBATCH --job-name=solitaire
#SBATCH --array=1-100
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --output=logs/solitaire-%A_%a.out
set -euo pipefail
N=100
SEEDS=1-100000
OUT=results/big
K=$SLURM_ARRAY_TASK_ID
solitaire analyze all --seeds "$SEEDS" --shard "$K/$N" --workers "${SLURM_CPUS_PER_TASK:-1}" --quiet --resume \
  --out "$OUT/shard-$K"
