#!/usr/bin/env bash
# N shards of one analysis on this machine with GNU parallel (or xargs -P without it), then the merge.
# (GNU parallel's --sshlogin spreads the same jobs over several machines sharing a file system.)
# The knobs come from the environment, so nothing here needs editing:
#
#   N=8 SEEDS=1-10000 VARIANTS=all OUT=results/big ARGS="--max-nodes 200000" examples/parallel.sh
#
# N        shards (one process each, with one worker thread)
# SEEDS    seed range A-B, split over the shards
# OUT      output directory: shard K writes OUT/shard-K, the merge writes OUT
# VARIANTS variants to analyse, or all
# ARGS     more analyze options, e.g. "--max-nodes 2000000 --cells 3"
# JOBS     shards at once (default: one per core)
# RUNNER   parallel or xargs (default: GNU parallel when it is installed, else xargs)
# SOLITAIRE the command, e.g. "node dist/src/cli/main.js" in a clone (default: solitaire)
#
# Every shard passes --resume: after a failure or Ctrl-C, run the script again with the same knobs
# and the shards go on from the rows they wrote; the merge, run again, replaces its own earlier
# output. With GNU parallel a shard that fails stops the others (--halt); with xargs the others
# finish. Either way the merge runs only when every shard succeeded.
set -euo pipefail
N=${N:-4}
SEEDS=${SEEDS:-1-2000}
VARIANTS=${VARIANTS:-all}
OUT=${OUT:-results/sharded}
JOBS=${JOBS:-$(nproc)}
ARGS=${ARGS:-}
SOLITAIRE=${SOLITAIRE:-solitaire}
if [[ -z ${RUNNER:-} ]]; then
  if command -v parallel >/dev/null 2>&1; then RUNNER=parallel; else RUNNER=xargs; fi
fi
[[ $N =~ ^[1-9][0-9]*$ ]] || {
  echo "parallel.sh: N=$N: expected the number of shards" >&2
  exit 2
}

# One shard's command, {} standing for K; OUT is quoted for the shell that runs it.
SHARD="$SOLITAIRE analyze $VARIANTS --seeds $SEEDS --shard {}/$N --workers 1 --quiet --resume $ARGS --out $(printf %q "$OUT")/shard-{}"
case $RUNNER in
  parallel)
    command -v parallel >/dev/null 2>&1 || {
      echo "parallel.sh: RUNNER=parallel, but GNU parallel is not installed" >&2
      exit 2
    }
    parallel --will-cite --halt now,fail=1 -j "$JOBS" "$SHARD" ::: $(seq 1 "$N") || {
      echo "parallel.sh: a shard failed (its message is above); run this script again to go on" >&2
      exit 1
    }
    ;;
  xargs)
    echo "parallel.sh: running the shards with xargs -P $JOBS$(command -v parallel >/dev/null 2>&1 || echo ' (GNU parallel not found)')" >&2
    seq 1 "$N" | xargs -P "$JOBS" -I{} sh -c "$SHARD" || {
      echo "parallel.sh: a shard failed (its message is above); run this script again to go on" >&2
      exit 1
    }
    ;;
  *)
    echo "parallel.sh: RUNNER=$RUNNER: expected parallel or xargs" >&2
    exit 2
    ;;
esac
# shellcheck disable=SC2046 # one argument per shard directory
$SOLITAIRE merge $(seq -f "$OUT/shard-%g" 1 "$N") --out "$OUT"
