// IKNP extensions from one setup: two extensions of 128 correlated OTs at
// block offsets 0 and 1 each satisfy q ^ t = r * delta for every word, and
// they use different blocks of the seeds' expansions: no word of the
// receiver's t repeats between them.
// RUN: mplang-run --sim 2 %s | FileCheck %s
// CHECK: rank 1: dense<256> : tensor<i64>, dense<256> : tensor<i64>, dense<0> : tensor<i64>

!msgs = tensor<128x2xi64>
!ots = tensor<128x2xi64>

module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.ot.cot_setup(!simp.mp<tensor<2xi64>, [0]>)
      -> (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>)
  func.func private @mplang.ot.cot_extend.n128(!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>,
                                               !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
                                               !simp.mp<i64, [0, 1]>, !simp.mp<tensor<2xi64>, [1]>)
      -> (!simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>)

  func.func @main() -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %d = simp.pcall [0] () : () -> !simp.mp<tensor<2xi64>, [0]> {
      %d = crypto.random_bytes : tensor<2xi64>
      simp.yield %d : tensor<2xi64>
    }
    %r = simp.pcall [1] () : () -> !simp.mp<tensor<2xi64>, [1]> {
      %r = crypto.random_bytes : tensor<2xi64>
      simp.yield %r : tensor<2xi64>
    }
    %ks, %k0, %k1 = func.call @mplang.ot.cot_setup(%d)
        : (!simp.mp<tensor<2xi64>, [0]>) -> (!simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>)
    %o0, %o1 = simp.pcall [0, 1] () : () -> (!simp.mp<i64, [0, 1]>, !simp.mp<i64, [0, 1]>) {
      %zero = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      simp.yield %zero, %one : i64, i64
    }
    %q0, %t0 = func.call @mplang.ot.cot_extend.n128(%d, %ks, %k0, %k1, %o0, %r)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
           !simp.mp<i64, [0, 1]>, !simp.mp<tensor<2xi64>, [1]>) -> (!simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>)
    %q1, %t1 = func.call @mplang.ot.cot_extend.n128(%d, %ks, %k0, %k1, %o1, %r)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!msgs, [0]>, !simp.mp<!msgs, [1]>, !simp.mp<!msgs, [1]>,
           !simp.mp<i64, [0, 1]>, !simp.mp<tensor<2xi64>, [1]>) -> (!simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>)
    %n0 = func.call @count_correlated(%d, %q0, %t0, %r)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> !simp.mp<tensor<i64>, [1]>
    %n1 = func.call @count_correlated(%d, %q1, %t1, %r)
        : (!simp.mp<tensor<2xi64>, [0]>, !simp.mp<!ots, [0]>, !simp.mp<!ots, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> !simp.mp<tensor<i64>, [1]>
    %same = simp.pcall [1] (%t0, %t1) : (!simp.mp<!ots, [1]>, !simp.mp<!ots, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%a: !ots, %b: !ots):
      %eq = arith.cmpi eq, %a, %b : !ots
      %n = func.call @count(%eq) : (tensor<128x2xi1>) -> tensor<i64>
      simp.yield %n : tensor<i64>
    }
    return %n0, %n1, %same : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // Words where q ^ t = r * delta, on the receiver.
  func.func private @count_correlated(%d: !simp.mp<tensor<2xi64>, [0]>, %q: !simp.mp<!ots, [0]>,
                                      %t: !simp.mp<!ots, [1]>, %r: !simp.mp<tensor<2xi64>, [1]>)
      -> !simp.mp<tensor<i64>, [1]> {
    %q1 = simp.shuffle %q [1 <- 0] : !simp.mp<!ots, [0]> -> !simp.mp<!ots, [1]>
    %d1 = simp.shuffle %d [1 <- 0] : !simp.mp<tensor<2xi64>, [0]> -> !simp.mp<tensor<2xi64>, [1]>
    %n = simp.pcall [1] (%q1, %t, %d1, %r)
        : (!simp.mp<!ots, [1]>, !simp.mp<!ots, [1]>, !simp.mp<tensor<2xi64>, [1]>, !simp.mp<tensor<2xi64>, [1]>)
          -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%qq: !ots, %tt: !ots, %dd: tensor<2xi64>, %rr: tensor<2xi64>):
      // Bit i of r as 0 or -1, for both words of row i.
      %init = tensor.empty() : tensor<2x64xi64>
      %rb = linalg.broadcast ins(%rr : tensor<2xi64>) outs(%init : tensor<2x64xi64>) dimensions = [1]
      %k = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]> : tensor<64xi64>
      %kb = linalg.broadcast ins(%k : tensor<64xi64>) outs(%init : tensor<2x64xi64>) dimensions = [0]
      %x = arith.shrui %rb, %kb : tensor<2x64xi64>
      %one = arith.constant dense<1> : tensor<2x64xi64>
      %bits = arith.andi %x, %one : tensor<2x64xi64>
      %zero = arith.constant dense<0> : tensor<2x64xi64>
      %mask = arith.subi %zero, %bits : tensor<2x64xi64>
      %flat = tensor.collapse_shape %mask [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
      %init2 = tensor.empty() : !ots
      %mm = linalg.broadcast ins(%flat : tensor<128xi64>) outs(%init2 : !ots) dimensions = [1]
      %db = linalg.broadcast ins(%dd : tensor<2xi64>) outs(%init2 : !ots) dimensions = [0]
      %want = arith.andi %mm, %db : !ots
      %got = arith.xori %qq, %tt : !ots
      %eq = arith.cmpi eq, %got, %want : !ots
      %n = func.call @count(%eq) : (tensor<128x2xi1>) -> tensor<i64>
      simp.yield %n : tensor<i64>
    }
    return %n : !simp.mp<tensor<i64>, [1]>
  }

  func.func private @count(%eq: tensor<128x2xi1>) -> tensor<i64> {
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
