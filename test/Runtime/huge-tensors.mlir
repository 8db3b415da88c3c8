// Shapes are claims too: a program whose tensor has more than 2^40 elements
// (or whose element count overflows) is refused when its plan is built,
// before anything is allocated, with the op and its location.

// RUN: not mplang-run --sim 1 %s --entry overflow 2>&1 | FileCheck %s
// CHECK: huge-tensors.mlir:[[@LINE+7]]:12: error: 'tensor.empty' op has a result type the runtime cannot hold (dynamic, an unsupported element type, or more than 2^40 elements): 'tensor<4294967296x4294967296xi64>'
// CHECK: huge-tensors.mlir:[[@LINE+16]]:12: error: 'tensor.empty' op has a result type the runtime cannot hold (dynamic, an unsupported element type, or more than 2^40 elements): 'tensor<2199023255553xi8>'

module attributes {simp.world_size = 1 : i64} {
  func.func @overflow() -> !simp.mp<index, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<index, [0]> {
      %c0 = arith.constant 0 : index
      %t = tensor.empty() : tensor<4294967296x4294967296xi64>
      %d = tensor.dim %t, %c0 : tensor<4294967296x4294967296xi64>
      simp.yield %d : index
    }
    return %r : !simp.mp<index, [0]>
  }

  func.func @too_many() -> !simp.mp<index, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<index, [0]> {
      %c0 = arith.constant 0 : index
      %t = tensor.empty() : tensor<2199023255553xi8>
      %d = tensor.dim %t, %c0 : tensor<2199023255553xi8>
      simp.yield %d : index
    }
    return %r : !simp.mp<index, [0]>
  }
}
