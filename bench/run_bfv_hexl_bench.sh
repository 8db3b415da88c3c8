#!/usr/bin/env bash
# Times our BFV library (bfv-bench) side by side with Microsoft SEAL built
# with Intel HEXL (seal_hexl_bench.cpp), same parameters, one pinned core,
# and prints ours/SEAL+HEXL ratios of the CPU time per operation (on a
# shared machine wall time mostly measures the other jobs). Rounds of the
# two are interleaved and each operation keeps its fastest round.
#
# Usage: bench/run_bfv_hexl_bench.sh [build-dir]     (default: build)
# Env:   CPU_FEATURES_SRC  source tree of google/cpu_features
#        HEXL_SRC          source tree of intel/hexl
#        SEAL_SRC          source tree of microsoft/SEAL
#        ANCHOR_BUILD      where the anchor is built and installed (default:
#                          <build-dir>/seal-hexl-anchor; reused when present)
#        ROUNDS            interleaved rounds (default 3)
#        JOBS              build parallelism for the anchor (default 1)
# Without the three source trees only our numbers are printed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$(cd "${1:-$ROOT/build}" && pwd)"
ROUNDS="${ROUNDS:-3}"
JOBS="${JOBS:-1}"
OPS='encode|decode|encrypt|encrypt_symmetric|decrypt|add|mul_plain|mul_plain_prepared|mul|relinearize|rotate_rows_1|mod_switch'
PIN=""
command -v taskset >/dev/null && PIN="taskset -c $(($(nproc) - 1))"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

ANCHOR=""
if [ -n "${CPU_FEATURES_SRC:-}" ] && [ -n "${HEXL_SRC:-}" ] && [ -n "${SEAL_SRC:-}" ]; then
  A="${ANCHOR_BUILD:-$BUILD/seal-hexl-anchor}"
  PREFIX="$A/prefix"
  # Static Release builds; each dependency is found through the prefix
  # (SEAL_BUILD_DEPS=OFF: nothing is downloaded).
  build() { # name source cmake-args...
    local name="$1" src="$2"
    shift 2
    cmake -S "$src" -B "$A/$name" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX" \
      -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON "$@" \
      >"$A/$name.log"
    cmake --build "$A/$name" -j "$JOBS" >>"$A/$name.log"
    cmake --install "$A/$name" >>"$A/$name.log"
  }
  if [ ! -x "$A/bench/seal-hexl-bench" ]; then
    mkdir -p "$A/bench"
    echo "building the SEAL+HEXL anchor in $A (logs there)" >&2
    build cpu_features "$CPU_FEATURES_SRC" -DBUILD_TESTING=OFF
    build hexl "$HEXL_SRC" -DHEXL_BENCHMARK=OFF -DHEXL_TESTING=OFF \
      -DHEXL_SHARED_LIB=OFF
    build seal "$SEAL_SRC" -DSEAL_USE_INTEL_HEXL=ON -DSEAL_BUILD_DEPS=OFF \
      -DSEAL_USE_MSGSL=OFF -DSEAL_USE_ZLIB=OFF -DSEAL_USE_ZSTD=OFF \
      -DSEAL_BUILD_TESTS=OFF -DSEAL_BUILD_EXAMPLES=OFF -DSEAL_BUILD_BENCH=OFF
    cat >"$A/bench/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.13)
project(seal_hexl_bench CXX)
find_package(SEAL REQUIRED)
add_executable(seal-hexl-bench "$ROOT/bench/seal_hexl_bench.cpp")
target_compile_features(seal-hexl-bench PRIVATE cxx_std_17)
target_link_libraries(seal-hexl-bench PRIVATE SEAL::seal)
EOF
    cmake -S "$A/bench" -B "$A/bench/build" -G Ninja \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$PREFIX" >"$A/bench.log"
    cmake --build "$A/bench/build" >>"$A/bench.log"
    cp "$A/bench/build/seal-hexl-bench" "$A/bench/"
  fi
  ANCHOR="$A/bench/seal-hexl-bench"
else
  echo "run_bfv_hexl_bench.sh: CPU_FEATURES_SRC, HEXL_SRC and SEAL_SRC are not all set; printing only our numbers"
fi

for r in $(seq "$ROUNDS"); do
  $PIN "$BUILD/bench/bfv-bench" --benchmark_filter="^BFV/($OPS)/(4096|8192)\$" \
    --benchmark_min_time=0.05 --benchmark_format=csv \
    >"$OUT/ours.$r.csv" 2>/dev/null
  [ -z "$ANCHOR" ] || $PIN "$ANCHOR" 1 >"$OUT/seal.$r.txt"
done

python3 - "$OUT" "$ROUNDS" <<'PY'
import csv, glob, re, sys
out, rounds = sys.argv[1], int(sys.argv[2])
ours, seal, sizes = {}, {}, {}
def keep_min(table, key, value):
    table[key] = min(value, table.get(key, value))
for path in glob.glob(f'{out}/ours.*.csv'):
    lines = [l for l in open(path) if l.startswith('"') or l.startswith('name')]
    for row in csv.DictReader(lines):
        m = re.match(r'BFV/(\w+)/(\d+)$', row['name'])
        if m:
            scale = {'ns': 1e-3, 'us': 1.0, 'ms': 1e3}[row['time_unit']]
            keep_min(ours, (m.group(1), int(m.group(2))), float(row['cpu_time']) * scale)
for path in glob.glob(f'{out}/seal.*.txt'):
    for line in open(path):
        name, n, value = line.split()
        if name.startswith('size_'):
            sizes[(name, int(n))] = int(value)
        else:
            keep_min(seal, (name, int(n)), float(value))
# mul_plain_prepared has no SEAL counterpart: SEAL's BFV multiply_plain
# transforms the plaintext on every call.
names = ['encode', 'decode', 'encrypt', 'encrypt_symmetric', 'decrypt', 'add',
         'mul_plain', 'mul_plain_prepared', 'mul', 'relinearize',
         'rotate_rows_1', 'mod_switch']
print(f'CPU time per operation (us), fastest of {rounds} interleaved rounds')
print('| operation | n | ours | SEAL+HEXL | ours/SEAL+HEXL |')
print('|---|---:|---:|---:|---:|')
for n in (4096, 8192):
    for name in names:
        mine = ours.get((name, n))
        ref = seal.get((name, n))
        if name == 'mul_plain_prepared':
            ref = seal.get(('mul_plain', n))
        cell = lambda v: '-' if v is None else f'{v:.1f}'
        ratio = f'{mine / ref:.2f}' if mine and ref else '-'
        print(f'| {name} | {n} | {cell(mine)} | {cell(ref)} | {ratio} |')
if sizes:
    print()
    print('SEAL serialized ciphertext sizes (bytes, uncompressed):')
    for (name, n), size in sorted(sizes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        print(f'  {name[5:]} n={n}: {size}')
PY
