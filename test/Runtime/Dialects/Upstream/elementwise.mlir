// Element-wise sum: party i holds x_i and y_i and computes x_i + y_i.
// RUN: mplang-run --sim 3 %s --arg 0:0='1 : i64' --arg 1:0='2 : i64' --arg 2:0='3 : i64' --arg 0:1='10 : i64' --arg 1:1='20 : i64' --arg 2:1='30 : i64' | FileCheck %s
// CHECK:      rank 0: 11 : i64
// CHECK-NEXT: rank 1: 22 : i64
// CHECK-NEXT: rank 2: 33 : i64

// The same with tensors, and the whole program as one pcall computing x + x.
// RUN: mplang-run --sim 3 %s --entry double --arg 0:0='dense<[1, 2]> : tensor<2xi32>' --arg 1:0='dense<[2, 4]> : tensor<2xi32>' --arg 2:0='dense<[3, 6]> : tensor<2xi32>' | FileCheck %s --check-prefix=DOUBLE
// DOUBLE:      rank 0: dense<[2, 4]> : tensor<2xi32>
// DOUBLE-NEXT: rank 1: dense<[4, 8]> : tensor<2xi32>
// DOUBLE-NEXT: rank 2: dense<[6, 12]> : tensor<2xi32>

module attributes {simp.world_size = 3 : i64} {
  func.func @main(%x: !simp.mp<i64, [0, 1, 2]>, %y: !simp.mp<i64, [0, 1, 2]>) -> !simp.mp<i64, [0, 1, 2]> {
    %0 = simp.pcall [0, 1, 2] (%x, %y) : (!simp.mp<i64, [0, 1, 2]>, !simp.mp<i64, [0, 1, 2]>) -> !simp.mp<i64, [0, 1, 2]> {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      simp.yield %s : i64
    }
    return %0 : !simp.mp<i64, [0, 1, 2]>
  }

  func.func @double(%x: !simp.mp<tensor<2xi32>, [0, 1, 2]>) -> !simp.mp<tensor<2xi32>, [0, 1, 2]> {
    %0 = simp.pcall [0, 1, 2] (%x) : (!simp.mp<tensor<2xi32>, [0, 1, 2]>) -> !simp.mp<tensor<2xi32>, [0, 1, 2]> {
    ^bb0(%a: tensor<2xi32>):
      %s = arith.addi %a, %a : tensor<2xi32>
      simp.yield %s : tensor<2xi32>
    }
    return %0 : !simp.mp<tensor<2xi32>, [0, 1, 2]>
  }
}
