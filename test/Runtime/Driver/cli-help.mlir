// Each tool's --help shows its own options and a usage example, not LLVM's
// internal ones (the MLIR and LLVM libraries register hundreds).
// RUN: mplang-run --help | FileCheck %s --check-prefix=TOOL --implicit-check-not=amdgpu --implicit-check-not=mlir-
// RUN: mplang-worker --help | FileCheck %s --check-prefix=WORKER --implicit-check-not=amdgpu --implicit-check-not=mlir-
// RUN: mplang-fetch --help | FileCheck %s --check-prefix=FETCH --implicit-check-not=amdgpu --implicit-check-not=mlir-

// TOOL-LABEL: OVERVIEW: mplang multi-party program runner
// TOOL: mplang-run examples/sum.mlir --sim 3
// TOOL: mplang-run options:
// TOOL: --pool-threads
// TOOL: --print-full
// TOOL: --timeout

// WORKER-LABEL: OVERVIEW: mplang worker
// WORKER: mplang-worker --cluster cluster.yaml --node alice
// WORKER: mplang-worker options:
// WORKER: --jit=<string>
// WORKER: --pool-threads

// FETCH-LABEL: OVERVIEW: fetch an object a party kept
// FETCH: mplang-fetch mem://run-1/result0 --cluster cluster.yaml --rank 0
// FETCH: mplang-fetch options:
// FETCH: --rank
