// field.exconv_encode with exact results.

// Seed [0, 3] makes the positions' stream (stream 3, AES_K(seed ^ [q, 3]))
// field.aes_expand's stream of seed 0, whose words' top bits are 1, 1, 0, 0
// (AES_K(0) = [0x83A62F4BB03AEAA0, 0xBC3ECD119217F0F7], AES_K([1, 0]) =
// [0x1D0263DF8EA67848, 0x7996A41E96BB8D12]). With weight 1 over p = 2
// parity rows a position is its word's top bit: outputs 0 and 1 read x[1],
// outputs 2 and 3 x[0]. The noise [a, 0, 0, 0, 0, v] convolves to x = [0, v]
// whatever the coefficients (nothing precedes x[0], which is 0), so the
// result is [a + v, v, 0, 0].
// RUN: mplang-run --sim 1 %s --entry known | FileCheck %s --check-prefix=KNOWN
// KNOWN: rank 0: dense<{{\[}}[3, 9], [2, 8], [0, 0], [0, 0]]> : tensor<4x2xi64>

// 2^16 random elements in two columns encode as the columns one by one,
// and the code is linear: E(a) + E(b) = E(a + b). Counts the differing
// words of both checks (the band-24 code, vectorised where the CPU can).
// RUN: mplang-run --sim 1 %s --entry linear | FileCheck %s --check-prefix=LINEAR
// LINEAR: rank 0: dense<0> : tensor<i64>

// A vector encoded twice: its copy e + 0, which only the op reads, in
// place (the result a view of the copy), and as both columns of a matrix,
// into a new tensor; they agree.
// RUN: mplang-run --sim 1 %s --entry inplace | FileCheck %s --check-prefix=INPLACE
// INPLACE: rank 0: dense<0> : tensor<i64>

module attributes {simp.world_size = 1 : i64} {
  func.func @known() -> !simp.mp<tensor<4x2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<4x2xi64>, [0]> {
      %nw = arith.constant dense<[[1, 1], [0, 0], [0, 0], [0, 0], [0, 0], [2, 8]]> : tensor<6x2xi64>
      %n = field.from_words %nw : tensor<6x2xi64> -> tensor<6x!field.gf128>
      %sw = arith.constant dense<[0, 3]> : tensor<2xi64>
      %s = field.from_words %sw : tensor<2xi64> -> tensor<!field.gf128>
      %y = field.exconv_encode %n, %s m = 4 weight = 1 band = 1 : tensor<6x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
      %w = field.to_words %y : tensor<4x!field.gf128> -> tensor<4x2xi64>
      simp.yield %w : tensor<4x2xi64>
    }
    return %r : !simp.mp<tensor<4x2xi64>, [0]>
  }

  func.func @linear() -> !simp.mp<tensor<i64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<i64>, [0]> {
      %ab = field.random : tensor<65536x2x!field.gf128>
      %s = field.random : tensor<!field.gf128>
      %a = tensor.extract_slice %ab[0, 0] [65536, 1] [1, 1] : tensor<65536x2x!field.gf128> to tensor<65536x!field.gf128>
      %b = tensor.extract_slice %ab[0, 1] [65536, 1] [1, 1] : tensor<65536x2x!field.gf128> to tensor<65536x!field.gf128>
      %sum = field.add %a, %b : tensor<65536x!field.gf128>
      %eab = field.exconv_encode %ab, %s m = 30000 weight = 7 band = 24 : tensor<65536x2x!field.gf128>, tensor<!field.gf128> -> tensor<30000x2x!field.gf128>
      %ea = field.exconv_encode %a, %s m = 30000 weight = 7 band = 24 : tensor<65536x!field.gf128>, tensor<!field.gf128> -> tensor<30000x!field.gf128>
      %eb = field.exconv_encode %b, %s m = 30000 weight = 7 band = 24 : tensor<65536x!field.gf128>, tensor<!field.gf128> -> tensor<30000x!field.gf128>
      %esum = field.exconv_encode %sum, %s m = 30000 weight = 7 band = 24 : tensor<65536x!field.gf128>, tensor<!field.gf128> -> tensor<30000x!field.gf128>
      %ea2 = tensor.extract_slice %eab[0, 0] [30000, 1] [1, 1] : tensor<30000x2x!field.gf128> to tensor<30000x!field.gf128>
      %eb2 = tensor.extract_slice %eab[0, 1] [30000, 1] [1, 1] : tensor<30000x2x!field.gf128> to tensor<30000x!field.gf128>
      %both = field.add %ea, %eb : tensor<30000x!field.gf128>
      %x = tensor.concat dim(0) %ea, %eb, %both : (tensor<30000x!field.gf128>, tensor<30000x!field.gf128>, tensor<30000x!field.gf128>) -> tensor<90000x!field.gf128>
      %y = tensor.concat dim(0) %ea2, %eb2, %esum : (tensor<30000x!field.gf128>, tensor<30000x!field.gf128>, tensor<30000x!field.gf128>) -> tensor<90000x!field.gf128>
      %xw = field.to_words %x : tensor<90000x!field.gf128> -> tensor<90000x2xi64>
      %yw = field.to_words %y : tensor<90000x!field.gf128> -> tensor<90000x2xi64>
      %ne = arith.cmpi ne, %xw, %yw : tensor<90000x2xi64>
      %ones = arith.extui %ne : tensor<90000x2xi1> to tensor<90000x2xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %n = linalg.reduce ins(%ones : tensor<90000x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %o = arith.addi %in, %acc : i64
          linalg.yield %o : i64
        }
      simp.yield %n : tensor<i64>
    }
    return %r : !simp.mp<tensor<i64>, [0]>
  }

  func.func @inplace() -> !simp.mp<tensor<i64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<i64>, [0]> {
      %e = field.random : tensor<70000x!field.gf128>
      %s = field.random : tensor<!field.gf128>
      %zw = arith.constant dense<0> : tensor<70000x2xi64>
      %z = field.from_words %zw : tensor<70000x2xi64> -> tensor<70000x!field.gf128>
      %copy = field.add %e, %z : tensor<70000x!field.gf128>
      %y1 = field.exconv_encode %copy, %s m = 35000 weight = 7 band = 24 : tensor<70000x!field.gf128>, tensor<!field.gf128> -> tensor<35000x!field.gf128>
      %init = tensor.empty() : tensor<70000x2x!field.gf128>
      %ee = linalg.broadcast ins(%e : tensor<70000x!field.gf128>) outs(%init : tensor<70000x2x!field.gf128>) dimensions = [1]
      %yy = field.exconv_encode %ee, %s m = 35000 weight = 7 band = 24 : tensor<70000x2x!field.gf128>, tensor<!field.gf128> -> tensor<35000x2x!field.gf128>
      %y2 = tensor.extract_slice %yy[0, 1] [35000, 1] [1, 1] : tensor<35000x2x!field.gf128> to tensor<35000x!field.gf128>
      %w1 = field.to_words %y1 : tensor<35000x!field.gf128> -> tensor<35000x2xi64>
      %w2 = field.to_words %y2 : tensor<35000x!field.gf128> -> tensor<35000x2xi64>
      %ne = arith.cmpi ne, %w1, %w2 : tensor<35000x2xi64>
      %ones = arith.extui %ne : tensor<35000x2xi1> to tensor<35000x2xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %n = linalg.reduce ins(%ones : tensor<35000x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %o = arith.addi %in, %acc : i64
          linalg.yield %o : i64
        }
      simp.yield %n : tensor<i64>
    }
    return %r : !simp.mp<tensor<i64>, [0]>
  }
}
