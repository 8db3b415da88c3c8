#!/usr/bin/env bash
# Builds the libFuzzer targets (ASan + UBSan, clang-19, in build-asan/, shared
# with `test.sh --sanitize`) and runs each over its seeds in fuzz/corpus/.
#   scripts/fuzz.sh [--runs N] [TARGET...]   N inputs per target (default: a
#                                            few minutes in all), seed 1 (CI)
#   scripts/fuzz.sh --minutes M [TARGET...]  M minutes per target; new inputs
#                                            are kept in build-asan/fuzz-corpus
# Exits non-zero on the first crash, leak, time-out or UBSan report; the
# input is saved as build-asan/fuzz-artifacts/TARGET/crash-* (see
# docs/testing.md for reproducing it).
set -euo pipefail
# Inputs per target for the CI run: 10-45 s each on a busy 2-core machine.
declare -A RUNS_OF=([ir]=4000 [protocol]=50000 [value]=10000 [cluster]=20000
  [npy]=200000)
RUNS=""
MINUTES=""
while (($#)); do
  case "$1" in
  --runs) RUNS="$2" && shift 2 ;;
  --minutes) MINUTES="$2" && shift 2 ;;
  -*) echo "usage: $0 [--runs N | --minutes M] [TARGET...]" >&2 && exit 2 ;;
  *) break ;;
  esac
done
TARGETS=("${@:-ir protocol value cluster npy}")
read -r -a TARGETS <<<"${TARGETS[*]}"

export MPLANG_SANITIZE_BUILD=1
BUILD_TARGETS=mplang-fuzzers
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"

for t in "${TARGETS[@]}"; do
  seeds="$ROOT/fuzz/corpus/$t"
  artifacts="$BUILD_DIR/fuzz-artifacts/$t"
  mkdir -p "$artifacts"
  # New inputs go to the first directory, never into the seeds.
  if [[ -n $MINUTES ]]; then
    work="$BUILD_DIR/fuzz-corpus/$t"
    mkdir -p "$work"
    limit=(-max_total_time=$((MINUTES * 60)))
  else
    work="$(mktemp -d)"
    limit=(-runs="${RUNS:-${RUNS_OF[$t]:-10000}}" -seed=1)
  fi
  echo "== fuzz-$t: ${limit[*]}"
  # -timeout: an input running this long is a hang, reported as a failure.
  log="$artifacts/log.txt"
  status=0
  "$BUILD_DIR/fuzz/fuzz-$t" "${limit[@]}" -timeout=30 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "$work" "$seeds" \
    >"$log" 2>&1 || status=$?
  if [[ -z $MINUTES ]]; then rm -rf "$work"; fi
  if ((status != 0)); then
    tail -n 80 "$log"
    echo "fuzz-$t failed (exit $status); the input is in $artifacts" >&2
    exit "$status"
  fi
  grep -E '^Done |^stat::(number_of_executed_units|peak_rss_mb)' "$log"
done
echo "== every fuzz target passed"
