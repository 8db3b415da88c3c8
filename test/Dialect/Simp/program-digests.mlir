// Digests of per-rank programs do not depend on locations, custom syntax,
// printing flags or the other ranks, and change with any constant.
// RUN: mplang-opt --simp-project --simp-program-digests -o /dev/null %s > %t.digests
// RUN: FileCheck %s < %t.digests
// CHECK: rank 0: sha256:{{[0-9a-f]+$}}
// CHECK-NEXT: rank 1: sha256:{{[0-9a-f]+$}}
// RUN: mplang-opt --simp-project --mlir-print-op-generic --mlir-print-debuginfo %s -o %t.mlir
// RUN: mplang-opt --simp-program-digests -o /dev/null %t.mlir | diff %t.digests -
// RUN: mplang-opt --simp-project --simp-program-digests -o /dev/null %s --mlir-print-debuginfo --mlir-elide-elementsattrs-if-larger=1 | diff %t.digests -
// Another constant in rank 0's part changes rank 0's digest only.
// RUN: sed 's/dense<\[1, 2\]>/dense<[1, 3]>/' %s | mplang-opt --simp-project --simp-program-digests -o /dev/null > %t.changed
// RUN: head -1 %t.digests > %t.0 && head -1 %t.changed > %t.0c && not diff %t.0 %t.0c
// RUN: tail -1 %t.digests > %t.1 && tail -1 %t.changed > %t.1c && diff %t.1 %t.1c

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<2xi32>, [0]>) -> !simp.mp<tensor<2xi32>, [1]> {
    %y = simp.pcall [0] (%x) : (!simp.mp<tensor<2xi32>, [0]>) -> !simp.mp<tensor<2xi32>, [0]> {
    ^bb0(%v: tensor<2xi32>):
      %c = arith.constant dense<[1, 2]> : tensor<2xi32>
      %s = arith.addi %v, %c : tensor<2xi32>
      simp.yield %s : tensor<2xi32>
    }
    %z = simp.shuffle %y [1 <- 0] : !simp.mp<tensor<2xi32>, [0]> -> !simp.mp<tensor<2xi32>, [1]>
    return %z : !simp.mp<tensor<2xi32>, [1]>
  }
}
