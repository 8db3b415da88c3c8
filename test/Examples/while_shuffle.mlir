// RUN: mplang-opt %examples/while_shuffle.mlir | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK: simp.while_loop (%{{.*}}) : (!simp.mp<i64, [0]>) -> !simp.mp<i64, [0]> cond {
// CHECK: simp.shuffle %{{.*}} [0 <- 0, 1 <- 0] : !simp.mp<i1, [0]> -> !simp.mp<i1, [0, 1]>
// CHECK: } body {
// CHECK: simp.shuffle %{{.*}} [1 <- 0]
// CHECK: simp.pcall [1]
// CHECK: simp.shuffle %{{.*}} [0 <- 1]
