// field.scatter_add and field.prefix_sum inside pcall, with exact results,
// on a large vector (a heavy kernel), and the run-time index error.

// dest [1, 2, 4, 8] (low words), indices [3, 0, 3]: element 3 gets values 0
// and 2, element 0 value 1; the scan then runs over the result.
// RUN: mplang-run --sim 2 %s | FileCheck %s --check-prefix=SMALL
// SMALL: rank 0: dense<{{\[}}[33, 2], [2, 0], [4, 0], [88, 5]]> : tensor<4x2xi64>,
// SMALL-SAME: dense<{{\[}}[33, 2], [35, 2], [39, 2], [127, 7]]> : tensor<4x2xi64>
// SMALL-NEXT: rank 1: <absent>

// 2^17 random elements (a heavy kernel): s = scan(x) exactly when
// s ^ x is s shifted by one place with 0 shifted in.
// RUN: mplang-run --sim 2 %s --entry large | FileCheck %s --check-prefix=LARGE
// LARGE: rank 0: dense<0> : tensor<1x2xi64>, dense<0> : tensor<131071x2xi64>

// An index outside the vector, positive or negative, fails the run.
// RUN: not mplang-run --sim 2 %s --entry outside --arg 0:0='dense<[0, 1, 9]> : tensor<3xi64>' 2>&1 | FileCheck %s --check-prefix=NINE
// NINE: field-scatter-scan.mlir:[[@LINE+44]]:12: error: rank 0 failed: field.scatter_add: index 9 at position 2 is outside [0, 4)
// RUN: not mplang-run --sim 2 %s --entry outside --arg 0:0='dense<[3, -1, 0]> : tensor<3xi64>' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: field-scatter-scan.mlir:[[@LINE+42]]:12: error: rank 0 failed: field.scatter_add: index -1 at position 1 is outside [0, 4)

!gf = !field.gf128
!w4 = !simp.mp<tensor<4x2xi64>, [0]>
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> (!w4, !w4) {
    %0, %1 = simp.pcall [0] () : () -> (!w4, !w4) {
      %dw = arith.constant dense<[[1, 0], [2, 0], [4, 0], [8, 0]]> : tensor<4x2xi64>
      %d = field.from_words %dw : tensor<4x2xi64> -> tensor<4x!gf>
      %i = arith.constant dense<[3, 0, 3]> : tensor<3xi64>
      %vw = arith.constant dense<[[16, 1], [32, 2], [64, 4]]> : tensor<3x2xi64>
      %v = field.from_words %vw : tensor<3x2xi64> -> tensor<3x!gf>
      %r = field.scatter_add %d, %i, %v : tensor<4x!gf>, tensor<3xi64>, tensor<3x!gf> -> tensor<4x!gf>
      %a = field.prefix_sum %r : tensor<4x!gf>
      %rw = field.to_words %r : tensor<4x!gf> -> tensor<4x2xi64>
      %aw = field.to_words %a : tensor<4x!gf> -> tensor<4x2xi64>
      simp.yield %rw, %aw : tensor<4x2xi64>, tensor<4x2xi64>
    }
    return %0, %1 : !w4, !w4
  }

  func.func @large() -> (!simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<131071x2xi64>, [0]>) {
    %0, %1 = simp.pcall [0] () : () -> (!simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<131071x2xi64>, [0]>) {
      %x = field.random : tensor<131072x!gf>
      %s = field.prefix_sum %x : tensor<131072x!gf>
      %d = field.add %s, %x : tensor<131072x!gf>
      %first = tensor.extract_slice %d[0] [1] [1] : tensor<131072x!gf> to tensor<1x!gf>
      %tail = tensor.extract_slice %d[1] [131071] [1] : tensor<131072x!gf> to tensor<131071x!gf>
      %head = tensor.extract_slice %s[0] [131071] [1] : tensor<131072x!gf> to tensor<131071x!gf>
      %z = field.add %tail, %head : tensor<131071x!gf>
      %fw = field.to_words %first : tensor<1x!gf> -> tensor<1x2xi64>
      %zw = field.to_words %z : tensor<131071x!gf> -> tensor<131071x2xi64>
      simp.yield %fw, %zw : tensor<1x2xi64>, tensor<131071x2xi64>
    }
    return %0, %1 : !simp.mp<tensor<1x2xi64>, [0]>, !simp.mp<tensor<131071x2xi64>, [0]>
  }

  func.func @outside(%idx: !simp.mp<tensor<3xi64>, [0]>) -> !simp.mp<tensor<4x!gf>, [0]> {
    %0 = simp.pcall [0] (%idx) : (!simp.mp<tensor<3xi64>, [0]>) -> !simp.mp<tensor<4x!gf>, [0]> {
    ^bb0(%i: tensor<3xi64>):
      %d = field.random : tensor<4x!gf>
      %v = field.random : tensor<3x!gf>
      %r = field.scatter_add %d, %i, %v : tensor<4x!gf>, tensor<3xi64>, tensor<3x!gf> -> tensor<4x!gf>
      simp.yield %r : tensor<4x!gf>
    }
    return %0 : !simp.mp<tensor<4x!gf>, [0]>
  }
}
