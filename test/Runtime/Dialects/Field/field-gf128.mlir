// GF(2^128) ops inside pcall, with exact results. Elements come on the
// command line as their [lo, hi] words (tensor<...x2xi64>) and print as
// 128-bit hex words, hi then lo (0x...).

// Upstream mplang's GF(2^128) known answers: P0 holds a, P1 holds b and sends
// it to P0, which multiplies. Rows: [1,2]*[3,4] = [1083,2]; x^127*x = 0x87;
// x^127*x^127; 5*7; 1*v = v; two dense values; all-ones squared.
// RUN: mplang-run --sim 2 %s \
// RUN:   --arg 0:0='dense<[[0x1, 0x2], [0x0, 0x8000000000000000], [0x0, 0x8000000000000000], [0x5, 0x0], [0x1, 0x0], [0xaaaaaaaaaaaaaaaa, 0x5555555555555555], [0xffffffffffffffff, 0xffffffffffffffff]]> : tensor<7x2xi64>' \
// RUN:   --arg 1:1='dense<[[0x3, 0x4], [0x2, 0x0], [0x0, 0x8000000000000000], [0x7, 0x0], [0xdeadbeef, 0xcafebabe], [0x123456789abcdef0, 0xfedcba9876543210], [0xffffffffffffffff, 0xffffffffffffffff]]> : tensor<7x2xi64>' \
// RUN:   | FileCheck %s --check-prefix=MUL
// MUL:      rank 0: dense<{{\[}}[1083, 2], [135, 0], [4199, 13835058055282163712], [27, 0], [3735928559, 3405691582], [11002249449709979631, 5106179563432956009], [6148914691236511791, 6148914691236517205]]> : tensor<7x2xui64>
// MUL-SAME:       , dense<[0x0000000000000002000000000000043b, 0x00000000000000000000000000000087]> : tensor<2x!field.gf128>
// MUL-NEXT: rank 1: <absent>, <absent>

// Addition, and sums along the first, last and a middle axis.
// RUN: mplang-run --sim 2 %s --entry sums | FileCheck %s --check-prefix=SUM
// SUM:      rank 0: dense<[0x00000000000000000000000000000009, 0x00000000000000000000000000000012, 0x00000000000000000000000000000024]> : tensor<3x!field.gf128>
// SUM-SAME:       , dense<[0x00000000000000000000000000000007, 0x00000000000000000000000000000038]> : tensor<2x!field.gf128>
// SUM-SAME:       , dense<{{\[\[}}0x00000000000000000000000000000005, 0x0000000000000000000000000000000a], [0x00000000000000000000000000000050, 0x000000000000000000000000000000a0]]> : tensor<2x2x!field.gf128>
// SUM-SAME:       , dense<[0x00000000000000000000000000000001, 0x00000000000000000000000000000002, 0x00000000000000000000000000000004]> : tensor<3x!field.gf128>

// field.random: fresh per draw (two draws differ in every word), r + r = 0,
// and i1 draws hold 0 or 1 (eight equal bits, 1 run in 128, print as a splat).
// RUN: mplang-run --sim 2 %s --entry random | FileCheck %s --check-prefix=RANDOM
// RANDOM: rank 0: dense<True> : tensor<3x2xi1>, dense<0> : tensor<3x2xi64>, dense<{{True|False|\[(True|False)(, (True|False)){7}\]}}> : tensor<8xi1>

// field.scale: [3, 4] times [1, 2], x and 5 gives [1083, 2], [6, 8] and
// [15, 20]; in place (the only reader of a fresh product) and not (the
// constant's reader). Then those plus [1, 2], x and 5, [1082, 0], [4, 8]
// and [10, 20], with field.add writing into its first operand and into its
// second (each the only reader of a fresh product).
// RUN: mplang-run --sim 2 %s --entry scale | FileCheck %s --check-prefix=SCALE
// SCALE: rank 0: dense<{{\[}}[1083, 2], [6, 8], [15, 20]]> : tensor<3x2xi64>, dense<{{\[}}[1083, 2], [6, 8], [15, 20]]> : tensor<3x2xi64>
// SCALE-SAME: , dense<{{\[}}[1082, 0], [4, 8], [10, 20]]> : tensor<3x2xi64>, dense<{{\[}}[1082, 0], [4, 8], [10, 20]]> : tensor<3x2xi64>

!a = !simp.mp<tensor<7x!field.gf128>, [0]>
!b = !simp.mp<tensor<7x!field.gf128>, [1]>
!words = !simp.mp<tensor<7x2xui64>, [0]>
!two = !simp.mp<tensor<2x!field.gf128>, [0]>
module attributes {simp.world_size = 2 : i64} {
  func.func @main(%a: !a, %b: !b) -> (!words, !two) {
    %b0 = simp.shuffle %b [0 <- 1] : !b -> !simp.mp<tensor<7x!field.gf128>, [0]>
    %w, %p2 = simp.pcall [0] (%a, %b0) : (!a, !a) -> (!words, !two) {
    ^bb0(%x: tensor<7x!field.gf128>, %y: tensor<7x!field.gf128>):
      %p = field.mul %x, %y : tensor<7x!field.gf128>
      %pw = field.to_words %p : tensor<7x!field.gf128> -> tensor<7x2xui64>
      // The first two products again, as gf128 values through the boundary.
      %front = tensor.extract_slice %p[0] [2] [1] : tensor<7x!field.gf128> to tensor<2x!field.gf128>
      simp.yield %pw, %front : tensor<7x2xui64>, tensor<2x!field.gf128>
    }
    return %w, %p2 : !words, !two
  }

  func.func @sums() -> (!simp.mp<tensor<3x!field.gf128>, [0]>, !simp.mp<tensor<2x!field.gf128>, [0]>,
                        !simp.mp<tensor<2x2x!field.gf128>, [0]>, !simp.mp<tensor<3x!field.gf128>, [0]>) {
    %0, %1, %2, %3 = simp.pcall [0] () : () -> (!simp.mp<tensor<3x!field.gf128>, [0]>, !simp.mp<tensor<2x!field.gf128>, [0]>,
                                                !simp.mp<tensor<2x2x!field.gf128>, [0]>, !simp.mp<tensor<3x!field.gf128>, [0]>) {
      %w = arith.constant dense<[[[1, 0], [2, 0], [4, 0]], [[8, 0], [16, 0], [32, 0]]]> : tensor<2x3x2xi64>
      %x = field.from_words %w : tensor<2x3x2xi64> -> tensor<2x3x!field.gf128>
      %cols = field.sum %x axis = 0 : tensor<2x3x!field.gf128> -> tensor<3x!field.gf128>
      %rows = field.sum %x axis = 1 : tensor<2x3x!field.gf128> -> tensor<2x!field.gf128>
      %w3 = arith.constant dense<[[[[1, 0], [2, 0]], [[4, 0], [8, 0]]], [[[16, 0], [32, 0]], [[64, 0], [128, 0]]]]> : tensor<2x2x2x2xi64>
      %x3 = field.from_words %w3 : tensor<2x2x2x2xi64> -> tensor<2x2x2x!field.gf128>
      %mid = field.sum %x3 axis = 1 : tensor<2x2x2x!field.gf128> -> tensor<2x2x!field.gf128>
      %wb = arith.constant dense<[[8, 0], [16, 0], [32, 0]]> : tensor<3x2xi64>
      %b = field.from_words %wb : tensor<3x2xi64> -> tensor<3x!field.gf128>
      %e = field.add %cols, %b : tensor<3x!field.gf128>
      simp.yield %cols, %rows, %mid, %e : tensor<3x!field.gf128>, tensor<2x!field.gf128>, tensor<2x2x!field.gf128>, tensor<3x!field.gf128>
    }
    return %0, %1, %2, %3 : !simp.mp<tensor<3x!field.gf128>, [0]>, !simp.mp<tensor<2x!field.gf128>, [0]>,
                            !simp.mp<tensor<2x2x!field.gf128>, [0]>, !simp.mp<tensor<3x!field.gf128>, [0]>
  }

  func.func @random() -> (!simp.mp<tensor<3x2xi1>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<8xi1>, [0]>) {
    %0, %1, %2 = simp.pcall [0] () : () -> (!simp.mp<tensor<3x2xi1>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<8xi1>, [0]>) {
      %r = field.random : tensor<3x!field.gf128>
      %s = field.random : tensor<3x!field.gf128>
      %diff = field.add %r, %s : tensor<3x!field.gf128>
      %dw = field.to_words %diff : tensor<3x!field.gf128> -> tensor<3x2xi64>
      %zero = arith.constant dense<0> : tensor<3x2xi64>
      %differ = arith.cmpi ne, %dw, %zero : tensor<3x2xi64>
      %twice = field.add %r, %r : tensor<3x!field.gf128>
      %tw = field.to_words %twice : tensor<3x!field.gf128> -> tensor<3x2xi64>
      %bits = field.random : tensor<8xi1>
      simp.yield %differ, %tw, %bits : tensor<3x2xi1>, tensor<3x2xi64>, tensor<8xi1>
    }
    return %0, %1, %2 : !simp.mp<tensor<3x2xi1>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<8xi1>, [0]>
  }

  func.func @scale() -> (!simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>,
                         !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>) {
    %0, %1, %2, %3 = simp.pcall [0] () : () -> (!simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>,
                                                !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>) {
      %w = arith.constant dense<[[1, 2], [2, 0], [5, 0]]> : tensor<3x2xi64>
      %x = field.from_words %w : tensor<3x2xi64> -> tensor<3x!field.gf128>
      %cw = arith.constant dense<[3, 4]> : tensor<2xi64>
      %c = field.from_words %cw : tensor<2xi64> -> tensor<!field.gf128>
      %y = field.scale %x, %c : tensor<3x!field.gf128>, tensor<!field.gf128>
      %ow = arith.constant dense<[1, 0]> : tensor<2xi64>
      %one = field.from_words %ow : tensor<2xi64> -> tensor<!field.gf128>
      %fresh = field.scale %x, %one : tensor<3x!field.gf128>, tensor<!field.gf128>
      %z = field.scale %fresh, %c : tensor<3x!field.gf128>, tensor<!field.gf128>
      %f2 = field.scale %x, %c : tensor<3x!field.gf128>, tensor<!field.gf128>
      %sum1 = field.add %f2, %x : tensor<3x!field.gf128>
      %f3 = field.scale %x, %c : tensor<3x!field.gf128>, tensor<!field.gf128>
      %sum2 = field.add %x, %f3 : tensor<3x!field.gf128>
      %yw = field.to_words %y : tensor<3x!field.gf128> -> tensor<3x2xi64>
      %zw = field.to_words %z : tensor<3x!field.gf128> -> tensor<3x2xi64>
      %s1 = field.to_words %sum1 : tensor<3x!field.gf128> -> tensor<3x2xi64>
      %s2 = field.to_words %sum2 : tensor<3x!field.gf128> -> tensor<3x2xi64>
      simp.yield %yw, %zw, %s1, %s2 : tensor<3x2xi64>, tensor<3x2xi64>, tensor<3x2xi64>, tensor<3x2xi64>
    }
    return %0, %1, %2, %3 : !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>,
                            !simp.mp<tensor<3x2xi64>, [0]>, !simp.mp<tensor<3x2xi64>, [0]>
  }
}
