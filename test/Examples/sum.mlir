// RUN: mplang-opt %examples/sum.mlir | FileCheck %s
// RUN: mplang-opt --simp-project %examples/sum.mlir | FileCheck %s --check-prefix=PROJECT

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[A:.*]]: !simp.mp<i64, [0]>, %[[B:.*]]: !simp.mp<i64, [1]>, %[[C:.*]]: !simp.mp<i64, [2]>) -> !simp.mp<i64, [0, 1, 2]>
// CHECK: %[[B0:.*]] = simp.shuffle %[[B]] [0 <- 1]
// CHECK: %[[C0:.*]] = simp.shuffle %[[C]] [0 <- 2]
// CHECK: %[[S:.*]] = simp.pcall [0] (%[[A]], %[[B0]], %[[C0]])
// CHECK: arith.addi
// CHECK: arith.addi
// CHECK: simp.shuffle %[[S]] [0 <- 0, 1 <- 0, 2 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [0, 1, 2]>

// Projected, rank by rank. P0 receives both pieces in routing order, adds
// and sends the sum back.
// PROJECT: module attributes {simp.world_size = 3 : i64} {
// PROJECT-LABEL: module @rank0 attributes {simp.rank = 0 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 1 tag 0 : i64
// PROJECT-NEXT:  %[[V1:.*]] = simp.recv from 2 tag 1 : i64
// PROJECT-NEXT:  %[[V2:.*]] = arith.addi %[[ARG0]], %[[V0]] : i64
// PROJECT-NEXT:  %[[V3:.*]] = arith.addi %[[V2]], %[[V1]] : i64
// PROJECT-NEXT:  simp.send %[[V3]] to 1 tag 3 : i64
// PROJECT-NEXT:  simp.send %[[V3]] to 2 tag 4 : i64
// PROJECT-NEXT:  return %[[V3]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank1 attributes {simp.rank = 1 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 0 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 3 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-LABEL: module @rank2 attributes {simp.rank = 2 : i64} {
// PROJECT-LABEL: func.func @main(
// PROJECT-SAME:  %[[ARG0:.*]]: i64) -> i64 {
// PROJECT-NEXT:  simp.send %[[ARG0]] to 0 tag 1 : i64
// PROJECT-NEXT:  %[[V0:.*]] = simp.recv from 0 tag 4 : i64
// PROJECT-NEXT:  return %[[V0]] : i64
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
// PROJECT-NEXT:  }
