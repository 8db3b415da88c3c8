// RUN: mplang-opt %examples/millionaire.mlir | FileCheck %s

// CHECK-LABEL: func.func @main() -> !simp.mp<i1, [1]>
// CHECK: %[[X:.*]] = simp.pcall [0] ()
// CHECK: arith.constant 100 : i64
// CHECK: %[[Y:.*]] = simp.pcall [1] ()
// CHECK: arith.constant 200 : i64
// CHECK: %[[X1:.*]] = simp.shuffle %[[X]] [1 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1]>
// CHECK: simp.pcall [1] (%[[X1]], %[[Y]])
// CHECK: arith.cmpi slt
