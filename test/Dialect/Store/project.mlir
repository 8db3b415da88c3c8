// RUN: mplang-opt %s --simp-project | FileCheck %s
// In a global program the ops run inside the party's pcall body; the
// projection keeps them on that party only.
// CHECK-LABEL: module @rank0
// CHECK: store.load "fs://x.npy" : tensor<2xi32>
// CHECK: store.save %{{.*}}, "fs://out/y.npy" : tensor<2xi32>
// CHECK-LABEL: module @rank1
// CHECK-NOT: store.
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<tensor<2xi32>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<2xi32>, [0]> {
      %x = store.load "fs://x.npy" : tensor<2xi32>
      %y = arith.addi %x, %x : tensor<2xi32>
      store.save %y, "fs://out/y.npy" : tensor<2xi32>
      simp.yield %y : tensor<2xi32>
    }
    return %r : !simp.mp<tensor<2xi32>, [0]>
  }
}
