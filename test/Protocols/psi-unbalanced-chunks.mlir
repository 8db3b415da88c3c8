// Unbalanced PSI's chunked setup: a server set of capacity 300 runs as four
// chunks of 76 items (getUpsiChunk), starting at 0, 76, 152 and 224, the
// last overlapping the third. A client holding every server item must find
// each of them, whichever chunk computed its tag; a second pair of sets has
// unused server entries at the end. The masks are checked item by item
// against the expected ones (test/Protocols/Inputs/psi_sets.py), under
// --sim 2 and --local 2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/psi_sets.py %t/all 300 300 300 300 11
// RUN: mplang-run --sim 2 %s --entry both --input 0:0=%t/all/x.npy --input 0:1=%t/all/xm.npy --input 1:2=%t/all/y.npy --input 1:3=%t/all/ym.npy --input 1:4=%t/all/expected.npy | FileCheck %s --check-prefix=ALL
// RUN: mplang-run --local 2 %s --entry both --input 0:0=%t/all/x.npy --input 0:1=%t/all/xm.npy --input 1:2=%t/all/y.npy --input 1:3=%t/all/ym.npy --input 1:4=%t/all/expected.npy | FileCheck %s --check-prefix=ALL
// ALL: rank 1: dense<300> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/part 300 290 200 150 12
// RUN: mplang-run --sim 2 %s --entry both --input 0:0=%t/part/x.npy --input 0:1=%t/part/xm.npy --input 1:2=%t/part/y.npy --input 1:3=%t/part/ym.npy --input 1:4=%t/part/expected.npy | FileCheck %s --check-prefix=PART
// RUN: mplang-run --local 2 %s --entry both --input 0:0=%t/part/x.npy --input 0:1=%t/part/xm.npy --input 1:2=%t/part/y.npy --input 1:3=%t/part/ym.npy --input 1:4=%t/part/expected.npy | FileCheck %s --check-prefix=PART
// PART: rank 1: dense<150> : tensor<i64>, dense<0> : tensor<i64>

!key = tensor<32xi8>
!table = tensor<300x6xi16>
!tags = tensor<300x6xi16>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.unbalanced.setup.n300(!simp.mp<tensor<300xi64>, [0]>, !simp.mp<tensor<300xi1>, [0]>)
      -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
  func.func private @mplang.psi.unbalanced.query.n300(!simp.mp<!key, [0]>, !simp.mp<tensor<300xi64>, [1]>)
      -> !simp.mp<!tags, [1]>

  // Setup and one query in one job.
  func.func @both(%x: !simp.mp<tensor<300xi64>, [0]>, %xm: !simp.mp<tensor<300xi1>, [0]>,
                  %y: !simp.mp<tensor<300xi64>, [1]>, %ym: !simp.mp<tensor<300xi1>, [1]>,
                  %expected: !simp.mp<tensor<300xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %key, %table = func.call @mplang.psi.unbalanced.setup.n300(%x, %xm)
        : (!simp.mp<tensor<300xi64>, [0]>, !simp.mp<tensor<300xi1>, [0]>) -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
    %count, %wrong = func.call @check(%key, %table, %y, %ym, %expected)
        : (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>, !simp.mp<tensor<300xi64>, [1]>, !simp.mp<tensor<300xi1>, [1]>,
           !simp.mp<tensor<300xi1>, [1]>) -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>)
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // The client's count of items found, and of items where the result
  // differs from the expected mask.
  func.func private @check(%key: !simp.mp<!key, [0]>, %table: !simp.mp<!table, [0]>,
                           %y: !simp.mp<tensor<300xi64>, [1]>, %ym: !simp.mp<tensor<300xi1>, [1]>,
                           %expected: !simp.mp<tensor<300xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %tags = func.call @mplang.psi.unbalanced.query.n300(%key, %y)
        : (!simp.mp<!key, [0]>, !simp.mp<tensor<300xi64>, [1]>) -> !simp.mp<!tags, [1]>
    %table1 = simp.shuffle %table [1 <- 0] : !simp.mp<!table, [0]> -> !simp.mp<!table, [1]>
    %count, %wrong = simp.pcall [1] (%table1, %tags, %ym, %expected)
        : (!simp.mp<!table, [1]>, !simp.mp<!tags, [1]>, !simp.mp<tensor<300xi1>, [1]>, !simp.mp<tensor<300xi1>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%t: !table, %mine: !tags, %m: tensor<300xi1>, %e: tensor<300xi1>):
      %in = field.contains_rows %t, %mine : !table, !tags -> tensor<300xi1>
      %f = arith.andi %in, %m : tensor<300xi1>
      %d = arith.xori %f, %e : tensor<300xi1>
      %c = func.call @ones(%f) : (tensor<300xi1>) -> tensor<i64>
      %w = func.call @ones(%d) : (tensor<300xi1>) -> tensor<i64>
      simp.yield %c, %w : tensor<i64>, tensor<i64>
    }
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  func.func private @ones(%b: tensor<300xi1>) -> tensor<i64> {
    %e = arith.extui %b : tensor<300xi1> to tensor<300xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%e : tensor<300xi64>) outs(%zero : tensor<i64>) dimensions = [0]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}
