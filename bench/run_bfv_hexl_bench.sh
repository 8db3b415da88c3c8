#!/usr/bin/env bash
# Times our BFV library (bfv-bench) against Microsoft SEAL with and without
# Intel HEXL (seal_hexl_bench.cpp), same parameters, one pinned core, and
# prints per operation and degree the median over rounds of the CPU-time
# ratios ours/SEAL and ours/SEAL+HEXL with their spread (bfv_anchor_bench.py;
# the three sides are timed one operation after the other, in turn, so that
# each ratio compares times taken within seconds of each other).
#
# Usage: bench/run_bfv_hexl_bench.sh [build-dir]     (default: build)
# Env:   CPU_FEATURES_SRC  source tree of google/cpu_features
#        HEXL_SRC          source tree of intel/hexl
#        SEAL_SRC          source tree of microsoft/SEAL
#        ANCHOR_BUILD      where the anchors are built and installed (default:
#                          <build-dir>/seal-hexl-anchor; reused when present)
#        ROUNDS            rounds (default 5)
#        JOBS              build parallelism for the anchors (default 1)
# Without the three source trees only our numbers are printed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$(cd "${1:-$ROOT/build}" && pwd)"
JOBS="${JOBS:-1}"

ANCHORS=()
if [ -n "${CPU_FEATURES_SRC:-}" ] && [ -n "${HEXL_SRC:-}" ] && [ -n "${SEAL_SRC:-}" ]; then
  A="${ANCHOR_BUILD:-$BUILD/seal-hexl-anchor}"
  # Static Release builds; each dependency is found through its prefix
  # (SEAL_BUILD_DEPS=OFF: nothing is downloaded).
  build() { # name source prefix cmake-args...
    local name="$1" src="$2" prefix="$3"
    shift 3
    [ -f "$A/$name.installed" ] && return
    cmake -S "$src" -B "$A/$name" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_PREFIX_PATH="$prefix" \
      -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON "$@" \
      >"$A/$name.log"
    cmake --build "$A/$name" -j "$JOBS" >>"$A/$name.log"
    cmake --install "$A/$name" >>"$A/$name.log"
    touch "$A/$name.installed"
  }
  SEAL_ARGS=(-DSEAL_BUILD_DEPS=OFF -DSEAL_USE_MSGSL=OFF -DSEAL_USE_ZLIB=OFF
    -DSEAL_USE_ZSTD=OFF -DSEAL_BUILD_TESTS=OFF -DSEAL_BUILD_EXAMPLES=OFF
    -DSEAL_BUILD_BENCH=OFF)
  # The benchmark against one installed SEAL: bench-<name>/seal-bench.
  bench() { # name prefix
    local dir="$A/bench-$1"
    [ -x "$dir/seal-bench" ] && [ "$dir/seal-bench" -nt "$ROOT/bench/seal_hexl_bench.cpp" ] && return
    mkdir -p "$dir"
    cat >"$dir/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.13)
project(seal_bench CXX)
find_package(SEAL REQUIRED)
add_executable(seal-bench "$ROOT/bench/seal_hexl_bench.cpp")
target_compile_features(seal-bench PRIVATE cxx_std_17)
target_link_libraries(seal-bench PRIVATE SEAL::seal)
CMAKE
    cmake -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$2" >"$dir.log"
    cmake --build "$dir/build" >>"$dir.log"
    cp "$dir/build/seal-bench" "$dir/"
  }
  mkdir -p "$A"
  if [ ! -x "$A/bench-hexl/seal-bench" ] || [ ! -x "$A/bench-seal/seal-bench" ]; then
    echo "building the SEAL and SEAL+HEXL anchors in $A (logs there)" >&2
  fi
  build cpu_features "$CPU_FEATURES_SRC" "$A/prefix-hexl" -DBUILD_TESTING=OFF
  build hexl "$HEXL_SRC" "$A/prefix-hexl" -DHEXL_BENCHMARK=OFF \
    -DHEXL_TESTING=OFF -DHEXL_SHARED_LIB=OFF
  build seal-hexl "$SEAL_SRC" "$A/prefix-hexl" -DSEAL_USE_INTEL_HEXL=ON \
    "${SEAL_ARGS[@]}"
  build seal "$SEAL_SRC" "$A/prefix-seal" -DSEAL_USE_INTEL_HEXL=OFF \
    "${SEAL_ARGS[@]}"
  bench hexl "$A/prefix-hexl"
  bench seal "$A/prefix-seal"
  ANCHORS=(--seal "$A/bench-seal/seal-bench" --hexl "$A/bench-hexl/seal-bench")
else
  echo "run_bfv_hexl_bench.sh: CPU_FEATURES_SRC, HEXL_SRC and SEAL_SRC are not all set; printing only our numbers"
fi

exec python3 "$ROOT/bench/bfv_anchor_bench.py" --ours "$BUILD/bench/bfv-bench" \
  --rounds "${ROUNDS:-5}" ${ANCHORS[@]+"${ANCHORS[@]}"}
