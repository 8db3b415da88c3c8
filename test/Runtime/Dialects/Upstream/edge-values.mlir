// Edge values of every kind go through kernels without C++ undefined
// behaviour and with defined results: float-to-integer casts saturate (NaN
// gives 0), narrow products and integer matmuls wrap, and BFV encodes INT64_MIN and INT64_MAX
// (t = 1032193: INT64_MIN = 133128 and INT64_MAX = -133129 mod t, centred).

// RUN: mplang-run --sim 1 %s --entry casts | FileCheck %s --check-prefix=CASTS
// CASTS: rank 0: dense<[0, 9223372036854775807, -9223372036854775808, 2, -2]> : tensor<5xi64>, dense<[0, 0, -1, 3]> : tensor<4xi64>

// RUN: mplang-run --sim 1 %s --entry narrow | FileCheck %s --check-prefix=NARROW
// NARROW: rank 0: dense<[1, 0, 24464, 1]> : tensor<4xi16>, dense<[1, 0, 16, -128]> : tensor<4xi8>

// RUN: mplang-run --sim 1 %s --entry matmul_wraps | FileCheck %s --check-prefix=MATMUL
// MATMUL: rank 0: dense<{{\[}}[-2, 9223372036854775807]]> : tensor<1x2xi64>

// RUN: mplang-run --sim 1 %s --entry bfv_extremes | FileCheck %s --check-prefix=BFV
// BFV: rank 0: dense<[133128, -133129, 133129, -1]> : tensor<4xi64>

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>

module attributes {simp.world_size = 1 : i64} {
  func.func @casts() -> (!simp.mp<tensor<5xi64>, [0]>, !simp.mp<tensor<4xi64>, [0]>) {
    %r:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<5xi64>, [0]>, !simp.mp<tensor<4xi64>, [0]>) {
      %zero = arith.constant 0.0 : f64
      %nan = arith.divf %zero, %zero : f64
      %big = arith.constant 1.0e+300 : f64
      %small = arith.constant -1.0e+300 : f64
      %pos = arith.constant 2.5 : f64
      %neg = arith.constant -2.5 : f64
      %s = tensor.from_elements %nan, %big, %small, %pos, %neg : tensor<5xf64>
      %si = arith.fptosi %s : tensor<5xf64> to tensor<5xi64>
      %minus = arith.constant -5.0 : f64
      %frac = arith.constant 3.7 : f64
      %u = tensor.from_elements %nan, %minus, %big, %frac : tensor<4xf64>
      %ui = arith.fptoui %u : tensor<4xf64> to tensor<4xi64>
      simp.yield %si, %ui : tensor<5xi64>, tensor<4xi64>
    }
    return %r#0, %r#1 : !simp.mp<tensor<5xi64>, [0]>, !simp.mp<tensor<4xi64>, [0]>
  }

  func.func @narrow() -> (!simp.mp<tensor<4xi16>, [0]>, !simp.mp<tensor<4xi8>, [0]>) {
    %r:2 = simp.pcall [0] () : () -> (!simp.mp<tensor<4xi16>, [0]>, !simp.mp<tensor<4xi8>, [0]>) {
      %a = arith.constant dense<[32767, -32768, 300, -1]> : tensor<4xi16>
      %b = arith.constant dense<[32767, -32768, 300, -1]> : tensor<4xi16>
      %p = arith.muli %a, %b : tensor<4xi16>
      %c = arith.constant dense<[127, -128, 100, -128]> : tensor<4xi8>
      %d = arith.constant dense<[127, -128, 100, 1]> : tensor<4xi8>
      %q = arith.muli %c, %d : tensor<4xi8>
      simp.yield %p, %q : tensor<4xi16>, tensor<4xi8>
    }
    return %r#0, %r#1 : !simp.mp<tensor<4xi16>, [0]>, !simp.mp<tensor<4xi8>, [0]>
  }

  // INT64_MAX x 2 wraps to -2; (-1) x INT64_MIN + (-1) wraps to INT64_MAX.
  func.func @matmul_wraps() -> !simp.mp<tensor<1x2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<1x2xi64>, [0]> {
      %a = arith.constant dense<[[9223372036854775807, -1]]> : tensor<1x2xi64>
      %b = arith.constant dense<[[2, 0], [0, -9223372036854775808]]> : tensor<2x2xi64>
      %c = arith.constant dense<[[0, -1]]> : tensor<1x2xi64>
      %m = linalg.matmul ins(%a, %b : tensor<1x2xi64>, tensor<2x2xi64>) outs(%c : tensor<1x2xi64>) -> tensor<1x2xi64>
      simp.yield %m : tensor<1x2xi64>
    }
    return %r : !simp.mp<tensor<1x2xi64>, [0]>
  }

  func.func @bfv_extremes() -> !simp.mp<tensor<4xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<4xi64>, [0]> {
      %v = arith.constant dense<[-9223372036854775808, 9223372036854775807, -9223372036854775807, -1]> : tensor<4xi64>
      %enc = bfv.create_encoder : !bfv.encoder<#p>
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !bfv.encoder<#p> -> !bfv.plaintext<i64, #p>
      %back = bfv.decode %pt, %enc : !bfv.plaintext<i64, #p>, !bfv.encoder<#p> -> tensor<4xi64>
      simp.yield %back : tensor<4xi64>
    }
    return %r : !simp.mp<tensor<4xi64>, [0]>
  }
}
