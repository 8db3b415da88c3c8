// Templates (*.mlir.in) are instantiated for the sizes the program names,
// from --library or a search directory; what lies outside the PER-SIZE part
// is defined once.
// RUN: mplang-opt %s --library %S/Inputs/link-template.mlir.in | FileCheck %s
// RUN: mkdir -p %t && cp %S/Inputs/link-template.mlir.in %t/
// RUN: mplang-opt %s --library-path %t | FileCheck %s

// CHECK-LABEL: func.func private @widen.n3
// CHECK-SAME:    (%{{.*}}: !simp.mp<tensor<3xi64>, [1]>) -> !simp.mp<tensor<6xi64>, [0]>
// CHECK:         arith.constant dense<384> : tensor<6xi64>
// CHECK:         simp.shuffle %{{.*}} [0 <- 1] : !simp.mp<tensor<6xi64>, [1]> -> !simp.mp<tensor<6xi64>, [0]>
// CHECK-LABEL: func.func private @widen.n1000
// CHECK-SAME:    (%{{.*}}: !simp.mp<tensor<1000xi64>, [0]>) -> !simp.mp<tensor<2000xi64>, [1]>
// CHECK:         arith.constant dense<128000> : tensor<2000xi64>
// CHECK-LABEL: func.func private @unsized
// CHECK-NEXT:    return

module attributes {simp.world_size = 2 : i64} {
  func.func private @widen.n3(!simp.mp<tensor<3xi64>, [1]>) -> !simp.mp<tensor<6xi64>, [0]>
  func.func private @widen.n1000(!simp.mp<tensor<1000xi64>, [0]>) -> !simp.mp<tensor<2000xi64>, [1]>
  func.func private @unsized(i64) -> i64
  func.func @main(%a: !simp.mp<tensor<3xi64>, [1]>, %b: !simp.mp<tensor<1000xi64>, [0]>)
      -> (!simp.mp<tensor<6xi64>, [0]>, !simp.mp<tensor<2000xi64>, [1]>) {
    %x = func.call @widen.n3(%a) : (!simp.mp<tensor<3xi64>, [1]>) -> !simp.mp<tensor<6xi64>, [0]>
    %y = func.call @widen.n1000(%b) : (!simp.mp<tensor<1000xi64>, [0]>) -> !simp.mp<tensor<2000xi64>, [1]>
    return %x, %y : !simp.mp<tensor<6xi64>, [0]>, !simp.mp<tensor<2000xi64>, [1]>
  }
}
