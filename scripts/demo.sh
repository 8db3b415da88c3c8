#!/usr/bin/env bash
# Installs, builds and runs the main demo: verify the two-party millionaire
# program and print it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
"$BUILD_DIR/bin/mplang-opt" "$ROOT/examples/millionaire.mlir"
