// field.ea_encode with exact results, and field.to_words to 16-bit words.

// Seed 0's position stream starts with the words of AES_K(0) =
// [0x83A62F4BB03AEAA0, 0xBC3ECD119217F0F7] and AES_K([1, 0]) =
// [0x1D0263DF8EA67848, 0x7996A41E96BB8D12] (field.aes_expand's goldens):
// over n = 2 a position is the word's top bit, so with weight 1 the outputs
// read positions 1, 1, 0, 0 of the accumulated noise, which for the noise
// [0, v] is [0, v].
// RUN: mplang-run --sim 1 %s --entry known | FileCheck %s --check-prefix=KNOWN
// KNOWN: rank 0: dense<{{\[}}[5, 6], [5, 6], [0, 0], [0, 0]]> : tensor<4x2xi64>

// Noise v at position 0 accumulates to v everywhere: every output of odd
// weight is v, whatever the positions; the second column (0 noise) stays 0.
// RUN: mplang-run --sim 1 %s --entry first | FileCheck %s --check-prefix=FIRST
// FIRST: rank 0: dense<{{\[}}{{\[}}[7, 9], [0, 0]], {{\[}}[7, 9], [0, 0]], {{\[}}[7, 9], [0, 0]]]> : tensor<3x2x2xi64>

// An element's 16-bit words, least significant first.
// RUN: mplang-run --sim 1 %s --entry halves | FileCheck %s --check-prefix=HALVES
// HALVES: rank 0: dense<{{\[\[}}4, 3, 2, 1, 8, 7, 6, 5]]> : tensor<1x8xi16>

module attributes {simp.world_size = 1 : i64} {
  func.func @known() -> !simp.mp<tensor<4x2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<4x2xi64>, [0]> {
      %nw = arith.constant dense<[[0, 0], [5, 6]]> : tensor<2x2xi64>
      %n = field.from_words %nw : tensor<2x2xi64> -> tensor<2x!field.gf128>
      %sw = arith.constant dense<0> : tensor<2xi64>
      %s = field.from_words %sw : tensor<2xi64> -> tensor<!field.gf128>
      %y = field.ea_encode %n, %s m = 4 weight = 1 : tensor<2x!field.gf128>, tensor<!field.gf128> -> tensor<4x!field.gf128>
      %w = field.to_words %y : tensor<4x!field.gf128> -> tensor<4x2xi64>
      simp.yield %w : tensor<4x2xi64>
    }
    return %r : !simp.mp<tensor<4x2xi64>, [0]>
  }

  func.func @first() -> !simp.mp<tensor<3x2x2xi64>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<3x2x2xi64>, [0]> {
      %zero = arith.constant dense<0> : tensor<1000x2x2xi64>
      %v = arith.constant dense<[[[7, 9], [0, 0]]]> : tensor<1x2x2xi64>
      %nw = tensor.insert_slice %v into %zero[0, 0, 0] [1, 2, 2] [1, 1, 1] : tensor<1x2x2xi64> into tensor<1000x2x2xi64>
      %n = field.from_words %nw : tensor<1000x2x2xi64> -> tensor<1000x2x!field.gf128>
      %s = field.random : tensor<!field.gf128>
      %y = field.ea_encode %n, %s m = 3 weight = 21 : tensor<1000x2x!field.gf128>, tensor<!field.gf128> -> tensor<3x2x!field.gf128>
      %w = field.to_words %y : tensor<3x2x!field.gf128> -> tensor<3x2x2xi64>
      simp.yield %w : tensor<3x2x2xi64>
    }
    return %r : !simp.mp<tensor<3x2x2xi64>, [0]>
  }

  func.func @halves() -> !simp.mp<tensor<1x8xi16>, [0]> {
    %r = simp.pcall [0] () : () -> !simp.mp<tensor<1x8xi16>, [0]> {
      %w = arith.constant dense<[[0x0001000200030004, 0x0005000600070008]]> : tensor<1x2xi64>
      %e = field.from_words %w : tensor<1x2xi64> -> tensor<1x!field.gf128>
      %h = field.to_words %e : tensor<1x!field.gf128> -> tensor<1x8xi16>
      simp.yield %h : tensor<1x8xi16>
    }
    return %r : !simp.mp<tensor<1x8xi16>, [0]>
  }
}
