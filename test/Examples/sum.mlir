// RUN: mplang-opt %examples/sum.mlir | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[A:.*]]: !simp.mp<i64, [0]>, %[[B:.*]]: !simp.mp<i64, [1]>, %[[C:.*]]: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0, 1, 2]>
// CHECK: %[[B0:.*]] = simp.shuffle %[[B]] [0 <- 1]
// CHECK: %[[C0:.*]] = simp.shuffle %[[C]] [0 <- 2]
// CHECK: %[[S:.*]] = simp.pcall [0] (%[[A]], %[[B0]], %[[C0]])
// CHECK: arith.addi
// CHECK: arith.addi
// CHECK: simp.shuffle %[[S]] [0 <- 0, 1 <- 0, 2 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1, 2]>
