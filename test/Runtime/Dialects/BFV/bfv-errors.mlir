// bfv failures at run time name the op, its location and the rank.

// RUN: not mplang-run --sim 2 %s --entry absent_key 2>&1 | FileCheck %s --check-prefix=ABSENT
// ABSENT: bfv-errors.mlir:[[@LINE+32]]:12: error: rank 0 failed: operand #1 is absent on this rank
// ABSENT-NOT: rank 1:

// RUN: not mplang-run --sim 2 %s --entry rotate_unrelinearized 2>&1 | FileCheck %s --check-prefix=SIZE3
// SIZE3: bfv-errors.mlir:[[@LINE+44]]:12: error: rank 1 failed: bfv: relinearize before rotating

// Two multiplications exhaust n = 4096's noise budget: an error, not
// garbage. The loop hides the depth from the static noise check
// (test/Runtime/Dialects/BFV/bfv-noise-check.mlir has the straight-line program it
// rejects), so the run-time check of bfv.decrypt catches it.
// RUN: not mplang-run --sim 2 %s --entry exhausted 2>&1 | FileCheck %s --check-prefix=NOISE
// NOISE: bfv-errors.mlir:[[@LINE+78]]:12: error: rank 0 failed: the ciphertext's noise budget is exhausted, so its plaintext is lost: use larger parameters, a smaller plain modulus or fewer multiplications

#p = #bfv.params<n = 4096, t = 1032193, q_bits = [36, 36, 37]>
!ct = !bfv.ciphertext<i64, #p>
!pk = !bfv.public_key<#p>
!sk = !bfv.secret_key<#p>
!gk = !bfv.galois_key<#p, steps = [1]>
!pt = !bfv.plaintext<i64, #p>
!encoder = !bfv.encoder<#p>
!rk = !bfv.relin_key<#p>

module attributes {simp.world_size = 2 : i64} {
  // A secret key that this rank does not hold.
  func.func @absent_key() -> !simp.mp<!pt, [0]> {
    %0 = simp.pcall [0] () : () -> !simp.mp<!pt, [0]> {
      %v = arith.constant dense<[1, 2]> : tensor<2xi64>
      %pub, %sec = bfv.keygen : !pk, !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<2xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      %none = simp.absent : !sk
      %d = bfv.decrypt %c, %none : !ct, !sk
      simp.yield %d : !pt
    }
    return %0 : !simp.mp<!pt, [0]>
  }

  // A product must be relinearized before it can be rotated.
  func.func @rotate_unrelinearized() -> !simp.mp<!ct, [1]> {
    %0 = simp.pcall [1] () : () -> !simp.mp<!ct, [1]> {
      %v = arith.constant dense<[1, 2]> : tensor<2xi64>
      %pub, %sec = bfv.keygen : !pk, !sk
      %gk = bfv.make_galois_keys %sec steps [1] : !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<2xi64>, !encoder -> !pt
      %c = bfv.encrypt %pt, %pub : !pt, !pk
      %sq = bfv.mul %c, %c : (!ct, !ct) -> !ct
      %r = bfv.rotate %sq, %gk by 1 : !ct, !gk
      simp.yield %r : !ct
    }
    return %0 : !simp.mp<!ct, [1]>
  }

  // x^4 by squaring twice: one multiplication too many for these primes.
  func.func @exhausted() -> !simp.mp<tensor<2xi64>, [0]> {
    %sk, %rk, %c, %zero = simp.pcall [0] () : () -> (!simp.mp<!sk, [0]>, !simp.mp<!rk, [0]>, !simp.mp<!ct, [0]>, !simp.mp<i64, [0]>) {
      %v = arith.constant dense<[3, 5]> : tensor<2xi64>
      %i = arith.constant 0 : i64
      %pub, %sec = bfv.keygen : !pk, !sk
      %relin = bfv.make_relin_keys %sec : !sk
      %enc = bfv.create_encoder : !encoder
      %pt = bfv.encode %v, %enc : tensor<2xi64>, !encoder -> !pt
      %ct = bfv.encrypt %pt, %pub : !pt, !pk
      simp.yield %sec, %relin, %ct, %i : !sk, !rk, !ct, i64
    }
    %x4, %n = simp.while_loop (%c, %zero) : (!simp.mp<!ct, [0]>, !simp.mp<i64, [0]>) -> (!simp.mp<!ct, [0]>, !simp.mp<i64, [0]>) cond {
    ^bb0(%x: !simp.mp<!ct, [0]>, %i: !simp.mp<i64, [0]>):
      %go = simp.pcall [0] (%i) : (!simp.mp<i64, [0]>) -> !simp.mp<i1, [0]> {
      ^bb0(%v: i64):
        %two = arith.constant 2 : i64
        %lt = arith.cmpi slt, %v, %two : i64
        simp.yield %lt : i1
      }
      simp.yield %go : !simp.mp<i1, [0]>
    } body {
    ^bb0(%x: !simp.mp<!ct, [0]>, %i: !simp.mp<i64, [0]>):
      %sq, %next = simp.pcall [0] (%x, %rk, %i) : (!simp.mp<!ct, [0]>, !simp.mp<!rk, [0]>, !simp.mp<i64, [0]>) -> (!simp.mp<!ct, [0]>, !simp.mp<i64, [0]>) {
      ^bb0(%ct: !ct, %relin: !rk, %v: i64):
        %m = bfv.mul %ct, %ct : (!ct, !ct) -> !ct
        %r = bfv.relinearize %m, %relin : !ct, !rk
        %one = arith.constant 1 : i64
        %w = arith.addi %v, %one : i64
        simp.yield %r, %w : !ct, i64
      }
      simp.yield %sq, %next : !simp.mp<!ct, [0]>, !simp.mp<i64, [0]>
    }
    %0 = simp.pcall [0] (%x4, %sk) : (!simp.mp<!ct, [0]>, !simp.mp<!sk, [0]>) -> !simp.mp<tensor<2xi64>, [0]> {
    ^bb0(%ct: !ct, %sec: !sk):
      %d = bfv.decrypt %ct, %sec : !ct, !sk
      %enc = bfv.create_encoder : !encoder
      %r = bfv.decode %d, %enc : !pt, !encoder -> tensor<2xi64>
      simp.yield %r : tensor<2xi64>
    }
    return %0 : !simp.mp<tensor<2xi64>, [0]>
  }
}
