// Secret-key encryption and modulus switching across two parties: P0
// encrypts x under its secret key (a seeded ciphertext) and sends it to P1,
// which computes x * y + y with its plaintext vector y, drops a prime and
// sends the smaller ciphertext back for P0 to decrypt. With --local the
// ciphertexts cross processes in their serialized forms.

// RUN: mplang-run --sim 2 %s | FileCheck %s
// RUN: mplang-run --local 2 %s | FileCheck %s
// CHECK: rank 0: dense<[1, 2, 3, 4]> : tensor<4xi64>, dense<[20, 60, 120, 200]> : tensor<4xi64>{{$}}

#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>
!v = tensor<4xi64>
!r = !simp.mp<!v, [0]>

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> (!r, !r) {
    %sk, %cx, %own = simp.pcall [0] ()
        : () -> (!simp.mp<!sk, [0]>, !simp.mp<!ct, [0]>, !r) {
      %xv = arith.constant dense<[1, 2, 3, 4]> : !v
      %pub, %sec = bfv.keygen : !pk, !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %xv, %enc : !v, !encoder -> !pt
      %c = bfv.encrypt_symmetric %pt, %sec : !pt, !sk
      %d = bfv.decrypt %c, %sec : !ct, !sk
      %r = bfv.decode %d, %enc : !pt, !encoder -> !v
      simp.yield %sec, %c, %r : !sk, !ct, !v
    }
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>
    %small = simp.pcall [1] (%cx1)
        : (!simp.mp<!ct, [1]>) -> !simp.mp<!ct, [1]> {
    ^bb0(%c: !ct):
      %yv = arith.constant dense<[10, 20, 30, 40]> : !v
      %enc = bfv.create_encoder : !encoder
      %y = bfv.encode %yv, %enc : !v, !encoder -> !pt
      %xy = bfv.mul %c, %y : (!ct, !pt) -> !ct
      %s = bfv.add %xy, %y : (!ct, !pt) -> !ct
      %m = bfv.mod_switch %s drop 2 : !ct
      simp.yield %m : !ct
    }
    %back = simp.shuffle %small [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %res = simp.pcall [0] (%back, %sk)
        : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !r {
    ^bb0(%c: !ct, %sec: !sk):
      %enc = bfv.create_encoder : !encoder
      %d = bfv.decrypt %c, %sec : !ct, !sk
      %r = bfv.decode %d, %enc : !pt, !encoder -> !v
      simp.yield %r : !v
    }
    return %own, %res : !r, !r
  }
}
