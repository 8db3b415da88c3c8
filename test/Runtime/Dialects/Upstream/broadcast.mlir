// linalg.broadcast along leading, middle, trailing and several dimensions,
// for 4-byte and 1-byte elements, with exact results.
// RUN: mplang-run --sim 1 %s | FileCheck %s
// CHECK: rank 0: dense<{{\[\[\[}}1, 2, 3], [1, 2, 3]], {{\[\[}}4, 5, 6], [4, 5, 6]]]> : tensor<2x2x3xi32>,
// CHECK-SAME: dense<{{\[\[\[}}1, 1], [2, 2], [3, 3]], {{\[\[}}4, 4], [5, 5], [6, 6]]]> : tensor<2x3x2xi32>,
// CHECK-SAME: dense<{{\[\[\[\[}}1, 2, 3], [1, 2, 3]], {{\[\[}}4, 5, 6], [4, 5, 6]]], {{\[\[\[}}1, 2, 3], [1, 2, 3]], {{\[\[}}4, 5, 6], [4, 5, 6]]]]> : tensor<2x2x2x3xi32>,
// CHECK-SAME: dense<{{\[\[}}True, True], [False, False], [True, True]]> : tensor<3x2xi1>

!r = !simp.mp<tensor<2x2x3xi32>, [0]>
!t = !simp.mp<tensor<2x3x2xi32>, [0]>
!m = !simp.mp<tensor<2x2x2x3xi32>, [0]>
!b = !simp.mp<tensor<3x2xi1>, [0]>
module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> (!r, !t, !m, !b) {
    %r, %t, %m, %b = simp.pcall [0] () : () -> (!r, !t, !m, !b) {
      %x = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
      %e1 = tensor.empty() : tensor<2x2x3xi32>
      %middle = linalg.broadcast ins(%x : tensor<2x3xi32>) outs(%e1 : tensor<2x2x3xi32>) dimensions = [1]
      %e2 = tensor.empty() : tensor<2x3x2xi32>
      %last = linalg.broadcast ins(%x : tensor<2x3xi32>) outs(%e2 : tensor<2x3x2xi32>) dimensions = [2]
      %e3 = tensor.empty() : tensor<2x2x2x3xi32>
      %two = linalg.broadcast ins(%x : tensor<2x3xi32>) outs(%e3 : tensor<2x2x2x3xi32>) dimensions = [0, 2]
      %c = arith.constant dense<[true, false, true]> : tensor<3xi1>
      %e4 = tensor.empty() : tensor<3x2xi1>
      %bits = linalg.broadcast ins(%c : tensor<3xi1>) outs(%e4 : tensor<3x2xi1>) dimensions = [1]
      simp.yield %middle, %last, %two, %bits : tensor<2x2x3xi32>, tensor<2x3x2xi32>, tensor<2x2x2x3xi32>, tensor<3x2xi1>
    }
    return %r, %t, %m, %b : !r, !t, !m, !b
  }
}
