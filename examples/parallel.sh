#!/usr/bin/env bash
# N shards of one analysis on this machine with GNU parallel, then the merge.
# (GNU parallel's --sshlogin spreads the same jobs over several machines sharing a file system.)
#
#   N=8 SEEDS=1-10000 VARIANTS=all OUT=results/big examples/parallel.sh
#
# Each shard is one process with one worker thread (parallel runs JOBS of them at once, default
# one per core); every shard writes its own directory, OUT/shard-K, and `merge` joins them into
# OUT. A shard that fails stops the others (--halt); rerun this script with RESUME=1 to go on.
set -euo pipefail
N=${N:-4}
SEEDS=${SEEDS:-1-2000}
VARIANTS=${VARIANTS:-all}
OUT=${OUT:-results/sharded}
JOBS=${JOBS:-$(nproc)}
ARGS=${ARGS:-}                       # more analyze options, e.g. "--max-nodes 2000000"
SOLITAIRE=${SOLITAIRE:-solitaire}    # e.g. "node dist/src/cli/main.js" in a clone
RESUME=${RESUME:+--resume}

if command -v parallel >/dev/null 2>&1; then
  parallel --will-cite --halt now,fail=1 -j "$JOBS" \
    "$SOLITAIRE analyze $VARIANTS --seeds $SEEDS --shard {}/$N --workers 1 --quiet $ARGS $RESUME --out $OUT/shard-{}" ::: $(seq 1 "$N")
else
  # Without GNU parallel: the same commands through xargs (no --halt: a failed shard shows at merge).
  echo "parallel.sh: GNU parallel not found, running the shards with xargs -P $JOBS" >&2
  seq 1 "$N" | xargs -P "$JOBS" -I{} sh -c "$SOLITAIRE analyze $VARIANTS --seeds $SEEDS --shard {}/$N --workers 1 --quiet $ARGS $RESUME --out $OUT/shard-{}"
fi
# shellcheck disable=SC2046 # one argument per shard directory
$SOLITAIRE merge $(seq -f "$OUT/shard-%g" 1 "$N") --out "$OUT"
