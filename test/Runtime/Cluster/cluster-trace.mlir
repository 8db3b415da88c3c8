// A distributed run's trace: the workers' traces merged into one file (each
// shifted by its estimated clock offset), with the same ops per rank as in
// the simulator and every send's flow ending at its receive in another
// process.
// RUN: mplang-run --local 2 %examples/while_shuffle.mlir --trace %t.json
// RUN: %python %S/../Utils/check-trace.py %t.json | FileCheck %s
// CHECK:      rank 0: 48 ops
// CHECK-NEXT:   lanes: {{(ready queue, )?}}scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT: rank 1: 38 ops
// CHECK-NEXT:   lanes: {{(ready queue, )?}}scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT: flows: 38 paired, 0 unpaired

// RUN: not mplang-run --local 2 %examples/while_shuffle.mlir --trace %t.missing/trace.json 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: cannot write the trace to '{{.*}}.missing/trace.json'

// Workers keep --trace-max-events events each and aggregate the rest; the
// driver warns with what they aggregated, and every op run is accounted for.
// RUN: mplang-run --local 2 %examples/while_shuffle.mlir --trace %t.small.json --trace-max-events 20 2>&1 >/dev/null | FileCheck %s --check-prefix=BOUND
// RUN: %python %S/../Utils/check-trace.py %t.small.json | FileCheck %s --check-prefix=BOUND-TRACE
// BOUND: warning: rank 0's trace reached its event bound (--trace-max-events) and aggregated:
// BOUND: {{[0-9]+}} messages
// BOUND: warning: rank 1's trace reached its event bound (--trace-max-events) and aggregated:
// BOUND-TRACE: traced + aggregated: arith.cmpi 8, arith.constant 9, simp.agree 8, simp.recv 7, simp.send 15, simp.while_loop 1
// BOUND-TRACE: traced + aggregated: arith.addi 7, simp.agree 8, simp.recv 15, simp.send 7, simp.while_loop 1
