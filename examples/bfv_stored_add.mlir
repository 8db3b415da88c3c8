// Encrypted addition on data that stays with its owners: each party loads
// its own vector from its own store (its worker's --data-root), P1 adds the
// two ciphertexts under P0's key, and P0 decrypts the sum and saves it in
// its own store as well as returning it. Neither vector passes through the
// driver: `mplang-run --data-root DIR` gives rank R the store DIR/rankR, and
// --local gives each worker that directory. As in bfv_encrypted_add.mlir,
// P1 keeps only the sum's four slots and sanitizes it before P0 decrypts.
#p = #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @main() -> !simp.mp<tensor<4xi64>, [0]> {
    // P0: keys and Enc(x), x from P0's own store.
    %pk, %sk, %cx = simp.pcall [0] ()
        : () -> (!simp.mp<!pk, [0]>, !simp.mp<!sk, [0]>, !simp.mp<!ct, [0]>) {
      %v = store.load "fs://x.npy" : tensor<4xi64>
      %pub, %sec = bfv.keygen : !pk, !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %pub, %sec, %c : !pk, !sk, !ct
    }
    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>

    // P1: Enc(x) + Enc(y), y from P1's own store; its four slots, sanitized.
    %csum = simp.pcall [1] (%pk1, %cx1)
        : (!simp.mp<!pk, [1]>, !simp.mp<!ct, [1]>) -> !simp.mp<!ct, [1]> {
    ^bb0(%pub: !pk, %c: !ct):
      %v = store.load "fs://y.npy" : tensor<4xi64>
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %cy = bfv.encrypt %pt, %pub : !pt, !pk
      %s = bfv.add %c, %cy : (!ct, !ct) -> !ct
      %ones = arith.constant dense<1> : tensor<4xi64>
      %keep = bfv.encode %ones, %enc : tensor<4xi64>, !encoder -> !pt
      %kept = bfv.mul %s, %keep : (!ct, !pt) -> !ct
      %safe = bfv.sanitize %kept, %pub : !ct, !pk
      simp.yield %safe : !ct
    }

    // P0 decrypts, keeps the sum in its store and returns it.
    %csum0 = simp.shuffle %csum [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %sum = simp.pcall [0] (%csum0, %sk)
        : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    ^bb0(%c: !ct, %sec: !sk):
      %pt = bfv.decrypt %c, %sec : !ct, !sk
      %enc = bfv.create_encoder : !encoder
      %r = bfv.decode %pt, %enc : !pt, !encoder -> tensor<4xi64>
      store.save %r, "fs://out/sum.npy" : tensor<4xi64>
      simp.yield %r : tensor<4xi64>
    }
    return %sum : !simp.mp<tensor<4xi64>, [0]>
  }
}
