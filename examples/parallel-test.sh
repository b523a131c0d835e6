#!/usr/bin/env bash
# The GNU parallel recipe, examples/parallel.sh, run for real and unedited, knobs in the
# environment: `npm run test:parallel` with GNU parallel, `npm run test:xargs` with its xargs
# fallback on a PATH without GNU parallel (as on a machine that lacks it). Checks that the merged
# summaries are byte-identical to a straight run, that running the recipe again (the way to go on
# after a failure) changes none of them, and that a failing shard fails the recipe with no merge.
#
#   examples/parallel-test.sh parallel   # needs GNU parallel; as root, installs it with apt-get when missing
#   examples/parallel-test.sh xargs      # needs nothing
#
# Knobs: N (default 3), SEEDS (1-9), VARIANTS ("signora winery"), ARGS (--max-nodes 3000), KEEP=1.
set -euo pipefail
MODE=${1:?usage: parallel-test.sh parallel|xargs}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MAIN=$ROOT/dist/src/cli/main.js
export N=${N:-3} SEEDS=${SEEDS:-1-9} VARIANTS=${VARIANTS:-signora winery} ARGS=${ARGS:---max-nodes 3000} JOBS=${JOBS:-2}
say() { echo "parallel-test ($MODE): $*" >&2; }
fail() {
  say "FAILED: $*"
  exit 1
}
[[ -f $MAIN ]] || fail "$MAIN missing: build first (npm run build)"
WORK=$(mktemp -d /tmp/parallel-test.XXXXXX)
trap '[[ ${KEEP:-} == 1 ]] && say "kept $WORK" || rm -rf "$WORK"' EXIT
NODE=$(command -v node)
export SOLITAIRE="$NODE $MAIN"

case $MODE in
  parallel)
    if ! command -v parallel >/dev/null; then
      [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null || fail "GNU parallel is not installed (as root with apt-get, this script installs it)"
      say "installing GNU parallel"
      export DEBIAN_FRONTEND=noninteractive
      { apt-get install -y -qq --no-install-recommends parallel || { apt-get update -qq && apt-get install -y -qq --no-install-recommends parallel; }; } >/dev/null 2>&1 || fail "apt-get install parallel failed"
    fi
    RUNPATH=$PATH
    expect_msg=''
    ;;
  xargs)
    # This PATH, each directory that holds `parallel` replaced by a copy of it made of links without it.
    RUNPATH=''
    IFS=: read -ra dirs <<<"$PATH"
    for d in "${dirs[@]}"; do
      if [[ -x $d/parallel ]]; then
        shadow=$WORK/path/$(echo "$d" | tr / _)
        mkdir -p "$shadow"
        for f in "$d"/*; do [[ $(basename "$f") == parallel ]] || ln -s "$f" "$shadow/"; done
        d=$shadow
      fi
      RUNPATH=${RUNPATH:+$RUNPATH:}$d
    done
    PATH=$RUNPATH command -v parallel >/dev/null && fail "could not hide GNU parallel"
    expect_msg='running the shards with xargs -P 2 (GNU parallel not found)'
    ;;
  *) fail "mode $MODE: expected parallel or xargs" ;;
esac

recipe() { (cd "$WORK" && PATH=$RUNPATH OUT=$1 bash "$ROOT/examples/parallel.sh" >"$WORK/stdout" 2>"$WORK/stderr"); }
# shellcheck disable=SC2086
node "$MAIN" analyze $VARIANTS --seeds "$SEEDS" --workers 2 --quiet $ARGS --out "$WORK/straight" >/dev/null
files=$(cd "$WORK/straight" && ls -- *-summary.csv strategies.csv 2>/dev/null)
same() {
  for f in $files; do cmp -s "$WORK/straight/$f" "$WORK/$1/$f" || fail "$1/$f differs from the straight run's"; done
}

t0=$(date +%s)
recipe out || fail "the recipe exited $?: $(tail -n 3 "$WORK/stderr")"
! grep -q 'solitaire:' "$WORK/stderr" || fail "$(grep 'solitaire:' "$WORK/stderr")"
if [[ -n $expect_msg ]]; then
  grep -qF "parallel.sh: $expect_msg" "$WORK/stderr" || fail "no fallback message: $(cat "$WORK/stderr")"
else
  ! grep -q 'xargs' "$WORK/stderr" || fail "fell back to xargs with GNU parallel installed"
fi
same out
for k in $(seq 1 "$N"); do [[ -f $WORK/out/shard-$k/run.json ]] || fail "shard $k wrote no run.json"; done
say "recipe: $N shards and the merge, $(echo "$files" | wc -w) files byte-identical to a straight run ($(($(date +%s) - t0)) s)"

# Run again with the same knobs (how to go on after a failure): --resume finds every row, the merge
# replaces its own output, nothing changes.
before=$(cd "$WORK/out" && find . -name '*.csv' -type f | sort | xargs cat | sha256sum)
recipe out || fail "the recipe run again exited $?: $(tail -n 3 "$WORK/stderr")"
after=$(cd "$WORK/out" && find . -name '*.csv' -type f | sort | xargs cat | sha256sum)
[[ $before == "$after" ]] || fail "running the recipe again changed the results"
same out
say "run again: nothing changed"

# A shard that cannot write fails the recipe, and there is no merge.
mkdir -p "$WORK/bad"
echo 'not a directory' >"$WORK/bad/shard-2"
if recipe bad; then fail "the recipe succeeded with a shard that cannot write"; fi
grep -q 'solitaire: --out bad/shard-2 is not a directory' "$WORK/stderr" || fail "the failing shard's message is missing: $(cat "$WORK/stderr")"
grep -q 'parallel.sh: a shard failed' "$WORK/stderr" || fail "no word that a shard failed: $(cat "$WORK/stderr")"
[[ ! -e $WORK/bad/signora-summary.csv ]] || fail "merged although a shard failed"
say "a failing shard: recipe exit 1, named, no merge"
say "passed"
