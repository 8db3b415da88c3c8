// The three-party replicated sharing protocols of the library, called
// directly on hand-made shares: rank i holds (x_i, x_{i+1}) with
// x split as x_0 + x_1 + x_2, and keys from one setup. A product of two
// shared vectors (edge values), a reshare of an additive sharing, and from2
// of a + b all open to the exact value on every rank; `open` is rank i
// adding rank i - 1's first share to its pair. Two reshares of zero with
// one setup but distinct nonces mask differently (their difference is not
// zero), with the same nonce identically.
// RUN: mplang-run --sim 3 %s --entry mul16 | FileCheck %s --check-prefix=MUL
// RUN: mplang-run --local 3 %s --entry mul16 | FileCheck %s --check-prefix=MUL
// MUL:      rank 0: dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>
// MUL-NEXT: rank 1: dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>
// MUL-NEXT: rank 2: dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>
// RUN: mplang-run --sim 3 %s --entry reshare16 | FileCheck %s --check-prefix=RESHARE
// RESHARE:      rank 0: dense<[0, 7, 5, 2, 0, -2, -9223372036854775807, -9223372036854775806, 9223372036854775806, -2, 281474976776192, 196608, 1, 5, 13, 4611686018427387906]> : tensor<16xi64>
// RESHARE-NEXT: rank 1: dense<[0, 7, 5, 2, 0, -2, -9223372036854775807, -9223372036854775806, 9223372036854775806, -2, 281474976776192, 196608, 1, 5, 13, 4611686018427387906]> : tensor<16xi64>
// RESHARE-NEXT: rank 2: dense<[0, 7, 5, 2, 0, -2, -9223372036854775807, -9223372036854775806, 9223372036854775806, -2, 281474976776192, 196608, 1, 5, 13, 4611686018427387906]> : tensor<16xi64>
// RUN: mplang-run --sim 3 %s --entry from2_16 | FileCheck %s --check-prefix=RESHARE
// RUN: mplang-run --sim 3 %s --entry msb16 | FileCheck %s --check-prefix=MSB
// RUN: mplang-run --local 3 %s --entry msb16 | FileCheck %s --check-prefix=MSB
// The sign bits of [0, 7, 0, 1, -1, -1, -2^63, -2^63, 2^63 - 1, 2^63 - 1,
// 65536, 65536, 2, 3, 6, 2^62] (the a column; shares chosen to carry):
// MSB:      rank 0: dense<[0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xi64>
// MSB-NEXT: rank 1: dense<[0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xi64>
// MSB-NEXT: rank 2: dense<[0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xi64>
// RUN: mplang-run --sim 3 %s --entry eqz16 | FileCheck %s --check-prefix=EQZ
// RUN: mplang-run --local 3 %s --entry eqz16 | FileCheck %s --check-prefix=EQZ
// The zero tests of a - b for the a and b columns below (equal at 0, 3, 5
// and 9; a - b is 2^63 at 8, 1 at 13 and -1 at 14):
// EQZ:      rank 0: dense<[1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]> : tensor<16xi64>
// EQZ-NEXT: rank 1: dense<[1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]> : tensor<16xi64>
// EQZ-NEXT: rank 2: dense<[1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]> : tensor<16xi64>
// RUN: mplang-run --sim 3 %s --entry masks | FileCheck %s --check-prefix=NONCES
// NONCES:      rank 0: False, True
// NONCES-NEXT: rank 1: False, True
// NONCES-NEXT: rank 2: False, True

!v = tensor<16xi64>
!p = tensor<2x16xi64>
!keys = !simp.mp<tensor<2x!field.gf128>, [0, 1, 2]>
!nonce = !simp.mp<i64, [0, 1, 2]>

module attributes {simp.world_size = 3 : i64} {
  func.func private @mplang.ss.r3.setup() -> !keys
  func.func private @mplang.ss.r3.mul.n16(!simp.mp<!p, [0, 1, 2]>, !simp.mp<!p, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
  func.func private @mplang.ss.r3.reshare.n16(!simp.mp<!v, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
  func.func private @mplang.ss.r3.eqz.n16(!simp.mp<!p, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
  func.func private @mplang.ss.r3.msb.n16(!simp.mp<!p, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
  func.func private @mplang.ss.r3.from2.n16(!simp.mp<!v, [0]>, !simp.mp<!v, [1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>

  func.func private @nonces() -> (!nonce, !nonce) {
    %n0, %n1 = simp.pcall [0, 1, 2] () : () -> (!nonce, !nonce) {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      simp.yield %c0, %c1 : i64, i64
    }
    return %n0, %n1 : !nonce, !nonce
  }

  // a and b: the columns of the additive test (ss-additive.mlir), whose
  // products mod 2^64 are the MUL line and sums the RESHARE line.
  func.func private @a() -> !simp.mp<!v, [0, 1, 2]> {
    %a = simp.pcall [0, 1, 2] () : () -> !simp.mp<!v, [0, 1, 2]> {
      %c = arith.constant dense<[0, 7, 0, 1, -1, -1, -9223372036854775808, -9223372036854775808, 9223372036854775807, 9223372036854775807, 65536, 65536, 2, 3, 6, 4611686018427387904]> : !v
      simp.yield %c : !v
    }
    return %a : !simp.mp<!v, [0, 1, 2]>
  }
  func.func private @b() -> !simp.mp<!v, [0, 1, 2]> {
    %b = simp.pcall [0, 1, 2] () : () -> !simp.mp<!v, [0, 1, 2]> {
      %c = arith.constant dense<[0, 0, 5, 1, 1, -1, 1, 2, -1, 9223372036854775807, 281474976710656, 131072, -1, 2, 7, 2]> : !v
      simp.yield %c : !v
    }
    return %b : !simp.mp<!v, [0, 1, 2]>
  }

  // Replicated shares of the public x (every rank holds it): x_0 = x - 5 - 2^62,
  // x_1 = 5, x_2 = 2^62, rank i holding (x_i, x_{i+1}).
  func.func private @split(%x: !simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [0, 1, 2]> {
    %s0 = simp.pcall [0] (%x) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [0]> {
    ^bb0(%v: !v):
      %five = arith.constant dense<5> : !v
      %big = arith.constant dense<4611686018427387904> : !v
      %t = arith.subi %v, %five : !v
      %x0 = arith.subi %t, %big : !v
      %p = func.call @pair(%x0, %five) : (!v, !v) -> !p
      simp.yield %p : !p
    }
    %s1 = simp.pcall [1] () : () -> !simp.mp<!p, [1]> {
      %five = arith.constant dense<5> : !v
      %big = arith.constant dense<4611686018427387904> : !v
      %p = func.call @pair(%five, %big) : (!v, !v) -> !p
      simp.yield %p : !p
    }
    %s2 = simp.pcall [2] (%x) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [2]> {
    ^bb0(%v: !v):
      %five = arith.constant dense<5> : !v
      %big = arith.constant dense<4611686018427387904> : !v
      %t = arith.subi %v, %five : !v
      %x0 = arith.subi %t, %big : !v
      %p = func.call @pair(%big, %x0) : (!v, !v) -> !p
      simp.yield %p : !p
    }
    %s = simp.converge %s0, %s1, %s2 : !simp.mp<!p, [0]>, !simp.mp<!p, [1]>, !simp.mp<!p, [2]> -> !simp.mp<!p, [0, 1, 2]>
    return %s : !simp.mp<!p, [0, 1, 2]>
  }

  func.func private @pair(%f: !v, %s: !v) -> !p {
    %a = tensor.expand_shape %f [[0, 1]] output_shape [1, 16] : !v into tensor<1x16xi64>
    %b = tensor.expand_shape %s [[0, 1]] output_shape [1, 16] : !v into tensor<1x16xi64>
    %p = tensor.concat dim(0) %a, %b : (tensor<1x16xi64>, tensor<1x16xi64>) -> !p
    return %p : !p
  }

  // x on every rank: its pair and rank i - 1's first share.
  func.func private @open(%s: !simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]> {
    %first = simp.pcall [0, 1, 2] (%s) : (!simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]> {
    ^bb0(%v: !p):
      %f = tensor.extract_slice %v[0, 0] [1, 16] [1, 1] : !p to !v
      simp.yield %f : !v
    }
    %prev = simp.shuffle %first [0 <- 2, 1 <- 0, 2 <- 1] : !simp.mp<!v, [0, 1, 2]> -> !simp.mp<!v, [0, 1, 2]>
    %x = simp.pcall [0, 1, 2] (%s, %prev) : (!simp.mp<!p, [0, 1, 2]>, !simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]> {
    ^bb0(%v: !p, %w: !v):
      %f = tensor.extract_slice %v[0, 0] [1, 16] [1, 1] : !p to !v
      %g = tensor.extract_slice %v[1, 0] [1, 16] [1, 1] : !p to !v
      %t = arith.addi %f, %g : !v
      %r = arith.addi %t, %w : !v
      simp.yield %r : !v
    }
    return %x : !simp.mp<!v, [0, 1, 2]>
  }

  func.func @mul16() -> !simp.mp<!v, [0, 1, 2]> {
    %a = func.call @a() : () -> !simp.mp<!v, [0, 1, 2]>
    %b = func.call @b() : () -> !simp.mp<!v, [0, 1, 2]>
    %x = func.call @split(%a) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [0, 1, 2]>
    %y = func.call @split(%b) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [0, 1, 2]>
    %k = func.call @mplang.ss.r3.setup() : () -> !keys
    %n0, %n1 = func.call @nonces() : () -> (!nonce, !nonce)
    %z = func.call @mplang.ss.r3.mul.n16(%x, %y, %k, %n1) : (!simp.mp<!p, [0, 1, 2]>, !simp.mp<!p, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %r = func.call @open(%z) : (!simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]>
    return %r : !simp.mp<!v, [0, 1, 2]>
  }

  // a + b as an additive sharing: rank 0 holds a, rank 1 b, rank 2 zero.
  func.func @reshare16() -> !simp.mp<!v, [0, 1, 2]> {
    %a = func.call @a() : () -> !simp.mp<!v, [0, 1, 2]>
    %b = func.call @b() : () -> !simp.mp<!v, [0, 1, 2]>
    %z0 = simp.pcall [0] (%a) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!v, [0]> {
    ^bb0(%v: !v):
      simp.yield %v : !v
    }
    %z1 = simp.pcall [1] (%b) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!v, [1]> {
    ^bb0(%v: !v):
      simp.yield %v : !v
    }
    %z2 = simp.pcall [2] () : () -> !simp.mp<!v, [2]> {
      %zero = arith.constant dense<0> : !v
      simp.yield %zero : !v
    }
    %z = simp.converge %z0, %z1, %z2 : !simp.mp<!v, [0]>, !simp.mp<!v, [1]>, !simp.mp<!v, [2]> -> !simp.mp<!v, [0, 1, 2]>
    %k = func.call @mplang.ss.r3.setup() : () -> !keys
    %n0, %n1 = func.call @nonces() : () -> (!nonce, !nonce)
    %s = func.call @mplang.ss.r3.reshare.n16(%z, %k, %n0) : (!simp.mp<!v, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %r = func.call @open(%s) : (!simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]>
    return %r : !simp.mp<!v, [0, 1, 2]>
  }

  // a on rank 0, b on ranks 1 and 2.
  func.func @from2_16() -> !simp.mp<!v, [0, 1, 2]> {
    %a = func.call @a() : () -> !simp.mp<!v, [0, 1, 2]>
    %b = func.call @b() : () -> !simp.mp<!v, [0, 1, 2]>
    %a0 = simp.pcall [0] (%a) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!v, [0]> {
    ^bb0(%v: !v):
      simp.yield %v : !v
    }
    %b12 = simp.pcall [1, 2] (%b) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!v, [1, 2]> {
    ^bb0(%v: !v):
      simp.yield %v : !v
    }
    %k = func.call @mplang.ss.r3.setup() : () -> !keys
    %n0, %n1 = func.call @nonces() : () -> (!nonce, !nonce)
    %s = func.call @mplang.ss.r3.from2.n16(%a0, %b12, %k, %n1) : (!simp.mp<!v, [0]>, !simp.mp<!v, [1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %r = func.call @open(%s) : (!simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]>
    return %r : !simp.mp<!v, [0, 1, 2]>
  }

  // Each rank's pair of two reshares of zero: the same under the same nonce
  // (first result false: no element differs), different under another.
  func.func @masks() -> (!simp.mp<i1, [0, 1, 2]>, !simp.mp<i1, [0, 1, 2]>) {
    %z = simp.pcall [0, 1, 2] () : () -> !simp.mp<!v, [0, 1, 2]> {
      %c = arith.constant dense<0> : !v
      simp.yield %c : !v
    }
    %k = func.call @mplang.ss.r3.setup() : () -> !keys
    %n0, %n1 = func.call @nonces() : () -> (!nonce, !nonce)
    %a = func.call @mplang.ss.r3.reshare.n16(%z, %k, %n0) : (!simp.mp<!v, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %b = func.call @mplang.ss.r3.reshare.n16(%z, %k, %n0) : (!simp.mp<!v, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %c = func.call @mplang.ss.r3.reshare.n16(%z, %k, %n1) : (!simp.mp<!v, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %same, %other = simp.pcall [0, 1, 2] (%a, %b, %c)
        : (!simp.mp<!p, [0, 1, 2]>, !simp.mp<!p, [0, 1, 2]>, !simp.mp<!p, [0, 1, 2]>) -> (!simp.mp<i1, [0, 1, 2]>, !simp.mp<i1, [0, 1, 2]>) {
    ^bb0(%av: !p, %bv: !p, %cv: !p):
      %false = arith.constant false
      %d0 = arith.cmpi ne, %av, %bv : !p
      %d1 = arith.cmpi ne, %av, %cv : !p
      %i0 = arith.extui %d0 : tensor<2x16xi1> to !p
      %i1 = arith.extui %d1 : tensor<2x16xi1> to !p
      %zero = arith.constant dense<0> : tensor<i64>
      %s0 = linalg.reduce ins(%i0 : !p) outs(%zero : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      %s1 = linalg.reduce ins(%i1 : !p) outs(%zero : tensor<i64>) dimensions = [0, 1]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      %e0 = tensor.extract %s0[] : tensor<i64>
      %e1 = tensor.extract %s1[] : tensor<i64>
      %c0 = arith.constant 0 : i64
      %r0 = arith.cmpi ne, %e0, %c0 : i64
      %r1 = arith.cmpi ne, %e1, %c0 : i64
      simp.yield %r0, %r1 : i1, i1
    }
    return %same, %other : !simp.mp<i1, [0, 1, 2]>, !simp.mp<i1, [0, 1, 2]>
  }

  func.func @msb16() -> !simp.mp<!v, [0, 1, 2]> {
    %a = func.call @a() : () -> !simp.mp<!v, [0, 1, 2]>
    %x = func.call @split(%a) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [0, 1, 2]>
    %k = func.call @mplang.ss.r3.setup() : () -> !keys
    %n0, %n1 = func.call @nonces() : () -> (!nonce, !nonce)
    %m = func.call @mplang.ss.r3.msb.n16(%x, %k, %n0) : (!simp.mp<!p, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %r = func.call @open(%m) : (!simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]>
    return %r : !simp.mp<!v, [0, 1, 2]>
  }

  func.func @eqz16() -> !simp.mp<!v, [0, 1, 2]> {
    %a = func.call @a() : () -> !simp.mp<!v, [0, 1, 2]>
    %b = func.call @b() : () -> !simp.mp<!v, [0, 1, 2]>
    %d = simp.pcall [0, 1, 2] (%a, %b) : (!simp.mp<!v, [0, 1, 2]>, !simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]> {
    ^bb0(%av: !v, %bv: !v):
      %t = arith.subi %av, %bv : !v
      simp.yield %t : !v
    }
    %x = func.call @split(%d) : (!simp.mp<!v, [0, 1, 2]>) -> !simp.mp<!p, [0, 1, 2]>
    %k = func.call @mplang.ss.r3.setup() : () -> !keys
    %n0, %n1 = func.call @nonces() : () -> (!nonce, !nonce)
    %m = func.call @mplang.ss.r3.eqz.n16(%x, %k, %n1) : (!simp.mp<!p, [0, 1, 2]>, !keys, !nonce) -> !simp.mp<!p, [0, 1, 2]>
    %r = func.call @open(%m) : (!simp.mp<!p, [0, 1, 2]>) -> !simp.mp<!v, [0, 1, 2]>
    return %r : !simp.mp<!v, [0, 1, 2]>
  }
}
