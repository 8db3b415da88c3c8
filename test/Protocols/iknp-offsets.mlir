// IKNP extensions of different sizes from one setup use disjoint OTs when
// their offsets differ, aligned or not. A takes 256 OTs at offset 0; B 128
// at offset 1 and C 256 at offset 1 would, with the offset added to the
// PRG's block counter, repeat A's second block of OTs; D, 128 at A's own
// offset 0, does repeat A's first block (the count shows the check sees a
// repeat). Each count is the words of the receiver's t equal to A's at the
// same position: B and C against A's OTs 128..255, D against 0..127.
// RUN: mplang-run --sim 2 %s | FileCheck %s
// CHECK: rank 1: dense<0> : tensor<i64>, dense<0> : tensor<i64>, dense<256> : tensor<i64>

!msgs = tensor<128x2xi64>
!ots = tensor<128x2xi64>
!ots2 = tensor<256x2xi64>
!setup = !simp.mp<!msgs, [0]>
!seeds = !simp.mp<!msgs, [1]>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ot.cot_setup(!simp.mp<tensor<2xi64>, [0]>) -> (!setup, !seeds, !seeds)
  func.func private @mplang.ot.cot_extend.n128(!simp.mp<tensor<2xi64>, [0]>, !setup, !seeds, !seeds,
                                               !simp.mp<i64, [0, 1]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>)
  func.func private @mplang.ot.cot_extend.n256(!simp.mp<tensor<2xi64>, [0]>, !setup, !seeds, !seeds,
                                               !simp.mp<i64, [0, 1]>, !simp.mp<tensor<4xi64>, [1]>)
      -> (!simp.mp<!ots2, [0]>, !simp.mp<!ots2, [1]>)

  func.func @main() -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %d = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %d = crypto.random_bytes : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %r2, %r4 = simp.pcall [1] () : () -> (!simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<4xi64>, [1]>) {
      %r2 = crypto.random_bytes : tensor<2xi64>
      %r4 = crypto.random_bytes : tensor<4xi64>
      simp.yield %r2, %r4 : tensor<2xi64>, tensor<4xi64>
    }
    %ks, %k0, %k1 = func.call @mplang.ot.cot_setup(%d) : (!simp.mp<tensor<2xi64>, [0]>) -> (!setup, !seeds, !seeds)
    %o0, %o1 = simp.pcall [0, 1] () : () -> (!simp.mp<i64, [0, 1]>, !simp.mp<i64, [0, 1]>) {
      %zero = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      simp.yield %zero, %one : i64, i64
    }
    %qa, %ta = func.call @mplang.ot.cot_extend.n256(%d, %ks, %k0, %k1, %o0, %r4)
        : (!simp.mp<tensor<2xi64>, [0]>, !setup, !seeds, !seeds, !simp.mp<i64, [0, 1]>, !simp.mp<tensor<4xi64>, [1]>)
          -> (!simp.mp<!ots2, [0]>, !simp.mp<!ots2, [1]>)
    %qb, %tb = func.call @mplang.ot.cot_extend.n128(%d, %ks, %k0, %k1, %o1, %r2)
        : (!simp.mp<tensor<2xi64>, [0]>, !setup, !seeds, !seeds, !simp.mp<i64, [0, 1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>)
    %qc, %tc = func.call @mplang.ot.cot_extend.n256(%d, %ks, %k0, %k1, %o1, %r4)
        : (!simp.mp<tensor<2xi64>, [0]>, !setup, !seeds, !seeds, !simp.mp<i64, [0, 1]>, !simp.mp<tensor<4xi64>, [1]>)
          -> (!simp.mp<!ots2, [0]>, !simp.mp<!ots2, [1]>)
    %qd, %td = func.call @mplang.ot.cot_extend.n128(%d, %ks, %k0, %k1, %o0, %r2)
        : (!simp.mp<tensor<2xi64>, [0]>, !setup, !seeds, !seeds, !simp.mp<i64, [0, 1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> (!simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>)
    %nb, %nc, %nd = simp.pcall [1] (%ta, %tb, %tc, %td)
        : (!simp.mp<!ots2, [1]>, !simp.mp<!ots, [1]>, !simp.mp<!ots2, [1]>, !simp.mp<!ots, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%a: !ots2, %b: !ots, %c: !ots2, %dd: !ots):
      %a0 = tensor.extract_slice %a[0, 0] [128, 2] [1, 1] : !ots2 to !ots
      %a1 = tensor.extract_slice %a[128, 0] [128, 2] [1, 1] : !ots2 to !ots
      %c0 = tensor.extract_slice %c[0, 0] [128, 2] [1, 1] : !ots2 to !ots
      %nb = func.call @same(%a1, %b) : (!ots, !ots) -> tensor<i64>
      %nc = func.call @same(%a1, %c0) : (!ots, !ots) -> tensor<i64>
      %nd = func.call @same(%a0, %dd) : (!ots, !ots) -> tensor<i64>
      simp.yield %nb, %nc, %nd : tensor<i64>, tensor<i64>, tensor<i64>
    }
    return %nb, %nc, %nd : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // Words equal at the same position.
  func.func private @same(%a: !ots, %b: !ots) -> tensor<i64> {
    %eq = arith.cmpi eq, %a, %b : !ots
    %e = arith.extui %eq : tensor<128x2xi1> to tensor<128x2xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%e : tensor<128x2xi64>) outs(%zero : tensor<i64>) dimensions = [0, 1]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}
