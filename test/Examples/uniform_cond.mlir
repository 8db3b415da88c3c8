// RUN: mplang-opt %examples/uniform_cond.mlir | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK: %[[P:.*]] = simp.shuffle %{{.*}} [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
// CHECK: simp.uniform_cond %[[P]] (%{{.*}}) : !simp.mp<i1, [0, 1]>, (!simp.mp<i64, [0]>) -> !simp.mp<i64, [1]> then {
// CHECK: simp.shuffle %{{.*}} [1 <- 0]
// CHECK: } else {
// CHECK: simp.pcall [1] ()
