// A worker's trace is bounded in memory: the tracer keeps at most
// --trace-max-events events, and the trace's JSON (52 MB here: each of the
// loop's 2^17 branches is an event of its own) goes to a temporary file that
// the worker sends from and removes once the driver fetched it. Measured:
// the worker peaks at 84 MiB with 2^18 events; holding the JSON as text
// would take it over the bound.
// Peak memory is not meaningful under ASan.
// UNSUPPORTED: asan
// RUN: %python %S/worker_trace_memory.py mplang-worker mplang-run %S/../Inputs/loop-if-2e17.mlir 100 %t --trace-max-events 262144 | FileCheck %s
// RUN: %python %S/../Utils/check-trace.py %t/trace.json | FileCheck %s --check-prefix=TRACE

// CHECK:      rank 0: 4294967296 : i64
// CHECK-NEXT: worker peak RSS under 100 MiB
// CHECK-NEXT: worker trace files left: 0

// TRACE:      rank 0: {{[0-9]+}} ops
// TRACE:        traced + aggregated: arith.addi 65536, arith.andi 131072, arith.cmpi 131072, arith.constant 5, arith.index_cast 131072, scf.for 1, scf.if 131072
