// A private dot product: P0 holds x and the BFV keys, P1 holds y, and only
// P0 learns x . y. P0 sends Enc(x), its public key and rotation keys; P1
// multiplies by y slot-wise and sums the slots by rotating and adding.
//
// Two traps, both closed here (docs/bfv.md, "What the key holder learns"):
// - after rotate-and-add every slot holds a partial sum (slot 3 is x3 y3,
//   slot 2 is x2 y2 + x3 y3, ...), so P0 would decrypt all of them and
//   recover y from x: P1 multiplies by the one-hot plaintext [1, 0, ...]
//   to keep slot 0 only;
// - the noise of the result depends on y (the product by y scales it), and
//   P0 reads the noise when it decrypts: bfv.sanitize floods it before the
//   ciphertext goes back.
// At n = 4096 the two products and the flood do not fit in the noise
// budget; the static noise check says so, and that n = 8192 does.
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!gk = !bfv.galois_key<#p, steps = [1, 2]>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<4xi64>, [0]>,
                  %y: !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<tensor<1xi64>, [0]> {
    // P0: keys, the rotation keys for steps 1 and 2, and Enc(x).
    %pk, %sk, %gk, %cx = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>)
        -> (!simp.mp<!pk, [0]>, !simp.mp<!sk, [0]>, !simp.mp<!gk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %rot = bfv.make_galois_keys %sec steps [1, 2] : !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %pub, %sec, %rot, %c : !pk, !sk, !gk, !ct
    }
    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %gk1 = simp.shuffle %gk [1 <- 0] : !simp.mp<!gk, [0]> -> !simp.mp<!gk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>

    // P1: the slot-wise product, summed into slot 0, which alone is kept,
    // and sanitized.
    %cdot = simp.pcall [1] (%y, %pk1, %gk1, %cx1)
        : (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<!pk, [1]>, !simp.mp<!gk, [1]>, !simp.mp<!ct, [1]>)
        -> !simp.mp<!ct, [1]> {
    ^bb0(%v: tensor<4xi64>, %pub: !pk, %rot: !gk, %c: !ct):
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %prod = bfv.mul %c, %pt : (!ct, !pt) -> !ct
      %r1 = bfv.rotate %prod, %rot by 1 : !ct, !gk
      %s1 = bfv.add %prod, %r1 : (!ct, !ct) -> !ct
      %r2 = bfv.rotate %s1, %rot by 2 : !ct, !gk
      %s2 = bfv.add %s1, %r2 : (!ct, !ct) -> !ct
      %one = arith.constant dense<1> : tensor<1xi64>
      %onehot = bfv.encode %one, %enc : tensor<1xi64>, !encoder -> !pt
      %sum = bfv.mul %s2, %onehot : (!ct, !pt) -> !ct
      %safe = bfv.sanitize %sum, %pub : !ct, !pk
      simp.yield %safe : !ct
    }

    // Back to P0, which decrypts slot 0.
    %cdot0 = simp.shuffle %cdot [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %dot = simp.pcall [0] (%cdot0, %sk)
        : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<tensor<1xi64>, [0]> {
    ^bb0(%c: !ct, %sec: !sk):
      %pt = bfv.decrypt %c, %sec : !ct, !sk
      %enc = bfv.create_encoder : !encoder
      %r = bfv.decode %pt, %enc : !pt, !encoder -> tensor<1xi64>
      simp.yield %r : tensor<1xi64>
    }
    return %dot : !simp.mp<tensor<1xi64>, [0]>
  }
}
