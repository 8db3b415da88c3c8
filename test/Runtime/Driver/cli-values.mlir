// Option values that make no sense stop the tools with a message instead of
// a run that hangs or misbehaves.
// RUN: not mplang-run --sim 2 %examples/millionaire.mlir --pool-threads 0 2>&1 | FileCheck %s --check-prefix=POOL
// POOL: mplang-run: error: --pool-threads must be at least 1
// RUN: not mplang-run --sim 2 %examples/millionaire.mlir --trace-max-events 0 --trace %t.json 2>&1 | FileCheck %s --check-prefix=EVENTS
// EVENTS: mplang-run: error: --trace-max-events must be at least 1
// RUN: not mplang-run --sim 2 %examples/millionaire.mlir --timeout -5 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: mplang-run: for the --timeout option: '-5' value invalid for uint argument!
// RUN: not mplang-run --sim 2 %examples/millionaire.mlir --jit=fast 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: mplang-run: error: --jit takes off, on or auto, not 'fast'

// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --pool-threads 0 2>&1 | FileCheck %s --check-prefix=WPOOL
// WPOOL: mplang-worker: error: --pool-threads must be at least 1
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --retention 0 2>&1 | FileCheck %s --check-prefix=RETENTION
// RETENTION: mplang-worker: error: --retention must be at least 1
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --max-message-mib 0 2>&1 | FileCheck %s --check-prefix=MESSAGE
// MESSAGE: mplang-worker: error: --max-message-mib must be at least 1
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --auth-deadline -1 2>&1 | FileCheck %s --check-prefix=WNEGATIVE
// WNEGATIVE: mplang-worker: for the --auth-deadline option: '-1' value invalid for uint argument!
// RUN: not mplang-worker --cluster %S/../Inputs/cluster-three.json --rank 0 --jit=fast 2>&1 | FileCheck %s --check-prefix=WJIT
// WJIT: mplang-worker: error: --jit takes off, on or auto, not 'fast'
