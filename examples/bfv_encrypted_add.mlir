// Encrypted addition between two parties: P0 generates a BFV key pair and
// encrypts its vector x; it sends the ciphertext and the public key to P1.
// P1 encrypts its own vector y under P0's public key, adds the two
// ciphertexts without seeing x, and sends the sum back. Only P0, which holds
// the secret key, decrypts x + y.
// Before the sum goes back, P1 keeps only its four slots (a product by
// [1, 1, 1, 1, 0, ...]) and sanitizes it, so that P0 learns x + y and
// nothing else of y: not what other slots hold, nor, through the noise,
// how the ciphertext was computed (docs/bfv.md, "What the key holder
// learns"). Sanitizing needs n = 8192: the noise check rejects it at 4096.
// Without q_bits, the parameters take the standard coefficient modulus of
// n = 8192 (q_bits = [43, 43, 44, 44, 44]), which is also how they print.
#p = #bfv.params<n = 8192, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>

module attributes {simp.world_size = 2 : i64} {
  func.func @main(%x: !simp.mp<tensor<4xi64>, [0]>,
                  %y: !simp.mp<tensor<4xi64>, [1]>) -> !simp.mp<tensor<4xi64>, [0]> {
    // P0: keys and Enc(x).
    %pk, %sk, %cx = simp.pcall [0] (%x)
        : (!simp.mp<tensor<4xi64>, [0]>)
        -> (!simp.mp<!pk, [0]>, !simp.mp<!sk, [0]>, !simp.mp<!ct, [0]>) {
    ^bb0(%v: tensor<4xi64>):
      %pub, %sec = bfv.keygen : !pk, !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<4xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %pub, %sec, %c : !pk, !sk, !ct
    }

    // The ciphertext and the public key go to P1; the secret key stays.
    %pk1 = simp.shuffle %pk [1 <- 0] : !simp.mp<!pk, [0]> -> !simp.mp<!pk, [1]>
    %cx1 = simp.shuffle %cx [1 <- 0] : !simp.mp<!ct, [0]> -> !simp.mp<!ct, [1]>

    // P1: Enc(x) + Enc(y), its first four slots, sanitized.
    %csum = simp.pcall [1] (%y, %pk1, %cx1)
        : (!simp.mp<tensor<4xi64>, [1]>, !simp.mp<!pk, [1]>, !simp.mp<!ct, [1]>)
        -> !simp.mp<!ct, [1]> {
    ^bb0(%v: tensor<4xi64>, %pub: !pk, %c: !ct):
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

    // Back to P0, which decrypts and decodes the first four slots.
    %csum0 = simp.shuffle %csum [0 <- 1] : !simp.mp<!ct, [1]> -> !simp.mp<!ct, [0]>
    %sum = simp.pcall [0] (%csum0, %sk)
        : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<tensor<4xi64>, [0]> {
    ^bb0(%c: !ct, %sec: !sk):
      %pt = bfv.decrypt %c, %sec : !ct, !sk
      %enc = bfv.create_encoder : !encoder
      %r = bfv.decode %pt, %enc : !pt, !encoder -> tensor<4xi64>
      simp.yield %r : tensor<4xi64>
    }
    return %sum : !simp.mp<tensor<4xi64>, [0]>
  }
}
