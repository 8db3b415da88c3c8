// A distributed run's trace: the workers' traces merged into one file (each
// shifted by its estimated clock offset), with the same ops per rank as in
// the simulator and every send's flow ending at its receive in another
// process.
// RUN: mplang-run --local 2 %examples/while_shuffle.mlir --trace %t.json
// RUN: %python %S/check-trace.py %t.json | FileCheck %s
// CHECK:      rank 0: 48 ops
// CHECK-NEXT:   lanes: ready queue, scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT: rank 1: 38 ops
// CHECK-NEXT:   lanes: {{(ready queue, )?}}scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT: flows: 38 paired, 0 unpaired

// RUN: not mplang-run --local 2 %examples/while_shuffle.mlir --trace %t.missing/trace.json 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: cannot write the trace to '{{.*}}.missing/trace.json'
