// The trace of a run: valid JSON, one process per rank, one op event per
// executed op (the loop runs its condition 8 times and its body 7 times), and
// every send's flow ends at its receive.
// RUN: mplang-run --sim 2 %examples/while_shuffle.mlir --trace %t.json
// RUN: %python %S/check-trace.py %t.json | FileCheck %s
// CHECK:      rank 0: 48 ops
// CHECK-NEXT: rank 1: 38 ops
// CHECK-NEXT: flows: 22 paired, 0 unpaired
