// Crypto values between parties: points and X25519 public keys cross
// simp.shuffle as messages (serialized, then checked and decoded by the
// receiver), and both parties derive the same secrets.

// Diffie-Hellman over P-256 and over X25519: each party sends its public
// share; the two digests of a*B = b*A and the two X25519 secrets agree.
// RUN: mplang-run --sim 2 %s | FileCheck %s --check-prefix=DH
// DH: rank 0: [[P:dense<\[[0-9, ]+\]> : tensor<32xui8>]], [[X:dense<\[[0-9, ]+\]> : tensor<32xui8>]]
// DH-NEXT: rank 1: [[P]], [[X]]

// A bit matrix transposed and transposed back is itself; the 8 x 8 matrix
// with row 0 all ones and row 7 holding bit 0 has rows 129, 1, ..., 1.
// RUN: mplang-run --sim 2 %s --entry transpose | FileCheck %s --check-prefix=T
// T: rank 0: [[M:dense<.*> : tensor<16x2xi64>]], [[M]], dense<{{\[}}[129], [1], [1], [1], [1], [1], [1], [1]]> : tensor<8x1xui8>

!pt = !crypto.point<p256>
!sc = !crypto.scalar<p256>
!sk = !crypto.private_key<x25519>
!pk = !crypto.public_key<x25519>
!d = !simp.mp<tensor<32xui8>, [0, 1]>
module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> (!d, !d) {
    %a, %A, %s, %S = simp.pcall [0, 1] () : () -> (!simp.mp<!sc, [0, 1]>, !simp.mp<!pt, [0, 1]>,
                                                 !simp.mp<!sk, [0, 1]>, !simp.mp<!pk, [0, 1]>) {
      %k = crypto.random_scalar : !sc
      %p = crypto.base_mul %k : !sc -> !pt
      %x = crypto.keygen : !sk
      %y = crypto.public_key %x : !sk -> !pk
      simp.yield %k, %p, %x, %y : !sc, !pt, !sk, !pk
    }
    // Each party receives the other's public values.
    %B = simp.shuffle %A [0 <- 1, 1 <- 0] : !simp.mp<!pt, [0, 1]> -> !simp.mp<!pt, [0, 1]>
    %T = simp.shuffle %S [0 <- 1, 1 <- 0] : !simp.mp<!pk, [0, 1]> -> !simp.mp<!pk, [0, 1]>
    %h, %z = simp.pcall [0, 1] (%a, %B, %s, %T)
        : (!simp.mp<!sc, [0, 1]>, !simp.mp<!pt, [0, 1]>, !simp.mp<!sk, [0, 1]>, !simp.mp<!pk, [0, 1]>) -> (!d, !d) {
    ^bb0(%k: !sc, %q: !pt, %x: !sk, %y: !pk):
      %shared = crypto.scalar_mul %k, %q : !sc, !pt -> !pt
      %bytes = crypto.point_to_bytes %shared : !pt -> tensor<33xui8>
      %digest = crypto.hash %bytes : tensor<33xui8> -> tensor<32xui8>
      %secret = crypto.agree %x, %y : !sk, !pk -> tensor<32xui8>
      simp.yield %digest, %secret : tensor<32xui8>, tensor<32xui8>
    }
    return %h, %z : !d, !d
  }

  func.func @transpose() -> (!simp.mp<tensor<16x2xi64>, [0]>, !simp.mp<tensor<16x2xi64>, [0]>, !simp.mp<tensor<8x1xui8>, [0]>) {
    %0, %1, %2 = simp.pcall [0] () : () -> (!simp.mp<tensor<16x2xi64>, [0]>, !simp.mp<tensor<16x2xi64>, [0]>, !simp.mp<tensor<8x1xui8>, [0]>) {
      %m = crypto.random_bytes : tensor<16x2xi64>
      %t = crypto.bit_transpose %m : tensor<16x2xi64> -> tensor<128x2xi8>
      %back = crypto.bit_transpose %t : tensor<128x2xi8> -> tensor<16x2xi64>
      %s = arith.constant dense<[[255], [0], [0], [0], [0], [0], [0], [1]]> : tensor<8x1xui8>
      %st = crypto.bit_transpose %s : tensor<8x1xui8> -> tensor<8x1xui8>
      simp.yield %m, %back, %st : tensor<16x2xi64>, tensor<16x2xi64>, tensor<8x1xui8>
    }
    return %0, %1, %2 : !simp.mp<tensor<16x2xi64>, [0]>, !simp.mp<tensor<16x2xi64>, [0]>, !simp.mp<tensor<8x1xui8>, [0]>
  }
}
