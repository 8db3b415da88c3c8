// Heavy kernels (2^16-element additions) are traced on the pool thread that
// ran them, named in the trace; their slices never overlap on a lane. The
// reduce's 2^16 body runs are one event.
// RUN: mplang-run --sim 1 %S/Inputs/heavy-adds.mlir --trace %t.json | FileCheck %s --check-prefix=RESULT
// RUN: %python %S/Utils/check-trace.py %t.json | FileCheck %s
// RESULT: rank 0: dense<786432> : tensor<i64>
// CHECK:      rank 0: 11 ops
// CHECK-NEXT:   lanes: pool {{1|2}}{{(, pool 2)?}}, {{(ready queue, )?}}scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT:   body runs: linalg.reduce 65536
