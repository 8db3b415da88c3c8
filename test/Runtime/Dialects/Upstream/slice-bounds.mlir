// Static slice windows outside their tensor pass MLIR's verifier; the kernels
// refuse them when they run, with the op's location and rank, instead of
// reading or writing out of bounds. Windows that touch the last element work.

// RUN: mplang-run --sim 1 %s --entry edges | FileCheck %s --check-prefix=EDGES
// EDGES: rank 0: dense<[3, 5]> : tensor<2xi64>, dense<[1, 2, 3, 7, 5, 8]> : tensor<6xi64>

// RUN: not mplang-run --sim 1 %s --entry extract_past_end 2>&1 | FileCheck %s --check-prefix=EXTRACT
// EXTRACT: slice-bounds.mlir:[[@LINE+23]]:12: error: rank 0 failed: slice of dimension 0 (offset 4, size 4, stride 1) is out of bounds for its size 6

// RUN: not mplang-run --sim 1 %s --entry insert_past_end 2>&1 | FileCheck %s --check-prefix=INSERT
// INSERT: slice-bounds.mlir:[[@LINE+30]]:12: error: rank 0 failed: slice of dimension 1 (offset 1, size 2, stride 2) is out of bounds for its size 3

// RUN: not mplang-run --sim 1 %s --entry huge_stride 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: slice-bounds.mlir:[[@LINE+36]]:12: error: rank 0 failed: slice of dimension 0 (offset 0, size 2, stride 9223372036854775807) is out of bounds for its size 6

module attributes {simp.world_size = 1 : i64} {
  func.func @edges() -> (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<6xi64>, [0]>) {
    %r:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<6xi64>, [0]>) {
      %t = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
      %s = tensor.extract_slice %t[2] [2] [2] : tensor<6xi64> to tensor<2xi64>
      %v = arith.constant dense<[7, 8]> : tensor<2xi64>
      %i = tensor.insert_slice %v into %t[3] [2] [2] : tensor<2xi64> into tensor<6xi64>
      simp.yield %s, %i : tensor<2xi64>, tensor<6xi64>
    }
    return %r#0, %r#1 : !simp.mp<tensor<2xi64>, [0]>, !simp.mp<tensor<6xi64>, [0]>
  }

  func.func @extract_past_end() -> !simp.mp<tensor<4xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %t = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
      %s = tensor.extract_slice %t[4] [4] [1] : tensor<6xi64> to tensor<4xi64>
      simp.yield %s : tensor<4xi64>
    }
    return %r : !simp.mp<tensor<4xi64>, [0]>
  }

  func.func @insert_past_end() -> !simp.mp<tensor<2x3xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<2x3xi64>, [0]> {
      %t = arith.constant dense<0> : tensor<2x3xi64>
      %v = arith.constant dense<9> : tensor<1x2xi64>
      %i = tensor.insert_slice %v into %t[0, 1] [1, 2] [1, 2] : tensor<1x2xi64> into tensor<2x3xi64>
      simp.yield %i : tensor<2x3xi64>
    }
    return %r : !simp.mp<tensor<2x3xi64>, [0]>
  }

  func.func @huge_stride() -> !simp.mp<tensor<2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %t = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
      %s = tensor.extract_slice %t[0] [2] [9223372036854775807] : tensor<6xi64> to tensor<2xi64>
      simp.yield %s : tensor<2xi64>
    }
    return %r : !simp.mp<tensor<2xi64>, [0]>
  }
}
