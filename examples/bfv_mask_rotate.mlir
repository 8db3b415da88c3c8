// Masking under encryption: P0 holds x and the BFV keys; P1 holds a mask m.
// P0 sends Enc(x), its public key and a Galois key for rotations by one
// slot (public material; the secret key stays). P1 computes Enc(x * m)
// slot-wise and that product rotated left by one slot, without seeing x,
// and sends both back. P0 decrypts: x * m, and (x * m) shifted left (row 0
// of the 2 x N/2 slot matrix rotates, so slot 0 moves to slot N/2 - 1).
// P1 keeps only the slots P0 decodes (products by 0/1 vectors) and
// sanitizes both ciphertexts, so that P0 learns nothing of m beyond those
// slots, through other slots or the noise (docs/bfv.md); this needs
// n = 8192.
#p = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!gk = !bfv.galois_key<#p, steps = [1]>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<4xi64>, [0]>,
                  %m: !simp.mp<tensor<4xi64>, [1]>)
      -> (!simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<8xi64>, [0]>) {
    // P0: keys, the rotation key and Enc(x).
    %pk, %sk, %gk, %cx = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>)
        -> (!simp.mp<!pk, [0]>, !simp.mp<!sk, [0]>, !simp.mp<!gk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %rot = bfv.make_galois_keys %sec steps [1] : !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %pub, %sec, %rot, %c : !pk, !sk, !gk, !ct
    }

    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %gk1 = simp.shuffle %gk [1 <- 0] : !simp.mp<!gk, [0]> -> !simp.mp<!gk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>

    // P1: Enc(x * m) and its rotation by one slot, each kept to the slots
    // P0 decodes and sanitized.
    %cprod, %crot = simp.pcall [1] (%m, %pk1, %gk1, %cx1)
        : (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<!pk, [1]>, !simp.mp<!gk, [1]>, !simp.mp<!ct, [1]>)
        -> (!simp.mp<!ct, [1]>, !simp.mp<!ct, [1]>) {
    ^bb0(%v: tensor<4xi64>, %pub: !pk, %rot: !gk, %c: !ct):
      %enc = bfv.create_encoder : !encoder
      %mask = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %prod = bfv.mul %c, %mask : (!ct, !pt) -> !ct
      %shifted = bfv.rotate %prod, %rot by 1 : !ct, !gk
      %ones4 = arith.constant dense<1> : tensor<4xi64>
      %keep4 = bfv.encode %ones4, %enc : tensor<4xi64>, !encoder -> !pt
      %prod4 = bfv.mul %prod, %keep4 : (!ct, !pt) -> !ct
      %safe4 = bfv.sanitize %prod4, %pub : !ct, !pk
      %ones8 = arith.constant dense<1> : tensor<8xi64>
      %keep8 = bfv.encode %ones8, %enc : tensor<8xi64>, !encoder -> !pt
      %shifted8 = bfv.mul %shifted, %keep8 : (!ct, !pt) -> !ct
      %safe8 = bfv.sanitize %shifted8, %pub : !ct, !pk
      simp.yield %safe4, %safe8 : !ct, !ct
    }

    %cprod0 = simp.shuffle %cprod [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %crot0 = simp.shuffle %crot [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>

    // P0 decrypts both.
    %prod, %shifted = simp.pcall [0] (%cprod0, %crot0, %sk)
        : (!simp.mp<!ct, [0]>, !simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>)
        -> (!simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<8xi64>, [0]>) {
    ^bb0(%c: !ct, %r: !ct, %sec: !sk):
      %enc = bfv.create_encoder : !encoder
      %pp = bfv.decrypt %c, %sec : !ct, !sk
      %p = bfv.decode %pp, %enc : !pt, !encoder -> tensor<4xi64>
      %rp = bfv.decrypt %r, %sec : !ct, !sk
      %s = bfv.decode %rp, %enc : !pt, !encoder -> tensor<8xi64>
      simp.yield %p, %s : tensor<4xi64>, tensor<8xi64>
    }
    return %prod, %shifted : !simp.mp<tensor<4xi64>, [0]>, !simp.mp<tensor<8xi64>, [0]>
  }
}
