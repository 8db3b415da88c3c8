// The trace of a run: valid JSON, one process per rank, one op event per
// executed op (the loop runs its condition 8 times and its body 7 times),
// named lanes whose slices never overlap, the four counters, and every
// message's flow (the 22 of simp.send and the 16 predicates simp.agree
// exchanges) ends at its receive.
// RUN: mplang-run --sim 2 %examples/while_shuffle.mlir --trace %t.json
// RUN: %python %S/Utils/check-trace.py %t.json | FileCheck %s
// CHECK:      rank 0: 48 ops
// CHECK-NEXT:   lanes: {{(ready queue, )?}}scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT: rank 1: 38 ops
// CHECK-NEXT:   lanes: {{(ready queue, )?}}scheduler
// CHECK-NEXT:   counters: active tasks, bytes in flight, live values, ready queue
// CHECK-NEXT: flows: 38 paired, 0 unpaired
