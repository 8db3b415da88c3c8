// Unbalanced PSI for bench/psi_unbalanced_bench.py: a server set of 2^24
// items and a client set of 2^10 (the script resizes both). Each party
// reads its set from its own store. `setup` keeps the server's key and
// table in its store; `query` sends the table to the client and runs one
// query; `query_cached` is a client that kept the table from an earlier
// query (in its own store): only the blinded exchange runs.

!key = tensor<32xi8>
!table = tensor<16777216x6xi16>
!tags = tensor<1024x6xi16>
!items = tensor<1024xi64>
!used = tensor<1024xi1>
module attributes {simp.world_size = 2 : i64} {
  func.func private @mplang.psi.unbalanced.setup.n16777216(!simp.mp<tensor<16777216xi64>, [0]>,
                                                           !simp.mp<tensor<16777216xi1>, [0]>)
      -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
  func.func private @mplang.psi.unbalanced.query.n1024(!simp.mp<!key, [0]>, !simp.mp<!items, [1]>)
      -> !simp.mp<!tags, [1]>

  func.func @setup() -> !simp.mp<tensor<i64>, [0]> {
    %x, %xm = simp.pcall [0] () : () -> (!simp.mp<tensor<16777216xi64>, [0]>, !simp.mp<tensor<16777216xi1>, [0]>) {
      %a = store.load "fs://x.npy" : tensor<16777216xi64>
      %m = store.load "fs://xm.npy" : tensor<16777216xi1>
      simp.yield %a, %m : tensor<16777216xi64>, tensor<16777216xi1>
    }
    %key, %table = func.call @mplang.psi.unbalanced.setup.n16777216(%x, %xm)
        : (!simp.mp<tensor<16777216xi64>, [0]>, !simp.mp<tensor<16777216xi1>, [0]>)
          -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>)
    %done = simp.pcall [0] (%key, %table) : (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>) -> !simp.mp<tensor<i64>, [0]> {
    ^bb0(%k: !key, %t: !table):
      store.save %k, "fs://upsi/key.npy" : !key
      store.save %t, "fs://upsi/table.npy" : !table
      %one = arith.constant dense<1> : tensor<i64>
      simp.yield %one : tensor<i64>
    }
    return %done : !simp.mp<tensor<i64>, [0]>
  }

  func.func @query() -> !simp.mp<tensor<i64>, [1]> {
    %key, %table = simp.pcall [0] () : () -> (!simp.mp<!key, [0]>, !simp.mp<!table, [0]>) {
      %k = store.load "fs://upsi/key.npy" : !key
      %t = store.load "fs://upsi/table.npy" : !table
      simp.yield %k, %t : !key, !table
    }
    %table1 = simp.shuffle %table [1 <- 0] : !simp.mp<!table, [0]> -> !simp.mp<!table, [1]>
    %count = func.call @lookup(%key, %table1) : (!simp.mp<!key, [0]>, !simp.mp<!table, [1]>) -> !simp.mp<tensor<i64>, [1]>
    return %count : !simp.mp<tensor<i64>, [1]>
  }

  func.func @query_cached() -> !simp.mp<tensor<i64>, [1]> {
    %key = simp.pcall [0] () : () -> !simp.mp<!key, [0]> {
      %k = store.load "fs://upsi/key.npy" : !key
      simp.yield %k : !key
    }
    %table = simp.pcall [1] () : () -> !simp.mp<!table, [1]> {
      %t = store.load "fs://upsi/table.npy" : !table
      simp.yield %t : !table
    }
    %count = func.call @lookup(%key, %table) : (!simp.mp<!key, [0]>, !simp.mp<!table, [1]>) -> !simp.mp<tensor<i64>, [1]>
    return %count : !simp.mp<tensor<i64>, [1]>
  }

  // The client's set from its store, its tags, and how many are in the
  // table; the mask goes to its store.
  func.func private @lookup(%key: !simp.mp<!key, [0]>, %table: !simp.mp<!table, [1]>) -> !simp.mp<tensor<i64>, [1]> {
    %y, %ym = simp.pcall [1] () : () -> (!simp.mp<!items, [1]>, !simp.mp<!used, [1]>) {
      %a = store.load "fs://y.npy" : !items
      %m = store.load "fs://ym.npy" : !used
      simp.yield %a, %m : !items, !used
    }
    %tags = func.call @mplang.psi.unbalanced.query.n1024(%key, %y)
        : (!simp.mp<!key, [0]>, !simp.mp<!items, [1]>) -> !simp.mp<!tags, [1]>
    %count = simp.pcall [1] (%table, %tags, %ym) : (!simp.mp<!table, [1]>, !simp.mp<!tags, [1]>, !simp.mp<!used, [1]>)
        -> !simp.mp<tensor<i64>, [1]> {
    ^bb0(%t: !table, %mine: !tags, %m: !used):
      %in = field.contains_rows %t, %mine : !table, !tags -> !used
      %f = arith.andi %in, %m : !used
      store.save %f, "fs://found.npy" : !used
      %e = arith.extui %f : !used to !items
      %zero = arith.constant dense<0> : tensor<i64>
      %s = linalg.reduce ins(%e : !items) outs(%zero : tensor<i64>) dimensions = [0]
        (%in2: i64, %acc: i64) {
          %sum = arith.addi %in2, %acc : i64
          linalg.yield %sum : i64
        }
      simp.yield %s : tensor<i64>
    }
    return %count : !simp.mp<tensor<i64>, [1]>
  }
}
