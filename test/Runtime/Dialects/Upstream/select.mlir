// arith.select on every element size: 1 (i1, i8), 2, 4, 8 and 16 bytes
// (GF(2^128) elements), with a condition per element or one for all.
// The interpreter blends both operands by a mask; compiled code (lit-jit)
// must give the same values.

// RUN: mplang-run --sim 1 %s | FileCheck %s
// CHECK: rank 0: dense<[True, True, False]> : tensor<3xi1>, dense<[1, 20, 3]> : tensor<3xi8>, dense<[-1, 200, -3]> : tensor<3xi16>, dense<[7.000000e+00, -8.000000e+00, 9.000000e+00]> : tensor<3xf32>, dense<[-9223372036854775808, 2, 9223372036854775807]> : tensor<3xi64>, dense<{{\[}}[1, -1], [-2, 2], [3, -3]]> : tensor<3x2xi64>, dense<[40, 50, 60]> : tensor<3xi64>, 5 : i16

module attributes {simp.world_size = 1 : i64} {
  func.func @main() -> (!simp.mp<tensor<3xi1>, [0]>, !simp.mp<tensor<3xi8>, [0]>,
                        !simp.mp<tensor<3xi16>, [0]>, !simp.mp<tensor<3xf32>, [0]>,
                        !simp.mp<tensor<3xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>,
                        !simp.mp<tensor<3xi64>, [0]>, !simp.mp<i16, [0]>) {
    %r:8 = simp.pcall [0] ()
        : () -> (!simp.mp<tensor<3xi1>, [0]>, !simp.mp<tensor<3xi8>, [0]>,
                 !simp.mp<tensor<3xi16>, [0]>, !simp.mp<tensor<3xf32>, [0]>,
                 !simp.mp<tensor<3xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>,
                 !simp.mp<tensor<3xi64>, [0]>, !simp.mp<i16, [0]>) {
      %c = arith.constant dense<[true, false, true]> : tensor<3xi1>
      %b1 = arith.constant dense<[true, false, false]> : tensor<3xi1>
      %b2 = arith.constant dense<[false, true, true]> : tensor<3xi1>
      %s1 = arith.select %c, %b1, %b2 : tensor<3xi1>, tensor<3xi1>
      %x8 = arith.constant dense<[1, 2, 3]> : tensor<3xi8>
      %y8 = arith.constant dense<[10, 20, 30]> : tensor<3xi8>
      %s8 = arith.select %c, %x8, %y8 : tensor<3xi1>, tensor<3xi8>
      %x16 = arith.constant dense<[-1, -2, -3]> : tensor<3xi16>
      %y16 = arith.constant dense<[100, 200, 300]> : tensor<3xi16>
      %s16 = arith.select %c, %x16, %y16 : tensor<3xi1>, tensor<3xi16>
      %xf = arith.constant dense<[7.0, 8.0, 9.0]> : tensor<3xf32>
      %yf = arith.constant dense<[-7.0, -8.0, -9.0]> : tensor<3xf32>
      %sf = arith.select %c, %xf, %yf : tensor<3xi1>, tensor<3xf32>
      %x64 = arith.constant dense<[-9223372036854775808, 1, 9223372036854775807]> : tensor<3xi64>
      %y64 = arith.constant dense<[0, 2, 0]> : tensor<3xi64>
      %s64 = arith.select %c, %x64, %y64 : tensor<3xi1>, tensor<3xi64>
      // GF(2^128): 16-byte elements, each two 64-bit words.
      %xw = arith.constant dense<[[1, -1], [2, -2], [3, -3]]> : tensor<3x2xi64>
      %yw = arith.constant dense<[[-1, 1], [-2, 2], [-3, 3]]> : tensor<3x2xi64>
      %xg = field.from_words %xw : tensor<3x2xi64> -> tensor<3x!field.gf128>
      %yg = field.from_words %yw : tensor<3x2xi64> -> tensor<3x!field.gf128>
      %sg = arith.select %c, %xg, %yg : tensor<3xi1>, tensor<3x!field.gf128>
      %sw = field.to_words %sg : tensor<3x!field.gf128> -> tensor<3x2xi64>
      // One condition for a whole tensor, and on scalars.
      %no = arith.constant false
      %xt = arith.constant dense<[4, 5, 6]> : tensor<3xi64>
      %yt = arith.constant dense<[40, 50, 60]> : tensor<3xi64>
      %st = arith.select %no, %xt, %yt : tensor<3xi64>
      %yes = arith.constant true
      %xs = arith.constant 5 : i16
      %ys = arith.constant 6 : i16
      %ss = arith.select %yes, %xs, %ys : i16
      simp.yield %s1, %s8, %s16, %sf, %s64, %sw, %st, %ss
          : tensor<3xi1>, tensor<3xi8>, tensor<3xi16>, tensor<3xf32>, tensor<3xi64>,
            tensor<3x2xi64>, tensor<3xi64>, i16
    }
    return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7
        : !simp.mp<tensor<3xi1>, [0]>, !simp.mp<tensor<3xi8>, [0]>,
          !simp.mp<tensor<3xi16>, [0]>, !simp.mp<tensor<3xf32>, [0]>,
          !simp.mp<tensor<3xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>,
          !simp.mp<tensor<3xi64>, [0]>, !simp.mp<i16, [0]>
  }
}
