// Unbalanced PSI from the protocol library: a server set of capacity 256,
// client sets of capacity 64; the client's mask is checked item by item
// against the expected one (test/Protocols/Inputs/psi_sets.py), under
// --sim 2 and --local 2, in one job and with the server's key and table
// kept in its store by one job and used by the next.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/psi_sets.py %t/a 256 200 50 20 3 0 64
// RUN: mplang-run --sim 2 %s --entry both --input 0:0=%t/a/x.npy --input 0:1=%t/a/xm.npy --input 1:2=%t/a/y.npy --input 1:3=%t/a/ym.npy --input 1:4=%t/a/expected.npy | FileCheck %s --check-prefix=A
// RUN: mplang-run --local 2 %s --entry both --input 0:0=%t/a/x.npy --input 0:1=%t/a/xm.npy --input 1:2=%t/a/y.npy --input 1:3=%t/a/ym.npy --input 1:4=%t/a/expected.npy | FileCheck %s --check-prefix=A
// A: rank 1: dense<20> : tensor<i64>, dense<0> : tensor<i64>
// Identical sets, and a client set with no shared item.
// RUN: %python %S/Inputs/psi_sets.py %t/same 256 64 64 64 5 0 64
// RUN: mplang-run --sim 2 %s --entry both --input 0:0=%t/same/x.npy --input 0:1=%t/same/xm.npy --input 1:2=%t/same/y.npy --input 1:3=%t/same/ym.npy --input 1:4=%t/same/expected.npy | FileCheck %s --check-prefix=SAME
// SAME: rank 1: dense<64> : tensor<i64>, dense<0> : tensor<i64>
// RUN: %python %S/Inputs/psi_sets.py %t/none 256 256 40 0 6 0 64
// RUN: mplang-run --sim 2 %s --entry both --input 0:0=%t/none/x.npy --input 0:1=%t/none/xm.npy --input 1:2=%t/none/y.npy --input 1:3=%t/none/ym.npy --input 1:4=%t/none/expected.npy | FileCheck %s --check-prefix=NONE
// NONE: rank 1: dense<0> : tensor<i64>, dense<0> : tensor<i64>
// Setup once, then two clients' queries in other jobs: the key and table
// are read from the server's store (fs:// across runs).
// RUN: mkdir -p %t/data/rank0 %t/data/rank1
// RUN: cp %t/a/x.npy %t/a/xm.npy %t/data/rank0/
// RUN: mplang-run --sim 2 %s --entry setup --data-root %t/data | FileCheck %s --check-prefix=SETUP
// SETUP: rank 0: dense<256> : tensor<i64>
// RUN: mplang-run --sim 2 %s --entry query --data-root %t/data --input 1:0=%t/a/y.npy --input 1:1=%t/a/ym.npy --input 1:2=%t/a/expected.npy | FileCheck %s --check-prefix=A
// RUN: %python %S/Inputs/psi_sets.py %t/c 256 200 30 0 8 0 64
// RUN: mplang-run --local 2 %s --entry query --data-root %t/data --input 1:0=%t/c/y.npy --input 1:1=%t/c/ym.npy --input 1:2=%t/c/expected.npy | FileCheck %s --check-prefix=C
// C: rank 1: dense<0> : tensor<i64>, dense<0> : tensor<i64>

!key = tensor<32xi8>
!table = tensor<256x6xi16>
!tags = tensor<64x6xi16>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.unbalanced.setup.n256(!simp.mp<tensor<256xi64>, [0]>, !simp.mp<tensor<256xi1>, [0]>)
      -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
  func.func private @mplang.psi.unbalanced.query.n64(!simp.mp<!key, [0]>, !simp.mp<tensor<64xi64>, [1]>)
      -> !simp.mp<!tags, [1]>

  // Setup and one query in one job.
  func.func @both(%x: !simp.mp<tensor<256xi64>, [0]>, %xm: !simp.mp<tensor<256xi1>, [0]>,
                  %y: !simp.mp<tensor<64xi64>, [1]>, %ym: !simp.mp<tensor<64xi1>, [1]>,
                  %expected: !simp.mp<tensor<64xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %key, %table = func.call @mplang.psi.unbalanced.setup.n256(%x, %xm)
        : (!simp.mp<tensor<256xi64>, [0]>, !simp.mp<tensor<256xi1>, [0]>) -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
    %count, %wrong = func.call @check(%key, %table, %y, %ym, %expected)
        : (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>, !simp.mp<tensor<64xi64>, [1]>, !simp.mp<tensor<64xi1>, [1]>,
           !simp.mp<tensor<64xi1>, [1]>) -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>)
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // The server's set from its store; its key and table saved there. Returns
  // the table's rows.
  func.func @setup() -> !simp.mp<tensor<i64>, [0]> {
    %x, %xm = simp.pcall [0] () : () -> (!simp.mp<tensor<256xi64>, [0]>, !simp.mp<tensor<256xi1>, [0]>) {
      %a = store.load "fs://x.npy" : tensor<256xi64>
      %m = store.load "fs://xm.npy" : tensor<256xi1>
      simp.yield %a, %m : tensor<256xi64>, tensor<256xi1>
    }
    %key, %table = func.call @mplang.psi.unbalanced.setup.n256(%x, %xm)
        : (!simp.mp<tensor<256xi64>, [0]>, !simp.mp<tensor<256xi1>, [0]>) -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
    %rows = simp.pcall [0] (%key, %table) : (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>) -> !simp.mp<tensor<i64>, [0]> {
    ^bb0(%k: !key, %t: !table):
      store.save %k, "fs://upsi/key.npy" : !key
      store.save %t, "fs://upsi/table.npy" : !table
      %n = arith.constant dense<256> : tensor<i64>
      simp.yield %n : tensor<i64>
    }
    return %rows : !simp.mp<tensor<i64>, [0]>
  }

  // A client's query against the kept key and table.
  func.func @query(%y: !simp.mp<tensor<64xi64>, [1]>, %ym: !simp.mp<tensor<64xi1>, [1]>,
                   %expected: !simp.mp<tensor<64xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %key, %table = simp.pcall [0] () : () -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>) {
      %k = store.load "fs://upsi/key.npy" : !key
      %t = store.load "fs://upsi/table.npy" : !table
      simp.yield %k, %t : !key, !table
    }
    %count, %wrong = func.call @check(%key, %table, %y, %ym, %expected)
        : (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>, !simp.mp<tensor<64xi64>, [1]>, !simp.mp<tensor<64xi1>, [1]>,
           !simp.mp<tensor<64xi1>, [1]>) -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>)
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  // The client's count of items found, and of items where the result
  // differs from the expected mask.
  func.func private @check(%key: !simp.mp<!key, [0]>, %table: !simp.mp<!table, [0]>,
                           %y: !simp.mp<tensor<64xi64>, [1]>, %ym: !simp.mp<tensor<64xi1>, [1]>,
                           %expected: !simp.mp<tensor<64xi1>, [1]>)
      -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    %tags = func.call @mplang.psi.unbalanced.query.n64(%key, %y)
        : (!simp.mp<!key, [0]>, !simp.mp<tensor<64xi64>, [1]>) -> !simp.mp<!tags, [1]>
    %table1 = simp.shuffle %table [1 <- 0] : !simp.mp<!table, [0]> -> !simp.mp<!table, [1]>
    %count, %wrong = simp.pcall [1] (%table1, %tags, %ym, %expected)
        : (!simp.mp<!table, [1]>, !simp.mp<!tags, [1]>, !simp.mp<tensor<64xi1>, [1]>, !simp.mp<tensor<64xi1>, [1]>)
          -> (!simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>) {
    ^bb0(%t: !table, %mine: !tags, %m: tensor<64xi1>, %e: tensor<64xi1>):
      %in = field.contains_rows %t, %mine : !table, !tags -> tensor<64xi1>
      %f = arith.andi %in, %m : tensor<64xi1>
      %d = arith.xori %f, %e : tensor<64xi1>
      %c = func.call @ones(%f) : (tensor<64xi1>) -> tensor<i64>
      %w = func.call @ones(%d) : (tensor<64xi1>) -> tensor<i64>
      simp.yield %c, %w : tensor<i64>, tensor<i64>
    }
    return %count, %wrong : !simp.mp<tensor<i64>, [1]>, !simp.mp<tensor<i64>, [1]>
  }

  func.func private @ones(%b: tensor<64xi1>) -> tensor<i64> {
    %e = arith.extui %b : tensor<64xi1> to tensor<64xi64>
    %zero = arith.constant dense<0> : tensor<i64>
    %s = linalg.reduce ins(%e : tensor<64xi64>) outs(%zero : tensor<i64>) dimensions = [0]
      (%in: i64, %acc: i64) {
        %t = arith.addi %in, %acc : i64
        linalg.yield %t : i64
      }
    return %s : tensor<i64>
  }
}
