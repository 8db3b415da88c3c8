// mplang-run refuses a program in which a decryption can fail before
// anything runs: the static noise check names the ops that spend the
// budget and the parameters that would hold them (docs/bfv.md).
// RUN: not mplang-run --sim 2 %s 2>&1 | FileCheck %s
// CHECK: bfv-noise-check.mlir:[[@LINE+26]]:12: error: 'bfv.decrypt' op can fail: its input needs 20 more bits of noise budget, spent by bfv.encrypt -> bfv.mul -> bfv.relinearize -> bfv.mul -> bfv.relinearize; the smallest standard parameters that fit are #bfv.params<n = 8192, t = 1032193, q_bits = [43, 43, 44, 44, 44]>
// CHECK: bfv-noise-check.mlir:[[@LINE+20]]:12: note: noise budget after this op: 44 bits
// CHECK-NOT: rank

#p = #bfv.params<n = 4096, t = 1032193>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>
!rk = !bfv.relin_key<#p>

module attributes {simp.world_size = 2 : i64} {
  // x^3: one multiplication too many for these primes.
  func.func @main() -> !simp.mp<tensor<2xi64>, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %v = arith.constant dense<[3, 5]> : tensor<2xi64>
      %pub, %sec = bfv.keygen : !pk, !sk
      %rk = bfv.make_relin_keys %sec : !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<2xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      %sq = bfv.mul %c, %c : (!ct, !ct) -> !ct
      %sqr = bfv.relinearize %sq, %rk : !ct, !rk
      %cube = bfv.mul %sqr, %c : (!ct, !ct) -> !ct
      %cuber = bfv.relinearize %cube, %rk : !ct, !rk
      %d = bfv.decrypt %cuber, %sec : !ct, !sk
      %r = bfv.decode %d, %enc : !pt, !encoder -> tensor<2xi64>
      simp.yield %r : tensor<2xi64>
    }
    return %0 : !simp.mp<tensor<2xi64>, [0]>
  }
}
