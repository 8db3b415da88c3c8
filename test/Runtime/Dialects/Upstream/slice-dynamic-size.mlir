// A slice whose size is a value is refused before anything runs: the
// runtime's tensors have static shapes (slice-dynamic.mlir: offsets may be
// values).
// RUN: not mplang-run --sim 1 %s --arg 0:0='2 : index' 2>&1 | FileCheck %s
// CHECK: slice-dynamic-size.mlir:[[@LINE+7]]:12: error: 'tensor.extract_slice' op the runtime needs static sizes and strides

module attributes {simp.world_size = 1 : i64} {
  func.func @main(%n: !simp.mp<index, [0]>) -> !simp.mp<tensor<?xi64>, [0]> {
    %r = simp.pcall [0] (%n) : (!simp.mp<index, [0]>) -> !simp.mp<tensor<?xi64>, [0]> {
    ^bb0(%k: index):
      %t = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi64>
      %s = tensor.extract_slice %t[0] [%k] [1] : tensor<8xi64> to tensor<?xi64>
      simp.yield %s : tensor<?xi64>
    }
    return %r : !simp.mp<tensor<?xi64>, [0]>
  }
}
