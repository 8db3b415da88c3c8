#!/usr/bin/env bash
# Installs the Debian 12 packages mplang-mlir needs and builds it in
# ${BUILD_DIR:-build}. Sourced by demo.sh, test.sh and fuzz.sh.
#
# With MPLANG_SANITIZE_BUILD=1 it makes the ASan + UBSan build instead, with
# clang-19 and the fuzzers, in ${BUILD_DIR:-build-asan} (docs/testing.md).
# BUILD_TARGETS (default: all) says what ninja builds.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SANITIZE="${MPLANG_SANITIZE_BUILD:-0}"
if [[ $SANITIZE == 1 ]]; then
  BUILD_DIR="${BUILD_DIR:-$ROOT/build-asan}"
else
  BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
fi

PACKAGES=(build-essential cmake ninja-build pkg-config python3
  llvm-19-dev llvm-19-tools libmlir-19-dev mlir-19-tools
  nlohmann-json3-dev libcpp-httplib-dev libssl-dev libgtest-dev
  libbenchmark-dev libyaml-cpp-dev libzstd-dev lld ccache openssl
  python3-dev python3-numpy pybind11-dev python3-pytest python3-hypothesis)
[[ $SANITIZE == 1 ]] && PACKAGES+=(clang-19 libclang-rt-19-dev)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  echo "== installing: ${missing[*]}"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
fi

export CCACHE_BASEDIR="$(dirname "$ROOT")"
CMAKE_ARGS=(-DCMAKE_BUILD_TYPE=Release)
if [[ $SANITIZE == 1 ]]; then
  # -O1 keeps instrumented compiles fast; line tables name lines in reports.
  FLAGS="-O1 -gline-tables-only -DNDEBUG"
  CMAKE_ARGS+=(-DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19
    "-DCMAKE_C_FLAGS_RELEASE=$FLAGS" "-DCMAKE_CXX_FLAGS_RELEASE=$FLAGS"
    "-DMPLANG_SANITIZE=address;undefined" -DMPLANG_BUILD_FUZZERS=ON
    -DMPLANG_BUILD_BENCH=OFF)
fi
if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD_DIR" "${CMAKE_ARGS[@]}" \
    -DMLIR_DIR=/usr/lib/llvm-19/lib/cmake/mlir -DLLVM_USE_LINKER=lld \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DPython3_EXECUTABLE=/usr/bin/python3
fi
# shellcheck disable=SC2086 # a list of targets
ninja -C "$BUILD_DIR" -j"$(nproc)" ${BUILD_TARGETS:-}
