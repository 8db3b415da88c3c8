// Local computation inside party calls: linalg, tensor and scf ops with
// exact results (each function is one entry, run on the single party).

// RUN: mplang-run --sim 1 %s --entry linalg_ops | FileCheck %s --check-prefix=LINALG
// RUN: mplang-run --sim 1 %s --entry tensor_ops | FileCheck %s --check-prefix=TENSOR
// TENSOR: rank 0: dense<[5, 9, 7]> : tensor<3xi64>, 9 : i64, dense<{{\[}}[2, 3], [5, 6]]> : tensor<2x2xi64>, dense<[1, 2, 3, 5, 9, 7]> : tensor<6xi64>, dense<{{\[}}[1, 0], [0, 4]]> : tensor<2x2xi64>, 3 : index

// RUN: mplang-run --sim 1 %s --entry control_and_arith | FileCheck %s --check-prefix=SCF
// SCF: rank 0: 55 : i64, 64 : i64, -2 : i64, 2.500000e+00 : f64, 7 : i8, dense<[3, -1]> : tensor<2xi32>, dense<[True, False]> : tensor<2xi1>

// LINALG: rank 0: dense<[11, 22, 33, 44, 55, 66]> : tensor<6xi32>, dense<[6, 15]> : tensor<2xi32>, dense<7> : tensor<2x3xi32>, dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>, dense<{{\[}}[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>, dense<{{\[}}[14, 32], [32, 77]]> : tensor<2x2xi32>

module attributes {simp.world_size = 1 : i64} {
  func.func @linalg_ops() -> (!simp.mp<tensor<6xi32>, [0]>, !simp.mp<tensor<2xi32>, [0]>,
                               !simp.mp<tensor<2x3xi32>, [0]>, !simp.mp<tensor<3x2xi32>, [0]>,
                               !simp.mp<tensor<2x3xi32>, [0]>, !simp.mp<tensor<2x2xi32>, [0]>) {
    %r:6 = simp.pcall [0] () : () -> (!simp.mp<tensor<6xi32>, [0]>, !simp.mp<tensor<2xi32>, [0]>,
                                      !simp.mp<tensor<2x3xi32>, [0]>, !simp.mp<tensor<3x2xi32>, [0]>,
                                      !simp.mp<tensor<2x3xi32>, [0]>, !simp.mp<tensor<2x2xi32>, [0]>) {
      %flat = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
      %ten = arith.constant 10 : i32
      %init = tensor.empty() : tensor<6xi32>
      // x * 10 + x, with a scalar constant from outside the body.
      %mapped = linalg.map ins(%flat : tensor<6xi32>) outs(%init : tensor<6xi32>)
        (%x: i32) {
          %t = arith.muli %x, %ten : i32
          %s = arith.addi %t, %x : i32
          linalg.yield %s : i32
        }
      %m = tensor.expand_shape %flat [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
      %zero = arith.constant dense<0> : tensor<2xi32>
      %sums = linalg.reduce ins(%m : tensor<2x3xi32>) outs(%zero : tensor<2xi32>) dimensions = [1]
        (%x: i32, %acc: i32) {
          %s = arith.addi %x, %acc : i32
          linalg.yield %s : i32
        }
      %seven = arith.constant 7 : i32
      %e23 = tensor.empty() : tensor<2x3xi32>
      %filled = linalg.fill ins(%seven : i32) outs(%e23 : tensor<2x3xi32>) -> tensor<2x3xi32>
      %e32 = tensor.empty() : tensor<3x2xi32>
      %transposed = linalg.transpose ins(%m : tensor<2x3xi32>) outs(%e32 : tensor<3x2xi32>) permutation = [1, 0]
      %row = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
      %broadcast = linalg.broadcast ins(%row : tensor<3xi32>) outs(%e23 : tensor<2x3xi32>) dimensions = [0]
      %c22 = arith.constant dense<0> : tensor<2x2xi32>
      %product = linalg.matmul ins(%m, %transposed : tensor<2x3xi32>, tensor<3x2xi32>) outs(%c22 : tensor<2x2xi32>) -> tensor<2x2xi32>
      simp.yield %mapped, %sums, %filled, %transposed, %broadcast, %product
          : tensor<6xi32>, tensor<2xi32>, tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3xi32>, tensor<2x2xi32>
    }
    return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5
        : !simp.mp<tensor<6xi32>, [0]>, !simp.mp<tensor<2xi32>, [0]>,
          !simp.mp<tensor<2x3xi32>, [0]>, !simp.mp<tensor<3x2xi32>, [0]>,
          !simp.mp<tensor<2x3xi32>, [0]>, !simp.mp<tensor<2x2xi32>, [0]>
  }

  func.func @tensor_ops() -> (!simp.mp<tensor<3xi64>, [0]>, !simp.mp<i64, [0]>,
                              !simp.mp<tensor<2x2xi64>, [0]>, !simp.mp<tensor<6xi64>, [0]>,
                              !simp.mp<tensor<2x2xi64>, [0]>, !simp.mp<index, [0]>) {
    %r:6 = simp.pcall [0] () : () -> (!simp.mp<tensor<3xi64>, [0]>, !simp.mp<i64, [0]>,
                                      !simp.mp<tensor<2x2xi64>, [0]>, !simp.mp<tensor<6xi64>, [0]>,
                                      !simp.mp<tensor<2x2xi64>, [0]>, !simp.mp<index, [0]>) {
      %c5 = arith.constant 5 : i64
      %c7 = arith.constant 7 : i64
      %c9 = arith.constant 9 : i64
      %i1 = arith.constant 1 : index
      %v = tensor.from_elements %c5, %c7, %c7 : tensor<3xi64>
      %w = tensor.insert %c9 into %v[%i1] : tensor<3xi64>
      %x = tensor.extract %w[%i1] : tensor<3xi64>
      %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
      %slice = tensor.extract_slice %m[0, 1] [2, 2] [1, 1] : tensor<2x3xi64> to tensor<2x2xi64>
      %row = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
      %cat = tensor.concat dim(0) %row, %w : (tensor<3xi64>, tensor<3xi64>) -> tensor<6xi64>
      %zeros = arith.constant dense<0> : tensor<2x2xi64>
      %one = arith.constant dense<1> : tensor<1x1xi64>
      %four = arith.constant dense<4> : tensor<1x1xi64>
      %d1 = tensor.insert_slice %one into %zeros[0, 0] [1, 1] [1, 1] : tensor<1x1xi64> into tensor<2x2xi64>
      %d2 = tensor.insert_slice %four into %d1[1, 1] [1, 1] [1, 1] : tensor<1x1xi64> into tensor<2x2xi64>
      %flat = tensor.collapse_shape %m [[0, 1]] : tensor<2x3xi64> into tensor<6xi64>
      %c0 = arith.constant 0 : index
      %n = tensor.dim %slice, %i1 : tensor<2x2xi64>
      %three = arith.addi %n, %i1 : index
      simp.yield %w, %x, %slice, %cat, %d2, %three
          : tensor<3xi64>, i64, tensor<2x2xi64>, tensor<6xi64>, tensor<2x2xi64>, index
    }
    return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5
        : !simp.mp<tensor<3xi64>, [0]>, !simp.mp<i64, [0]>,
          !simp.mp<tensor<2x2xi64>, [0]>, !simp.mp<tensor<6xi64>, [0]>,
          !simp.mp<tensor<2x2xi64>, [0]>, !simp.mp<index, [0]>
  }

  func.func @control_and_arith() -> (!simp.mp<i64, [0]>, !simp.mp<i64, [0]>, !simp.mp<i64, [0]>,
                                     !simp.mp<f64, [0]>, !simp.mp<i8, [0]>,
                                     !simp.mp<tensor<2xi32>, [0]>, !simp.mp<tensor<2xi1>, [0]>) {
    %r:7 = simp.pcall [0] () : () -> (!simp.mp<i64, [0]>, !simp.mp<i64, [0]>, !simp.mp<i64, [0]>,
                                      !simp.mp<f64, [0]>, !simp.mp<i8, [0]>,
                                      !simp.mp<tensor<2xi32>, [0]>, !simp.mp<tensor<2xi1>, [0]>) {
      // scf.for: 1 + 2 + ... + 10.
      %lb = arith.constant 1 : index
      %ub = arith.constant 11 : index
      %step = arith.constant 1 : index
      %zero = arith.constant 0 : i64
      %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (i64) {
        %iv = arith.index_cast %i : index to i64
        %next = arith.addi %acc, %iv : i64
        scf.yield %next : i64
      }
      // scf.while: double 1 until it reaches 64.
      %one = arith.constant 1 : i64
      %limit = arith.constant 64 : i64
      %pow = scf.while (%p = %one) : (i64) -> i64 {
        %lt = arith.cmpi slt, %p, %limit : i64
        scf.condition(%lt) %p : i64
      } do {
      ^bb0(%p: i64):
        %d = arith.shli %p, %one : i64
        scf.yield %d : i64
      }
      // scf.if and signed division rounding toward zero: -7 / 3 = -2.
      %m7 = arith.constant -7 : i64
      %c3 = arith.constant 3 : i64
      %neg = arith.cmpi slt, %m7, %zero : i64
      %q = scf.if %neg -> i64 {
        %d = arith.divsi %m7, %c3 : i64
        scf.yield %d : i64
      } else {
        scf.yield %zero : i64
      }
      // Floats and casts: 5 / 2.0 = 2.5; 263 truncated to i8 = 7.
      %five = arith.constant 5 : i64
      %f5 = arith.sitofp %five : i64 to f64
      %two = arith.constant 2.0 : f64
      %half = arith.divf %f5, %two : f64
      %big = arith.constant 263 : i64
      %small = arith.trunci %big : i64 to i8
      // Tensors: max/min, select, comparisons.
      %a = arith.constant dense<[3, -4]> : tensor<2xi32>
      %b = arith.constant dense<[-1, -1]> : tensor<2xi32>
      %mx = arith.maxsi %a, %b : tensor<2xi32>
      %gt = arith.cmpi sgt, %a, %b : tensor<2xi32>
      %sel = arith.select %gt, %mx, %b : tensor<2xi1>, tensor<2xi32>
      simp.yield %sum, %pow, %q, %half, %small, %sel, %gt : i64, i64, i64, f64, i8, tensor<2xi32>, tensor<2xi1>
    }
    return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6
        : !simp.mp<i64, [0]>, !simp.mp<i64, [0]>, !simp.mp<i64, [0]>,
          !simp.mp<f64, [0]>, !simp.mp<i8, [0]>,
          !simp.mp<tensor<2xi32>, [0]>, !simp.mp<tensor<2xi1>, [0]>
  }
}
