// Splat constants fill every element (they are built from one element, not
// one attribute per element): each is combined with a non-splat so that a
// missed element shows.
// RUN: mplang-run --sim 1 %s | FileCheck %s
// CHECK: rank 0: dense<[-3, -2, -1, 0, 1]> : tensor<5xi16>, dense<[2.500000e+00, 5.000000e+00, 7.500000e+00]> : tensor<3xf32>, dense<[False, True, False, True]> : tensor<4xi1>, dense<[7, 8, 9]> : tensor<3xi64>

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> (!simp.mp<tensor<5xi16>, [0]>, !simp.mp<tensor<3xf32>, [0]>,
                        !simp.mp<tensor<4xi1>, [0]>, !simp.mp<tensor<3xi64>, [0]>) {
    %r:4 = simp.pcall [0] () : () -> (!simp.mp<tensor<5xi16>, [0]>, !simp.mp<tensor<3xf32>, [0]>,
                                      !simp.mp<tensor<4xi1>, [0]>, !simp.mp<tensor<3xi64>, [0]>) {
      %a = arith.constant dense<-3> : tensor<5xi16>
      %ai = arith.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi16>
      %as = arith.addi %a, %ai : tensor<5xi16>
      %b = arith.constant dense<2.5> : tensor<3xf32>
      %bi = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
      %bs = arith.mulf %b, %bi : tensor<3xf32>
      %c = arith.constant dense<true> : tensor<4xi1>
      %ci = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
      %cs = arith.xori %c, %ci : tensor<4xi1>
      %d = arith.constant dense<7> : tensor<3xi64>
      %di = arith.constant dense<[0, 1, 2]> : tensor<3xi64>
      %ds = arith.addi %d, %di : tensor<3xi64>
      simp.yield %as, %bs, %cs, %ds : tensor<5xi16>, tensor<3xf32>, tensor<4xi1>, tensor<3xi64>
    }
    return %r#0, %r#1, %r#2, %r#3 : !simp.mp<tensor<5xi16>, [0]>, !simp.mp<tensor<3xf32>, [0]>,
                                   !simp.mp<tensor<4xi1>, [0]>, !simp.mp<tensor<3xi64>, [0]>
  }
}
