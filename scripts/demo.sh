#!/usr/bin/env bash
# Installs, builds and runs the main demo: the three-party sum, projected into
# one program per party and run by mplang-run, with a Chrome trace.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
echo "== the program each party runs"
"$BUILD_DIR/bin/mplang-opt" --simp-project "$ROOT/examples/sum.mlir"
echo "== running it, one worker process per party: party i holds i + 1"
"$BUILD_DIR/bin/mplang-run" --local 3 "$ROOT/examples/sum.mlir" \
  --arg 0:0='1 : i64' --arg 1:1='2 : i64' --arg 2:2='3 : i64' \
  --trace "$BUILD_DIR/sum-trace.json"
echo "== trace: $BUILD_DIR/sum-trace.json (open it in https://ui.perfetto.dev)"
