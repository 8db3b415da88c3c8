#!/usr/bin/env bash
# Installs, builds and runs every test (GoogleTest, lit, docs) through ctest.
#   scripts/test.sh              release build in build/
#   scripts/test.sh --sanitize   ASan + UBSan build (clang-19) in build-asan/
set -euo pipefail
CTEST_ARGS=()
case "${1:-}" in
--sanitize)
  export MPLANG_SANITIZE_BUILD=1
  # 20 s in release, ~8 min here (ASan, UBSan and libFuzzer's hook on every
  # comparison); OkvsTest.LargeRoundTrip and the others run the same code.
  CTEST_ARGS+=(-E '^OkvsTest\.RandomRoundTrips$')
  ;;
"") ;;
*)
  echo "usage: $0 [--sanitize]" >&2
  exit 2
  ;;
esac
source "$(dirname "${BASH_SOURCE[0]}")/bootstrap.sh"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)" \
  ${CTEST_ARGS[@]+"${CTEST_ARGS[@]}"}
