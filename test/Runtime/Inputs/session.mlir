// A session of two jobs on the same workers: @keygen makes P0's key pair
// and keeps it in P0's worker (mem://), @add uses it without the keys
// moving: P0 encrypts x under the kept public key, P1 adds Enc(y), P0
// decrypts with the kept secret key.
#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @keygen() -> !simp.mp<!pk, [0]> {
    %pk = simp.pcall [0] () : () -> !simp.mp<!pk, [0]> {
      %pub, %sec = bfv.keygen : !pk, !sk
      store.save %pub, "mem://keys/pk" : !pk
      store.save %sec, "mem://keys/sk" : !sk
      simp.yield %pub : !pk
    }
    return %pk : !simp.mp<!pk, [0]>
  }

  func.func @add(%x: !simp.mp<tensor<4xi64>, [0]>,
                 %y: !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<tensor<4xi64>, [0]> {
    %pk, %cx = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>) -> (!simp.mp<!pk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub = store.load "mem://keys/pk" : !pk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %pub, %c : !pk, !ct
    }
    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>
    %csum = simp.pcall [1] (%y, %pk1, %cx1)
        : (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<!pk, [1]>, !simp.mp<!ct, [1]>)
        -> !simp.mp<!ct, [1]> {
    ^bb0(%v: tensor<4xi64>, %pub: !pk, %c: !ct):
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %cy = bfv.encrypt %pt, %pub : !pt, !pk
      %s = bfv.add %c, %cy : (!ct, !ct) -> !ct
      simp.yield %s : !ct
    }
    %csum0 = simp.shuffle %csum [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %sum = simp.pcall [0] (%csum0)
        : (!simp.mp<!ct, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    ^bb0(%c: !ct):
      %sec = store.load "mem://keys/sk" : !sk
      %pt = bfv.decrypt %c, %sec : !ct, !sk
      %enc = bfv.create_encoder : !encoder
      %r = bfv.decode %pt, %enc : !pt, !encoder -> tensor<4xi64>
      simp.yield %r : tensor<4xi64>
    }
    return %sum : !simp.mp<tensor<4xi64>, [0]>
  }
}
