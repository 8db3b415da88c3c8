// The two-party additive sharing protocols of the library, called directly:
// Gilboa's OT multiplication gives u + v = a * b mod 2^64 (edge values: 0,
// 1, -1, 2^63, 2^63 - 1, powers of two), twice from one IKNP setup at two
// offsets; triples satisfy c = a * b for every element, also at 2^16
// elements, made in 64 chunks by the loop; share, mul and reveal compose,
// and open gives both parties the value.
// RUN: mplang-run --sim 2 %s --entry ot_mul16 | FileCheck %s --check-prefix=OTMUL
// OTMUL: rank 1: dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>, dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>
// RUN: mplang-run --sim 2 %s --entry triples16 | FileCheck %s --check-prefix=TRIPLES16
// TRIPLES16: rank 1: dense<16> : tensor<i64>
// RUN: mplang-run --sim 2 %s --entry triples65536 | FileCheck %s --check-prefix=TRIPLES65536
// RUN: mplang-run --local 2 %s --entry triples65536 | FileCheck %s --check-prefix=TRIPLES65536
// TRIPLES65536: rank 1: dense<65536> : tensor<i64>
// RUN: mplang-run --sim 2 %s --entry mul16 | FileCheck %s --check-prefix=MUL
// RUN: mplang-run --local 2 %s --entry mul16 | FileCheck %s --check-prefix=MUL
// MUL:      rank 0: dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>
// MUL-NEXT: rank 1: dense<[0, 0, 0, 1, -1, 1, -9223372036854775808, 0, -9223372036854775807, 1, 0, 8589934592, -2, 6, 42, -9223372036854775808]> : tensor<16xi64>

!v = tensor<16xi64>
!msgs = tensor<128x2xi64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ot.cot_setup(!simp.mp<tensor<2xi64>, [0]>)
      -> (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>)
  func.func private @mplang.ss.ot_mul.n16(!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>,
                                          !simp.mp<!msgs, [1]>, !simp.mp<i64, [0, 1]>, !simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
      -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
  func.func private @mplang.ss.a2.triple.n16() -> (!simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>)
  func.func private @mplang.ss.a2.triple.n65536()
      -> (!simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>)
  func.func private @mplang.ss.a2.share.n16(!simp.mp<!v, [0]>) -> !simp.mp<!v, [0, 1]>
  func.func private @share_from_1(!simp.mp<!v, [1]>) -> !simp.mp<!v, [0, 1]>
      attributes {simp.link_name = "mplang.ss.a2.share.n16"}
  func.func private @mplang.ss.a2.mul.n16(!simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
  func.func private @mplang.ss.a2.open.n16(!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>

  // Column i: a on rank 0, b on rank 1; a * b mod 2^64 is the expected line.
  func.func private @inputs() -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>) {
    %a = simp.pcall [0] () : () -> !simp.mp<!v, [0]> {
      %c = arith.constant dense<[0, 7, 0, 1, -1, -1, -9223372036854775808, -9223372036854775808, 9223372036854775807, 9223372036854775807, 65536, 65536, 2, 3, 6, 4611686018427387904]> : !v
      simp.yield %c : !v
    }
    %b = simp.pcall [1] () : () -> !simp.mp<!v, [1]> {
      %c = arith.constant dense<[0, 0, 5, 1, 1, -1, 1, 2, -1, 9223372036854775807, 281474976710656, 131072, -1, 2, 7, 2]> : !v
      simp.yield %c : !v
    }
    return %a, %b : !simp.mp<!v, [0]>, !simp.mp<!v, [1]>
  }

  // u + v on rank 1, from blocks 0 and 8 (16 elements take 8) of one setup.
  func.func @ot_mul16() -> (!simp.mp<!v, [1]>, !simp.mp<!v, [1]>) {
    %a, %b = func.call @inputs() : () -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
    %d = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %d = crypto.random_bytes : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %ks, %k0, %k1 = func.call @mplang.ot.cot_setup(%d)
        : (!simp.mp<tensor<2xi64>, [0]>) -> (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>)
    %first, %second = simp.pcall [0, 1] () : () -> (!simp.mp<i64, [0, 1]>, !simp.mp<i64, [0, 1]>) {
      %o0 = arith.constant 0 : i64
      %o8 = arith.constant 8 : i64
      simp.yield %o0, %o8 : i64, i64
    }
    %s0 = func.call @ot_mul_at(%d, %ks, %k0, %k1, %first, %a, %b)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
           !simp.mp<i64, [0, 1]>, !simp.mp<!v, [0]>, !simp.mp<!v, [1]>) -> !simp.mp<!v, [1]>
    %s1 = func.call @ot_mul_at(%d, %ks, %k0, %k1, %second, %a, %b)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
           !simp.mp<i64, [0, 1]>, !simp.mp<!v, [0]>, !simp.mp<!v, [1]>) -> !simp.mp<!v, [1]>
    return %s0, %s1 : !simp.mp<!v, [1]>, !simp.mp<!v, [1]>
  }

  func.func private @ot_mul_at(%d: !simp.mp<tensor<2xi64>, [0]>, %ks: !simp.mp<!msgs, [0]>, %k0: !simp.mp<!msgs, [1]>,
                               %k1: !simp.mp<!msgs, [1]>, %offset: !simp.mp<i64, [0, 1]>,
                               %a: !simp.mp<!v, [0]>, %b: !simp.mp<!v, [1]>) -> !simp.mp<!v, [1]> {
    %u, %v = func.call @mplang.ss.ot_mul.n16(%d, %ks, %k0, %k1, %offset, %a, %b)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
           !simp.mp<i64, [0, 1]>, !simp.mp<!v, [0]>, !simp.mp<!v, [1]>) -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
    %u1 = simp.shuffle %u [1 <- 0] : !simp.mp<!v, [0]> -> !simp.mp<!v, [1]>
    %s = simp.pcall [1] (%u1, %v) : (!simp.mp<!v, [1]>, !simp.mp<!v, [1]>) -> !simp.mp<!v, [1]> {
    ^bb0(%x: !v, %y: !v):
      %s = arith.addi %x, %y : !v
      simp.yield %s : !v
    }
    return %s : !simp.mp<!v, [1]>
  }

  // Rank 0's shares go to rank 1, which counts the elements where c = a b.
  func.func @triples16() -> !simp.mp<tensor<i64>, [1]> {
    %a, %b, %c = func.call @mplang.ss.a2.triple.n16() : () -> (!simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>)
    %n = func.call @count_triples.n16(%a, %b, %c) : (!simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>) -> !simp.mp<tensor<i64>, [1]>
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  func.func @triples65536() -> !simp.mp<tensor<i64>, [1]> {
    %a, %b, %c = func.call @mplang.ss.a2.triple.n65536()
        : () -> (!simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>)
    %n = func.call @count_triples.n65536(%a, %b, %c)
        : (!simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>) -> !simp.mp<tensor<i64>, [1]>
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  // Both inputs shared, multiplied, opened to both parties.
  func.func @mul16() -> !simp.mp<!v, [0, 1]> {
    %a, %b = func.call @inputs() : () -> (!simp.mp<!v, [0]>, !simp.mp<!v, [1]>)
    %sa = func.call @mplang.ss.a2.share.n16(%a) : (!simp.mp<!v, [0]>) -> !simp.mp<!v, [0, 1]>
    %sb = func.call @share_from_1(%b) : (!simp.mp<!v, [1]>) -> !simp.mp<!v, [0, 1]>
    %p = func.call @mplang.ss.a2.mul.n16(%sa, %sb) : (!simp.mp<!v, [0, 1]>, !simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
    %r = func.call @mplang.ss.a2.open.n16(%p) : (!simp.mp<!v, [0, 1]>) -> !simp.mp<!v, [0, 1]>
    return %r : !simp.mp<!v, [0, 1]>
  }

  func.func private @count_triples.n16(%a: !simp.mp<tensor<16xi64>, [0, 1]>, %b: !simp.mp<tensor<16xi64>, [0, 1]>, %c: !simp.mp<tensor<16xi64>, [0, 1]>) -> !simp.mp<tensor<i64>, [1]> {
    %a0 = simp.shuffle %a [1 <- 0] : !simp.mp<tensor<16xi64>, [0, 1]> -> !simp.mp<tensor<16xi64>, [1]>
    %b0 = simp.shuffle %b [1 <- 0] : !simp.mp<tensor<16xi64>, [0, 1]> -> !simp.mp<tensor<16xi64>, [1]>
    %c0 = simp.shuffle %c [1 <- 0] : !simp.mp<tensor<16xi64>, [0, 1]> -> !simp.mp<tensor<16xi64>, [1]>
    %n = simp.pcall [1] (%a, %b, %c, %a0, %b0, %c0)
        : (!simp.mp<tensor<16xi64>, [0, 1]>, !simp.mp<tensor<16xi64>, [0, 1]>, !simp.mp<tensor<16xi64>, [0, 1]>, !simp.mp<tensor<16xi64>, [1]>, !simp.mp<tensor<16xi64>, [1]>, !simp.mp<tensor<16xi64>, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%a1: tensor<16xi64>, %b1: tensor<16xi64>, %c1: tensor<16xi64>, %a0v: tensor<16xi64>, %b0v: tensor<16xi64>, %c0v: tensor<16xi64>):
      %av = arith.addi %a0v, %a1 : tensor<16xi64>
      %bv = arith.addi %b0v, %b1 : tensor<16xi64>
      %cv = arith.addi %c0v, %c1 : tensor<16xi64>
      %p = arith.muli %av, %bv : tensor<16xi64>
      %eq = arith.cmpi eq, %p, %cv : tensor<16xi64>
      %e = arith.extui %eq : tensor<16xi1> to tensor<16xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %s = linalg.reduce ins(%e : tensor<16xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %s : tensor<i64>
    }
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  func.func private @count_triples.n65536(%a: !simp.mp<tensor<65536xi64>, [0, 1]>, %b: !simp.mp<tensor<65536xi64>, [0, 1]>, %c: !simp.mp<tensor<65536xi64>, [0, 1]>) -> !simp.mp<tensor<i64>, [1]> {
    %a0 = simp.shuffle %a [1 <- 0] : !simp.mp<tensor<65536xi64>, [0, 1]> -> !simp.mp<tensor<65536xi64>, [1]>
    %b0 = simp.shuffle %b [1 <- 0] : !simp.mp<tensor<65536xi64>, [0, 1]> -> !simp.mp<tensor<65536xi64>, [1]>
    %c0 = simp.shuffle %c [1 <- 0] : !simp.mp<tensor<65536xi64>, [0, 1]> -> !simp.mp<tensor<65536xi64>, [1]>
    %n = simp.pcall [1] (%a, %b, %c, %a0, %b0, %c0)
        : (!simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [0, 1]>, !simp.mp<tensor<65536xi64>, [1]>, !simp.mp<tensor<65536xi64>, [1]>, !simp.mp<tensor<65536xi64>, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%a1: tensor<65536xi64>, %b1: tensor<65536xi64>, %c1: tensor<65536xi64>, %a0v: tensor<65536xi64>, %b0v: tensor<65536xi64>, %c0v: tensor<65536xi64>):
      %av = arith.addi %a0v, %a1 : tensor<65536xi64>
      %bv = arith.addi %b0v, %b1 : tensor<65536xi64>
      %cv = arith.addi %c0v, %c1 : tensor<65536xi64>
      %p = arith.muli %av, %bv : tensor<65536xi64>
      %eq = arith.cmpi eq, %p, %cv : tensor<65536xi64>
      %e = arith.extui %eq : tensor<65536xi1> to tensor<65536xi64>
      %zero = arith.constant dense<0> : tensor<i64>
      %s = linalg.reduce ins(%e : tensor<65536xi64>) outs(%zero : tensor<i64>) dimensions = [0]
        (%in: i64, %acc: i64) {
          %t = arith.addi %in, %acc : i64
          linalg.yield %t : i64
        }
      simp.yield %s : tensor<i64>
    }
    return %n : !simp.mp<tensor<i64>, [1]>
  }
}
