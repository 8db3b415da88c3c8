// RUN: mplang-opt %s -split-input-file -verify-diagnostics

// x^3 at n = 4096: P0 encrypts x, P1 cubes it, P0 decrypts. The error
// names the ops that spent the budget, with a note at each.
#p = #bfv.params<n = 4096, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!rk = !bfv.relin_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @cube(%x: !simp.mp<tensor<4xi64>, [0]>) -> !simp.mp<!pt, [0]> {
    %sk, %rk, %cx = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>)
        -> (!simp.mp<!sk, [0]>, !simp.mp<!rk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %relin = bfv.make_relin_keys %sec : !sk
      %enc = bfv.create_encoder : !encoder
      %p = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      // expected-note @+1 {{noise budget after this op: 44 bits}}
      %c = bfv.encrypt %p, %pub : !pt, !pk
      simp.yield %sec, %relin, %c : !sk, !rk, !ct
    }
    %rk1 = simp.shuffle %rk [1 <- 0] : !simp.mp<!rk, [0]> -> !simp.mp<!rk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>
    %cube = simp.pcall [1] (%cx1, %rk1)
        : (!simp.mp<!ct, [1]>, !simp.mp<!rk, [1]>) -> !simp.mp<!ct, [1]> {
    ^bb0(%c: !ct, %relin: !rk):
      // expected-note @+1 {{noise budget after this op: 12 bits}}
      %sq = bfv.mul %c, %c : (!ct, !ct) -> !ct
      // expected-note @+1 {{noise budget after this op: 12 bits}}
      %sqr = bfv.relinearize %sq, %relin : !ct, !rk
      // expected-note @+1 {{noise budget after this op: -19 bits}}
      %cu = bfv.mul %sqr, %c : (!ct, !ct) -> !ct
      // expected-note @+1 {{noise budget after this op: -19 bits}}
      %cur = bfv.relinearize %cu, %relin : !ct, !rk
      simp.yield %cur : !ct
    }
    %cube0 = simp.shuffle %cube [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %d = simp.pcall [0] (%cube0, %sk)
        : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<!pt, [0]> {
    ^bb0(%c: !ct, %sec: !sk):
      // expected-error @+1 {{'bfv.decrypt' op can fail: its input needs 20 more bits of noise budget, spent by bfv.encrypt -> bfv.mul -> bfv.relinearize -> bfv.mul -> bfv.relinearize; the smallest standard parameters that fit are #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>}}
      %p = bfv.decrypt %c, %sec : !ct, !sk
      simp.yield %p : !pt
    }
    return %d : !simp.mp<!pt, [0]>
  }
}

// -----

// Five products at n = 8192: n = 16384 holds them, with a plain modulus
// that batches there (1032193 is not 1 mod 32768).
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!rk = !bfv.relin_key<#p>
!pt = !bfv.plaintext<i64, #p>

func.func @deep(%p: !pt, %pk: !pk, %sk: !sk, %rk: !rk) -> !pt {
  // expected-note @+1 {{noise budget after this op: 145 bits}}
  %c = bfv.encrypt %p, %pk : !pt, !pk
  // expected-note @+1 {{noise budget after this op: 113 bits}}
  %m1 = bfv.mul %c, %c : (!ct, !ct) -> !ct
  // expected-note @+1 {{noise budget after this op: 113 bits}}
  %r1 = bfv.relinearize %m1, %rk : !ct, !rk
  // expected-note @+1 {{noise budget after this op: 80 bits}}
  %m2 = bfv.mul %r1, %r1 : (!ct, !ct) -> !ct
  // expected-note @+1 {{noise budget after this op: 80 bits}}
  %r2 = bfv.relinearize %m2, %rk : !ct, !rk
  // expected-note @+1 {{noise budget after this op: 47 bits}}
  %m3 = bfv.mul %r2, %r2 : (!ct, !ct) -> !ct
  // expected-note @+1 {{noise budget after this op: 47 bits}}
  %r3 = bfv.relinearize %m3, %rk : !ct, !rk
  // expected-note @+1 {{noise budget after this op: 13 bits}}
  %m4 = bfv.mul %r3, %r3 : (!ct, !ct) -> !ct
  // expected-note @+1 {{noise budget after this op: 13 bits}}
  %r4 = bfv.relinearize %m4, %rk : !ct, !rk
  // expected-note @+1 {{noise budget after this op: -20 bits}}
  %m5 = bfv.mul %r4, %r4 : (!ct, !ct) -> !ct
  // expected-note @+1 {{noise budget after this op: -20 bits}}
  %r5 = bfv.relinearize %m5, %rk : !ct, !rk
  // expected-error @+1 {{'bfv.decrypt' op can fail: its input needs 21 more bits of noise budget, spent by bfv.encrypt -> bfv.mul -> bfv.relinearize -> bfv.mul -> bfv.relinearize -> bfv.mul -> bfv.relinearize -> bfv.mul -> bfv.relinearize -> bfv.mul -> bfv.relinearize; the smallest standard parameters that fit are #bfv.params<n = 16384, t = 786433, q_bits = [48, 48, 48, 49, 49, 49, 49, 49, 49]>}}
  %d = bfv.decrypt %r5, %sk : !ct, !sk
  return %d : !pt
}

// -----

// A 44-bit plain modulus leaves no room over one 48-bit prime, in any
// standard parameter set.
#p = #bfv.params<n = 16384, t = 17592183914497>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>

func.func @too_small(%p: !pt, %pk: !pk, %sk: !sk) -> !pt {
  // expected-note @+1 {{noise budget after this op: 336 bits}}
  %c = bfv.encrypt %p, %pk : !pt, !pk
  // expected-note @+1 {{noise budget after this op: -5 bits}}
  %s = bfv.mod_switch %c drop 7 : !ct
  // expected-error @+1 {{'bfv.decrypt' op can fail: its input needs 6 more bits of noise budget, spent by bfv.encrypt -> bfv.mod_switch; no standard parameter set fits}}
  %d = bfv.decrypt %s, %sk : !ct, !sk
  return %d : !pt
}
