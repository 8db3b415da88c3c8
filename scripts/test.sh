#!/usr/bin/env bash
# Installs, builds and runs every test (GoogleTest, lit, docs) through ctest.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)"
