// RUN: mplang-opt --simp-project %s | FileCheck %s

// The largest world the verifier accepts (1024 parties) projects into one
// module per rank; rank 1023 receives what rank 0 sends, the ranks between
// get empty entries. (1025 and beyond are refused: see invalid.mlir.)

// CHECK-LABEL: module @rank0 attributes {simp.rank = 0 : i64}
// CHECK:         simp.send %{{.*}} to 1023 tag [[TAG:[0-9]+]] : i64
// CHECK-LABEL: module @rank1 attributes {simp.rank = 1 : i64}
// CHECK-NEXT:    func.func @main() {
// CHECK-NEXT:      return
// CHECK-LABEL: module @rank1023 attributes {simp.rank = 1023 : i64}
// CHECK:         %[[V:.*]] = simp.recv from 0 tag [[TAG]] : i64
// CHECK-NEXT:    return %[[V]] : i64
module attributes {simp.world_size = 1024 : i64} {
  func.func @main(%x: !simp.mp<i64, [0]>) -> !simp.mp<i64, [1023]> {
    %y = simp.shuffle %x [1023 <- 0] : !simp.mp<i64, [0]> -> !simp.mp<i64, [1023]>
    return %y : !simp.mp<i64, [1023]>
  }
}
