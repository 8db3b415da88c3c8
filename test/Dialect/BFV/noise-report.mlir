// RUN: mplang-opt %s --bfv-noise-report -split-input-file -verify-diagnostics

// Fresh encryptions, a product and a modulus switch.
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!rk = !bfv.relin_key<#p>
!pt = !bfv.plaintext<i64, #p>

func.func @local(%p: !pt, %pk: !pk, %sk: !sk, %rk: !rk) -> (!pt, !pt, !pt, !pt) {
  %c = bfv.encrypt %p, %pk : !pt, !pk
  // expected-remark @+1 {{invariant noise at most 2^-146.6: 145 bits of noise budget left}}
  %d0 = bfv.decrypt %c, %sk : !ct, !sk
  %s = bfv.encrypt_symmetric %p, %sk : !pt, !sk
  // expected-remark @+1 {{invariant noise at most 2^-149.3: 148 bits of noise budget left}}
  %d1 = bfv.decrypt %s, %sk : !ct, !sk
  %m = bfv.mul %c, %s : (!ct, !ct) -> !ct
  %r = bfv.relinearize %m, %rk : !ct, !rk
  // expected-remark @+1 {{invariant noise at most 2^-115.2: 114 bits of noise budget left}}
  %d2 = bfv.decrypt %r, %sk : !ct, !sk
  %w = bfv.mod_switch %r drop 2 : !ct
  // expected-remark @+1 {{invariant noise at most 2^-58.6: 57 bits of noise budget left}}
  %d3 = bfv.decrypt %w, %sk : !ct, !sk
  return %d0, %d1, %d2, %d3 : !pt, !pt, !pt, !pt
}

// -----

// Between parties: P0 encrypts, P1 multiplies by its plaintext (in a
// private function) and sanitizes, P0 decrypts.
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func private @times(%c: !simp.mp<!ct, [1]>, %y: !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<!ct, [1]> {
    %r = simp.pcall [1] (%c, %y) : (!simp.mp<!ct, [1]>, !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<!ct, [1]> {
    ^bb0(%ct: !ct, %v: tensor<4xi64>):
      %enc = bfv.create_encoder : !encoder
      %p = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %m = bfv.mul %ct, %p : (!ct, !pt) -> !ct
      simp.yield %m : !ct
    }
    return %r : !simp.mp<!ct, [1]>
  }

  func.func @main(%x: !simp.mp<tensor<4xi64>, [0]>, %y: !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<!pt, [0]> {
    %pk, %sk, %cx = simp.pcall [0] (%x) : (!simp.mp<tensor<4xi64>, [0]>) -> (!simp.mp<!pk, [0]>, !simp.mp<!sk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %enc = bfv.create_encoder : !encoder
      %p = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %p, %pub : !pt, !pk
      simp.yield %pub, %sec, %c : !pk, !sk, !ct
    }
    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>
    %prod = func.call @times(%cx1, %y) : (!simp.mp<!ct, [1]>, !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<!ct, [1]>
    %safe = simp.pcall [1] (%prod, %pk1) : (!simp.mp<!ct, [1]>, !simp.mp<!pk, [1]>) -> !simp.mp<!ct, [1]> {
    ^bb0(%c: !ct, %pub: !pk):
      // expected-remark @+1 {{input's invariant noise at most 2^-121.1, 65.1 bits below what the flood hides at 40 bits of statistical security}}
      %s = bfv.sanitize %c, %pub : !ct, !pk
      simp.yield %s : !ct
    }
    %safe0 = simp.shuffle %safe [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %d = simp.pcall [0] (%safe0, %sk) : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<!pt, [0]> {
    ^bb0(%c: !ct, %sec: !sk):
      // expected-remark @+1 {{invariant noise at most 2^-3.0: 2 bits of noise budget left}}
      %p = bfv.decrypt %c, %sec : !ct, !sk
      simp.yield %p : !pt
    }
    return %d : !simp.mp<!pt, [0]>
  }
}

// -----

// Noise that grows around a loop, and a public function's argument, are
// not bounded statically.
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>

module attributes {simp.world_size = 1 : i64} {
  func.func @loop(%c: !simp.mp<!ct, [0]>, %p: !simp.mp<!pt, [0]>, %go: !simp.mp<i1, [0]>, %sk: !simp.mp<!sk, [0]>) -> !simp.mp<!pt, [0]> {
    %fresh = simp.pcall [0] (%p, %sk) : (!simp.mp<!pt, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<!ct, [0]> {
    ^bb0(%q: !pt, %sec: !sk):
      %e = bfv.encrypt_symmetric %q, %sec : !pt, !sk
      simp.yield %e : !ct
    }
    %r = simp.while_loop (%fresh) : (!simp.mp<!ct, [0]>) -> !simp.mp<!ct, [0]>
    cond {
    ^bb0(%s: !simp.mp<!ct, [0]>):
      simp.yield %go : !simp.mp<i1, [0]>
    } body {
    ^bb0(%s: !simp.mp<!ct, [0]>):
      %n = simp.pcall [0] (%s, %p) : (!simp.mp<!ct, [0]>, !simp.mp<!pt, [0]>) -> !simp.mp<!ct, [0]> {
      ^bb0(%x: !ct, %q: !pt):
        %y = bfv.add %x, %x : (!ct, !ct) -> !ct
        simp.yield %y : !ct
      }
      simp.yield %n : !simp.mp<!ct, [0]>
    }
    %d = simp.pcall [0] (%r, %c, %sk) : (!simp.mp<!ct, [0]>, !simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<!pt, [0]> {
    ^bb0(%x: !ct, %arg: !ct, %sec: !sk):
      // expected-remark @+1 {{noise not bounded statically: it grows around 'simp.while_loop'; decryption checks it at run time}}
      %a = bfv.decrypt %x, %sec : !ct, !sk
      // expected-remark @+1 {{noise not bounded statically: it comes from an argument of @loop; decryption checks it at run time}}
      %b = bfv.decrypt %arg, %sec : !ct, !sk
      simp.yield %a : !pt
    }
    return %d : !simp.mp<!pt, [0]>
  }
}
