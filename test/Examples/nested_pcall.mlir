// RUN: mplang-opt %examples/nested_pcall.mlir | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (!simp.mp<i64, [0, 1]>) -> (!simp.mp<!simp.mp<i64, [0, 1]>, [0, 1]>, !simp.mp<!simp.mp<i64, [0]>, [0, 1]>)
// CHECK: simp.pcall [0, 1] (%{{.*}}) : (i64) -> !simp.mp<i64, [0, 1]>
// CHECK: arith.addi
// CHECK: simp.pcall [0] (%{{.*}}) : (i64) -> !simp.mp<i64, [0]>
// CHECK: arith.muli
// CHECK: simp.yield %{{.*}}, %{{.*}} : !simp.mp<i64, [0, 1]>, !simp.mp<i64, [0]>
