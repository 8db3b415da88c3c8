// The ss ops under #ss.replicated, lowered and run by three parties with
// known answers, in the simulator and on local workers: P0 holds x, P1 y
// (edge values; products wrap mod 2^64), P2 the matrix b.
// RUN: mplang-run --sim 3 %s --entry arith | FileCheck %s --check-prefix=ARITH
// RUN: mplang-run --local 3 %s --entry arith | FileCheck %s --check-prefix=ARITH
// x + y - 2 x y revealed to P2; x + y, -x, x y, 3 x to P0 and P1; sum(x y)
// to all; x x (batched with x y: one protocol call) to P0 and P1:
// ARITH:      rank 0: <absent>, dense<[6, 7, 5, 2, 0, -2, -9223372036854775807, 9223372036854775806]> : tensor<8xi64>, dense<[-6, -7, 0, -1, 1, 1, -9223372036854775808, -9223372036854775807]> : tensor<8xi64>, dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, -9223372036854775807]> : tensor<8xi64>, dense<[18, 21, 0, 3, -3, -3, -9223372036854775808, 9223372036854775805]> : tensor<8xi64>, dense<2> : tensor<i64>, dense<[36, 49, 0, 1, 1, 1, 0, 1]> : tensor<8xi64>
// ARITH-NEXT: rank 1: <absent>, dense<[6, 7, 5, 2, 0, -2, -9223372036854775807, 9223372036854775806]> : tensor<8xi64>, dense<[-6, -7, 0, -1, 1, 1, -9223372036854775808, -9223372036854775807]> : tensor<8xi64>, dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, -9223372036854775807]> : tensor<8xi64>, dense<[18, 21, 0, 3, -3, -3, -9223372036854775808, 9223372036854775805]> : tensor<8xi64>, dense<2> : tensor<i64>, dense<[36, 49, 0, 1, 1, 1, 0, 1]> : tensor<8xi64>
// ARITH-NEXT: rank 2: dense<[6, 7, 5, 0, 2, -4, -9223372036854775807, 9223372036854775804]> : tensor<8xi64>, <absent>, <absent>, <absent>, <absent>, dense<2> : tensor<i64>, <absent>
// RUN: mplang-run --sim 3 %s --entry matmul | FileCheck %s --check-prefix=MATMUL
// RUN: mplang-run --local 3 %s --entry matmul | FileCheck %s --check-prefix=MATMUL
// [[1, 2, 3], [-4, 5, 6]] (P0) times [[7, 8], [9, -10], [11, 12]] (P2),
// revealed to P1, then broadcast over a new first dimension and summed
// over it (twice the product), revealed to P0:
// MATMUL:      rank 0: <absent>, dense<{{\[}}[116, 48], [166, -20]]> : tensor<2x2xi64>
// MATMUL-NEXT: rank 1: dense<{{\[}}[58, 24], [83, -10]]> : tensor<2x2xi64>, <absent>
// MATMUL-NEXT: rank 2: <absent>, <absent>
// RUN: mplang-run --sim 3 %s --entry fixed | FileCheck %s --check-prefix=FIXED
// RUN: mplang-run --local 3 %s --entry fixed | FileCheck %s --check-prefix=FIXED
// Fixed point, 16 fraction bits: [1.5, -2.25, 0.5, 3] times [2.25, 1.5, -8,
// -0.125], truncated (exact here: each product of encodings is a multiple
// of 2^16), decoded on P0:
// FIXED: rank 0: dense<[3.375000e+00, -3.375000e+00, -4.000000e+00, -3.750000e-01]> : tensor<4xf64>
// RUN: mplang-run --sim 3 %s --entry compare | FileCheck %s --check-prefix=COMPARE
// RUN: mplang-run --local 3 %s --entry compare | FileCheck %s --check-prefix=COMPARE
// x < y, the maximum (select of the comparison), the sign bits of x and
// x == y, for x = [5, -3, 0, 7, -2^62, 2^62 - 1, 100, -100] on P0 and
// y = [3, -3, 1, -7, 2^62 - 1, -2^62, 100, 99] on P1, revealed to P2:
// COMPARE: rank 2: dense<[0, 0, 1, 0, 1, 0, 0, 1]> : tensor<8xi64>, dense<[5, -3, 1, 7, 4611686018427387903, 4611686018427387903, 100, 99]> : tensor<8xi64>, dense<[0, 1, 0, 0, 1, 0, 0, 1]> : tensor<8xi64>, dense<[0, 1, 0, 0, 0, 0, 1, 0]> : tensor<8xi64>

!v = tensor<8xi64>
!s = !ss.share<tensor<8xi64>, [0, 1, 2], #ss.replicated>
!t = !ss.share<tensor<i64>, [0, 1, 2], #ss.replicated>

module attributes {simp.world_size = 3 : i64} {
  func.func @arith() -> (!simp.mp<!v, [2]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>,
                         !simp.mp<!v, [0, 1]>, !simp.mp<tensor<i64>, [0, 1, 2]>, !simp.mp<!v, [0, 1]>) {
    %x = simp.pcall [0] () : () -> !simp.mp<!v, [0]> {
      %c = arith.constant dense<[6, 7, 0, 1, -1, -1, -9223372036854775808, 9223372036854775807]> : !v
      simp.yield %c : !v
    }
    %y = simp.pcall [1] () : () -> !simp.mp<!v, [1]> {
      %c = arith.constant dense<[0, 0, 5, 1, 1, -1, 1, -1]> : !v
      simp.yield %c : !v
    }
    %three = simp.pcall [0, 1, 2] () : () -> !simp.mp<!v, [0, 1, 2]> {
      %c = arith.constant dense<3> : !v
      simp.yield %c : !v
    }
    %a = ss.share %x : !simp.mp<!v, [0]> -> !s
    %b = ss.share %y : !simp.mp<!v, [1]> -> !s
    %sum = ss.add %a, %b : !s
    %diff = ss.sub %a, %b : !s
    %neg = ss.neg %a : !s
    %prod = ss.mul %a, %b : !s
    %sq = ss.mul %a, %a : !s
    %scaled = ss.mul_public %a, %three : !s, !simp.mp<!v, [0, 1, 2]>
    %total = ss.sum %prod [0] : !s -> !t
    %p2 = ss.add %prod, %prod : !s
    %u = ss.sub %sum, %p2 : !s
    %r0 = ss.reveal %u : !s -> !simp.mp<!v, [2]>
    %r1 = ss.reveal %sum : !s -> !simp.mp<!v, [0, 1]>
    %r2 = ss.reveal %neg : !s -> !simp.mp<!v, [0, 1]>
    %r3 = ss.reveal %prod : !s -> !simp.mp<!v, [0, 1]>
    %r4 = ss.reveal %scaled : !s -> !simp.mp<!v, [0, 1]>
    %r5 = ss.reveal %total : !t -> !simp.mp<tensor<i64>, [0, 1, 2]>
    %r6 = ss.reveal %sq : !s -> !simp.mp<!v, [0, 1]>
    return %r0, %r1, %r2, %r3, %r4, %r5, %r6
        : !simp.mp<!v, [2]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>,
          !simp.mp<!v, [0, 1]>, !simp.mp<tensor<i64>, [0, 1, 2]>, !simp.mp<!v, [0, 1]>
  }

  func.func @matmul() -> (!simp.mp<tensor<2x2xi64>, [1]>, !simp.mp<tensor<2x2xi64>, [0]>) {
    %x = simp.pcall [0] () : () -> !simp.mp<tensor<2x3xi64>, [0]> {
      %c = arith.constant dense<[[1, 2, 3], [-4, 5, 6]]> : tensor<2x3xi64>
      simp.yield %c : tensor<2x3xi64>
    }
    %y = simp.pcall [2] () : () -> !simp.mp<tensor<3x2xi64>, [2]> {
      %c = arith.constant dense<[[7, 8], [9, -10], [11, 12]]> : tensor<3x2xi64>
      simp.yield %c : tensor<3x2xi64>
    }
    %a = ss.share %x : !simp.mp<tensor<2x3xi64>, [0]> -> !ss.share<tensor<2x3xi64>, [0, 1, 2], #ss.replicated>
    %b = ss.share %y : !simp.mp<tensor<3x2xi64>, [2]> -> !ss.share<tensor<3x2xi64>, [0, 1, 2], #ss.replicated>
    %p = ss.matmul %a, %b : !ss.share<tensor<2x3xi64>, [0, 1, 2], #ss.replicated>,
        !ss.share<tensor<3x2xi64>, [0, 1, 2], #ss.replicated> -> !ss.share<tensor<2x2xi64>, [0, 1, 2], #ss.replicated>
    %r = ss.reveal %p : !ss.share<tensor<2x2xi64>, [0, 1, 2], #ss.replicated> -> !simp.mp<tensor<2x2xi64>, [1]>
    %w = ss.broadcast %p [0] : !ss.share<tensor<2x2xi64>, [0, 1, 2], #ss.replicated>
        -> !ss.share<tensor<2x2x2xi64>, [0, 1, 2], #ss.replicated>
    %d = ss.sum %w [0] : !ss.share<tensor<2x2x2xi64>, [0, 1, 2], #ss.replicated>
        -> !ss.share<tensor<2x2xi64>, [0, 1, 2], #ss.replicated>
    %q = ss.reveal %d : !ss.share<tensor<2x2xi64>, [0, 1, 2], #ss.replicated> -> !simp.mp<tensor<2x2xi64>, [0]>
    return %r, %q : !simp.mp<tensor<2x2xi64>, [1]>, !simp.mp<tensor<2x2xi64>, [0]>
  }

  func.func @fixed() -> !simp.mp<tensor<4xf64>, [0]> {
    %x = simp.pcall [0] () : () -> !simp.mp<tensor<4xf64>, [0]> {
      %c = arith.constant dense<[1.5, -2.25, 0.5, 3.0]> : tensor<4xf64>
      simp.yield %c : tensor<4xf64>
    }
    %y = simp.pcall [1] () : () -> !simp.mp<tensor<4xf64>, [1]> {
      %c = arith.constant dense<[2.25, 1.5, -8.0, -0.125]> : tensor<4xf64>
      simp.yield %c : tensor<4xf64>
    }
    %xe = ss.encode %x {fraction_bits = 16} : !simp.mp<tensor<4xf64>, [0]> -> !simp.mp<tensor<4xi64>, [0]>
    %ye = ss.encode %y {fraction_bits = 16} : !simp.mp<tensor<4xf64>, [1]> -> !simp.mp<tensor<4xi64>, [1]>
    %a = ss.share %xe : !simp.mp<tensor<4xi64>, [0]> -> !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
    %b = ss.share %ye : !simp.mp<tensor<4xi64>, [1]> -> !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
    %p = ss.mul %a, %b : !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
    %t = ss.trunc %p {bits = 16} : !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated>
    %r = ss.reveal %t : !ss.share<tensor<4xi64>, [0, 1, 2], #ss.replicated> -> !simp.mp<tensor<4xi64>, [0]>
    %d = ss.decode %r {fraction_bits = 16} : !simp.mp<tensor<4xi64>, [0]> -> !simp.mp<tensor<4xf64>, [0]>
    return %d : !simp.mp<tensor<4xf64>, [0]>
  }

  func.func @compare() -> (!simp.mp<!v, [2]>, !simp.mp<!v, [2]>, !simp.mp<!v, [2]>, !simp.mp<!v, [2]>) {
    %x = simp.pcall [0] () : () -> !simp.mp<!v, [0]> {
      %c = arith.constant dense<[5, -3, 0, 7, -4611686018427387904, 4611686018427387903, 100, -100]> : !v
      simp.yield %c : !v
    }
    %y = simp.pcall [1] () : () -> !simp.mp<!v, [1]> {
      %c = arith.constant dense<[3, -3, 1, -7, 4611686018427387903, -4611686018427387904, 100, 99]> : !v
      simp.yield %c : !v
    }
    %a = ss.share %x : !simp.mp<!v, [0]> -> !s
    %b = ss.share %y : !simp.mp<!v, [1]> -> !s
    %lt = ss.lt %a, %b : !s
    %max = ss.select %lt, %b, %a : !s
    %sign = ss.msb %a : !s
    %eq = ss.eq %a, %b : !s
    %r0 = ss.reveal %lt : !s -> !simp.mp<!v, [2]>
    %r1 = ss.reveal %max : !s -> !simp.mp<!v, [2]>
    %r2 = ss.reveal %sign : !s -> !simp.mp<!v, [2]>
    %r3 = ss.reveal %eq : !s -> !simp.mp<!v, [2]>
    return %r0, %r1, %r2, %r3 : !simp.mp<!v, [2]>, !simp.mp<!v, [2]>, !simp.mp<!v, [2]>, !simp.mp<!v, [2]>
  }
}
