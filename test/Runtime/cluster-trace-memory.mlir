// A worker's trace is bounded in memory: the tracer keeps at most
// --trace-max-events events, and the trace's JSON (21 MB for this 2^20-
// iteration loop) goes to a temporary file that the worker sends from and
// removes once the driver fetched it. Measured: the worker peaks at 64 MiB
// untraced and 71 MiB traced; the JSON held as text and copied into the
// response would take it over the bound. Peak memory is not meaningful
// under ASan.
// UNSUPPORTED: asan
// RUN: %python %S/worker_trace_memory.py mplang-worker mplang-run %S/Inputs/loop-2e20.mlir 90 %t | FileCheck %s
// RUN: %python %S/check-trace.py %t/trace.json | FileCheck %s --check-prefix=TRACE

// CHECK:      rank 0: 549755289600 : i64
// CHECK-NEXT: worker peak RSS under 90 MiB
// CHECK-NEXT: worker trace files left: 0

// TRACE:      rank 0: {{[0-9]+}} ops
// TRACE:        traced + aggregated: arith.addi 1048576, arith.constant 4, arith.index_cast 1048576, scf.for 1
