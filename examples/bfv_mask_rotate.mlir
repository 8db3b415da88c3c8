// Masking under encryption: P0 holds x and the BFV keys; P1 holds a mask m.
// P0 sends Enc(x) and a Galois key for rotations by one slot (public
// material; the secret key stays). P1 computes Enc(x * m) slot-wise and that
// product rotated left by one slot, without seeing x, and sends both back.
// P0 decrypts: x * m, and (x * m) shifted left (row 0 of the 2 x N/2 slot
// matrix rotates, so slot 0 moves to slot N/2 - 1).
#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
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
    %sk, %gk, %cx = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>)
        -> (!simp.mp<!sk, [0]>, !simp.mp<!gk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %rot = bfv.make_galois_keys %sec steps [1] : !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %sec, %rot, %c : !sk, !gk, !ct
    }

    %gk1 = simp.shuffle %gk [1 <- 0] : !simp.mp<!gk, [0]> -> !simp.mp<!gk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>

    // P1: Enc(x * m) and its rotation by one slot.
    %cprod, %crot = simp.pcall [1] (%m, %gk1, %cx1)
        : (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<!gk, [1]>, !simp.mp<!ct, [1]>)
        -> (!simp.mp<!ct, [1]>, !simp.mp<!ct, [1]>) {
    ^bb0(%v: tensor<4xi64>, %rot: !gk, %c: !ct):
      %enc = bfv.create_encoder : !encoder
      %mask = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %prod = bfv.mul %c, %mask : (!ct, !pt) -> !ct
      %shifted = bfv.rotate %prod, %rot by 1 : !ct, !gk
      simp.yield %prod, %shifted : !ct, !ct
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
